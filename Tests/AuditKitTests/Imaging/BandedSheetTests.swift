import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Index sheet pages are drawn and PNG-encoded band by band (the header, then each row of cells),
/// so a page's pixels are never held whole; the bytes must be those of the whole page.
@Suite struct BandedSheetTests {
    /// 23 issues over 2 screens, with a broken thumbnail, a missing one and duplicates.
    private func mixedReport() -> InspectorReport {
        var report = ImagingFixture.report(issueCount: 23, screenCount: 2)
        report.screens[0].issues[2].thumbnail = ReportImage(
            data: ImagingFixture.progressiveJPEG(scans: 10_000), pixelWidth: 8, pixelHeight: 8)
        report.screens[1].issues[4].thumbnail = nil
        return report
    }

    @Test(arguments: [(columns: 6, perPage: 60), (columns: 4, perPage: 10), (columns: 3, perPage: 7)])
    func everyPageIsTheBytesOfTheWholePageEncodedAtOnce(layout: (columns: Int, perPage: Int)) throws {
        let text = try #require(sharedTextRenderer)
        let sheet = try IndexSheet(
            report: mixedReport(), text: text,
            options: IndexSheetOptions(columns: layout.columns, perPage: layout.perPage))
        var problems: [IndexSheetImageProblem] = []
        for page in 0..<sheet.pageCount {
            let whole = sheet.renderPage(page)
            let banded = try sheet.encodedPNG(page: page, parallelCells: page == 0)
            #expect(banded.data == (try PNGCodec.encode(whole.raster)), "page \(page + 1)")
            #expect(banded.problems == whole.imageProblems, "page \(page + 1)")
            problems += banded.problems
        }
        #expect(problems.map(\.issueNumber) == [3, 17])
    }

    @Test func theBandsTileThePageFromTopToBottom() throws {
        let text = try #require(sharedTextRenderer)
        let sheet = try IndexSheet(
            report: mixedReport(), text: text, options: IndexSheetOptions(columns: 4, perPage: 10))
        for page in 0..<sheet.pageCount {
            let bands = sheet.bands(page: page)
            var top = 0
            for band in bands {
                #expect(band.top == top)
                top += band.height
            }
            #expect(top == sheet.pageHeight(page))
            #expect(bands.compactMap(\.cellRow) == Array(0..<bands.count - 1))
            // The tallest band is a small part of the page: what is held while a page is drawn.
            #expect(bands.map(\.height).max()! * 2 < sheet.pageHeight(page) || bands.count <= 3)
        }
    }

    @Test func aRowEncoderRefusesABandOfAnotherWidthAndAPictureMissingRows() throws {
        let encoder = try PNGRowEncoder(width: 10, height: 4, settings: .standard)
        #expect(throws: ImageCodecError.self) { try encoder.append(Raster(width: 9, height: 2)) }
        try encoder.append(Raster(width: 10, height: 2))
        #expect(throws: ImageCodecError.self) { _ = try encoder.finish() }

        let complete = try PNGRowEncoder(width: 10, height: 4, settings: .standard)
        let picture = ImagingFixture.uiRaster(width: 10, height: 4, seed: 3)
        try complete.append(picture.cropped(to: PixelRect(x: 0, y: 0, width: 10, height: 1)))
        try complete.append(picture.cropped(to: PixelRect(x: 0, y: 1, width: 10, height: 3)))
        #expect(throws: ImageCodecError.self) { try complete.append(Raster(width: 10, height: 1)) }
        let data = try complete.finish()
        #expect(data == (try PNGCodec.encode(picture)))
    }

    @Test func sharedDecodesKeepTheMostRecentlyUsedWithinTheirBudget() {
        let cache = SharedDecodes<Int, [UInt8], ImageCodecError>(byteBudget: 300, size: { $0.count })
        var made: [Int] = []
        func ask(_ key: Int) {
            _ = cache.result(for: key) {
                made.append(key)
                return .success([UInt8](repeating: 0, count: 100))
            }
        }
        for key in [1, 2, 3, 1, 4, 1, 2] { ask(key) }
        // 1, 2, 3 fit; 1 is used again, so 4 pushes out 2 (the least recently used), not 1; asking
        // for 2 again decodes it again and pushes out 3.
        #expect(made == [1, 2, 3, 4, 2])
        #expect(cache.heldBytes <= 300)
        ask(1)
        ask(4)
        #expect(made == [1, 2, 3, 4, 2])
    }
}
