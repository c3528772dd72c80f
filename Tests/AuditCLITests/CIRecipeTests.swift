import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditCLI

/// The CI recipe the manual points teams to (`Examples/CI/accessibility-audit.yml`) names only commands
/// and options the tool has: a renamed option or command fails here, not in a team's first run.
@Suite struct CIRecipeTests {
    static let recipe = "Examples/CI/accessibility-audit.yml"

    /// Each `auditkit …` invocation in the recipe's `run:` steps, as words (quotes removed, up to a pipe,
    /// a redirection or the end of the line; a trailing `\` continues the line).
    static func invocations(in text: String) -> [[String]] {
        let joined = text.replacingOccurrences(of: "\\\n", with: " ")
        var found: [[String]] = []
        for line in joined.split(separator: "\n") {
            let code = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            guard let start = code.range(of: #"(^|[\s:;&|])auditkit "#, options: .regularExpression) else { continue }
            let command = code[start.upperBound...].prefix { !"|>;&".contains($0) }
            found.append(
                command.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) })
        }
        return found
    }

    @Test func everyCommandTheRecipeRunsExistsWithItsOptions() throws {
        let text = try String(contentsOf: ReadmeExamplesTests.root.appending(path: Self.recipe), encoding: .utf8)
        let invocations = Self.invocations(in: text)
        #expect(invocations.map { $0.first } == ["ingest", "check", "map"])
        for words in invocations {
            let command = try #require(AuditKitCLI.commands.first { $0.name == words[0] }, "auditkit \(words[0])")
            var rest = words.dropFirst()
            while let word = rest.popFirst() {
                guard word.hasPrefix("-") else { continue }
                let option = try #require(
                    command.options.first { $0.names.contains(word) }, "auditkit \(words[0]) has no option \(word)")
                guard option.valueName != nil else { continue }
                guard let value = rest.popFirst() else {
                    Issue.record("\(word) needs a value")
                    break
                }
                if !option.choices.isEmpty {
                    #expect(option.choices.contains(value), "\(word) \(value): one of \(option.choices)")
                }
            }
        }
    }

    @Test func theParserFindsARenamedOption() throws {
        let words = Self.invocations(in: "        run: auditkit check --fail-on neww > out.txt\n")
        #expect(words == [["check", "--fail-on", "neww"]])
        let check = try #require(AuditKitCLI.commands.first { $0.name == "check" })
        let failOn = try #require(check.options.first { $0.names.contains("--fail-on") })
        #expect(!failOn.choices.contains("neww"))
    }
}
