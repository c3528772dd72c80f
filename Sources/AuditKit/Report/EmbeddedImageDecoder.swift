import CAuditImaging
import Foundation

/// Turns an image's `_axKeyImageData` string, still escaped inside the file's bytes, into a
/// `ReportImage`: base64 is decoded straight from the file (skipping `\/` escapes on the fly, no
/// intermediate string), and the JPEG's size comes from its header through libjpeg. Pixels are never
/// decoded.
public enum EmbeddedImageDecoder {
    /// Limits that keep a hostile image from hurting whoever renders it later.
    public struct Limits: Sendable, Hashable {
        /// Largest width or height accepted, in pixels.
        public var maxSide: Int
        /// Largest width × height accepted.
        public var maxPixels: Int

        /// 16384 px a side and 64 megapixels.
        public static let standard = Limits(maxSide: 16_384, maxPixels: 64 * 1024 * 1024)

        /// Creates limits.
        public init(maxSide: Int, maxPixels: Int) {
            self.maxSide = maxSide
            self.maxPixels = maxPixels
        }
    }

    /// Decodes the content of a JSON string (between its quotes, escapes still in place) holding a
    /// `data:image/jpeg;base64,...` URI or bare base64, and checks the JPEG.
    /// - Parameters:
    ///   - declaredWidth: the width the report declares for the image, if any.
    ///   - declaredHeight: the height the report declares for the image, if any.
    ///   - limits: the size limits the image must keep to.
    ///   - content: the string's raw bytes in the file.
    ///   - escaped: whether the string has backslash escapes (from the scanner).
    public static func decode(
        content: UnsafeRawBufferPointer, escaped: Bool, declaredWidth: Double?,
        declaredHeight: Double?, limits: Limits = .standard
    ) -> ReportImage {
        decode(
            content: content, escaped: escaped, declaredWidth: declaredWidth, declaredHeight: declaredHeight,
            limits: limits, into: nil)
    }

    /// `decode(content:escaped:declaredWidth:declaredHeight:limits:)`, with the bytes decoded into
    /// `slot` of a report's `ImageArena` when it is large enough.
    static func decode(
        content: UnsafeRawBufferPointer, escaped: Bool, declaredWidth: Double?,
        declaredHeight: Double?, limits: Limits, into slot: ImageArena.Slot?
    ) -> ReportImage {
        var image = ReportImage(data: Data(), declaredWidth: declaredWidth, declaredHeight: declaredHeight)
        var payload = content
        if let length = jpegPrefixLength(content) {
            payload = UnsafeRawBufferPointer(rebasing: content[length...])
        } else if startsWithDataScheme(content) {
            guard let comma = content.firstIndex(of: UInt8(ascii: ",")) else {
                image.problem = .unsupportedDataURI(shortened(content, escaped: escaped))
                return image
            }
            let header = UnsafeRawBufferPointer(rebasing: content[..<comma])
            let mediaType =
                (escaped
                ? String(decoding: JSONString.unescape(header), as: UTF8.self)
                : String(decoding: header, as: UTF8.self)).lowercased()
            let parts = mediaType.dropFirst(5).split(separator: ";", omittingEmptySubsequences: false)
            let mime = parts.first.map(String.init) ?? ""
            guard parts.dropFirst().contains("base64"),
                mime.isEmpty || mime == "image/jpeg" || mime == "image/jpg" || mime == "image/pjpeg"
            else {
                image.problem = .unsupportedDataURI(String(mediaType.prefix(40)))
                return image
            }
            payload = UnsafeRawBufferPointer(rebasing: content[(comma + 1)...])
        }
        guard let data = decodeBase64(payload, into: slot) else {
            image.problem = .invalidBase64
            return image
        }
        image.data = data
        check(&image, limits: limits)
        return image
    }

