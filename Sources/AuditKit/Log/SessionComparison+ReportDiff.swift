extension SessionComparison {
    /// The session's new / resolved / residual lines from the history's comparison of the previous
    /// report with this one, so the log and `auditkit diff` share one definition of "the same warning".
    public init(_ diff: ReportDiff) {
        self.init(
            previousReportName: diff.oldFileName,
            newIssueNumbers: diff.new.compactMap(\.newNumber).sorted(),
            resolved: diff.resolved.map {
                ResolvedWarning(
                    testType: $0.issue.testType, shortTitle: $0.issue.title,
                    elementText: $0.issue.elementText)
            },
            residualIssueNumbers: diff.residual.compactMap(\.newNumber).sorted())
    }
}
