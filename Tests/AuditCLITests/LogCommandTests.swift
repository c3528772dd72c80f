import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Writes Inspector-style HTML reports (distinct by seed) into `folder/Reports`.
func writeSampleReport(in folder: TemporaryDirectory, seed: UInt64, name: String) throws -> String {
    try AtomicFile.makeDirectory(folder.file("Reports"))
    let path = "Reports/" + name
    let fixture = ReportFixture.random(seed: seed, screenCount: 1...2, issueRange: 2...5, images: false)
    try fixture.write(to: folder.file(path), as: .html(.varAssignment))
    return path
}

@Suite struct LogCommandTests {
    @Test func logsAReportOnceThenSaysItIsAlreadyLogged() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(HandKeptLogText.text.utf8).write(to: URL(fileURLWithPath: folder.file("audit.md")))
        let report = try writeSampleReport(in: folder, seed: 3, name: "AuditReport_2026-02-05_10-00-00.html")
        let first = try runTool(["log", report, "--date", "2026-02-05", "--scope", "Recipe detail"], in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Logged AuditReport_2026-02-05_10-00-00.html as session 3 in audit.md.\n")
        let text = try String(contentsOfFile: folder.file("audit.md"), encoding: .utf8)
        #expect(text.hasPrefix(HandKeptLogText.beforeInsertion))
        #expect(text.hasSuffix(HandKeptLogText.afterInsertion))
        #expect(text.contains("### Session 3\n<!-- auditkit:report sha256="))
        #expect(text.contains("- Date: 2026-02-05\n- Scope: Recipe detail\n"))
        let second = try runTool(["log", report], in: folder.path)
        #expect(second.status == 0)
        #expect(second.stdout.contains("already logged in audit.md (session 3); nothing written"))
        #expect(try String(contentsOfFile: folder.file("audit.md"), encoding: .utf8) == text)
    }

    @Test func dryRunPrintsTheSessionAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 4, name: "AuditReport_2026-02-05_10-00-00.html")
        let result = try runTool(["log", report, "--dry-run", "--date", "2026-02-05"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("### Session 1\n<!-- auditkit:report sha256="))
        #expect(result.stderr.contains("dry run: would add session 1 to audit.md, creating it from the template"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("audit.md")))
    }

    @Test func reportsWhatItDidAsJSON() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 6, name: "AuditReport_2026-02-05_10-00-00.html")
        let first = try runTool(["log", report, "--format", "json"], in: folder.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(object["action"] as? String == "logged")
        #expect(object["session"] as? Int == 1)
        #expect(object["createdLog"] as? Bool == true)
        #expect((object["sha256"] as? String)?.count == 64)
        let again = try runTool(["log", report, "--format", "json"], in: folder.path)
        #expect(again.stdout.contains("\"action\" : \"already-logged\""))
    }

    @Test func initCreatesTheSkeletonLog() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try runTool(["log", "--init", "--log", "docs-audit.md"], in: folder.path)
        #expect(result.status == 0)
        let text = try String(contentsOfFile: folder.file("docs-audit.md"), encoding: .utf8)
        #expect(text.hasPrefix("# Accessibility Audit\n"))
        #expect(text.contains("\n## Audit Log\n\n## Views\n"))
    }

    @Test func twoRunsStartedAtOnceBothLandWithDistinctNumbers() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(HandKeptLogText.text.utf8).write(to: URL(fileURLWithPath: folder.file("audit.md")))
        let reports = try (0..<4).map {
            try writeSampleReport(
                in: folder, seed: UInt64(10 + $0), name: "AuditReport_2026-02-0\($0 + 1)_10-00-00.html")
        }
        let statuses = Mutex(Array(repeating: Int32(-1), count: reports.count))
        DispatchQueue.concurrentPerform(iterations: reports.count) { index in
            let result = try? runTool(["log", reports[index], "--date", "2026-02-05"], in: folder.path)
            statuses.withLock { $0[index] = result?.status ?? -2 }
        }
        #expect(statuses.withLock { $0 } == [0, 0, 0, 0])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("audit.md"))))
        let document = AuditLogDocument(bytes: bytes)
        #expect(document.sessionNumbers == [1, 2, 3, 4, 5, 6])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(HandKeptLogText.beforeInsertion))
        #expect(text.hasSuffix(HandKeptLogText.afterInsertion))
        for report in reports {
            #expect(text.contains("`\(report)`"))
        }
    }

    @Test func aRunKilledMidWayLeavesTheOldOrTheNewLogNeverAHalf() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        try Data(HandKeptLogText.text.utf8).write(to: URL(fileURLWithPath: log))
        var expectedSessions = [1, 2]
        for attempt in 0..<8 {
            let report = try writeSampleReport(
                in: folder, seed: UInt64(100 + attempt), name: "AuditReport_2026-03-0\(attempt + 1)_10-00-00.html")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: auditkitExecutablePath())
            process.arguments = ["log", report]
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(attempt * 4_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: log)))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix(HandKeptLogText.beforeInsertion))
            #expect(text.hasSuffix(HandKeptLogText.afterInsertion))
            let numbers = AuditLogDocument(bytes: bytes).sessionNumbers
            // Either the run finished before the kill (one more session) or nothing changed.
            #expect(numbers == expectedSessions || numbers == expectedSessions + [expectedSessions.count + 1])
            expectedSessions = numbers
        }
    }

    @Test func aBadTemplateStopsTheRunNamingFileAndLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 5, name: "AuditReport_2026-02-05_10-00-00.html")
        try AtomicFile.makeDirectory(folder.file("Templates"))
        try Data("### Session {{number}}\n{{#counts}}\n- {{typ}}\n{{/counts}}\n".utf8)
            .write(to: URL(fileURLWithPath: folder.file("Templates/session.md")))
        let result = try runTool(["log", report], in: folder.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("Templates/session.md:3: error: unknown placeholder 'typ'"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("audit.md")))
    }

    @Test func refusesASessionNumberTooLargeToCountOnFromNamingLineAndColumn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = "# Audit\n\n## Audit Log\n\n### Session 123456789012345678901234567890\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file("audit.md")))
        let report = try writeSampleReport(in: folder, seed: 5, name: "AuditReport_2026-02-05_10-00-00.html")
        let result = try runTool(["log", report], in: folder.path)
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "audit.md:5:13: error: session number 123456789012345678901234567890 is too large"), "\(result.stderr)")
        #expect(try String(contentsOfFile: folder.file("audit.md"), encoding: .utf8) == text)
    }

    @Test func rejectsABadDateAndAMissingReport() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let badDate = try runTool(["log", "x.html", "--date", "05/02/2026"], in: folder.path)
        #expect(badDate.status == 64)
        let missing = try runTool(["log", "missing.html"], in: folder.path)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("missing.html"))
        let none = try runTool(["log"], in: folder.path)
        #expect(none.status == 64)
    }
}