    /// Checks decoded bytes as a JPEG (header only) and records its size or its problem.
    public static func check(_ image: inout ReportImage, limits: Limits = .standard) {
        let data = image.data
        guard !data.isEmpty else {
            image.problem = .emptyImage
            return
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        var components: Int32 = 0
        var status: Int32 = 0
        var message = ""
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
                status = Int32(CAuditImaging_error_not_jpeg.rawValue)
                return
            }
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(CAuditImaging_message_capacity)) { buffer in
                buffer[0] = 0
                status = CAuditImaging_jpeg_read_header(
                    bytes.baseAddress, bytes.count, &width, &height,
                    &components, buffer.baseAddress)
                if status != 0 { message = String(cString: buffer.baseAddress!) }
            }
        }
        switch UInt32(status) {
        case CAuditImaging_ok.rawValue:
            break
        case CAuditImaging_error_not_jpeg.rawValue:
            image.problem = .notJPEG
            return
        case CAuditImaging_error_truncated.rawValue:
            image.problem = .truncatedJPEG
            return
        case CAuditImaging_error_too_large.rawValue:
            image.problem = .dimensionsExceedLimit(width: Int(width), height: Int(height))
            return
        default:
            image.problem = .corruptJPEG(message)
            return
        }
        image.pixelWidth = Int(width)
        image.pixelHeight = Int(height)
        if Int(width) > limits.maxSide || Int(height) > limits.maxSide || Int(width) * Int(height) > limits.maxPixels {
            image.problem = .dimensionsExceedLimit(width: Int(width), height: Int(height))
            return
        }
        if !endsWithEndOfImage(data) {
            image.problem = .truncatedJPEG
        }
    }

    /// Whether the JPEG ends with its EOI marker (`FF D9`), ignoring trailing zero padding.
    static func endsWithEndOfImage(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var end = raw.count
            while end > 0, raw[end - 1] == 0 { end -= 1 }
            return end >= 4 && raw[end - 2] == 0xFF && raw[end - 1] == 0xD9
        }
    }

    private static let escapedPrefix = Array(#"data:image\/jpeg;base64,"#.utf8)
    private static let plainPrefix = Array("data:image/jpeg;base64,".utf8)

    /// The length of the usual `data:image\/jpeg;base64,` prefix (escaped or not), or nil.
    private static func jpegPrefixLength(_ content: UnsafeRawBufferPointer) -> Int? {
        for prefix in [escapedPrefix, plainPrefix] where content.count >= prefix.count {
            if prefix.withUnsafeBytes({ memcmp($0.baseAddress!, content.baseAddress!, prefix.count) }) == 0 {
                return prefix.count
            }
        }
        return nil
    }

    private static func startsWithDataScheme(_ content: UnsafeRawBufferPointer) -> Bool {
        guard content.count >= 5 else { return false }
        return content[0] | 0x20 == UInt8(ascii: "d") && content[1] | 0x20 == UInt8(ascii: "a")
            && content[2] | 0x20 == UInt8(ascii: "t") && content[3] | 0x20 == UInt8(ascii: "a")
            && content[4] == UInt8(ascii: ":")
    }

    private static func shortened(_ content: UnsafeRawBufferPointer, escaped: Bool) -> String {
        let head = UnsafeRawBufferPointer(rebasing: content.prefix(40))
        return String(decoding: escaped ? JSONString.unescape(head) : Array(head), as: UTF8.self)
    }

    // MARK: Base64

    private static let skip: UInt8 = 64
    private static let padding: UInt8 = 65
    private static let backslash: UInt8 = 66
    private static let invalid: UInt8 = 255

    /// Sextet values per byte; 64 whitespace, 65 `=`, 66 `\`, 255 invalid. Accepts `-`/`_` too (URL-safe).
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        for byte in [0x20, 0x0A, 0x0D, 0x09] { table[byte] = skip }
        table[Int(UInt8(ascii: "="))] = padding
        table[Int(UInt8(ascii: "\\"))] = backslash
        return table
    }()

    /// Decodes base64 text as it sits in a JSON string: `\/` is read as `/`, whitespace is skipped, other
    /// escapes are decoded first (slow path). Returns nil for anything that is not base64.
    public static func decodeBase64(_ text: UnsafeRawBufferPointer) -> Data? {
        decodeBase64(text, into: nil)
    }

    /// The most bytes decoding `base64Length` bytes of base64 text can need (the loop stores whole
    /// 64-bit words, so eight bytes more).
    static func decodedCapacity(base64Length: Int) -> Int { base64Length / 4 * 3 + 3 + 8 }

    /// `decodeBase64(_:)` into `slot` when it is large enough, else into new memory.
    static func decodeBase64(_ text: UnsafeRawBufferPointer, into slot: ImageArena.Slot?) -> Data? {
        let capacity = decodedCapacity(base64Length: text.count)
        let arena = slot.flatMap { $0.capacity >= capacity ? $0 : nil }
        let output = arena?.pointer ?? malloc(capacity)!
        let result: Int? = table.withUnsafeBufferPointer { table in
            decodeBase64(text, into: output.assumingMemoryBound(to: UInt8.self), table: table.baseAddress!)
        }
        if let count = result {
            guard let arena else { return Data(bytesNoCopy: output, count: count, deallocator: .free) }
            // The bytes stay valid as long as some image's bytes hold the arena.
            let owner = arena.arena
            return Data(
                bytesNoCopy: output, count: count, deallocator: .custom { _, _ in withExtendedLifetime(owner) {} })
        }
        if arena == nil { free(output) }
        // An escape other than \/ (e.g. \u002F): decode the escapes, then try again.
        if text.contains(UInt8(ascii: "\\")) {
            guard let plain = JSONString.unescape(text, strict: true) else { return nil }
            if plain.contains(UInt8(ascii: "\\")) { return nil }
            return plain.withUnsafeBytes { decodeBase64($0) }
        }
        return nil
    }

    /// The decoding loop: eight sextets (then four) at a time while they are plain alphabet bytes, one
    /// at a time around escapes, whitespace and padding. Returns the byte count, or nil when the text is
    /// not base64 (or has an escape other than `\/`). `out` needs 8 bytes beyond the decoded length.
    private static func decodeBase64(
        _ text: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>,
        table: UnsafePointer<UInt8>
    ) -> Int? {
        guard let start = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let end = text.count
        var p = 0
        var o = 0
        var accumulator: UInt32 = 0
        var sextets = 0
        while p < end {
            if sextets == 0 && p + 8 <= end {
                // 48 bits from eight sextets, stored as one big-endian word of which six bytes count.
                var word: UInt64 = 0
                var bad: UInt8 = 0
                for k in 0..<8 {
                    let value = table[Int(start[p + k])]
                    bad |= value
                    word = word << 6 | UInt64(value & 0x3F)
                }
                if bad & 0xC0 == 0 {
                    UnsafeMutableRawPointer(out + o).storeBytes(of: (word << 16).bigEndian, as: UInt64.self)
                    o += 6
                    p += 8
                    continue
                }
            }
            if sextets == 0 && p + 4 <= end {
                let a = table[Int(start[p])], b = table[Int(start[p + 1])]
                let c = table[Int(start[p + 2])], d = table[Int(start[p + 3])]
                if (a | b | c | d) & 0xC0 == 0 {
                    let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[o] = UInt8(truncatingIfNeeded: word >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: word)
                    o += 3
                    p += 4
                    continue
                }
            }
            var value = table[Int(start[p])]
            p += 1
            if value == backslash {
                guard p < end, start[p] == UInt8(ascii: "/") else { return nil }
                p += 1
                value = 63
            }
            if value < 64 {
                accumulator = accumulator << 6 | UInt32(value)
                sextets += 1
                if sextets == 4 {
                    out[o] = UInt8(truncatingIfNeeded: accumulator >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: accumulator)
                    o += 3
                    sextets = 0
                    accumulator = 0
                }
            } else if value == skip {
                continue
            } else if value == padding {
                // Only padding and whitespace may follow.
                while p < end {
                    let rest = table[Int(start[p])]
                    guard rest == padding || rest == skip else { return nil }
                    p += 1
                }
                break
            } else {
                return nil
            }
        }
        switch sextets {
        case 0: break
        case 2:
            out[o] = UInt8(truncatingIfNeeded: accumulator >> 4)
            o += 1
        case 3:
            out[o] = UInt8(truncatingIfNeeded: accumulator >> 10)
            out[o + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
            o += 2
        default:
            return nil
        }
        return o
    }
}

