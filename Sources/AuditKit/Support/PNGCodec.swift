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

    /// The settings every AuditKit picture is written with: zlib level 1 and the `up` filter.
    ///
    /// Chosen by measurement (`auditkit-bench imaging`, 2026-11-22, one 1548x2592 sheet page of a
    /// realistic report, 2 shared cores): level 1 `up` took 45-80 ms for about 610 KB; level 1 `none`
    /// or `sub` were no faster but 14-19% larger (699-727 KB); `paeth` and libpng's adaptive `all`
    /// saved another 3-5% for 1.6-3x the time; level 6 `all` saved 19% for 3-4x the time and level 9
    /// 20% for 8-10x. Encoding is almost all of a sheet's cost, so the cheap level with the filter
    /// that suits rows of flat UI colour wins; the files stay small enough to commit.
    public static let standard = PNGSettings(compressionLevel: 1, filters: .up)
}

/// PNG encoding and decoding through libpng (the CAuditImaging shim).
public enum PNGCodec {
    /// Encodes `raster` as an 8-bit PNG: RGB when `keepAlpha` is false (alpha dropped), else RGBA.
    /// - Throws: `ImageCodecError` when the raster is empty or libpng fails.
    public static func encode(
        _ raster: Raster, settings: PNGSettings = .standard,
        keepAlpha: Bool = false
    ) throws(ImageCodecError) -> Data {
        guard raster.width > 0, raster.height > 0 else {
            throw ImageCodecError(kind: .invalidArgument, message: "cannot encode an empty raster")
        }
        var message = makeCodecMessageBuffer()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = raster.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                CAuditImaging_png_encode(
                    pixels.baseAddress, UInt32(raster.width), UInt32(raster.height),
                    raster.width * 4, 4, keepAlpha ? 0 : 1, Int32(settings.compressionLevel),
                    settings.filters.rawValue, &output, &length, messageBuffer.baseAddress)
            }
        }
        guard status == 0, let output else { throw ImageCodecError(status: status, message: message) }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }

    /// Decodes any PNG (all colour types and depths) to an RGBA raster.
    /// - Throws: `ImageCodecError` for empty, non-PNG, corrupt, truncated or too-large data.
    public static func decode(_ data: Data, maxPixels: Int = JPEGCodec.defaultMaxPixels) throws(ImageCodecError)
        -> Raster
    {
        var message = makeCodecMessageBuffer()
        var output: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status: Int32 = data.withUnsafeBytes { raw in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                CAuditImaging_png_decode(
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count,
                    UInt64(max(0, maxPixels)), &output, &width, &height, messageBuffer.baseAddress)
            }
        }
        guard status == 0, let output else { throw ImageCodecError(status: status, message: message) }
        defer { free(output) }
        let count = Int(width) * Int(height) * 4
        return Raster(
            width: Int(width), height: Int(height), pixels: [UInt8](UnsafeBufferPointer(start: output, count: count)))
    }
}

/// A PNG encoded a band of rows at a time, top to bottom, so a picture never has to be held whole:
/// the index sheet draws a page band by band into one small raster and hands each band here.
final class PNGRowEncoder {
    /// The picture's width in pixels; every band must have it.
    let width: Int
    private var writer: OpaquePointer?

