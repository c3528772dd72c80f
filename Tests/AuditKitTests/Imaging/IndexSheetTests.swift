import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct IndexSheetTests {
    /// Copies written pictures to `AUDITKIT_KEEP_SAMPLES` (a folder), when set, for a person to look at.
    private func keep(_ paths: [String]) {
        guard let folder = ProcessInfo.processInfo.environment["AUDITKIT_KEEP_SAMPLES"] else { return }
        for path in paths {
            let target = folder + "/" + (path as NSString).lastPathComponent
            try? FileManager.default.removeItem(atPath: target)
            try? FileManager.default.copyItem(atPath: path, toPath: target)
        }
    }

    @Test func writtenPagesDecodeToTheLayoutSizeAndSplitIntoPages() throws {
        let text = try #require(sharedTextRenderer)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = ImagingFixture.report(
            issueCount: 14, screenCount: 2, sourcePath: directory.file("AuditReport_2026-01-02_11-02-25.html"))
        let sheet = try IndexSheet(report: report, text: text, options: IndexSheetOptions(columns: 3, perPage: 9))
        let output = try sheet.write(evidence: EvidencePaths(reportPath: report.sourcePath))
        keep(output.paths)
        #expect(
            output.paths.map { $0.replacingOccurrences(of: "//", with: "/") }
                == [
                    directory.file("AuditReport_2026-01-02_11-02-25/index_sheet_1.png"),
                    directory.file("AuditReport_2026-01-02_11-02-25/index_sheet_2.png"),
                ].map { $0.replacingOccurrences(of: "//", with: "/") })
        let first = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: output.paths[0])))
        #expect(first.width == sheet.pageWidth)
        #expect(first.height == 2 * IndexSheet.margin + sheet.headerHeight + 3 * 230 + 2 * IndexSheet.gap)
        let second = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: output.paths[1])))
        #expect(second.height == 2 * IndexSheet.margin + sheet.headerHeight + 2 * 230 + IndexSheet.gap)
        #expect(output.imageProblems.isEmpty)
        // A later one-page run replaces the pages with index_sheet.png and removes the stale ones.
        let single = try IndexSheet(report: report, text: text).write(
            evidence: EvidencePaths(reportPath: report.sourcePath))
        #expect(single.paths.count == 1 && single.paths[0].hasSuffix("/index_sheet.png"))
        #expect(!FileManager.default.fileExists(atPath: output.paths[0]))
        #expect(!FileManager.default.fileExists(atPath: output.paths[1]))
    }

    @Test func eachCellHoldsItsThumbnailAndAColouredLabel() throws {
        let text = try #require(sharedTextRenderer)
        let report = ImagingFixture.report(issueCount: 8, screenCount: 1)
        let sheet = try IndexSheet(report: report, text: text)
        let page = sheet.renderPage(0)
        for (slot, issue) in report.issues.enumerated() {
            let cell = sheet.cellFrame(slot: slot)
            let thumbnail = try JPEGCodec.decode(issue.thumbnail!.data)
            let fitted = IndexSheet.fittedRect(
                imageWidth: thumbnail.width, imageHeight: thumbnail.height, in: sheet.imageArea(of: cell))
            let expected = thumbnail.resampled(width: fitted.width, height: fitted.height)
            #expect(meanDifference(page.raster, fitted, expected) < 10, "issue \(issue.number) thumbnail")
            let label = sheet.labelArea(of: cell)
            let firstLine = PixelRect(x: label.x, y: label.y, width: label.width, height: label.height / 3)
            #expect(
                countPixels(page.raster, in: firstLine, near: issue.testType.color) > 15,
                "issue \(issue.number) label colour")
            let otherLines = PixelRect(
                x: label.x, y: label.y + label.height / 3, width: label.width, height: label.height * 2 / 3)
            #expect(countInk(page.raster, in: otherLines) > 40, "issue \(issue.number) rect and text lines")
        }
    }

    @Test func brokenThumbnailsGetPlaceholdersThatSayWhatIsWrong() throws {
        let text = try #require(sharedTextRenderer)
        var report = ImagingFixture.report(issueCount: 5, screenCount: 1)
        report.screens[0].issues[0].thumbnail = ReportImage(data: corruptJPEG)
        report.screens[0].issues[1].thumbnail = ReportImage(data: jpegClaimingSize(width: 60000, height: 60000))
        report.screens[0].issues[2].thumbnail = ReportImage(data: Data())
        report.screens[0].issues[3].thumbnail = nil
        report.screens[0].issues[4].thumbnail = ReportImage(data: Data(), problem: .invalidBase64)
        let sheet = try IndexSheet(report: report, text: text)
        let page = sheet.renderPage(0)
        #expect(page.issueNumbers == [1, 2, 3, 4, 5])
        #expect(page.imageProblems.map(\.issueNumber) == [1, 2, 3, 4, 5])
        let messages = page.imageProblems.map(\.message)
        #expect(messages[1].contains("60000x60000"))
        #expect(messages[2] == "empty image")
        #expect(messages[3] == "no thumbnail in the report")
        #expect(messages[4] == "invalid base64")
        for slot in [0, 1, 2, 4] {
            let area = sheet.imageArea(of: sheet.cellFrame(slot: slot))
            #expect(
                countPixels(page.raster, in: area, near: RGBAColor(rgb: 0xB71C1C), tolerance: 30) > 100,
                "placeholder \(slot)")
        }
        // No thumbnail at all is not a broken image: a grey placeholder, still naming why.
        let absent = sheet.imageArea(of: sheet.cellFrame(slot: 3))
        #expect(countPixels(page.raster, in: absent, near: RGBAColor(rgb: 0xB71C1C), tolerance: 30) == 0)
        #expect(countPixels(page.raster, in: absent, near: RGBAColor(rgb: 0x616161), tolerance: 30) > 100)
    }

    @Test func duplicatesAreMarked() throws {
        let text = try #require(sharedTextRenderer)
        var report = ImagingFixture.report(issueCount: 2, screenCount: 1)
        report.screens[0].issues[0].isDuplicate = false
        report.screens[0].issues[1].isDuplicate = true
        let sheet = try IndexSheet(report: report, text: text)
        let page = sheet.renderPage(0)
        func badgeInk(_ slot: Int) -> Int {
            let area = sheet.imageArea(of: sheet.cellFrame(slot: slot))
            return countPixels(
                page.raster, in: PixelRect(x: area.maxX - 60, y: area.y, width: 60, height: 22),
                near: RGBAColor(rgb: 0x2A2A2A), tolerance: 20)
        }
        #expect(badgeInk(1) > 200)
        #expect(badgeInk(0) < 50)
    }

    @Test func jpegOutputWhenThePathSaysSo() throws {
        let text = try #require(sharedTextRenderer)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sheet = try IndexSheet(report: ImagingFixture.report(issueCount: 3, screenCount: 1), text: text)
        let output = try sheet.write(
            to: directory.file("sheet.jpg"), evidence: EvidencePaths(directory: directory.path))
        #expect(output.paths == [directory.file("sheet.jpg")])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output.paths[0]))
        #expect(bytes.prefix(2) == Data([0xFF, 0xD8]))
        #expect(try JPEGCodec.decode(bytes).width == sheet.pageWidth)
    }

    @Test func badLayoutOptionsAreUsageErrors() throws {
        let text = try #require(sharedTextRenderer)
        let report = ImagingFixture.report(issueCount: 1, screenCount: 1)
        #expect(throws: AuditError.self) {
            try IndexSheet(report: report, text: text, options: IndexSheetOptions(columns: 0))
        }
        #expect(throws: AuditError.self) {
            try IndexSheet(report: report, text: text, options: IndexSheetOptions(cellWidth: 10))
        }
    }

    @Test func aReportWithoutIssuesOrImagesStillGetsASheet() throws {
        let text = try #require(sharedTextRenderer)
        let empty = InspectorReport(
            sourcePath: "/tmp/empty.json", format: .json, auditDate: Date(timeIntervalSince1970: 0),
            auditDateSource: .caller, sha256: "", fileSize: 0, screens: [])
        let sheet = try IndexSheet(report: empty, text: text)
        #expect(sheet.pageCount == 1)
        let page = sheet.renderPage(0)
        #expect(page.issueNumbers.isEmpty)
        #expect(page.raster.width == sheet.pageWidth)
        // A text export: no thumbnails, no rects; every issue still has its cell, in grey.
        var textReport = ImagingFixture.report(issueCount: 3, screenCount: 1)
        for index in 0..<3 {
            textReport.screens[0].issues[index].thumbnail = nil
            textReport.screens[0].issues[index].elementRect = nil
        }
        let textPage = try IndexSheet(report: textReport, text: text).renderPage(0)
        #expect(textPage.issueNumbers == [1, 2, 3])
        #expect(textPage.imageProblems.allSatisfy { $0.message == IndexSheet.noThumbnail })
    }
}
