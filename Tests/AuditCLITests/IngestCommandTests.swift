import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// End-to-end runs of `auditkit ingest` over a folder of reports.
@Suite struct IngestCommandTests {
    /// A project with three reports of one Home screen, written in an order unlike their audit order,
    /// a source file and nothing else.
    static func makeProject() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        let texts = [
            "AuditReport_2026-01-04_09-00-00.html": ["Widgets", "Sort"],
            "AuditReport_2026-01-02_11-02-25.html": ["Widgets", "Total", "Edit"],
            "AuditReport_2026-01-03_09-00-00.json": ["Widgets", "Edit"],
        ]
        for (name, elementTexts) in texts {
            let issues = elementTexts.enumerated().map { index, text in
                ReportFixture.Issue(
                    errorCode: 12, shortTitle: "Contrast failed", elementText: text, testTypeName: "Contrast",
                    thumbnail: ReportFixture.Image(canvas: FixtureCanvas(width: 60, height: 24, color: .white)),
                    rect: Rect(x: 20, y: 200 + 60 * Double(index), width: 120, height: 24))
            }
            let shot = ReportFixture.Image(canvas: FixtureCanvas(width: 402, height: 874, color: .white))
            // "AuditReport_2026-01-04_09-00-00.html" was audited at 2026-01-04 09:00:00.
            let stamp = name.dropFirst("AuditReport_".count).prefix(19)
            let timestamp = stamp.prefix(10) + " " + stamp.suffix(8).replacingOccurrences(of: "-", with: ":")
            let fixture = ReportFixture(
                screens: [.init(name: "0", groupName: "Home", screenshot: shot, issues: issues)],
                timestamp: String(timestamp))
            try fixture.write(
                to: directory.file("Reports/" + name), as: name.hasSuffix(".json") ? .json : .html(.varAssignment))
        }
        return directory
    }

    /// Every file under `root` with its bytes, paths relative to `root`.
    static func snapshot(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }

    @Test func reportsAreIngestedOldestFirstAndASecondRunChangesNothing() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let first = try runTool(["ingest", "Reports", "--jobs", "2"], in: project.path)
        #expect(first.status == 0, "\(first.stderr)")
        let headers = first.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }
        #expect(
            headers == [
                "== Reports/AuditReport_2026-01-02_11-02-25.html", "== Reports/AuditReport_2026-01-03_09-00-00.json",
                "== Reports/AuditReport_2026-01-04_09-00-00.html",
            ])
        #expect(first.stdout.contains("against AuditReport_2026-01-03_09-00-00.json: 1 new, 1 resolved, 1 residual"))
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(log.contains("### Session 3"))
        // Each session carries its report's audit day.
        #expect(log.contains("2026-01-02") && log.contains("2026-01-04"))
        #expect(FileManager.default.fileExists(atPath: project.file("Reports/summary.md")))
        #expect(FileManager.default.fileExists(atPath: project.file("Reports/trend.svg")))
        #expect(
            FileManager.default.fileExists(
                atPath: project.file("Reports/AuditReport_2026-01-04_09-00-00/index_sheet.png")))

        let before = Self.snapshot(project.path)
        let second = try runTool(["ingest", "Reports"], in: project.path)
        #expect(second.status == 0)
        #expect(second.stdout.contains("Ingested 0 reports; 3 already in the history; 0 failed."))
        let after = Self.snapshot(project.path)
        #expect(before.keys.sorted() == after.keys.sorted())
        for (path, data) in before where !path.hasSuffix(".lock") { #expect(after[path] == data, "\(path) changed") }
    }

    @Test func oneJobAndTwoJobsWriteTheSameOutputAndFiles() throws {
        let one = try Self.makeProject()
        defer { one.remove() }
        let two = try Self.makeProject()
        defer { two.remove() }
        let single = try runTool(["ingest", "Reports", "--jobs", "1", "--format", "json"], in: one.path)
        let double = try runTool(["ingest", "Reports", "--jobs", "2", "--format", "json"], in: two.path)
        #expect(single.status == 0 && double.status == 0)
        #expect(single.stdout == double.stdout)
        let a = Self.snapshot(one.path)
        let b = Self.snapshot(two.path)
        #expect(a.keys.sorted() == b.keys.sorted())
        // The recorded judgement too: it names the history by content, so it is committed without churning.
        // Only this machine's note of the files it wrote differs.
        for (path, data) in a where !path.hasSuffix("history.judgement.local") {
            #expect(b[path] == data, "\(path) differs between --jobs 1 and --jobs 2")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let lines = try #require(a["Reports/history.judgement.json"]).split(separator: 0x0A)
        let record = try decoder.decode(JudgementRecord.self, from: Data(lines[0]))
        // The index, one line per report, the four lines of what holds as of the latest report, the seal.
        #expect(record.entries.count == 3 && lines.count == 9)
    }

    @Test func anUnreadableReportIsNamedAndSkippedAndTheRestComplete() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try Data("<html>not a report</html>".utf8).write(
            to: URL(fileURLWithPath: project.file("Reports/AuditReport_2026-01-03_12-00-00.html")))
        let result = try runTool(["ingest", "Reports"], in: project.path)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("Reports/AuditReport_2026-01-03_12-00-00.html"))
        #expect(result.stdout.contains("Ingested 3 reports; 0 already in the history; 1 failed."))
        let history = try HistoryFile(path: project.file("Reports/history.jsonl")).load()
        #expect(history.entries.count == 3)
    }

    @Test func aMissingFolderIsAUsageProblemAndNothingIsWritten() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let result = try runTool(["ingest", "Nowhere"], in: project.path)
        #expect(result.status == 66)
        #expect(result.stderr.contains("Nowhere"))
        #expect(!FileManager.default.fileExists(atPath: project.file("audit.md")))
    }
}