@Suite struct SummaryCommandTests {
    @Test func summarisesReportsByTypeAndKeepsGoingPastABadOne() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try writeSampleReport(in: folder, seed: 21, name: "AuditReport_2026-02-01_10-00-00.html")
        let second = try writeSampleReport(in: folder, seed: 22, name: "AuditReport_2026-02-02_10-00-00.html")
        try Data("<html>no payload</html>".utf8).write(to: URL(fileURLWithPath: folder.file("Reports/broken.html")))
        let result = try runTool(["summary", first, "Reports/broken.html", second, "--by", "type"], in: folder.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("Reports/broken.html"))
        #expect(result.stdout.hasPrefix("# Accessibility Summary\n\n- Reports: `AuditReport_2026-02-01_10-00-00.html`"))
        #expect(result.stdout.contains("\n## Test Types\n\n### "))
        #expect(result.stdout.contains("- Fix:\n- Verification:\n- Status:\n"))
    }

    @Test func writesTheSummaryToAFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 23, name: "AuditReport_2026-02-01_10-00-00.html")
        let result = try runTool(["summary", report, "-o", "Reports/summary.md"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOfFile: folder.file("Reports/summary.md"), encoding: .utf8)
        // No rule file: each warning is filed on the screen it was judged on, as diff and trend file it.
        #expect(text.contains("\n## Views\n\n### HomeView\n") && !text.contains("Unmapped"))
        // Paths are relative to the summary's folder.
        #expect(text.contains("  - [`AuditReport_2026-02-01_10-00-00.html`](AuditReport_2026-02-01_10-00-00.html)\n"))
    }

    @Test func rejectsAnUnknownGrouping() throws {
        let result = try runTool(["summary", "a.html", "--by", "colour"])
        #expect(result.status == 64)
    }
}

/// A small hand-kept log for end-to-end runs: two sessions, trailing spaces, extra blank lines and a Views section after.
enum HandKeptLogText {
    static let beforeInsertion = """
        # Accessibility Audit

        Notes for TrailMix, kept by hand.

        ## Audit Log

        ### Session 1
        - Date:
        - Scope: Recipe list\u{20}\u{20}
        - Notes:
          - First look at the report.

        ### Session 2
        - Date: 2026-02-02
        - Scope: Timer sheet
        - Notes:
          - Pause button enlarged.


        """
    static let afterInsertion = """
        ## Views

        ### RecipeListView
        - Issue: Dynamic Type on ingredient rows.
        - Status: open
        """
    static var text: String { beforeInsertion + afterInsertion }
}

/// A value shared between threads behind a lock.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
