import AuditKit
import Foundation
import Testing

@Suite struct TextRendererTests {
    @Test func latinTextDrawsAntialiasedInkOfTheMeasuredWidth() throws {
        let text = try #require(sharedTextRenderer)
        var raster = Raster(width: 200, height: 30)
        let width = text.draw("Hello, World", in: &raster, x: 2, y: 2, size: 14, color: .black)
        #expect(width == text.measure("Hello, World", size: 14))
        #expect(width > 60 && width < 150)
        #expect(countInk(raster, in: PixelRect(x: 0, y: 0, width: 4 + width, height: 30)) > 50)
        #expect(countInk(raster, in: PixelRect(x: width + 6, y: 0, width: 200 - width - 6, height: 30)) == 0)
        // Anti-aliased: some pixels are between black and white.
        let grey = raster.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element > 40 && $0.element < 215 }
        #expect(grey)
    }

    @Test func kerningPullsPairsTogether() throws {
        let text = try #require(sharedTextRenderer)
        let pair = text.measure("AV", size: 40), apart = text.measure("A", size: 40) + text.measure("V", size: 40)
        #expect(pair < apart, "the font at \(text.fontPath) applied no kerning to AV")
    }

    @Test func truncationEndsWithAnEllipsisAndFits() throws {
        let text = try #require(sharedTextRenderer)
        let long = "Continue with a very long button title that will not fit"
        let short = text.truncated(long, toWidth: 100, size: 13)
        #expect(short.hasSuffix("…"))
        #expect(text.measure(short, size: 13) <= 100)
        #expect(text.truncated("OK", toWidth: 100, size: 13) == "OK")
        #expect(text.truncated(long, toWidth: 1, size: 13) == "")
        let lines = text.wrapped(long, toWidth: 120, size: 13, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { text.measure($0, size: 13) <= 120 })
    }

    @Test func characterMissingFromTheFontFallsBackToAFontThatHasIt() throws {
        // DejaVu Sans Mono has no Hebrew; DejaVu Sans (found through fontconfig) has.
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        try #require(FileManager.default.fileExists(atPath: mono), "needs fonts-dejavu-core")
        let text = try TextRenderer(fontPath: mono)
        let alef: Unicode.Scalar = "\u{05D0}"
        #expect(!text.mainFontHasGlyph(for: alef))
        let fallback = try #require(text.fontPath(for: alef))
        #expect(fallback != mono)
        var raster = Raster(width: 120, height: 30)
        text.draw("שלום", in: &raster, x: 2, y: 2, size: 16, color: .black)
        #expect(countInk(raster, in: raster.bounds) > 30)
        #expect(text.fontPath(for: "A") == mono)
    }

    @Test func nonLatinAndCJKTextRendersGlyphPixels() throws {
        let text = try #require(sharedTextRenderer)
        for sample in ["Привет", "Ünïcödé", "設定", "日本語のテキスト"] {
            var raster = Raster(width: 200, height: 30)
            text.draw(sample, in: &raster, x: 2, y: 2, size: 16, color: .black)
            #expect(countInk(raster, in: raster.bounds) > 20, "\(sample) drew nothing")
        }
        // When the machine has any CJK font, CJK must come from it rather than a missing-glyph box.
        if FontLocator.fontconfigFile(covering: "設") != nil {
            #expect(text.fontPath(for: "設") != nil)
        }
    }

    @Test func fontLookupReportsMissingAndUnloadableFontsClearly() throws {
        #expect(
            throws: AuditError(.missingInput, "font file does not exist", path: "/nonexistent/font.ttf")
        ) {
            try FontLocator.locate(explicitPath: "/nonexistent/font.ttf", environment: [:])
        }
        let notAFont = NSTemporaryDirectory() + "/auditkit-not-a-font-\(UUID().uuidString).ttf"
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: notAFont))
        defer { try? FileManager.default.removeItem(atPath: notAFont) }
        do {
            _ = try FontLocator.locate(explicitPath: nil, environment: [FontLocator.environmentVariable: notAFont])
            Issue.record("an unloadable AUDITKIT_FONT was accepted")
        } catch {
            #expect(error.code == .badInput)
            #expect(error.description.contains("AUDITKIT_FONT"))
        }
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        if FileManager.default.fileExists(atPath: mono) {
            #expect(
                try FontLocator.locate(explicitPath: nil, environment: [FontLocator.environmentVariable: mono]) == mono)
            #expect(
                try FontLocator.locate(explicitPath: mono, environment: [FontLocator.environmentVariable: notAFont])
                    == mono)
        }
        let found = try FontLocator.locate(explicitPath: nil, environment: [:])
        #expect(FontLocator.canLoad(found))
    }

    @Test func truncatesMegabytesOfTextToWhatTheWidthHolds() throws {
        let text = try #require(sharedTextRenderer)
        let huge = String(repeating: "Budget Progress ", count: 300_000)
        let cut = text.truncated(huge, toWidth: 200, size: 13)
        #expect(cut.hasSuffix("…"))
        #expect(cut.hasPrefix("Budget Progress"))
        #expect(text.measure(cut, size: 13) <= 200)
        // Wrapping lays out only what the lines can hold, not the megabytes.
        let lines = text.wrapped(String(repeating: "שלום עולם ", count: 300_000), toWidth: 200, size: 13, maxLines: 3)
        #expect(lines.count == 3)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(lines.allSatisfy { text.measure($0, size: 13) <= 200 })
    }
}
