import AuditKit
import Foundation

/// A fresh temporary folder for one test, removed by the caller with `remove()`.
public struct TemporaryDirectory: Sendable {
    /// The folder's path.
    public let path: String

    /// Creates a new empty folder under the system's temporary folder.
    public init(prefix: String = "auditkit-test") throws {
        let base = NSTemporaryDirectory() + "/\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    /// The folder every temporary folder is made in, with its links resolved: the ceiling above which
    /// `runTool` lets no run look for a project.
    public static let ceiling = Symlinks.realPath(NSTemporaryDirectory())

    /// `path/name`.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Deletes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

extension String {
    /// This text of a recorded judgement (`history.judgement.json`) with its last line, the seal, made
    /// again for the lines before it: what a person who edits a record and seals it again writes, so tests
    /// can tell a record is read (a place renamed in it is the place a command names).
    public var resealedRecord: String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        if lines.last?.hasPrefix("{\"seal\":") == true { lines.removeLast() }
        let sealed = lines.joined(separator: "\n") + "\n"
        return sealed + "{\"seal\":\"\(SHA256.hexDigest(of: Data(sealed.utf8)))\"}\n"
    }
}
