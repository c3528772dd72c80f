import AuditKit
import Testing

@Suite struct ScreenSignatureTests {
    /// The comparison as first written, row by row: 16-bit rows, slid by -6...6 rows, the best ratio of
    /// unshared edges counting.
    static func reference(_ a: ScreenSignature, _ b: ScreenSignature) -> ScreenSignature.Likeness {
        func row(_ s: ScreenSignature, _ polarity: Int, _ row: Int) -> UInt16 {
            let bit = row * 16
            return UInt16(truncatingIfNeeded: s.words[polarity * 4 + bit / 64] >> UInt64(48 - bit % 64))
        }
        var best: (unmatched: Int, total: Int)?
        for offset in -6...6 {
            var unmatched = 0
            var total = 0
            for r in max(0, offset)..<min(16, 16 + offset) {
                for polarity in 0..<2 {
                    let x = row(a, polarity, r)
                    let y = row(b, polarity, r - offset)
                    let near = { (bits: UInt16) in bits | bits << 1 | bits >> 1 }
                    unmatched += (x & ~near(y)).nonzeroBitCount + (y & ~near(x)).nonzeroBitCount
                    total += x.nonzeroBitCount + y.nonzeroBitCount
                }
            }
            if let known = best, unmatched * known.total >= known.unmatched * max(total, 1) { continue }
            best = (unmatched, total)
        }
        guard let best, best.total >= 12 else { return best?.total == 0 ? .same : .unclear }
        if best.unmatched * 4 <= best.total { return .same }
        if best.unmatched * 3 >= best.total * 2 { return .different }
        return .unclear
    }

    /// `b` in the other appearance: its brighter and darker edges swapped.
    static func swapped(_ b: ScreenSignature) -> ScreenSignature {
        ScreenSignature(words: Array(b.words[4..<8] + b.words[0..<4]))
    }

    /// The rule over both appearances: the same when either comparison says so, different when both do.
    static func referenceEitherAppearance(_ a: ScreenSignature, _ b: ScreenSignature) -> ScreenSignature.Likeness {
        let direct = reference(a, b)
        let other = reference(a, swapped(b))
        if direct == .same || other == .same { return .same }
        return direct == .different && other == .different ? .different : .unclear
    }

    @Test func wordWiseComparisonDecidesAsTheRowByRowOne() {
        var generator = SystemRandomNumberGenerator()
        var decisions: [ScreenSignature.Likeness: Int] = [:]
        for _ in 0..<3_000 {
            // Sparse to dense edges; the second often the first slid by whole rows with a few bits flipped,
            // so every offset and every decision is exercised.
            let density = Int.random(in: 1...6, using: &generator)
            let words = (0..<8).map { _ in
                (0..<density).reduce(UInt64.max) { bits, _ in
                    bits & UInt64.random(in: 0...UInt64.max, using: &generator)
                }
            }
            var other = words
            if Bool.random(using: &generator) {
                let rows = Int.random(in: -7...7, using: &generator)
                for polarity in 0..<2 {
                    var value = (0..<4).reduce(into: [UInt64]()) { $0.append(words[polarity * 4 + $1]) }
                    for _ in 0..<abs(rows) {
                        // One row (16 bits) down or up across the four words.
                        if rows > 0 {
                            value = [
                                value[0] >> 16, value[1] >> 16 | value[0] << 48, value[2] >> 16 | value[1] << 48,
                                value[3] >> 16 | value[2] << 48,
                            ]
                        } else {
                            value = [
                                value[0] << 16 | value[1] >> 48, value[1] << 16 | value[2] >> 48,
                                value[2] << 16 | value[3] >> 48, value[3] << 16,
                            ]
                        }
                    }
                    for index in 0..<4 { other[polarity * 4 + index] = value[index] }
                }
                for _ in 0..<Int.random(in: 0...20, using: &generator) {
                    other[Int.random(in: 0..<8, using: &generator)] ^= 1 << UInt64.random(in: 0..<64, using: &generator)
                }
            } else {
                other = (0..<8).map { _ in
                    (0..<density).reduce(UInt64.max) { bits, _ in
                        bits & UInt64.random(in: 0...UInt64.max, using: &generator)
                    }
                }
            }
            let a = ScreenSignature(words: words)
            let b = ScreenSignature(words: other)
            let decided = a.likeness(to: b)
            #expect(decided == Self.referenceEitherAppearance(a, b))
            decisions[decided, default: 0] += 1
        }
        // The samples reached every decision.
        #expect(decisions.count == 3)
    }

    @Test func aScreenInTheOtherAppearanceIsTheSameScreen() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let words = (0..<8).map { _ in
                UInt64.random(in: 0...UInt64.max, using: &generator)
                    & UInt64.random(in: 0...UInt64.max, using: &generator)
            }
            let light = ScreenSignature(words: words)
            let dark = Self.swapped(light)
            #expect(light.likeness(to: dark) == .same)
            #expect(dark.likeness(to: light) == .same)
        }
        // Edges two columns apart in every row: compared in one appearance only, the flipped screen
        // shares none of them.
        let light = ScreenSignature(
            words: [UInt64](repeating: 0x8888_8888_8888_8888, count: 4)
                + [
                    UInt64
                ](repeating: 0x2222_2222_2222_2222, count: 4))
        #expect(Self.reference(light, Self.swapped(light)) == .different)
        #expect(light.likeness(to: Self.swapped(light)) == .same)
    }
}
