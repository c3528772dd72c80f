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
/// state; plus the previous report's open warnings that are gone. What the SARIF writer needs for
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
        /// The baseline's reason when the baseline accepts the warning (the judgement's status).
        public var acceptedByBaseline: String? = nil
    }

    /// The report's issues, in report order.
    public var issues: [IssueState]
    /// Warnings of the previous report that this one no longer has (state `absent`).
    public var absent: [HistoryIssue]
    /// The previous report's file name, when there was one.
    public var previousFileName: String?

    /// The states of `report`'s issues against the reports of `history` audited before it, as the
    /// judgement states them (`HistoryJudgement`): each screen against the latest earlier audit that
    /// covered it (a report already in the history is compared with the entries before it).
    /// With a `baseline`, the warnings it accepts say so (`IssueState.acceptedByBaseline`), as `check`
    /// counts them.
    public init(
        report: InspectorReport, mappings: [IssueMapping] = [], history: History, baseline: Baseline? = nil,
        translations: StringTranslations = .none
    ) {
        let entry = HistoryEntry(report: report, mappings: mappings)
        self.init(
            HistoryJudgement.judging(entry, in: history, baseline: baseline, translations: translations).latestReport!)
    }

    /// The states of a judged report's issues: `new` for a new warning (also on a screen audited for the
    /// first time), `unchanged` for a residual one and the Inspector's repeats; none without an earlier
    /// audit. The absent results are the open warnings it resolved.
    public init(_ judged: ReportJudgement) {
        previousFileName = judged.oldFileName
        let compared = judged.hasEarlierAudit
        let byNumber = judged.verdictsByNumber
        issues = judged.verdicts.map { verdict in
            var state: BaselineState?
            if compared { state = verdict.change == .new || verdict.change == .firstAudited ? .new : .unchanged }
            var accepted: String?
            // The Inspector's repeat of an issue is accepted with it.
            var status = verdict.status
            if case .repeatOf(let number) = status, let first = byNumber[number] { status = first.status }
            if case .accepted(let reason, byBaseline: true) = status { accepted = reason }
            return IssueState(
                issueNumber: verdict.number, fingerprint: verdict.issue.fingerprint, baselineState: state,
                acceptedByBaseline: accepted)
        }
        absent = judged.resolvedWarnings.map(\.issue)
    }

    /// The state of the issue numbered `issueNumber`, if the report has it.
    public func state(ofIssue issueNumber: Int) -> IssueState? {
        issues.first { $0.issueNumber == issueNumber }
    }

    /// `causes` without those of the warnings the baseline accepts: an accepted warning asks for no fix.
    public func withoutAccepted(_ causes: [Int: [LikelyCause]]) -> [Int: [LikelyCause]] {
        var kept = causes
        for issue in issues where issue.acceptedByBaseline != nil { kept[issue.issueNumber] = nil }
        return kept
    }

    /// `mapping` with each warning the baseline accepts stated as accepted (`accepted in the baseline:
    /// REASON`), as `check`, `diff` and the report's page state it.
    public func statingAcceptance(in mapping: MappingResult) -> MappingResult {
        var stated = mapping
        let reasons = Dictionary(
            issues.compactMap { issue in issue.acceptedByBaseline.map { (issue.issueNumber, $0) } },
            uniquingKeysWith: { first, _ in first })
        for index in stated.issues.indices {
            guard let reason = reasons[stated.issues[index].issueNumber] else { continue }
            stated.issues[index].primary?.status = .accepted(reason: "accepted in the baseline: " + reason)
        }
        return stated
    }
}
