import Foundation

/// What tells a report apart and puts it in order, found without reading the report: its audit's
/// identity in the log and the history (the SHA-256 of its file, `AuditIdentities`) and when it was
/// audited. Both are what `ReportReader.read` gives for the same file and options.
public struct ReportIdentity: Sendable, Hashable {
    /// The report's path, as given.
    public var path: String
    /// The audit's identity: the 64-character lowercase hex SHA-256 of the file's bytes, unless an
    /// audit of another time holds those bytes (`AuditIdentities`).
    public var sha256: String
    /// The SHA-256 of the file's bytes (`sha256` unless another audit holds them).
    public var fileSHA256: String
    /// The file's size in bytes.
    public var fileSize: Int
    /// When the audit ran, by the rule of `ReportReader.read` (see `auditDateSource`).
    public var auditDate: Date
    /// Where `auditDate` came from.
    public var auditDateSource: AuditDateSource
}

extension ReportReader {
    /// The identity of the report at `path`: the file is read once, a piece at a time, and hashed, and
    /// its audit time found as `read` finds it (the caller's, the file name's, a text export's
    /// `Time Stamp:` header, the modification time) from its first bytes. No JSON is parsed, no image
    /// decoded and the file is not held in memory, so it costs about as much as hashing the file, and a
    /// file `read` would refuse may still have one. Of `options`, only the size limit, the caller's
    /// date and the time zone apply.
    /// - Throws: `AuditError` as `read` does when the file cannot be opened or read, is over the size
    ///   limit, or is empty or only white space.
    public static func identity(path: String, options: Options = Options()) throws -> ReportIdentity {
        var hasher = SHA256()
        var head: [UInt8] = []
        let size = try ByteBuffer.forEachPiece(
            ofFileAt: path, maxSize: min(options.maxFileSize, Int(Int32.max) - 1), pieceSize: 64 * 1024
        ) { piece in
            hasher.update(piece)
            if head.isEmpty { head = Array(piece) }
        }
        let wholeFile = head.count == size
        var timestamp = try head.withUnsafeBytes { try headerTimestamp(in: $0, wholeFile: wholeFile, path: path) }
        if timestamp == nil {
            // The first piece did not tell (a long run of white space, a long text header): read it all.
            let (buffer, _) = try contents(of: path, options: options)
            timestamp = try headerTimestamp(in: buffer.bytes, wholeFile: true, path: path)
        }
        let (auditDate, source) = try Self.auditDate(
            path: path, textTimestamp: timestamp ?? nil, modificationDate: modificationDate(of: path),
            options: options)
        let digest = hasher.finalizeHex()
        return ReportIdentity(
            path: path, sha256: options.identities?.identity(fileSHA256: digest, auditDate: auditDate) ?? digest,
            fileSHA256: digest, fileSize: size, auditDate: auditDate, auditDateSource: source)
    }

    /// What a file's first bytes tell about its audit time: `.some` of a text export's `Time Stamp:`
    /// header value (`.some(nil)` for the other exports and a header without one), or nil when
    /// `bytes`, not the whole file, end before that is known.
    /// - Throws: `AuditError` `.badInput` when the whole file is empty or only white space.
    private static func headerTimestamp(in bytes: UnsafeRawBufferPointer, wholeFile: Bool, path: String) throws
        -> String??
    {
        let layout: Layout
        do {
            layout = try Layout(bytes, path: path)
        } catch {
            if wholeFile { throw error }
            return nil
        }
        if !wholeFile && layout.first + TextReportReader.sniffLength > bytes.count { return nil }
        guard layout.format == .text else { return .some(nil) }
        let header = TextReportReader.header(bytes, from: layout.start)
        // The header ends at an issue line, known from its start; without one the file goes on.
        if !wholeFile && header.end >= bytes.count { return nil }
        return .some(header.timestamp)
    }
}

/// Which audit a report file is: an audit is its file and its time. Its identity in the log and the
/// history is the SHA-256 of the file's bytes; when an audit of another time holds those bytes already
/// (two automated audits of an unchanged screen, Appium writing no screenshot: the same bytes in files
/// named for other times), it is the SHA-256 of those bytes' digest and its audit time
/// (`derived(fileSHA256:auditDate:)`), so it is another audit, not one "already in the history". Only
/// the same bytes at the same time (the same file added twice) are the same audit.
public struct AuditIdentities: Sendable, Hashable {
    /// Each file SHA-256 an audit holds as its identity, with that audit's time.
    public private(set) var holders: [String: Date] = [:]

    /// No audit holds any bytes yet.
    public init() {}

    /// The identities of `audits` (a history's entries, or its record's, in their order), each claimed in
    /// turn.
    public init(claiming audits: some Sequence<(sha256: String, auditDate: Date)>) {
        for audit in audits { _ = claim(fileSHA256: audit.sha256, auditDate: audit.auditDate) }
    }

    /// The identity of the audit of a file whose bytes have `fileSHA256`, audited at `auditDate`: the
    /// digest itself unless an audit of another time (to the second, as the history keeps times) holds it.
    public func identity(fileSHA256: String, auditDate: Date) -> String {
        let second = Self.second(auditDate)
        guard let holder = holders[fileSHA256], holder != second else { return fileSHA256 }
        return Self.derived(fileSHA256: fileSHA256, auditDate: second)
    }

    /// `identity(fileSHA256:auditDate:)`, the audit then holding the digest when none did.
    public mutating func claim(fileSHA256: String, auditDate: Date) -> String {
        if holders[fileSHA256] == nil { holders[fileSHA256] = Self.second(auditDate) }
        return identity(fileSHA256: fileSHA256, auditDate: auditDate)
    }

    /// The identity of an audit whose file's bytes another audit holds: the lowercase hex SHA-256 of
    /// `fileSHA256`, a space and the audit time in ISO 8601 (UTC, to the second).
    public static func derived(fileSHA256: String, auditDate: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return SHA256.hexDigest(of: Array("\(fileSHA256) \(formatter.string(from: second(auditDate)))".utf8))
    }

    /// `date` to the whole second before it, as the history keeps audit times (a modification time has
    /// a fraction the history's line does not).
    static func second(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) }
}
