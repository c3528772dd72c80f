import Foundation

/// What changed between earlier reports and a newer one, screen by screen: new warnings, resolved
/// warnings and residual ones (in both), each with its issue numbers, and for residual ones the
/// `WarningMatcher` stage that paired them.
///
/// A report only speaks for the screens (screen groups) it covered. Each screen of the newer report
/// is compared with one earlier report that covered it (`screens` says which); warnings on screens
/// no earlier report covered are `firstAudited`, and warnings of screens the newer report did not
/// visit are `notReaudited`: never resolved by it.
public struct ReportDiff: Sendable, Hashable, Codable {
    /// One warning in the diff.
    public struct Item: Sendable, Hashable, Codable {
        /// The warning's fingerprint (in the newer report when it is there).
        public var fingerprint: IssueFingerprint
        /// Its issue number in the older report (nil for a new warning).
        public var oldNumber: Int?
        /// Its issue number in the newer report (nil for a resolved warning).
        public var newNumber: Int?
        /// The record from the newer report when it is there, else from the older one.
        public var issue: HistoryIssue
        /// For a residual warning: the stage that paired it.
        public var matchedBy: MatchStage?
        /// For a residual warning: its fingerprint in the older report, when that differs.
        public var oldFingerprint: IssueFingerprint?
        /// For a residual warning: its element text in the older report, when that differs.
        public var oldText: String?
        /// The older report it comes from (residual, resolved and not re-audited warnings).
        public var oldFileName: String?
        /// That report's audit date.
        public var oldAuditDate: Date?

        /// Creates an item.
        public init(
            fingerprint: IssueFingerprint, oldNumber: Int?, newNumber: Int?, issue: HistoryIssue,
            matchedBy: MatchStage? = nil, oldFingerprint: IssueFingerprint? = nil, oldText: String? = nil,
            oldFileName: String? = nil, oldAuditDate: Date? = nil
        ) {
            self.fingerprint = fingerprint
            self.oldNumber = oldNumber
            self.newNumber = newNumber
            self.issue = issue
            self.matchedBy = matchedBy
            self.oldFingerprint = oldFingerprint
            self.oldText = oldText
            self.oldFileName = oldFileName
            self.oldAuditDate = oldAuditDate
        }
    }

    /// A screen group of the newer report and the earlier report it was compared with.
    public struct ScreenBase: Sendable, Hashable, Codable {
        /// The screen group as the newer report names it.
        public var group: String
        /// The earlier report's file name, or nil when no earlier report covered the screen.
        public var fileName: String?
        /// That report's audit date.
        public var auditDate: Date?
    }

    /// The older report's file name; when screens were compared with several reports, their names
    /// joined with `, ` (latest first); empty when no screen of the newer one was audited before.
    public var oldFileName: String
    /// The latest audit date of the older reports compared with.
    public var oldAuditDate: Date
    /// The newer report's file name.
    public var newFileName: String
    /// The newer report's audit date.
    public var newAuditDate: Date
    /// Each screen group of the newer report and the report it was compared with, by group.
    public var screens: [ScreenBase]
    /// Warnings only in the newer report, on screens an older report covered, in new report order.
    public var new: [Item]
    /// Warnings of the older reports gone from the newer one, by report then issue order.
    public var resolved: [Item]
    /// Warnings in both, in new report order.
    public var residual: [Item]
    /// Warnings of the newer report on screens no older report covered, in new report order.
    public var firstAudited: [Item]
    /// Warnings of older reports on screens the newer report did not visit, by report then issue order.
    public var notReaudited: [Item]
    /// Numbers of the newer report's issues that repeat an earlier issue of it (the Inspector's
    /// repeats): they count once and are in none of the lists.
    public var repeatedNumbers: [Int]

    /// Compares `new` with `old` alone, whatever their dates: `new` judged against `old` as the history
    /// judges an audit against the one before it (`HistoryJudgement`: screens known by what they show,
    /// then `WarningMatcher` with the string catalogs' `translations`). The newer report's warnings on
    /// screens `old` did not show are `firstAudited`; `old`'s warnings on screens `new` did not cover, or
    /// outside what the newer screenshot shows of their screen, are `notReaudited`.
    public init(old: HistoryEntry, new: HistoryEntry, translations: StringTranslations = .none) {
        self = HistoryJudgement(comparing: old, with: new, translations: translations).reports[1].comparison!
    }

    /// Compares two reports, each with its optional mappings.
    public init(
        old: InspectorReport, oldMappings: [IssueMapping] = [], new: InspectorReport,
        newMappings: [IssueMapping] = []
    ) {
        self.init(
            old: HistoryEntry(report: old, mappings: oldMappings), new: HistoryEntry(report: new, mappings: newMappings)
        )
    }

    /// Keys in JSON output.
    enum CodingKeys: String, CodingKey {
        case oldFileName, oldAuditDate, newFileName, newAuditDate, screens, new, resolved, residual, firstAudited
        case notReaudited, repeatedNumbers
    }
}
