import Foundation

/// Which warnings make `auditkit check` fail.
public enum CheckFailOn: String, Sendable, Codable, CaseIterable {
    /// Open, unaccepted warnings that were not in the previous report.
    case new
    /// Every open, unaccepted warning.
    case any
}

/// The CI gate: which warnings of a report are neither accepted (by a rule or the baseline) nor
/// system UI and, for `.new`, not in the previous report; and which baseline entries no longer appear.
public struct HistoryCheck: Sendable, Hashable {
    /// The checked report.
    public var entry: HistoryEntry
    /// The report it was compared with (`.new`), if there was one.
    public var previous: HistoryEntry?
    /// What fails the check.
    public var failOn: CheckFailOn
    /// The failing warnings, in report order.
    public var failing: [HistoryIssue]
    /// Open warnings the baseline accepts, in report order.
    public var baselined: [HistoryIssue]
    /// Baseline entries whose fingerprint is not in the report.
    public var staleBaseline: [Baseline.Entry]
    /// Whether stale baseline entries fail the check.
    public var strictBaseline: Bool

    /// Checks `entry` (built from the report and its mappings, so rule-accepted and system warnings
    /// carry that status). With `.new` and no `previous` report, every open warning is new.
    public init(
        entry: HistoryEntry, previous: HistoryEntry?, baseline: Baseline, failOn: CheckFailOn,
        strictBaseline: Bool = false
    ) {
        self.entry = entry
        self.previous = previous
        self.failOn = failOn
        self.strictBaseline = strictBaseline
        var candidates = Set(entry.issues.indices)
        if failOn == .new, let previous {
            candidates = Set(WarningMatcher.match(old: previous.issues, new: entry.issues).unmatchedNew)
        }
        var failing: [HistoryIssue] = []
        var baselined: [HistoryIssue] = []
        for (index, issue) in entry.issues.enumerated() where issue.status == .open {
            if baseline.accepts(issue.fingerprint) {
                baselined.append(issue)
            } else if candidates.contains(index) {
                failing.append(issue)
            }
        }
        self.failing = failing
        self.baselined = baselined
        staleBaseline = baseline.stale(present: Set(entry.issues.map(\.fingerprint)))
    }

    /// Checks `report` with its `mappings` (rules' accepted and system statuses, views, locations)
    /// against the latest entry of `history` audited before it.
    public init(
        report: InspectorReport, mappings: [IssueMapping] = [], history: History, baseline: Baseline,
        failOn: CheckFailOn, strictBaseline: Bool = false
    ) {
        let entry = HistoryEntry(report: report, mappings: mappings)
        self.init(
            entry: entry, previous: history.entry(before: entry), baseline: baseline, failOn: failOn,
            strictBaseline: strictBaseline)
    }

    /// Whether the check fails: failing warnings, or stale baseline entries with `strictBaseline`.
    public var failed: Bool { !failing.isEmpty || (strictBaseline && !staleBaseline.isEmpty) }

    /// The lines to print: one `warning:` per failing warning (at its mapped source location when
    /// known), then one per stale baseline entry (`error:` with `strictBaseline`, else `note:`).
    public var diagnostics: [XcodeDiagnostic] {
        var lines = failing.map { issue -> XcodeDiagnostic in
            var message = "\(issue.testType.displayName): \(issue.title)"
            if let text = issue.elementText, !text.isEmpty { message += " \u{2018}\(text)\u{2019}" }
            message += " in \(issue.place) (issue \(issue.number) of \(entry.fileName)"
            message += failOn == .new ? ", new" : ""
            message += ") [fingerprint \(issue.fingerprint.hex)]"
            return XcodeDiagnostic(location: issue.location, severity: .warning, message: message)
        }
        for stale in staleBaseline {
            var message = "accepted warning \(stale.fingerprint.hex) no longer appears in \(entry.fileName)"
            if let text = stale.elementText, !text.isEmpty { message += " (\u{2018}\(text)\u{2019})" }
            message += "; prune it from the baseline"
            lines.append(XcodeDiagnostic(location: nil, severity: strictBaseline ? .error : .note, message: message))
        }
        return lines
    }
}
