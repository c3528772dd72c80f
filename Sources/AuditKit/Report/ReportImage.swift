import Foundation

/// An image embedded in a report (a thumbnail or a full screenshot): its JPEG bytes as decoded from
/// base64, the size the report declares, the size its JPEG header says, and what is wrong with it.
///
/// A bad image never drops its issue or screen: it stays here with `problem` set.
public struct ReportImage: Sendable {
    /// The decoded bytes (normally a JPEG); empty when they could not be decoded.
    public var data: Data
    /// `_axKeyImageWidth`: declared width in points, when present.
    public var declaredWidth: Double?
    /// `_axKeyImageHeight`: declared height in points, when present.
    public var declaredHeight: Double?
    /// Width from the JPEG header, when the header could be read.
    public var pixelWidth: Int?
    /// Height from the JPEG header, when the header could be read.
    public var pixelHeight: Int?
    /// Why the image cannot be used, or nil when it can.
    public var problem: ImageProblem?

    /// Creates an image.
    public init(
        data: Data, declaredWidth: Double? = nil, declaredHeight: Double? = nil, pixelWidth: Int? = nil,
        pixelHeight: Int? = nil, problem: ImageProblem? = nil
    ) {
        self.data = data
        self.declaredWidth = declaredWidth
        self.declaredHeight = declaredHeight
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.problem = problem
    }

    /// True when the bytes are a readable JPEG within the limits.
    public var isUsable: Bool { problem == nil && !data.isEmpty }
}

/// Why an embedded image cannot be used. Every output shows it next to its issue.
public enum ImageProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The image dictionary has no `_axKeyImageData` string.
    case missingData
    /// The data URI is not `data:image/jpeg;base64,` (carries what it was, shortened).
    case unsupportedDataURI(String)
    /// The base64 text is not valid base64.
    case invalidBase64
    /// The bytes decode to nothing.
    case emptyImage
    /// The bytes do not start with a JPEG marker.
    case notJPEG
    /// The JPEG ends before its end-of-image marker.
    case truncatedJPEG
    /// libjpeg rejected the JPEG (carries its message).
    case corruptJPEG(String)
    /// The JPEG's dimensions exceed the reader's limit (16384 px a side or 64 megapixels).
    case dimensionsExceedLimit(width: Int, height: Int)

    /// The short phrase every output shows: `invalid base64`, `not a JPEG`, `truncated JPEG`, ...
    public var description: String {
        switch self {
        case .missingData: return "missing image data"
        case .unsupportedDataURI(let prefix): return "unsupported data URI (\(prefix))"
        case .invalidBase64: return "invalid base64"
        case .emptyImage: return "empty image"
        case .notJPEG: return "not a JPEG"
        case .truncatedJPEG: return "truncated JPEG"
        case .corruptJPEG(let message): return message.isEmpty ? "corrupt JPEG" : "corrupt JPEG: \(message)"
        case .dimensionsExceedLimit(let w, let h): return "dimensions exceed limit (\(w)x\(h))"
        }
    }
}
