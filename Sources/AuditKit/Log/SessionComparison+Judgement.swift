import Foundation

extension SessionComparison {
    /// The session's new / resolved / residual warnings as the judgement states them: the open
    /// warnings of each list, each residual one with its `since` and the pairing that continued it.
    /// Nil when no earlier audit exists.
    public init?(_ judged: ReportJudgement) {
        guard let counts = judged.counts else { return nil }
        func warning(_ verdict: WarningVerdict) -> Warning {
            var matched: String?
            if let continues = verdict.continues, let stage = continues.pairing {
                matched = stage
                if let was = continues.text, was != verdict.issue.elementText { matched! += ", was “\(was)”" }
            }
            var since: Since?
            if verdict.change == .residual, verdict.audit.sha256 == judged.entry.sha256 {
                since = Since(sha256: verdict.since.sha256, fileName: verdict.since.fileName, date: verdict.since.day)
            }
            return Warning(
                testType: verdict.issue.testType, text: verdict.issue.elementText, place: verdict.place,
                since: since, matchedBy: matched)
        }
        self.init(
            previousReportName: judged.oldFileName ?? "",
            new: judged.newWarnings.map(warning),
            resolved: judged.resolvedWarnings.map(warning), residual: judged.residualWarnings.map(warning),
            counts: counts)
        screens = judged.screenLines
    }
}
