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
    ///
    /// A folder that does not exist yet is filled under a temporary name beside it and renamed into
    /// place whole: a reader sees no folder or the whole folder, and each file costs one creation,
    /// not a temporary file and a rename.
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
        let files = self.files(of: report, in: EvidencePaths(directory: directory))
        var status = stat()
        if lstat(directory, &status) != 0, errno == ENOENT,
            let result = try writeNewFolder(files, at: directory)
        {
            return result
        }
        try AtomicFile.makeDirectory(directory, namedByUser: namedByUser)
        var result = files.result
        for (data, path) in files.contents {
            if try AtomicFile.write(data, to: path, onlyIfChanged: true, durability: .regenerable) {
                result.written += 1
            } else {
                result.unchanged += 1
            }
        }
        return result
    }

    /// The files to write (bytes and path, screens' before their issues') and the result listing them.
    private static func files(of report: InspectorReport, in paths: EvidencePaths)
        -> (contents: [(Data, String)], result: Result)
    {
        var result = Result()
        var contents: [(Data, String)] = []
        let issueCount = report.issues.count
        for screen in report.screens {
            if let shot = screen.screenshot {
                if shot.isUsable {
                    let path = paths.screenshot(screenIndex: screen.index)
                    contents.append((shot.data, path))
                    result.screenshots[screen.index] = path
                } else {
                    result.skipped.append("screen \(screen.index + 1): \(shot.problem?.description ?? "no data")")
                }
            }
            for issue in screen.issues {
                guard let thumbnail = issue.thumbnail else { continue }
                if thumbnail.isUsable {
                    let path = paths.thumbnail(issueNumber: issue.number, issueCount: issueCount)
                    contents.append((thumbnail.data, path))
                    result.thumbnails[issue.number] = path
                } else {
                    result.skipped.append("issue \(issue.number): \(thumbnail.problem?.description ?? "no data")")
                }
            }
        }
        return (contents, result)
    }

    /// Writes `files` into a temporary folder beside `directory` and renames it to `directory`; nil
    /// (and nothing left behind) when `directory` appeared meanwhile, so the caller writes file by file.
    private static func writeNewFolder(_ files: (contents: [(Data, String)], result: Result), at directory: String)
        throws -> Result?
    {
        let trimmed = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let slash = trimmed.lastIndex(of: "/")
        let parent = slash.map { String(trimmed[..<$0]) } ?? ""
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        if !parent.isEmpty { try AtomicFile.makeDirectory(parent, namedByUser: true) }
        let temporary = AtomicFile.temporaryPath(for: name, in: parent)
        guard mkdir(temporary, 0o755) == 0 else {
            throw AuditError(
                .cannotWrite, "cannot create a temporary folder beside the folder", path: directory,
                cause: String(cString: strerror(errno)))
        }
        let prefix = (parent.isEmpty ? "" : parent + "/") + name + "/"
        let folder = open(temporary, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard folder >= 0 else {
            let cause = String(cString: strerror(errno))
            rmdir(temporary)
            throw AuditError(.cannotWrite, "cannot open the temporary folder", path: directory, cause: cause)
        }
        defer { close(folder) }
        // Creating files is kernel work that two cores share well; the first error (in file order) wins.
        let contents = files.contents
        let parts = contents.count >= 64 ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
        let failures = ParallelWork.map(Array(0..<parts), parallel: parts > 1) { _, part -> AuditError? in
            do {
                for index in stride(from: part, to: contents.count, by: parts) {
                    let (data, path) = contents[index]
                    let fileName =
                        path.hasPrefix(prefix)
                        ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
                    try AtomicFile.createNew(data, named: fileName, in: folder, reportedAs: path)
                }
                return nil
            } catch let error as AuditError {
                return error
            } catch {
                return AuditError(.cannotWrite, "cannot write the file", path: directory, cause: "\(error)")
            }
        }
        if let failure = failures.compactMap({ $0 }).first {
            try? FileManager.default.removeItem(atPath: temporary)
            throw failure
        }
        guard rename(temporary, trimmed) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            if code == EEXIST || code == ENOTEMPTY { return nil }
            throw AuditError(
                .cannotWrite, "cannot move the new folder into place", path: directory,
                cause: String(cString: strerror(code)))
        }
        var result = files.result
        result.written = files.contents.count
        return result
    }
}
