import Foundation

/// Which date a session carries.
public enum SessionDate: Sendable, Hashable {
    /// Today, local time.
    case today
    /// The day the report was audited, local time: every session is dated by its audit (`audit`,
    /// `ingest` and `log` alike) unless the user gives a date.
    case auditDate
    /// A date the user gave, `YYYY-MM-DD`.
    case fixed(String)

    /// The date as `YYYY-MM-DD` for `report`.
    public func value(for report: InspectorReport) -> String {
        switch self {
        case .today: return SessionFacts.today()
        case .fixed(let date): return date
        case .auditDate: return SessionDate.day(of: report.auditDate)
        }
    }

    /// `date` as `YYYY-MM-DD`, local time.
    public static func day(of date: Date) -> String {
        DateFields.local(date).dateText
    }
}
