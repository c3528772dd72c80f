import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Every command that states the history works from it alone when given no operand, the report files
/// gone (audited where the recorder or the Inspector saved them, or a fresh clone), and a first audit of
/// a screen is worded one way in every output, whether or not the history holds other screens.
@Suite struct HistoryAloneTests {
    static let phrase = "no earlier audit of its screens"

    @Test func theHistoryAloneAnswersAndAFirstAuditIsWordedAlike() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.file("Reports"), withIntermediateDirectories: true)
        let home = try RecorderRun([.init("Home", ["Balance"])]).write(
            into: project.file("Saved"), day: "2026-06-01", hour: 10)
        let budgets = try RecorderRun([.init("Budgets", ["Groceries", "Rent"])]).write(
            into: project.file("Saved"), day: "2026-06-02", hour: 10)
        #expect(try runTool(["audit", home[0]], in: project.path).status == 0)
        // Budgets is audited for the first time while the history holds Home.
        let audit = try runTool(["audit", budgets[0]], in: project.path)
        #expect(
            audit.stdout.contains("Added to Reports/history.jsonl; \(Self.phrase) to compare with."), "\(audit.stdout)")
        let page = try String(
            contentsOfFile: project.file("Reports/AXAudit_2026-06-02_10-00-00/index.html"), encoding: .utf8)
        #expect(page.contains(Self.phrase), "the page")
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(log.contains("Open warnings against \(Self.phrase): "), "the session: \(log)")

        // The report files are gone: every command answers from the history.
        try FileManager.default.removeItem(atPath: project.file("Saved"))
        let check = try runTool(["check"], in: project.path)
        #expect(
            check.status == 1 && check.stderr.contains("failing warning(s) new (\(Self.phrase))"), "\(check.stderr)")
        let diff = try runTool(["diff"], in: project.path)
        #expect(diff.status == 0 && diff.stdout.contains(Self.phrase), "\(diff.stdout)\(diff.stderr)")
        let summary = try runTool(["summary"], in: project.path)
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains("Groceries") && summary.stdout.contains("Rent"), "\(summary.stdout)")
        let map = try runTool(["map", "--format", "sarif"], in: project.path)
        #expect(map.status == 0, "\(map.stderr)")
        #expect(SARIFSchema.problems(in: Data(map.stdout.utf8)) == [])
        #expect(map.stdout.contains("Groceries") && !map.stdout.contains("Balance"))
        for command in [["trend"], ["history", "list"], ["html"]] {
            let result = try runTool(command, in: project.path)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
    }
}
