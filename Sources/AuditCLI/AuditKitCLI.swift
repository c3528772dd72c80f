import AuditKit
import Foundation

/// The `auditkit` tool: finds the subcommand, parses its arguments, runs it and maps errors to exit statuses.
public enum AuditKitCLI {
    /// Every subcommand, in the order `auditkit --help` lists them.
    static var commands: [any Command.Type] {
        [
            AuditCommand.self,
            IngestCommand.self,
            ExtractCommand.self,
            SheetCommand.self,
            OverlayCommand.self,
            MapCommand.self,
            LogCommand.self,
            SummaryCommand.self,
            HistoryCommand.self,
            DiffCommand.self,
            TrendCommand.self,
            AcceptCommand.self,
            CheckCommand.self,
            InitCommand.self,
        ]
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Int32
    {
        let terminal = Terminal(environment: environment)
        guard let first = arguments.first else {
            terminal.message(overview)
            return ExitStatus.usage.rawValue
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                terminal.out(command.helpText)
            } else {
                terminal.out(overview)
            }
            return ExitStatus.success.rawValue
        case "--version", "version":
            terminal.line("auditkit \(AuditKit.version)")
            return ExitStatus.success.rawValue
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            terminal.error("auditkit: error: unknown command '\(first)'; run 'auditkit --help' for the list")
            return ExitStatus.usage.rawValue
        }
        do {
            let (parsed, wantsHelp) = try parseArguments(Array(arguments.dropFirst()), specs: command.options)
            if wantsHelp {
                terminal.out(command.helpText)
                return ExitStatus.success.rawValue
            }
            let context = CommandContext(arguments: parsed, terminal: terminal, environment: environment)
            let status = try command.run(context)
            terminal.endProgress()
            return status.rawValue
        } catch let error as AuditError {
            terminal.endProgress()
            if error.code == .usage {
                terminal.error("auditkit \(command.name): \(error.description)")
                terminal.message("usage: auditkit \(command.usage)  (see 'auditkit \(command.name) --help')")
            } else {
                terminal.error(error.description)
            }
            return error.exitStatus.rawValue
        } catch {
            terminal.endProgress()
            terminal.error("auditkit: error: \(error)")
            return ExitStatus.software.rawValue
        }
    }

    /// `auditkit --help`.
    static var overview: String {
        var text = """
            OVERVIEW: Turn Accessibility Inspector audit reports into pictures, source locations, an audit log \
            and a history of warnings.

            USAGE: auditkit <command> [options]

            COMMANDS:

            """
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text +=
                "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + command.abstract
                + "\n"
        }
        text += """

            OPTIONS:
              --version  Print the version.
              -h, --help Show help. 'auditkit <command> --help' shows a command's.

            Exit status: 0 ok, 1 findings (check), 64 usage, 65 bad input, 66 missing input, 70 internal error,
            73 cannot write an output.

            """
        return text
    }
}
