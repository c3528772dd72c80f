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
        let paths = EvidencePaths(
            directory: try Symlinks.folderToWrite(EvidencePaths.trimmed(directory), namedByUser: namedByUser))
        let directory = paths.directory
        let files = self.files(of: report, in: paths)
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
        let staging = try StagingFolder(for: directory)
        for (index, (data, path)) in files.contents.enumerated() { staging.add(data, at: path, order: index) }
        guard try staging.moveIntoPlace() else { return nil }
        var result = files.result
        result.written = files.contents.count
        return result
    }

    /// Reads the report at `path` and writes its usable images into `directory`, as
    /// `ReportReader.read(path:options:)` followed by `write(_:to:namedByUser:)` would, in less time:
    /// when the folder does not exist yet, two threads of its own create the files as the images are
    /// decoded, and `meanwhile` runs with the whole report while they are still at it. Creating files
    /// is kernel work serialised by the folder's lock, so the decoding and `meanwhile` take little
    /// more than the time the creation takes anyway.
    /// - Parameters:
    ///   - path: the report.
    ///   - options: how to read it.
    ///   - directory: the folder to write into, as for `write(_:to:namedByUser:)`.
    ///   - namedByUser: as for `write(_:to:namedByUser:)`.
    ///   - meanwhile: work with the report (read in full) to do while its images are written, such as
    ///     rendering a listing; called once, on the calling thread, whenever the report could be read.
    /// - Returns: the report, and what was written or why writing failed (nothing is then left in a
    ///   new folder).
    /// - Throws: `AuditError` when the report cannot be read; no image is then written.
    public static func read(
        path: String, options: ReportReader.Options = ReportReader.Options(), writingImagesTo directory: String,
        namedByUser: Bool = false, meanwhile: (InspectorReport) -> Void = { _ in }
    ) throws -> (report: InspectorReport, files: Swift.Result<Result, AuditError>) {
        let paths: EvidencePaths
        do {
            paths = EvidencePaths(
                directory: try Symlinks.folderToWrite(EvidencePaths.trimmed(directory), namedByUser: namedByUser))
        } catch let error as AuditError {
            let report = try ReportReader.read(path: path, options: options)
            meanwhile(report)
            return (report, .failure(error))
        }
        let directory = paths.directory
        var status = stat()
        guard lstat(directory, &status) != 0, errno == ENOENT else {
            let report = try ReportReader.read(path: path, options: options)
            meanwhile(report)
            return (report, writeReporting(report, to: directory, namedByUser: namedByUser))
        }
        // The hidden folder is made once the payload has parsed (in `prepare`), so a report that
        // cannot be read leaves nothing behind.
        let writer = ImageFileWriter(directory: directory)
        let report: InspectorReport
        do {
            report = try ReportReader.read(path: path, options: options, imageSink: writer)
        } catch {
            writer.staging?.discard()
            throw error
        }
        meanwhile(report)
        // No staging folder (it could not be made, or the report had no payload to write from): the
        // plain path writes the files or says why it cannot.
        guard let staging = writer.staging else {
            return (report, writeReporting(report, to: directory, namedByUser: namedByUser))
        }
        do {
            guard try staging.moveIntoPlace() else {
                return (report, writeReporting(report, to: directory, namedByUser: namedByUser))
            }
        } catch {
            return (report, .failure(error))
        }
        let files = self.files(of: report, in: paths)
        var result = files.result
        result.written = files.contents.count
        return (report, .success(result))
    }

    /// `write(_:to:namedByUser:)`, its failure as a value.
    private static func writeReporting(_ report: InspectorReport, to directory: String, namedByUser: Bool)
        -> Swift.Result<Result, AuditError>
    {
        do {
            return .success(try write(report, to: directory, namedByUser: namedByUser))
        } catch let error as AuditError {
            return .failure(error)
        } catch {
            return .failure(AuditError(.cannotWrite, SystemErrorText.reason(error), path: directory))
        }
    }
}

/// A new folder filled under a hidden name beside its place (`.<name>.tmp-…`) and renamed into place
/// whole, so a reader sees no folder or the whole folder; each file costs one creation. Files are
/// queued (from any thread) and created by two threads of the folder's own, not the shared pool's,
/// which may be decoding the images: creating files is kernel work serialised by the folder's lock,
/// so the caller's work goes on meanwhile. The first failure in file order is kept.
private final class StagingFolder: @unchecked Sendable {
    /// The folder's final path.
    let directory: String
    /// The hidden folder being filled.
    private let temporary: String
    /// The hidden folder, open.
    private let descriptor: Int32
    /// Files waiting to be created (bytes, path, file order), the next to take, whether more may come,
    /// and the first failure so far: all under `condition`.
    private var queue: [(data: Data, path: String, order: Int)] = []
    private var next = 0
    private var closed = false
    private var failure: (order: Int, error: AuditError)?
    private let condition = NSCondition()
    /// The creating threads, started with the first file.
    private let creating = DispatchGroup()

