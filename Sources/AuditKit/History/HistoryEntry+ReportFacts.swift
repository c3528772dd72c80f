import Foundation

/// What a history line states that its report file alone decides (each warning's fingerprint, kind,
/// text, group, place and type; each screen's group and size), so a line can be checked against the
/// report it names when that report is kept: what a pull request could forge in `history.jsonl` without
/// touching a file a reviewer reads, and what decides whether a warning is new.
extension HistoryEntry {
    /// The facts of one issue its report alone gives (not its view, status or key: the mapping's).
    private struct IssueFacts: Hashable {
        let fingerprint: IssueFingerprint
        let number: Int
        let testType: TestType
        let errorCode: Int?
        let title: String
        let elementText: String?
        let screenGroup: String
        let rect: Rect?
        let elementType: String?

        init(_ issue: HistoryIssue) {
            fingerprint = issue.fingerprint
            number = issue.number
            testType = issue.testType
            errorCode = issue.errorCode
            title = issue.title
            elementText = issue.elementText
            screenGroup = issue.screenGroup
            rect = issue.rect
            elementType = issue.elementType
        }
    }

    /// How far this line departs from `report`, the entry made again from the report file it names (same
    /// SHA-256): the warnings one states and the other does not (as multisets of what the report alone
    /// gives), plus one per screen whose group or size differs, or all of them when the line lists
    /// another number of screens. 0 when the line states what its report holds.
    public func disagreements(with report: HistoryEntry) -> Int {
        var left: [IssueFacts: Int] = [:]
        for issue in issues { left[IssueFacts(issue), default: 0] += 1 }
        var unmatched = 0
        for issue in report.issues {
            let facts = IssueFacts(issue)
            if let count = left[facts], count > 0 {
                left[facts] = count - 1
            } else {
                unmatched += 1
            }
        }
        unmatched += left.values.reduce(0, +)
        guard screens.count == report.screens.count else { return unmatched + max(screens.count, report.screens.count) }
        for (mine, theirs) in zip(screens, report.screens)
        where mine.group != theirs.group || mine.width != theirs.width || mine.height != theirs.height {
            unmatched += 1
        }
        return unmatched
    }

    /// This line with what `report` (the entry made again from its report file) gives in place of what it
    /// states: the report's issues, counts and screens; what only the line knows is kept (its date, run,
    /// the names its screens were given and by whom, the mapping it was made with).
    public func restated(from report: HistoryEntry) -> HistoryEntry {
        var line = self
        line.issues = report.issues
        line.counts = report.counts
        line.screens = report.screens.enumerated().map { index, screen in
            var screen = screen
            if screens.indices.contains(index), screens[index].group == screen.group {
                screen.named = screens[index].named
                screen.namedBy = screens[index].namedBy
                screen.rootView = screens[index].rootView
            }
            return screen
        }
        return line
    }
}
