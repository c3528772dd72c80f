import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Every output tells one comparison the same way: the terminal, the session, the report's page,
/// `diff`, `check`, `history list`, `trend`, the site's index and the summary state the same counts,
/// the same warnings as one (across languages), the same statuses and the same "since". Runs the
/// built tool on the demo (a language switch, a partial audit, rule-accepted and system-UI warnings),
/// with a warning accepted in the baseline, and with an Inspector repeat.
@Suite struct OutputConsistencyTests {
    static let rules = ["--rules", "Examples/BudgetApp/auditkit.rules.json", "--source", "Examples/BudgetApp"]
    static let demo = ReportFixture.demoReports().map { "Reports/" + $0.fileName }

    /// One comparison as an output told it: `N new, N resolved, N residual`.
    struct Triple: Equatable, CustomStringConvertible {
        var new: Int, resolved: Int, residual: Int
        var description: String { "\(new) new, \(resolved) resolved, \(residual) residual" }
    }

    /// The first `N new, N resolved, N residual` in `text` after `prefix`.
    static func triple(in text: Substring, after prefix: String) -> Triple? {
        guard let start = prefix.isEmpty ? text.startIndex : text.range(of: prefix)?.upperBound else { return nil }
        let rest = String(text[start...])
        let pattern = try! NSRegularExpression(pattern: "(\\d+) new, (\\d+) resolved, (\\d+) residual")
        guard let match = pattern.firstMatch(in: rest, range: NSRange(rest.startIndex..., in: rest)) else { return nil }
        let numbers = (1...3).map { Int((rest as NSString).substring(with: match.range(at: $0))) ?? -1 }
        return Triple(new: numbers[0], resolved: numbers[1], residual: numbers[2])
    }

    /// The triple the terminal printed for each report, by file name.
    static func terminalTriples(_ output: String) -> [String: Triple] {
        var triples: [String: Triple] = [:]
        var current: String?
        for line in output.split(separator: "\n") {
            if line.hasPrefix("== ") { current = (String(line.dropFirst(3)) as NSString).lastPathComponent }
            if let current, line.hasPrefix("Added to"), let triple = triple(in: line, after: ": ") {
                triples[current] = triple
            }
        }
        return triples
    }

    /// The triple each session of the log states, by report file name, and each session's text.
    static func sessions(_ log: String) -> [String: (triple: Triple?, text: String)] {
        var sessions: [String: (Triple?, String)] = [:]
        for part in log.components(separatedBy: "\n### Session ").dropFirst() {
            guard let report = part.range(of: "  - Report: `").map({ part[$0.upperBound...].prefix { $0 != "`" } })
            else { continue }
            let name = (String(report) as NSString).lastPathComponent
            sessions[name] = (triple(in: Substring(part), after: "Open warnings against "), part)
        }
        return sessions
    }

    /// The triple a report's page states.
    static func pageTriple(_ workspace: TemporaryDirectory, _ fileName: String) throws -> Triple? {
        let folder = (fileName as NSString).deletingPathExtension
        let html = try String(contentsOfFile: workspace.file("Reports/\(folder)/index.html"), encoding: .utf8)
        guard let start = html.range(of: "<a href=\"#change-new\">") else { return nil }
        let text = html[start.lowerBound...].prefix(400).replacingOccurrences(
            of: "<[^>]*>", with: "", options: .regularExpression)
        return triple(in: Substring(text), after: "")
    }

