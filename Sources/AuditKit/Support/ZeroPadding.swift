/// `value` in decimal, zero-padded to `width` characters as `%0*d` does: dates, issue numbers in
/// listings and thumbnail names. (`String(format:)` cost 10 µs a call, and a site's index writes
/// thousands of dates.)
func zeroPadded(_ value: Int, width: Int) -> String {
    if value < 0 { return "-" + zeroPadded(-value, width: width - 1) }
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
