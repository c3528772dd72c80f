import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees either the old content or the new one, never half of each.
public enum AtomicFile {
    /// Replaces `path` with `data`: writes a temporary file beside it, fsyncs it, renames it over
    /// the target and fsyncs the folder. The target's permissions are kept when it exists.
    ///
    /// - Parameters:
    ///   - data: the new content.
    ///   - path: the file to replace.
    ///   - onlyIfChanged: when true and the file already holds exactly `data`, nothing is
    ///     written and the function returns false.
    /// - Returns: whether the file was written.
    /// - Throws: `AuditError` with code `.cannotWrite`.
    @discardableResult
    public static func write(_ data: Data, to path: String, onlyIfChanged: Bool = false) throws -> Bool {
        if onlyIfChanged, let existing = FileManager.default.contents(atPath: path), existing == data {
            return false
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary =
            directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw AuditError(
                .cannotWrite, "cannot create a temporary file beside the target", path: path,
                cause: String(cString: strerror(errno)))
        }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc_write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        var status = stat()
        if failure == nil, stat(path, &status) == 0 {
            fchmod(fd, status.st_mode & 0o7777)
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if let failure {
            unlink(temporary)
            throw AuditError(.cannotWrite, "cannot write the file", path: path, cause: failure)
        }
        if rename(temporary, path) != 0 {
            let cause = String(cString: strerror(errno))
            unlink(temporary)
            throw AuditError(.cannotWrite, "cannot replace the file", path: path, cause: cause)
        }
        let dirfd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
        return true
    }

    /// Creates `path` and any missing parent folders.
    /// - Throws: `AuditError` with code `.cannotWrite`.
    public static func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw AuditError(
                .cannotWrite, "cannot create the folder", path: path, cause: SystemErrorText.reason(error))
        }
    }
}

#if canImport(Glibc)
    private let Glibc_write = Glibc.write
#elseif canImport(Darwin)
    private let Glibc_write = Darwin.write
#endif
