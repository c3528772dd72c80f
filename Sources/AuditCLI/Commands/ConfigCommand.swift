import AuditKit
import Foundation

/// `auditkit config`: the settings in force here and where each came from.
enum ConfigCommand: Command {
    static let name = "config"
    static let abstract = "Print the project's settings in force and where each came from."
    static let operands = Operands.none
    static let discussion = """
        The project is the nearest folder, from the working folder up, that holds \(ProjectFile.defaultFileName),
        else Reports/history.jsonl, else an audit.md with AuditKit sessions; without one it is the working
        folder. Every setting comes from its flag when given, else from \(ProjectFile.defaultFileName), else the
        tool's default at the project's root; paths are printed from the working folder. Give the flags of
        another command to see what it would use.

        EXAMPLE: cd Reports && auditkit config
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            ProjectOptions.log.withHelp("The audit log.").spec,
            ProjectOptions.history.spec,
            ProjectOptions.baseline.spec,
            ProjectOptions.out.spec,
            ProjectOptions.config.spec,
            ProjectOptions.templates.withHelp("The templates folder.").spec,
            TextOrJSON.option.spec,
        ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let format = try context.arguments[TextOrJSON.option]
        let project = context.project
        let sources = context.sources
        let settings: [ConfigJSON.Setting] = [
            .init(
                name: "sources", value: sources.paths.isEmpty ? nil : sources.paths.joined(separator: ", "),
                origin: sources.origin.rawValue),
            .init(
                name: "target", value: context.auditTarget?.name,
                origin: (context.auditTarget?.origin ?? .default).rawValue),
            .init(name: "rules", context.rules),
            .init(name: "log", context.log),
            .init(name: "reports", context.reports),
            .init(name: "history", context.history),
            .init(name: "baseline", context.baseline),
            .init(name: "scan", context.scanConfiguration),
            .init(name: "templates", context.templatesFolder),
        ]
        let projectFile = project.file == nil ? nil : project.resolve(ProjectFile.defaultFileName)
        switch format {
        case .json:
            try context.terminal.json(
                ConfigJSON(
                    root: project.absoluteRoot, foundBy: project.marker.rawValue, projectFile: projectFile,
                    settings: settings))
        case .text:
            let root = project.root.isEmpty ? "." : project.root
            if project.marker == .workingFolder {
                context.terminal.line(
                    "Project: the working folder (no \(ProjectFile.defaultFileName), Reports/history.jsonl or audit.md "
                        + "with AuditKit sessions here or above it).")
            } else {
                context.terminal.line("Project: \(root), found by \(project.marker.rawValue).")
            }
            for setting in settings {
                context.terminal.line("\(setting.name): \(setting.value ?? "none") (\(setting.origin))")
            }
        }
        return .success
    }
}

extension ConfigJSON.Setting {
    /// A path setting that may be absent (no rule file, scan configuration or templates folder).
    init(name: String, _ found: (path: String, origin: CommandContext.Origin)?) {
        self.init(
            name: name, value: found?.path, origin: found?.origin.rawValue ?? CommandContext.Origin.default.rawValue
        )
    }
}
