import Foundation

/// What tells a report apart and puts it in order, found without reading the report: the SHA-256 of
/// its file (its identity in the log and the history) and when it was audited. Both are what
/// `ReportReader.read` gives for the same file and options.
public struct ReportIdentity: Sendable, Hashable {
    /// The report's path, as given.
    public var path: String
    /// The 64-character lowercase hex SHA-256 of the file's bytes.
    public var sha256: String
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
        let (auditDate, source) = auditDate(
            path: path, textTimestamp: timestamp ?? nil, modificationDate: modificationDate(of: path),
            options: options)
        return ReportIdentity(
            path: path, sha256: hasher.finalizeHex(), fileSize: size, auditDate: auditDate, auditDateSource: source)
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
