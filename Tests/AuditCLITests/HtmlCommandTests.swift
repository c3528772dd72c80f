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
