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
    /// - Throws: `ImageCodecError` for empty, non-JPEG, corrupt, truncated or too-large data; a
    ///   progressive JPEG of more than 100 scans (real ones have fewer than 20) is `.corrupt`, so a
    ///   file repeating its scans cannot keep a decode busy for seconds.
    public static func decode(
        _ data: Data, minimumWidth: Int = 0, minimumHeight: Int = 0,
        maxPixels: Int = defaultMaxPixels
    ) throws(ImageCodecError) -> Raster {
        var message = makeCodecMessageBuffer()
        var output: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status: Int32 = data.withUnsafeBytes { raw in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                CAuditImaging_jpeg_decode(
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count,
                    UInt32(clamping: max(0, minimumWidth)), UInt32(clamping: max(0, minimumHeight)),
                    UInt64(max(0, maxPixels)), &output, &width, &height, nil, nil, messageBuffer.baseAddress)
            }
        }
        guard status == 0, let output else { throw ImageCodecError(status: status, message: message) }
        defer { free(output) }
        let count = Int(width) * Int(height) * 4
        return Raster(
            width: Int(width), height: Int(height), pixels: [UInt8](UnsafeBufferPointer(start: output, count: count)))
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
