import Foundation

/// What a report's screenshot shows of one screen, to tell whether two reports audited the same screen
/// when they name their screens alike (real reports call every screen "0", "1" or "Screen1", and every
/// group by the app's name). The screenshot below the status bar, reduced to 16 rows of 17 cells; for
/// each pair of neighbouring cells, whether the left one is clearly brighter, and whether it is clearly
/// darker (two sets of 256 bits). Two screens with one layout still differ in where their edges are,
/// while one screen audited again (recompressed, its clock changed, shifted a few points) keeps nearly
/// all of them. Compared by the share of edges the two do not share, so a sparse screen (a few labels
/// on a plain background) is not taken for every other sparse screen; and compared a second time
/// with one side's brighter and darker edges swapped, since the same screen in the other appearance
/// (dark or light) has its edges where they were, with the other polarity.
public struct ScreenSignature: Sendable, Hashable, Codable {
    /// The 512 bits: 256 "brighter" bits row by row, then 256 "darker" bits.
    public let words: [UInt64]

    /// The share of the screenshot's height left out at the top: the status bar, with the clock and
    /// the battery, which change between audits of one screen.
    static let statusBarShare = 0.07
    /// How much brighter (0–255 scale) a cell must be than its neighbour to count as an edge: above
    /// JPEG noise.
    static let edgeThreshold = 6

    /// A signature from its words.
    public init(words: [UInt64]) {
        self.words = words
    }

    /// The signature of `screenshot`, or nil when it is not a usable JPEG. Decoded at a small size
    /// (libjpeg's DCT scaling), so it costs a fraction of a full decode.
    public init?(_ screenshot: ReportImage) {
        guard let read = Self.read(screenshot) else { return nil }
        self = read.signature
    }

    /// The signature of `screenshot` and whether it shows the dark appearance (the median of its cells
    /// below the status bar is darker than mid-grey: a dark background), from one small decode; nil
    /// when it is not a usable JPEG.
    public static func read(_ screenshot: ReportImage) -> (signature: ScreenSignature, dark: Bool)? {
        guard screenshot.isUsable,
            let raster = try? JPEGCodec.decode(screenshot.data, minimumWidth: 68, minimumHeight: 128),
            raster.width >= 17, raster.height >= 32
        else { return nil }
        let top = Int((Double(raster.height) * Self.statusBarShare).rounded(.up))
        let small = raster.cropped(to: PixelRect(x: 0, y: top, width: raster.width, height: raster.height - top))
            .resampled(width: 17, height: 16)
        var words = [UInt64](repeating: 0, count: 8)
        var greys: [Int] = []
        greys.reserveCapacity(16 * 17)
        for y in 0..<16 {
            for x in 0..<17 {
                let offset = (y * 17 + x) * 4
                greys.append(
                    (Int(small.pixels[offset]) * 299 + Int(small.pixels[offset + 1]) * 587
                        + Int(small.pixels[offset + 2]) * 114) / 1000)
            }
        }
        for y in 0..<16 {
            for x in 0..<16 {
                let bit = y * 16 + x
                let difference = greys[y * 17 + x] - greys[y * 17 + x + 1]
                if difference > Self.edgeThreshold { words[bit / 64] |= 1 << UInt64(63 - bit % 64) }
                if difference < -Self.edgeThreshold { words[4 + bit / 64] |= 1 << UInt64(63 - bit % 64) }
            }
        }
        greys.sort()
        return (ScreenSignature(words: words), greys[greys.count / 2] < 128)
    }

    /// The signature as 128 lowercase hex digits, as the history keeps it.
    public var hex: String { words.map(ImageHash.hex).joined() }

    /// The signature of 128 hex digits, or nil when `text` is not that.
    public init?(hex text: String) {
        if let words = Self.hexDigitWords(text) {
            self.init(words: words)
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.count == 128 else { return nil }
        var words: [UInt64] = []
        for start in stride(from: 0, to: 128, by: 16) {
            guard let word = ImageHash.parse(String(decoding: bytes[start..<start + 16], as: UTF8.self)) else {
                return nil
            }
            words.append(word)
        }
        self.init(words: words)
    }

    /// The eight words of 128 hex digits and nothing else, read byte by byte (every screen of every
    /// audit of a history is read); nil for any other text, which `init(hex:)` then reads as before.
    static func hexDigitWords(_ text: String) -> [UInt64]? {
        guard text.utf8.count == 128 else { return nil }
        var words = [UInt64](repeating: 0, count: 8)
        var index = 0
        for byte in text.utf8 {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: return nil
            }
            words[index / 16] = words[index / 16] << 4 | UInt64(digit)
            index += 1
        }
        return words
    }

