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
