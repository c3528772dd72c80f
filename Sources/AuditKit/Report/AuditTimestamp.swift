import Foundation

/// Reads audit timestamps from the places a report carries them.
public enum AuditTimestamp {
    /// How far after this run's clock an audit may be dated: 26 hours, the widest gap between two time
    /// zones (a file name's local time is read in the machine's zone), so only a date no audit of this
    /// run can have is refused.
    public static let futureTolerance: TimeInterval = 26 * 3600

    /// The first year an audit may be dated in: 1583, the first whole year of the Gregorian calendar
    /// (earlier dates print differently from one formatter to the next).
    public static let firstYear = 1583

    /// Why `date` cannot be an audit's, as a message says it with the date (`2099-01-01 00:00:00 is after
    /// this run's clock …`), read in `timeZone`; nil when it can be.
    public static func refusal(of date: Date, now: Date, timeZone: TimeZone = .current) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let fields = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: date)
        let year = fields.era == 0 ? 1 - (fields.year ?? 0) : fields.year ?? 0
        let text =
            String(format: "%04d-%02d-%02d ", year, fields.month ?? 0, fields.day ?? 0)
            + String(format: "%02d:%02d:%02d", fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0)
        if year < firstYear {
            return "\(text) is before \(firstYear), when the Gregorian calendar began: no audit has that date"
        }
        if date.timeIntervalSince(now) > futureTolerance {
            return
                "\(text) is more than \(Int(futureTolerance / 3600)) hours after this run's clock: no audit has that "
                + "date yet"
        }
        return nil
    }

    /// The time in an `AuditReport_YYYY-MM-DD_HH-MM-SS` file name (anywhere in the name, so
    /// `AuditReport_2026-01-02_11-02-25 (1).html` works), else the first `YYYY-MM-DD_HH-MM-SS` after any
    /// other prefix (`AXAudit_2026-03-02_10-00-00.json`), with the milliseconds that follow it as `.NNN`
    /// (the XCTest recorder's `AXAudit_2026-03-02_10-00-00.123.json`), read in `timeZone`; nil when there
    /// is none.
    public static func fromFileName(_ fileName: String, timeZone: TimeZone = .current) -> Date? {
        let bytes = Array(fileName.utf8)
        let marker = Array("AuditReport_".utf8)
        guard bytes.count >= 19 else { return nil }
        for start in 0...max(0, bytes.count - marker.count - 19)
        where bytes.count >= marker.count + 19 && Array(bytes[start..<(start + marker.count)]) == marker {
            // YYYY-MM-DD_HH-MM-SS
            let field = Array(bytes[(start + marker.count)..<(start + marker.count + 19)])
            if let date = parse(
                field, dateTimeSeparator: UInt8(ascii: "_"), timeSeparator: UInt8(ascii: "-"),
                timeZone: timeZone)
            {
                return date
            }
        }
        // Any other prefix (`AXAudit_2026-03-02_10-00-00.json`, as automated audits are often saved):
        // the first `YYYY-MM-DD_HH-MM-SS` that is not part of a longer run of digits.
        for start in 0...(bytes.count - 19) where start == 0 || !(0x30...0x39).contains(bytes[start - 1]) {
            if start + 19 < bytes.count, (0x30...0x39).contains(bytes[start + 19]) { continue }
            if let date = parse(
                Array(bytes[start..<(start + 19)]), dateTimeSeparator: UInt8(ascii: "_"),
                timeSeparator: UInt8(ascii: "-"), timeZone: timeZone)
            {
                return date + milliseconds(in: bytes, at: start + 19)
            }
        }
        return nil
    }

    /// The `.NNN` milliseconds at `index` of `bytes` (three digits, not more), in seconds; 0 when there
    /// are none.
    private static func milliseconds(in bytes: [UInt8], at index: Int) -> TimeInterval {
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "."),
            bytes[(index + 1)..<(index + 4)].allSatisfy({ (0x30...0x39).contains($0) }),
            index + 4 == bytes.count || !(0x30...0x39).contains(bytes[index + 4])
        else { return 0 }
        let digits = bytes[(index + 1)..<(index + 4)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return TimeInterval(digits) / 1_000
    }

    /// The time in a text export's `Time Stamp: 2026-01-05 10:00:00` value, read in `timeZone`.
    public static func fromTextHeader(_ value: String, timeZone: TimeZone = .current) -> Date? {
        let bytes = Array(value.trimmingCharacters(in: .whitespaces).utf8)
        guard bytes.count >= 19 else { return nil }
        return parse(
            Array(bytes.prefix(19)), dateTimeSeparator: UInt8(ascii: " "), timeSeparator: UInt8(ascii: ":"),
            timeZone: timeZone)
    }

    private static func parse(
        _ field: [UInt8], dateTimeSeparator: UInt8, timeSeparator: UInt8,
        timeZone: TimeZone
    ) -> Date? {
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in field[range] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard field.count == 19, field[4] == UInt8(ascii: "-"), field[7] == UInt8(ascii: "-"),
            field[10] == dateTimeSeparator, field[13] == timeSeparator, field[16] == timeSeparator,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }
}
