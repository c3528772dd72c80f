import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A CI run that audits several screens is gated whole: `check` with no operand checks every report the
/// run added, each screen against its own history, and `map` writes one SARIF of every warning of the
/// run, none of them resolved.
@Suite struct RunGateTests {
    /// The app's two screens as the first run finds them.
    static let first = RecorderRun([.init("Home", ["Balance", "Income"]), .init("Budgets", ["Groceries", "Rent"])])

    /// A project whose history holds the first run.
    static func makeProject() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory()
        try first.write(into: project.file("Reports"), day: "2026-06-01", hour: 10)
        let ingest = try runTool(["ingest", "Reports"], in: project.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return project
    }

    static func json(_ result: ToolResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The SARIF log's one run's results.
    static func results(_ result: ToolResult) throws -> [[String: Any]] {
        let runs = try #require(try json(result)["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return try #require(runs.first?["results"] as? [[String: Any]])
    }

    static func text(_ result: [String: Any]) -> String {
        (result["message"] as? [String: Any])?["text"] as? String ?? ""
    }

    @Test func aNewWarningOnTheScreenAuditedFirstFailsTheRun() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // Home, audited first, shows a new warning; Budgets, audited last, is as it was.
        let second = RecorderRun([
            .init("Home", ["Balance", "Income", "Savings"]), .init("Budgets", ["Groceries", "Rent"]),
        ])
        let paths = try second.write(into: project.file("Reports"), day: "2026-06-02", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)

        let check = try runTool(["check", "--fail-on", "new"], in: project.path)
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.split(separator: "\n").filter { $0.contains("warning: ") }.count == 1)
        #expect(check.stdout.contains("‘Savings’"), "\(check.stdout)")
        #expect(
            check.stderr.contains("check AXAudit_2026-06-02_10-00-00.json: 1 failing warning(s)"), "\(check.stderr)")
        #expect(
            check.stderr.contains("check AXAudit_2026-06-02_10-00-01.json: 0 failing warning(s)"), "\(check.stderr)")

        let json = try Self.json(try runTool(["check", "--format", "json"], in: project.path))
        #expect(json["failed"] as? Bool == true)
        let failing = try #require(json["failing"] as? [[String: Any]])
        #expect(failing.map { $0["text"] as? String } == ["Savings"])
        #expect(failing.map { $0["report"] as? String } == ["AXAudit_2026-06-02_10-00-00.json"])
        let reports = try #require(json["reports"] as? [[String: Any]])
        #expect(reports.map { $0["report"] as? String } == paths.map { PathName.last($0) })

        // --since names where the run starts; a reference names one report, checked alone.
        let since = try runTool(["check", "--since", "AXAudit_2026-06-01_10-00-01.json"], in: project.path)
        #expect(since.status == 1 && since.stdout == check.stdout)
        #expect(try runTool(["check", "latest"], in: project.path).status == 0)
        #expect(try runTool(["check", "latest~1", "latest"], in: project.path).status == 1)

        // One SARIF of the run: both screens' warnings, one run object.
        let sarif = try runTool(["map", "--format", "sarif"], in: project.path)
        #expect(sarif.status == 0, "\(sarif.stderr)")
        #expect(SARIFSchema.problems(in: Data(sarif.stdout.utf8)) == [])
        let results = try Self.results(sarif)
        #expect(results.count == 5)
        #expect(results.filter { $0["baselineState"] as? String == "new" }.map(Self.text).count == 1)
        #expect(results.contains { Self.text($0).contains("Savings") && $0["baselineState"] as? String == "new" })
        // `map` takes history references as the other commands do.
        let latest = try runTool(["map", "latest", "--format", "sarif"], in: project.path)
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(try Self.results(latest).count == 2)
        let both = try runTool(["map", "latest~1", "latest", "--format", "sarif"], in: project.path)
        #expect(try Self.results(both).count == 5)
    }

    @Test func resolvedWarningsAreNoSARIFResultsAndScreensNotAuditedAreLeftOut() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // Only Home is audited, and Income is fixed.
        try RecorderRun([.init("Home", ["Balance"])]).write(into: project.file("Reports"), day: "2026-06-02", hour: 9)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        #expect(try runTool(["check"], in: project.path).status == 0)
        let results = try Self.results(try runTool(["map", "--format", "sarif"], in: project.path))
        #expect(results.map(Self.text).map { $0.contains("Balance") } == [true], "\(results.map(Self.text))")
        #expect(!results.contains { $0["baselineState"] as? String == "absent" })
    }

    @Test func anAuditDatedInTheFutureIsNeverTheLatest() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // A committed report dated 2099 that shows a clean Home, and the run's real audit of Home.
        try RecorderRun([.init("Home", [])]).write(into: project.file("Reports"), day: "2099-01-01", hour: 0)
        try RecorderRun([.init("Home", ["Balance", "Income", "Savings"])]).write(
            into: project.file("Reports"), day: "2026-06-02", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        let latest = try Self.json(try runTool(["check", "latest", "--format", "json"], in: project.path))
        let reports = try #require(latest["reports"] as? [[String: Any]])
        #expect(reports.map { $0["report"] as? String } == ["AXAudit_2026-06-02_10-00-00.json"])
        #expect(latest["failed"] as? Bool == true)
        // The run's check checks both, so the future one cannot hide the new warning.
        let run = try runTool(["check"], in: project.path)
        #expect(run.status == 1 && run.stdout.contains("‘Savings’"), "\(run.stdout)\(run.stderr)")
        let list = try runTool(["diff", "latest~2", "latest"], in: project.path)
        #expect(list.stdout.hasPrefix("AXAudit_2026-06-01_10-00-00.json"), "\(list.stdout)")
    }

    @Test func acceptAllIsABaselineToStartFromAndOnlyWhatIsNewFailsAfterIt() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // The first run: every warning is new.
        let first = try runTool(["check"], in: project.path)
        #expect(first.status == 1 && first.stderr.contains("4 failing warning(s) in 2 of them"), "\(first.stderr)")
        let accept = try runTool(["accept", "--all", "--reason", "Where we start"], in: project.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(accept.stderr.contains("accepted 4 warning(s) open as of the latest audits"), "\(accept.stderr)")
        #expect(accept.stdout.split(separator: "\n").count == 4)
        let baseline = try Baseline.load(path: project.file("Reports/baseline.json"))
        #expect(baseline.entries.count == 4 && baseline.entries.allSatisfy { $0.reason == "Where we start" })
        #expect(try runTool(["check"], in: project.path).status == 0)
        // The pages and the index state the acceptances at once, without an `html` run.
        for name in ["AXAudit_2026-06-01_10-00-00", "AXAudit_2026-06-01_10-00-01"] {
            let page = try String(contentsOfFile: project.file("Reports/\(name)/index.html"), encoding: .utf8)
            #expect(page.contains("data-status=\"accepted\"") && !page.contains("data-status=\"open\""), "\(name)")
        }
        let index = try String(contentsOfFile: project.file("Reports/index.html"), encoding: .utf8)
        #expect(index.contains("0 open warnings, 2 accepted"), "the index states the latest audit's")
        // A later run fails on exactly what is new.
        try RecorderRun([.init("Home", ["Balance", "Income"]), .init("Budgets", ["Groceries", "Rent", "Bills"])])
            .write(into: project.file("Reports"), day: "2026-06-02", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        let json = try Self.json(try runTool(["check", "--format", "json"], in: project.path))
        #expect((json["failing"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Bills"])
        #expect((json["baselined"] as? [[String: Any]])?.count == 4)
        // Usage: --all takes no fingerprints and needs a reason.
        #expect(try runTool(["accept", "--all"], in: project.path).status == 64)
        #expect(try runTool(["accept", "--all", "0123456789abcdef", "--reason", "x"], in: project.path).status == 64)
    }
}
