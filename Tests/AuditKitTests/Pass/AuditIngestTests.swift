import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `AuditIngest` reads and maps each report it ingests once: the summary and the pages after the batch
/// come from what the pass kept, and are what reading every report again gives.
@Suite struct AuditIngestTests {
    /// The site demo's three reports (the sample of 2026-01-02, its later audit of 2026-01-03, the
    /// hostile one of 2026-01-04), a later audit of 2026-01-05 whose first thumbnail is damaged, and a
    /// copy of that one named 2026-01-06 (another audit with the same bytes): oldest first.
    static func project() throws -> (TemporaryDirectory, [String]) {
        let directory = try TemporaryDirectory()
        let demo = try SiteDemo.write(into: directory.path)
        var damaged = SiteDemo.laterSample()
        damaged.screens[0].issues[0].thumbnail?.dataString = "data:image/jpeg;base64,%%%%"
        damaged.timestamp = "2026-01-05 10:00:00"
        let damagedPath = directory.file("reports/AuditReport_2026-01-05_10-00-00.html")
        try damaged.write(to: damagedPath, as: .html(.varAssignment))
        let copy = directory.file("reports/AuditReport_2026-01-06_08-00-00.html")
        try FileManager.default.copyItem(atPath: damagedPath, toPath: copy)
        return (directory, demo + [damagedPath, copy])
    }

    /// The pass `auditkit ingest --rules --source --out Reports` makes in the project.
    static func pass(_ directory: TemporaryDirectory) throws -> AuditPass {
        AuditPass(
            .init(
                mapper: IssueMatcher(
                    rules: try RuleFile.load(path: directory.file("auditkit.rules.json")),
                    index: try SourceIndex.build(roots: [directory.file("source")])),
                renderer: try TextRenderer(explicitFontPath: nil), evidenceRoot: directory.file("Reports"),
                history: HistoryFile(path: directory.file("history.jsonl")), logPath: directory.file("audit.md"),
                date: .auditDate))
    }

    /// Ingests `paths` and returns the items, each as `ingested NAME`, `already NAME as NAME`,
    /// `failed NAME` or `not a report NAME`.
    static func ingest(
        _ paths: [String], in directory: TemporaryDirectory, jobs: Int = 2,
        progress: @Sendable (AuditIngest.Progress) -> Void = { _ in }
    ) throws -> (AuditIngest.Outcome, [String]) {
        var items: [String] = []
        let outcome = try AuditIngest(pass: try pass(directory), jobs: jobs, outputDirectory: directory.file("Reports"))
            .run(paths: paths, progress: progress) { item in
                switch item {
                case .ingested(let done): items.append("ingested " + done.report.fileName)
                case .alreadyInHistory(let path, let name):
                    items.append("already \((path as NSString).lastPathComponent) as \(name)")
                case .failed(let path, _): items.append("failed " + (path as NSString).lastPathComponent)
                case .notAReport(let path, _): items.append("not a report " + (path as NSString).lastPathComponent)
                }
            }
        return (outcome, items)
    }

