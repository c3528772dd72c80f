import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files and folders of runs that were killed before they could rename or remove them
/// (`.<name>.tmp-<pid>-…` of `AtomicFile`, `.<name>.init-<pid>-…` of `ProjectSetup`), swept from the
/// folders a run writes so none stays in the user's tree.
///
/// A temporary is removed only when the process whose id its name carries no longer exists: a run
/// going on at the same time keeps its own.
public enum StaleTemporaries {
    /// Removes from `directory` (not its subfolders) every temporary whose process is gone.
    /// Best effort: a folder that cannot be listed or a file that cannot be removed is left as it is.
    /// - Parameter directory: the folder (the working folder when empty).
    /// - Returns: the paths removed.
    @discardableResult
    public static func sweep(_ directory: String) -> [String] {
        let folder = directory.isEmpty ? "." : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = processID(inTemporaryName: name), !isRunning(pid) else { continue }
            let path = directory.isEmpty ? name : directory + "/" + name
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }

    /// The id of the process that made the temporary named `name`, or nil when `name` is no
    /// temporary of the tool's: a hidden name with `.tmp-` or `.init-` followed by the decimal id.
    static func processID(inTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix(".") else { return nil }
        for marker in [".tmp-", ".init-"] {
            guard let range = name.range(of: marker, options: .backwards) else { continue }
            let digits = name[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let pid = pid_t(digits), pid > 0 { return pid }
        }
        return nil
    }

    /// Whether a process with id `pid` exists (one of another user's counts as existing).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
