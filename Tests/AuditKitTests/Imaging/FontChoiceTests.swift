import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Which fonts draw the labels: the usual font file first, and a fallback font once found serving
/// the characters after it.
@Suite struct FontChoiceTests {
    @Test func theUsualFontFileComesBeforeFontconfig() throws {
        // The same pictures wherever DejaVu Sans is installed, with no wait for fontconfig.
        let known = try #require(
            FontLocator.knownPaths.first(where: FontLocator.canLoad), "needs fonts-dejavu-core (or a macOS font)")
        #expect(try FontLocator.locate(explicitPath: nil, environment: [:]) == known)
        #expect(try TextRenderer(explicitFontPath: nil, environment: [:]).fontPath == known)
    }

    @Test func aFallbackFontInUseDrawsTheNextCharactersWithoutAskingFontconfigAgain() throws {
        // DejaVu Sans Mono has no CJK: the first Chinese character is looked up through fontconfig,
        // and the other characters of the label come from the font it found.
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        try #require(FileManager.default.fileExists(atPath: mono), "needs fonts-dejavu-core")
        try #require(FontLocator.fontconfigFile(covering: "设") != nil, "needs a CJK font (fonts-wqy-microhei)")
        let text = try TextRenderer(fontPath: mono)
        let first = try #require(text.fontPath(for: "设"))
        #expect(text.fontconfigQuestionCount == 1)
        let label = "预算进度设置次の予定"
        var raster = Raster(width: 300, height: 30)
        text.draw(label, in: &raster, x: 2, y: 2, size: 16, color: .black)
        for scalar in label.unicodeScalars {
            #expect(text.fontPath(for: scalar) == first, "\(scalar) came from another font")
        }
        #expect(text.fontconfigQuestionCount == 1)
        #expect(countInk(raster, in: raster.bounds) > 100)
        // A character the fallback lacks still asks fontconfig (Devanagari, when a font has it).
        if FontLocator.fontconfigFile(covering: "क") != nil {
            _ = text.fontPath(for: "क")
            #expect(text.fontconfigQuestionCount == 2)
        }
    }
}
