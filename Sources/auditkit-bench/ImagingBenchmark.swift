import AuditKit
import AuditKitTestSupport
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    var largest: InspectorReport?
    for (issues, screens) in [(150, 5), (2000, 40)] {
        guard let report = realisticReport(screens: screens, issuesPerScreen: issues / screens) else { return }
        benchmarkSheet(report: report, text: text)
        benchmarkOverlays(report: report, text: text)
        largest = report
    }
    if let largest {
        benchmarkLabels(report: largest, text: text)
        benchmarkPNGSettings(report: largest, text: text)
    }
}

/// Element texts in every script the pictures meet, for the label benchmark.
private let scriptSamples = [
    "مرحبا بكم في التطبيق", "שלום עולם ומה שלומך", "नमस्ते दुनिया आपका स्वागत है", "สวัสดีครับ ยินดีต้อนรับ",
    "日本語のテキストが長い場合", "Great 👍🏽 work 🇯🇵 team 👨‍👩‍👧‍👦",
]

/// Lays out and draws the three label lines of every issue as the index sheet does (number and
/// test type, rect, element text, each ellipsized to the label's width), with a fresh renderer
/// (cold caches: fallback fonts, glyphs and lines found again) and with a warm one; then the same
/// for element texts in six scripts. Absolute times: compare two builds in one run.
private func benchmarkLabels(report: InspectorReport, text: TextRenderer) {
    let size = IndexSheet.labelSize, width = 220
    func drawLabels(_ renderer: TextRenderer, _ elements: [String]) {
        var raster = Raster(width: width + 40, height: 60)
        for (index, issue) in report.issues.enumerated() {
            let x =
                2 + renderer.draw("#\(issue.number)", in: &raster, x: 2, y: 2, size: size, color: .black, bold: true)
            renderer.draw(
                issue.testType.displayName, in: &raster, x: x, y: 2, size: size, color: .black, maxWidth: width)
            renderer.draw(
                issue.elementRect?.compactDescription ?? "no element rect", in: &raster, x: 2, y: 20, size: size,
                color: .black, maxWidth: width)
            renderer.draw(
                "\u{201C}\(elements[index % elements.count])\u{201D}", in: &raster, x: 2, y: 38, size: size,
                color: .black, maxWidth: width)
        }
    }
    let ownTexts = report.issues.map { $0.elementText ?? "" }
    for (name, elements) in [("report's element texts", ownTexts), ("six scripts and emoji", scriptSamples)] {
        let cold = best {
            guard let fresh = try? TextRenderer(fontPath: text.fontPath) else { return }
            drawLabels(fresh, elements)
        }
        let warm = best { drawLabels(text, elements) }
        print(
            String(
                format: "labels   %4d issues, %@: cold %7.1f ms (%5.1f us/label)  warm %7.1f ms (%5.1f us/label)",
                report.issues.count, name, cold * 1000, cold * 1e6 / Double(3 * report.issues.count), warm * 1000,
                warm * 1e6 / Double(3 * report.issues.count)))
    }
}

/// An Inspector-style HTML report (402-point-wide painted screens, element crops as thumbnails,
/// about one in eight issues without a thumbnail), written and read back through `ReportReader`.
private func realisticReport(screens: Int, issuesPerScreen: Int) -> InspectorReport? {
    let fixture = ReportFixture.random(
        seed: 42, screenCount: screens...screens,
        issueRange: issuesPerScreen...issuesPerScreen, screenWidth: 402)
    let path = NSTemporaryDirectory() + "/AuditReport_2026-01-02_11-02-25-\(screens * issuesPerScreen).html"
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
        try fixture.write(to: path, as: .html(.varAssignment))
        return try ReportReader.read(path: path)
    } catch {
        print("imaging: cannot build the report: \(error)")
        return nil
    }
}

/// Wall and CPU (user + system, all threads) seconds of one run of `body`.
private func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    func cpuNow() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    let wallStart = DispatchTime.now().uptimeNanoseconds, cpuStart = cpuNow()
    body()
    return (Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9, cpuNow() - cpuStart)
}

