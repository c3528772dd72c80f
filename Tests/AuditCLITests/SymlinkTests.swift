import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Symbolic links committed to a repository must not steer where the tool writes: a file or folder the
/// tool chose (a default path, a lock, the evidence folder) is never written through a link; a path the
/// user named on the command line is.
@Suite struct SymlinkTests {
    /// A folder with a report in `Reports/` and an `outside/` folder links point into.
    private func setUp() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let report = try writeSampleReport(in: folder, seed: 21, name: "AuditReport_2026-03-01_10-00-00.html")
        try AtomicFile.makeDirectory(folder.file("outside"))
        return (folder, report)
    }

    private func link(_ name: String, to target: String, in folder: TemporaryDirectory) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.file(name), withDestinationPath: target)
    }

    private func outsideFiles(_ folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.file("outside")).sorted()
    }

    @Test func historyAddRefusesAHistoryFileThatIsALink() throws {
        let (folder, report) = try setUp()
        defer { folder.remove() }
        // A dangling link: following it would create the file outside.
        try link("Reports/history.jsonl", to: folder.file("outside/history.jsonl"), in: folder)
        let result = try runTool(["history", "add", report], in: folder.path)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("Reports/history.jsonl"))
        #expect(result.stderr.contains("symbolic link"))
        #expect(try outsideFiles(folder).isEmpty)
    }

    @Test func historyAddRefusesALockFileThatIsALink() throws {
        let (folder, report) = try setUp()
        defer { folder.remove() }
        try link("Reports/history.jsonl.lock", to: folder.file("outside/planted"), in: folder)
        let result = try runTool(["history", "add", report], in: folder.path)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("history.jsonl.lock"))
        #expect(result.stderr.contains("symbolic link"))
        #expect(try outsideFiles(folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("Reports/history.jsonl")))
    }

    @Test func historyAddFollowsAHistoryLinkTheUserNamed() throws {
        let (folder, report) = try setUp()
        defer { folder.remove() }
        try link("shared-history.jsonl", to: folder.file("outside/history.jsonl"), in: folder)
        let result = try runTool(["history", "add", report, "--history", "shared-history.jsonl"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try outsideFiles(folder) == ["history.jsonl"])
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("shared-history.jsonl"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    }

    @Test func logRefusesALockFileThatIsALink() throws {
        let (folder, report) = try setUp()
        defer { folder.remove() }
        try link("audit.md.lock", to: folder.file("outside/created-by-log"), in: folder)
        let result = try runTool(["log", report], in: folder.path)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("audit.md.lock"))
        #expect(result.stderr.contains("symbolic link"))
        #expect(try outsideFiles(folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("audit.md")))
    }

    @Test func logRefusesALogThatIsALinkUnlessNamed() throws {
        let (folder, report) = try setUp()
        defer { folder.remove() }
        let original = "# Audit\n\n## Audit Log\n"
        try Data(original.utf8).write(to: URL(fileURLWithPath: folder.file("outside/real.md")))
        try link("audit.md", to: folder.file("outside/real.md"), in: folder)
        let refused = try runTool(["log", report], in: folder.path)
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("audit.md"))
        #expect(refused.stderr.contains("symbolic link"))
        #expect(try String(contentsOfFile: folder.file("outside/real.md"), encoding: .utf8) == original)

        let named = try runTool(["log", report, "--log", "audit.md"], in: folder.path)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOfFile: folder.file("outside/real.md"), encoding: .utf8).contains("### Session 1"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("audit.md"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try outsideFiles(folder) == ["real.md"])
    }

    @Test func sheetRefusesAnEvidenceFolderThatIsALink() throws {
        let (folder, report) = try setUp()
        defer { folder.remove() }
        try link("Reports/AuditReport_2026-03-01_10-00-00", to: folder.file("outside"), in: folder)
        let result = try runTool(["sheet", report], in: folder.path)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("Reports/AuditReport_2026-03-01_10-00-00"))
        #expect(result.stderr.contains("symbolic link"))
        #expect(try outsideFiles(folder).isEmpty)
    }

    @Test func auditRefusesAnEvidenceFolderThatIsALinkAndWritesNothing() throws {
        let (folder, report) = try setUp()
        defer { folder.remove() }
        try link("Reports/AuditReport_2026-03-01_10-00-00", to: folder.file("outside"), in: folder)
        let result = try runTool(["audit", report], in: folder.path)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("symbolic link"))
        #expect(try outsideFiles(folder).isEmpty)
    }

    @Test func overlayAndExtractRefuseAnEvidenceFileThatIsALink() throws {
        let (folder, _) = try setUp()
        defer { folder.remove() }
        let fixture = ReportFixture.random(seed: 5, screenCount: 1...1, issueRange: 2...2, screenWidth: 120)
        let report = folder.file("Reports/AuditReport_2026-03-02_10-00-00.html")
        try fixture.write(to: report, as: .html(.varAssignment))
        try AtomicFile.makeDirectory(folder.file("Reports/AuditReport_2026-03-02_10-00-00"))
        try link(
            "Reports/AuditReport_2026-03-02_10-00-00/overlay_screen_1.png", to: folder.file("outside/overlay.png"),
            in: folder)
        let overlay = try runTool(["overlay", report], in: folder.path)
        #expect(overlay.status == 73, "\(overlay.stderr)")
        #expect(overlay.stderr.contains("overlay_screen_1.png"))
        #expect(overlay.stderr.contains("symbolic link"))
        #expect(try outsideFiles(folder).isEmpty)
        // A folder the user names is theirs to point anywhere.
        try link("evidence", to: folder.file("outside"), in: folder)
        let extract = try runTool(["extract", report, "--thumbnails", "evidence"], in: folder.path)
        #expect(extract.status == 0, "\(extract.stderr)")
        #expect(try outsideFiles(folder).contains("screen_1.jpg"))
    }
}
