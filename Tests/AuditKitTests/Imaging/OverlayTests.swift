import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

@Suite struct OverlayTests {
    private func screen(withScreenshot: Bool, rects: [Rect?]) -> Screen {
        // A 2x screenshot: 200x400 pixels for 100x200 points.
        var shot = ImagingFixture.image(Raster(width: 200, height: 400, fill: RGBAColor(rgb: 0xE0E0E0)), quality: 95)
        shot.declaredWidth = 100
        shot.declaredHeight = 200
        let issues = rects.enumerated().map { index, rect in
            Issue(
                number: index + 5, screenIndex: 0, screenName: "0", screenGroupName: "g", shortTitle: "t",
                testType: index % 2 == 0 ? .contrast : .dynamicType, elementRect: rect)
        }
        return Screen(index: 0, name: "0", groupName: "g", screenshot: withScreenshot ? shot : nil, issues: issues)
    }

    @Test func boxesSitAtTheScaledRects() throws {
        let text = try #require(sharedTextRenderer)
        let screen = screen(withScreenshot: true, rects: [Rect(x: 10, y: 50, width: 30, height: 40), nil])
        let raster = try Overlay(screen: screen, text: text).render()
        #expect(raster.width == 200 && raster.height > 400)
        let red = TestType.contrast.color
        // Box from (20,100) to (80,180) in pixels: its edges are coloured, its middle is not.
        #expect(
            countPixels(raster, in: PixelRect(x: 20, y: 120, width: 2, height: 50), near: red, tolerance: 20) == 100)
        #expect(
            countPixels(raster, in: PixelRect(x: 78, y: 120, width: 2, height: 50), near: red, tolerance: 20) == 100)
        #expect(countPixels(raster, in: PixelRect(x: 30, y: 179, width: 40, height: 1), near: red, tolerance: 20) == 40)
        #expect(countPixels(raster, in: PixelRect(x: 40, y: 130, width: 20, height: 30), near: red, tolerance: 20) == 0)
        // The number tag sits above the box.
        #expect(countPixels(raster, in: PixelRect(x: 20, y: 85, width: 12, height: 12), near: red, tolerance: 20) > 40)
        #expect(
            Overlay.boxRect(
                for: Rect(x: 10, y: 50, width: 30, height: 40), scale: 2,
                bounds: PixelRect(x: 0, y: 0, width: 200, height: 400))
                == PixelRect(x: 20, y: 100, width: 60, height: 80))
    }

    @Test func rectsPartlyOutsideAreClippedNotDropped() throws {
        let text = try #require(sharedTextRenderer)
        let screen = screen(withScreenshot: true, rects: [Rect(x: 80, y: 150, width: 50, height: 100)])
        let raster = try Overlay(screen: screen, text: text).render()
        let red = TestType.contrast.color
        // Clipped to (160,300)-(200,400): left edge and the clipped right/bottom edges are drawn.
        #expect(
            countPixels(raster, in: PixelRect(x: 160, y: 320, width: 2, height: 60), near: red, tolerance: 20) == 120)
        #expect(
            countPixels(raster, in: PixelRect(x: 198, y: 320, width: 2, height: 60), near: red, tolerance: 20) == 120)
        let outside = Overlay.boxRect(
            for: Rect(x: 500, y: 500, width: 10, height: 10), scale: 2,
            bounds: PixelRect(x: 0, y: 0, width: 200, height: 400))
        #expect(!outside.isEmpty)
        #expect(outside.intersection(PixelRect(x: 0, y: 0, width: 200, height: 400)) == outside)
    }

    @Test func hostileRectsAndScalesGiveABoxInsideThePicture() {
        let bounds = PixelRect(x: 0, y: 0, width: 200, height: 400)
        for rect in [Rect(x: 1e300, y: 0, width: 1, height: 1), Rect(x: -.infinity, y: .nan, width: -1e300, height: 5)]
        {
            let box = Overlay.boxRect(for: rect, scale: 3, bounds: bounds)
            #expect(box.intersection(bounds) == box)
        }
        let shot = ReportImage(data: Data([0xFF]), declaredWidth: 1e-300, declaredHeight: 1)
        #expect(Overlay.scale(screenshot: shot, decodedWidth: 1206) == 1)
    }

    /// A list of labels 8 points apart (too close for a tag between them), values beside every other
    /// row, two issues on one label and 21 issues without a rect: every tag sits beside its own box and
    /// covers no box and no other tag, and the legend names all 40 numbers without a cut.
    @Test func tagsSitBesideTheirBoxesOffEveryOtherBoxAndTheLegendListsEveryNumber() throws {
        let text = try #require(sharedTextRenderer)
        var issues: [ReportIssue] = []
        func add(_ type: TestType, _ rect: Rect?) {
            issues.append(
                ReportIssue(
                    number: issues.count + 1, screenIndex: 0, screenName: "0", screenGroupName: "g",
                    shortTitle: "t", testType: type, elementRect: rect))
        }
        for row in 0..<12 {
            let y = 100 + Double(row) * 30
            add(row % 2 == 0 ? .contrast : .dynamicType, Rect(x: 16, y: y, width: 200, height: 22))
            if row % 2 == 0 { add(.clippedText, Rect(x: 300, y: y, width: 74, height: 22)) }
        }
        add(.contrast, issues[2].elementRect)  // a duplicate on the second label (issue 3)
        while issues.count < 40 { add(issues.count % 2 == 0 ? .trait : .elementDescription, nil) }
        let shot = ImagingFixture.image(Raster(width: 390, height: 844, fill: RGBAColor(rgb: 0xE0E0E0)), quality: 90)
        let overlay = Overlay(
            screen: Screen(index: 0, name: "0", groupName: "g", screenshot: shot, issues: issues), text: text)
        let picture = PixelRect(x: 0, y: 0, width: 390, height: 844)

        let tags = overlay.tags(picture: picture, scale: 1, fontSize: 13)
        #expect(tags.count == 18)
        #expect(tags.contains { $0.label == "3,19" })
        for tag in tags {
            #expect(tag.rect.intersection(picture) == tag.rect, "tag \(tag.label) leaves the picture")
            #expect(tag.rect.intersection(tag.box.insetBy(-1)).isEmpty, "tag \(tag.label) is on its own box")
            let near = tag.box.insetBy(-(tag.rect.width + tag.rect.height + 4))
            #expect(tag.rect.intersection(near) == tag.rect, "tag \(tag.label) is far from its box")
            for other in tags where other.box != tag.box {
                #expect(tag.rect.intersection(other.box.insetBy(-1)).isEmpty, "tag \(tag.label) on box \(other.label)")
                #expect(tag.rect.intersection(other.rect).isEmpty, "tag \(tag.label) on tag \(other.label)")
            }
        }

        let lines = overlay.legendLines(width: 390 - 24, size: 13)
        #expect(lines.count > 2)
        let legend = lines.flatMap { $0.map(\.text) }
        #expect(!legend.joined().contains("\u{2026}"))
        for entry in lines.joined() {
            let width =
                text.measure(entry.text, size: 13, bold: entry.bold) + 18 + (entry.color == nil ? 0 : 13 + 6)
            #expect(width <= 390 - 24, "\(entry.text) is cut when drawn")
        }
        // Every number once per test type, and once more among those without a rect.
        let numbers = legend.dropFirst().joined(separator: ",").split { !$0.isNumber }.compactMap { Int($0) }
        #expect(numbers.sorted() == (Array(1...40) + Array(20...40)).sorted())
        _ = try overlay.render()
    }

    @Test func screensWithoutAScreenshotAreSkippedWithAReason() throws {
        let text = try #require(sharedTextRenderer)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var report = ImagingFixture.report(issueCount: 6, screenCount: 3, sourcePath: directory.file("r.json"))
        report.screens[1].screenshot = nil
        report.screens[2].screenshot = ReportImage(data: corruptJPEG)
        let output = try Overlay.writeAll(
            report: report, text: text, evidence: EvidencePaths(reportPath: report.sourcePath))
        #expect(
            output.paths.map { $0.replacingOccurrences(of: "//", with: "/") }
                == [directory.file("r/overlay_screen_1.png").replacingOccurrences(of: "//", with: "/")])
        #expect(output.skipped.map(\.screenIndex) == [1, 2])
        #expect(output.skipped[0].reason == "no screenshot in the report")
        let decoded = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: output.paths[0])))
        #expect(decoded.width == 390)
        if let folder = ProcessInfo.processInfo.environment["AUDITKIT_KEEP_SAMPLES"] {
            try? FileManager.default.removeItem(atPath: folder + "/overlay_screen_1.png")
            try? FileManager.default.copyItem(atPath: output.paths[0], toPath: folder + "/overlay_screen_1.png")
        }
    }
}
