import AuditKit
import Foundation

/// What a command gets to run: its parsed arguments, the terminal, the environment.
public struct CommandContext: Sendable {
    /// Parsed arguments.
    public var arguments: ParsedArguments
    /// Where to write.
    public var terminal: Terminal
    /// The process environment.
    public var environment: [String: String]
    /// The project found around the working folder (`Project.locate`).
    public var project: Project
}

/// One `auditkit` subcommand. Commands only parse, call the library and print.
public protocol Command {
    /// The subcommand's name, e.g. `extract`.
    static var name: String { get }
    /// One line saying what it does.
    static var abstract: String { get }
    /// What the command takes besides options and how many: `REPORT`, `REPORT...`, `OLD NEW`, or
    /// several forms (`add REPORT... | list`). The tool checks the count before `run`, and the usage
    /// line shows it with the options from `options`, so it cannot drift from what the command accepts.
    static var operands: Operands { get }
    /// More help: examples, notes. May be empty.
    static var discussion: String { get }
    /// The options it accepts (`--help` is implicit): the `spec` of each of its `Option` declarations,
    /// through which `run` reads them.
    static var options: [OptionSpec] { get }
    /// Runs the command.
    /// - Returns: the exit status.
    /// - Throws: `AuditError`, mapped to its exit status and printed on stderr.
    static func run(_ context: CommandContext) throws -> ExitStatus
}

extension Command {
    /// The usage line after `auditkit `, generated from `operands` and `options`:
    /// `extract REPORT... [--format text|json|markdown|csv] [--thumbnails DIR]`.
    static var usage: String {
        ([name] + (operands.synopsis.isEmpty ? [] : [operands.synopsis]) + options.map(\.synopsis)).joined(
            separator: " ")
    }

    /// The full help text.
    static var helpText: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: auditkit \(usage)\n"
        if !options.isEmpty {
            text += "\nOPTIONS:\n"
            let rows =
                options.map { spec -> (String, String) in
                    let names = spec.names.joined(separator: ", ") + (spec.valueName.map { " \($0)" } ?? "")
                    return (names, spec.help)
                } + [
                    ("--color auto|always|never", AuditKitCLI.colorOption.spec.help),
                    ("-h, --help", "Show help for this command."),
                ]
            let width = min(32, rows.map(\.0.count).max() ?? 0)
            for (names, help) in rows {
                if names.count <= width {
                    text += "  " + names.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + help + "\n"
                } else {
                    text += "  " + names + "\n" + String(repeating: " ", count: width + 4) + help + "\n"
                }
            }
        }
        if !discussion.isEmpty { text += "\n" + discussion.trimmingCharacters(in: .newlines) + "\n" }
        return text
    }
}

/// `--format text|json|xcode|sarif`, the output choice of the commands that report findings in
/// source files (`map`, `scan`).
enum FindingsFormat: String, CaseIterable, Sendable {
    case text, json, xcode, sarif

    /// `--format text|json|xcode|sarif`, declared once for `map` and `scan`.
    static let option: Option<FindingsFormat> = .choice(
        "--format", default: .text, help: "text (default), json, xcode or sarif.")
}

/// `--format text|json`, the output choice of the commands that print a summary of what they did.
enum TextOrJSON: String, CaseIterable, Sendable {
    case text, json

    /// `--format text|json`, declared once for every command that prints a summary of what it did.
    static let option: Option<TextOrJSON> = .choice("--format", default: .text, help: "text (default) or json.")
}