    /// How two screenshots compare.
    public enum Likeness: Sendable, Hashable, Codable {
        /// The same screen: at most a third of their edges differ.
        case same
        /// Different screens: most of their edges differ.
        case different
        /// Neither: too few edges to tell, or in between.
        case unclear
    }

    /// Whether `other` shows the same screen, in the same appearance or the other one (dark or light:
    /// the same edges, their polarity swapped): the better of the two comparisons (`sameAppearance`).
    public func likeness(to other: ScreenSignature) -> Likeness {
        guard words.count == 8, other.words.count == 8 else { return .unclear }
        let direct = likeness(sameAppearance: other)
        if direct == .same { return .same }
        let swapped = likeness(sameAppearance: ScreenSignature(words: Array(other.words[4..<8] + other.words[0..<4])))
        if swapped == .same { return .same }
        return direct == .different && swapped == .different ? .different : .unclear
    }

    /// Whether `other` shows the same screen in the same appearance: by the share of the edges of
    /// either that the other lacks within one cell to the left or right (a translated label is wider or
    /// narrower), with the two screenshots slid up or down by up to six rows (a scrolled audit), the
    /// best overlap of at least eight rows counting.
    func likeness(sameAppearance other: ScreenSignature) -> Likeness {
        var best: (unmatched: Int, total: Int)?
        for offset in -6...6 {
            var unmatched = 0
            var total = 0
            let mask = Self.rowMasks[offset + 6]
            for polarity in 0..<2 {
                // Row r of this signature against row r - offset of the other: the other's 256 bits (16 rows
                // of 16, row 0 first) moved by `offset` rows, this one's kept to the rows that overlap.
                let moved = Self.shifted(other.words, polarity * 4, rows: offset)
                for word in 0..<4 {
                    let a = words[polarity * 4 + word] & mask[word]
                    let b = moved[word]
                    unmatched += (a & ~Self.near(b)).nonzeroBitCount + (b & ~Self.near(a)).nonzeroBitCount
                    total += a.nonzeroBitCount + b.nonzeroBitCount
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

    /// Each row's bits with their left and right neighbours set, four rows of 16 bits to a word: a bit
    /// never spreads into the next row.
    @inline(__always)
    private static func near(_ bits: UInt64) -> UInt64 {
        bits | (bits << 1) & 0xFFFE_FFFE_FFFE_FFFE | (bits >> 1) & 0x7FFF_7FFF_7FFF_7FFF
    }

    /// The 16 rows of one polarity (`words[start..<start + 4]`, row 0 in the top bits of the first
    /// word) moved down by `rows` rows (up when negative); rows moved in are empty.
    @inline(__always)
    private static func shifted(_ words: [UInt64], _ start: Int, rows: Int) -> SIMD4<UInt64> {
        let bits = abs(rows) * 16
        let whole = bits / 64
        let part = UInt64(bits % 64)
        func word(_ index: Int) -> UInt64 { index >= 0 && index < 4 ? words[start + index] : 0 }
        func at(_ index: Int) -> UInt64 {
            if rows >= 0 {
                // Towards the low bits: word i takes from words i - whole and i - whole - 1.
                let high = word(index - whole)
                let low = part == 0 ? 0 : word(index - whole - 1) << (64 - part)
                return high >> part | low
            } else {
                let low = word(index + whole)
                let high = part == 0 ? 0 : word(index + whole + 1) >> (64 - part)
                return low << part | high
            }
        }
        return SIMD4(at(0), at(1), at(2), at(3))
    }

    /// Per offset (-6...6): the rows of this signature that overlap the other's moved rows.
    private static let rowMasks: [[UInt64]] = (-6...6).map { offset in
        var mask = [UInt64](repeating: 0, count: 4)
        for row in max(0, offset)..<min(16, 16 + offset) {
            mask[row / 4] |= UInt64(0xFFFF) << UInt64(48 - (row % 4) * 16)
        }
        return mask
    }
}
