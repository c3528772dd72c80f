/// The mapping of one issue: the primary conclusion (if any), the ranked automatic candidates, and why.
public struct MappedIssue: Sendable, Hashable {
    /// The report-wide issue number.
    public var issueNumber: Int
    /// The conclusion to act on: a rule's (merged with the best source location when the rule names
    /// none), else the best automatic candidate; nil when nothing was found.
    public var primary: IssueMapping?
    /// Automatic candidates, best first (the primary's source among them when it came from the index).
    public var candidates: [IssueMapping]
    /// True when several candidates share the best rank and nothing told them apart.
    public var isAmbiguous: Bool
    /// One line saying how the mapping was reached, or why there is none.
    public var explanation: String

    /// Creates a mapped issue.
    public init(
        issueNumber: Int, primary: IssueMapping?, candidates: [IssueMapping] = [], isAmbiguous: Bool = false,
        explanation: String
    ) {
        self.issueNumber = issueNumber
        self.primary = primary
        self.candidates = candidates
        self.isAmbiguous = isAmbiguous
        self.explanation = explanation
    }
}

/// Issues that belong to one view, for logs and summaries.
public struct ViewGroup: Sendable, Hashable {
    /// The view name; nil for issues whose view is unknown.
    public var view: String?
    /// Issue numbers in report order.
    public var issueNumbers: [Int]

    /// Creates a group.
    public init(view: String?, issueNumbers: [Int]) {
        self.view = view
        self.issueNumbers = issueNumbers
    }
}

/// The mapping of every issue of one report.
public struct MappingResult: Sendable, Hashable {
    /// The report's path, as given.
    public var reportPath: String
    /// One entry per issue, in report order.
    public var issues: [MappedIssue]
    /// The rules whose regular expression ran past `RulePattern.timeLimit`, each on the first issue it
    /// did; such a rule counts as not matching and is not tried again on this report.
    public var ruleTimeouts: [RuleTimeout] = []
    /// The target whose code the issues were mapped into and how it was chosen; nil when the sources hold
    /// fewer than two targets and none was named.
    public var auditedTarget: AuditedTarget?
    /// Per screen (0-based, in report order): the root view the mapping placed its issues under, the
    /// view whose subtree explains most of them (`ScreenContext.root`); a screen whose issues found no
    /// view root in the sources, or in a report of several screens only one every screen shares (a tab
    /// container), has none. A report of one screen cannot tell a container from its screen's root.
    public var screenRoots: [Int: String] = [:]

    /// Creates a result.
    public init(reportPath: String, issues: [MappedIssue]) {
        self.reportPath = reportPath
        self.issues = issues
    }

    /// Each issue's primary mapping, in report order; issues without one are left out.
    public var primaries: [IssueMapping] { issues.compactMap(\.primary) }

    /// The primary mapping of issue `number`, if it has one.
    public func primary(for number: Int) -> IssueMapping? { issue(number)?.primary }

    /// The entry for issue `number`, if there is one.
    public func issue(_ number: Int) -> MappedIssue? {
        // Issues are numbered from 1 in report order, so the entry is usually at `number - 1`: the
        // session, the summary, the likely causes and the site look every issue up, which a search
        // from the start made quadratic in the report's size.
        if issues.indices.contains(number - 1), issues[number - 1].issueNumber == number { return issues[number - 1] }
        return issues.first { $0.issueNumber == number }
    }

    /// Issues grouped by the primary mapping's view: groups in order of first appearance, issues in report
    /// order, and the issues without a view last (`view == nil`).
    public func groupedByView() -> [ViewGroup] {
        var groups: [ViewGroup] = []
        var position: [String: Int] = [:]
        var unknown: [Int] = []
        for entry in issues {
            guard let view = entry.primary?.view else {
                unknown.append(entry.issueNumber)
                continue
            }
            if let i = position[view] {
                groups[i].issueNumbers.append(entry.issueNumber)
            } else {
                position[view] = groups.count
                groups.append(ViewGroup(view: view, issueNumbers: [entry.issueNumber]))
            }
        }
        if !unknown.isEmpty { groups.append(ViewGroup(view: nil, issueNumbers: unknown)) }
        return groups
    }

    /// Counts for a summary line.
    public var counts: (total: Int, byRule: Int, fromSource: Int, systemUI: Int, ambiguous: Int, unmapped: Int) {
        var byRule = 0
        var fromSource = 0
        var systemUI = 0
        var ambiguous = 0
        var unmapped = 0
        for entry in issues {
            switch entry.primary?.origin {
            case .rule?: byRule += 1
            case .sourceText?: fromSource += 1
            case .screenPosition?: systemUI += 1
            case nil: unmapped += 1
            }
            if entry.isAmbiguous { ambiguous += 1 }
        }
        return (issues.count, byRule, fromSource, systemUI, ambiguous, unmapped)
    }
}

/// A rule whose regular expression was abandoned after `RulePattern.timeLimit` seconds on an issue.
public struct RuleTimeout: Sendable, Hashable {
    /// The rule's id.
    public var ruleID: String
    /// Where the rule starts in its rule file.
    public var definedAt: SourceLocation?
    /// The issue it ran on.
    public var issueNumber: Int

    /// Creates a timeout.
    public init(ruleID: String, definedAt: SourceLocation?, issueNumber: Int) {
        self.ruleID = ruleID
        self.definedAt = definedAt
        self.issueNumber = issueNumber
    }

    /// `rule "x" skipped: its regular expression ran past 0.05 s on issue 3 (...)`.
    public var message: String {
        "rule \"\(ruleID)\" skipped: its regular expression ran past \(RulePattern.timeLimit) s on issue "
            + "\(issueNumber)'s text (nested quantifiers such as (\\w+\\s?)+ backtrack without end)"
    }
}
