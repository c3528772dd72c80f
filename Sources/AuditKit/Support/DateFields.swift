import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A moment's calendar fields (Gregorian) in the machine's time zone or in UTC, from the C library
/// (`localtime_r`, which reads `TZ` and `/etc/localtime` as Foundation does, and `gmtime_r`). The
/// dates AuditKit writes (a session's day, an index sheet's audit time, a listing's, the trend's
/// labels) then need no ICU, whose first use (loading its calendar and locale data) cost 0.7 ms of
/// every `audit` (measured 2026-11-25).
struct DateFields: Sendable, Hashable {
    /// The year, e.g. 2026.
    var year: Int
    /// 1-12.
    var month: Int
    /// 1-31.
    var day: Int
    /// 0-23.
    var hour: Int
    /// 0-59.
    var minute: Int
    /// 0-60.
    var second: Int

    /// `date` in the machine's time zone, to the second (rounded down).
    static func local(_ date: Date) -> DateFields {
        DateFields.readTimeZone
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        localtime_r(&seconds, &fields)
        return DateFields(fields)
    }

    /// `date` in UTC, to the second (rounded down).
    static func utc(_ date: Date) -> DateFields {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        gmtime_r(&seconds, &fields)
        return DateFields(fields)
    }

    private init(_ fields: tm) {
        year = Int(fields.tm_year) + 1900
        month = Int(fields.tm_mon) + 1
        day = Int(fields.tm_mday)
        hour = Int(fields.tm_hour)
        minute = Int(fields.tm_min)
        second = Int(fields.tm_sec)
    }

    /// `localtime_r` need not read the time zone itself; `tzset` does, once.
    private static let readTimeZone: Void = tzset()

    /// `2026-01-02`.
    var dateText: String {
        zeroPadded(year, width: 4) + "-" + zeroPadded(month, width: 2) + "-" + zeroPadded(day, width: 2)
    }
    /// `11:02:25`.
    var timeText: String {
        zeroPadded(hour, width: 2) + ":" + zeroPadded(minute, width: 2) + ":" + zeroPadded(second, width: 2)
    }
    /// `2026-01-02 11:02`: written digit by digit (`history list` writes one a report).
    var minuteText: String {
        guard (0...9999).contains(year) else {
            return dateText + " " + zeroPadded(hour, width: 2) + ":" + zeroPadded(minute, width: 2)
        }
        return String(unsafeUninitializedCapacity: 16) { text in
            func put(_ value: Int, width: Int, at start: Int) {
                var rest = value
                for place in (start..<(start + width)).reversed() {
                    text[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, at: 0)
            put(month, width: 2, at: 5)
            put(day, width: 2, at: 8)
            put(hour, width: 2, at: 11)
            put(minute, width: 2, at: 14)
            text[4] = UInt8(ascii: "-")
            text[7] = UInt8(ascii: "-")
            text[10] = UInt8(ascii: " ")
            text[13] = UInt8(ascii: ":")
            return 16
        }
    }
    /// `2026-01-02 11:02:25`.
    var secondText: String { dateText + " " + timeText }
}
