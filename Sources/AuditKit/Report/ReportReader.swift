import Foundation

/// Reads an Accessibility Inspector report (HTML, JSON or text export, told apart by content) into an
/// `InspectorReport`: the file is read once, its JSON payload located and parsed from the bytes,
/// its fields decoded leniently (warnings name the path), and every embedded image base64-decoded and
/// checked through its JPEG header.
public enum ReportReader {
    /// The most screens a report may hold, whatever its format: real reports hold a few, one run's screens
    /// some hundreds; a file of a million empty screens (three bytes each) would cost a million of
    /// everything after.
    static let screenLimit = 10_000
    /// The most issues a report may hold, whatever its format (fifty times the 2,000 of the benchmarks'
    /// largest report).
    static let issueLimit = 100_000

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
        /// The audit time of a file whose name carries none (`AuditReport_…`, `AXAudit_…`): before a
        /// text export's `Time Stamp:` and the file's modification time (CI artifacts copied without
        /// their names would otherwise be ordered by copy time).
        public var auditDateUnlessNamed: Date?
        /// The time zone a file name's (or text header's) local time is read in (default: the machine's).
        public var timeZone: TimeZone
        /// Decode images on several cores when there are many (default true).
        public var parallel: Bool
        /// Compute the file's SHA-256, the report's identity in the log and the history (default true).
        /// It costs more than the rest of reading (about 30 ms for 9 MB, on a second core), so callers that
        /// do not use the identity (pictures, listings, fuzzing) turn it off; `sha256` is then empty.
        public var computeDigest: Bool
        /// The audits that hold their files' bytes already (the history's, `History.auditIdentities`):
        /// a report whose bytes one of them holds for another time gets the identity of an audit of its
        /// own (`AuditIdentities`); nil: the file's SHA-256.
        public var identities: AuditIdentities?
        /// This run's clock: an audit dated after it by more than `AuditTimestamp.futureTolerance` is
        /// refused.
        public var now = Date()

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
        try read(path: path, options: options, imageSink: nil)
    }

    /// `read(path:options:)`, handing each image to `imageSink` on the thread that decoded it, while
    /// the rest are still being decoded.
    static func read(path: String, options: Options, imageSink: (any DecodedImageSink)?) throws -> InspectorReport {
        let (buffer, modified) = try contents(of: path, options: options)
        return try read(
            buffer: buffer, path: path, modificationDate: modified, options: options, imageSink: imageSink)
    }

    /// The bytes of the file at `path`, read once within the size limit, and its modification time.
    static func contents(of path: String, options: Options) throws -> (ByteBuffer, Date?) {
        let buffer = try ByteBuffer.read(path: path, maxSize: min(options.maxFileSize, Int(Int32.max) - 1))
        return (buffer, modificationDate(of: path))
    }

    /// When the file at `path` was last modified, when that can be learnt.
    static func modificationDate(of path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
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
        try read(buffer: buffer, path: path, modificationDate: modificationDate, options: options, imageSink: nil)
    }

    private static func read(
        buffer: ByteBuffer, path: String, modificationDate: Date?, options: Options,
        imageSink: (any DecodedImageSink)?
    ) throws -> InspectorReport {
        if buffer.count > options.maxFileSize || buffer.count >= Int(Int32.max) {
            throw AuditError(
                .limitExceeded,
                "the file is \(buffer.count) bytes, more than the limit of "
                    + "\(min(options.maxFileSize, Int(Int32.max) - 1)) bytes", path: path)
        }
        let layout = try Layout(buffer.bytes, path: path)
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

        var screens: [Screen]
        var warnings: [ReportWarning]
        var device: String?
        var textTimestamp: String?
        var format = layout.format
        do {
            switch layout.format {
            case .json:
                let document = try jsonDocument(buffer, from: layout.first, path: path, options: options)
                if AutomatedAuditReader.recognises(document) {
                    format = .automated
                    (screens, warnings, device) = try AutomatedAuditReader.decode(
                        document, path: path, options: options)
                } else {
                    (screens, warnings) = try decode(document, path: path, options: options, imageSink: imageSink)
                }
            case .text, .automated:
                let content = try TextReportReader.read(buffer.bytes, from: layout.start, path: path)
                screens = content.screens
                warnings = content.warnings
                device = content.device
                textTimestamp = content.timestamp
            case .html:
                let located = try ReportPayloadLocator.locate(
                    in: buffer, from: layout.start, path: path,
                    maxDepth: options.maxDepth)
                (screens, warnings) = try decode(
                    located.document, path: path, options: options, imageSink: imageSink)
            }
        } catch {
            hashGroup.wait()
            throw error
        }

        let dated = Result {
            try Self.auditDate(
                path: path, textTimestamp: textTimestamp, modificationDate: modificationDate, options: options)
        }
        hashGroup.wait()
        let (date, source) = try dated.get()
        let digest = hashBox.value
        return InspectorReport(
            sourcePath: path, format: format, auditDate: date, auditDateSource: source,
            sha256: digest.isEmpty
                ? digest : options.identities?.identity(fileSHA256: digest, auditDate: date) ?? digest,
            fileSize: buffer.count, device: device, screens: screens, warnings: warnings)
    }

    /// The JSON export or automated audit in `buffer` from `start`, parsed whole, with the arrays an
    /// automated audit's issues may be deferred (`AutomatedAuditReader.deferredArrays`).
    /// - Throws: `AuditError` `.badInput` with the byte offset when it is not JSON.
    static func jsonDocument(_ buffer: ByteBuffer, from start: Int, path: String, options: Options) throws
        -> JSONDocument
    {
        do {
            return try JSONDocument.parse(
                buffer, from: start, requireEnd: true, maxDepth: options.maxDepth,
                syntax: .init(
                    deferredArrays: AutomatedAuditReader.deferredArrays, maxValues: ReportPayloadDecoder.valueLimit))
        } catch {
            throw payloadError(error, path: path)
        }
    }

    /// Where a report's content starts and which export it is, told apart by its first bytes: JSON
    /// when the first byte that is not white space opens an object or array, the text export when it
    /// is not `<` and the start reads like one, HTML otherwise.
    struct Layout {
        /// The export the bytes look like.
        var format: ReportFormat
        /// The offset after a UTF-8 byte order mark (0 without one).
        var start: Int
        /// The offset of the first byte from `start` that is not white space.
        var first: Int

        /// The layout of `bytes`.
        /// - Throws: `AuditError` `.badInput` when the file is empty or holds only white space.
        init(_ bytes: UnsafeRawBufferPointer, path: String) throws {
            start = 0
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            first = start
            while first < bytes.count, ReportPayloadLocator.isWhitespace(bytes[first]) { first += 1 }
            guard first < bytes.count else {
                throw AuditError(
                    .badInput, bytes.isEmpty ? "the file is empty" : "the file holds only white space",
                    path: path, byteOffset: bytes.isEmpty ? nil : first)
            }
            if bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[") {
                format = .json
            } else if bytes[first] != UInt8(ascii: "<"), TextReportReader.looksLikeText(bytes, from: first) {
                format = .text
            } else {
                format = .html
            }
        }
    }

    /// When the report at `path` was audited, and where that came from: the caller's date
    /// (`options.auditDate`), else the time in the file name, else the caller's date for files named
    /// without one (`options.auditDateUnlessNamed`), else a text export's `Time Stamp:` header
    /// (`textTimestamp`), else the file's modification time (now when that is unknown). The one place
    /// this rule is decided, for `read` and `identity` alike.
    ///
    /// A date the report gives that no audit can have is refused (`AuditTimestamp.refusal`): before 1583,
    /// or after this run's clock (`options.now`) by more than `AuditTimestamp.futureTolerance`; the
    /// caller's date is the caller's to check (`--audit-date` is, when it is parsed).
    /// - Throws: `AuditError` `.badInput` naming the date and where it came from.
    static func auditDate(path: String, textTimestamp: String?, modificationDate: Date?, options: Options) throws
        -> (Date, AuditDateSource)
    {
        let (date, source) = auditDateFound(
            path: path, textTimestamp: textTimestamp, modificationDate: modificationDate, options: options)
        if source != .caller,
            let refusal = AuditTimestamp.refusal(of: date, now: options.now, timeZone: options.timeZone)
        {
            throw AuditError(.badInput, "the audit date \(refusal) (\(source.phrase))", path: path)
        }
        return (date, source)
    }

    private static func auditDateFound(
        path: String, textTimestamp: String?, modificationDate: Date?, options: Options
    ) -> (Date, AuditDateSource) {
        if let date = options.auditDate { return (date, .caller) }
        if let date = AuditTimestamp.fromFileName(PathName.last(path), timeZone: options.timeZone) {
            return (date, .fileName)
        }
        if let date = options.auditDateUnlessNamed { return (date, .caller) }
        if let text = textTimestamp, let date = AuditTimestamp.fromTextHeader(text, timeZone: options.timeZone) {
            return (date, .textHeader)
        }
        return (modificationDate ?? options.now, .modificationTime)
    }

    private static func decode(
        _ document: JSONDocument, path: String, options: Options, imageSink: (any DecodedImageSink)?
    ) throws -> ([Screen], [ReportWarning]) {
        var decoder = ReportPayloadDecoder(document: document, limits: options.imageLimits)
        var screens = try decoder.decodeScreens(path: path)
        imageSink?.prepare(for: screens)
        decoder.decodeImages(into: &screens, parallel: options.parallel, sink: imageSink)
        var tally = decoder.tally
        for screen in screens {
            if let problem = screen.screenshot?.problem {
                tally.add(ReportWarning(path: "screen \(screen.index + 1)", message: "screenshot: \(problem)"))
            }
            for issue in screen.issues {
                if let problem = issue.thumbnail?.problem {
                    tally.add(ReportWarning(path: "issue \(issue.number)", message: "thumbnail: \(problem)"))
                }
            }
        }
        return (screens, tally.warnings)
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

/// Takes a report's images while the report is read, each on the thread that decoded it, so work on
/// an image (writing it to a file) overlaps the decoding of the others.
protocol DecodedImageSink: AnyObject, Sendable {
    /// The report's screens and issues (their images not yet in place), before any image is decoded.
    func prepare(for screens: [Screen])
    /// One decoded image: the screenshot of the screen at `screen` (`issue` nil) or the thumbnail of
    /// its issue at position `issue`. Called concurrently from several threads.
    func take(_ image: ReportImage, screen: Int, issue: Int?)
}

/// Carries the digest from the hashing thread.
private final class HashBox: @unchecked Sendable {
    var value = ""
}
