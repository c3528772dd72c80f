import AuditKit
import Foundation

/// The `auditkit` tool: finds the subcommand, parses its arguments, runs it and maps errors to exit statuses.
public enum AuditKitCLI {
    /// Every subcommand, in the order `auditkit --help` lists them.
    static var commands: [any Command.Type] {
        [
            AuditCommand.self,
            IngestCommand.self,
            ConfigCommand.self,
            ExtractCommand.self,
            SheetCommand.self,
            OverlayCommand.self,
            MapCommand.self,
            ScanCommand.self,
            LogCommand.self,
            SummaryCommand.self,
            HistoryCommand.self,
            DiffCommand.self,
            TrendCommand.self,
            HtmlCommand.self,
            AcceptCommand.self,
            CheckCommand.self,
            InitCommand.self,
            CompletionsCommand.self,
        ]
    }

    /// Whether `arguments` (without the program name) run a command that draws evidence pictures on
    /// threads of their own and then writes pages and the log in the same process (`audit`, `ingest`,
    /// `sheet`, `overlay`): the executable sets such a run's allocator apart (see `main.swift`).
    public static func drawsPictures(_ arguments: [String]) -> Bool {
        var arguments = arguments
        _ = try? takeColorOption(from: &arguments)
        guard let name = arguments.first else { return false }
        let drawing: [any Command.Type] = [
            AuditCommand.self, IngestCommand.self, SheetCommand.self, OverlayCommand.self,
        ]
        return drawing.contains { $0.name == name }
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Int32
    {
        var arguments = arguments
        let color: ColorChoice
        do {
            color = try takeColorOption(from: &arguments)
        } catch let error as AuditError {
            Terminal(environment: environment).error("auditkit: \(error.description)")
            return ExitStatus.usage.rawValue
        } catch {
            return ExitStatus.software.rawValue
        }
        let terminal = Terminal(environment: environment, color: color)
        guard let first = arguments.first else {
            terminal.message(overview)
            return ExitStatus.usage.rawValue
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, arguments[1] == "--man" {
                terminal.out(ManPage.render(commands: commands))
            } else if first == "help", arguments.count > 1, arguments[1] == "--docc" {
                terminal.out(CommandReference.render(commands: commands))
            } else if first == "help", arguments.count > 1 {
                guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                    return unknownCommand(arguments[1], terminal)
                }
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
            return unknownCommand(first, terminal)
        }
        do {
            let (parsed, wantsHelp) = try parseArguments(Array(arguments.dropFirst()), specs: command.options)
            if wantsHelp {
                terminal.out(command.helpText)
                return ExitStatus.success.rawValue
            }
            try command.operands.check(parsed.positional, command: command.name)
            let context = CommandContext(
                arguments: parsed, terminal: terminal, environment: environment,
                project: command.name == InitCommand.name ? .workingFolder : try Project.locate())
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
            terminal.error("auditkit: error: \(SystemErrorText.reason(error))")
            return ExitStatus.software.rawValue
        }
    }

    /// Says that `name` is no command, suggesting the nearest one.
    private static func unknownCommand(_ name: String, _ terminal: Terminal) -> Int32 {
        let suggestion = closest(to: name, among: commands.map { $0.name } + ["help"])
        terminal.error(
            "auditkit: error: unknown command '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; run 'auditkit --help' for the list"))
        return ExitStatus.usage.rawValue
    }

    /// The global `--color WHEN` option.
    static let colorOption: Option<ColorChoice> = .choice(
        "--color", default: .auto, help: "Colour the messages: auto (default), always or never.")

    /// Removes `--color WHEN` / `--color=WHEN` (before any `--`) from `arguments` and returns the choice.
    /// - Throws: a usage error for a missing or unknown value.
    static func takeColorOption(from arguments: inout [String]) throws -> ColorChoice {
        var choice = ColorChoice.auto
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            var value: String?
            if argument == "--color" {
                guard index + 1 < arguments.count else {
                    throw AuditError(.usage, "--color needs a value (auto|always|never)")
                }
                value = arguments[index + 1]
                arguments.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix("--color=") {
                value = String(argument.dropFirst("--color=".count))
                arguments.remove(at: index)
            } else {
                index += 1
                continue
            }
            guard let value, let parsed = ColorChoice(rawValue: value) else {
                throw AuditError(.usage, "--color must be one of auto, always, never, got '\(value ?? "")'")
            }
            choice = parsed
        }
        return choice
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
              --version                  Print the version.
              --color auto|always|never  Colour the messages (NO_COLOR also turns it off).
              -h, --help                 Show help. 'auditkit <command> --help' shows a command's;
                                         'auditkit help --man' prints the manual page,
                                         'auditkit help --docc' the DocC command reference.

            Exit status: 0 ok, 1 findings (check), 64 usage, 65 bad input, 66 missing input, 70 internal error,
            73 cannot write an output.

            """
        return text
    }
}
