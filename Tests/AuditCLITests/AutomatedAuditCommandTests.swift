import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// End-to-end runs over a folder of automated audit results (Appium, the XCTest recorder): they go
/// through `ingest`, the history and `diff` as Inspector reports do, and an element's identifier keeps
/// its warnings' identity when the device language changes and the element moves.
@Suite struct AutomatedAuditCommandTests {
    /// Three runs of one app: English; then German with the list moved down 40 points (WebDriverAgent's
    /// reply, an early driver); then German again from the recorder, with a screenshot.
    static func makeProject() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        func items(total: String, add: String, shift: Double) -> [AutomatedAuditFixture.Item] {
            [
                .init(
                    auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
                    element: .init(
                        identifier: "budget.total", type: "StaticText", label: total, rect: (20, 200 + shift, 120, 24))),
                .init(
                    auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
                    element: .init(identifier: "budget.add", label: add, rect: (340, 60 + shift, 24, 24))),
                .init(
                    auditType: "XCUIAccessibilityAuditTypeDynamicType",
                    compact: "Dynamic Type font sizes are unsupported",
                    element: .init(
                        identifier: "budget.note", type: "StaticText", label: total + " 12",
                        rect: (20, 400 + shift, 300, 20))),
            ]
        }
        try AutomatedAuditFixture(items: items(total: "Total", add: "Add", shift: 0))
            .write(to: directory.file("Reports/AXAudit_2026-03-02_10-00-00.json"), .appium)
        try AutomatedAuditFixture(items: items(total: "Gesamt", add: "Hinzufügen", shift: 40))
            .write(to: directory.file("Reports/AXAudit_2026-03-03_10-00-00.json"), .webDriverAgent, version: .early)
        var canvas = FixtureCanvas(width: 402, height: 874, color: .background)
        canvas.fill(x: 20, y: 240, width: 120, height: 24, color: .secondary)
        try AutomatedAuditFixture(
            items: items(total: "Gesamt", add: "Hinzufügen", shift: 40), screenshot: canvas, screenName: "Budgets"
        ).write(to: directory.file("Reports/AXAudit_2026-03-04_10-00-00.json"), .recorder)
        return directory
    }

    @Test func aFolderOfAppiumResultsIngestsAndALanguageSwitchIsNeitherNewNorResolved() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let ingest = try runTool(["ingest", "Reports"], in: project.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let history = try String(contentsOfFile: project.file("Reports/history.jsonl"), encoding: .utf8)
        #expect(history.split(separator: "\n").count == 3)
        #expect(history.contains("\"key\":\"id:budget.total\""))
        for (old, new) in [("1", "2"), ("2", "3"), ("1", "latest")] {
            let diff = try runTool(["diff", old, new, "--format", "json"], in: project.path)
            #expect(diff.status == 0, "\(diff.stderr)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
            let new = json["new"] as? [Any] ?? []
            let resolved = json["resolved"] as? [Any] ?? []
            #expect(new.isEmpty && resolved.isEmpty, "\(old) → \(new): \(diff.stdout)")
            #expect((json["residual"] as? [Any])?.count == 3, "\(diff.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: project.file("audit.md")))
        // The CI gate: the German run after the move has nothing new against the English one.
        let check = try runTool(["check", "Reports/AXAudit_2026-03-04_10-00-00.json"], in: project.path)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // The first run had no earlier audit: all its warnings are new, and the gate says so.
        let first = try runTool(["check", "Reports/AXAudit_2026-03-02_10-00-00.json"], in: project.path)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        // The page of the last run: every card links to why and how to fix, stated once a rule, and names
        // the identifier.
        let page = try String(
            contentsOfFile: project.file("Reports/AXAudit_2026-03-04_10-00-00/index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "\">Why and how to fix</a>").count == 4)
        #expect(page.components(separatedBy: "Why and how to fix</h2>").count == 2)
        #expect(page.contains("1.4.3 Contrast (Minimum), level AA"))
        #expect(page.contains("2.5.8 Target Size (Minimum), level AA"))
        #expect(page.contains("<dt>Identifier</dt><dd><code><bdi>budget.total</bdi></code></dd>"))
    }

    @Test func aStrayJSONFileInTheReportsFolderIsSkippedWithANoteAndFailsWhenNamed() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try Data(#"[{"name": "x"}]"#.utf8).write(to: URL(fileURLWithPath: project.file("Reports/list.json")))
        try Data(#"{"name": "x"}"#.utf8).write(to: URL(fileURLWithPath: project.file("Reports/config.json")))
        let ingest = try runTool(["ingest", "Reports"], in: project.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stderr.contains("note: skipped Reports/list.json: not a report: an array of something else"))
        #expect(ingest.stderr.contains("note: skipped Reports/config.json: not a report:"))
        #expect(ingest.stdout.contains("0 failed; 2 files skipped, not reports."), "\(ingest.stdout)")
        let history = try String(contentsOfFile: project.file("Reports/history.jsonl"), encoding: .utf8)
        #expect(history.split(separator: "\n").count == 3)
        #expect(!history.contains("list.json"))
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(!log.contains("list.json"))
        // Named, it fails in one line.
        let named = try runTool(["audit", "Reports/list.json"], in: project.path)
        #expect(named.status == 65)
        #expect(named.stderr.hasPrefix("Reports/list.json: error: not a report:"), "\(named.stderr)")
        #expect(named.stderr.split(separator: "\n").count == 1, "\(named.stderr)")
    }

    @Test func theDateGivenDatesAFileNamedWithoutOne() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.file("Reports"), withIntermediateDirectories: true)
        let item = AutomatedAuditFixture.Item(
            auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
            element: .init(identifier: "pay.total", type: "StaticText", label: "Total", rect: (20, 200, 120, 24)))
        // CI artifacts copied without their names.
        try AutomatedAuditFixture(items: [item]).write(to: project.file("Reports/run.json"), .appium)
        try AutomatedAuditFixture(items: []).write(to: project.file("Reports/clean.json"), .bare)
        try AutomatedAuditFixture(items: [item, item]).write(
            to: project.file("Reports/AXAudit_2026-04-30_09-00-00.json"), .appium)

        // `--date` dates the session and, for a file named without a date, the audit too.
        let audit = try runTool(["audit", "Reports/run.json", "--date", "2026-05-01"], in: project.path)
        #expect(audit.status == 0, "\(audit.stderr)")
        // `--audit-date` to the second.
        let add = try runTool(
            ["history", "add", "Reports/clean.json", "--audit-date", "2026-05-02 08:30:00"], in: project.path)
        #expect(add.status == 0, "\(add.stderr)")
        // A name with a date keeps it, whatever is given.
        let named = try runTool(
            ["history", "add", "Reports/AXAudit_2026-04-30_09-00-00.json", "--audit-date", "2026-05-03 08:30:00"],
            in: project.path)
        #expect(named.status == 0, "\(named.stderr)")
        let list = try runTool(["history", "list", "--format", "json"], in: project.path)
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["reports"]
                as? [[String: Any]], "\(list.stdout)")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let dates = try entries.map { entry -> String in
            let text = try #require(entry["auditDate"] as? String)
            let date = try #require(ISO8601DateFormatter().date(from: text))
            return "\(entry["fileName"] ?? "") " + formatter.string(from: date)
        }
        #expect(
            dates == [
                "AXAudit_2026-04-30_09-00-00.json 2026-04-30 09:00", "run.json 2026-05-01 00:00",
                "clean.json 2026-05-02 08:30",
            ], "\(list.stdout)")
        let bad = try runTool(["history", "add", "Reports/run.json", "--audit-date", "soon"], in: project.path)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--audit-date expects YYYY-MM-DD HH:MM:SS or ISO 8601, got 'soon'"))
    }
}
