import AuditKit
import Foundation

/// `auditkit audit`: `ingest` of one report: the same pass, defaults and output.
enum AuditCommand: Command {
    static let name = "audit"
    static let abstract = "Do the whole pass on a report: evidence pictures, mapping, history and an audit.md session."
    static let operands = Operands.exactly("REPORT")
    static let discussion = """
        'auditkit ingest' of one report: the same steps, defaults and output. In order:
          1. reads the report, wherever it is (the project's root, where the Inspector saved it, or any folder);
          2. writes its thumbnails (issue_01.jpg, ...) and screenshots (screen_1.jpg, ...), the index sheet
             and the annotated screenshots into the report's evidence folder (Reports/<report name>/, or
             --out DIR/<report name>/);
          3. maps the issues to views and code with the rule file (--rules, else ./auditkit.rules.json) and
             the Swift sources under each --source folder;
          4. adds the report to the history (Reports/history.jsonl) and compares it with the report before it;
          5. appends a session to the audit log (audit.md) naming all of the above;
          6. refreshes Reports/summary.md (every audit of the history), Reports/trend.svg and the HTML
             site (the report's page Reports/<report name>/index.html and Reports/index.html; see
             'auditkit html').
        Every step is idempotent: a report the history already has is skipped and said so. Each step is
        also a command of its own (extract, sheet, overlay, map, history add, log).

        EXAMPLE: auditkit audit AuditReport_2026-01-02_11-02-25.html --source App
        """
    static let options: [OptionSpec] =
        PassInputs.options(dateHelp: "The session's date (default: the day of the audit).") + [
            ProjectOptions.out.spec, scope.spec, TextOrJSON.option.spec,
        ]

    /// `--scope TEXT`.
    static let scope: Option<String?> = .text(
        "--scope", value: "TEXT", help: "The session's scope (default: the views and the report).")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        try IngestCommand.ingest(context, jobs: 1, scope: context.arguments[Self.scope])
    }
}

/// How `audit` and `ingest` show one pass's outcome.
enum AuditOutcomeRendering {
    /// The text lines of one report: what was read, the evidence, the mapping, the history, the log.
    static func lines(_ outcome: AuditOutcome, historyPath: String) -> [String] {
        let report = outcome.report
        let evidence = outcome.prepared.evidence
        var lines: [String] = []
        // The session's own counts (Inspector order), so the log and this line agree.
        let byType = SessionFacts.counts(of: report.issues).map { "\($0.testType.displayName) \($0.count)" }
        lines.append(
            "Read \(report.fileName): \(SessionFacts.counted(report.screens.count, "screen")), "
                + SessionFacts.counted(report.issues.count, "issue")
                + (byType.isEmpty ? "" : " (" + byType.joined(separator: ", ") + ")"))
        if let written = outcome.prepared.imagesWritten {
            lines.append(
                "Evidence in \(evidence.directory)/: \(SessionFacts.counted(evidence.thumbnails.count, "thumbnail")) and "
                    + "\(SessionFacts.counted(evidence.screenshots.count, "screenshot")) "
                    + "(\(written) new or changed), "
                    + "\(SessionFacts.counted(evidence.indexSheetPages.count, "index sheet page")), "
                    + SessionFacts.counted(evidence.overlays.count, "overlay"))
        }
        lines.append(
            outcome.prepared.mapping.map { mapping in
                "Mapping: \(mapping.primaries.count) of \(report.issues.count) issues matched a rule or their text in the "
                    + "sources ('auditkit map' shows each)."
            } ?? "Mapping: no rule file or --source folder given (see 'auditkit init' and 'auditkit map --help').")
        if let added = outcome.addedToHistory {
            var historyLine = added ? "Added to \(historyPath)" : "Already in \(historyPath)"
            if let judged = outcome.judgement, judged.covered.isEmpty {
                let advice =
                    outcome.historyEntry.isAutomatedAudit
                    ? "a clean run: \(ScreenVerdict.namingAdvice) and its screen's warnings are resolved"
                    : "say which screens it audited with --covers SCREEN"
                historyLine += "; \(HistoryOutput.summary(judged)) (\(advice))"
            } else if let judged = outcome.judgement, let old = judged.oldFileName {
                historyLine += "; against \(old): \(HistoryOutput.summary(judged))"
            } else {
                historyLine += "; \(ReportJudgement.firstAuditPhrase) to compare with"
            }
            lines.append(historyLine + ".")
        }
        if let log = outcome.log {
            switch log.action {
            case .logged:
                lines.append("Logged session \(log.sessionNumber ?? 0) in \(log.logPath).")
            case .updated:
                lines.append("Updated session \(log.sessionNumber ?? 0) in \(log.logPath).")
            case .alreadyLogged where log.writtenByHand:
                lines.append(
                    "\(report.fileName) is in Session \(log.sessionNumber ?? 0) of \(log.logPath), written by hand; "
                        + "not logged again (--force logs it).")
            case .alreadyLogged, .wouldLog:
                lines.append(
                    "Already logged in \(log.logPath)\(log.sessionNumber.map { " (session \($0))" } ?? "").")
            }
        }
        return lines
    }
}
