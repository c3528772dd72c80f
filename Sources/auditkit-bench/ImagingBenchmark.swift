import AuditKit
import AuditKitTestSupport
import Dispatch
import Foundation

/// Times the index sheet and the overlays for 150- and 2000-issue reports against their floor:
/// decoding the same JPEGs (at the same DCT scale) and PNG-encoding the same output pixels with the
/// same settings, on the same cores. Also measures PNG compression settings on a real sheet page.
func runImagingBenchmark() {
    let text: TextRenderer
    do {
        text = try TextRenderer(explicitFontPath: nil)
    } catch {
        print("imaging: \(error)")
        return
    }
    print("imaging benchmark (\(ProcessInfo.processInfo.activeProcessorCount) cores), font \(text.fontPath)")
    for (issues, screens) in [(150, 5), (2000, 40)] {
        let report = ImagingFixture.report(issueCount: issues, screenCount: screens)
        benchmarkSheet(report: report, text: text)
        benchmarkOverlays(report: report, text: text)
    }
    benchmarkPNGSettings(text: text)
}

private func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Best of `runs` timings (the machine is shared; the minimum is the least disturbed).
private func best(_ runs: Int = 3, _ body: () -> Void) -> Double {
    (0..<runs).map { _ in seconds(body) }.min() ?? 0
}

private final class Sink: @unchecked Sendable {
    let lock = NSLock()
    var bytes = 0
    func add(_ count: Int) {
        lock.lock()
        bytes += count
        lock.unlock()
    }
}

private func benchmarkSheet(report: InspectorReport, text: TextRenderer) {
    guard let sheet = try? IndexSheet(report: report, text: text) else { return }
    let paths = IndexSheet.outputPaths(pageCount: sheet.pageCount, outputPath: "/tmp/bench.png", reportPath: report.sourcePath)
    let sheetTime = best { _ = sheet.encodedPages(paths: paths) }
    // The floor's inputs: the same JPEGs decoded at the size the sheet asks for, and the same pages.
    let area = sheet.imageArea(of: sheet.cellFrame(slot: 0))
    let jobs: [(Data, Int, Int)] = report.issues.compactMap { issue in
        guard let image = issue.thumbnail else { return nil }
        let fitted = IndexSheet.fittedRect(imageWidth: image.pixelWidth ?? 0, imageHeight: image.pixelHeight ?? 0, in: area)
        return (image.data, fitted.width, fitted.height)
    }
    let pages = (0..<sheet.pageCount).map { sheet.renderPage($0).raster }
    let sink = Sink()
    let decodeTime = best {
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (data, width, height) = jobs[index]
            if let raster = try? JPEGCodec.decode(data, minimumWidth: width, minimumHeight: height) { sink.add(raster.width) }
        }
    }
    let encodeTime = best {
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            if let data = try? PNGCodec.encode(pages[index], settings: sheet.options.pngSettings) { sink.add(data.count) }
        }
    }
    let floor = decodeTime + encodeTime
    let pixels = pages.reduce(0) { $0 + $1.width * $1.height }
    print(String(format: "sheet    %4d issues  %2d page(s) %5.1f MP: %7.3f s   floor %7.3f s (decode %.3f + encode %.3f)   ratio %.2fx",
                 report.issues.count, pages.count, Double(pixels) / 1e6, sheetTime, floor, decodeTime, encodeTime,
                 sheetTime / floor))
}

private func benchmarkOverlays(report: InspectorReport, text: TextRenderer) {
    let screens = report.screens
    let overlayTime = best {
        DispatchQueue.concurrentPerform(iterations: screens.count) { index in
            if let raster = try? Overlay(screen: screens[index], text: text).render(),
               let data = try? PNGCodec.encode(raster) { _ = data.count }
        }
    }
    let rendered = screens.compactMap { try? Overlay(screen: $0, text: text).render() }
    let decodeTime = best {
        DispatchQueue.concurrentPerform(iterations: screens.count) { index in
            if let data = screens[index].screenshot?.data { _ = try? JPEGCodec.decode(data) }
        }
    }
    let encodeTime = best {
        DispatchQueue.concurrentPerform(iterations: rendered.count) { index in _ = try? PNGCodec.encode(rendered[index]) }
    }
    let floor = decodeTime + encodeTime
    print(String(format: "overlays %4d issues  %2d screens:          %7.3f s   floor %7.3f s (decode %.3f + encode %.3f)   ratio %.2fx",
                 report.issues.count, screens.count, overlayTime, floor, decodeTime, encodeTime, overlayTime / floor))
}

/// Encodes one real sheet page with each compression level and filter set: the evidence behind
/// `PNGSettings.standard`.
private func benchmarkPNGSettings(text: TextRenderer) {
    let report = ImagingFixture.report(issueCount: 60, screenCount: 3)
    guard let sheet = try? IndexSheet(report: report, text: text) else { return }
    let page = sheet.renderPage(0).raster
    print(String(format: "PNG settings on one %dx%d sheet page:", page.width, page.height))
    let filters: [(String, PNGSettings.Filters)] = [("none", .none), ("sub", .sub), ("up", .up), ("paeth", .paeth), ("all", .all)]
    for level in [1, 3, 6, 9] {
        var row = String(format: "  level %d:", level)
        for (name, filter) in filters {
            let settings = PNGSettings(compressionLevel: level, filters: filter)
            var size = 0
            let time = best { size = (try? PNGCodec.encode(page, settings: settings))?.count ?? 0 }
            row += String(format: "  %@ %5.1f ms %5d KB", name, time * 1000, size / 1024)
        }
        print(row)
    }
}
