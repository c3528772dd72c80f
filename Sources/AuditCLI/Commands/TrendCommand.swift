import AuditKit
import Foundation

/// `auditkit trend`: open warnings per view or type across the history, residual warnings, SVG chart.
struct TrendCommand: Command {
    static let name = "trend"
    static let abstract = "Show open warnings per view or test type across the history, and draw them as SVG."
    static let operands = Operands.none
    static let discussion = """
        One column per report in the history (ordered by audit date), one row per view (or screen group
        when no view is mapped) or per test type. A warning is open unless a rule accepted it, it is
        system UI, or the baseline accepts it. A report only speaks for the screens it covered: a column
        counts the screens a report did not visit as their latest earlier report had them (marked '*').
        Then the latest report's residual warnings: when each was first seen and in how many reports of its
        screen it has been; and the warnings of screens the latest report did not visit, 'not re-audited
        since' their last audit. With --source, the string catalogs also match warnings across languages.

        EXAMPLES:
          auditkit trend --by type --svg Reports/trend.svg
          auditkit trend --format markdown >> audit.md
        """
    static let options: [OptionSpec] = [
        grouping.spec, svg.spec, HistoryOutputFormat.option.spec, ProjectOptions.history.spec,
        ProjectOptions.baseline.spec, ProjectOptions.source.spec,
    ]

    /// `--by view|type`.
    static let grouping: Option<TrendGrouping> = .choice(
        "--by", default: .view, help: "Rows per view (default) or type.")
    /// `--svg PATH`.
    static let svg: Option<String?> = .text("--svg", value: "PATH", help: "Also write the chart as an SVG file.")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let grouping = try context.arguments[Self.grouping]
        let format = try context.arguments[HistoryOutputFormat.option]
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        let translations = try MappingInputs(context).translations
        // Read from the judgement recorded beside the history while it holds.
        let trend = try JudgementRecordFile(history: HistoryInputs.historyFile(context)).trend(
            by: grouping, baseline: baseline, translations: translations, warn: { context.terminal.warning($0) })
        if let svgPath = context.arguments[Self.svg] {
            let directory = PathName.parent(svgPath)
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
                try AtomicFile.makeDirectory(directory, namedByUser: true)
            }
            // A generated file: the atomic rename is enough, no lock file and no fsync.
            try AtomicFile.write(
                Data(TrendChart.svg(trend).utf8), to: svgPath, durability: .regenerable, namedByUser: true)
            context.terminal.message("wrote \(svgPath)")
        }
        context.terminal.out(try HistoryOutput.render(trend, format: format))
        return .success
    }
}
