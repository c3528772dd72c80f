import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees either the old content or the new one, never half of each.
///
/// Two kinds of file get two promises ("durability"): the user's own files survive a crash or a power
/// loss whole, old or new; files made from a report can be made again, so they are only renamed into
/// place, never synced one by one.
///
/// A path the tool writes is never followed through a symbolic link in its last component unless
/// the user named that very path (`namedByUser`): a link committed to a repository must not steer
/// a write outside it.
public enum AtomicFile {
    /// What a write promises after a crash or a power loss.
    public enum Durability: Sendable {
        /// The user's files (`audit.md`, the history, the baseline, the rule file): the data is
        /// fsynced before the rename and the folder after it, so the file is whole, old or new, even
        /// after a power loss.
        case durable
        /// Files made from a report (pictures, thumbnails, summaries, SVG): a temporary file renamed
        /// into place with no fsync. Readers never see half a file; after a power loss one may be
        /// old or empty, and running the command again makes it.
        case regenerable
    }

    /// Replaces `path` with `data`: writes a temporary file beside it and renames it over the target
    /// (with `.durable`, fsyncing the file before the rename and the folder after it). The target's
    /// permissions are kept when it exists.
    ///
    /// - Parameters:
    ///   - data: the new content.
    ///   - path: the file to replace.
    ///   - onlyIfChanged: when true and the file already holds exactly `data`, nothing is written and
    ///     the function returns false.
    ///   - durability: `.durable` for the user's files, `.regenerable` for files made from a report.
    ///   - namedByUser: the user gave this very path on the command line, so a symbolic link there is
    ///     followed to its target (which is replaced); otherwise a link there or at a folder on the way
    ///     (`Symlinks.refuseLinks(along:)`) is refused. A file in a folder the user named is written in
    ///     the folder `makeDirectory(_:namedByUser:)` returned.
    /// - Returns: whether the file was written.
    /// - Throws: `AuditError` with code `.cannotWrite`, naming the link when one was refused.
    @discardableResult
    public static func write(
        _ data: Data, to path: String, onlyIfChanged: Bool = false, durability: Durability = .durable,
        namedByUser: Bool = false
    ) throws -> Bool {
        try data.withUnsafeBytes {
            try write(
                bytes: $0, to: path, onlyIfChanged: onlyIfChanged, durability: durability, namedByUser: namedByUser)
        }
    }

    /// Replaces `path` with the UTF-8 of `text`, as `write(_:to:onlyIfChanged:durability:namedByUser:)`
    /// does with data, from the string's own bytes: a page of megabytes is not copied first.
    /// - Returns: whether the file was written.
    /// - Throws: `AuditError` with code `.cannotWrite`, naming the link when one was refused.
    @discardableResult
    public static func write(
        _ text: String, to path: String, onlyIfChanged: Bool = false, durability: Durability = .durable,
        namedByUser: Bool = false
    ) throws -> Bool {
        var text = text
        return try text.withUTF8 {
            try write(
                bytes: UnsafeRawBufferPointer($0), to: path, onlyIfChanged: onlyIfChanged, durability: durability,
                namedByUser: namedByUser)
        }
    }

