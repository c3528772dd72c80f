import AuditKit
import Foundation

/// Builds `InspectorReport` values with real JPEG thumbnails and screenshots, in code, for the
/// imaging tests and benchmark (no report file is read).
public enum ImagingFixture {
    /// A deterministic picture that looks like a piece of UI: a tinted background, a darker "button"
    /// block and a few text-like bars, so resampling and JPEG have real edges to work on.
    public static func uiRaster(width: Int, height: Int, seed: Int) -> Raster {
        let hue = UInt32(truncatingIfNeeded: (seed &* 2_654_435_761) >> 8)
        let background = RGBAColor(
            red: UInt8(200 + hue % 50), green: UInt8(205 + (hue >> 8) % 45),
            blue: UInt8(210 + (hue >> 16) % 40))
        var raster = Raster(width: width, height: height, fill: background)
        let accent = RGBAColor(
            red: UInt8(30 + hue % 120), green: UInt8(60 + (hue >> 5) % 120), blue: UInt8(90 + (hue >> 11) % 140))
        raster.fill(
            PixelRect(x: width / 10, y: height / 5, width: width * 3 / 5, height: max(2, height / 3)), with: accent)
        var y = height / 5
        var line = 0
        while y < height - 4 {
            let length = width / 4 + (seed + line * 37) % max(1, width / 2)
            raster.fill(PixelRect(x: width / 8, y: y, width: length, height: max(1, height / 14)), with: .black)
            y += max(3, height / 6)
            line += 1
        }
        raster.strokeRect(raster.bounds, with: accent, lineWidth: max(1, width / 80))
        return raster
    }

    /// `raster` as a `ReportImage` with JPEG bytes and its pixel size filled in, as the reader makes.
    public static func image(_ raster: Raster, quality: Int = 75) -> ReportImage {
        let data = (try? JPEGCodec.encode(raster, quality: quality)) ?? Data()
        return ReportImage(
            data: data, declaredWidth: Double(raster.width), declaredHeight: Double(raster.height),
            pixelWidth: raster.width, pixelHeight: raster.height)
    }

    /// An 8x8 grey progressive JPEG (SOF2) whose one DC scan is repeated `scans` times. Every scan
    /// codes the single block's DC difference as category 0 (Huffman code `0`, padded with ones),
    /// so each scan adds 11 bytes: a hostile file can repeat it thousands of times.
    public static func progressiveJPEG(scans: Int) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        for _ in 0..<scans {
            bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x7F]
        }
        return Data(bytes + [0xFF, 0xD9])
    }

    /// Element texts used in turn, including non-Latin ones.
    public static let elementTexts: [String?] = [
        "Sign in", "Forgot your password?", nil, "Continue with a very long button title that will not fit",
        "設定", "Ünïcödé Straße", "Привет", "Add to cart", "", "Order #12345 — shipped",
    ]

    /// A report of `issueCount` issues spread over `screenCount` screens (each with a 390x844
    /// screenshot), test types and duplicates mixed, every thumbnail a real JPEG crop of its element.
    public static func report(
        issueCount: Int, screenCount: Int = 3, sourcePath: String = "/tmp/AuditReport_2026-01-02_11-02-25.html"
    )
        -> InspectorReport
    {
        let screenWidth = 390, screenHeight = 844
        var screens: [Screen] = []
        var number = 0
        for screenIndex in 0..<screenCount {
            let shot = uiRaster(width: screenWidth, height: screenHeight, seed: 1000 + screenIndex)
            let perScreen = issueCount / screenCount + (screenIndex < issueCount % screenCount ? 1 : 0)
            var issues: [Issue] = []
            for local in 0..<perScreen {
                number += 1
                let width = 60 + (number * 53) % 300, height = 20 + (number * 29) % 90
                let x = (number * 71) % (screenWidth - 40), y = (number * 137) % (screenHeight - 30)
                let rect = Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
                let crop = shot.cropped(to: PixelRect(x: x, y: y, width: width, height: height))
                let type = TestType.known[(number * 7 + local) % TestType.known.count]
                issues.append(
                    Issue(
                        number: number, screenIndex: screenIndex, screenName: "\(screenIndex)",
                        screenGroupName: "Group", shortTitle: "\(type.displayName) issue",
                        elementText: elementTexts[number % elementTexts.count], testType: type,
                        isDuplicate: number % 9 == 0, thumbnail: image(crop), elementRect: rect))
            }
            screens.append(
                Screen(
                    index: screenIndex, name: "\(screenIndex)", groupName: "Group",
                    displayBounds: Rect(x: 0, y: 0, width: Double(screenWidth * 3), height: Double(screenHeight * 3)),
                    screenshotScale: 3, screenshot: image(shot), issues: issues))
        }
        return InspectorReport(
            sourcePath: sourcePath, format: .json, auditDate: Date(timeIntervalSince1970: 1_767_351_745),
            auditDateSource: .fileName, sha256: String(repeating: "0", count: 64), fileSize: 0,
            screens: screens)
    }
}
