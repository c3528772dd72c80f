import AuditKit
import Foundation

/// The DocC article of every command (`Sources/AuditKit/AuditKit.docc/CommandReference.md`), rendered
/// from the same declarations as the usage, `--help`, the completions and the manual page, so the
/// reference cannot drift from what the commands accept. `auditkit help --docc` prints it; a test
/// compares the checked-in article with it.
enum CommandReference {
    /// The article, in DocC Markdown.
    static func render(commands: [any Command.Type]) -> String {
        var text = """
            # Command reference

            Every `auditkit` command: its usage, its options and its notes.

            ## Overview

            This article is generated from the commands' declarations, the same ones `auditkit --help`, \
            `auditkit help --man` and `auditkit completions` print, so it lists exactly the options each \
            command takes. Do not edit it by hand: regenerate it with
            `swift run auditkit help --docc > Sources/AuditKit/AuditKit.docc/CommandReference.md`.
            Examples of each command's output and longer notes are in <doc:Commands>.

            Every command also takes `--color auto|always|never` (colour the messages; `NO_COLOR` in the \
            environment also turns colour off) and `-h`, `--help`. `auditkit --version` prints the version.
            Exit status: 0 ok, 1 findings (check), 64 usage, 65 bad input, 66 missing input, 70 internal \
            error, 73 cannot write an output.


            """
        for command in commands {
            text += "## \(command.name)\n\n\(escaped(command.abstract))\n\n"
            text += "```text\nauditkit \(command.usage)\n```\n\n"
            if !command.options.isEmpty {
                for option in command.options {
                    let names = option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
                    text += "- term `\(names)`: \(escaped(option.help))\n"
                }
                text += "\n"
            }
            if !command.discussion.isEmpty { text += markdown(command.discussion) }
        }
        return text.trimmingCharacters(in: .newlines) + "\n"
    }

    /// A discussion as Markdown: lines that start with a space (examples, lists of commands) become
    /// code blocks, the other lines paragraphs, with Markdown's punctuation escaped.
    private static func markdown(_ discussion: String) -> String {
        var text = ""
        var code: [String] = []
        var paragraph: [String] = []
        func flushParagraph() {
            if !paragraph.isEmpty { text += paragraph.map(escaped).joined(separator: "\n") + "\n\n" }
            paragraph = []
        }
        func flushCode() {
            if !code.isEmpty { text += "```text\n" + code.joined(separator: "\n") + "\n```\n\n" }
            code = []
        }
        for line in discussion.trimmingCharacters(in: .newlines).components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flushParagraph()
                flushCode()
            } else if line.hasPrefix(" ") {
                flushParagraph()
                code.append(String(line.dropFirst(2)))
            } else {
                flushCode()
                paragraph.append(line)
            }
        }
        flushParagraph()
        flushCode()
        return text
    }

    /// `text` with the characters Markdown would read as markup escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>#|~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