    /// Starts a `width` x `height` RGB PNG (the bands' alpha is dropped) with `settings`;
    /// `expectedLength` sizes the output buffer up front (0: unknown).
    /// - Throws: `ImageCodecError` for an empty size or when libpng cannot start.
    init(width: Int, height: Int, settings: PNGSettings, expectedLength: Int = 0) throws(ImageCodecError) {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw ImageCodecError(kind: .invalidArgument, message: "cannot encode an empty raster")
        }
        self.width = width
        var message = makeCodecMessageBuffer()
        var writer: OpaquePointer?
        let status = message.withUnsafeMutableBufferPointer { buffer in
            CAuditImaging_png_writer_begin(
                UInt32(width), UInt32(height), 4, 1, Int32(settings.compressionLevel), settings.filters.rawValue,
                max(0, expectedLength), &writer, buffer.baseAddress)
        }
        guard status == 0, let writer else { throw ImageCodecError(status: status, message: message) }
        self.writer = writer
    }

    deinit {
        if let writer { CAuditImaging_png_writer_end(writer, nil, nil, nil) }
    }

    /// Compresses every row of `band` (whose width must be the picture's) as the next rows.
    /// - Throws: `ImageCodecError` when the band does not fit or libpng fails; the encoder is then spent.
    func append(_ band: Raster) throws(ImageCodecError) {
        guard let writer, band.width == width else {
            throw ImageCodecError(kind: .invalidArgument, message: "the band does not fit the PNG being written")
        }
        guard band.height > 0 else { return }
        var message = makeCodecMessageBuffer()
        let status = band.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { buffer in
                CAuditImaging_png_writer_rows(
                    writer, pixels.baseAddress, band.width * 4, UInt32(band.height), buffer.baseAddress)
            }
        }
        guard status == 0 else { throw ImageCodecError(status: status, message: message) }
    }

    /// The finished PNG's bytes, once every row was appended.
    /// - Throws: `ImageCodecError` when rows are missing or libpng fails.
    func finish() throws(ImageCodecError) -> Data {
        guard let writer else {
            throw ImageCodecError(kind: .invalidArgument, message: "the PNG was already finished")
        }
        self.writer = nil
        var message = makeCodecMessageBuffer()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = message.withUnsafeMutableBufferPointer { buffer in
            CAuditImaging_png_writer_end(writer, &output, &length, buffer.baseAddress)
        }
        guard status == 0, let output else { throw ImageCodecError(status: status, message: message) }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }
}

/// A `PNGRowEncoder` that compresses on a thread of its own: `append` hands a band over and returns
/// at once (or when two bands already wait), so the caller draws the next band while this one is
/// compressed. For a picture drawn alone, with a core to spare (a one-page index sheet). The memory
/// of compressed bands is handed back (`spareBuffer`) so the next bands are drawn in memory already
/// touched: new memory costs a page fault every 4 KiB, which on this project's machine made up a
/// third of a one-page sheet's drawing time (measured 2026-11-25).
final class PNGBandPipeline: @unchecked Sendable {
    private let encoder: PNGRowEncoder
    private let queue = DispatchQueue(label: "AuditKit.PNGBandPipeline")
    /// Bands handed over and not yet compressed, at most two: the pixels held stay bounded.
    private let waiting = DispatchSemaphore(value: 2)
    /// The first error; touched only on `queue`.
    private var failure: ImageCodecError?
    private let lock = NSLock()
    /// Pixel buffers of compressed bands, for the next bands.
    private var spare: [[UInt8]] = []

    /// A pipeline around `encoder`, which it alone uses from now on.
    init(_ encoder: PNGRowEncoder) {
        self.encoder = encoder
    }

    /// The buffer of a band already compressed, or nil when none is free.
    func spareBuffer() -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return spare.popLast()
    }

    /// Queues `band` as the next rows (it is compressed later, in order).
    func append(_ band: Raster) {
        waiting.wait()
        let handed = Handed(band)
        queue.async { [self] in
            defer { waiting.signal() }
            let band = handed.take()
            if failure == nil {
                do throws(ImageCodecError) { try encoder.append(band) } catch { failure = error }
            }
            // Moved, not copied: the buffer must be referenced from `spare` alone, or drawing into it
            // again would copy it.
            let pixels = (consume band).pixels
            lock.lock()
            spare.append(consume pixels)
            lock.unlock()
        }
    }

    /// The finished PNG's bytes, once every queued band is compressed.
    /// - Throws: the first `ImageCodecError` of any band, or finishing's.
    func finish() throws(ImageCodecError) -> Data {
        let result: Result<Data, ImageCodecError> = queue.sync {
            if let failure { return .failure(failure) }
            return Result { () throws(ImageCodecError) -> Data in try encoder.finish() }
        }
        return try result.get()
    }

    /// A band on its way to the queue, taken out there so the queue holds its pixels alone.
    private final class Handed: @unchecked Sendable {
        private var band: Raster?
        init(_ band: Raster) { self.band = band }
        func take() -> Raster {
            defer { band = nil }
            return band!
        }
    }
}
