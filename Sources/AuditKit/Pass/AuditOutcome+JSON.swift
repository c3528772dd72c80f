import Foundation

// The JSON document lives in Output/; its init from the pass's outcome lives here, as Pass/ comes after
// Output/ (the pass writes the trend chart), so Output/ does not depend on Pass/.
extension AuditOutcomeJSON {
    /// The document of one pass's outcome: `historyPath` is the history file `history` names, `status`
    /// the report's status in a batch (nil: no `status` field).
    public init(_ outcome: AuditOutcome, historyPath: String, status: String? = nil) {
        let report = outcome.report
        let evidence = outcome.prepared.evidence
        self.status = status
        self.report = report.sourcePath
        sha256 = report.sha256
        issues = report.issues.count
        screens = report.screens.count
        self.evidence = evidence.directory
        thumbnails = evidence.thumbnails.count
        screenshots = evidence.screenshots.count
        indexSheet = evidence.indexSheetPages
        overlays = evidence.overlays.keys.sorted().map { evidence.overlays[$0]! }
        mapped = outcome.prepared.mapping.map { $0.primaries.count }
        history = outcome.addedToHistory.map { HistoryPart(path: historyPath, added: $0) }
        log = outcome.log.map { LogPart(path: $0.logPath, action: $0.action.rawValue) }
        session = outcome.log?.sessionNumber
        // The judgement's counts: open warnings, as the terminal, the session and the page state them.
        if let judged = outcome.judgement, let counts = judged.counts {
            comparison = Comparison(
                previous: judged.oldFileName, new: counts.new, resolved: counts.resolved, residual: counts.residual)
        }
    }
}
