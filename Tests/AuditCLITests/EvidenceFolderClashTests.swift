import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Report names whose evidence folder and page would collide with the tool's own files or with
/// another report's (issue 29, items 1 and 2).
@Suite struct EvidenceFolderClashTests {
    /// Writes a small report with `text` as its element text at `path` under `folder`.
    static func write(_ path: String, text: String, in folder: TemporaryDirectory, json: Bool = false) throws {
        try AtomicFile.makeDirectory(folder.file(PathName.parent(path)))
        let issue = ReportFixture.Issue(
            errorCode: 12, shortTitle: "Contrast failed", elementText: text, testTypeName: "Contrast",
            rect: Rect(x: 20, y: 200, width: 120, height: 24))
        let fixture = ReportFixture(screens: [.init(name: "0", groupName: "Home", issues: [issue])])
        try fixture.write(to: folder.file(path), as: json ? .json : .html(.varAssignment))
    }

    @Test(arguments: [
        "history.jsonl.html", "summary.md.html", "index.html.html", "trend.svg.html", "baseline.json.html",
        "auditkit-site.css.html", "history.jsonl.lock.html", "History.JSONL.html",
    ])
    func aReportNamedLikeTheToolsOwnFilesIsRefusedBeforeAnythingIsWritten(name: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write("Reports/" + name, text: "Pay", in: folder)
        try Self.write("Reports/AuditReport_2026-01-02_11-02-25.html", text: "Other", in: folder)
        let ingest = try runTool(["ingest", "Reports"], in: folder.path)
        #expect(ingest.status == 65, "\(ingest.stderr)")
        #expect(ingest.stderr.contains("Reports/\(name): error: the report's evidence folder and page would be named"))
        #expect(ingest.stdout.contains("Ingested 1 report; 0 already in the history; 1 failed."))
        var isFolder: ObjCBool = false
        let stem = PathName.deletingExtension(name)
        #expect(
            !(FileManager.default.fileExists(atPath: folder.file("Reports/" + stem), isDirectory: &isFolder)
                && isFolder.boolValue))
        // Every later command still works.
        let again = try runTool(["history", "list"], in: folder.path)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func auditRefusesAReservedOrHiddenNameToo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write("Reports/summary.md.html", text: "Pay", in: folder)
        let audit = try runTool(["audit", "Reports/summary.md.html"], in: folder.path)
        #expect(audit.status == 65)
        #expect(!FileManager.default.fileExists(atPath: folder.file("Reports/summary.md")))
        try Self.write("Reports/.hidden.html", text: "Pay", in: folder)
        let hidden = try runTool(["audit", "Reports/.hidden.html"], in: folder.path)
        #expect(hidden.status == 65)
        #expect(hidden.stderr.contains("an empty or hidden name"))
    }

    @Test(arguments: [1, 2])
    func twoReportsWithOneBaseNameInOneIngestAreNotMixed(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write("Reports/A.html", text: "From HTML", in: folder)
        try Self.write("Reports/A.json", text: "From JSON", in: folder, json: true)
        try Self.write("x/B.html", text: "From x", in: folder)
        try Self.write("y/B.html", text: "From y", in: folder)
        let ingest = try runTool(["ingest", "Reports", "x", "y", "--jobs", "\(jobs)"], in: folder.path)
        #expect(ingest.status == 65, "\(ingest.stderr)")
        #expect(ingest.stdout.contains("Ingested 2 reports; 0 already in the history; 2 failed."))
        // The first of each pair by name keeps the folder; the other is named with the one it clashes with.
        #expect(
            ingest.stderr.contains(
                "Reports/A.json: error: its evidence folder and page 'A' would be those of Reports/A.html too"))
        #expect(
            ingest.stderr.contains("y/B.html: error: its evidence folder and page 'B' would be those of x/B.html too"))
        let history = try HistoryFile(path: folder.file("Reports/history.jsonl")).load()
        #expect(Set(history.entries.map(\.fileName)) == ["A.html", "B.html"])
    }

    @Test func aReportWhoseFolderIsThatOfAnotherNameInTheHistoryIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write("Reports/A.html", text: "From HTML", in: folder)
        #expect(try runTool(["audit", "Reports/A.html"], in: folder.path).status == 0)
        try Self.write("Reports/A.json", text: "From JSON", in: folder, json: true)
        let audit = try runTool(["audit", "Reports/A.json"], in: folder.path)
        #expect(audit.status == 65)
        #expect(audit.stderr.contains("are those of A.html, already in the history"))
        let ingest = try runTool(["ingest", "Reports"], in: folder.path)
        #expect(ingest.stdout.contains("1 already in the history; 1 failed."))
    }
}
