import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Images built to waste time: a progressive JPEG repeating its scan thousands of times, and one
/// thumbnail shared by every issue of a report.
@Suite struct HostileImageTests {
    /// An 8x8 grey progressive JPEG (SOF2) whose one DC scan is repeated `scans` times. Every scan
    /// codes the single block's DC difference as category 0 (code `0`), so each scan is one byte.
    static func progressiveJPEG(scans: Int) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        for _ in 0..<scans {
            bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x7F]
        }
        return Data(bytes + [0xFF, 0xD9])
    }

    @Test func aProgressiveJPEGWithAFewScansDecodes() throws {
        let raster = try JPEGCodec.decode(HostileImageTests.progressiveJPEG(scans: 12))
        #expect(raster.width == 8 && raster.height == 8)
        #expect(raster.pixels[0] == 128 && raster.pixels[1] == 128 && raster.pixels[3] == 255)
    }

    @Test func aProgressiveJPEGWithThousandsOfScansIsCorrupt() throws {
        let error = try #require(throws: ImageCodecError.self) {
            try JPEGCodec.decode(HostileImageTests.progressiveJPEG(scans: 10_000))
        }
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("scans"), "\(error.message)")
    }

    @Test func theReaderStillTakesTheHeaderOfSuchAnImage() throws {
        // The header is fine; only decoding it is refused, so the issue keeps its image and says why.
        var image = ReportImage(data: HostileImageTests.progressiveJPEG(scans: 10_000))
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
        let shared = ReportImage(data: HostileImageTests.progressiveJPEG(scans: 10_000), pixelWidth: 8, pixelHeight: 8)
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