    private static func write(
        bytes data: UnsafeRawBufferPointer, to path: String, onlyIfChanged: Bool, durability: Durability,
        namedByUser: Bool
    ) throws -> Bool {
        // One lstat tells whether the path is a link, whether it exists, its mode and its size: a
        // batch of thousands of pictures pays a handful of system calls a file, no more.
        // Unless the person named this path, no link on the way to it: a committed `Reports -> /elsewhere`.
        if !namedByUser { try Symlinks.refuseLinks(along: path) }
        var status = stat()
        var target = path
        var exists = lstat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) == S_IFLNK {
            // What the link finally names decides how to write: `/dev/stdout` ends in a pipe or a
            // terminal that no chain of readlink results names as a path.
            if namedByUser, stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
                return try writeInPlace(data, to: path, mode: status.st_mode, namedByUser: namedByUser)
            }
            target = try Symlinks.target(of: path, namedByUser: namedByUser)
            exists = stat(target, &status) == 0
        }
        if exists, (status.st_mode & S_IFMT) != S_IFREG {
            return try writeInPlace(data, to: target, mode: status.st_mode, namedByUser: namedByUser)
        }
        if onlyIfChanged, exists, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == data.count,
            holds(data, at: target)
        {
            return false
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<8 {
            temporary = temporaryPath(for: name, in: slash == nil ? "" : directory)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            throw AuditError(
                .cannotWrite, "cannot create a temporary file beside the target", path: path,
                cause: String(cString: strerror(errno)))
        }
        var failure = writeAll(data, to: fd)
        if failure == nil, exists {
            fchmod(fd, status.st_mode & 0o7777)
        }
        if failure == nil, durability == .durable, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if let failure {
            unlink(temporary)
            throw AuditError(.cannotWrite, "cannot write the file", path: path, cause: failure)
        }
        if rename(temporary, target) != 0 {
            let cause = String(cString: strerror(errno))
            unlink(temporary)
            throw AuditError(.cannotWrite, "cannot replace the file", path: path, cause: cause)
        }
        if durability == .durable { syncFolder(directory) }
        return true
    }

    /// Writes `data` into a path that exists and is no regular file. A character device (`/dev/null`,
    /// a terminal) or a FIFO the user named is opened and written, never replaced: renaming over it
    /// would put a regular file where the device or the pipe was, and the reader would never see the
    /// output. Any other kind (a folder, a socket), or a device the tool chose itself, is refused.
    /// - Throws: `AuditError` `.cannotWrite` naming the kind of file.
    private static func writeInPlace(
        _ data: UnsafeRawBufferPointer, to path: String, mode: mode_t, namedByUser: Bool
    ) throws -> Bool {
        let kind = mode & S_IFMT
        guard namedByUser, kind == S_IFCHR || kind == S_IFIFO else {
            throw AuditError(
                .cannotWrite, "is \(fileKind(mode)), not a regular file; refusing to replace it", path: path)
        }
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw AuditError(.cannotWrite, "cannot open the file", path: path, cause: String(cString: strerror(errno)))
        }
        let failure = writeAll(data, to: fd)
        close(fd)
        if let failure { throw AuditError(.cannotWrite, "cannot write the file", path: path, cause: failure) }
        return true
    }

    /// "a folder", "a socket", ...: the kind of a file by its `st_mode`, for error messages.
    package static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// Whether the regular file at `path` holds exactly `data` (compared a block at a time).
    private static func holds(_ expected: UnsafeRawBufferPointer, at path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: min(max(expected.count, 1), 1 << 20) + 1)
        var offset = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 && offset == expected.count }
            guard offset + count <= expected.count,
                buffer.withUnsafeBytes({ memcmp($0.baseAddress!, expected.baseAddress! + offset, count) }) == 0
            else { return false }
            offset += count
        }
    }

    /// Creates the file `name` in the open folder `folder`, which must not hold it yet (a link there
    /// is not followed), holding `data`; for files in a folder no one else sees yet. Errors name
    /// `reportedAs`.
    /// - Throws: `AuditError` `.cannotWrite`.
    package static func createNew(_ data: Data, named name: String, in folder: Int32, reportedAs: String) throws {
        let fd = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            throw AuditError(
                .cannotWrite, "cannot create the file", path: reportedAs, cause: String(cString: strerror(errno)))
        }
        let failure = data.withUnsafeBytes { writeAll($0, to: fd) }
        close(fd)
        if let failure { throw AuditError(.cannotWrite, "cannot write the file", path: reportedAs, cause: failure) }
    }

    /// A hidden name beside `name` in `directory` (the working folder when empty) for a temporary
    /// file or folder: `.<name>.tmp-<pid>-<random>-<counter>`, with `name` cut to its first
    /// `temporaryNameBytes` bytes (at a character boundary) so that a target whose name is near the
    /// file system's 255-byte limit still has a temporary name that fits.
    package static func temporaryPath(for name: String, in directory: String) -> String {
        var kept = Substring(name)
        while kept.utf8.count > temporaryNameBytes { kept = kept.dropLast() }
        return (directory.isEmpty ? "" : directory + "/") + "." + kept + ".tmp-" + temporarySuffix()
    }

    /// How many bytes of the target's name a temporary name keeps (the rest of it is at most 30 bytes).
    package static let temporaryNameBytes = 32

    /// A temporary file name's suffix unique in this process (`<pid>-<random>-<counter>`); a clash
    /// with a file another process left is caught by `O_EXCL` and the next suffix tried.
    private static func temporarySuffix() -> String {
        let number = temporaryCounter.next()
        return "\(temporaryPrefix)-\(number)"
    }

    private static let temporaryPrefix = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    private static let temporaryCounter = Counter()

    /// A thread-safe counter for temporary names.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }

    /// Fsyncs a folder, so the renames and creations in it survive a power loss; a batch of
    /// `.regenerable` writes that wants that promise calls this once at the end. Best effort: a
    /// folder that cannot be opened or synced is left as it is.
    /// - Parameter directory: the folder (the working folder when empty).
    public static func syncFolder(_ directory: String) {
        let dirfd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// Creates `path` and any missing parent folders.
    /// - Parameters:
    ///   - path: the folder.
    ///   - namedByUser: the user gave this very path on the command line; otherwise, when `path` or a
    ///     folder on the way to it is a symbolic link (to a folder or dangling), it is refused rather
    ///     than written into.
    /// - Returns: the folder to write its files in: `path`, or for a folder the user named with a link on
    ///   the way, where the links lead (`Symlinks.folderToWrite(_:namedByUser:)`), so the writes below it, which refuse
    ///   links on their whole path, land where the user chose.
    /// - Throws: `AuditError` with code `.cannotWrite`.
    @discardableResult
    public static func makeDirectory(_ path: String, namedByUser: Bool = false) throws -> String {
        // The working folder ("" as the folder of a bare file name) is there already.
        if path.isEmpty || path == "." { return path }
        let folder = try Symlinks.folderToWrite(path, namedByUser: namedByUser)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AuditError(
                .cannotWrite, "cannot create the folder", path: path, cause: SystemErrorText.reason(error))
        }
        return folder
    }

    /// Writes all of `data` to `fd`; returns the error text of a failed `write`, or nil.
    package static func writeAll(_ raw: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        var offset = 0
        while offset < raw.count {
            let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}

/// The rule for symbolic links on paths the tool writes: only a path the user named is followed.
public enum Symlinks {
    /// The message of a refused link; callers and tests find it in the error line.
    public static let refusal =
        "is a symbolic link; refusing to write through it unless this very path is named on the command line"

    /// Throws when `path` (its last component) is a symbolic link, dangling or not. Every writer goes
    /// through here (`AtomicFile`, the log's appender, the history, the evidence, the lock files).
    /// - Parameter path: the path the tool is about to write.
    /// - Throws: `AuditError` `.cannotWrite` naming the link and where it points.
    public static func refuseLink(at path: String) throws {
        if let destination = linkDestination(path) {
            throw AuditError(.cannotWrite, refusal, path: path, cause: "it points to \(destination)")
        }
    }

    /// Throws when `path` or a folder on the way to it (`checkedPrefixes(of:)`) is a symbolic link: a
    /// link committed to a repository (`Reports -> /elsewhere`) must not steer a write outside it. For
    /// the paths the user did not name: the history, the log and the batch's check of every path it
    /// will write before its first write (`AuditIngest.run`).
    /// - Throws: `AuditError` `.cannotWrite` naming the link and where it points.
    public static func refuseLinks(along path: String) throws {
        for prefix in checkedPrefixes(of: path) {
            if let destination = linkDestination(prefix) {
                throw AuditError(.cannotWrite, refusal, path: prefix, cause: "it points to \(destination)")
            }
        }
    }

    /// The paths a link may not be at on the way to `path`: for a relative path, each folder from the
    /// working folder on (`..` steps aside) and the path itself; for an absolute one, the folders below
    /// the working folder when it is inside it, else only the path itself (the folders above a project
    /// are the machine's, such as macOS's `/tmp`).
    package static func checkedPrefixes(of path: String) -> [String] {
        var relative = path
        var base = ""
        if path.hasPrefix("/") {
            let folder = FileManager.default.currentDirectoryPath
            let root = folder.hasSuffix("/") ? folder : folder + "/"
            guard path.hasPrefix(root), folder != "/" else { return [path] }
            base = String(root.dropLast())
            relative = String(path.dropFirst(root.count))
        }
        var prefixes: [String] = []
        var current = base
        for component in relative.split(separator: "/", omittingEmptySubsequences: true) {
            current = current.isEmpty ? String(component) : current + "/" + component
            if component == "." || component == ".." { continue }
            prefixes.append(current)
        }
        return prefixes.isEmpty ? [path] : prefixes
    }

    /// The path to write for `path`: itself when neither it nor a folder on the way is a link
    /// (`refuseLink(at:)`); when the user named it (`namedByUser`), its final target (a dangling link
    /// names the file to create), whatever the folders on the way are.
    /// - Parameters:
    ///   - path: the path the tool is about to write.
    ///   - namedByUser: whether the user gave this very path on the command line.
    /// - Throws: `AuditError` `.cannotWrite` for a refused link or a chain of more than 32 links.
    public static func target(of path: String, namedByUser: Bool) throws -> String {
        guard namedByUser else {
            try refuseLinks(along: path)
            return path
        }
        // Not a link itself: in the folder its links lead to, so the write below refuses none on its way.
        guard linkDestination(path) != nil else { return namedFile(path) }
        var current = path
        for _ in 0..<32 {
            guard let destination = linkDestination(current) else { return current }
            current =
                destination.hasPrefix("/")
                ? destination
                : PathName.join(PathName.parent(current), destination)
        }
        throw AuditError(.cannotWrite, "too many levels of symbolic links", path: path)
    }

    /// The folder to write the files of the folder `path` in. One the person named (`namedByUser`):
    /// itself when no link lies on the way to it (`checkedPrefixes(of:)`), else where its links lead
    /// (`realPath(_:)`), so every write below it can refuse links on its whole path and still land where
    /// the person chose. Any other: itself, once no link lies on the way (`refuseLinks(along:)`).
    /// - Throws: `AuditError` `.cannotWrite` naming the link, for a folder the person did not name.
    public static func folderToWrite(_ path: String, namedByUser: Bool) throws -> String {
        guard namedByUser else {
            try refuseLinks(along: path)
            return path
        }
        return namedFolder(path)
    }

    /// `path`, a file the person named, in the folder its folder's links lead to
    /// (`namedFolder(_:)`); itself when no link lies on the way.
    public static func namedFile(_ path: String) -> String {
        let folder = PathName.parent(path)
        guard !folder.isEmpty else { return path }
        let resolved = namedFolder(folder)
        return resolved == folder ? path : resolved + "/" + PathName.last(path)
    }

    /// The folder to write the files of `path` in, a folder the person named: see
    /// `folderToWrite(_:namedByUser:)`.
    public static func namedFolder(_ path: String) -> String {
        guard checkedPrefixes(of: path).contains(where: { linkDestination($0) != nil }) else { return path }
        return realPath(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// `path` with `.`, `..` and symbolic links resolved as far as it exists, the rest appended: where
    /// a write to it would land.
    public static func realPath(_ path: String) -> String {
        var existing = (path as NSString).standardizingPath
        var rest: [String] = []
        while !existing.isEmpty, existing != "/", !FileManager.default.fileExists(atPath: existing) {
            rest.insert(PathName.last(existing), at: 0)
            existing = PathName.parent(existing)
        }
        let resolved = (existing as NSString).resolvingSymlinksInPath
        let joined = ([resolved] + rest).joined(separator: "/")
        return (joined.replacingOccurrences(of: "//", with: "/") as NSString).standardizingPath
    }

    /// Where the link at `path` points, or nil when `path` is not a link (or does not exist).
    package static func linkDestination(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `errno` after an `open` with `O_NOFOLLOW` says the path was a link.
    package static func openRefusedLink(_ error: Int32) -> Bool { error == ELOOP || error == EMLINK }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
