import Foundation

/// A result's state against the previous report, as SARIF's `baselineState` names it.
public enum BaselineState: String, Sendable, Hashable, Codable {
    /// Not in the previous report.
    case new
    /// In the previous report too.
    case unchanged
    /// In the previous report, gone from this one.
    case absent
}

/// Each issue of a report with its fingerprint and, when there is a previous report, its baseline
/// state; plus the previous report's warnings that are gone. What the SARIF writer needs for
/// `partialFingerprints` and `baselineState`.
public struct ReportHistoryStates: Sendable, Hashable {
    /// One issue of the report.
    public struct IssueState: Sendable, Hashable {
        /// The report-wide issue number.
        public var issueNumber: Int
        /// Its fingerprint.
        public var fingerprint: IssueFingerprint
        /// `new` or `unchanged` against the previous report; nil when there is none.
        public var baselineState: BaselineState?
    }

    /// The report's issues, in report order.
    public var issues: [IssueState]
    /// Warnings of the previous report that this one no longer has (state `absent`).
    public var absent: [HistoryIssue]
    /// The previous report's file name, when there was one.
    public var previousFileName: String?

    /// The states of `report`'s issues against the reports of `history` audited before it, each screen
    /// against the latest one that covered it (a report already in the history is compared with the
    /// entries before it).
    public init(report: InspectorReport, mappings: [IssueMapping] = [], history: History) {
        let entry = HistoryEntry(report: report, mappings: mappings)
        self.init(entry: entry, comparison: history.diffWithPrevious(entry))
    }

    /// The states of `entry`'s issues in `comparison` (none when nil). Warnings on screens no
    /// earlier report covered are `new`; the Inspector's repeats of an element are never `new`.
    public init(entry: HistoryEntry, comparison: ReportDiff?) {
        previousFileName = comparison?.oldFileName
        guard let comparison else {
            issues = entry.issues.map {
                IssueState(issueNumber: $0.number, fingerprint: $0.fingerprint, baselineState: nil)
            }
            absent = []
            return
        }
        let isNew = Set((comparison.new + comparison.firstAudited).compactMap(\.newNumber))
        issues = entry.issues.map { issue in
            IssueState(
                issueNumber: issue.number, fingerprint: issue.fingerprint,
                baselineState: isNew.contains(issue.number) ? .new : .unchanged)
        }
        absent = comparison.resolved.map(\.issue)
    }

    /// The state of the issue numbered `issueNumber`, if the report has it.
    public func state(ofIssue issueNumber: Int) -> IssueState? {
        issues.first { $0.issueNumber == issueNumber }
    }
}
