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
        by fingerprint (test type, normalised element text, view or screen group), never by issue number;
        each line shows the warning's issue number in the old and in the new report.

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
        context.terminal.out(try HistoryOutput.render(ReportDiff(old: old, new: new), format: format))
        return .success
    }
}
