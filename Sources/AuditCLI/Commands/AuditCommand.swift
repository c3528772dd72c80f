import AuditKit
import Foundation

/// `auditkit audit`: the team's whole pass over one report in one step: pictures, mapping, history, log.
enum AuditCommand: Command {
    static let name = "audit"
    static let abstract = "Do the whole pass on a report: evidence pictures, mapping, history and an audit.md session."
    static let operands = "REPORT"
    static let discussion = """
        In order:
          1. reads the report;
          2. writes its thumbnails (issue_01.jpg, ...) and screenshots (screen_1.jpg, ...), the index sheet
             and the annotated screenshots into the report's evidence folder (Reports/<report name>/);
          3. maps the issues to views and code with the rule file (--rules, else ./auditkit.rules.json) and
             the Swift sources under each --source folder;
          4. adds the report to the history (Reports/history.jsonl) and compares it with the report before it;
          5. appends a session to the audit log (audit.md) naming all of the above;
          6. writes the report's page and the index of the HTML site beside the evidence folders
             (Reports/<report name>/index.html, Reports/index.html; see 'auditkit html').
        Every step is idempotent: running it again on the same report rewrites nothing that is unchanged,
        adds nothing to the history and logs no second session. Each step is also a command of its own
        (extract, sheet, overlay, map, history add, log).

        EXAMPLE: auditkit audit Reports/AuditReport_2026-01-02_11-02-25.html --source App
        """
    static let options: [OptionSpec] =
        PassInputs.options(dateHelp: "The session's date (default: the day of the audit).") + [
            .option("--scope", value: "TEXT", help: "The session's scope (default: the views and the report)."),
            .choice("--format", of: TextOrJSON.self, help: "text (default) or json."),
        ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let terminal = context.terminal
        guard arguments.positional.count == 1, let reportPath = arguments.positional.first else {
            throw AuditError(
                .usage, arguments.positional.isEmpty ? "missing REPORT" : "audit takes one REPORT at a time")
        }
        let format: TextOrJSON = try arguments.choice("--format", default: TextOrJSON.text)
        // Check everything the user named before writing anything.
        let historyFile = HistoryInputs.historyFile(context)
        var configuration = try PassInputs.configuration(context, evidenceRoot: nil, defaultDate: .auditDate)
        configuration.scope = arguments.value("--scope")
        let pass = AuditPass(configuration)
        let history = try HistoryInputs.loadHistory(context)
        // A report of another name whose evidence folder and page this report's would be.
        let identity = try ReportReader.identity(path: reportPath)
        if !history.entries.contains(where: { $0.sha256 == identity.sha256 }),
            let clash = EvidencePaths.folderClash(of: identity, before: [identity], history: history)
        {
            throw clash
        }
        var judgement = HistoryJudgement(
            history: history, baseline: configuration.baseline, translations: pass.translations)
        let prepared = try pass.prepare(reportAt: reportPath) { terminal.progress(stage: $0, of: reportPath) }
        let outcome = try pass.record(prepared, judgement: &judgement) { terminal.progress(stage: $0, of: reportPath) }
        terminal.endProgress()
        terminal.problems(prepared.problems)
        // The report's page and the site's index; the pass's results are printed even when they fail.
        let site = Result {
            try ReportSite(evidence: prepared.evidence).write(after: outcome, judgement: judgement)
        }
        let pages = (try? site.get())?.map(\.path) ?? []

        switch format {
        case .json:
            var object = AuditOutcomeJSON(outcome, historyPath: historyFile.path)
            if pages.count == 2 { object.site = .init(page: pages[0], index: pages[1]) }
            try terminal.json(object)
        case .text:
            for line in AuditOutcomeRendering.lines(outcome, historyPath: historyFile.path) { terminal.line(line) }
            if pages.count == 2 { terminal.line("Pages: \(pages[0]) and \(pages[1]).") }
        }
        if case .failure(let error) = site { throw error }
        return .success
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
                historyLine += "; \(HistoryOutput.summary(judged)) (say which screens it audited with --covers SCREEN)"
            } else if let judged = outcome.judgement, let diff = judged.comparison {
                historyLine += "; against \(diff.oldFileName): \(HistoryOutput.summary(judged))"
            } else {
                historyLine += "; no earlier report to compare with"
            }
            lines.append(historyLine + ".")
        }
        if let log = outcome.log {
            switch log.action {
            case .logged:
                lines.append("Logged session \(log.sessionNumber ?? 0) in \(log.logPath).")
            case .alreadyLogged, .wouldLog:
                lines.append(
                    "Already logged in \(log.logPath)\(log.sessionNumber.map { " (session \($0))" } ?? "").")
            }
        }
        return lines
    }
}
