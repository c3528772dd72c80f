import Foundation

/// What changed between two reports: new warnings, resolved warnings and residual ones (in both),
/// with each warning's issue number in each report.
public struct ReportDiff: Sendable, Hashable, Codable {
    /// One warning in the diff.
    public struct Item: Sendable, Hashable, Codable {
        /// The warning's fingerprint.
        public var fingerprint: IssueFingerprint
        /// Its issue number in the old report (nil for a new warning).
        public var oldNumber: Int?
        /// Its issue number in the new report (nil for a resolved warning).
        public var newNumber: Int?
        /// The record from the newer report when it is there, else from the older one.
        public var issue: HistoryIssue

        /// Creates an item.
        public init(fingerprint: IssueFingerprint, oldNumber: Int?, newNumber: Int?, issue: HistoryIssue) {
            self.fingerprint = fingerprint
            self.oldNumber = oldNumber
            self.newNumber = newNumber
            self.issue = issue
        }
    }

    /// The older report's file name.
    public var oldFileName: String
    /// The older report's audit date.
    public var oldAuditDate: Date
    /// The newer report's file name.
    public var newFileName: String
    /// The newer report's audit date.
    public var newAuditDate: Date
    /// Warnings only in the new report, in new report order.
    public var new: [Item]
    /// Warnings only in the old report, in old report order.
    public var resolved: [Item]
    /// Warnings in both, in new report order.
    public var residual: [Item]

    /// Compares two history entries with `WarningMatcher`.
    public init(old: HistoryEntry, new: HistoryEntry) {
        let matching = WarningMatcher.match(old: old.issues, new: new.issues)
        oldFileName = old.fileName
        oldAuditDate = old.auditDate
        newFileName = new.fileName
        newAuditDate = new.auditDate
        self.new = matching.unmatchedNew.map {
            Item(
                fingerprint: new.issues[$0].fingerprint, oldNumber: nil, newNumber: new.issues[$0].number,
                issue: new.issues[$0])
        }
        resolved = matching.unmatchedOld.map {
            Item(
                fingerprint: old.issues[$0].fingerprint, oldNumber: old.issues[$0].number, newNumber: nil,
                issue: old.issues[$0])
        }
        residual = matching.pairs.map {
            Item(
                fingerprint: new.issues[$0.new].fingerprint, oldNumber: old.issues[$0.old].number,
                newNumber: new.issues[$0.new].number, issue: new.issues[$0.new])
        }
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
        case oldFileName, oldAuditDate, newFileName, newAuditDate, new, resolved, residual
    }
}
