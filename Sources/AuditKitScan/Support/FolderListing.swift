import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder's names as the file system holds them, including those that are not valid UTF-8.
///
/// Foundation's `contentsOfDirectory` leaves such names out, so `ingest DIR` once skipped their
/// reports silently ("0 failed"). A Swift `String` cannot hold their bytes; they are listed repaired
/// (each invalid byte as U+FFFD) and flagged, so every command can report them as failed, by name.
public enum FolderListing {
    /// The names in `folder` (not `.` and `..`), each with whether it is valid UTF-8.
    /// - Throws: `AuditError` `.missingInput` when the folder cannot be listed.
    public static func names(in folder: String) throws(AuditError) -> [(name: String, isUTF8: Bool)] {
        guard let directory = opendir(folder) else {
            throw AuditError(
                .missingInput, "cannot list the folder", path: folder, cause: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var names: [(name: String, isUTF8: Bool)] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
            names.append((String(decoding: bytes, as: UTF8.self), isUTF8))
        }
        return names
    }

    /// The error for a report whose name (`path`, repaired) is not valid UTF-8.
    public static func notUTF8(_ path: String) -> AuditError {
        AuditError(
            .badInput,
            "the file's name is not valid UTF-8 (its invalid bytes show as \u{FFFD}), so AuditKit cannot "
                + "open it by name; rename the file", path: path)
    }
}
