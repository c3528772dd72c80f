import Foundation

/// Where the report file of an audit of the history is: its file name in each folder in turn (the
/// reports folder, then the log's folder), the first whose SHA-256 is the audit's. The history keeps
/// file names, not paths, so a report moved into either folder is found, and a file that only shares
/// the name is not taken for it.
public struct HistoryReportFiles: Sendable {
    /// The folders looked in, in order ("" is the working folder).
    public var folders: [String]
    /// How a file found is read for its identity (its SHA-256 and audit time).
    public var reading: ReportReader.Options

    /// Looks in `folders`, in order, reading files with `reading`.
    public init(folders: [String], reading: ReportReader.Options = ReportReader.Options()) {
        var seen = Set<String>()
        self.folders = folders.filter { seen.insert($0).inserted }
        self.reading = reading
    }

    /// Where the report file of `entry` may be, in the order it is looked for; none for a recorded name
    /// with a folder in it.
    public func candidates(of entry: HistoryEntry) -> [String] {
        candidates(named: entry.fileName)
    }

    /// Where a report file named `fileName` may be, in the order it is looked for; none for a name with a
    /// folder in it.
    public func candidates(named fileName: String) -> [String] {
        guard !fileName.contains("/"), !fileName.isEmpty else { return [] }
        return folders.map { $0.isEmpty ? fileName : $0 + "/" + fileName }
    }

    /// Whether a folder holds a file named `fileName` (its bytes not checked): the report is kept.
    public func keeps(named fileName: String) -> Bool {
        candidates(named: fileName).contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// The report file of `entry`, checked by its SHA-256; nil when no folder holds it.
    public func identity(of entry: HistoryEntry) -> ReportIdentity? {
        for path in candidates(of: entry) {
            if let identity = try? ReportReader.identity(path: path, options: reading), identity.sha256 == entry.sha256
            {
                return identity
            }
        }
        return nil
    }
}
