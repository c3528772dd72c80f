import Foundation
import Testing

@testable import AuditKit

/// Element text in every script the pictures meet: shaped, in reading order, with colour emoji.
/// The fonts come from the packages `.ci/run` installs (the DocC article *Configuration and files*, "Fonts").
@Suite struct TextShapingTests {
    /// `text` drawn in black at `size` on a white raster wide enough for it, with its width.
    private func render(_ text: String, size: Int = 24, with renderer: TextRenderer) -> (raster: Raster, width: Int) {
        let width = renderer.measure(text, size: size)
        var raster = Raster(width: width + 8, height: renderer.lineMetrics(size: size).height + 8)
        let drawn = renderer.draw(text, in: &raster, x: 4, y: 4, size: size, color: .black)
        #expect(drawn == width, "draw and measure disagree on \(text)")
        return (raster, width)
    }

    /// The characters of `text` drawn one by one, each on its own, left to right (each in its
    /// isolated form, marks on their own).
    private func renderOneByOne(_ text: String, size: Int = 24, with renderer: TextRenderer) -> (
        raster: Raster, width: Int
    ) {
        let pieces = text.unicodeScalars.map { String($0) }
        let width = pieces.reduce(0) { $0 + renderer.measure($1, size: size) }
        var raster = Raster(width: width + 8, height: renderer.lineMetrics(size: size).height + 8)
        var x = 4
        for piece in pieces { x += renderer.draw(piece, in: &raster, x: x, y: 4, size: size, color: .black) }
        return (raster, width)
    }

