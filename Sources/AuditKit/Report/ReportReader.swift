import Foundation

/// Reads an Accessibility Inspector report (HTML, JSON or text export, told apart by content) into an
/// `InspectorReport`: the file is read once, its JSON payload located and parsed from the bytes,
/// its fields decoded leniently (warnings name the path), and every embedded image base64-decoded and
/// checked through its JPEG header.
public enum ReportReader {
    /// How to read a report.
    public struct Options: Sendable {
        /// Files larger than this many bytes are refused (default 512 MiB; never more than 2 GiB).
        public var maxFileSize: Int
        /// Deepest allowed JSON nesting (default 256; real reports use 6).
        public var maxDepth: Int
        /// Image size limits (default 16384 px a side, 64 megapixels).
        public var imageLimits: EmbeddedImageDecoder.Limits
        /// The audit time to use instead of the file name's or the modification time.
        public var auditDate: Date?
        /// The time zone a file name's (or text header's) local time is read in (default: the machine's).
        public var timeZone: TimeZone
        /// Decode images on several cores when there are many (default true).
        public var parallel: Bool
        /// Compute the file's SHA-256, the report's identity in the log and the history (default true).
        /// It costs more than the rest of reading (about 30 ms for 9 MB, on a second core), so callers that
        /// do not use the identity (pictures, listings, fuzzing) turn it off; `sha256` is then empty.
        public var computeDigest: Bool

        /// Options with the defaults; any of them can be set here.
        public init(
            maxFileSize: Int = 512 * 1024 * 1024, maxDepth: Int = 256,
            imageLimits: EmbeddedImageDecoder.Limits = .standard, auditDate: Date? = nil,
            timeZone: TimeZone = .current, parallel: Bool = true, computeDigest: Bool = true
        ) {
            self.maxFileSize = maxFileSize
            self.maxDepth = maxDepth
            self.imageLimits = imageLimits
            self.auditDate = auditDate
            self.timeZone = timeZone
            self.parallel = parallel
            self.computeDigest = computeDigest
        }
    }

    /// Reads the report at `path`.
    /// - Throws: `AuditError`: `.missingInput` when the file cannot be opened, `.limitExceeded` over a
    ///   limit, `.badInput` (with the byte offset) when there is no payload, it is not JSON, it is
    ///   truncated, or it has no `_axKeyAllScreens`.
    public static func read(path: String, options: Options = Options()) throws -> InspectorReport {
        let buffer = try ByteBuffer.read(path: path, maxSize: min(options.maxFileSize, Int(Int32.max) - 1))
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let modified = attributes?[.modificationDate] as? Date
        return try read(buffer: buffer, path: path, modificationDate: modified, options: options)
    }

    /// Reads a report already in memory; `path` names it in messages and gives the file-name timestamp.
    /// - Parameters:
    ///   - buffer: the report's bytes.
    ///   - path: the report's path, for messages and the file-name timestamp.
    ///   - modificationDate: used for the audit time when the name carries none.
    ///   - options: limits and what to compute.
    /// - Throws: as `read(path:options:)`.
    public static func read(
        buffer: ByteBuffer, path: String, modificationDate: Date? = nil,
        options: Options = Options()
    ) throws -> InspectorReport {
        if buffer.count > options.maxFileSize || buffer.count >= Int(Int32.max) {
            throw AuditError(
                .limitExceeded,
                "the file is \(buffer.count) bytes, more than the limit of "
                    + "\(min(options.maxFileSize, Int(Int32.max) - 1)) bytes", path: path)
        }
        // Hash on another core while the payload is parsed.
        let hashGroup = DispatchGroup()
        let hashBox = HashBox()
        if !options.computeDigest {
            hashBox.value = ""
        } else if options.parallel && buffer.count > 1 << 20 {
            DispatchQueue.global().async(group: hashGroup) { hashBox.value = SHA256.hexDigest(of: buffer.bytes) }
        } else {
            hashBox.value = SHA256.hexDigest(of: buffer.bytes)
        }

        let bytes = buffer.bytes
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var first = start
        while first < bytes.count, ReportPayloadLocator.isWhitespace(bytes[first]) { first += 1 }
        guard first < bytes.count else {
            hashGroup.wait()
            throw AuditError(
                .badInput, bytes.isEmpty ? "the file is empty" : "the file holds only white space",
                path: path, byteOffset: bytes.isEmpty ? nil : first)
        }

        let format: ReportFormat
        var screens: [Screen]
        var warnings: [ReportWarning]
        var device: String?
        var textTimestamp: String?
        do {
            if bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[") {
                format = .json
                let document: JSONDocument
                do {
                    document = try JSONDocument.parse(buffer, from: first, requireEnd: true, maxDepth: options.maxDepth)
                } catch {
                    throw payloadError(error, path: path)
                }
                (screens, warnings) = try decode(document, path: path, options: options)
            } else if bytes[first] != UInt8(ascii: "<"), TextReportReader.looksLikeText(bytes, from: first) {
                format = .text
                let content = try TextReportReader.read(bytes, from: start, path: path)
                screens = content.screens
                warnings = content.warnings
                device = content.device
                textTimestamp = content.timestamp
            } else {
                format = .html
                let located = try ReportPayloadLocator.locate(
                    in: buffer, from: start, path: path,
                    maxDepth: options.maxDepth)
                (screens, warnings) = try decode(located.document, path: path, options: options)
            }
        } catch {
            hashGroup.wait()
            throw error
        }

        var auditDate: Date
        var source: AuditDateSource
        if let date = options.auditDate {
            (auditDate, source) = (date, .caller)
        } else if let date = AuditTimestamp.fromFileName(
            (path as NSString).lastPathComponent, timeZone: options.timeZone)
        {
            (auditDate, source) = (date, .fileName)
        } else if let text = textTimestamp, let date = AuditTimestamp.fromTextHeader(text, timeZone: options.timeZone) {
            (auditDate, source) = (date, .textHeader)
        } else {
            (auditDate, source) = (modificationDate ?? Date(), .modificationTime)
        }
        hashGroup.wait()
        return InspectorReport(
            sourcePath: path, format: format, auditDate: auditDate, auditDateSource: source,
            sha256: hashBox.value, fileSize: buffer.count, device: device, screens: screens,
            warnings: warnings)
    }

    private static func decode(
        _ document: JSONDocument, path: String,
        options: Options
    ) throws -> ([Screen], [ReportWarning]) {
        var decoder = ReportPayloadDecoder(document: document, limits: options.imageLimits)
        var screens = try decoder.decodeScreens(path: path)
        decoder.decodeImages(into: &screens, parallel: options.parallel)
        var warnings = decoder.warnings
        for screen in screens {
            if let problem = screen.screenshot?.problem {
                warnings.append(ReportWarning(path: "screen \(screen.index + 1)", message: "screenshot: \(problem)"))
            }
            for issue in screen.issues {
                if let problem = issue.thumbnail?.problem {
                    warnings.append(ReportWarning(path: "issue \(issue.number)", message: "thumbnail: \(problem)"))
                }
            }
        }
        return (screens, warnings)
    }

    /// The one-line error for a JSON payload that did not parse.
    static func payloadError(_ error: JSONParseError, path: String) -> AuditError {
        let message =
            error.isTruncation
            ? "the report's JSON payload is truncated (it ends before the JSON does)"
            : "the report's JSON payload is not valid JSON: \(error.message)"
        return AuditError(.badInput, message, path: path, byteOffset: error.offset)
    }
}

/// Carries the digest from the hashing thread.
private final class HashBox: @unchecked Sendable {
    var value = ""
}
