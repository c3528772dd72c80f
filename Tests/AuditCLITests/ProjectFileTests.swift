import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `auditkit.json` and finding the project from any folder of it.
@Suite struct ProjectFileTests {
    /// A project whose file names every setting, none of them the default: sources in `App`, rules in
    /// `Config/rules.json`, the log `Docs/AccessibilityAudit.md`, the reports folder `Audits`, a scan
    /// configuration and a templates folder. The report is saved in `Audits/`.
    static func makeProject() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory()
        let manager = FileManager.default
        for folder in ["App", "Config", "Docs", "Audits", "Look", "Other"] {
            try manager.createDirectory(atPath: project.file(folder), withIntermediateDirectories: true)
        }
        let fixture = try AuditCommandTests.makeProject()
        defer { fixture.remove() }
        let source = try String(contentsOfFile: fixture.file("App/HomeView.swift"), encoding: .utf8)
        try source.write(toFile: project.file("App/HomeView.swift"), atomically: true, encoding: .utf8)
        try """
        {
          "version": 1,
          "rules": [
            { "id": "status-bar", "match": { "region": { "top": 60 } }, "status": "system" }
          ]
        }
        """.write(toFile: project.file("Config/rules.json"), atomically: true, encoding: .utf8)
        try #"{ "version": 1, "exclude": ["Other/"] }"#.write(
            toFile: project.file("Config/scan.json"), atomically: true, encoding: .utf8)
        for kind in TemplateKind.allCases {
            try kind.builtinText.write(toFile: project.file("Look/" + kind.fileName), atomically: true, encoding: .utf8)
        }
        try ProjectFile(
            sources: ["App"], rules: "Config/rules.json", log: "Docs/AccessibilityAudit.md", reports: "Audits",
            scan: "Config/scan.json", templates: "Look"
        ).text.write(toFile: project.file("auditkit.json"), atomically: true, encoding: .utf8)
        try ReportFixture(screens: [AuditCommandTests.screen(AuditCommandTests.issues(extraText: "Total"))])
            .write(to: project.file("Audits/AuditReport_2026-01-02_11-02-25.html"), as: .html(.varAssignment))
        return project
    }

    @Test func theProjectFileIsReadBackAsWritten() throws {
        let file = ProjectFile(
            sources: ["App", "Widgets"], rules: "r.json", log: "a.md", reports: "R", scan: "s.json", templates: "T")
        #expect(try ProjectFile(parsing: Array(file.text.utf8), path: "auditkit.json") == file)
        #expect(throws: AuditError.self) {
            try ProjectFile(parsing: Array(#"{"version": 1, "sorce": []}"#.utf8), path: "p")
        }
        #expect(throws: AuditError.self) { try ProjectFile(parsing: Array(#"{"sources": []}"#.utf8), path: "p") }
    }

    @Test func everySettingComesFromTheProjectFileFromAnyFolder() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // Run from a subfolder, with the report named from there.
        let result = try runTool(["audit", "AuditReport_2026-01-02_11-02-25.html"], in: project.file("Audits"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Evidence in ../Audits/AuditReport_2026-01-02_11-02-25/"), "\(result.stdout)")
        #expect(result.stdout.contains("Mapping: 4 of 4 issues matched"), "sources and rules from the file")
        #expect(result.stdout.contains("Added to ../Audits/history.jsonl"))
        #expect(result.stdout.contains("Logged session 1 in ../Docs/AccessibilityAudit.md."))
        let log = try String(contentsOfFile: project.file("Docs/AccessibilityAudit.md"), encoding: .utf8)
        #expect(log.contains("HomeView"))
        let leftovers = ["Audits/Audits", "Audits/audit.md", "Reports", "audit.md", "Audits/Docs"]
        for path in leftovers {
            #expect(!FileManager.default.fileExists(atPath: project.file(path)), "\(path) written")
        }

        let config = try runTool(["config"], in: project.file("Audits"))
        #expect(config.status == 0, "\(config.stderr)")
        for line in [
            "Project: .., found by auditkit.json.", "sources: ../App (auditkit.json)",
            "rules: ../Config/rules.json (auditkit.json)", "log: ../Docs/AccessibilityAudit.md (auditkit.json)",
            "reports: ../Audits (auditkit.json)", "history: ../Audits/history.jsonl (auditkit.json)",
            "scan: ../Config/scan.json (auditkit.json)", "templates: ../Look (auditkit.json)",
        ] {
            #expect(config.stdout.contains(line), "no \(line) in \(config.stdout)")
        }
    }

    @Test func flagsOverrideTheProjectFile() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let config = try runTool(
            ["config", "--log", "mine.md", "--source", "Other", "--out", "Elsewhere"], in: project.path)
        #expect(config.stdout.contains("log: mine.md (flag)"), "\(config.stdout)")
        #expect(config.stdout.contains("sources: Other (flag)"))
        #expect(config.stdout.contains("reports: Elsewhere (flag)"))
        #expect(config.stdout.contains("rules: Config/rules.json (auditkit.json)"))

        let result = try runTool(
            ["audit", "Audits/AuditReport_2026-01-02_11-02-25.html", "--log", "mine.md"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Logged session 1 in mine.md."), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: project.file("Docs/AccessibilityAudit.md")))
    }

    @Test func aProjectIsFoundByItsHistoryOrItsLogWithoutAProjectFile() throws {
        let (project, _) = try ProjectFolderTests.project()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.file("auditkit.json"))
        #expect(try runTool(["audit", ProjectFolderTests.reportName], in: project.path).status == 0)
        // From Reports/: the project's history and log, not a second pair.
        let again = try runTool(["audit", "../" + ProjectFolderTests.reportName], in: project.file("Reports"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Already in ../Reports/history.jsonl; skipped."), "\(again.stdout)")
        #expect(!FileManager.default.fileExists(atPath: project.file("Reports/Reports")))
        #expect(!FileManager.default.fileExists(atPath: project.file("Reports/audit.md")))
        // Without the history, the log with AuditKit sessions marks the root.
        try FileManager.default.removeItem(atPath: project.file("Reports/history.jsonl"))
        let config = try runTool(["config"], in: project.file("Reports"))
        #expect(config.stdout.contains("found by audit.md"), "\(config.stdout)")
    }
}

/// The rule file `init` writes explains every field with examples that take no effect.
@Suite struct InitExamplesTests {
    @Test func theRuleFileInitWritesMapsNothing() throws {
        let (project, _) = try ProjectFolderTests.project()
        defer { project.remove() }
        // The fixture's report has "9:41" in the status bar: the example "status-bar" rule would note it
        // "Status bar (time, battery)" (the built-in system-UI band still calls it system UI).
        let result = try runTool(["audit", ProjectFolderTests.reportName, "--format", "json"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        let map = try runTool(["map", ProjectFolderTests.reportName, "--format", "json"], in: project.path)
        #expect(map.status == 0, "\(map.stderr)")
        for id in ["status-bar", "tab-bar", "widget-title-color", "budgets-dynamic-type", "date-apply-hit-area"] {
            #expect(!map.stdout.contains("\"\(id)\""), "the example rule \(id) concluded: \(map.stdout)")
        }
        for invented in ["HomeWidgetKind", "Status bar (time, battery)", "Accepted", "DateRangeControls"] {
            #expect(!log.contains(invented), "the log names \(invented) from an example rule")
        }
        let rules = try RuleFile.load(path: project.file("auditkit.rules.json"))
        #expect(rules.rules.isEmpty)
        #expect(!rules.examples.isEmpty, "the examples are still there to copy")
    }

    @Test func anExampleIsCheckedAsARuleIs() throws {
        let text = #"{"version": 1, "rules": [], "examples": [{"id": "x", "match": {"testType": "nope"}}]}"#
        #expect(throws: AuditError.self) { try RuleFile(parsing: Array(text.utf8), path: "r.json") }
    }
}
