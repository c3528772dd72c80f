import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// An audit is its file and its time: two automated audits with the same results (Appium writes no
/// screenshot; a recorder run whose screen did not change) have the same bytes in files named for other
/// times, and each is an audit of its own; only the same file added twice is already there.
@Suite struct AuditIdentityTests {
    /// Home on three days: a warning appears on the second, and is fixed on the third, whose file has the
    /// first day's bytes.
    static func makeProject() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory()
        for (day, warnings) in [(1, ["Balance"]), (2, ["Balance", "Income"]), (3, ["Balance"])] {
            try RecorderRun([.init("Home", warnings)]).write(
                into: project.file("Reports"), day: "2026-06-0\(day)", hour: 10)
        }
        return project
    }

    @Test func aFileNamedForAnotherTimeIsAnotherAuditEvenWithTheSameBytes() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let first = try Data(contentsOf: URL(fileURLWithPath: project.file("Reports/AXAudit_2026-06-01_10-00-00.json")))
        let third = try Data(contentsOf: URL(fileURLWithPath: project.file("Reports/AXAudit_2026-06-03_10-00-00.json")))
        #expect(first == third)

        let ingest = try runTool(["ingest", "Reports"], in: project.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stdout.contains("Ingested 3 reports; 0 already in the history; 0 failed."), "\(ingest.stdout)")
        #expect(ingest.stdout.contains("0 new, 1 resolved, 1 residual"), "the fix shows: \(ingest.stdout)")
        let list = try runTool(["history", "list"], in: project.path)
        #expect(list.stdout.split(separator: "\n").count == 3, "\(list.stdout)")
        #expect(
            list.stdout.split(separator: "\n").last?.contains("AXAudit_2026-06-03_10-00-00.json  1 issue, 1 open")
                == true)
        // The latest audit is the third: the warning the second added is resolved, nothing fails.
        let check = try runTool(["check", "latest"], in: project.path)
        #expect(check.status == 0)
        #expect(check.stderr.contains("check AXAudit_2026-06-03_10-00-00.json: 0 failing"), "\(check.stderr)")
        let trend = try runTool(["trend", "--format", "json"], in: project.path)
        let columns = try #require(
            (try JSONSerialization.jsonObject(with: Data(trend.stdout.utf8)) as? [String: Any])?["columns"]
                as? [[String: Any]])
        #expect(columns.compactMap { $0["openCount"] as? Int } == [1, 2, 1])
    }

    @Test func onlyTheSameFileAddedTwiceIsAlreadyThere() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        // The same files again, and a copy of one under its own name in another folder.
        try FileManager.default.createDirectory(atPath: project.file("Copies"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: project.file("Reports/AXAudit_2026-06-03_10-00-00.json"),
            toPath: project.file("Copies/AXAudit_2026-06-03_10-00-00.json"))
        let again = try runTool(["ingest", "Reports", "Copies"], in: project.path)
        #expect(again.stdout.contains("Ingested 0 reports; 4 already in the history; 0 failed."), "\(again.stdout)")
        let added = try runTool(["history", "add", "Copies/AXAudit_2026-06-03_10-00-00.json"], in: project.path)
        #expect(added.stdout.hasPrefix("already in the history: "), "\(added.stdout)")
        // `history add` of bytes the history has, named for a new time, adds an audit.
        try FileManager.default.copyItem(
            atPath: project.file("Reports/AXAudit_2026-06-03_10-00-00.json"),
            toPath: project.file("Copies/AXAudit_2026-06-04_10-00-00.json"))
        let later = try runTool(["history", "add", "Copies/AXAudit_2026-06-04_10-00-00.json"], in: project.path)
        #expect(later.stdout.hasPrefix("added AXAudit_2026-06-04_10-00-00.json"), "\(later.stdout)")
        #expect(try runTool(["history", "list"], in: project.path).stdout.split(separator: "\n").count == 4)
    }
}
