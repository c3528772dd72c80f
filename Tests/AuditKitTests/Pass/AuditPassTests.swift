import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The pass as a library type: what it writes, what it returns, and that a batch (prepare all, then
/// record in order) ends in the same history and log as one run per report.
@Suite struct AuditPassTests {
    static func issue(_ text: String, y: Double, thumbnail: Bool = true) -> ReportFixture.Issue {
        var issue = ReportFixture.Issue(
            errorCode: 12, shortTitle: "Contrast failed", elementText: text, testTypeName: "Contrast",
            rect: Rect(x: 20, y: y, width: 120, height: 24))
        if thumbnail {
            issue.thumbnail = ReportFixture.Image(canvas: FixtureCanvas(width: 60, height: 24, color: .white))
        }
        return issue
    }

    static func writeReports(in directory: TemporaryDirectory) throws -> [String] {
        let shot = ReportFixture.Image(canvas: FixtureCanvas(width: 402, height: 874, color: .white))
        let first = ReportFixture(screens: [
            .init(
                name: "0", groupName: "Home", screenshot: shot,
                issues: [issue("Widgets", y: 200), issue("Total", y: 300), issue("Edit", y: 400, thumbnail: false)])
        ])
        let second = ReportFixture(screens: [
            .init(
                name: "0", groupName: "Home", screenshot: shot,
                issues: [issue("Widgets", y: 200), issue("Sort", y: 500)])
        ])
        let paths = [
            directory.file("AuditReport_2026-01-02_11-02-25.html"),
            directory.file("AuditReport_2026-01-03_09-00-00.html"),
        ]
        try first.write(to: paths[0], as: .html(.varAssignment))
        try second.write(to: paths[1], as: .html(.varAssignment))
        return paths
    }

    static func pass(in directory: TemporaryDirectory, root: String? = nil) throws -> AuditPass {
        AuditPass(
            .init(
                renderer: try TextRenderer(explicitFontPath: nil), evidenceRoot: root,
                history: HistoryFile(path: directory.file("history.jsonl")), logPath: directory.file("audit.md"),
                date: .fixed("2026-01-03")))
    }

    @Test func evidenceIsWhatTheWritersWroteAndTheSessionListsIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reports = try Self.writeReports(in: directory)
        let outcome = try Self.pass(in: directory, root: directory.file("Evidence")).run(reportAt: reports[0])
        let evidence = outcome.prepared.evidence
        #expect(evidence.directory == directory.file("Evidence/AuditReport_2026-01-02_11-02-25"))
        #expect(evidence.thumbnails.keys.sorted() == [1, 2])
        #expect(evidence.indexSheetPages == [evidence.directory + "/index_sheet.png"])
        #expect(evidence.overlays == [0: evidence.directory + "/overlay_screen_1.png"])
        for path in evidence.indexSheetPages + Array(evidence.thumbnails.values) {
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        // The same files are what a later run that writes nothing finds on disk.
        #expect(
            EvidenceFiles.onDisk(for: outcome.report, in: EvidencePaths(directory: evidence.directory))
                == EvidenceFiles(
                    directory: evidence.directory, indexSheetPages: evidence.indexSheetPages,
                    overlays: evidence.overlays, thumbnails: evidence.thumbnails, screenshots: evidence.screenshots))
        let labels = outcome.session?.evidence.map(\.label) ?? []
        #expect(labels == ["Index sheet", "Overlay, screen 1", "Thumbnails"])
        #expect(outcome.log?.action == .logged)
        #expect(outcome.addedToHistory == true)
        #expect(outcome.comparison == nil)
    }

    @Test func aMissingThumbnailIsReportedOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reports = try Self.writeReports(in: directory)
        let prepared = try Self.pass(in: directory).prepare(reportAt: reports[0])
        let aboutIssue3 = prepared.problems.filter { $0.message.hasPrefix("issue 3:") }
        #expect(aboutIssue3.count == 1, "\(prepared.problems)")
    }

    @Test func aBatchRecordedInOrderEqualsOneRunPerReport() throws {
        let oneByOne = try TemporaryDirectory()
        defer { oneByOne.remove() }
        let batch = try TemporaryDirectory()
        defer { batch.remove() }

        let singleReports = try Self.writeReports(in: oneByOne)
        var singleOutcomes: [AuditOutcome] = []
        for report in singleReports { singleOutcomes.append(try Self.pass(in: oneByOne).run(reportAt: report)) }

        let batchReports = try Self.writeReports(in: batch)
        let pass = try Self.pass(in: batch)
        var judgement = try pass.loadJudgement()
        // Prepared out of order and at once; recorded oldest first.
        let prepared = try batchReports.reversed().map { try pass.prepare(reportAt: $0) }.reversed()
        var batchOutcomes: [AuditOutcome] = []
        for report in prepared { batchOutcomes.append(try pass.record(report, judgement: &judgement)) }

        #expect(judgement.entries.count == 2)
        let second = try #require(batchOutcomes.last?.comparison)
        #expect(second.new.map(\.issue.elementText) == ["Sort"])
        #expect(Set(second.resolved.map(\.issue.elementText)) == ["Total", "Edit"])
        #expect(second.residual.count == 1)
        #expect(singleOutcomes.last?.comparison?.new.count == second.new.count)
        let singleLog = try String(contentsOfFile: oneByOne.file("audit.md"), encoding: .utf8)
        let batchLog = try String(contentsOfFile: batch.file("audit.md"), encoding: .utf8)
        #expect(singleLog == batchLog)
        #expect(batchOutcomes.map { $0.log?.sessionNumber } == [1, 2])
    }
}