/// Runs each body `runs` times, interleaved so a burst of load on the shared machine hits all of
/// them alike, and keeps the minimum wall and CPU time of each.
private func interleaved(runs: Int = 5, _ bodies: [() -> Void]) -> [(wall: Double, cpu: Double)] {
    var best = [(wall: Double, cpu: Double)](repeating: (.infinity, .infinity), count: bodies.count)
    for _ in 0..<runs {
        for (index, body) in bodies.enumerated() {
            let time = measure(body)
            best[index] = (min(best[index].wall, time.wall), min(best[index].cpu, time.cpu))
        }
    }
    return best
}

private func best(_ runs: Int = 5, _ body: () -> Void) -> Double {
    (0..<runs).map { _ in measure(body).wall }.min() ?? 0
}

private func printRatio(_ label: String, _ times: [(wall: Double, cpu: Double)]) {
    let (work, decode, encode) = (times[0], times[1], times[2])
    let floorWall = decode.wall + encode.wall, floorCPU = decode.cpu + encode.cpu
    print(
        label
            + String(
                format:
                    " wall %6.3f s  floor %6.3f s (decode %.3f + encode %.3f)  ratio %.2fx | cpu %6.3f s  floor %6.3f s  ratio %.2fx",
                work.wall, floorWall, decode.wall, encode.wall, work.wall / floorWall, work.cpu, floorCPU,
                work.cpu / floorCPU))
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
    let paths = IndexSheet.outputPaths(
        pageCount: sheet.pageCount, outputPath: "/tmp/bench.png", evidence: EvidencePaths(reportPath: report.sourcePath)
    )
    // The floor's inputs: the same JPEGs decoded at the size the sheet asks for, and the same pages.
    let area = sheet.imageArea(of: sheet.cellFrame(slot: 0))
    let jobs: [(Data, Int, Int)] = report.issues.compactMap { issue in
        guard let image = issue.thumbnail, image.isUsable else { return nil }
        let fitted = IndexSheet.fittedRect(
            imageWidth: image.pixelWidth ?? 0, imageHeight: image.pixelHeight ?? 0, in: area)
        return (image.data, fitted.width, fitted.height)
    }
    let pages = (0..<sheet.pageCount).map { sheet.renderPage($0).raster }
    let sink = Sink()
    let times = interleaved([
        { _ = sheet.encodedPages(paths: paths) },
        {
            DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
                let (data, width, height) = jobs[index]
                if let raster = try? JPEGCodec.decode(data, minimumWidth: width, minimumHeight: height) {
                    sink.add(raster.width)
                }
            }
        },
        {
            DispatchQueue.concurrentPerform(iterations: pages.count) { index in
                if let data = try? PNGCodec.encode(pages[index], settings: sheet.options.pngSettings) {
                    sink.add(data.count)
                }
            }
        },
    ])
    let pixels = pages.reduce(0) { $0 + $1.width * $1.height }
    printRatio(
        String(
            format: "sheet    %4d issues %2d pages %5.1f MP:", report.issues.count, pages.count, Double(pixels) / 1e6),
        times)
}

private func benchmarkOverlays(report: InspectorReport, text: TextRenderer) {
    let screens = report.screens
    let rendered = screens.compactMap { try? Overlay(screen: $0, text: text).render() }
    let times = interleaved([
        {
            DispatchQueue.concurrentPerform(iterations: screens.count) { index in
                if let raster = try? Overlay(screen: screens[index], text: text).render(),
                    let data = try? PNGCodec.encode(raster)
                {
                    _ = data.count
                }
            }
        },
        {
            DispatchQueue.concurrentPerform(iterations: screens.count) { index in
                if let data = screens[index].screenshot?.data { _ = try? JPEGCodec.decode(data) }
            }
        },
        {
            DispatchQueue.concurrentPerform(iterations: rendered.count) { index in
                _ = try? PNGCodec.encode(rendered[index])
            }
        },
    ])
    printRatio(String(format: "overlays %4d issues %2d screens:        ", report.issues.count, screens.count), times)
}

/// Encodes one real sheet page with each compression level and filter set: the evidence behind
/// `PNGSettings.standard`.
private func benchmarkPNGSettings(report: InspectorReport, text: TextRenderer) {
    guard let sheet = try? IndexSheet(report: report, text: text) else { return }
    let page = sheet.renderPage(0).raster
    print(String(format: "PNG settings on one %dx%d sheet page:", page.width, page.height))
    let filters: [(String, PNGSettings.Filters)] = [
        ("none", .none), ("sub", .sub), ("up", .up), ("paeth", .paeth), ("all", .all),
    ]
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
