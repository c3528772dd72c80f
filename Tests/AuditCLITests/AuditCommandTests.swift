import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// End-to-end runs of `auditkit audit` and `auditkit init`, and of the mapping and history feeding
/// `log`, `map --format sarif` and `check`.
@Suite struct AuditCommandTests {
    static func issues(extraText: String?) -> [ReportFixture.Issue] {
        var issues: [ReportFixture.Issue] = [
            .init(
                errorCode: 12, shortTitle: "Contrast failed", elementText: "Widgets", testTypeName: "Contrast",
                rect: Rect(x: 20, y: 200, width: 120, height: 24)),
            .init(
                errorCode: 30, shortTitle: "Dynamic Type font sizes are unsupported", elementText: "Edit",
                testTypeName: "Dynamic Type", rect: Rect(x: 300, y: 200, width: 50, height: 24)),
            .init(
                errorCode: 12, shortTitle: "Contrast failed", elementText: "9:41", testTypeName: "Contrast",
                rect: Rect(x: 30, y: 14, width: 40, height: 20)),
        ]
        // Real JPEG thumbnails, so the evidence folder gets files.
        let thumbnail = ReportFixture.Image(canvas: FixtureCanvas(width: 60, height: 24, color: .white))
        for index in issues.indices { issues[index].thumbnail = thumbnail }
        if let extraText {
            issues.append(
                .init(
                    errorCode: 32, shortTitle: "Text clipped", elementText: extraText,
                    testTypeName: "Clipped Text", thumbnail: thumbnail,
                    rect: Rect(x: 20, y: 400, width: 200, height: 20)))
        }
        return issues
    }

    /// A folder with two reports a day apart (the second fixes "Total" and adds nothing else), a SwiftUI
    /// source file and a rule file that calls the status bar system UI.
    static func screen(_ issues: [ReportFixture.Issue]) -> ReportFixture.Screen {
        let shot = ReportFixture.Image(canvas: FixtureCanvas(width: 402, height: 874, color: .white))
        return .init(name: "0", groupName: "Home", screenshot: shot, issues: issues)
    }

