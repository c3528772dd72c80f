import CAuditImaging

/// Why an image could not be decoded or encoded: the shim's status and the library's own message.
public struct ImageCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not a JPEG.
        case notJPEG
        /// The bytes are not a PNG.
        case notPNG
        /// The data ends before the image does (zero bytes included).
        case truncated
        /// The library rejected the data.
        case corrupt
        /// The image is larger than the limit the caller set.
        case tooLarge
        /// Memory ran out.
        case outOfMemory
        /// The caller passed something the codec cannot take.
        case invalidArgument
        /// The library failed for another reason.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// libjpeg's or libpng's message, or the shim's, e.g. `Corrupt JPEG data: premature end of data segment`.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// Maps a shim status (never `CAuditImaging_ok`) and its message buffer.
    init(status: Int32, message: [CChar]) {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch UInt32(bitPattern: status) {
        case CAuditImaging_error_not_jpeg.rawValue: kind = .notJPEG
        case CAuditImaging_error_not_png.rawValue: kind = .notPNG
        case CAuditImaging_error_truncated.rawValue: kind = .truncated
        case CAuditImaging_error_corrupt.rawValue: kind = .corrupt
        case CAuditImaging_error_too_large.rawValue: kind = .tooLarge
        case CAuditImaging_error_out_of_memory.rawValue: kind = .outOfMemory
        case CAuditImaging_error_invalid_argument.rawValue: kind = .invalidArgument
        default: kind = .other
        }
        self.message = text
    }

    /// The short phrase shown on placeholders, e.g. `corrupt JPEG: Bogus marker length`.
    public var description: String {
        let detail = message.isEmpty ? "" : ": " + message
        switch kind {
        case .notJPEG: return "not a JPEG"
        case .notPNG: return "not a PNG"
        case .truncated: return message == "empty image data" ? "empty image" : "truncated image" + detail
        case .corrupt: return "corrupt image" + detail
        case .tooLarge: return "image too large" + detail
        case .outOfMemory: return "out of memory" + detail
        case .invalidArgument: return "invalid image arguments" + detail
        case .other: return "image error" + detail
        }
    }
}

/// A fresh, zeroed message buffer of the size the shim writes into.
func makeCodecMessageBuffer() -> [CChar] {
    [CChar](repeating: 0, count: Int(CAuditImaging_message_capacity))
}
