import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `--screen NAME` on `history add`, `audit` and `check`: the team says which screen a one-screen
/// report audited, the judgement follows the name over what the report shows, and every output uses it.
@Suite struct ScreenNameCommandTests {
    static func label(_ id: String, _ text: String, y: Double, code: Int = 12) -> AppElement {
        AppElement(id, code: code, text: text, rect: Rect(x: 20, y: y, width: 180, height: 22))
    }

    /// Home before and after a redesign that keeps one text of four: nothing but a name pairs them.
    static let before = AppScreen(
        "App",
        [
            label("edit", "Edit", y: 240), label("income", "Income", y: 300, code: 30),
            label("spending", "Spending", y: 360), label("savings", "Savings goal", y: 420),
        ])
    static let after = AppScreen(
        "App",
        [
            label("edit", "Edit", y: 120), label("total", "Total balance", y: 400, code: 30),
            label("accounts", "Accounts", y: 520), label("planned", "Planned", y: 640),
        ])

    @Test func aNamedReportIsComparedWithTheScreenOfThatName() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let first = try series.audit(day: 0, [Self.before])
        let second = try series.audit(day: 1, [Self.after])
        let directory = series.directory.path
        #expect(try runTool(["history", "add", first.path, "--screen", "Home"], in: directory).status == 0)
        // Unnamed, the redesign is a screen not audited before: all four warnings fail the gate, Edit too.
        let unnamed = try runTool(["check", second.path], in: directory)
        #expect(unnamed.status == 1, "\(unnamed.stdout)")
        #expect(unnamed.stdout.contains("‘Edit’"), "\(unnamed.stdout)")
        // Named, it is Home: the Edit warning is residual, the three others are new and fail the gate.
        let named = try runTool(["check", second.path, "--screen", "Home"], in: directory)
        #expect(named.status == 1, "\(named.stderr)")
        #expect(!named.stdout.contains("‘Edit’"), "\(named.stdout)")
        #expect(named.stdout.contains("‘Total balance’ in Home"), "\(named.stdout)")
        let added = try runTool(["history", "add", second.path, "--screen", "Home"], in: directory)
        #expect(added.status == 0, "\(added.stderr)")
        let fromHistory = try runTool(["check", "latest", "--screen", "Budgets"], in: directory)
        #expect(fromHistory.stderr.contains("--screen applies to report files"), "\(fromHistory.stderr)")
        let diff = try runTool(["diff", "1", "2"], in: directory)
        #expect(diff.stdout.contains("Screen: Home (screen 1) compared with \(first.report.fileName): named “Home”"))
        #expect(diff.stdout.contains("3 new, 3 resolved, 1 residual"), "\(diff.stdout)")
        #expect(!diff.stdout.contains("Not covered"))
    }

    @Test func aNameOnAReportOfSeveralScreensIsAUsageError() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let both = try series.audit(day: 0, [Self.before, Self.after])
        let result = try runTool(["history", "add", both.path, "--screen", "Home"], in: series.directory.path)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--screen names the screen of a one-screen report"), "\(result.stderr)")
        #expect(try runTool(["history", "add", both.path, "--screen", " "], in: series.directory.path).status == 64)
    }
}

/// `ingest` without an operand in a project set up by `init`: the project file names the reports folder.
@Suite struct IngestProjectFolderTests {
    @Test func ingestWithoutAnOperandTakesTheProjectsReportsFolder() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        _ = try series.audit(day: 0, [ScreenNameCommandTests.before])
        _ = try series.audit(day: 1, [ScreenNameCommandTests.after])
        let directory = series.directory.path
        // No project file: the operand is missing.
        let missing = try runTool(["ingest"], in: directory)
        #expect(missing.status == 64, "\(missing.stderr)")
        #expect(missing.stderr.contains("missing REPORT|DIR"), "\(missing.stderr)")
        #expect(try runTool(["init"], in: directory).status == 0)
        let ingested = try runTool(["ingest"], in: directory)
        #expect(ingested.status == 0, "\(ingested.stderr)")
        #expect(ingested.stdout.contains("Ingested 2 reports"), "\(ingested.stdout)")
        // Run again: the site and summary it wrote in that folder are not taken for reports.
        let again = try runTool(["ingest"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Ingested 0 reports; 2 already in the history"), "\(again.stdout)")
    }
}
