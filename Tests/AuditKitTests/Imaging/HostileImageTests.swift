import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Images built to waste time: a progressive JPEG repeating its scan thousands of times, and one
/// thumbnail shared by every issue of a report.
@Suite struct HostileImageTests {
    @Test func aProgressiveJPEGWithAFewScansDecodes() throws {
        let raster = try JPEGCodec.decode(ImagingFixture.progressiveJPEG(scans: 12))
        #expect(raster.width == 8 && raster.height == 8)
        #expect(raster.pixels[0] == 128 && raster.pixels[1] == 128 && raster.pixels[3] == 255)
    }

    @Test func aProgressiveJPEGWithThousandsOfScansIsCorrupt() throws {
        let error = try #require(throws: ImageCodecError.self) {
            try JPEGCodec.decode(ImagingFixture.progressiveJPEG(scans: 10_000))
        }
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("scans"), "\(error.message)")
    }

    @Test func theReaderStillTakesTheHeaderOfSuchAnImage() throws {
        // The header is fine; only decoding it is refused, so the issue keeps its image and says why.
        var image = ReportImage(data: ImagingFixture.progressiveJPEG(scans: 10_000))
        EmbeddedImageDecoder.check(&image)
        #expect(image.pixelWidth == 8 && image.pixelHeight == 8)
    }

    /// Counts calls, from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() {
            lock.lock()
            value += 1
            lock.unlock()
        }
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    /// A report of 31 issues: 30 share one thumbnail (`shared`), the last has its own.
    func reportSharing(_ shared: ReportImage) -> InspectorReport {
        var report = ImagingFixture.report(issueCount: 31, screenCount: 1)
        for index in 0..<30 { report.screens[0].issues[index].thumbnail = shared }
        return report
    }

    @Test(arguments: [60, 7])
    func aThumbnailSharedByManyIssuesIsDecodedOnce(perPage: Int) throws {
        let text = try #require(sharedTextRenderer)
        let shared = ImagingFixture.image(ImagingFixture.uiRaster(width: 300, height: 200, seed: 9))
        var sheet = try IndexSheet(
            report: reportSharing(shared), text: text, options: IndexSheetOptions(perPage: perPage))
        let counter = Counter()
        sheet.decodeThumbnail = { data, width, height throws(ImageCodecError) in
            counter.increment()
            return try JPEGCodec.decode(data, minimumWidth: width, minimumHeight: height)
        }
        let pages = sheet.renderAll()
        #expect(pages.flatMap(\.issueNumbers).count == 31)
        #expect(pages.allSatisfy { $0.imageProblems.isEmpty })
        #expect(counter.count == 2)
    }

    @Test func aBrokenSharedThumbnailIsDecodedOnceAndShownOnEveryIssue() throws {
        let text = try #require(sharedTextRenderer)
        let shared = ReportImage(data: ImagingFixture.progressiveJPEG(scans: 10_000), pixelWidth: 8, pixelHeight: 8)
        var sheet = try IndexSheet(report: reportSharing(shared), text: text, options: IndexSheetOptions(perPage: 10))
        let counter = Counter()
        sheet.decodeThumbnail = { data, width, height throws(ImageCodecError) in
            counter.increment()
            return try JPEGCodec.decode(data, minimumWidth: width, minimumHeight: height)
        }
        let problems = sheet.renderAll().flatMap(\.imageProblems)
        #expect(problems.map(\.issueNumber) == Array(1...30))
        #expect(problems.allSatisfy { $0.message.hasPrefix("corrupt image") })
        #expect(counter.count == 2)
    }
}
