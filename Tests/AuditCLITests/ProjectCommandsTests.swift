import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The commands of a project set up by `init`, as its people type them: without operands they take what
/// the project file names, and a glob that catches AuditKit's own files skips them with a note.
@Suite struct ProjectCommandsTests {
    @Test func commandsWithoutOperandsUseTheProjectAndGlobsSkipTheToolsOwnFiles() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        _ = try series.audit(day: 0, [ScreenNameCommandTests.before])
        let latest = try series.audit(day: 1, [ScreenNameCommandTests.after])
        let directory = series.directory.path
        try FileManager.default.createDirectory(
            atPath: series.directory.file("App"), withIntermediateDirectories: true)
        try
            "import SwiftUI\nstruct TotalView: View {\n    var body: some View { Text(\"Total\").font(.system(size: 17)) }\n}\n"
            .write(toFile: series.directory.file("App/TotalView.swift"), atomically: true, encoding: .utf8)
        #expect(try runTool(["init", "--source", "App"], in: directory).status == 0)
        #expect(try runTool(["ingest"], in: directory).status == 0)
        #expect(FileManager.default.fileExists(atPath: series.directory.file("Reports/index.html")))

        // `Reports/*.html` as the shell expands it: the reports and the site's index page.
        let glob = try FileManager.default.contentsOfDirectory(atPath: series.directory.file("Reports"))
            .filter { $0.hasSuffix(".html") }.sorted().map { "Reports/" + $0 }
        #expect(glob.contains("Reports/index.html") && glob.count == 3)
        let note = "note: skipped Reports/index.html: AuditKit's own page, not a report"
        let summary = try runTool(["summary"] + glob + ["-o", "Reports/summary.md"], in: directory)
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stderr.contains(note), "\(summary.stderr)")
        let ingest = try runTool(["ingest"] + glob, in: directory)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stderr.contains(note), "\(ingest.stderr)")
        #expect(ingest.stdout.contains("Ingested 0 reports; 2 already in the history"), "\(ingest.stdout)")

        // No operand: the history's latest audit, the project's sources.
        let latestName = PathName.last(latest.path)
        let latestSummary = try runTool(["summary"], in: directory)
        #expect(latestSummary.status == 0, "\(latestSummary.stderr)")
        #expect(latestSummary.stdout.contains(latestName), "\(latestSummary.stdout)")
        let check = try runTool(["check"], in: directory)
        #expect([0, 1].contains(check.status), "\(check.stderr)")
        #expect(check.stderr.contains("check \(latestName):"), "\(check.stderr)")
        let scan = try runTool(["scan", "--format", "xcode"], in: directory)
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("App/TotalView.swift:3:"), "\(scan.stdout)")
    }

    /// Issue 40: `init` without `--source` wrote `"sources": []`, so nothing mapped until someone edited
    /// the project file; it names the folders that hold the app's Swift sources, not tests, build products,
    /// hidden folders, Xcode's bundles or its own folders.
    @Test func initWithoutSourcesNamesTheFoldersThatHoldSwiftSources() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let files = [
            "BudgetApp/Home/HomeView.swift", "BudgetApp/Localizable.xcstrings", "Packages/Kit/Sources/Kit/Kit.swift",
            "BudgetAppTests/HomeTests.swift", ".build/checkouts/x.swift", "BudgetApp.xcodeproj/project.pbxproj",
            "Docs/Guide.md", "Templates/helper.swift",
        ]
        for file in files {
            let path = project.file(file)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "// \(file)\n".write(toFile: path, atomically: true, encoding: .utf8)
        }
        let first = try runTool(["init"], in: project.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.contains("sources: BudgetApp, Packages (the folders holding Swift sources;"), "\(first.stdout)"
        )
        let file = try ProjectFile.load(path: project.file(ProjectFile.defaultFileName))
        #expect(file.sources == ["BudgetApp", "Packages"])
        // Given with --source, they are taken as given and nothing is said of them.
        let other = try TemporaryDirectory()
        defer { other.remove() }
        let given = try runTool(["init", "--source", "App"], in: other.path)
        #expect(!given.stdout.contains("sources:"), "\(given.stdout)")
        #expect(try ProjectFile.load(path: other.file(ProjectFile.defaultFileName)).sources == ["App"])
    }

    /// `summary` states the judgement every other output states: after `accept` the warning is accepted
    /// there too, and a damaged baseline is an error, as in `check`.
    @Test func summaryJudgesWithTheHistoryAndTheBaseline() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let report = try series.audit(day: 0, [ScreenNameCommandTests.before])
        let directory = series.directory.path
        #expect(try runTool(["init"], in: directory).status == 0)
        #expect(try runTool(["ingest"], in: directory).status == 0)
        let check = try runTool(["check", "--fail-on", "any", "--format", "json"], in: directory)
        let failing = try #require(
            (try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])?["failing"]
                as? [[String: Any]])
        let income = try #require(failing.first { ($0["text"] as? String ?? "").contains("Income") })
        let fingerprint = try #require(income["fingerprint"] as? String)
        let before = try runTool(["summary", report.path, "--by", "type"], in: directory)
        #expect(before.stdout.contains("“Income”, open"), "\(before.stdout)")
        #expect(try runTool(["accept", fingerprint, "--reason", "brand colour"], in: directory).status == 0)
        let after = try runTool(["summary", report.path, "--by", "type"], in: directory)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(!after.stdout.contains("“Income”, open"), "\(after.stdout)")
        #expect(after.stdout.contains("brand colour"), "\(after.stdout)")

        try "{ not json".write(
            toFile: series.directory.file("Reports/baseline.json"), atomically: true, encoding: .utf8)
        let damaged = try runTool(["summary", report.path], in: directory)
        #expect(damaged.status == 65, "\(damaged.stderr)")
        #expect(damaged.stderr.contains("baseline.json"), "\(damaged.stderr)")
    }

    /// After `accept`, the next `audit` writes again the pages of earlier audits that now state other
    /// counts, whatever ran between (`check` records the judgement with the new baseline first).
    @Test func theNextAuditAfterAnAcceptWritesTheEarlierPagesAgain() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let directory = series.directory.path
        #expect(try runTool(["init"], in: directory).status == 0)
        let first = try series.audit(day: 0, [ScreenNameCommandTests.before])
        #expect(try runTool(["audit", first.path], in: directory).status == 0)
        let page = series.directory.file("Reports/\(PathName.deletingExtension(PathName.last(first.path)))/index.html")
        let written = try String(contentsOfFile: page, encoding: .utf8)
        #expect(written.contains("accepted 0,"), "\(written.prefix(600))")
        let check = try runTool(["check", "--fail-on", "any", "--format", "json"], in: directory)
        let failing = try #require(
            (try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])?["failing"]
                as? [[String: Any]])
        let fingerprint = try #require(failing.first?["fingerprint"] as? String)
        #expect(try runTool(["accept", fingerprint, "--reason", "judged"], in: directory).status == 0)
        // accept writes the pages it changes again; a page it left (written before, elsewhere) is stale.
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("accepted 1,"))
        try written.write(toFile: page, atomically: true, encoding: .utf8)
        #expect([0, 1].contains(try runTool(["check"], in: directory).status))
        #expect(try String(contentsOfFile: page, encoding: .utf8) == written, "check writes no page")
        let second = try series.audit(day: 7, [ScreenNameCommandTests.after])
        let audit = try runTool(["audit", second.path], in: directory)
        #expect(audit.status == 0, "\(audit.stderr)")
        let rewritten = try String(contentsOfFile: page, encoding: .utf8)
        #expect(rewritten.contains("accepted 1,"), "\(rewritten.prefix(600))")
        #expect(rewritten.contains("judged"), "the page names the baseline's reason")
    }

    /// A teammate's clone: the evidence is git-ignored, so the reports are in the history and their
    /// folders are not. `ingest` draws them again, so the site's pages have their pictures.
    @Test func ingestDrawsTheEvidenceAFreshCloneLacks() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let first = try series.audit(day: 0, [ScreenNameCommandTests.before])
        let second = try series.audit(day: 1, [ScreenNameCommandTests.after])
        let directory = series.directory.path
        #expect(try runTool(["init"], in: directory).status == 0)
        #expect(try runTool(["ingest"], in: directory).status == 0)
        let folders = [first, second].map { PathName.deletingExtension($0.path) }
        let sheets = folders.map { $0 + "/index_sheet.png" }
        #expect(sheets.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        for folder in folders { try FileManager.default.removeItem(atPath: folder) }

        let again = try runTool(["ingest"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stdout.contains("Drew the missing evidence of 2 reports already in the history."), "\(again.stdout)")
        #expect(sheets.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        // Nothing else happened: no report added, no session.
        #expect(again.stdout.contains("Ingested 0 reports; 2 already in the history"), "\(again.stdout)")
        // With the evidence there, nothing is drawn.
        let third = try runTool(["ingest"], in: directory)
        #expect(!third.stdout.contains("Drew the missing evidence"), "\(third.stdout)")
        // `html` draws it too.
        for folder in folders { try FileManager.default.removeItem(atPath: folder) }
        let html = try runTool(["html"], in: directory)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stderr.contains("drew the missing evidence of 2 reports"), "\(html.stderr)")
        #expect(sheets.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    /// `html` without flags, in a project without a project file, maps the reports with the rule file at
    /// the root as `ingest` did: the pages keep the rule that placed each warning, and the note that
    /// nothing was mapped (which said every issue counts as open) is not there.
    @Test func htmlMapsWithTheProjectsRuleFileWithoutFlags() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let report = try series.audit(day: 0, [ScreenNameCommandTests.before])
        let directory = series.directory.path
        try """
        {"version": 1, "rules": [
          {"id": "income-tile", "match": {"text": "Income"}, "view": "IncomeTile", "note": "Widget title"}
        ]}
        """.write(toFile: series.directory.file("auditkit.rules.json"), atomically: true, encoding: .utf8)
        #expect(try runTool(["ingest", "Reports"], in: directory).status == 0)
        let page = series.directory.file(
            "Reports/" + PathName.deletingExtension(PathName.last(report.path)) + "/index.html")
        let written = try String(contentsOfFile: page, encoding: .utf8)
        #expect(written.contains("income-tile"), "\(page)")
        let html = try runTool(["html"], in: directory)
        #expect(html.status == 0, "\(html.stderr)")
        let again = try String(contentsOfFile: page, encoding: .utf8)
        #expect(again.contains("income-tile"))
        #expect(!again.contains("No rule file or source folder was given"))
        #expect(!html.stderr.contains("re-mapping"))
        // The index's two counts of open warnings say what each counts.
        let index = try String(contentsOfFile: series.directory.file("Reports/index.html"), encoding: .utf8)
        #expect(index.contains("Flagged by the latest audit"))
        #expect(index.contains("Open warnings standing after each audit, on every screen audited so far: "))
    }

    /// Every Markdown table AuditKit prints (`diff`, `trend` and `history list` as Markdown, the summary)
    /// has as many cells in each row as in its header and its separator: none shifts under a wrong heading.
    @Test func everyMarkdownTableHasAHeaderCellForEveryColumn() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        _ = try series.audit(day: 0, [ScreenNameCommandTests.before])
        _ = try series.audit(day: 1, [ScreenNameCommandTests.after])
        let directory = series.directory.path
        #expect(try runTool(["init"], in: directory).status == 0)
        #expect(try runTool(["ingest"], in: directory).status == 0)
        var outputs: [String: String] = [:]
        for arguments in [["diff", "1", "2", "--format", "markdown"], ["trend", "--format", "markdown"]] {
            let result = try runTool(arguments, in: directory)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            outputs[arguments.joined(separator: " ")] = result.stdout
        }
        outputs["summary.md"] = try String(contentsOfFile: series.directory.file("Reports/summary.md"), encoding: .utf8)
        var tables = 0
        for (name, text) in outputs {
            var header: Int?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                guard line.hasPrefix("|") else {
                    header = nil
                    continue
                }
                // Cells: the pipes that are not escaped, less one.
                var cells = -1
                var escaped = false
                for character in line {
                    if character == "|", !escaped { cells += 1 }
                    escaped = character == "\\" && !escaped
                }
                if let header {
                    #expect(cells == header, "\(name): \(line)")
                } else {
                    header = cells
                    tables += 1
                }
            }
        }
        #expect(tables >= 3, "\(outputs)")
    }

    /// A project audited week by week with `audit`: `summary.md`, like the site, covers every audit of
    /// the history, not only the week's report, with each warning's status as the judgement states it.
    @Test func theWeeklySummaryCoversEveryAuditOfTheHistory() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let directory = series.directory.path
        // Sources that make the Spending warning a button's: a warning of the first week alone is still told
        // as a button's by a summary that no longer reads that week's report.
        try FileManager.default.createDirectory(
            atPath: series.directory.file("App"), withIntermediateDirectories: true)
        try """
        import SwiftUI
        struct HomeView: View {
            var body: some View {
                VStack {
                    Text("Edit")
                    Button("Spending") {}
                    Text("Savings goal")
                }
            }
        }

        """.write(toFile: series.directory.file("App/HomeView.swift"), atomically: true, encoding: .utf8)
        #expect(try runTool(["init", "--source", "App"], in: directory).status == 0)
        let weeks = [
            try series.audit(day: 0, [ScreenNameCommandTests.before]),
            try series.audit(day: 7, [ScreenNameCommandTests.after]),
            try series.audit(day: 14, [ScreenNameCommandTests.after]),
        ]
        for week in weeks {
            let audit = try runTool(["audit", week.path], in: directory)
            #expect(audit.status == 0, "\(audit.stderr)")
        }
        let summary = try String(contentsOfFile: series.directory.file("Reports/summary.md"), encoding: .utf8)
        let index = try String(contentsOfFile: series.directory.file("Reports/index.html"), encoding: .utf8)
        for week in weeks {
            let name = PathName.last(week.path)
            #expect(summary.contains("`\(name)`"), "\(name) missing from summary.md:\n\(summary)")
            #expect(index.contains(PathName.deletingExtension(name)), "\(name) missing from index.html")
        }
        #expect(summary.contains("in 3 reports"), "\(summary)")
        #expect(summary.contains("button “Spending”"), "\(summary)")
        // The same summary as `ingest` of the three reports writes.
        let weekly = summary
        try FileManager.default.removeItem(atPath: series.directory.file("Reports/summary.md"))
        #expect(try runTool(["ingest"], in: directory).status == 0)
        let ingested = try String(contentsOfFile: series.directory.file("Reports/summary.md"), encoding: .utf8)
        #expect(ingested == weekly)
    }

    /// A warning whose value changed between audits is named in the summary as the latest audit shows it.
    @Test func theSummaryNamesAWarningByItsLatestText() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        func home(_ total: String) -> AppScreen {
            AppScreen(
                "Home",
                [
                    ScreenNameCommandTests.label("edit", "Edit", y: 240),
                    ScreenNameCommandTests.label("total", total, y: 300),
                    ScreenNameCommandTests.label("savings", "Savings goal", y: 360),
                ])
        }
        let first = try series.audit(day: 0, [home("$4,250.00")])
        let second = try series.audit(day: 1, [home("$4,310.00")])
        let summary = try runTool(["summary", first.path, second.path, "--by", "type"], in: series.directory.path)
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains("“$4,310.00”"), "\(summary.stdout)")
        #expect(!summary.stdout.contains("“$4,250.00”"), "\(summary.stdout)")
        #expect(
            summary.stdout.contains("in 2 of 2 reports") || summary.stdout.contains("2 reports"), "\(summary.stdout)")
    }

    @Test func withoutAProjectTheyAskForTheOperand() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for arguments in [["check"], ["summary"], ["scan"]] {
            let result = try runTool(arguments, in: folder.path)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("missing"), "\(arguments): \(result.stderr)")
        }
    }
}
