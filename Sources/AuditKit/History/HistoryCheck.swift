import Foundation

/// Which warnings make `auditkit check` fail.
public enum CheckFailOn: String, Sendable, Codable, CaseIterable {
    /// Open, unaccepted warnings that were not in the previous report.
    case new
    /// Every open, unaccepted warning.
    case any
}

/// The CI gate: which warnings of a report are neither accepted (by a rule or the baseline) nor
/// system UI and, for `.new`, not in an earlier report (each screen compared with the latest earlier
/// report that covered it, see `History.diffWithPrevious`); and which baseline entries no longer appear.
///
/// The Inspector's repeats of one element count once. A warning the baseline accepted keeps being
/// accepted when a later report shows it under another fingerprint (another language, a changed
/// amount) and a weaker `WarningMatcher` stage pairs it with the accepted one.
public struct HistoryCheck: Sendable, Hashable {
    /// The checked report.
    public var entry: HistoryEntry
    /// Its comparison with the earlier reports (nil when the history has none before it).
    public var comparison: ReportDiff?
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
    /// carry that status) with its `comparison`. With `.new` and no comparison, every open warning is new;
    /// warnings on screens no earlier report covered are new too.
    public init(
        entry: HistoryEntry, comparison: ReportDiff?, baseline: Baseline, failOn: CheckFailOn,
        strictBaseline: Bool = false
    ) {
        self.entry = entry
        self.comparison = comparison
        self.failOn = failOn
        self.strictBaseline = strictBaseline
        let repeats = Set(WarningMatcher.repeats(in: entry))
        var candidates = Set(entry.issues.indices).subtracting(repeats)
        var formerly: [Int: IssueFingerprint] = [:]
        var present = Set<IssueFingerprint>()
        if let comparison {
            // Warnings of screens this report did not visit are still there as far as anyone knows.
            present.formUnion(comparison.notReaudited.map(\.fingerprint))
            for item in comparison.residual {
                if let number = item.newNumber, let old = item.oldFingerprint { formerly[number] = old }
            }
            if failOn == .new {
                let numbers = Set((comparison.new + comparison.firstAudited).compactMap(\.newNumber))
                candidates = Set(entry.issues.indices.filter { numbers.contains(entry.issues[$0].number) })
            }
        }
        func known(_ issue: HistoryIssue) -> [IssueFingerprint] {
            var fingerprints = [issue.fingerprint]
            if let old = formerly[issue.number] { fingerprints.append(old) }
            if let view = issue.view {
                fingerprints.append(
                    IssueFingerprint.version1(
                        testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText, view: view
                    ))
            }
            return fingerprints
        }
        var failing: [HistoryIssue] = []
        var baselined: [HistoryIssue] = []
        for (index, issue) in entry.issues.enumerated() {
            let fingerprints = known(issue)
            present.formUnion(fingerprints)
            guard issue.status == .open, !repeats.contains(index) else { continue }
            if fingerprints.contains(where: baseline.accepts) {
                baselined.append(issue)
            } else if candidates.contains(index) {
                failing.append(issue)
            }
        }
        self.failing = failing
        self.baselined = baselined
        staleBaseline = baseline.stale(present: present)
    }

    /// Checks `entry` against the reports of `history` audited before it.
    public init(
        entry: HistoryEntry, history: History, translations: StringTranslations = .none, baseline: Baseline,
        failOn: CheckFailOn, strictBaseline: Bool = false
    ) {
        self.init(
            entry: entry, comparison: history.diffWithPrevious(entry, translations: translations), baseline: baseline,
            failOn: failOn, strictBaseline: strictBaseline)
    }

    /// Checks `report` with its `mappings` (rules' accepted and system statuses, views, locations)
    /// against the reports of `history` audited before it.
    public init(
        report: InspectorReport, mappings: [IssueMapping] = [], history: History, baseline: Baseline,
        failOn: CheckFailOn, strictBaseline: Bool = false
    ) {
        self.init(
            entry: HistoryEntry(report: report, mappings: mappings), history: history, baseline: baseline,
            failOn: failOn, strictBaseline: strictBaseline)
    }

    /// The earlier report(s) the check compared with, for messages.
    public var previousFileName: String? { comparison?.oldFileName }

    /// Whether the check fails: failing warnings, or stale baseline entries with `strictBaseline`.
    public var failed: Bool { !failing.isEmpty || (strictBaseline && !staleBaseline.isEmpty) }

    /// The lines to print: one `warning:` per failing warning (at its mapped source location when
    /// known), one `note:` per warning paired with an earlier one by key, geometry or image, then one
    /// per stale baseline entry (`error:` with `strictBaseline`, else `note:`).
    public var diagnostics: [XcodeDiagnostic] {
        var lines = failing.map { issue -> XcodeDiagnostic in
            var message = "\(issue.testType.displayName): \(issue.title)"
            if let text = issue.elementText, !text.isEmpty { message += " \u{2018}\(text)\u{2019}" }
            message += " in \(issue.place) (issue \(issue.number) of \(entry.fileName)"
            message += failOn == .new ? ", new" : ""
            message += ") [fingerprint \(issue.fingerprint.hex)]"
            return XcodeDiagnostic(location: issue.location, severity: .warning, message: message)
        }
        for item in comparison?.weakerPairs ?? [] {
            lines.append(
                XcodeDiagnostic(location: item.issue.location, severity: .note, message: HistoryCheck.pairNote(item)))
        }
        for stale in staleBaseline {
            var message = "accepted warning \(stale.fingerprint.hex) no longer appears in \(entry.fileName)"
            if let text = stale.elementText, !text.isEmpty { message += " (\u{2018}\(text)\u{2019})" }
            message += "; prune it from the baseline"
            lines.append(XcodeDiagnostic(location: nil, severity: strictBaseline ? .error : .note, message: message))
        }
        return lines
    }

    /// `issue 3 ‘Aktive Budgets’ is the same element as issue 3 ‘Active Budgets’ of OLD (by geometry)`.
    static func pairNote(_ item: ReportDiff.Item) -> String {
        func quoted(_ text: String?) -> String {
            guard let text, !text.isEmpty else { return "" }
            return " \u{2018}\(text)\u{2019}"
        }
        var message = "issue \(item.newNumber ?? 0)\(quoted(item.issue.elementText)) is the same element as issue "
        message += "\(item.oldNumber ?? 0)\(quoted(item.oldText ?? item.issue.elementText))"
        message +=
            " of \(item.oldFileName ?? "the earlier report") (matched by \((item.matchedBy ?? .fingerprint).rawValue))"
        return message
    }
}
