import Foundation

/// Writes a report's decoded images as files: `issue_01.jpg` ... (zero-padded to the width of the issue
/// count) and `screen_1.jpg` ..., byte for byte as decoded. Names come only from numbers, never from
/// report strings. Each file is written atomically and replaced only when its content differs.
public enum EvidenceExport {
    /// What was written (or found already up to date).
    public struct Result: Sendable, Equatable {
        /// Issue number → file path, for every issue whose thumbnail was usable.
        public var thumbnails: [Int: String] = [:]
        /// Zero-based screen index → file path, for every usable screenshot.
        public var screenshots: [Int: String] = [:]
        /// Files written because they were new or different.
        public var written = 0
        /// Files left alone because they already held the same bytes.
        public var unchanged = 0
        /// Images not written because they have a problem (issue number or screen, and the problem).
        public var skipped: [String] = []

        /// Creates an empty result.
        public init() {}
    }

    /// Writes the usable images of `report` into `directory` (created if needed). Two runs at once are
    /// safe without a lock: both write the same bytes, each file by an atomic rename. The files can be
    /// made again from the report, so none is fsynced (`AtomicFile.Durability.regenerable`).
    /// - Parameters:
    ///   - report: the report whose images are written.
    ///   - directory: the folder to write into.
    ///   - namedByUser: the user named `directory` itself, so it may be a symbolic link; otherwise
    ///     (the report's evidence folder) a link there is refused. A link in place of one of the files
    ///     is always refused.
    /// - Throws: `AuditError` `.cannotWrite` when the folder or a file cannot be written.
    public static func write(_ report: InspectorReport, to directory: String, namedByUser: Bool = false) throws
        -> Result
    {
        try AtomicFile.makeDirectory(directory, namedByUser: namedByUser)
        let paths = EvidencePaths(directory: directory)
        var result = Result()
        func put(_ data: Data, _ path: String) throws {
            if try AtomicFile.write(data, to: path, onlyIfChanged: true, durability: .regenerable) {
                result.written += 1
            } else {
                result.unchanged += 1
            }
        }
        let issueCount = report.issues.count
        for screen in report.screens {
            if let shot = screen.screenshot {
                if shot.isUsable {
                    let path = paths.screenshot(screenIndex: screen.index)
                    try put(shot.data, path)
                    result.screenshots[screen.index] = path
                } else {
                    result.skipped.append("screen \(screen.index + 1): \(shot.problem?.description ?? "no data")")
                }
            }
            for issue in screen.issues {
                guard let thumbnail = issue.thumbnail else { continue }
                if thumbnail.isUsable {
                    let path = paths.thumbnail(issueNumber: issue.number, issueCount: issueCount)
                    try put(thumbnail.data, path)
                    result.thumbnails[issue.number] = path
                } else {
                    result.skipped.append("issue \(issue.number): \(thumbnail.problem?.description ?? "no data")")
                }
            }
        }
        return result
    }
}
