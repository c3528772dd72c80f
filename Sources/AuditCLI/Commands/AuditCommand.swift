import AuditKit
import Foundation

/// `auditkit audit`: the team's whole pass over one report in one step: pictures, mapping, history, log.
enum AuditCommand: Command {
    static let name = "audit"
    static let abstract = "Do the whole pass on a report: evidence pictures, mapping, history and an audit.md session."
    static let usage =
        "audit REPORT [--rules RULES] [--source DIR]... [--log PATH] [--history PATH] [--scope TEXT] [--date YYYY-MM-DD]"
        + " [--font PATH] [--templates DIR] [--format text|json]"
    static let discussion = """
        In order:
          1. reads the report;
          2. writes its thumbnails (issue_01.jpg, ...) and screenshots (screen_1.jpg, ...), the index sheet
             and the annotated screenshots into the report's evidence folder (Reports/<report name>/);
          3. maps the issues to views and code with the rule file (--rules, else ./auditkit.rules.json) and
             the Swift sources under each --source folder;
          4. adds the report to the history (Reports/history.jsonl) and compares it with the report before it;
          5. appends a session to the audit log (audit.md) naming all of the above.
        Every step is idempotent: running it again on the same report rewrites nothing that is unchanged,
        adds nothing to the history and logs no second session. Each step is also a command of its own
        (extract, sheet, overlay, map, history add, log).

        EXAMPLE: auditkit audit Reports/AuditReport_2026-01-02_11-02-25.html --source App
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            .option("--log", value: "PATH", help: "The audit log (default: audit.md)."),
            HistoryInputs.historyOption,
            .option("--scope", value: "TEXT", help: "The session's scope (default: the screens and the report)."),
            .option("--date", value: "YYYY-MM-DD", help: "The session's date (default: today)."),
            .option("--font", value: "PATH", help: "Font file for the pictures' labels."),
            .option("--templates", value: "DIR", help: "Look for the log templates here first."),
            .option("--format", value: "FORMAT", help: "text (default) or json."),
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
        let date = try arguments.value("--date").map(SessionFacts.validatedDate) ?? SessionFacts.today()
        let templates = try TemplateSet(directory: arguments.value("--templates"))
        let text = try TextRenderer(explicitFontPath: arguments.value("--font"), environment: context.environment)
        let mapping = try MappingInputs(context)
        let logPath = arguments.value("--log") ?? "audit.md"
        let historyFile = HistoryInputs.historyFile(context)
        let history = try HistoryInputs.loadHistory(context)

        terminal.progress("reading \(reportPath)")
        let report = try ReportReader.read(path: reportPath)
        terminal.warnings(of: report, limit: 5)

        terminal.progress("writing evidence for \(report.issues.count) issues")
        let evidence = EvidencePaths(reportPath: report.sourcePath)
        let images = try EvidenceExport.write(report, to: evidence.directory)
        let sheet = try IndexSheet(report: report, text: text).write()
        let overlays = try Overlay.writeAll(report: report, text: text, directory: evidence.directory)
        terminal.warnings(sheet: sheet, overlays: overlays, of: reportPath)

        terminal.progress("mapping")
        let mappings = mapping.mappings(for: report)

        terminal.progress("updating the history")
        let entry = HistoryEntry(report: report, mappings: mappings ?? [])
        let diff = history.diffWithPrevious(entry)
        let addedToHistory = try historyFile.append(entry)

        terminal.progress("logging")
        let facts = SessionFacts(
            report: report, logPath: logPath, mapping: mappings,
            comparison: diff.map(SessionComparison.init), date: date, scope: arguments.value("--scope"),
            evidence: evidence)
        let outcome = try AuditLogWriter(templates: templates).append(facts, to: logPath)
        terminal.endProgress()

        switch format {
        case .json:
            var object: [String: Any] = [
                "report": reportPath, "sha256": report.sha256, "issues": report.issues.count,
                "screens": report.screens.count, "evidence": evidence.directory,
                "thumbnails": images.thumbnails.count, "screenshots": images.screenshots.count,
                "indexSheet": sheet.paths, "overlays": overlays.paths,
                "mapped": mappings.map { $0.count as Any } ?? NSNull(),
                "history": ["path": historyFile.path, "added": addedToHistory] as [String: Any],
                "log": ["path": logPath, "action": outcome.action.rawValue] as [String: Any],
            ]
            if let diff {
                object["comparison"] =
                    [
                        "previous": diff.oldFileName, "new": diff.new.count, "resolved": diff.resolved.count,
                        "residual": diff.residual.count,
                    ] as [String: Any]
            }
            if let number = outcome.sessionNumber { object["session"] = number }
            try terminal.json(object)
        case .text:
            // The session's own counts (Inspector order), so the log and this line agree.
            let byType = facts.counts.map { "\($0.testType.displayName) \($0.count)" }
            terminal.line(
                "Read \(report.fileName): \(SessionFacts.counted(report.screens.count, "screen")), "
                    + SessionFacts.counted(report.issues.count, "issue")
                    + (byType.isEmpty ? "" : " (" + byType.joined(separator: ", ") + ")"))
            terminal.line(
                "Evidence in \(evidence.directory)/: \(SessionFacts.counted(images.thumbnails.count, "thumbnail")) and "
                    + "\(SessionFacts.counted(images.screenshots.count, "screenshot")) "
                    + "(\(images.written) new or changed), \(SessionFacts.counted(sheet.paths.count, "index sheet page")), "
                    + SessionFacts.counted(overlays.paths.count, "overlay"))
            terminal.line(
                mappings.map { mapped in
                    "Mapping: \(mapped.count) of \(report.issues.count) issues matched a rule or their text in the sources "
                        + "('auditkit map' shows each)."
                }
                    ?? "Mapping: no rule file or --source folder given (see 'auditkit init' and 'auditkit map --help')."
            )
            var historyLine = addedToHistory ? "Added to \(historyFile.path)" : "Already in \(historyFile.path)"
            if let diff {
                historyLine +=
                    "; against \(diff.oldFileName): \(diff.new.count) new, \(diff.resolved.count) resolved, "
                    + "\(diff.residual.count) residual"
            } else {
                historyLine += "; no earlier report to compare with"
            }
            terminal.line(historyLine + ".")
            switch outcome.action {
            case .logged:
                terminal.line("Logged session \(outcome.sessionNumber ?? 0) in \(logPath).")
            case .alreadyLogged, .wouldLog:
                terminal.line("Already logged in \(logPath)\(outcome.sessionNumber.map { " (session \($0))" } ?? "").")
            }
        }
        return .success
    }
}
