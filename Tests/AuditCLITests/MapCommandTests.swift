import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// End-to-end runs of `auditkit map` on an Inspector-style HTML report and a small SwiftUI project
/// written into a temporary folder.
@Suite struct MapCommandTests {
    struct Project {
        let directory: TemporaryDirectory
        var reportPath: String { directory.file("AuditReport_2026-01-03_16-28-16.html") }
    }

    static func makeProject(rules: String? = nil) throws -> Project {
        let directory = try TemporaryDirectory()
        let fixture = ReportFixture(screens: [
            .init(
                name: "0", groupName: "Home",
                issues: [
                    .init(
                        errorCode: 1, shortTitle: "Contrast failed", elementText: "Widgets", testTypeName: "Contrast",
                        rect: Rect(x: 20, y: 200, width: 120, height: 24)),
                    .init(
                        errorCode: 2, shortTitle: "Dynamic Type font sizes are unsupported", elementText: "Edit",
                        testTypeName: "Dynamic Type", rect: Rect(x: 300, y: 200, width: 50, height: 24)),
                    .init(
                        errorCode: 1, shortTitle: "Contrast failed", elementText: "9:41", testTypeName: "Contrast",
                        rect: Rect(x: 30, y: 14, width: 40, height: 20)),
                    .init(
                        errorCode: 3, shortTitle: "Hit area is too small", elementText: "Mystery",
                        testTypeName: "Hit Region", rect: Rect(x: 30, y: 400, width: 20, height: 20)),
                ])
        ])
        try fixture.write(to: directory.file("AuditReport_2026-01-03_16-28-16.html"), as: .html(.varAssignment))
        try FileManager.default.createDirectory(
            atPath: directory.file("Sources/Home"), withIntermediateDirectories: true)
        try """
        import SwiftUI

        struct HomeView: View {
            var body: some View {
                VStack {
                    Text("Widgets")
                    Button("Edit") { }
                }
            }
        }
        """.write(toFile: directory.file("Sources/Home/HomeView.swift"), atomically: true, encoding: .utf8)
        if let rules {
            try rules.write(toFile: directory.file("auditkit.rules.json"), atomically: true, encoding: .utf8)
        }
        return Project(directory: directory)
    }

    static let rules = """
        {
          "version": 1,
          "rules": [
            // The status bar is system UI.
            { "id": "status-bar", "match": { "region": { "top": 60 } }, "status": "system" }
          ]
        }
        """

    @Test func mapsToXcodeDiagnosticsWithTheDefaultRuleFile() throws {
        let project = try Self.makeProject(rules: Self.rules)
        defer { project.directory.remove() }
        let result = try runTool(
            ["map", project.reportPath, "--source", "Sources", "--format", "xcode"],
            in: project.directory.path)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(
            lines[0] == "Sources/Home/HomeView.swift:6:18: warning: [Contrast] Contrast failed \"Widgets\" "
                + "(issue 1 of AuditReport_2026-01-03_16-28-16.html, HomeView)")
        #expect(lines[1].hasPrefix("Sources/Home/HomeView.swift:7:20: warning: [Dynamic Type]"))
        #expect(lines[2].hasPrefix("note: [Contrast] Contrast failed \"9:41\"") && lines[2].contains("system UI"))
        #expect(lines[3].hasPrefix("warning: [Hit Region] Hit area is too small \"Mystery\""))
    }

    @Test func printsTextGroupedByViewJSONAndSARIF() throws {
        let project = try Self.makeProject(rules: Self.rules)
        defer { project.directory.remove() }
        let text = try runTool(["map", project.reportPath, "--source", "Sources"], in: project.directory.path)
        #expect(text.status == 0)
        #expect(
            text.stdout.hasPrefix(
                "AuditReport_2026-01-03_16-28-16.html: 4 issues, 1 by rules, 2 from source text, "
                    + "0 ambiguous, 1 not mapped\n\nHomeView\n  #1 Contrast: Contrast failed \"Widgets\"\n"))
        #expect(text.stdout.contains("no string literal or localized string shows \"Mystery\""))

