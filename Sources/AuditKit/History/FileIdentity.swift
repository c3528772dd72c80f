import Foundation

/// A file on this machine: its size, modification and change times (nanoseconds since 1970), device and
/// inode.
struct FileIdentity: Codable, Sendable, Equatable {
    var bytes: Int
    var modified: Int64
    var changed: Int64
    var device: UInt64
    var inode: UInt64

    /// The file at `path` now (links followed); nil when it cannot be read.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        bytes = Int(status.st_size)
        #if canImport(Darwin)
            let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
            let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// Whether this is the file `stamp` names (its size, modification time, device and inode).
    func isFile(_ stamp: HistoryStamp) -> Bool {
        bytes == stamp.bytes && modified == stamp.modified && device == stamp.device && inode == stamp.inode
    }
}
