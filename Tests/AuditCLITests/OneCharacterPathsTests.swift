import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// One-character paths (issue 29, item 4): Foundation once trapped on them after the evidence was written.
@Suite struct OneCharacterPathsTests {
    @Test func historyBaselineAndSVGPathsOfOneCharacterWork() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 23, name: "AuditReport_2026-02-01_10-00-00.html")
        let audit = try runTool(["audit", report, "--history", "h", "--log", "l"], in: folder.path)
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("h")))
        let trend = try runTool(["trend", "--history", "h", "--baseline", "b", "--svg", "t"], in: folder.path)
        #expect(trend.status == 0, "\(trend.stderr)")
        #expect(try String(contentsOfFile: folder.file("t"), encoding: .utf8).contains("<svg "))
        let accept = try runTool(["accept", "--prune", "--history", "h", "--baseline", "b"], in: folder.path)
        #expect(accept.status == 0, "\(accept.stderr)")
    }

    @Test func aReportOfOneCharacterInTheWorkingFolderGetsItsEvidenceThere() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fixture = ReportFixture.random(seed: 5, screenCount: 1...1, issueRange: 2...3, images: false)
        try fixture.write(to: folder.file("r.html"), as: .html(.varAssignment))
        let audit = try runTool(["audit", "r.html", "--history", "h", "--log", "l"], in: folder.path)
        #expect(audit.status == 0, "\(audit.stderr)")
        // Wherever the report is, its evidence and page go to the project's reports folder (issue 26).
        #expect(FileManager.default.fileExists(atPath: folder.file("Reports/r/index.html")))
    }
}
