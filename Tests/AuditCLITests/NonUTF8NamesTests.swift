import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// File names that are not UTF-8 (issue 29, item 8): reported as failed, by name, never skipped silently.
@Suite struct NonUTF8NamesTests {
    /// Writes `data` at `folder/Reports/` + `name` + byte 0xFF + `.html`, a name that is not UTF-8.
    static func writeBadlyNamedReport(in folder: TemporaryDirectory, data: Data) throws {
        let path = Array(folder.file("Reports/AuditReport_").utf8) + [0xFF] + Array(".html".utf8) + [0]
        let fd = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        #expect(fd >= 0)
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        close(fd)
    }

    @Test func ingestOfAFolderReportsTheBadlyNamedFileAsFailed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try AtomicFile.makeDirectory(folder.file("Reports"))
        let fixture = ReportFixture.random(seed: 3, screenCount: 1...1, issueRange: 1...2, images: false)
        try Self.writeBadlyNamedReport(in: folder, data: fixture.data(.html(.varAssignment)))
        let ingest = try runTool(["ingest", "Reports"], in: folder.path)
        #expect(ingest.status == 65, "\(ingest.stderr)")
        #expect(ingest.stdout.contains("Ingested 0 reports; 0 already in the history; 1 failed."))
        #expect(ingest.stderr.contains("Reports/AuditReport_\u{FFFD}.html: error: the file's name is not valid UTF-8"))
    }

    @Test func aBadlyNamedReportNamedDirectlyIsNotCalledMissing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try AtomicFile.makeDirectory(folder.file("Reports"))
        let fixture = ReportFixture.random(seed: 3, screenCount: 1...1, issueRange: 1...2, images: false)
        try Self.writeBadlyNamedReport(in: folder, data: fixture.data(.html(.varAssignment)))
        let audit = try runShell(#""$AUDITKIT" audit "$(printf 'Reports/AuditReport_\377.html')""#, in: folder.path)
        #expect(audit.status == 65, "\(audit.stderr)")
        #expect(audit.stderr.contains("not valid UTF-8"))
        let ingest = try runShell(#""$AUDITKIT" ingest "$(printf 'Reports/AuditReport_\377.html')""#, in: folder.path)
        #expect(ingest.status == 65, "\(ingest.stderr)")
        #expect(ingest.stdout.contains("1 failed."))
    }
}