/// Ingest scans the sources it indexes for fixed font sizes and names them as likely causes.
@Suite struct IngestLikelyCauseTests {
    @Test func aDynamicTypeWarningNamesTheFixedSizeNearItsLine() throws {
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        let run = try runTool(
            [
                "ingest", "Reports/AuditReport_2026-01-05_09-12-40.html", "--rules",
                "Examples/BudgetApp/auditkit.rules.json", "--source", "Examples/BudgetApp", "--log", "audit.md",
            ], in: workspace.path)
        #expect(run.status == 0, "\(run.stderr)")
        let log = try String(contentsOfFile: workspace.file("audit.md"), encoding: .utf8)
        // Built outside `#expect`, where a chain of `+` is slow to type-check.
        let place = "[`Examples/BudgetApp/Home/IncomeTile.swift:9`](Examples/BudgetApp/Home/IncomeTile.swift#L9)"
        let cause =
            "  - Likely cause of “Income”: `.font(.system(size: 15, weight: .semibold))` at \(place), 1 line below; "
            + "`scan --fix` would make it `.subheadline.weight(.semibold)`.\n"
        #expect(log.contains(cause), "\(log)")
        // The summary and the report's page name it too.
        let summary = try String(contentsOfFile: workspace.file("Reports/summary.md"), encoding: .utf8)
        #expect(summary.contains("likely cause `.font(.system(size: 15, weight: .semibold))` at "), "\(summary)")
        let page = try String(
            contentsOfFile: workspace.file("Reports/AuditReport_2026-01-05_09-12-40/index.html"), encoding: .utf8)
        #expect(page.contains("<dt>Likely cause</dt><dd><code><bdi>.font(.system(size: 15, weight: .semibold))"))
    }

