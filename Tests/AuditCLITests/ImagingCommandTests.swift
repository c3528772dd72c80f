import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct ImagingCommandTests {
    /// A realistic report written as HTML, with one broken thumbnail and one screen without a screenshot.
    private func writeReport(in directory: TemporaryDirectory) throws -> String {
        var fixture = ReportFixture.random(seed: 7, screenCount: 3...3, issueRange: 5...5, screenWidth: 402)
        fixture.screens[0].issues[1].thumbnail = ReportFixture.Image(
            jpeg: Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]), width: 10, height: 10)
        fixture.screens[2].screenshot = nil
        let path = directory.file("AuditReport_2026-01-02_11-02-25.html")
        try fixture.write(to: path, as: .html(.varAssignment))
        return path
    }

    private func keep(_ paths: [String]) {
        guard let folder = ProcessInfo.processInfo.environment["AUDITKIT_KEEP_SAMPLES"] else { return }
        for path in paths {
            let target = folder + "/cli_" + (path as NSString).lastPathComponent
            try? FileManager.default.removeItem(atPath: target)
            try? FileManager.default.copyItem(atPath: path, toPath: target)
        }
    }

    @Test func sheetWritesIntoTheReportsFolderAndWarnsAboutBrokenThumbnails() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try writeReport(in: directory)
        keep([report])
        // The report in the project's root: its evidence goes where audit puts it, Reports/<report name>/.
        let result = try runTool(["sheet", report], in: directory.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("AuditReport_2026-01-02_11-02-25")))
        let written = directory.file("Reports/AuditReport_2026-01-02_11-02-25/index_sheet.png")
        #expect(
            result.stdout.trimmingCharacters(in: .newlines).hasSuffix("AuditReport_2026-01-02_11-02-25/index_sheet.png")
        )
        #expect(result.stderr.contains("issue 2: thumbnail:"))
        let png = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: written)))
        #expect(png.width == 2 * 24 + 6 * 240 + 5 * 12)
        keep([written])
    }

    @Test func sheetPagesAndJPEGAndJSONOutput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try writeReport(in: directory)
        let result = try runTool([
            "sheet", report, "-o", directory.file("out/sheet.jpg"), "--per-page", "6",
            "--columns", "3", "--cell", "200x200", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let pages = try #require(json["pages"] as? [String])
        #expect(pages.count == 3)
        #expect(pages.first?.hasSuffix("out/sheet_1.jpg") == true)
        let page = try JPEGCodec.decode(Data(contentsOf: URL(fileURLWithPath: pages[0])))
        #expect(page.width == 2 * 24 + 3 * 200 + 2 * 12)
        #expect((json["imageProblems"] as? [[String: Any]])?.first?["issue"] as? Int == 2)
    }

    @Test func sheetRejectsBadOptionsAndMissingReports() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try writeReport(in: directory)
        let badCell = try runTool(["sheet", report, "--cell", "20x"])
        #expect(badCell.status == 64)
        #expect(badCell.stderr.contains("--cell"))
        let huge = try runTool([
            "sheet", report, "--cell", "2000x2000", "--columns", "100", "-o", directory.file("h.png"),
        ])
        #expect(huge.status == 64)
        #expect(huge.stderr.contains("more than 32768 a side"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("h.png")))
        let gif = try runTool(["sheet", report, "-o", directory.file("sheet.gif")])
        #expect(gif.status == 64)
        #expect(!FileManager.default.fileExists(atPath: directory.file("sheet.gif")))
        let missing = try runTool(["sheet", directory.file("nope.html")])
        #expect(missing.status == 66)
        let badFont = try runTool(["sheet", report, "--font", directory.file("nope.ttf")])
        #expect(badFont.status == 66)
        #expect(badFont.stderr.contains("nope.ttf"))
        let help = try runTool(["sheet", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--per-page"))
    }

    @Test func overlayWritesScreensWithScreenshotsAndListsTheOthers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try writeReport(in: directory)
        let result = try runTool(["overlay", report, "-o", directory.file("overlays")])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("overlays/overlay_screen_") })
        #expect(result.stderr.contains("screen 3 (2): no overlay: no screenshot in the report"))
        let first = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: lines[0])))
        #expect(first.width == 402)
        keep(lines)
    }
}
