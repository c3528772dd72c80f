import AuditKit
import Foundation

/// `auditkit summary`: a Markdown summary per view (or type, or screen) of one or more reports.
enum SummaryCommand: Command {
    static let name = "summary"
    static let abstract = "Write a Markdown summary of reports with one section per view, test type or screen."
    static let operands = Operands.oneOrMore("REPORT")
    static let discussion = """
        Views come from the mapping (--rules, ./auditkit.rules.json, --source). Each section is rendered with \
        the view.md template: the issues (number, type, element text, source
        location, status), counts, the evidence files that exist, and Fix / Verification / Status lines for
        you to fill in. Issues without a view go under 'Unmapped'. With several reports (oldest first), each
        warning says in how many reports it appears and whether it persists in all of them.
        A report that cannot be read is reported and the others are still summarised (exit status 65/66).

        EXAMPLES:
          auditkit summary Reports/AuditReport_2026-01-03_16-28-16.html --by type
          auditkit summary Reports/*.html -o Reports/summary.md
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            grouping.spec, output.spec, ProjectOptions.templates.withHelp("Look for view.md here first.").spec,
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
        let (mapper, fontScan) = try PassInputs.mapping(context)
        var configuration = AuditPass.Configuration(mapper: mapper)
        configuration.fontScan = fontScan
        let pass = AuditPass(configuration)
        var inputs: [SummaryInput] = []
        var failure: AuditError?
        for path in arguments.positional {
            do {
                let prepared = try pass.prepare(reportAt: path)
                inputs.append(SummaryInput(prepared))
            } catch let error as AuditError {
                terminal.error(error.description)
                failure = failure ?? error
            }
        }
        // Every error is already printed; with nothing readable there is nothing to summarise.
        if inputs.isEmpty, let failure { return failure.exitStatus }

        let base =
            output.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            ?? FileManager.default.currentDirectoryPath
        let markdown = AuditSummary(inputs: inputs, grouping: grouping, baseDirectory: base).markdown(
            templates: templates)
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
