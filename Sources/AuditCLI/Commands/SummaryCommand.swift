import AuditKit
import Foundation

/// `auditkit summary`: a Markdown summary per view (or type, or screen) of one or more reports.
enum SummaryCommand: Command {
    static let name = "summary"
    static let abstract = "Write a Markdown summary of reports with one section per view, test type or screen."
    static let operands = Operands.any("REPORT")
    static let discussion = """
        Views come from the mapping (--rules and --source, else the project file's, else \
        ./auditkit.rules.json, else the inputs the history recorded for its latest mapped audit). Each \
        section is rendered with the view.md template: the issues (number, type, element text, source
        location, status), counts, the evidence files that exist, and Fix / Verification / Status lines for
        you to fill in. Issues without a view go under the screen they were judged on (as in diff and trend),
        after the views. With several reports (oldest first), each
        warning says in how many reports it appears and whether it persists in all of them.
        A report that cannot be read is reported and the others are still summarised (exit status 65/66).
        Without REPORT, the audits the latest run added are summarised: each from its report file (in the
        reports folder or beside the log), else as the history recorded it.
        Warnings are judged with the history and the baseline, as every other output states them: one the
        baseline accepts is accepted here too.
        Files AuditKit wrote (the site's index.html, the baseline) are skipped with a note.

        EXAMPLES:
          auditkit summary Reports/AuditReport_2026-01-03_16-28-16.html --by type
          auditkit summary Reports/*.html -o Reports/summary.md
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            grouping.spec, output.spec, ProjectOptions.templates.withHelp("Look for view.md here first.").spec,
            ProjectOptions.history.spec, ProjectOptions.baseline.spec,
        ]

    /// `--by view|type|screen`.
    static let grouping: Option<SummaryGrouping> = .choice(
        "--by", default: .view, help: "view (default), type or screen.")
    /// `--output PATH`.
    static let output: Option<String?> = .text(
        "--output", "-o", value: "PATH", help: "Write the summary here (atomically) instead of stdout.")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let terminal = context.terminal
        let grouping = try arguments[Self.grouping]
        let templates = try context.templates()
        let output = arguments[Self.output]

        // The sources are scanned for fixed font sizes in the index's pass: likely causes of Dynamic Type warnings.
        // The judgement every output states: the history's, with today's baseline (a damaged baseline
        // is an error here as in `check`).
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        let history = try HistoryInputs.loadHistory(context)
        let (mapper, fontScan) = try PassInputs.mapping(
            context, recorded: PassInputs.recordedInputs(history, context))
        var configuration = AuditPass.Configuration(mapper: mapper)
        configuration.fontScan = fontScan
        configuration.reading.identities = history.auditIdentities
        let pass = AuditPass(configuration)
        var inputs: [SummaryInput] = []
        var failure: AuditError?
        var sources: [HistoryInputs.ReportSource]
        if arguments.positional.isEmpty {
            // The latest run's audits, each from its file, else as the history recorded it.
            sources = try HistoryInputs.reportSources([], context)
        } else {
            let files = try AuditIngest.reportFiles(in: arguments.positional)
            for skipped in files.skipped { terminal.message(skipped.note) }
            sources = files.paths.map { .file($0) }
        }
        for source in sources {
            switch source {
            case .file(let path):
                do {
                    inputs.append(SummaryInput(try pass.prepare(reportAt: path)))
                } catch let error as AuditError {
                    terminal.error(error.description)
                    failure = failure ?? error
                }
            case .recorded(let entry, let path):
                inputs.append(
                    SummaryInput(
                        recorded: entry, reportPath: path,
                        evidence: EvidencePaths(reportPath: path, root: context.reportsFolder)))
            }
        }
        // Every error is already printed; with nothing readable there is nothing to summarise.
        if inputs.isEmpty, let failure { return failure.exitStatus }

        let base =
            output.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            ?? FileManager.default.currentDirectoryPath
        let judgement = HistoryJudgement(history: history, baseline: baseline, translations: pass.translations)
        let markdown = AuditSummary(inputs: inputs, judgement: judgement, grouping: grouping, baseDirectory: base)
            .markdown(templates: templates)
        if let output {
            // A generated file: the atomic rename is enough, no lock file and no fsync.
            try AtomicFile.write(Data(markdown.utf8), to: output, durability: .regenerable, namedByUser: true)
            terminal.message("wrote \(output)")
        } else {
            terminal.out(markdown)
        }
        return failure?.exitStatus ?? .success
    }
}
