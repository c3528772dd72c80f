import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock (`flock`) on a lock file, used so two runs never replace a user's file at once.
public enum FileLock {
    /// Runs `body` while holding an exclusive `flock` on `lockPath` (created if needed; left in place,
    /// as removing it would race with other waiters). Blocks until the lock is free. The lock file is
    /// never opened through a symbolic link (nobody names a lock on the command line).
    /// - Throws: `AuditError` with code `.cannotWrite` when the lock file cannot be opened or is a
    ///   symbolic link, or whatever `body` throws.
    public static func withExclusiveLock<T>(at lockPath: String, _ body: () throws -> T) throws -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            if Symlinks.openRefusedLink(errno) { try Symlinks.refuseLink(at: lockPath) }
            throw AuditError(
                .cannotWrite, "cannot open the lock file", path: lockPath,
                cause: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            throw AuditError(
                .cannotWrite, "cannot lock the file", path: lockPath,
                cause: String(cString: strerror(errno)))
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The conventional lock path for a user file: `path` + `.lock`, in the same folder.
    public static func lockPath(for path: String) -> String { path + ".lock" }
}
