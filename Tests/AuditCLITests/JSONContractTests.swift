import AuditKitTestSupport
import Foundation
import Testing

/// Every `--format json` output is an object with `"version"`, and has every field the DocC article
/// `JSONOutput.md` documents for it.
@Suite struct JSONContractTests {
    /// The fields the first table of each `### command` section lists (a later table details the
    /// fields' own fields, as `extract`'s does).
    static func documentedFields() throws -> [String: [String]] {
        let article = ReadmeExamplesTests.root.appendingPathComponent("Sources/AuditKit/AuditKit.docc/JSONOutput.md")
        var fields: [String: [String]] = [:]
        var section: String?
        var tableEnded = false
        for line in try String(contentsOf: article, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if line.hasPrefix("### ") {
                section = String(line.dropFirst(4))
                tableEnded = false
            } else if let section, !tableEnded, line.hasPrefix("| `") {
                let name = line.dropFirst(3).prefix { $0 != "`" }
                fields[section, default: []].append(String(name))
            } else if let section, fields[section] != nil, !line.hasPrefix("|") {
                tableEnded = true
            }
        }
        return fields
    }

    @Test func everyOutputHasItsDocumentedFields() throws {
        let documented = try Self.documentedFields()
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        let first = "Reports/AuditReport_2026-01-05_09-12-40.html"
        let second = "Reports/AuditReport_2026-01-12_10-30-00.html"
        let runs: [(String, [String])] = [
            ("init", ["init"]),
            ("config", ["config"]),
            ("audit", ["audit", first, "--source", "Examples/BudgetApp"]),
            ("log", ["log", second, "--dry-run"]),
            ("ingest", ["ingest", "Reports"]),
            ("html", ["html"]),
            ("sheet", ["sheet", first]),
            ("overlay", ["overlay", first]),
            ("history list", ["history", "list"]),
            ("extract", ["extract", first]),
            ("map", ["map", first, "--source", "Examples/BudgetApp"]),
            ("scan", ["scan", "Examples/BudgetApp"]),
            ("diff", ["diff", first, second]),
            ("trend", ["trend"]),
            // The last demo report, after ingest: nothing new, so check passes (exit 0).
            ("check", ["check", "Reports/AuditReport_2026-01-26_11-00-00.html"]),
        ]
        #expect(Set(runs.map(\.0)) == Set(documented.keys), "every documented output is checked")
        for (name, arguments) in runs {
            let result = try runTool(arguments + ["--format", "json"], in: workspace.path)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(object?["version"] as? Int == 1, "\(name) has no version")
            for field in documented[name] ?? [] {
                #expect(object?.keys.contains(field) == true, "\(name) lacks \(field)")
            }
        }
    }
}
