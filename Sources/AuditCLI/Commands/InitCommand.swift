import AuditKit
import Foundation

/// `auditkit init`: sets up what the pass reads and writes, creating only what is missing.
enum InitCommand: Command {
    static let name = "init"
    static let abstract =
        "Create what is missing of auditkit.json, Reports/, Templates/, audit.md, a commented rule file and .gitignore."
    static let operands = Operands.none
    static let discussion = """
        Creates, when missing: the project file (\(ProjectFile.defaultFileName): the source folders given with
        --source, else the folders at its top that hold Swift sources (not tests, build products or
        dependencies), the rule file, the log, the reports folder and the templates, which every command then
        finds from any folder of the project), the reports folder (Reports/), the log's templates (Templates/audit.md,
        session.md, view.md: reword them to fit your team), the audit log (audit.md, from the template) and
        the rule file (./\(RuleFile.defaultFileName)), with no rule yet and every match key and conclusion shown
        in examples it never applies, and the .gitignore lines of what every run makes again (evidence, site, summary, trend) and
        of interrupted runs' temporaries (added to an existing .gitignore). Nothing that exists is replaced: it says what it created and what it left as it was.
        Edit the rules, then run 'auditkit map REPORT' to see what they conclude.
        """
    static let options: [OptionSpec] = [
        rules.spec, log.spec, templates.spec, reports.spec, sources.spec, TextOrJSON.option.spec,
    ]

    /// `--rules RULES`: the rule file to create.
    static let rules = ProjectOptions.rules.withHelp("The rule file (default ./\(RuleFile.defaultFileName)).")
    /// `--log PATH`: the log to create.
    static let log = ProjectOptions.log.withHelp("The audit log (default audit.md).")
    /// `--templates DIR`: the templates folder to create.
    static let templates = ProjectOptions.templates.withHelp("The templates folder (default Templates).")
    /// `--reports DIR`: the reports folder to create.
    static let reports: Option<String?> = .text(
        "--reports", value: "DIR", help: "The reports folder (default Reports).")
    /// `--source DIR`: the app's source folders the project file names.
    static let sources = ProjectOptions.source.withHelp("A folder of the app's sources (repeatable).")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let format = try arguments[TextOrJSON.option]
        let templates = arguments[Self.templates] ?? "Templates"
        let reports = arguments[Self.reports] ?? "Reports"
        // Without --source, the folders that hold the app's Swift sources, so mapping works from the first run.
        let given = arguments[Self.sources]
        let sources = given.isEmpty ? ProjectSetup.sourceFolders(in: ".", excluding: [templates, reports]) : given
        var setup = ProjectSetup(
            templatesDirectory: templates, logPath: arguments[Self.log] ?? "audit.md",
            rulesPath: arguments[Self.rules] ?? RuleFile.defaultFileName, reportsDirectory: reports, sources: sources)
        setup.namedByUser = Set([Self.templates, Self.log, Self.rules, Self.reports].compactMap { arguments[$0] })
        let pieces = try setup.apply()
        switch format {
        case .json:
            try context.terminal.json(
                InitJSON(
                    created: pieces.filter { $0.action == .created }.map(\.path),
                    updated: pieces.filter { $0.action == .updated }.map(\.path),
                    leftAsItIs: pieces.filter { $0.action == .leftAsItIs }.map(\.path)))
        case .text:
            for piece in pieces {
                let action =
                    switch piece.action {
                    case .created: "created"
                    case .updated: "added the missing lines to"
                    case .leftAsItIs: "left as it is"
                    }
                context.terminal.line("\(action): \(piece.path) (\(piece.role))")
            }
            if given.isEmpty,
                pieces.contains(where: { $0.path == ProjectFile.defaultFileName && $0.action == .created })
            {
                context.terminal.line(
                    sources.isEmpty
                        ? "No folder of Swift sources was found: name the app's with \"sources\" in "
                            + "\(ProjectFile.defaultFileName) so warnings map to code."
                        : "sources: \(sources.joined(separator: ", ")) (the folders holding Swift sources; "
                            + "edit \"sources\" in \(ProjectFile.defaultFileName) to change them)")
            }
            if pieces.contains(where: { $0.path == setup.rulesPath && $0.action == .created }) {
                context.terminal.line(
                    "\(setup.rulesPath) maps nothing yet: copy the examples that fit into its \"rules\", "
                        + "then run 'auditkit map REPORT'.")
            }
        }
        return .success
    }
}
