import AuditKit
import Foundation

/// `auditkit check REPORT`: the CI gate over a report, the history and the baseline.
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Fail (exit 1) when a report has warnings that are not accepted, not system UI and new."
    static let operands = Operands.forms("[REPORT]")
    static let discussion = """
        A warning fails the check when no rule accepted it, it is not system UI, the baseline does not
        accept it, and (with --fail-on new, the default) no earlier report had it: each screen of REPORT is
        compared with the latest report of the history audited before REPORT that covered that screen, so
        a partial audit in between changes nothing. Warnings on a screen no earlier report covered are new.
        The Inspector's repeats of one element count once. Failing warnings are printed on stdout as Xcode
        diagnostics ('path:line:col: warning: ...') so a CI log shows them inline, followed by a 'note:'
        for each warning recognised by localization key, place on the screen or thumbnail rather than by
        fingerprint. --format json prints the same as one JSON object, with the stage of every pair.

        --strict-baseline also fails when an accepted warning no longer appears in REPORT; remove such
        entries with 'auditkit accept --prune'.

        REPORT may also name a report in the history (position, latest, latest~N, SHA-256 prefix, file name);
        without it, the history's latest audit is checked.
        Exit status: 0 passed, 1 failed, 64 usage, 65 bad input, 66 missing input.

        EXAMPLE:
          auditkit history add Reports/AuditReport_2026-01-04_17-49-22.html
          auditkit check Reports/AuditReport_2026-01-04_17-49-22.html --fail-on any --strict-baseline
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            failOn.spec, strictBaseline.spec, ProjectOptions.history.spec, ProjectOptions.baseline.spec,
            HistoryInputs.screen.spec, HistoryInputs.auditDate.spec, TextOrJSON.option.spec,
        ]

    /// `--fail-on new|any`.
    static let failOn: Option<CheckFailOn> = .choice(
        "--fail-on", default: .new, help: "new (default): only warnings not in the previous report; any: all.")
    /// `--strict-baseline`.
    static let strictBaseline: Option<Bool> = .flag(
        "--strict-baseline", help: "Also fail when an accepted warning no longer appears.")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let failOn = try context.arguments[Self.failOn]
        let format = try context.arguments[TextOrJSON.option]
        let mapping = try MappingInputs(context)
        let positional = context.arguments.positional
        guard positional.count <= 1 else { throw AuditError(.usage, "check takes one REPORT") }
        let argument = positional.first ?? "latest"
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        let strictBaseline = context.arguments[Self.strictBaseline]
        let file = HistoryInputs.historyFile(context)
        let check: HistoryCheck
        if !HistoryInputs.isFile(argument),
            let found = try JudgementRecordFile(history: file).check(
                reference: argument, baseline: baseline, translations: mapping.translations, failOn: failOn,
                strictBaseline: strictBaseline, records: false, warn: { context.terminal.warning($0) })
        {
            // A report of the history: as its judgement was recorded (judged, not recorded, when it was not:
            // `check` writes nothing).
            HistoryInputs.warnOfIgnoredFlags(naming: argument, context)
            check = found
        } else {
            // A report file, or a reference the history lacks (its warnings printed already).
            let history = HistoryInputs.isFile(argument) ? try HistoryInputs.loadHistory(context) : try file.load()
            guard !positional.isEmpty || !history.entries.isEmpty else {
                throw AuditError(
                    .usage, "missing REPORT: the history has no audit to check yet (auditkit ingest adds one)",
                    path: file.path)
            }
            let entry = try HistoryInputs.entry(argument: argument, history: history, mapping: mapping, context)
            check = HistoryCheck(
                entry: entry, history: history, translations: mapping.translations, baseline: baseline,
                failOn: failOn, strictBaseline: strictBaseline)
        }
        let entry = check.entry
        if format == .json {
            try context.terminal.json(CheckJSON(check))
        } else {
            for diagnostic in check.diagnostics { context.terminal.line(diagnostic.description) }
        }
        var summary = "check \(entry.fileName): \(check.failing.count) failing warning(s)"
        if failOn == .new {
            summary += check.previousFileName.map { " new since \($0)" } ?? " new (no earlier audit of its screens)"
        }
        summary += ", \(check.baselined.count) in the baseline"
        if !check.staleBaseline.isEmpty {
            summary += ", \(check.staleBaseline.count) accepted warning(s) no longer present"
        }
        context.terminal.message(summary + (check.failed ? "; FAILED" : "; passed"))
        return check.failed ? .findings : .success
    }
}
