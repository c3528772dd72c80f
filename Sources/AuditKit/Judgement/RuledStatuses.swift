import Foundation

/// Whether a warning is accepted or system UI as the files a reviewer reads say it, never as a history
/// line or the recorded judgement carries it: the first rule of the rule file that matches the issue
/// gives its status (as `IssueMatcher` gives it at ingest), else an element in the status bar's band is
/// system UI when the report is mapped (a rule file or sources are given), else it is open (and the
/// baseline may accept it). The gate (`auditkit check`) states every
/// warning this way, so a pull request that edits a status in `history.jsonl` or commits a forged
/// `history.judgement.json` changes nothing it decides.
///
/// The rules are matched against the issue as its history line records it (its texts capped at
/// `HistoryIssue.maxTextLength`, its screen's size); the Inspector's duplicate flag, which the history
/// does not keep, is not a condition here.
public struct RuledStatuses: Sendable {
    /// The rule file in force; nil: none.
    public var rules: RuleFile?
    /// Whether reports are mapped (a rule file or sources are given): only then is the status bar's band
    /// system UI, as `IssueMatcher` places it; an unmapped report's warnings are all open.
    public var mapped: Bool

    /// The statuses `rules` gives, the status bar system UI when `mapped`.
    public init(rules: RuleFile?, mapped: Bool) {
        self.mapped = mapped
        self.rules = rules.map { file in
            var file = file
            for index in file.rules.indices { file.rules[index].match.duplicate = nil }
            return file
        }
    }

    /// The status of `issue`, on `screen` (its recorded size places the status bar).
    public func status(of issue: HistoryIssue, on screen: HistoryScreen?) -> IssueStatus {
        var size: (width: Double, height: Double)?
        if let width = screen?.width, let height = screen?.height { size = (width, height) }
        let name = screen?.name ?? ""
        let made = Issue(
            number: issue.number, screenIndex: 0, screenName: name, screenGroupName: issue.screenGroup,
            errorCode: issue.errorCode, shortTitle: issue.title, elementText: issue.elementText,
            testType: issue.testType, elementRect: issue.rect, elementType: issue.elementType)
        let shown = Screen(
            index: 0, name: name, groupName: issue.screenGroup,
            displayBounds: size.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) }, screenshotScale: 1)
        if let rule = rules?.firstMatch(for: made, screen: shown) { return rule.conclusion.status }
        if mapped, let rect = issue.rect, SystemBands(screenSize: size).statusBarHolds(rect) { return .system }
        return .open
    }
}

extension HistoryCheck {
    /// This check with each warning's status as `statuses` and `baseline` give it (the Inspector's
    /// repeats stay repeats), and how many warnings the history or the record said were accepted by a
    /// rule or system UI that the rule file does not accept or place in system UI.
    public func ruled(by statuses: RuledStatuses, baseline: Baseline) -> (check: HistoryCheck, overruled: Int) {
        let screenOfIssue = entry.screenOfIssues
        var overruled = 0
        var judged = self.judged
        judged.verdicts = judged.verdicts.map { verdict in
            let recorded = verdict.status
            if case .repeatOf = recorded { return verdict }
            let index = verdict.issueIndex
            let screen = screenOfIssue.indices.contains(index) ? entry.screens[screenOfIssue[index]] : nil
            let stated: WarningStatus
            switch statuses.status(of: verdict.issue, on: screen) {
            case .system: stated = .system
            case .accepted(let reason): stated = .accepted(reason: reason, byBaseline: false)
            case .open:
                if recorded.isOpen || recorded.isAcceptedByBaseline {
                    stated = recorded
                } else if let accepted = baseline.entry(for: verdict.fingerprint) {
                    stated = .accepted(reason: accepted.reason, byBaseline: true)
                } else {
                    stated = .open
                }
            }
            guard stated != recorded else { return verdict }
            if stated.isOpen || stated.isAcceptedByBaseline { overruled += 1 }
            return verdict.restated(stated)
        }
        let check = HistoryCheck(
            judged: judged, staleBaseline: staleBaseline, failOn: failOn, strictBaseline: strictBaseline)
        return (check, overruled)
    }
}
