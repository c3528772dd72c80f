import Foundation

/// Which warnings make `auditkit check` fail.
public enum CheckFailOn: String, Sendable, Codable, CaseIterable {
    /// Open, unaccepted warnings that were not in the previous report.
    case new
    /// Every open, unaccepted warning.
    case any
}

/// The CI gate, as the judgement (`HistoryJudgement`) states it: the open warnings of a report
/// (neither accepted by a rule or the baseline nor system UI, the Inspector's repeats once) that are
/// new against the latest earlier audit of their screen (`.new`), or all of them (`.any`); and the
/// baseline entries that the report shows to be no longer needed (only of screens it covered).
public struct HistoryCheck: Sendable {
    /// The checked report.
    public var entry: HistoryEntry
    /// Its judgement.
    public var judged: ReportJudgement
    /// What fails the check.
    public var failOn: CheckFailOn
    /// The failing warnings, in report order.
    public var failing: [WarningVerdict]
    /// Open warnings the baseline accepts, in report order.
    public var baselined: [WarningVerdict]
    /// Baseline entries whose warning is on a screen the report covered and not in it.
    public var staleBaseline: [Baseline.Entry]
    /// Whether stale baseline entries fail the check.
    public var strictBaseline: Bool

    /// Checks the latest audit of `judgement` (from `HistoryJudgement.judging(_:)`). With `.new` and no
    /// earlier audit, every open warning is new.
    public init(judgement: HistoryJudgement, failOn: CheckFailOn, strictBaseline: Bool = false) {
        let judged = judgement.latestReport!
        self.init(
            judged: judged, staleBaseline: judgement.staleBaseline(for: judged), failOn: failOn,
            strictBaseline: strictBaseline)
    }

    /// Checks the audit `judged`, whose judgement shows `staleBaseline` no longer needed.
    init(judged: ReportJudgement, staleBaseline: [Baseline.Entry], failOn: CheckFailOn, strictBaseline: Bool) {
        entry = judged.entry
        self.judged = judged
        self.failOn = failOn
        self.strictBaseline = strictBaseline
        failing = failOn == .any || !judged.hasEarlierAudit ? judged.open : judged.newWarnings
        baselined = judged.verdicts.filter(\.status.isAcceptedByBaseline)
        self.staleBaseline = staleBaseline
    }

    /// Checks `entry` against the reports of `history` audited before it.
    public init(
        entry: HistoryEntry, history: History, translations: StringTranslations = .none, baseline: Baseline,
        failOn: CheckFailOn, strictBaseline: Bool = false
    ) {
        self.init(
            judgement: HistoryJudgement.judging(entry, in: history, baseline: baseline, translations: translations),
            failOn: failOn, strictBaseline: strictBaseline)
    }

    /// Its comparison with the earlier reports (nil when the history has none before it).
    public var comparison: ReportDiff? { judged.comparison }

    /// The earlier report(s) the check compared with, for messages.
    public var previousFileName: String? { judged.oldFileName }

    /// Whether the check fails: failing warnings, or stale baseline entries with `strictBaseline`.
    public var failed: Bool { !failing.isEmpty || (strictBaseline && !staleBaseline.isEmpty) }

    /// `issue 3 ‘Aktive Budgets’ is the same element as issue 3 ‘Active Budgets’ of OLD (recognised by its place on the screen)`.
    static func pairNote(_ verdict: WarningVerdict) -> String {
        func quoted(_ text: String?) -> String {
            guard let text, !text.isEmpty else { return "" }
            return " \u{2018}\(text)\u{2019}"
        }
        let continues = verdict.continues
        var message = "issue \(verdict.number)\(quoted(verdict.issue.elementText)) is the same element as issue "
        message += "\(continues?.number ?? 0)\(quoted(continues?.text))"
        message +=
            " of \(continues?.audit.fileName ?? "the earlier report") (recognised by its \((continues?.stage ?? .fingerprint).clue))"
        return message
    }
}