    static func makeProject() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.file("App"), withIntermediateDirectories: true)
        try ReportFixture(screens: [screen(issues(extraText: "Total"))])
            .write(to: directory.file("Reports/AuditReport_2026-01-02_11-02-25.html"), as: .html(.varAssignment))
        try ReportFixture(screens: [screen(issues(extraText: nil))])
            .write(to: directory.file("Reports/AuditReport_2026-01-03_09-00-00.html"), as: .html(.varAssignment))
        try """
        import SwiftUI

        struct HomeView: View {
            var body: some View {
                VStack {
                    Text("Widgets")
                    Button("Edit") { }
                    Text("Total")
                }
            }
        }
        """.write(toFile: directory.file("App/HomeView.swift"), atomically: true, encoding: .utf8)
        try """
        {
          "version": 1,
          "rules": [
            // The status bar is system UI.
            { "id": "status-bar", "match": { "region": { "top": 60 } }, "status": "system" }
          ]
        }
        """.write(toFile: directory.file("auditkit.rules.json"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func auditWritesEvidenceHistoryAndASessionOnceAndOnlyOnce() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let report = "Reports/AuditReport_2026-01-02_11-02-25.html"
        let first = try runTool(["audit", report, "--source", "App"], in: project.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("4 issues"))
        #expect(first.stdout.contains("Mapping: 4 of 4 issues matched"))
        #expect(first.stdout.contains("Logged session 1 in audit.md."))

        let evidence = project.file("Reports/AuditReport_2026-01-02_11-02-25")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: evidence))
        for name in ["issue_01.jpg", "issue_04.jpg", "screen_1.jpg", "index_sheet.png", "overlay_screen_1.png"] {
            #expect(files.contains(name), "missing \(name) in \(files.sorted())")
        }
        #expect(!files.contains { $0.hasSuffix(".lock") }, "lock files in the evidence folder: \(files.sorted())")

        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(log.contains("### Session 1"))
        #expect(log.contains("HomeView"), "the session names the mapped view")
        #expect(log.contains("index_sheet.png"))
        let history = try String(contentsOfFile: project.file("Reports/history.jsonl"), encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
        #expect(history.contains("\"system\""), "the status bar rule's status reaches the history")

        let logBefore = try Data(contentsOf: URL(fileURLWithPath: project.file("audit.md")))
        let again = try runTool(["audit", report, "--source", "App"], in: project.path)
        #expect(again.status == 0)
        #expect(again.stdout.contains("Already in Reports/history.jsonl; skipped."), "\(again.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.file("audit.md"))) == logBefore)
    }

    @Test func theNextReportIsLoggedAgainstThePreviousOne() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        #expect(try runTool(["audit", "Reports/AuditReport_2026-01-02_11-02-25.html"], in: project.path).status == 0)
        let second = try runTool(
            ["audit", "Reports/AuditReport_2026-01-03_09-00-00.html", "--format", "json"],
            in: project.path)
        #expect(second.status == 0, "\(second.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        let reports = try #require(object["reports"] as? [[String: Any]])
        #expect(reports.count == 1, "audit is ingest of one report")
        let comparison = try #require(reports.first?["comparison"] as? [String: Any])
        #expect(comparison["previous"] as? String == "AuditReport_2026-01-02_11-02-25.html")
        #expect(comparison["new"] as? Int == 0)
        #expect(comparison["resolved"] as? Int == 1)
        // Open warnings, as the terminal and the session count them: the status bar is system UI.
        #expect(comparison["residual"] as? Int == 2)
        #expect(reports.first?["session"] as? Int == 2)
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(log.contains("### Session 2"))
        #expect(log.contains("Total"), "the resolved warning is named in session 2")
    }

    @Test func sarifCarriesFingerprintsAndBaselineStatesFromTheHistory() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // The same mapping inputs as the map run below: a view found in the sources is part of a fingerprint.
        let add = try runTool(
            ["history", "add", "Reports/AuditReport_2026-01-02_11-02-25.html", "--source", "App"],
            in: project.path)
        #expect(add.status == 0, "\(add.stderr)")
        let map = try runTool(
            [
                "map", "Reports/AuditReport_2026-01-03_09-00-00.html", "--source", "App",
                "--format", "sarif",
            ], in: project.path)
        #expect(map.status == 0, "\(map.stderr)")
        #expect(SARIFSchema.problems(in: Data(map.stdout.utf8)) == [])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(map.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let states = results.compactMap { $0["baselineState"] as? String }
        #expect(states.filter { $0 == "unchanged" }.count == 3)
        // The warning the later report resolved is no result: code scanning would show it as an open alert.
        #expect(!states.contains("absent"))
        #expect(results.count == 3)
        for result in results {
            let fingerprint = (result["partialFingerprints"] as? [String: String])?["auditkit/v1"]
            #expect(fingerprint.map(IssueFingerprint.isWellFormed) == true)
        }
    }

    @Test func checkLetsSystemWarningsFromTheRuleFilePass() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let report = "Reports/AuditReport_2026-01-03_09-00-00.html"
        let withRules = try runTool(["check", report, "--fail-on", "any"], in: project.path)
        #expect(withRules.status == 1)
        #expect(!withRules.stdout.contains("9:41"), "the status bar clock is system UI by rule")
        #expect(withRules.stdout.contains("Widgets"))
        try FileManager.default.removeItem(atPath: project.file("auditkit.rules.json"))
        let withoutRules = try runTool(["check", report, "--fail-on", "any"], in: project.path)
        #expect(withoutRules.status == 1)
        #expect(withoutRules.stdout.contains("9:41"))
    }

    @Test func checkOnAHistoryEntrySaysTheRulesDoNotApplyToIt() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        #expect(
            try runTool(["history", "add", "Reports/AuditReport_2026-01-02_11-02-25.html"], in: project.path).status
                == 0)
        let result = try runTool(["check", "latest", "--source", "App"], in: project.path)
        #expect(result.stderr.contains("latest: warning: names a report in the history"))
        let file = try runTool(
            ["check", "Reports/AuditReport_2026-01-02_11-02-25.html", "--source", "App"],
            in: project.path)
        #expect(!file.stderr.contains("names a report in the history"))
    }

    @Test func initWritesAValidExampleAndKeepsAnExistingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try runTool(["init"], in: directory.path)
        #expect(first.status == 0, "\(first.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: directory.file("auditkit.rules.json")))
        _ = try RuleFile(parsing: Array(written), path: "auditkit.rules.json")
        try Data("{ \"version\": 1, \"rules\": [] }".utf8).write(
            to: URL(fileURLWithPath: directory.file("auditkit.rules.json")))
        for piece in ["Reports/", "Templates/", "Templates/audit.md", "Templates/session.md", "audit.md"] {
            #expect(first.stdout.contains("created: \(piece) "), "\(piece)")
        }
        let log = try String(contentsOfFile: directory.file("audit.md"), encoding: .utf8)
        #expect(log.contains("## Audit Log"))
        try Data("custom".utf8).write(to: URL(fileURLWithPath: directory.file("Templates/session.md")))
        let second = try runTool(["init"], in: directory.path)
        #expect(second.status == 0)
        #expect(second.stdout.contains("left as it is: auditkit.rules.json (the rule file)"))
        #expect(!second.stdout.contains("created:"))
        #expect(try String(contentsOfFile: directory.file("Templates/session.md"), encoding: .utf8) == "custom")
        #expect(
            try String(contentsOfFile: directory.file("auditkit.rules.json"), encoding: .utf8)
                == "{ \"version\": 1, \"rules\": [] }")
    }

    @Test func auditRejectsACorruptHistoryBeforeWritingAnything() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try Data("{\"version\": 1, broken\n{}\n".utf8).write(
            to: URL(fileURLWithPath: project.file("Reports/history.jsonl")))
        let result = try runTool(["audit", "Reports/AuditReport_2026-01-02_11-02-25.html"], in: project.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("history.jsonl:1"))
        #expect(!FileManager.default.fileExists(atPath: project.file("Reports/AuditReport_2026-01-02_11-02-25")))
        #expect(!FileManager.default.fileExists(atPath: project.file("audit.md")))
    }

    @Test func auditRejectsABadDateBeforeWritingAnything() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let result = try runTool(
            ["audit", "Reports/AuditReport_2026-01-02_11-02-25.html", "--date", "yesterday"],
            in: project.path)
        #expect(result.status == 64)
        #expect(!FileManager.default.fileExists(atPath: project.file("Reports/AuditReport_2026-01-02_11-02-25")))
        #expect(!FileManager.default.fileExists(atPath: project.file("audit.md")))
    }
}
