import Foundation
import Testing

@testable import AuditKit

/// The shortcuts the judgement's walk takes decide as the general ways they stand for, on random inputs.
@Suite struct JudgementFastPathTests {
    /// Random texts of hex digits in both cases, other characters, and 15 to 17 characters, many of
    /// them alike so equal numbers with different texts come up.
    static func randomFingerprintText(_ generator: inout some RandomNumberGenerator) -> String {
        let alphabets = ["0123456789abcdef", "0123456789ABCDEF", "0a1b", "0a1bG-é "]
        let alphabet = Array(alphabets[Int.random(in: 0..<alphabets.count, using: &generator)])
        let count = [15, 16, 16, 16, 17][Int.random(in: 0..<5, using: &generator)]
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    @Test func fingerprintsCompareAsTheirTexts() {
        var generator = SystemRandomNumberGenerator()
        var equalTexts = 0
        var equalNumbersOnly = 0
        for _ in 0..<20_000 {
            let a = Self.randomFingerprintText(&generator)
            // Often the same text, or the same digits in another case, or one more digit.
            let b: String
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: b = a
            case 1: b = a.uppercased()
            case 2: b = a + "0"
            default: b = Self.randomFingerprintText(&generator)
            }
            let x = IssueFingerprint(hex: a)
            let y = IssueFingerprint(hex: b)
            #expect((x == y) == (a == b), "\(a) \(b)")
            // The text read is the text written, whether it is kept (not 16 lowercase digits) or not.
            #expect(x.hex == a && y.hex == b)
            #expect(x.precedes(y) == (x.number != y.number ? x.number < y.number : a < b), "\(a) \(b)")
            if a == b { equalTexts += 1 } else if x.number == y.number { equalNumbersOnly += 1 }
        }
        #expect(equalTexts > 1_000)
        #expect(equalNumbersOnly > 1_000)
    }

    @Test func fingerprintOrderIsTheGeneralSort() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let pool = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                Self.randomFingerprintText(&generator)
            }
            let issues = (0..<Int.random(in: 0...60, using: &generator)).map { number in
                HistoryIssue(
                    fingerprint: IssueFingerprint(hex: pool[Int.random(in: 0..<pool.count, using: &generator)]),
                    number: number, testType: .dynamicType, title: "", screenGroup: "")
            }
            let general = issues.indices.sorted {
                let a = issues[$0].fingerprint
                let b = issues[$1].fingerprint
                return a == b ? $0 < $1 : a.precedes(b)
            }
            #expect(WarningMatcher.fingerprintOrder(issues) == general)
        }
    }

    @Test func textIsToldAsCharacterByCharacter() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            " ", "\t", "\n", "\r\n", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{7F}", "\u{01}", "\u{0301}", "\u{0600}",
            "a", "Z", "9", "!", "~", "é", "日", "👍", "\u{200B}", "\u{FEFF}",
        ]
        var shown = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            let general = text.utf8.contains { $0 > 0x20 } && !text.allSatisfy(\.isWhitespace)
            #expect(WarningMatcher.hasText(text) == general, "\(Array(text.unicodeScalars))")
            #expect(WarningMatcher.isBlank(text) == text.allSatisfy(\.isWhitespace), "\(Array(text.unicodeScalars))")
            if general { shown += 1 }
        }
        #expect(shown > 1_000)
    }

    @Test func signatureHexReadsAsDigitByDigit() {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdefABCDEF")
        var read = 0
        for _ in 0..<3_000 {
            var characters = (0..<128).map { _ in digits[Int.random(in: 0..<digits.count, using: &generator)] }
            if Bool.random(using: &generator) {
                // A character that is no hex digit, a sign, or one digit too many or too few.
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: characters[Int.random(in: 0..<128, using: &generator)] = "g"
                case 1: characters[16 * Int.random(in: 0..<8, using: &generator)] = "+"
                case 2: characters.append("0")
                default: characters.removeLast()
                }
            }
            let text = String(characters)
            var expected: [UInt64]? = []
            let bytes = Array(text.utf8)
            if bytes.count != 128 { expected = nil }
            for start in stride(from: 0, to: 128, by: 16) where expected != nil {
                if let word = ImageHash.parse(String(decoding: bytes[start..<start + 16], as: UTF8.self)) {
                    expected?.append(word)
                } else {
                    expected = nil
                }
            }
            #expect(ScreenSignature(hex: text)?.words == expected, "\(text)")
            if expected != nil { read += 1 }
        }
        #expect(read > 1_000)
    }

    @Test func normalFormsHashAlikeWhicheverWayTheyAreRead() {
        var generator = SystemRandomNumberGenerator()
        // ASCII and other characters whose normal forms meet: "Café 1,5" and "cafe 7" are both "cafe #".
        let pieces = ["Cafe", "café", "CAFÉ", "Ｃａｆｅ", " ", "-", "1,5", "7", "$", "\u{00A0}", "日", "Über", "uber", "x"]
        var cache: [String: Int?] = [:]
        var texts: [String] = []
        for _ in 0..<3_000 {
            texts.append(
                (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                    pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                }.joined())
        }
        var alike = 0
        for _ in 0..<20_000 {
            let a = texts[Int.random(in: 0..<texts.count, using: &generator)]
            let b = texts[Int.random(in: 0..<texts.count, using: &generator)]
            let x = ScreenIdentification.normalHash(of: a, cache: &cache)
            let y = ScreenIdentification.normalHash(of: b, cache: &cache)
            // A text tells a screen by its letters, or by its exact value when it is a number of 3 digits or more.
            func letters(_ text: String) -> Bool { text.unicodeScalars.contains { $0.properties.isAlphabetic } }
            func digits(_ text: String) -> Int { text.unicodeScalars.count { $0.properties.numericType != nil } }
            #expect((x == nil) == (!letters(a) && digits(a) < 3), "\(a)")
            guard let x, let y else { continue }
            let same =
                letters(a) && letters(b)
                ? IssueFingerprint.normalizedText(a) == IssueFingerprint.normalizedText(b)
                : letters(a) == letters(b)
                    && a.trimmingCharacters(in: .whitespacesAndNewlines)
                        == b.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect((x == y) == same, "\(a) \(b)")
            if same, a != b { alike += 1 }
        }
        #expect(alike > 50)
    }

    @Test func probingATableCountsWhatTwoSetsShare() {
        var generator = SystemRandomNumberGenerator()
        var sharing = 0
        for _ in 0..<2_000 {
            // Small pools so sets share members; Int.min (the table's free-slot mark) and Int.max among them.
            let pool =
                [Int.min, Int.max, 0, -1]
                + (0..<Int.random(in: 1...80, using: &generator)).map { _ in
                    Int.random(in: Int.min...Int.max, using: &generator)
                }
            func randomSet() -> SortedHashes {
                SortedHashes(
                    (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                        pool[Int.random(in: 0..<pool.count, using: &generator)]
                    })
            }
            let a = randomSet()
            let b = randomSet()
            let shared = Set(a.members).intersection(b.members).count
            #expect(HashProbe(a).sharedCount(b) == shared, "\(a.members) \(b.members)")
            #expect(HashProbe(b).sharedCount(a) == shared, "\(a.members) \(b.members)")
            if shared > 0 { sharing += 1 }
        }
        #expect(sharing > 500)
    }
}
