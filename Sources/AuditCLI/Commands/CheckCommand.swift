import AuditKit
import Foundation

/// `auditkit check REPORT`: the CI gate over a report, the history and the baseline.
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Fail (exit 1) when a report has warnings that are not accepted, not system UI and new."
    static let operands = "REPORT"
    static let discussion = """
        A warning fails the check when no rule accepted it, it is not system UI, the baseline does not
        accept it, and (with --fail-on new, the default) it was not in the previous report of the history:
        the latest report audited before REPORT. With no previous report every warning is new. Failing
        warnings are printed on stdout as Xcode diagnostics ('path:line:col: warning: ...') so a CI log
        shows them inline.

        --strict-baseline also fails when an accepted warning no longer appears in REPORT; remove such
        entries with 'auditkit accept --prune'.

        REPORT may also name a report in the history (position, latest, latest~N, SHA-256 prefix, file name).
        Exit status: 0 passed, 1 failed, 64 usage, 65 bad input, 66 missing input.

        EXAMPLE:
          auditkit history add Reports/AuditReport_2026-01-04_17-49-22.html
          auditkit check Reports/AuditReport_2026-01-04_17-49-22.html --fail-on any --strict-baseline
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            .choice(
                "--fail-on", of: CheckFailOn.self,
                help: "new (default): only warnings not in the previous report; any: all."),
            .flag("--strict-baseline", help: "Also fail when an accepted warning no longer appears."),
            HistoryInputs.historyOption,
            HistoryInputs.baselineOption,
        ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        guard context.arguments.positional.count == 1 else {
            throw AuditError(.usage, "check needs exactly one REPORT")
        }
        let failOn: CheckFailOn = try context.arguments.choice("--fail-on", default: .new)
        let history = try HistoryInputs.loadHistory(context)
        let entry = try HistoryInputs.entry(
            argument: context.arguments.positional[0], history: history, mapping: try MappingInputs(context), context)
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        let check = HistoryCheck(
            entry: entry, previous: history.entry(before: entry), baseline: baseline,
            failOn: failOn, strictBaseline: context.arguments.has("--strict-baseline"))
        for diagnostic in check.diagnostics { context.terminal.line(diagnostic.description) }
        var summary = "check \(entry.fileName): \(check.failing.count) failing warning(s)"
        summary += failOn == .new ? " new since \(check.previous?.fileName ?? "(no previous report)")" : ""
        summary += ", \(check.baselined.count) in the baseline"
        if !check.staleBaseline.isEmpty {
            summary += ", \(check.staleBaseline.count) accepted warning(s) no longer present"
        }
        context.terminal.message(summary + (check.failed ? "; FAILED" : "; passed"))
        return check.failed ? .findings : .success
    }
}
