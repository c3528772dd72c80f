import CAuditImaging
import Foundation

/// JPEG decoding and encoding through libjpeg-turbo (the CAuditImaging shim).
public enum JPEGCodec {
    /// The largest image decoded by default: 64 megapixels, the report reader's limit.
    public static let defaultMaxPixels = 64 * 1024 * 1024

    /// Decodes `data` to an opaque RGBA raster.
    ///
    /// When `minimumWidth`/`minimumHeight` are given, libjpeg's DCT scaling (1/8 to 8/8) picks the
    /// smallest decoded size still at least that large, which is much faster for a big image bound
    /// for a small cell; the caller then resamples to the exact size.
    ///
    /// The decoded pixels are moved into the raster from the end, the decoder's buffer shrinking as
    /// the raster fills, so a big image is never held twice.
    /// - Parameters:
    ///   - data: the JPEG bytes.
    ///   - minimumWidth: the smallest width wanted (0: full size).
    ///   - minimumHeight: the smallest height wanted (0: full size).
    ///   - maxPixels: the largest image decoded; a bigger one is an error.
    ///   - extraRows: rows of white to add below the picture, given the decoded width (the overlay's
    ///     legend strip), so the picture needs no second raster to be drawn on.
    /// - Throws: `ImageCodecError` for empty, non-JPEG, corrupt, truncated or too-large data; a
    ///   progressive JPEG of more than 100 scans (real ones have fewer than 20) is `.corrupt`, so a
    ///   file repeating its scans cannot keep a decode busy for seconds.
    public static func decode(
        _ data: Data, minimumWidth: Int = 0, minimumHeight: Int = 0,
        maxPixels: Int = defaultMaxPixels, extraRows: (_ width: Int) -> Int = { _ in 0 }
    ) throws(ImageCodecError) -> Raster {
        var message = makeCodecMessageBuffer()
        // The pixels are decoded straight into the raster's memory: no second buffer to fill with
        // page faults and copy from (for the 2,000-issue audit, 250 MB of thumbnails and screenshots).
        let decoded: Result<Raster, ImageCodecError> = data.withUnsafeBytes { raw in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                var reader: OpaquePointer?
                var width: UInt32 = 0, height: UInt32 = 0
                let status = CAuditImaging_jpeg_reader_begin(
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count,
                    UInt32(clamping: max(0, minimumWidth)), UInt32(clamping: max(0, minimumHeight)),
                    UInt64(max(0, maxPixels)), &reader, &width, &height, messageBuffer.baseAddress)
                guard status == 0, let reader else {
                    return .failure(ImageCodecError(status: status, message: Array(messageBuffer)))
                }
                defer { CAuditImaging_jpeg_reader_end(reader) }
                let stride = Int(width) * 4
                let count = stride * Int(height)
                let rows = max(0, extraRows(Int(width)))
                let extra = rows * stride
                var readStatus: Int32 = 0
                let pixels = [UInt8](unsafeUninitializedCapacity: count + extra) { buffer, initialized in
                    let base = buffer.baseAddress!
                    readStatus = CAuditImaging_jpeg_reader_read(reader, base, stride, messageBuffer.baseAddress)
                    guard readStatus == 0 else {
                        initialized = 0
                        return
                    }
                    (base + count).initialize(repeating: 255, count: extra)
                    initialized = count + extra
                }
                guard readStatus == 0 else {
                    return .failure(ImageCodecError(status: readStatus, message: Array(messageBuffer)))
                }
                return .success(Raster(width: Int(width), height: Int(height) + rows, pixels: pixels))
            }
        }
        return try decoded.get()
    }

    /// Encodes `raster` (alpha ignored) as a baseline JPEG of `quality` 1-100.
    /// - Throws: `ImageCodecError` when the raster is empty or libjpeg fails.
    public static func encode(_ raster: Raster, quality: Int = 85) throws(ImageCodecError) -> Data {
        guard raster.width > 0, raster.height > 0 else {
            throw ImageCodecError(kind: .invalidArgument, message: "cannot encode an empty raster")
        }
        var rgb = [UInt8](repeating: 0, count: raster.width * raster.height * 3)
        raster.pixels.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { out in
                for index in 0..<(raster.width * raster.height) {
                    out[index * 3] = source[index * 4]
                    out[index * 3 + 1] = source[index * 4 + 1]
                    out[index * 3 + 2] = source[index * 4 + 2]
                }
            }
        }
        var message = makeCodecMessageBuffer()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = rgb.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                CAuditImaging_jpeg_encode(
                    pixels.baseAddress, UInt32(raster.width), UInt32(raster.height), 3,
                    Int32(max(1, min(100, quality))), &output, &length, messageBuffer.baseAddress)
            }
        }
        guard status == 0, let output else { throw ImageCodecError(status: status, message: message) }
        // The shim's malloc'd buffer is handed to Data, which frees it.
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }
}