    /// Pixels whose ink differs between two rasters, over the area both cover.
    private func differingPixels(_ a: Raster, _ b: Raster) -> Int {
        var count = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width)
            where abs(Int(a.pixel(x: x, y: y).red) - Int(b.pixel(x: x, y: y).red)) > 96 {
                count += 1
            }
        }
        return count + abs(a.width - b.width) * min(a.height, b.height)
    }

    /// The smallest mean difference between `raster` and `expected` inside `rect`, with `expected`
    /// moved up to a pixel left or right (a run's pen position is fractional, so where it starts
    /// inside a line may round the other way than when it is drawn alone).
    private func bestMatch(_ raster: Raster, _ rect: PixelRect, _ expected: Raster) -> Double {
        (-1...1).map { shift in
            var moved = Raster(width: expected.width, height: expected.height)
            moved.copy(expected, to: shift, 0)
            return meanDifference(raster, rect, moved.cropped(to: rect))
        }.min() ?? .infinity
    }

    /// Pixels that are neither white nor a blend of white and pure red (the text colour): the
    /// emoji's own colours, grey ones included.
    private func nonTextColourPixels(_ raster: Raster) -> Int {
        var count = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster.pixel(x: x, y: y)
                if Int(p.red) < 230 || abs(Int(p.green) - Int(p.blue)) > 30 { count += 1 }
            }
        }
        return count
    }

    /// Pixels that are clearly coloured (not grey): a channel differs from another by more than 80.
    private func colouredPixels(_ raster: Raster) -> Int {
        var count = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster.pixel(x: x, y: y)
                let high = max(p.red, p.green, p.blue), low = min(p.red, p.green, p.blue)
                if Int(high) - Int(low) > 80 { count += 1 }
            }
        }
        return count
    }

    /// The columns of `raster` that hold ink.
    private func inkColumns(_ raster: Raster) -> (first: Int, last: Int)? {
        var first: Int?, last: Int?
        for x in 0..<raster.width
        where countInk(raster, in: PixelRect(x: x, y: 0, width: 1, height: raster.height)) > 0 {
            if first == nil { first = x }
            last = x
        }
        guard let first, let last else { return nil }
        return (first, last)
    }

    private func requireFont(for sample: Unicode.Scalar, _ text: TextRenderer, package: String) throws {
        try #require(
            text.fontPath(for: sample) != nil,
            "no installed font has U+\(String(sample.value, radix: 16, uppercase: true)): install \(package)")
    }

    @Test func arabicIsJoinedUnlikeItsIsolatedForms() throws {
        let text = try #require(sharedTextRenderer)
        try requireFont(for: "\u{0633}", text, package: "fonts-dejavu-core")
        let word = "سلام عليكم"
        let joined = render(word, with: text), isolated = renderOneByOne(word, with: text)
        #expect(countInk(joined.raster, in: joined.raster.bounds) > 100)
        // Joined letters take their initial, medial and final forms, which connect: a different,
        // narrower picture than the isolated forms side by side.
        #expect(joined.width < isolated.width, "joined \(joined.width) px, isolated \(isolated.width) px")
        #expect(differingPixels(joined.raster, isolated.raster) > 200)
        // Right to left: the first word ends up at the right end of the line, looking as it does
        // drawn alone (its last letter takes its final form before the space, as at the end),
        // and not at the left end, where left-to-right order would have put it. Its glyphs sit at
        // fractional positions, so in the line some land a pixel off: the match is close, not exact.
        // (The word's left third is left out: the next word's first letter may overhang the space.)
        let firstWord = text.measure("سلام", size: 24), height = joined.raster.height
        var atRight = Raster(width: joined.raster.width, height: height)
        text.draw("سلام", in: &atRight, x: 4 + joined.width - firstWord, y: 4, size: 24, color: .black)
        let rightEnd = PixelRect(
            x: 4 + joined.width - firstWord * 2 / 3, y: 0, width: firstWord * 2 / 3, height: height)
        var atLeft = Raster(width: joined.raster.width, height: height)
        text.draw("سلام", in: &atLeft, x: 4, y: 4, size: 24, color: .black)
        let leftEnd = PixelRect(x: 4 + firstWord / 3, y: 0, width: firstWord * 2 / 3, height: height)
        #expect(countInk(atRight, in: rightEnd) > 50)
        let right = bestMatch(joined.raster, rightEnd, atRight), left = bestMatch(joined.raster, leftEnd, atLeft)
        #expect(right * 2 < left, "difference from the first word: \(right) at the right end, \(left) at the left")
    }

    @Test func hebrewRunsRightToLeftWithTheFirstLetterAtTheRight() throws {
        let text = try #require(sharedTextRenderer)
        try requireFont(for: "\u{05D0}", text, package: "fonts-dejavu-core")
        // Alef then three lameds: alef must be drawn rightmost. Hebrew letters do not join, so the
        // alef alone, drawn where the line ends, matches the line's right end pixel for pixel.
        let word = "אללל"
        let line = render(word, with: text)
        let alef = text.measure("א", size: 24)
        var expected = Raster(width: line.raster.width, height: line.raster.height)
        text.draw("א", in: &expected, x: 4 + line.width - alef, y: 4, size: 24, color: .black)
        let rightEnd = PixelRect(x: 4 + line.width - alef, y: 0, width: alef, height: line.raster.height)
        #expect(countInk(expected, in: rightEnd) > 20)
        #expect(bestMatch(line.raster, rightEnd, expected) < 2)
        // …and not at the left, where left-to-right order would have put it.
        var leftToRight = Raster(width: line.raster.width, height: line.raster.height)
        text.draw("א", in: &leftToRight, x: 4, y: 4, size: 24, color: .black)
        let leftEnd = PixelRect(x: 4, y: 0, width: alef, height: line.raster.height)
        #expect(meanDifference(line.raster, leftEnd, leftToRight.cropped(to: leftEnd)) > 10)
    }

    @Test func leftToRightTextKeepsHebrewInsideItInReadingOrder() throws {
        let text = try #require(sharedTextRenderer)
        // "ok " then alef, bet: the Latin stays at the left, the Hebrew run is reversed, so bet is
        // drawn right after the space and alef last.
        let line = render("ok אב", with: text)
        let prefix = text.measure("ok ", size: 24), bet = text.measure("ב", size: 24)
        var expected = Raster(width: line.raster.width, height: line.raster.height)
        text.draw("ok ", in: &expected, x: 4, y: 4, size: 24, color: .black)
        text.draw("ב", in: &expected, x: 4 + prefix, y: 4, size: 24, color: .black)
        text.draw("א", in: &expected, x: 4 + prefix + bet, y: 4, size: 24, color: .black)
        #expect(meanDifference(line.raster, line.raster.bounds, expected) < 2)
    }

    @Test func devanagariAndThaiAreShapedIntoClusters() throws {
        let text = try #require(sharedTextRenderer)
        try requireFont(for: "\u{0928}", text, package: "fonts-lohit-deva")
        try requireFont(for: "\u{0E2A}", text, package: "fonts-tlwg-loma-ttf")
        for word in ["नमस्ते दुनिया", "สวัสดีครับ"] {
            let shaped = render(word, with: text), oneByOne = renderOneByOne(word, with: text)
            #expect(countInk(shaped.raster, in: shaped.raster.bounds) > 100, "\(word) drew nothing")
            // Vowel signs and marks sit on their consonants, conjuncts form: the shaped word
            // looks different from its characters drawn one by one. In Hindi, where a sign alone
            // gets a dotted circle of its own, it is narrower too.
            #expect(
                differingPixels(shaped.raster, oneByOne.raster) > 100, "\(word) is drawn as its characters one by one")
        }
        let hindi = "नमस्ते दुनिया"
        #expect(render(hindi, with: text).width < renderOneByOne(hindi, with: text).width)
        // The Hindi i-sign is written after its consonant but drawn before it: "कि" starts with the
        // sign's stem, so its ink starts further left than the consonant's alone.
        let ki = render("कि", with: text), ka = render("क", with: text)
        // Logical order would put the consonant first, at the left, as it is drawn alone.
        #expect(ki.width > ka.width)
        let left = PixelRect(x: 0, y: 0, width: ka.raster.width, height: ka.raster.height)
        #expect(meanDifference(ki.raster, left, ka.raster) > 5)
    }

    @Test func japaneseComesFromACJKFont() throws {
        let text = try #require(sharedTextRenderer)
        try requireFont(for: "日", text, package: "fonts-wqy-microhei")
        let line = render("日本語のテキスト", with: text)
        // Eight full-width characters of about one em each.
        #expect(line.width >= 8 * 20 && line.width <= 8 * 28, "\(line.width) px")
        #expect(countInk(line.raster, in: line.raster.bounds) > 400)
    }

    @Test func emojiSequencesDrawInColourAsOneGlyphEach() throws {
        let text = try #require(sharedTextRenderer)
        try #require(
            FontConfig.fallback(for: "\u{1F600}", emoji: true) != nil,
            "no colour emoji font: install fonts-noto-color-emoji")
        let size = 24
        let sequences = [
            ("flag", "\u{1F1EF}\u{1F1F5}"),  // Japan: two regional indicators
            ("skin tone", "\u{1F44D}\u{1F3FD}"),  // thumbs up, medium skin tone
            ("ZWJ family", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"),
        ]
        let single = text.measure("\u{1F600}", size: size)
        #expect(single >= size && single <= 2 * size, "one emoji is \(single) px at \(size) px")
        for (name, sequence) in sequences {
            let line = render(sequence, size: size, with: text)
            // Drawn in red, an emoji keeps its own colours (the family's are greys).
            var red = Raster(width: line.raster.width, height: line.raster.height)
            text.draw(
                sequence, in: &red, x: 4, y: 4, size: size, color: RGBAColor(red: 255, green: 0, blue: 0, alpha: 255))
            #expect(nonTextColourPixels(red) > 100, "the \(name) drew no colour of its own")
            // One ligature, not its parts side by side.
            #expect(line.width == single, "the \(name) is \(line.width) px wide, one emoji \(single) px")
            // Scaled to the line: the picture stays inside the line's height.
            let metrics = text.lineMetrics(size: size)
            let inkRows = (0..<line.raster.height).filter {
                countInk(line.raster, in: PixelRect(x: 0, y: $0, width: line.raster.width, height: 1)) > 0
            }
            #expect((inkRows.first ?? 0) >= 4 && (inkRows.last ?? .max) < 4 + metrics.height)
        }
        // In a label, after text: still colour, and measuring matches drawing.
        let label = render("Done \u{1F44D}\u{1F3FD} \u{1F1EF}\u{1F1F5}", size: 14, with: text)
        #expect(colouredPixels(label.raster) > 20)
        // The flag's red disc and the skin tone are saturated colours.
        #expect(colouredPixels(render("\u{1F1EF}\u{1F1F5}", size: size, with: text).raster) > 50)
        #expect(colouredPixels(render("\u{1F44D}\u{1F3FD}", size: size, with: text).raster) > 50)
    }

    @Test func truncationAndWrappingMeasureWhatIsDrawn() throws {
        let text = try #require(sharedTextRenderer)
        for sample in [
            "مرحبا بكم في التطبيق الجديد", "שלום עולם ומה שלומך היום", "नमस्ते दुनिया आपका स्वागत है",
            "日本語のテキストが長い場合", "Great \u{1F44D}\u{1F3FD} work \u{1F1EF}\u{1F1F5} team",
        ] {
            let cut = text.truncated(sample, toWidth: 90, size: 14)
            #expect(cut.hasSuffix("…"), "\(sample) was not cut")
            #expect(text.measure(cut, size: 14) <= 90)
            var raster = Raster(width: 120, height: 30)
            let drawn = text.draw(sample, in: &raster, x: 4, y: 4, size: 14, color: .black, maxWidth: 90)
            #expect(drawn <= 90)
            // No ink beyond the width the text says it takes.
            #expect(countInk(raster, in: PixelRect(x: 4 + drawn + 2, y: 0, width: 120, height: 30)) == 0, "\(sample)")
            let lines = text.wrapped(sample, toWidth: 90, size: 14, maxLines: 3)
            #expect(!lines.isEmpty && lines.allSatisfy { text.measure($0, size: 14) <= 90 })
        }
    }

    @Test func bidiLevelsFollowTheRules() {
        func levels(_ text: String) -> [UInt8] {
            let values = text.unicodeScalars.map(\.value)
            return values.withUnsafeBufferPointer { Bidi.levels(of: $0).levels }
        }
        // Left-to-right paragraph with a Hebrew word: the word at level 1.
        #expect(levels("ab אב") == [0, 0, 0, 1, 1])
        // Right-to-left paragraph: Latin and digits at level 2, the space between Hebrew letters 1.
        #expect(levels("אב ab") == [1, 1, 1, 2, 2])
        #expect(levels("א 12") == [1, 1, 2, 2])
        // A separator between digits joins the number (W4); a percent sign next to it too (W5).
        #expect(levels("א 1,000%") == [1, 1, 2, 2, 2, 2, 2, 2])
        // Digits after Arabic letters are Arabic numbers (W2), still left to right inside.
        #expect(levels("س 12") == [1, 1, 2, 2])
        // Trailing white space is at the paragraph level (L1); neutrals between L and R take the
        // paragraph's direction.
        #expect(levels("ab אב  ") == [0, 0, 0, 1, 1, 0, 0])
        // Visual order of runs: levels 0 1 2 1 0 → the middle three reversed as a whole, with the
        // level-2 run kept left to right inside.
        #expect(Bidi.visualOrder(runLevels: [0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4])
        #expect(Bidi.visualOrder(runLevels: [1, 2, 1]) == [2, 1, 0])
        #expect(Bidi.visualOrder(runLevels: [0, 0]) == [0, 1])
    }
}
