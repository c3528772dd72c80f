import AuditKitTestSupport
import Foundation
import Testing

/// The example blocks of the README and the DocC articles are real: each block marked
/// `<!-- example -->` is run in a fresh copy of what the repository ships (`Reports/*.html`,
/// `Examples/`), one `$ auditkit …` line after another, and what the commands print on stdout must be
/// the block's text. With `AUDITKIT_RECORD_README=1` in the environment the test writes the real
/// output into the files instead (then read the diff before committing it).
@Suite struct ReadmeExamplesTests {
    struct Example {
        /// The file, relative to the repository's root.
        var file: String
        var line: Int
        /// The lines of the block's body in the README (0-based, end exclusive).
        var body: Range<Int>
        var commands: [[String]]
        var expected: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The files whose marked blocks are checked: the README and every DocC article.
    static func documentationFiles() throws -> [String] {
        let catalog = "Sources/AuditKit/AuditKit.docc"
        let articles = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + articles.map { catalog + "/" + $0 }
    }

    /// The marked blocks of `file`: a `$ auditkit …` line starts a command, the lines after it are its
    /// output.
    static func examples(in file: String) throws -> [Example] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].trimmingCharacters(in: .whitespaces) == "<!-- example -->" else { continue }
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("```") else { continue }
            var body: [String] = []
            var end = index + 2
            while end < lines.count, !lines[end].hasPrefix("```") {
                body.append(lines[end])
                end += 1
            }
            var commands: [[String]] = []
            var expected = ""
            for line in body {
                if line.hasPrefix("$ auditkit ") {
                    commands.append(Self.words(String(line.dropFirst("$ auditkit ".count))))
                } else {
                    expected += line + "\n"
                }
            }
            examples.append(
                Example(file: file, line: index + 1, body: (index + 2)..<end, commands: commands, expected: expected))
            index = end
        }
        return examples
    }

    /// `a "b c" d` as `["a", "b c", "d"]`.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    /// A fresh folder holding what the repository ships for the examples.
    static func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let files = FileManager.default
        try files.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        let reports = root.appendingPathComponent("Reports").path
        for name in try files.contentsOfDirectory(atPath: reports) where name.hasSuffix(".html") && name != "index.html"
        {
            try files.copyItem(atPath: reports + "/" + name, toPath: directory.file("Reports/" + name))
        }
        try files.copyItem(atPath: root.appendingPathComponent("Examples").path, toPath: directory.file("Examples"))
        return directory
    }

    @Test func everyMarkedBlockIsWhatItsCommandsPrint() throws {
        let files = try Self.documentationFiles()
        let examples = try files.flatMap { try Self.examples(in: $0) }
        #expect(examples.filter { $0.file == "README.md" }.count >= 10, "the README has marked example blocks")
        #expect(examples.filter { $0.file != "README.md" }.count >= 10, "the DocC articles have marked example blocks")
        let record = ProcessInfo.processInfo.environment["AUDITKIT_RECORD_README"] == "1"
        var recorded: [String: [(Range<Int>, [String])]] = [:]
        for example in examples {
            let directory = try Self.workspace()
            defer { directory.remove() }
            var output = ""
            var body: [String] = []
            for command in example.commands {
                // `… > /dev/null` runs a step whose output the block does not show.
                let silent = Array(command.suffix(2)) == [">", "/dev/null"]
                let result = try runTool(silent ? Array(command.dropLast(2)) : command, in: directory.path)
                #expect(
                    result.status == 0,
                    "\(example.file):\(example.line): \(command.joined(separator: " ")): \(result.stderr)"
                )
                body.append("$ auditkit " + command.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " "))
                if silent { continue }
                output += result.stdout
                body += result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
                    String.init)
            }
            if record {
                recorded[example.file, default: []].append((example.body, body))
            } else {
                #expect(output == example.expected, "\(example.file):\(example.line)")
            }
        }
        for (file, blocks) in recorded {
            let url = Self.root.appendingPathComponent(file)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (range, body) in blocks.reversed() { lines.replaceSubrange(range, with: body) }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