    @Test func aWarningTheBaselineAcceptsHasNoLikelyCauseInAnyOutput() throws {
        // Issue 43: causes were named on warnings the team accepted: in the session, `map`, the summary and
        // the report's page.
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        let report = "Reports/AuditReport_2026-01-05_09-12-40.html"
        let inputs = ["--rules", "Examples/BudgetApp/auditkit.rules.json", "--source", "Examples/BudgetApp"]
        let ingest = try runTool(["ingest", report] + inputs + ["--log", "audit.md"], in: workspace.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let log = try String(contentsOfFile: workspace.file("audit.md"), encoding: .utf8)
        #expect(log.contains("  - Likely cause of “Income”: "), "\(log)")
        let page = workspace.file("Reports/AuditReport_2026-01-05_09-12-40/index.html")
        /// Whether `map`, `summary` and the report's page each name the cause of “Income” (15 pt semibold).
        func causesNamed() throws -> [Bool] {
            let cause = "size: 15, weight: .semibold"
            let map = try runTool(["map", report] + inputs, in: workspace.path)
            let summary = try runTool(["summary", report] + inputs, in: workspace.path)
            let html = try runTool(["html"] + inputs, in: workspace.path)
            #expect(map.status == 0 && summary.status == 0 && html.status == 0, "\(map.stderr)\(summary.stderr)")
            let text = try String(contentsOfFile: page, encoding: .utf8)
            return [
                map.stdout.contains("likely cause: `.font(.system(\(cause)))`"),
                summary.stdout.contains("likely cause `.font(.system(\(cause)))`"),
                text.contains("Likely cause</dt><dd><code><bdi>.font(.system(\(cause)))"),
            ]
        }
        #expect(try causesNamed() == [true, true, true])
        let check = try runTool(["check"], in: workspace.path)
        let line = try #require(
            check.stdout.split(separator: "\n").first { $0.contains("‘Income’") }, "\(check.stdout)")
        let fingerprint = try #require(line.split(separator: " ").last?.dropLast())
        let accept = try runTool(
            ["accept", String(fingerprint), "--reason", "Scales in the simulator"] + inputs, in: workspace.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        let session = try runTool(
            ["log", report] + inputs + ["--log", "audit.md", "--update", "--dry-run"], in: workspace.path)
        #expect(session.stdout.contains("Accepted Dynamic Type warnings on IncomeTile: “Income”"), "\(session.stdout)")
        #expect(!session.stdout.contains("Likely cause"), "\(session.stdout)")
        #expect(try causesNamed() == [false, false, false])
        // `map` states the baseline's acceptance as `check` does (it said "open").
        let map = try runTool(["map", report] + inputs, in: workspace.path)
        #expect(map.stdout.contains("[accepted: accepted in the baseline: Scales in the simulator"), "\(map.stdout)")
        let json = try runTool(["map", report, "--format", "json"] + inputs, in: workspace.path)
        #expect(json.stdout.contains("\"reason\" : \"accepted in the baseline: Scales in the simulator\""))
    }

    @Test func auditOfANewReportDrawsTheMissingEvidenceOfTheHistorysReports() throws {
        // Issue 40: in a teammate's clone (the evidence git-ignored), `audit` of the next report drew only its
        // own evidence, so the site linked missing pages of the earlier audits.
        let workspace = try ReadmeExamplesTests.workspace()
        defer { workspace.remove() }
        let inputs = ["--rules", "Examples/BudgetApp/auditkit.rules.json", "--source", "Examples/BudgetApp"]
        let earlier = ["AuditReport_2026-01-05_09-12-40", "AuditReport_2026-01-12_10-30-00"]
        let ingest = try runTool(
            ["ingest"] + earlier.map { "Reports/\($0).html" } + inputs + ["--log", "audit.md"], in: workspace.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        for name in earlier { try FileManager.default.removeItem(atPath: workspace.file("Reports/\(name)")) }
        let audit = try runTool(
            ["audit", "Reports/AuditReport_2026-01-19_16-45-10.html"] + inputs + ["--log", "audit.md"],
            in: workspace.path)
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(
            audit.stdout.contains("Drew the missing evidence of 2 reports already in the history."), "\(audit.stdout)")
        for name in earlier {
            #expect(FileManager.default.fileExists(atPath: workspace.file("Reports/\(name)/index.html")), "\(name)")
            #expect(!audit.stdout.contains("\(name).html: already"), "\(audit.stdout)")
        }
    }
}
