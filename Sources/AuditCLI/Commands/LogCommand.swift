import AuditKit
import Foundation

/// `auditkit log`: adds one session for a report to the hand-kept `audit.md`.
enum LogCommand: Command {
    static let name = "log"
    static let abstract = "Add a session for a report to the audit log (audit.md), keeping every other byte."
    static let operands = Operands.forms("REPORT | --init")
    static let discussion = """
        The session goes at the end of the log's '## Audit Log' section (before the next '## ' heading),
        numbered one above the highest '### Session N'. It names the date, scope, report, counts per test
        type, the views and source locations the mapping finds (--rules, ./auditkit.rules.json, --source), the
        new / resolved / residual warnings against the previous report in the history (when the history file
        exists), and the evidence files that exist (index sheet, overlays, thumbnails), and carries a hidden
        marker with the report's SHA-256: logging the same report again does nothing unless --force.
        A missing log is created from the audit.md template; 'auditkit log --init' creates it alone.
        Templates are looked for in --templates DIR, then ./Templates, then the built-in copies.

        EXAMPLES:
          auditkit log Reports/AuditReport_2026-01-03_16-28-16.html
          auditkit log Reports/AuditReport_2026-01-03_16-28-16.html --scope "HomeView contrast" --dry-run
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            ProjectOptions.history.spec,
            ProjectOptions.baseline.spec,
            ProjectOptions.log.withHelp("The log file (default: audit.md).").spec,
            scope.spec,
            PassInputs.date.spec,
            dryRun.spec,
            force.spec,
            update.spec,
            ProjectOptions.templates.withHelp("Look for audit.md and session.md here first.").spec,
            createLog.spec,
            TextOrJSON.option.spec,
        ]

    /// `--scope TEXT`.
    static let scope = AuditCommand.scope.withHelp("What the session covered (default: the screens and the report).")
    /// `--dry-run`.
    static let dryRun: Option<Bool> = .flag("--dry-run", help: "Print the session that would be added; write nothing.")
    /// `--force`.
    static let force: Option<Bool> = .flag("--force", help: "Log the report again even if the log already has it.")
    /// `--update`.
    static let update: Option<Bool> = .flag(
        "--update",
        help: "Replace the report's session with one computed now (same number), e.g. after adding --source.")
    /// `--init`.
    static let createLog: Option<Bool> = .flag(
        "--init", help: "Create the log from the audit.md template (no session) if it does not exist.")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let terminal = context.terminal
        let format = try arguments[TextOrJSON.option]
        let logPath = context.logPath
        let templates = try context.templates()
        let date = try arguments[PassInputs.date].map(SessionFacts.validatedDate)
        let writer = AuditLogWriter(templates: templates)

        if arguments[Self.createLog] {
            guard arguments.positional.isEmpty else { throw AuditError(.usage, "--init takes no REPORT") }
            let created = try writer.createLog(
                at: logPath, date: date ?? SessionFacts.today(), namedByUser: context.logNamedByUser)
            if format == .json {
                try terminal.json(LogJSON(action: created ? "created" : "exists", log: logPath))
            } else {
                terminal.line(
                    created ? "Created \(logPath) from the template." : "\(logPath) already exists; left as it is.")
            }
            return .success
        }
        guard arguments.positional.count == 1, let reportPath = arguments.positional.first else {
            throw AuditError(.usage, arguments.positional.isEmpty ? "missing REPORT" : "log takes one REPORT at a time")
        }
        // The comparison only: `log` adds nothing to the history (a missing history file reads as empty).
        let (mapper, fontScan) = try PassInputs.mapping(context)
        var configuration = AuditPass.Configuration(
            mapper: mapper, evidenceRoot: context.reportsFolder, history: HistoryInputs.historyFile(context),
            appendsToHistory: false, baseline: try Baseline.load(path: HistoryInputs.baselinePath(context)),
            logPath: logPath, templates: templates, date: date.map { .fixed($0) } ?? .auditDate,
            scope: arguments[Self.scope], forceLog: arguments[Self.force],
            dryRun: arguments[Self.dryRun], logNamedByUser: context.logNamedByUser)
        configuration.fontScan = fontScan
        configuration.updateLog = arguments[Self.update]
        if configuration.updateLog, configuration.forceLog {
            throw AuditError(.usage, "--update replaces the report's session and --force adds another; give one")
        }
        let pass = AuditPass(configuration)
        var judgement = HistoryJudgement(
            history: try HistoryInputs.loadHistory(context), baseline: configuration.baseline,
            translations: pass.translations)
        let prepared = try pass.prepare(reportAt: reportPath)
        terminal.problems(prepared.problems)
        let report = prepared.report
        guard let outcome = try pass.record(prepared, judgement: &judgement).log else {
            throw AuditError(.internalError, "the pass did not log", path: logPath)
        }

        if format == .json {
            try terminal.json(
                LogJSON(
                    action: outcome.action.rawValue, log: logPath, report: reportPath, sha256: report.sha256,
                    createdLog: outcome.createdLog, createdSection: outcome.createdSection,
                    session: outcome.sessionNumber, text: outcome.action == .wouldLog ? outcome.sessionText : nil))
            return .success
        }
        switch outcome.action {
        case .logged:
            let created = outcome.createdLog ? " (created the log from the template)" : ""
            terminal.line("Logged \(report.fileName) as session \(outcome.sessionNumber ?? 0) in \(logPath)\(created).")
        case .updated:
            terminal.line("Updated session \(outcome.sessionNumber ?? 0) of \(report.fileName) in \(logPath).")
        case .alreadyLogged where outcome.writtenByHand:
            terminal.line(
                "\(report.fileName) is in Session \(outcome.sessionNumber ?? 0), written by hand; "
                    + "not logged again (--force logs it).")
        case .alreadyLogged:
            let session = outcome.sessionNumber.map { " (session \($0))" } ?? ""
            terminal.line(
                "\(report.fileName) is already logged in \(logPath)\(session); nothing written. "
                    + (arguments[Self.update]
                        ? "It is up to date." : "Use --update to bring it up to date, --force to log it again."))
        case .wouldLog:
            terminal.message(
                "dry run: would add session \(outcome.sessionNumber ?? 0) to \(logPath)"
                    + (outcome.createdLog ? ", creating it from the template" : ""))
            terminal.out(outcome.sessionText)
        }
        return .success
    }

}
