import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// End-to-end runs of `auditkit html`, and the pages `audit` writes.
@Suite struct HtmlCommandTests {
    @Test func htmlRebuildsThePagesOfTheHistoryAndSaysSoInJSON() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try AtomicFile.makeDirectory(project.file("Reports"))
        try ReportFixture.sampleHTML().write(
            to: URL(fileURLWithPath: project.file("Reports/AuditReport_2026-01-02_11-02-25.html")))
        let audit = try runTool(["audit", "Reports/AuditReport_2026-01-02_11-02-25.html"], in: project.path)
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(audit.stdout.contains("Wrote Reports/summary.md, Reports/trend.svg and Reports/index.html."))
        let page = project.file("Reports/AuditReport_2026-01-02_11-02-25/index.html")
        let written = try Data(contentsOf: URL(fileURLWithPath: page))

        // Removed, the page comes back the same from the history and the report.
        try FileManager.default.removeItem(atPath: page)
        let result = try runTool(["html", "--format", "json"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["index"] as? String == "Reports/index.html")
        #expect(object["written"] as? Int == 1)
        #expect(object["changed"] as? Int == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: page)) == written)

        let again = try runTool(["html"], in: project.path)
        #expect(again.status == 0)
        #expect(again.stdout.contains("(0 changed, 0 failed)"))
    }

    @Test func htmlAndSummaryWithoutFlagsStateWhatTheIngestStated() throws {
        // Issue 40: in a project without a project file, `html` without flags dropped the likely causes, rule
        // names and "Why" lines `ingest --rules --source` had written, and said no rule file was given;
        // `summary` dropped the likely causes.
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        let inputs = ["--rules", "Examples/BudgetApp/auditkit.rules.json", "--source", "Examples/BudgetApp"]
        let ingest = try runTool(["ingest", "Reports"] + inputs + ["--log", "audit.md"], in: workspace.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let history = try String(contentsOfFile: workspace.file("Reports/history.jsonl"), encoding: .utf8)
        #expect(
            history.contains(
                #""mappedWith":{"rules":"../Examples/BudgetApp/auditkit.rules.json","sources":["../Examples/BudgetApp"]}"#
            ), "\(history.prefix(300))")
        let page = workspace.file("Reports/AuditReport_2026-01-05_09-12-40/index.html")
        let written = try String(contentsOfFile: page, encoding: .utf8)
        for shown in ["<dt>Why</dt>", "<dt>Likely cause</dt>", "rule <bdi>"] {
            #expect(written.contains(shown), "\(shown)")
        }

        let html = try runTool(["html"], in: workspace.path)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stdout.contains("(0 changed, 0 failed)"), "\(html.stdout)")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == written)

        // `summary` too names the likely causes `ingest` named.
        let summary = try runTool(["summary", "Reports/AuditReport_2026-01-05_09-12-40.html"], in: workspace.path)
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(
            summary.stdout.contains("likely cause `.font(.system(size: 15, weight: .semibold))`"), "\(summary.stdout)")

        // Sources moved away: said, and the pages show the code places as recorded.
        try FileManager.default.moveItem(atPath: workspace.file("Examples"), toPath: workspace.file("Moved"))
        let moved = try runTool(["html"], in: workspace.path)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(
            moved.stderr.contains(
                "Examples/BudgetApp/auditkit.rules.json, which the history recorded its reports were mapped with, "
                    + "is gone; the code places are shown as recorded"), "\(moved.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("as recorded)"))
    }

    @Test func htmlHasHelpAndNamesAMissingFolder() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let help = try runTool(["html", "--help"], in: project.path)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: auditkit html"))
        let missing = try runTool(["html", "--out", "Nowhere"], in: project.path)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("Nowhere"))
    }
}
