import AuditKit
import Foundation

/// `auditkit diff OLD NEW`: new, resolved and residual warnings between two reports.
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Show which warnings are new, resolved or residual between two reports."
    static let operands = "OLD NEW"
    static let discussion = """
        OLD and NEW are report files, or reports in the history named by position (1 is the oldest; latest; latest~1
        the one before it), SHA-256 prefix (6 digits or more) or file name. Warnings are matched
        in stages, never by issue number: by fingerprint (test type, normalised element text, screen group),
        then by localization key or source literal (with --source, also through the string catalogs, so
        two languages match), then by place on the same screen, then by thumbnail for text-less elements;
        a pair made by key, geometry or image says so. Only the screens both reports covered are
        compared: warnings of screens NEW did not visit are listed as not re-audited, never resolved.
        Each line shows the warning's issue number in the old and in the new report.

        EXAMPLES:
          auditkit diff Reports/AuditReport_2026-01-03_13-12-13.html Reports/AuditReport_2026-01-03_15-49-13.html
          auditkit diff latest~1 latest --format markdown
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            .choice("--format", of: HistoryOutputFormat.self, help: "text (default), markdown or json."),
            HistoryInputs.historyOption,
        ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let positional = context.arguments.positional
        guard positional.count == 2 else { throw AuditError(.usage, "diff needs exactly two reports, OLD and NEW") }
        let format: HistoryOutputFormat = try context.arguments.choice("--format", default: .text)
        var cached: History?
        func history() throws -> History {
            if let cached { return cached }
            let loaded = try HistoryInputs.loadHistory(context)
            cached = loaded
            return loaded
        }
        let mapping = try MappingInputs(context)
        let old = try HistoryInputs.entry(argument: positional[0], history: try history(), mapping: mapping, context)
        let new = try HistoryInputs.entry(argument: positional[1], history: try history(), mapping: mapping, context)
        let diff = ReportDiff(old: old, new: new, translations: mapping.translations)
        context.terminal.out(try HistoryOutput.render(diff, format: format))
        return .success
    }
}