/// One block of memory, its pages all in place, for the decoded bytes of a report's images: instead of
/// an allocation per image, each filling new pages one fault at a time (measured 2026-11-25 on the
/// 2,000-issue report: 7 MB of images, about 1,700 faults on the decoding threads). Each image's `Data`
/// holds the arena; it is released with the last of them.
final class ImageArena: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    private let length: Int
    private let mapped: Bool

    /// A part of the arena for one image.
    struct Slot: @unchecked Sendable {
        /// The arena the part belongs to.
        let arena: ImageArena
        /// Where the part starts.
        let pointer: UnsafeMutableRawPointer
        /// Its size in bytes.
        let capacity: Int
    }

    /// An arena of `length` bytes (pre-faulted as `ByteBuffer` reads large files, else allocated), or
    /// nil when the memory cannot be had.
    init?(length: Int) {
        guard length > 0 else { return nil }
        if let pointer = ByteBuffer.populatedMemory(length) {
            base = pointer
            mapped = true
        } else if let pointer = malloc(length) {
            base = pointer
            mapped = false
        } else {
            return nil
        }
        self.length = length
    }

    deinit {
        if mapped { munmap(base, length) } else { free(base) }
    }

    /// The part of `capacity` bytes at `offset`.
    func slot(at offset: Int, capacity: Int) -> Slot {
        precondition(offset >= 0 && offset + capacity <= length, "slot outside the arena")
        return Slot(arena: self, pointer: base + offset, capacity: capacity)
    }
}
