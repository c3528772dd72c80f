import AuditKit
import CAuditImaging
import Foundation

/// An 8-bit RGB picture the fixture builder draws app-like screens into (bars, rows, blocks of
/// "text") and encodes to real JPEGs with the project's encoder (`CAuditImaging_jpeg_encode`).
public struct FixtureCanvas: Sendable {
    /// An RGB colour.
    public struct Color: Sendable, Hashable {
        /// Red, green, blue.
        public var r: UInt8, g: UInt8, b: UInt8

        /// Creates a colour.
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            self.r = r
            self.g = g
            self.b = b
        }

        /// White.
        public static let white = Color(255, 255, 255)
        /// The grouped background grey.
        public static let background = Color(242, 242, 247)
        /// Separator lines.
        public static let separator = Color(216, 216, 220)
        /// Primary text.
        public static let label = Color(28, 28, 30)
        /// Secondary text.
        public static let secondary = Color(142, 142, 147)
        /// System blue.
        public static let blue = Color(10, 132, 255)
        /// System green.
        public static let green = Color(52, 199, 89)
        /// System orange.
        public static let orange = Color(255, 149, 0)
        /// System red.
        public static let red = Color(255, 59, 48)
        /// System purple.
        public static let purple = Color(175, 82, 222)
        /// System teal.
        public static let teal = Color(48, 176, 199)
        /// System indigo.
        public static let indigo = Color(88, 86, 214)
        /// System pink.
        public static let pink = Color(255, 45, 85)
        /// System yellow.
        public static let yellow = Color(255, 204, 0)
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major RGB bytes.
    public var pixels: [UInt8]

    /// A canvas filled with `color`.
    public init(width: Int, height: Int, color: Color = .white) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
        fill(x: 0, y: 0, width: self.width, height: self.height, color: color)
    }

    /// Fills a rectangle (clipped to the canvas).
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: Color) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for row in y0..<y1 {
                var k = (row * width + x0) * 3
                for _ in x0..<x1 {
                    p[k] = color.r
                    p[k + 1] = color.g
                    p[k + 2] = color.b
                    k += 3
                }
            }
        }
    }

    /// Fills a rounded rectangle with corner radius `radius`.
    public mutating func fillRounded(x: Int, y: Int, width w: Int, height h: Int, radius: Int, color: Color) {
        let r = max(0, min(radius, min(w, h) / 2))
        for row in 0..<h {
            var inset = 0
            if row < r || row >= h - r {
                let dy = Double(row < r ? r - row : row - (h - r - 1))
                inset = r - Int((Double(r * r) - dy * dy).squareRoot().rounded(.down))
            }
            fill(x: x + inset, y: y + row, width: w - 2 * inset, height: 1, color: color)
        }
    }

    /// Draws a line of "text": word-sized rounded bars `height` tall covering about `width` pixels.
    public mutating func text(x: Int, y: Int, width w: Int, height h: Int, color: Color, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var cursor = x
        while cursor < x + w {
            let word = min(Int.random(in: h...(h * 4), using: &rng), x + w - cursor)
            if word < 2 { break }
            fillRounded(x: cursor, y: y, width: word, height: h, radius: h / 3, color: color)
            cursor += word + max(2, h / 2)
        }
    }

    /// A copy of the part of the canvas inside the rect (clipped; at least 1×1).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> FixtureCanvas {
        let x0 = max(0, min(x, width - 1)), y0 = max(0, min(y, height - 1))
        let cw = max(1, min(w, width - x0)), ch = max(1, min(h, height - y0))
        var out = FixtureCanvas(width: cw, height: ch)
        pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<ch {
                    let from = ((y0 + row) * width + x0) * 3
                    let to = row * cw * 3
                    for k in 0..<(cw * 3) { target[to + k] = source[from + k] }
                }
            }
        }
        return out
    }

    /// The canvas as a baseline JPEG at `quality` (0...100), from the project's libjpeg shim.
    public func jpeg(quality: Int = 75) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = pixels.withUnsafeBufferPointer { p in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(CAuditImaging_message_capacity)) { message in
                CAuditImaging_jpeg_encode(
                    p.baseAddress, UInt32(width), UInt32(height), 3, Int32(quality), &output,
                    &length, message.baseAddress)
            }
        }
        precondition(status == 0, "the JPEG encoder failed (status \(status))")
        return Data(bytesNoCopy: output!, count: length, deallocator: .free)
    }
}
