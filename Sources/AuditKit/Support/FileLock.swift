import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock (`flock`) on a lock file, used so two runs never replace a user's file at once.
///
/// The lock file exists only while a run holds it, as git's `index.lock` does: the holder removes it
/// before it lets go, so nothing is left in the user's tree. A run that waited on a file the holder
/// removed finds the name gone (or naming another file) once it gets the lock, and starts again.
public enum FileLock {
    /// Runs `body` while holding an exclusive `flock` on `lockPath` (created if needed, removed before
    /// the lock is released). Blocks until the lock is free. The lock file is never opened through a
    /// symbolic link (nobody names a lock on the command line).
    /// - Throws: `AuditError` with code `.cannotWrite` when the lock file cannot be opened or is a
    ///   symbolic link, or whatever `body` throws.
    public static func withExclusiveLock<T>(at lockPath: String, _ body: () throws -> T) throws -> T {
        while true {
            let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else {
                if Symlinks.openRefusedLink(errno) { try Symlinks.refuseLink(at: lockPath) }
                throw AuditError(
                    .cannotWrite, "cannot open the lock file", path: lockPath,
                    cause: String(cString: strerror(errno)))
            }
            while flock(fd, LOCK_EX) != 0 {
                if errno == EINTR { continue }
                let cause = String(cString: strerror(errno))
                close(fd)
                throw AuditError(.cannotWrite, "cannot lock the file", path: lockPath, cause: cause)
            }
            guard isStillNamed(fd, lockPath) else {
                // The run before removed this file on release: lock the one at the name now.
                flock(fd, LOCK_UN)
                close(fd)
                continue
            }
            defer {
                unlink(lockPath)
                flock(fd, LOCK_UN)
                close(fd)
            }
            return try body()
        }
    }

    /// Removes the lock file at `lockPath` that a killed run left behind, when no run holds it now (a
    /// run holding it is left alone). Best effort.
    public static func removeIfStale(_ lockPath: String) {
        let fd = open(lockPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return }
        if isStillNamed(fd, lockPath) { unlink(lockPath) }
        flock(fd, LOCK_UN)
    }

    /// Whether `path` still names the file open as `fd`.
    private static func isStillNamed(_ fd: Int32, _ path: String) -> Bool {
        var held = stat()
        var named = stat()
        guard fstat(fd, &held) == 0, lstat(path, &named) == 0 else { return false }
        return held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// The conventional lock path for a user file: `path` + `.lock`, in the same folder.
    public static func lockPath(for path: String) -> String { path + ".lock" }
}