    static func pagePath(_ report: String, in directory: TemporaryDirectory) -> String {
        ReportSite(root: directory.file("Reports")).pagePath(forReportFileName: (report as NSString).lastPathComponent)
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The pages and the summary made the way the batch made them before it kept what the pass
    /// computed: every report at `paths` read and mapped again, with the evidence on disk, each page
    /// compared with the audit before it in the history as the batch left it, the summary over each
    /// audit of the history once, oldest first.
    static func reread(_ paths: [String], in directory: TemporaryDirectory) throws -> (
        pages: [String: String], summary: String
    ) {
        let history = try HistoryFile(path: directory.file("history.jsonl")).load()
        var configuration = try pass(directory).configuration
        configuration.renderer = nil
        // Each file read as the audit of the history it is (the copy named for another day is its own).
        configuration.reading.identities = history.auditIdentities
        let again = AuditPass(configuration)
        let judgement = HistoryJudgement(history: history, baseline: try? Baseline.load(path: Baseline.defaultPath))
        let site = ReportSite(root: directory.file("Reports")).writing(paths)
        var pages: [String: String] = [:]
        var inputs: [SummaryInput] = []
        for path in paths {
            let prepared = try again.prepare(reportAt: path)
            pages[path] = site.page(for: prepared, judgement: judgement).html()
            inputs.append(
                SummaryInput(
                    report: prepared.report, mapping: prepared.mapping?.primaries, evidence: prepared.evidence,
                    likelyCauses: prepared.likelyCauses))
        }
        // The summary has each audit of the history once, in audit order.
        let audits = judgement.reports.compactMap { judged in
            inputs.first { $0.report.sha256 == judged.entry.sha256 }
        }
        let summary = AuditSummary(
            inputs: audits, judgement: judgement, grouping: .view, baseDirectory: directory.file("Reports")
        )
        .markdown(templates: configuration.templates)
        return (pages, summary)
    }

    @Test func pagesAndSummaryAreThoseOfReadingEveryReportAgain() throws {
        let (directory, reports) = try Self.project()
        defer { directory.remove() }
        let names = reports.map { ($0 as NSString).lastPathComponent }
        let first = try Self.ingest(Array(reports[0..<2]), in: directory)
        #expect(first.1 == ["ingested " + names[0], "ingested " + names[1]])
        let earlierPages = try reports[0..<2].map { try Self.text(Self.pagePath($0, in: directory)) }
        // The first report's page must be written again from the report, which the history already has.
        try FileManager.default.removeItem(atPath: Self.pagePath(reports[0], in: directory))

        let (outcome, items) = try Self.ingest(Array(reports.reversed()), in: directory)
        // The copy named for another day is an audit of its own (an audit is its file and its time).
        #expect(
            items == [
                "already \(names[0]) as \(names[0])", "already \(names[1]) as \(names[1])", "ingested " + names[2],
                "ingested " + names[3], "ingested " + names[4],
            ])
        #expect(outcome.ingested == 3 && outcome.alreadyInHistory == 2 && outcome.failed == 0)

        let reference = try Self.reread(reports, in: directory)
        for report in reports {
            let page = try Self.text(Self.pagePath(report, in: directory))
            #expect(page == reference.pages[report], "\((report as NSString).lastPathComponent)")
        }
        #expect(try Self.text(Self.pagePath(reports[0], in: directory)) == earlierPages[0])
        #expect(try Self.text(Self.pagePath(reports[1], in: directory)) == earlierPages[1])
        #expect(try Self.text(directory.file("Reports/summary.md")) == reference.summary)
        // The damaged thumbnail's problem is on the page of the report this batch ingested.
        #expect(
            try Self.text(Self.pagePath(reports[3], in: directory)).contains(
                "thumbnail unusable: <bdi>invalid base64</bdi>"))
    }

    @Test func aReportGoneAfterItsPassStillGetsItsPageAndItsPlaceInTheSummary() throws {
        let (directory, reports) = try Self.project()
        defer { directory.remove() }
        let (twin, twinReports) = try Self.project()
        defer { twin.remove() }
        let batch = Array(reports[0..<3])
        let gone = reports[1]
        // The report is removed once it is read, drawn and mapped: when the history takes it.
        let (outcome, _) = try Self.ingest(batch, in: directory) { step in
            if step.stage == .history, step.path == gone { try? FileManager.default.removeItem(atPath: gone) }
        }
        #expect(outcome.ingested == 3 && outcome.failed == 0)
        #expect(!FileManager.default.fileExists(atPath: gone))
        _ = try Self.ingest(Array(twinReports[0..<3]), in: twin)

        // Everything is as in the same batch with the report left in place, except that the summary
        // lists the report among the files that exist only where it still does.
        func same(_ path: String) -> String { path.replacingOccurrences(of: directory.path, with: "PROJECT") }
        let summary = try Self.text(directory.file("Reports/summary.md"))
        let twinSummary = try Self.text(twin.file("Reports/summary.md"))
        // Linked relative to the summary's folder, so the line names the same file in both projects.
        let name = "../reports/" + (twinReports[1] as NSString).lastPathComponent
        let listed = "  - [`\(name)`](\(MarkdownEscaping.linkTarget(name)))\n"
        #expect(twinSummary.contains(listed) && !summary.contains(listed))
        #expect(
            same(summary)
                == twinSummary.replacingOccurrences(of: listed, with: "").replacingOccurrences(
                    of: twin.path, with: "PROJECT"))
        for (report, twinReport) in zip(batch, twinReports) {
            // Paths on a page break after each `/` (`<wbr>`): the folder is compared without them.
            let page = try Self.text(Self.pagePath(report, in: directory)).replacingOccurrences(of: "<wbr>", with: "")
            let twinPage = try Self.text(Self.pagePath(twinReport, in: twin)).replacingOccurrences(
                of: "<wbr>", with: "")
            #expect(same(page) == twinPage.replacingOccurrences(of: twin.path, with: "PROJECT"))
        }
    }

    @Test func anUnreadableReportAndItsCopyBothFailAndGetNoPage() throws {
        let (directory, reports) = try Self.project()
        defer { directory.remove() }
        let broken = directory.file("reports/AuditReport_2026-01-02_12-00-00.html")
        let copy = directory.file("reports/AuditReport_2026-01-02_13-00-00.html")
        try Data("<html>not a report</html>".utf8).write(to: URL(fileURLWithPath: broken))
        try FileManager.default.copyItem(atPath: broken, toPath: copy)
        let (outcome, items) = try Self.ingest([copy, broken, reports[1]], in: directory)
        #expect(
            items == [
                "failed AuditReport_2026-01-02_12-00-00.html", "failed AuditReport_2026-01-02_13-00-00.html",
                "ingested " + (reports[1] as NSString).lastPathComponent,
            ])
        #expect(outcome.ingested == 1 && outcome.alreadyInHistory == 0 && outcome.failed == 2)
        #expect(outcome.firstError?.location?.path == broken)
        for path in [broken, copy] {
            #expect(!FileManager.default.fileExists(atPath: Self.pagePath(path, in: directory)))
        }
        let summary = try Self.text(directory.file("Reports/summary.md"))
        #expect(
            !summary.contains("AuditReport_2026-01-02_12-00-00") && !summary.contains("AuditReport_2026-01-02_13-00-00")
        )
        #expect(try HistoryFile(path: directory.file("history.jsonl")).load().entries.count == 1)
    }
}
