import CAuditImaging
import Foundation

/// How a PNG is compressed: zlib level and libpng row filters.
public struct PNGSettings: Sendable, Hashable {
    /// Row filter choices (libpng's filter mask bits).
    public struct Filters: OptionSet, Sendable, Hashable {
        /// The raw mask bits.
        public let rawValue: Int32
        /// Creates a filter set from libpng mask bits.
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// No filtering.
        public static let none = Filters(rawValue: Int32(CAuditImaging_png_filter_none))
        /// Difference to the left pixel.
        public static let sub = Filters(rawValue: Int32(CAuditImaging_png_filter_sub))
        /// Difference to the pixel above.
        public static let up = Filters(rawValue: Int32(CAuditImaging_png_filter_up))
        /// Difference to the average of left and above.
        public static let average = Filters(rawValue: Int32(CAuditImaging_png_filter_avg))
        /// Paeth predictor.
        public static let paeth = Filters(rawValue: Int32(CAuditImaging_png_filter_paeth))
        /// Every filter, chosen per row by libpng's heuristic.
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
    }

    /// zlib compression level, 0 (store) to 9 (smallest).
    public var compressionLevel: Int
    /// Row filters libpng may choose from.
    public var filters: Filters

    /// Creates settings.
    public init(compressionLevel: Int, filters: Filters) {
        self.compressionLevel = compressionLevel
        self.filters = filters
    }

    /// The settings every AuditKit picture is written with.
    ///
    /// Chosen by measurement (`auditkit-bench imaging`, 2026-11-22, 2 cores): on index sheets
    /// (photographic thumbnails on flat backgrounds) level 6 with all filters spent roughly 4x the
    /// time of level 1 with the `sub` filter for files only about 10-15% smaller; level 0/none
    /// made files 3-4x larger. Level 1 with `sub` keeps the encode well inside the sheet's budget
    /// while the files stay small enough to commit.
    public static let standard = PNGSettings(compressionLevel: 1, filters: .sub)
}

/// PNG encoding and decoding through libpng (the CAuditImaging shim).
public enum PNGCodec {
    /// Encodes `raster` as an 8-bit PNG: RGB when `keepAlpha` is false (alpha dropped), else RGBA.
    /// - Throws: `ImageCodecError` when the raster is empty or libpng fails.
    public static func encode(_ raster: Raster, settings: PNGSettings = .standard,
                              keepAlpha: Bool = false) throws(ImageCodecError) -> Data {
        guard raster.width > 0, raster.height > 0 else {
            throw ImageCodecError(kind: .invalidArgument, message: "cannot encode an empty raster")
        }
        let channels = keepAlpha ? 4 : 3
        var rgb: [UInt8] = []
        if !keepAlpha {
            rgb = [UInt8](repeating: 0, count: raster.width * raster.height * 3)
            raster.pixels.withUnsafeBufferPointer { source in
                rgb.withUnsafeMutableBufferPointer { out in
                    for index in 0..<(raster.width * raster.height) {
                        out[index * 3] = source[index * 4]
                        out[index * 3 + 1] = source[index * 4 + 1]
                        out[index * 3 + 2] = source[index * 4 + 2]
                    }
                }
            }
        }
        var message = makeCodecMessageBuffer()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = (keepAlpha ? raster.pixels : rgb).withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                CAuditImaging_png_encode(pixels.baseAddress, UInt32(raster.width), UInt32(raster.height),
                                         raster.width * channels, Int32(channels), Int32(settings.compressionLevel),
                                         settings.filters.rawValue, &output, &length, messageBuffer.baseAddress)
            }
        }
        guard status == 0, let output else { throw ImageCodecError(status: status, message: message) }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }

    /// Decodes any PNG (all colour types and depths) to an RGBA raster.
    /// - Throws: `ImageCodecError` for empty, non-PNG, corrupt, truncated or too-large data.
    public static func decode(_ data: Data, maxPixels: Int = JPEGCodec.defaultMaxPixels) throws(ImageCodecError) -> Raster {
        var message = makeCodecMessageBuffer()
        var output: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status: Int32 = data.withUnsafeBytes { raw in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                CAuditImaging_png_decode(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count,
                                         UInt64(max(0, maxPixels)), &output, &width, &height, messageBuffer.baseAddress)
            }
        }
        guard status == 0, let output else { throw ImageCodecError(status: status, message: message) }
        defer { free(output) }
        let count = Int(width) * Int(height) * 4
        return Raster(width: Int(width), height: Int(height), pixels: [UInt8](UnsafeBufferPointer(start: output, count: count)))
    }
}