    /// Creates the hidden folder beside `directory` (a path without a trailing slash, as
    /// `EvidencePaths` keeps it) and `directory`'s parent when missing.
    /// - Throws: `AuditError` `.cannotWrite`.
    init(for directory: String) throws {
        let trimmed = directory
        let slash = trimmed.lastIndex(of: "/")
        let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? ""
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        if !parent.isEmpty && parent != "/" { try AtomicFile.makeDirectory(parent, namedByUser: true) }
        let temporary = AtomicFile.temporaryPath(for: name, in: parent)
        guard mkdir(temporary, 0o755) == 0 else {
            throw AuditError(
                .cannotWrite, "cannot create a temporary folder beside the folder", path: directory,
                cause: String(cString: strerror(errno)))
        }
        let descriptor = open(temporary, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let cause = String(cString: strerror(errno))
            rmdir(temporary)
            throw AuditError(.cannotWrite, "cannot open the temporary folder", path: directory, cause: cause)
        }
        self.directory = trimmed
        self.temporary = temporary
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Queues the file that will be at `path` (a file directly inside the folder), holding `data`;
    /// `order` places its failure, if any, among the others'.
    func add(_ data: Data, at path: String, order: Int) {
        condition.lock()
        precondition(!closed, "a file added after the folder was finished")
        if queue.isEmpty {
            for _ in 0..<2 {
                creating.enter()
                Thread { [self] in
                    createQueued()
                    creating.leave()
                }.start()
            }
        }
        queue.append((data, path, order))
        condition.signal()
        condition.unlock()
    }

    /// Waits until every queued file is created (or failed); later calls return at once.
    private func finishCreating() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        creating.wait()
    }

    /// A creating thread's loop: takes the next queued file until the queue is closed and empty.
    private func createQueued() {
        while true {
            condition.lock()
            while next == queue.count && !closed { condition.wait() }
            guard next < queue.count else {
                condition.unlock()
                return
            }
            let (data, path, order) = queue[next]
            next += 1
            condition.unlock()
            let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
            do {
                try AtomicFile.createNew(data, named: name, in: descriptor, reportedAs: path)
            } catch {
                let error =
                    error as? AuditError
                    ?? AuditError(.cannotWrite, "cannot write the file", path: path, cause: "\(error)")
                condition.lock()
                if failure.map({ order < $0.order }) ?? true { failure = (order, error) }
                condition.unlock()
            }
        }
    }

    /// Waits for the queued files, then renames the filled folder into place: true when done, false
    /// (and nothing left behind) when `directory` appeared meanwhile.
    /// - Throws: the first failure to create a file (the folder discarded), or `AuditError`
    ///   `.cannotWrite` when the rename fails.
    func moveIntoPlace() throws(AuditError) -> Bool {
        finishCreating()
        condition.lock()
        let failure = self.failure
        condition.unlock()
        if let failure {
            discard()
            throw failure.error
        }
        guard rename(temporary, directory) == 0 else {
            let code = errno
            discard()
            if code == EEXIST || code == ENOTEMPTY { return false }
            throw AuditError(
                .cannotWrite, "cannot move the new folder into place", path: directory,
                cause: String(cString: strerror(code)))
        }
        return true
    }

    /// Waits for the queued files, then removes the hidden folder and what it holds.
    func discard() {
        finishCreating()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}

/// Queues each usable image of a report being read for a `StagingFolder`, under the name
/// `EvidenceExport.write(_:to:namedByUser:)` gives it, as soon as it is decoded.
private final class ImageFileWriter: DecodedImageSink, @unchecked Sendable {
    private let directory: String
    private let paths: EvidencePaths
    /// The hidden folder, made by `prepare` (nil before, or when it could not be made); like
    /// `screens` and `issueCount`, set before any `take` and then only read.
    private(set) var staging: StagingFolder?
    private var screens: [Screen] = []
    private var issueCount = 0

    /// A writer for the new folder `directory` (a path without a trailing slash).
    init(directory: String) {
        self.directory = directory
        self.paths = EvidencePaths(directory: directory)
    }

    func prepare(for screens: [Screen]) {
        staging = try? StagingFolder(for: directory)
        self.screens = screens
        issueCount = screens.reduce(0) { $0 + $1.issues.count }
    }

    func take(_ image: ReportImage, screen: Int, issue: Int?) {
        guard let staging, image.isUsable else { return }
        // File order: each screen's screenshot, then its issues' thumbnails.
        let order = screen << 32 | (issue.map { $0 + 1 } ?? 0)
        let path =
            issue.map { paths.thumbnail(issueNumber: screens[screen].issues[$0].number, issueCount: issueCount) }
            ?? paths.screenshot(screenIndex: screen)
        staging.add(image.data, at: path, order: order)
    }
}
