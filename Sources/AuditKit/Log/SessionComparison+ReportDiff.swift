import Foundation

extension SessionComparison {
    /// The session's new / resolved / residual warnings from the history's comparison, so the log and
    /// `auditkit diff` share one definition of "the same warning". Only open warnings are listed:
    /// system UI and accepted ones are judged already and have lines of their own. A residual
    /// warning's `since` is the earliest report of the unbroken run of earlier reports, among those
    /// that covered its screen, that had it.
    /// - Parameters:
    ///   - diff: the comparison of the earlier report with this one.
    ///   - history: the reports before this one, oldest first (this report may be there too; it is skipped).
    public init(_ diff: ReportDiff, history: History? = nil) {
        func warning(_ item: ReportDiff.Item) -> Warning {
            Warning(testType: item.issue.testType, text: item.issue.elementText, place: item.issue.place)
        }
        let open = { (item: ReportDiff.Item) in item.issue.status == .open }
        let residualItems = diff.residual.filter(open)
        var residual = residualItems.map(warning)
        if let history {
            let earlier = history.entries.filter { Self.precedes($0, diff) }
            for (index, item) in residualItems.enumerated() {
                if let since = Self.since(of: item, in: earlier) {
                    residual[index].since = Since(
                        sha256: since.sha256, fileName: since.fileName, date: SessionDate.day(of: since.auditDate))
                }
            }
        }
        self.init(
            previousReportName: diff.oldFileName, new: diff.new.filter(open).map(warning),
            resolved: diff.resolved.filter(open).map(warning), residual: residual)
    }

    /// Whether `entry` is older than the compared (new) report.
    private static func precedes(_ entry: HistoryEntry, _ diff: ReportDiff) -> Bool {
        (entry.auditDate, entry.fileName) < (diff.newAuditDate, diff.newFileName)
    }

    /// Walking back from the latest of `earlier`, past reports that did not cover the warning's screen
    /// group, the last report in a row that had the warning's fingerprint.
    private static func since(of item: ReportDiff.Item, in earlier: [HistoryEntry]) -> HistoryEntry? {
        var found: HistoryEntry?
        for entry in earlier.reversed() {
            let covers = entry.screens.contains { $0.group == item.issue.screenGroup } || entry.screens.isEmpty
            guard covers else { continue }
            guard entry.issues.contains(where: { $0.fingerprint == item.fingerprint }) else { break }
            found = entry
        }
        return found
    }
}
