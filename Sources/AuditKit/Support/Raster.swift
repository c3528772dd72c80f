/// An 8-bit RGBA colour (not premultiplied).
public struct RGBAColor: Sendable, Hashable {
    /// Red.
    public var red: UInt8
    /// Green.
    public var green: UInt8
    /// Blue.
    public var blue: UInt8
    /// Opacity: 255 opaque.
    public var alpha: UInt8

    /// Creates a colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates an opaque colour from `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: UInt8) -> RGBAColor { RGBAColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// Opaque white.
    public static let white = RGBAColor(rgb: 0xFFFFFF)
    /// Opaque black.
    public static let black = RGBAColor(rgb: 0x000000)
}

/// A rectangle of whole pixels, origin top left. Width and height may be zero (an empty rect).
public struct PixelRect: Sendable, Hashable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a rect.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the right edge.
    public var maxX: Int { x + width }
    /// One past the bottom edge.
    public var maxY: Int { y + height }
    /// True when it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels both rects cover (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The rect moved in by `amount` on every side (out for a negative amount).
    public func insetBy(_ amount: Int) -> PixelRect {
        PixelRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}

/// An RGBA8 picture in memory, rows top to bottom, 4 bytes a pixel, no padding: the one canvas every
/// picture AuditKit makes is drawn on. A value type: copies are independent.
///
/// Drawing operations clip to the raster; nothing outside it is touched and nothing traps.
public struct Raster: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, RGBA, row by row.
    public var pixels: [UInt8]

    /// A raster filled with `color`.
    public init(width: Int, height: Int, fill color: RGBAColor = .white) {
        precondition(width >= 0 && height >= 0, "raster size must not be negative")
        self.width = width
        self.height = height
        let count = width * height
        if color.red == color.green, color.green == color.blue, color.blue == color.alpha {
            // White, black, transparent: one memset.
            self.pixels = [UInt8](repeating: color.red, count: count * 4)
            return
        }
        var bytes = [UInt8](repeating: 0, count: count * 4)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count {
                buffer[index * 4] = color.red
                buffer[index * 4 + 1] = color.green
                buffer[index * 4 + 2] = color.blue
                buffer[index * 4 + 3] = color.alpha
            }
        }
        self.pixels = bytes
    }

    /// A raster filled with opaque `color` in the memory of `buffer` when it can hold it (its
    /// contents are overwritten), else in new memory.
    public init(width: Int, height: Int, fill color: RGBAColor, reusing buffer: consuming [UInt8]) {
        precondition(width >= 0 && height >= 0, "raster size must not be negative")
        let count = width * height * 4
        guard color.alpha == 255, buffer.capacity >= count else {
            self.init(width: width, height: height, fill: color)
            return
        }
        var bytes = consume buffer
        if bytes.count > count {
            bytes.removeLast(bytes.count - count)
        } else if bytes.count < count {
            bytes.append(contentsOf: repeatElement(0, count: count - bytes.count))
        }
        // Consumed, so the raster holds the buffer alone and filling it does not copy it.
        self.init(width: width, height: height, pixels: consume bytes)
        fill(bounds, with: color)
    }

    /// A raster over existing RGBA bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the raster size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The whole raster as a rect.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The colour at (`x`, `y`); the point must be inside the raster.
    public func pixel(x: Int, y: Int) -> RGBAColor {
        let offset = (y * width + x) * 4
        return RGBAColor(
            red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }

    /// Paints `rect` (clipped) with `color`, blending it over what is there when it is translucent.
    public mutating func fill(_ rect: PixelRect, with color: RGBAColor) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, color.alpha > 0 else { return }
        let width = self.width
        if color.alpha == 255 {
            // Opaque: every row is one 32-bit pattern fill, which the compiler vectorises.
            let pattern = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(255) << 24
            let littleEndianPattern = UInt32(littleEndian: pattern)
            pixels.withUnsafeMutableBytes { raw in
                let words = raw.bindMemory(to: UInt32.self)
                for y in area.y..<area.maxY {
                    let start = y * width + area.x
                    UnsafeMutableBufferPointer(rebasing: words[start..<(start + area.width)]).update(
                        repeating: littleEndianPattern)
                }
            }
            return
        }
        let alpha = Int(color.alpha)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in area.y..<area.maxY {
                var offset = (y * width + area.x) * 4
                for _ in 0..<area.width {
                    Raster.blendPixel(buffer, offset, color, coverage: alpha)
                    offset += 4
                }
            }
        }
    }

    /// Draws the outline of `rect`, `lineWidth` pixels wide, inside the rect; edges outside the
    /// raster are clipped, the rest is still drawn.
    public mutating func strokeRect(_ rect: PixelRect, with color: RGBAColor, lineWidth: Int = 1) {
        guard !rect.isEmpty, lineWidth > 0 else { return }
        let line = min(lineWidth, (min(rect.width, rect.height) + 1) / 2)
        fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: line), with: color)
        fill(PixelRect(x: rect.x, y: rect.maxY - line, width: rect.width, height: line), with: color)
        fill(PixelRect(x: rect.x, y: rect.y + line, width: line, height: rect.height - 2 * line), with: color)
        fill(PixelRect(x: rect.maxX - line, y: rect.y + line, width: line, height: rect.height - 2 * line), with: color)
    }

    /// Blends `color` through an 8-bit coverage mask (a glyph) whose top-left corner lands at
    /// (`x`, `y`); `pitch` is the mask's bytes per row. Parts outside the raster are clipped.
    public mutating func blend(
        mask: UnsafeBufferPointer<UInt8>, maskWidth: Int, maskHeight: Int, pitch: Int,
        atX x: Int, y: Int, color: RGBAColor
    ) {
        let area = PixelRect(x: x, y: y, width: maskWidth, height: maskHeight).intersection(bounds)
        guard !area.isEmpty, color.alpha > 0 else { return }
        let width = self.width
        let alpha = Int(color.alpha)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in area.y..<area.maxY {
                let maskRow = (row - y) * pitch
                var offset = (row * width + area.x) * 4
                for column in area.x..<area.maxX {
                    let coverage = Int(mask[maskRow + column - x])
                    if coverage > 0 {
                        Raster.blendPixel(buffer, offset, color, coverage: coverage * alpha / 255)
                    }
                    offset += 4
                }
            }
        }
    }

    @inline(__always)
    private static func blendPixel(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, _ offset: Int, _ color: RGBAColor,
        coverage: Int
    ) {
        if coverage >= 255 {
            buffer[offset] = color.red
            buffer[offset + 1] = color.green
            buffer[offset + 2] = color.blue
            buffer[offset + 3] = 255
            return
        }
        let inverse = 255 - coverage
        buffer[offset] = Raster.divideBy255(Int(color.red) * coverage + Int(buffer[offset]) * inverse)
        buffer[offset + 1] = Raster.divideBy255(Int(color.green) * coverage + Int(buffer[offset + 1]) * inverse)
        buffer[offset + 2] = Raster.divideBy255(Int(color.blue) * coverage + Int(buffer[offset + 2]) * inverse)
        buffer[offset + 3] = UInt8(
            Int(buffer[offset + 3]) + Int(Raster.divideBy255(coverage * (255 - Int(buffer[offset + 3])))))
    }

    /// Composites premultiplied RGBA pixels (`width * height * 4` bytes, a colour glyph) over this
    /// raster with their top-left corner at (`x`, `y`), clipped: each pixel becomes
    /// `source + destination * (1 - source alpha)`.
    /// - Parameters:
    ///   - source: the pixels, RGBA with each colour already multiplied by its alpha.
    ///   - sourceWidth: their width in pixels.
    ///   - height: their height in pixels.
    ///   - x: where their left edge lands.
    ///   - y: where their top edge lands.
    public mutating func composite(
        premultiplied source: [UInt8], width sourceWidth: Int, height: Int, atX x: Int, y: Int
    ) {
        precondition(source.count == sourceWidth * height * 4, "pixel buffer does not match its size")
        let area = PixelRect(x: x, y: y, width: sourceWidth, height: height).intersection(bounds)
        guard !area.isEmpty else { return }
        let width = self.width
        source.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { buffer in
                for row in area.y..<area.maxY {
                    var from = ((row - y) * sourceWidth + (area.x - x)) * 4
                    var offset = (row * width + area.x) * 4
                    for _ in area.x..<area.maxX {
                        let alpha = Int(source[from + 3])
                        if alpha > 0 {
                            let inverse = 255 - alpha
                            for channel in 0..<4 {
                                let blended =
                                    Int(source[from + channel])
                                    + Int(Raster.divideBy255(Int(buffer[offset + channel]) * inverse))
                                buffer[offset + channel] = UInt8(min(255, blended))
                            }
                        }
                        from += 4
                        offset += 4
                    }
                }
            }
        }
    }

    /// `value / 255` rounded, for 0...65025, without a division.
    @inline(__always)
    private static func divideBy255(_ value: Int) -> UInt8 {
        let biased = value + 128
        return UInt8(truncatingIfNeeded: (biased + (biased >> 8)) >> 8)
    }

    /// Copies `source`, resampled to `rect`'s size, into `rect` (clipped to this raster).
    ///
    /// Shrinking averages every source pixel the destination pixel covers, weighted by the
    /// covered area (a box filter; no nearest-neighbour sampling, so text and edges stay legible);
    /// enlarging interpolates linearly.
    public mutating func draw(_ source: Raster, in rect: PixelRect) {
        guard !rect.isEmpty, source.width > 0, source.height > 0 else { return }
        let scaled =
            (source.width == rect.width && source.height == rect.height)
            ? source : source.resampled(width: rect.width, height: rect.height)
        copy(scaled, to: rect.x, rect.y)
    }

    /// Copies `source` unscaled with its top-left corner at (`x`, `y`), clipped; pixels replace
    /// what is there.
    public mutating func copy(_ source: Raster, to x: Int, _ y: Int) {
        let area = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        guard !area.isEmpty else { return }
        let width = self.width
        pixels.withUnsafeMutableBytes { destination in
            source.pixels.withUnsafeBytes { sourceBytes in
                for row in area.y..<area.maxY {
                    let from = ((row - y) * source.width + (area.x - x)) * 4
                    let to = (row * width + area.x) * 4
                    (destination.baseAddress! + to).copyMemory(
                        from: sourceBytes.baseAddress! + from, byteCount: area.width * 4)
                }
            }
        }
    }

    /// The pixels inside `rect` (clipped) as a new raster.
    public func cropped(to rect: PixelRect) -> Raster {
        let area = rect.intersection(bounds)
        var result = Raster(width: area.width, height: area.height)
        result.copy(self, to: -area.x, -area.y)
        return result
    }

    /// This picture resampled to `width` x `height`: area averaging when shrinking, linear
    /// interpolation when enlarging, done separably (rows, then columns).
    public func resampled(width newWidth: Int, height newHeight: Int) -> Raster {
        guard newWidth > 0, newHeight > 0, width > 0, height > 0 else {
            return Raster(width: max(0, newWidth), height: max(0, newHeight))
        }
        if newWidth == width && newHeight == height { return self }
        let columns = Raster.weights(from: width, to: newWidth)
        let rows = Raster.weights(from: height, to: newHeight)
        // Fixed point: weights are 12-bit fractions summing to 4096. The horizontal pass keeps 8
        // fractional bits (at most 255 << 8), so the vertical sums stay within Int32. A pixel is one
        // SIMD4<Int32> (r, g, b, a), so both passes run four channels per instruction.
        let sourceWidth = width
        let middleCount = newWidth * height
        let middle = [SIMD4<Int32>](unsafeUninitializedCapacity: middleCount) { out, initialized in
            pixels.withUnsafeBytes { source in
                columns.first.withUnsafeBufferPointer { firsts in
                    columns.count.withUnsafeBufferPointer { counts in
                        columns.weights.withUnsafeBufferPointer { weights in
                            for y in 0..<height {
                                let sourceRow = y * sourceWidth * 4
                                let outRow = y * newWidth
                                for x in 0..<newWidth {
                                    var sum = SIMD4<Int32>(repeating: 8)
                                    var offset = sourceRow + firsts[x] * 4
                                    let base = x * columns.stride
                                    for tap in 0..<counts[x] {
                                        let pixel = source.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self)
                                        sum &+= SIMD4<Int32>(truncatingIfNeeded: pixel) &* weights[base + tap]
                                        offset += 4
                                    }
                                    out[outRow + x] = sum &>> 4
                                }
                            }
                        }
                    }
                }
            }
            initialized = middleCount
        }
        var accumulator = [SIMD4<Int32>](repeating: .zero, count: newWidth)
        let resultCount = newWidth * newHeight * 4
        let result = [UInt8](unsafeUninitializedCapacity: resultCount) { out, initialized in
            let outRaw = UnsafeMutableRawPointer(out.baseAddress!)
            middle.withUnsafeBufferPointer { source in
                accumulator.withUnsafeMutableBufferPointer { sum in
                    rows.weights.withUnsafeBufferPointer { weights in
                        for y in 0..<newHeight {
                            for x in 0..<newWidth { sum[x] = SIMD4<Int32>(repeating: 1 << 19) }
                            let base = y * rows.stride
                            for tap in 0..<rows.count[y] {
                                let weight = weights[base + tap]
                                let sourceRow = (rows.first[y] + tap) * newWidth
                                for x in 0..<newWidth { sum[x] &+= source[sourceRow + x] &* weight }
                            }
                            let outRow = y * newWidth * 4
                            for x in 0..<newWidth {
                                let value = (sum[x] &>> 20).clamped(
                                    lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                                outRaw.storeBytes(
                                    of: SIMD4<UInt8>(truncatingIfNeeded: value), toByteOffset: outRow + x * 4,
                                    as: SIMD4<UInt8>.self)
                            }
                        }
                    }
                }
            }
            initialized = resultCount
        }
        return Raster(width: newWidth, height: newHeight, pixels: result)
    }

    /// For each destination pixel along one axis: the first source pixel, how many follow, and
    /// their weights in 1/4096 (flat, `stride` apart; each pixel's weights sum to 4096).
    private struct AxisWeights {
        var first: [Int]
        var count: [Int]
        var weights: [Int32]
        var stride: Int
    }

    private static func weights(from sourceLength: Int, to destinationLength: Int) -> AxisWeights {
        let taps = tapLists(from: sourceLength, to: destinationLength)
        var stride = 1
        for tap in taps { stride = max(stride, tap.weights.count) }
        var flat = [Int32](repeating: 0, count: stride * destinationLength)
        var firsts = [Int](repeating: 0, count: destinationLength)
        var counts = [Int](repeating: 0, count: destinationLength)
        for (index, tap) in taps.enumerated() {
            firsts[index] = tap.first
            counts[index] = tap.weights.count
            var total: Int32 = 0
            var largest = 0
            for (offset, weight) in tap.weights.enumerated() {
                let fixed = Int32((weight * 4096).rounded())
                flat[index * stride + offset] = fixed
                total += fixed
                if fixed > flat[index * stride + largest] { largest = offset }
            }
            // Rounding must not brighten or darken: the weights sum to exactly 4096.
            flat[index * stride + largest] += 4096 - total
        }
        return AxisWeights(first: firsts, count: counts, weights: flat, stride: stride)
    }

    /// The source pixels and weights that make one destination pixel along one axis.
    private struct Taps {
        var first: Int
        var weights: [Float]
    }

    private static func tapLists(from sourceLength: Int, to destinationLength: Int) -> [Taps] {
        let scale = Double(sourceLength) / Double(destinationLength)
        var result: [Taps] = []
        result.reserveCapacity(destinationLength)
        for index in 0..<destinationLength {
            if scale >= 1 {
                // Box filter: each destination pixel covers [start, end) of the source.
                let start = Double(index) * scale, end = min(Double(sourceLength), Double(index + 1) * scale)
                let first = Int(start), last = min(sourceLength - 1, Int((end - 1e-9).rounded(.down)))
                var weights: [Float] = []
                for source in first...max(first, last) {
                    let overlap = min(end, Double(source + 1)) - max(start, Double(source))
                    weights.append(Float(max(0, overlap) / (end - start)))
                }
                result.append(Taps(first: first, weights: weights))
            } else {
                // Linear interpolation between the two nearest source pixel centres.
                let centre = (Double(index) + 0.5) * scale - 0.5
                let lower = max(0, min(sourceLength - 1, Int(centre.rounded(.down))))
                let upper = min(sourceLength - 1, lower + 1)
                let fraction = Float(max(0, min(1, centre - Double(lower))))
                if upper == lower {
                    result.append(Taps(first: lower, weights: [1]))
                } else {
                    result.append(Taps(first: lower, weights: [1 - fraction, fraction]))
                }
            }
        }
        return result
    }
}