    static func json(_ result: ToolResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func run(_ arguments: [String], in workspace: TemporaryDirectory) throws -> ToolResult {
        let result = try runTool(arguments, in: workspace.path)
        #expect(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
        return result
    }

    /// The numbers of `history list` and `trend`, and the latest audit's in the site's index.
    static func expectCountsAgree(_ workspace: TemporaryDirectory) throws {
        let listed =
            try json(run(["history", "list", "--format", "json"], in: workspace))["reports"] as? [[String: Any]]
        let open = try #require(listed).map { (($0["counts"] as? [String: Any])?["open"] as? Int) ?? -1 }
        let trend = try json(run(["trend", "--format", "json"], in: workspace))
        let columns = try #require(trend["columns"] as? [[String: Any]])
        #expect(columns.count == open.count)
        for (index, column) in columns.enumerated() where column["partial"] as? Bool == false {
            #expect(column["openCount"] as? Int == open[index], "trend and history list, report \(index + 1)")
        }
        let site = try String(contentsOfFile: workspace.file("Reports/index.html"), encoding: .utf8)
        let latest = try #require(open.last)
        #expect(site.contains(": \(latest) open warning"), "the index states the latest audit's open count")
    }

    @Test func theDemoIsToldTheSameWayEverywhere() throws {
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        let ingest = try Self.run(["ingest", "Reports"] + Self.rules + ["--log", "audit.md"], in: workspace)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let terminal = Self.terminalTriples(ingest.stdout)
        let sessions = Self.sessions(try String(contentsOfFile: workspace.file("audit.md"), encoding: .utf8))
        #expect(terminal.count == 3, "every report after the first is compared")
        for name in Self.demo.map({ ($0 as NSString).lastPathComponent }).dropFirst() {
            let told = try #require(terminal[name], "the terminal compares \(name)")
            #expect(sessions[name]?.triple == told, "session of \(name)")
            #expect(try Self.pageTriple(workspace, name) == told, "page of \(name)")
        }
        // `diff` and `check` of the latest audit against the audit before it.
        let last = (Self.demo[3] as NSString).lastPathComponent
        let diff = try Self.json(Self.run(["diff", "latest~1", "latest", "--format", "json"], in: workspace))
        let counts = try #require(diff["counts"] as? [String: Int])
        #expect(
            Triple(new: counts["new"] ?? -1, resolved: counts["resolved"] ?? -1, residual: counts["residual"] ?? -1)
                == terminal[last])
        let check = try Self.json(
            Self.run(["check", Self.demo[2]] + Self.rules + ["--format", "json"], in: workspace))
        let third = (Self.demo[2] as NSString).lastPathComponent
        #expect((check["failing"] as? [Any])?.count == terminal[third]?.new, "check fails on the new open warnings")
        try Self.expectCountsAgree(workspace)
        // `ingest --format json` states the same comparisons (a fresh project, the same reports).
        let fresh = try ReadmeExamplesTests.workspace()
        defer { fresh.remove() }
        let json = try Self.run(
            ["ingest", "Reports"] + Self.rules + ["--log", "audit.md", "--format", "json"], in: fresh)
        let reports = try #require(try Self.json(json)["reports"] as? [[String: Any]])
        var compared = 0
        for report in reports {
            guard let comparison = report["comparison"] as? [String: Any], let path = report["report"] as? String else {
                continue
            }
            let triple = Triple(
                new: comparison["new"] as? Int ?? -1, resolved: comparison["resolved"] as? Int ?? -1,
                residual: comparison["residual"] as? Int ?? -1)
            #expect(triple == terminal[(path as NSString).lastPathComponent], "ingest --format json of \(path)")
            compared += 1
        }
        #expect(compared == 3)

        // The summary knows the Edit button as one warning in all four audits, in English and German,
        // and "Widgets" as resolved.
        let summary = try String(contentsOfFile: workspace.file("Reports/summary.md"), encoding: .utf8)
        let edit = summary.split(separator: "\n").filter { $0.contains("“Edit”") || $0.contains("“Bearbeiten”") }
        #expect(edit.count == 1)
        #expect(edit.first?.contains("in 4 of 4 reports") == true)
        let widgets = summary.split(separator: "\n").first { $0.contains("“Widgets”") }
        #expect(widgets?.contains("resolved in AuditReport_2026-01-12_10-30-00") == true)

        // The latest session's residual warnings are residual since the audit the trend gives them.
        let trend = try Self.json(Self.run(["trend", "--format", "json"], in: workspace))
        let residual = try #require(trend["residual"] as? [[String: Any]])
        let session = try #require(sessions[last]?.text)
        let latestSession = try #require(
            session.split(separator: "\n").first { $0.hasPrefix("  - Residual:") }.map(String.init))
        var checked = 0
        for warning in residual {
            guard let issue = warning["issue"] as? [String: Any], issue["status"] as? String == "open",
                let text = issue["text"] as? String, let firstSeen = warning["firstSeen"] as? String
            else { continue }
            let day = String(firstSeen.prefix(10))
            #expect(latestSession.contains("“\(text)” ("), "\(text) is residual in the session")
            let since = latestSession.components(separatedBy: "“\(text)” (").dropFirst().first?.prefix(120) ?? ""
            #expect(since.contains("(\(day))"), "\(text): the session's since is the trend's \(day)")
            checked += 1
        }
        #expect(checked >= 2)
    }

    @Test func aWarningAcceptedInTheBaselineIsAcceptedEverywhere() throws {
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        _ = try Self.run(["ingest", Self.demo[0], Self.demo[1]] + Self.rules + ["--log", "audit.md"], in: workspace)
        let failing =
            try Self.json(
                Self.run(
                    ["check", Self.demo[1]] + Self.rules + ["--fail-on", "any", "--format", "json"], in: workspace)
            )["failing"] as? [[String: Any]]
        let edit = try #require(failing?.first { $0["text"] as? String == "Edit" })
        let fingerprint = try #require(edit["fingerprint"] as? String)
        let accepted = try Self.run(["accept", fingerprint, "--reason", "Brand colour, judged"], in: workspace)
        #expect(accepted.status == 0, "\(accepted.stderr)")

        let ingest = try Self.run(["ingest", Self.demo[2]] + Self.rules + ["--log", "audit.md"], in: workspace)
        let third = (Self.demo[2] as NSString).lastPathComponent
        let told = try #require(Self.terminalTriples(ingest.stdout)[third])
        let session = try #require(
            Self.sessions(try String(contentsOfFile: workspace.file("audit.md"), encoding: .utf8))[third])
        #expect(session.triple == told)
        #expect(try Self.pageTriple(workspace, third) == told)
        // In German now, and accepted through the warning's earlier fingerprint.
        #expect(session.text.contains("“Bearbeiten”") && session.text.contains("Brand colour, judged"))
        #expect(!session.text.contains("Residual: Contrast “Bearbeiten”"))
        let check = try Self.json(
            Self.run(["check", Self.demo[2]] + Self.rules + ["--format", "json"], in: workspace))
        #expect((check["baselined"] as? [[String: Any]])?.contains { $0["text"] as? String == "Bearbeiten" } == true)
        let summary = try String(contentsOfFile: workspace.file("Reports/summary.md"), encoding: .utf8)
        let line = summary.split(separator: "\n").first { $0.contains("“Edit”") || $0.contains("“Bearbeiten”") }
        #expect(line?.contains("accepted by the baseline: Brand colour, judged") == true)
        let folder = (third as NSString).deletingPathExtension
        let page = try String(contentsOfFile: workspace.file("Reports/\(folder)/index.html"), encoding: .utf8)
        #expect(page.contains("in the baseline: Brand colour, judged"))
        try Self.expectCountsAgree(workspace)
    }

    @Test func anInspectorRepeatCountsOnceEverywhere() throws {
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        // The second audit with its first issue repeated by the Inspector (same element, same place).
        var second = ReportFixture.demoReports()[1]
        second.fixture.screens[0].issues.append(second.fixture.screens[0].issues[0])
        try second.html.write(to: URL(fileURLWithPath: workspace.file("Reports/" + second.fileName)))
        let ingest = try Self.run(
            ["ingest", Self.demo[0], Self.demo[1]] + Self.rules + ["--log", "audit.md"], in: workspace)
        #expect(ingest.stdout.contains("1 repeated by the Inspector"))
        let told = try #require(Self.terminalTriples(ingest.stdout)[second.fileName])
        let sessions = Self.sessions(try String(contentsOfFile: workspace.file("audit.md"), encoding: .utf8))
        #expect(sessions[second.fileName]?.triple == told)
        #expect(try Self.pageTriple(workspace, second.fileName) == told)
        try Self.expectCountsAgree(workspace)
    }

    @Test func aSessionIsDatedByItsAuditInAuditAndIngestAlike() throws {
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        let audit = try Self.run(["audit", Self.demo[0], "--log", "audit.md"], in: workspace)
        #expect(audit.status == 0, "\(audit.stderr)")
        _ = try Self.run(["ingest", Self.demo[1], "--log", "audit.md"], in: workspace)
        let log = try String(contentsOfFile: workspace.file("audit.md"), encoding: .utf8)
        #expect(log.contains("- Date: 2026-01-05\n") && log.contains("- Date: 2026-01-12\n"))
    }

    @Test func aDamagedBaselineStopsEveryCommandThatReadsIt() throws {
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        try Data("{\"version\": 1, \"entries\": [".utf8).write(
            to: URL(fileURLWithPath: workspace.file("Reports/baseline.json")))
        for arguments in [
            ["ingest", "Reports"], ["audit", Self.demo[0]], ["log", Self.demo[0], "--dry-run"],
            ["check", Self.demo[0]],
            ["trend"], ["history", "list"], ["diff", Self.demo[0], Self.demo[1]],
        ] {
            let result = try runTool(arguments, in: workspace.path)
            #expect(result.status == 65, "\(arguments): \(result.status)")
            #expect(result.stderr.contains("Reports/baseline.json"), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.file("Reports/history.jsonl")), "nothing written")
    }

    @Test func htmlWithoutMappingInputsKeepsTheCodePlacesRecorded() throws {
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        _ = try Self.run(["ingest", Self.demo[0]] + Self.rules + ["--log", "audit.md"], in: workspace)
        let page = workspace.file("Reports/AuditReport_2026-01-05_09-12-40/index.html")
        let before = try String(contentsOfFile: page, encoding: .utf8)
        // Code places break after each `/` (`<wbr>`).
        #expect(before.contains("Examples/<wbr>BudgetApp/<wbr>Home/<wbr>HomeView.swift:19"))
        let html = try Self.run(["html"], in: workspace)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(!html.stderr.contains("re-mapping"))
        let after = try String(contentsOfFile: page, encoding: .utf8)
        #expect(after.contains("Examples/<wbr>BudgetApp/<wbr>Home/<wbr>HomeView.swift:19"))
        #expect(!after.contains("not mapped (no rule file"))
        let remapped = try Self.run(["html"] + Self.rules, in: workspace)
        #expect(remapped.stderr.contains("re-mapping the reports"))
    }
}