        let json = try runTool(
            ["map", project.reportPath, "--source", "Sources", "--format", "json"],
            in: project.directory.path)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["issues"] as? [Any])?.count == 4)

        let sarif = try runTool(
            ["map", project.reportPath, "--source", "Sources", "--format", "sarif"],
            in: project.directory.path)
        #expect(sarif.status == 0)
        #expect(SARIFSchema.problems(in: Data(sarif.stdout.utf8)) == [])
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8))
        #expect((log as? [String: Any])?["version"] as? String == "2.1.0")
        let results =
            (((log as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.count == 4)
        #expect((results.first?["properties"] as? [String: Any])?["issueNumber"] as? Int == 1)
    }

    /// SARIF states what `check` states: a warning the baseline accepts is a suppressed note with the
    /// baseline's reason; and its paths are relative to the project's root from a subfolder too, as
    /// GitHub code scanning resolves them.
    @Test func sarifSuppressesBaselineWarningsWithPathsFromTheProjectRoot() throws {
        let project = try Self.makeProject(rules: Self.rules)
        defer { project.directory.remove() }
        let root = project.directory.path
        #expect(try runTool(["history", "add", project.reportPath, "--source", "Sources"], in: root).status == 0)
        func results(_ stdout: String) throws -> (results: [[String: Any]], run: [String: Any]) {
            #expect(SARIFSchema.problems(in: Data(stdout.utf8)) == [])
            let log = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            return (try #require(run["results"] as? [[String: Any]]), run)
        }
        let before = try results(
            try runTool(["map", project.reportPath, "--source", "Sources", "--format", "sarif"], in: root).stdout)
        #expect(before.results[0]["level"] as? String == "warning" && before.results[0]["suppressions"] == nil)
        let fingerprint = try #require(
            (before.results[0]["partialFingerprints"] as? [String: String])?["auditkit/v1"])
        #expect(try runTool(["accept", fingerprint, "--reason", "brand colour, agreed"], in: root).status == 0)
        let check = try runTool(["check", "--format", "json"], in: root)
        #expect(check.stdout.contains(fingerprint))

        let subfolder = project.directory.file("Sources/Home")
        let after = try runTool(
            ["map", "../../AuditReport_2026-01-03_16-28-16.html", "--source", "..", "--format", "sarif"], in: subfolder)
        #expect(after.status == 0, "\(after.stderr)")
        let (found, run) = try results(after.stdout)
        #expect(found[0]["level"] as? String == "note")
        let suppressions = try #require(found[0]["suppressions"] as? [[String: Any]])
        #expect(suppressions.first?["kind"] as? String == "external")
        #expect(suppressions.first?["justification"] as? String == "accepted in the baseline: brand colour, agreed")
        #expect(found[1]["level"] as? String == "warning" && found[1]["suppressions"] == nil)
        let artifact = try #require(
            ((found[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Sources/Home/HomeView.swift")
        #expect(artifact["uriBaseId"] as? String == "SRCROOT")
        let base = (run["originalUriBaseIds"] as? [String: [String: Any]])?["SRCROOT"]?["uri"] as? String
        #expect(base?.hasSuffix(URL(fileURLWithPath: root).resolvingSymlinksInPath().lastPathComponent + "/") == true)
        #expect(!after.stdout.contains("\"uri\" : \"..") && !after.stdout.contains("\"uri\": \".."))
    }

    @Test func rejectsABadRuleFileWithLineAndColumn() throws {
        let project = try Self.makeProject(
            rules: """
                {
                  "version": 1,
                  "rules": [ { "id": "x", "match": { "colour": "red" } } ]
                }
                """)
        defer { project.directory.remove() }
        let result = try runTool(["map", project.reportPath], in: project.directory.path)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("auditkit.rules.json:3:38: error: unknown key \"colour\" in \"match\""))
    }

    @Test func reportsUsageAndMissingInputs() throws {
        let project = try Self.makeProject()
        defer { project.directory.remove() }
        let noReport = try runTool(["map"], in: project.directory.path)
        #expect(noReport.status == 64)
        let badFormat = try runTool(["map", project.reportPath, "--format", "yaml"], in: project.directory.path)
        #expect(badFormat.status == 64)
        #expect(badFormat.stderr.contains("--format must be one of text, json, xcode, sarif, got 'yaml'"))
        let missingSource = try runTool(["map", project.reportPath, "--source", "Nope"], in: project.directory.path)
        #expect(missingSource.status == 66)
        #expect(missingSource.stderr.contains("Nope: error: source folder does not exist"))
        let missingRules = try runTool(["map", project.reportPath, "--rules", "none.json"], in: project.directory.path)
        #expect(missingRules.status == 66)
        let missingReport = try runTool(["map", "nothing.html"], in: project.directory.path)
        #expect(missingReport.status == 66)
        let help = try runTool(["map", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: auditkit map [REPORT...]"))
        // Without rules or sources only the element in the status bar band is placed (as system UI, by its
        // position); every other issue is listed as not mapped.
        let bare = try runTool(["map", project.reportPath], in: project.directory.path)
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("1 system UI by position, 0 ambiguous, 3 not mapped"))
    }
}
