import Foundation

/// What a report's screenshot shows of one screen, to tell whether two reports audited the same screen
/// when they name their screens alike (real reports call every screen "0", "1" or "Screen1", and every
/// group by the app's name). The screenshot below the status bar, reduced to 16 rows of 17 cells; for
/// each pair of neighbouring cells, whether the left one is clearly brighter, and whether it is clearly
/// darker (two sets of 256 bits). Two screens with one layout still differ in where their edges are,
/// while one screen audited again (recompressed, its clock changed, shifted a few points) keeps nearly
/// all of them. Compared by the share of edges the two do not share, so a sparse screen (a few labels
/// on a plain background) is not taken for every other sparse screen.
public struct ScreenSignature: Sendable, Hashable {
    /// The 512 bits: 256 "brighter" bits row by row, then 256 "darker" bits.
    public let words: [UInt64]
    /// The same bits as 32 rows of 16 (the 16 "brighter" rows, then the 16 "darker" ones), the form
    /// `likeness(to:)` compares.
    private let rows: [UInt16]

    /// The share of the screenshot's height left out at the top: the status bar, with the clock and
    /// the battery, which change between audits of one screen.
    static let statusBarShare = 0.07
    /// How much brighter (0–255 scale) a cell must be than its neighbour to count as an edge: above
    /// JPEG noise.
    static let edgeThreshold = 6

    /// A signature from its words.
    public init(words: [UInt64]) {
        self.words = words
        rows = (0..<32).map { index in
            let word = index / 4 < words.count ? words[index / 4] : 0
            return UInt16(truncatingIfNeeded: word >> UInt64(48 - (index % 4) * 16))
        }
    }

    /// Equal when the bits are.
    public static func == (lhs: ScreenSignature, rhs: ScreenSignature) -> Bool { lhs.words == rhs.words }

    /// Hashes the bits.
    public func hash(into hasher: inout Hasher) { hasher.combine(words) }

    /// The signature of `screenshot`, or nil when it is not a usable JPEG. Decoded at a small size
    /// (libjpeg's DCT scaling), so it costs a fraction of a full decode.
    public init?(_ screenshot: ReportImage) {
        guard screenshot.isUsable,
            let raster = try? JPEGCodec.decode(screenshot.data, minimumWidth: 68, minimumHeight: 128),
            raster.width >= 17, raster.height >= 32
        else { return nil }
        let top = Int((Double(raster.height) * Self.statusBarShare).rounded(.up))
        let small = raster.cropped(to: PixelRect(x: 0, y: top, width: raster.width, height: raster.height - top))
            .resampled(width: 17, height: 16)
        var words = [UInt64](repeating: 0, count: 8)
        for y in 0..<16 {
            for x in 0..<16 {
                func grey(_ x: Int) -> Int {
                    let offset = (y * 17 + x) * 4
                    return
                        (Int(small.pixels[offset]) * 299 + Int(small.pixels[offset + 1]) * 587
                        + Int(small.pixels[offset + 2]) * 114) / 1000
                }
                let bit = y * 16 + x
                let difference = grey(x) - grey(x + 1)
                if difference > Self.edgeThreshold { words[bit / 64] |= 1 << UInt64(63 - bit % 64) }
                if difference < -Self.edgeThreshold { words[4 + bit / 64] |= 1 << UInt64(63 - bit % 64) }
            }
        }
        self.init(words: words)
    }

    /// The signature as 128 lowercase hex digits, as the history keeps it.
    public var hex: String { words.map(ImageHash.hex).joined() }

    /// The signature of 128 hex digits, or nil when `text` is not that.
    public init?(hex text: String) {
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

    /// How two screenshots compare.
    public enum Likeness: Sendable, Hashable {
        /// The same screen: at most a third of their edges differ.
        case same
        /// Different screens: most of their edges differ.
        case different
        /// Neither: too few edges to tell, or in between.
        case unclear
    }

    /// Whether `other` shows the same screen: by the share of the edges of either that the other lacks
    /// within one cell to the left or right (a translated label is wider or narrower), with the two
    /// screenshots slid up or down by up to six rows (a scrolled audit), the best overlap of at least
    /// eight rows counting.
    public func likeness(to other: ScreenSignature) -> Likeness {
        rows.withUnsafeBufferPointer { a in
            other.rows.withUnsafeBufferPointer { b in Self.likeness(a, b) }
        }
    }

    private static func likeness(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>) -> Likeness {
        @inline(__always) func near(_ bits: UInt16) -> UInt16 { bits | bits << 1 | bits >> 1 }
        var best: (unmatched: Int, total: Int)?
        for offset in -6...6 {
            var unmatched = 0
            var total = 0
            for row in max(0, offset)..<min(16, 16 + offset) {
                for polarity in 0..<2 {
                    let x = a[polarity * 16 + row]
                    let y = b[polarity * 16 + row - offset]
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
}
