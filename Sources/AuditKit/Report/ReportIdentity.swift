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
    /// The identity of the report at `path`: the file is read once and hashed, and its audit time
    /// found as `read` finds it (the caller's, the file name's, a text export's `Time Stamp:` header,
    /// the modification time), looking at nothing else. No JSON is parsed and no image decoded, so
    /// it costs about as much as hashing the file, and a file `read` would refuse may still have one.
    /// `options.computeDigest` is ignored (the digest is the point); only the size limit, the caller's
    /// date and the time zone apply.
    /// - Throws: `AuditError` as `read` does when the file cannot be opened or read, is over the size
    ///   limit, or is empty or only white space.
    public static func identity(path: String, options: Options = Options()) throws -> ReportIdentity {
        let (buffer, modified) = try contents(of: path, options: options)
        let layout = try Layout(buffer.bytes, path: path)
        let timestamp =
            layout.format == .text ? TextReportReader.header(buffer.bytes, from: layout.start).timestamp : nil
        let (auditDate, source) = auditDate(
            path: path, textTimestamp: timestamp, modificationDate: modified, options: options)
        return ReportIdentity(
            path: path, sha256: SHA256.hexDigest(of: buffer.bytes), fileSize: buffer.count, auditDate: auditDate,
            auditDateSource: source)
    }
}
