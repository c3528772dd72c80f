import AuditKit
import Foundation

/// `auditkit init`: writes a commented example rule file to start from.
enum InitCommand: Command {
    static let name = "init"
    static let abstract = "Write a commented example rule file (auditkit.rules.json) to start mapping from."
    static let usage = "init [--rules PATH] [--force]"
    static let discussion = """
        Writes the example rule file, with every match key and conclusion explained in comments, to
        ./\(RuleFile.defaultFileName) (or --rules PATH). An existing file is left alone unless --force.
        Edit it, then run 'auditkit map REPORT' to see what the rules conclude.
        """
    static let options: [OptionSpec] = [
        .option("--rules", value: "PATH", help: "Where to write (default ./\(RuleFile.defaultFileName))."),
        .flag("--force", help: "Replace an existing file."),
    ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        guard context.arguments.positional.isEmpty else { throw AuditError(.usage, "init takes no arguments") }
        let path = context.arguments.value("--rules") ?? RuleFile.defaultFileName
        return try FileLock.withExclusiveLock(at: FileLock.lockPath(for: path)) {
            if FileManager.default.fileExists(atPath: path), !context.arguments.has("--force") {
                context.terminal.message("\(path) already exists; left as it is (use --force to replace it).")
                return .success
            }
            // The example must stay a valid rule file: parse it before writing.
            _ = try RuleFile(parsing: Array(RuleFile.example.utf8), path: path)
            try AtomicFile.write(Data(RuleFile.example.utf8), to: path)
            context.terminal.line("Wrote \(path). Edit its rules, then run 'auditkit map REPORT'.")
            return .success
        }
    }
}
