import AuditKit
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

    /// What one run of the recipe did: the gate's exit status (nil when it did not run), the failing
    /// warnings it printed, and the SARIF it uploaded.
    struct Run {
        var gate: Int32?
        var failing: [String] = []
        var sarif: [[String: Any]] = []
    }

    /// A repository with the recipe in it, its runs played step by step: the checkout is a copy of what
    /// the team committed, the cache steps copy their paths to and from a folder that stands for the
    /// Actions cache, the UI tests write `audits` as the recorder would, and each `auditkit` line runs
    /// the built tool (`> FILE` keeps its output).
    struct Repository {
        let world: TemporaryDirectory
        let recipe: WorkflowRecipe
        var runs = 0

        var committed: String { world.file("repository") }
        var cache: String { world.file("cache") }
        var checkout: String { world.file("checkout") }

        init() throws {
            world = try TemporaryDirectory()
            let text = try String(
                contentsOf: ReadmeExamplesTests.root.appending(path: CIRecipeTests.recipe), encoding: .utf8)
            recipe = WorkflowRecipe(text)
            for folder in [committed + "/Reports", cache] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }

        static func copy(_ paths: [String], from source: String, to target: String) throws {
            let files = FileManager.default
            for path in paths where files.fileExists(atPath: source + "/" + path) {
                try? files.removeItem(atPath: target + "/" + path)
                try files.createDirectory(
                    atPath: PathName.parent(target + "/" + path), withIntermediateDirectories: true)
                try files.copyItem(atPath: source + "/" + path, toPath: target + "/" + path)
            }
        }

        /// Runs the recipe on `event` with the UI tests auditing `audits`.
        mutating func run(_ event: String, _ audits: RecorderRun) throws -> Run {
            runs += 1
            try? FileManager.default.removeItem(atPath: checkout)
            try FileManager.default.copyItem(atPath: committed, toPath: checkout)
            var result = Run()
            var failed = false
            for step in recipe.steps where step.runs(on: event, failed: failed) {
                let uses = step.uses ?? ""
                if uses.hasPrefix("actions/cache/restore") {
                    try Self.copy(step.paths, from: cache, to: checkout)
                } else if uses.hasPrefix("actions/cache/save") {
                    try Self.copy(step.paths, from: checkout, to: cache)
                } else if let script = step.run, script.contains("xcodebuild") {
                    try audits.write(into: checkout + "/Reports", day: "2026-06-\(10 + runs)", hour: 10)
                } else if let script = step.run, !script.contains("install.sh") {
                    for line in script.split(separator: "\n") {
                        guard let words = CIRecipeTests.invocations(in: String(line)).first else { continue }
                        let tool = try runTool(words, in: checkout)
                        if let output = line.split(separator: ">").dropFirst().first {
                            try Data(tool.stdout.utf8).write(
                                to: URL(fileURLWithPath: checkout + "/" + output.trimmingCharacters(in: .whitespaces)))
                        }
                        if words.first == "check" {
                            result.gate = tool.status
                            result.failing = tool.stdout.split(separator: "\n").filter { $0.contains("warning: ") }
                                .map(String.init)
                        }
                        if words.first == "map" {
                            let log = try JSONSerialization.jsonObject(with: Data(tool.stdout.utf8)) as? [String: Any]
                            result.sarif =
                                ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
                        }
                        failed = failed || tool.status != 0
                    }
                }
            }
            return result
        }

        /// The team's baseline to start from, made on a clone with main's history and committed.
        func acceptAll() throws -> ToolResult {
            try? FileManager.default.removeItem(atPath: checkout)
            try FileManager.default.copyItem(atPath: committed, toPath: checkout)
            let restore = try #require(recipe.steps.first { $0.uses?.hasPrefix("actions/cache/restore") == true })
            try Self.copy(restore.paths, from: cache, to: checkout)
            let accept = try runTool(["accept", "--all", "--reason", "Where we started"], in: checkout)
            try Self.copy(["Reports/baseline.json"], from: checkout, to: committed)
            return accept
        }
    }

    /// Each SARIF result's element text and level.
    static func levels(_ results: [[String: Any]]) -> [String: String] {
        var levels: [String: String] = [:]
        for result in results {
            let text = (result["properties"] as? [String: Any])?["elementText"] as? String ?? "?"
            levels[text] = result["level"] as? String
        }
        return levels
    }

    @Test func theRecipeKeepsMainsHistoryAndGatesEachPullRequestOnWhatItAdds() throws {
        var repository = try Repository()
        defer { repository.world.remove() }
        let screens = { (home: [String]) in
            RecorderRun([.init("Home", home), .init("Budgets", ["Groceries", "Rent"])])
        }
        // main: the first audits, every warning open; the history kept, no gate on main.
        let first = try repository.run("push", screens(["Balance", "Income"]))
        #expect(first.gate == nil)
        #expect(
            Self.levels(first.sarif) == [
                "Balance": "warning", "Income": "warning", "Groceries": "warning", "Rent": "warning",
            ])
        // The team starts from a baseline; the first pull request after it passes.
        let accept = try repository.acceptAll()
        #expect(accept.status == 0 && accept.stdout.split(separator: "\n").count == 4, "\(accept.stderr)")
        let unchanged = try repository.run("pull_request", screens(["Balance", "Income"]))
        #expect(unchanged.gate == 0)
        // A pull request with a new warning on Home, the screen audited first: it fails on exactly it.
        let added = try repository.run("pull_request", screens(["Balance", "Income", "Savings"]))
        #expect(added.gate == 1)
        #expect(added.failing.count == 1 && added.failing.first?.contains("‘Savings’") == true, "\(added.failing)")
        #expect(Self.levels(added.sarif).count == 5)
        #expect(Self.levels(added.sarif).filter { $0.value == "warning" }.keys.sorted() == ["Savings"])
        // Merged: main's run keeps a history with it; the next pull request (Income fixed) passes.
        let merged = try repository.run("push", screens(["Balance", "Income", "Savings"]))
        #expect(merged.gate == nil && Self.levels(merged.sarif).count == 5)
        let next = try repository.run("pull_request", screens(["Balance", "Savings"]))
        #expect(next.gate == 0, "\(next.failing)")
        // SARIF: every open warning of the run, none resolved.
        #expect(Self.levels(next.sarif).keys.sorted() == ["Balance", "Groceries", "Rent", "Savings"])
        #expect(!next.sarif.contains { $0["baselineState"] as? String == "absent" })
    }

    @Test func theRecipesStepsAreReadAsItWritesThem() throws {
        let text = try String(contentsOf: ReadmeExamplesTests.root.appending(path: Self.recipe), encoding: .utf8)
        let steps = WorkflowRecipe(text).steps
        let restore = try #require(steps.first { $0.uses?.hasPrefix("actions/cache/restore") == true })
        let save = try #require(steps.first { $0.uses?.hasPrefix("actions/cache/save") == true })
        // What a push saves is what every run restores, and main saves it whatever the gate says.
        #expect(!restore.paths.isEmpty && restore.paths == save.paths)
        #expect(save.runs(on: "push", failed: true) && !save.runs(on: "pull_request", failed: false))
        let gate = try #require(steps.first { $0.run?.contains("auditkit check") == true })
        #expect(gate.runs(on: "pull_request", failed: false) && !gate.runs(on: "push", failed: false))
        #expect(steps.first { $0.uses?.hasPrefix("actions/checkout") == true } != nil)
    }
}
