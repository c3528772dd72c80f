import AuditKit
import Foundation

extension FixtureCanvas {
    /// A small screenshot that stands for the screen named `name`: a grid of grey cells chosen by the
    /// name's SHA-256, so one name always gives the same picture and two names pictures that
    /// `ScreenSignature` tells apart. For fixtures that are about which screen a report shows.
    public static func screen(named name: String) -> FixtureCanvas {
        let digest = Array(SHA256.hexDigest(of: Array(name.utf8)).utf8)
        var canvas = FixtureCanvas(width: 136, height: 148, color: Color(250, 250, 250))
        for row in 0..<16 {
            for column in 0..<17 {
                let byte = digest[(row * 17 + column) % digest.count]
                let grey = UInt8(truncatingIfNeeded: Int(byte) * 37 + row * 11 + column * 5)
                canvas.fill(x: column * 8, y: 12 + row * 8, width: 8, height: 8, color: Color(grey, grey, grey))
            }
        }
        return canvas
    }

    /// `screen(named:)` as a report's screenshot.
    public static func screenshot(named name: String) -> ReportImage {
        let canvas = screen(named: name)
        // No declared size: the report's screen keeps the size its display bounds give, if any.
        return ReportImage(data: canvas.jpeg(quality: 90), pixelWidth: canvas.width, pixelHeight: canvas.height)
    }
}
