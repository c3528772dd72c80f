import Foundation

/// The project a command works on, found by walking up from the working folder as `git` and
/// `swift-format` find theirs: the nearest folder holding `auditkit.json`, else the nearest holding
/// `Reports/history.jsonl` or an `audit.md` with AuditKit sessions, never above the root of the git
/// repository it is in nor into a folder `GIT_CEILING_DIRECTORIES` names (as git stops there). Without
/// one the working folder is the project. Every path of the project resolves against its root, whatever
/// the working folder.
public struct Project: Sendable, Hashable {
    /// Where the tool keeps its own files in a project, from its root: the one definition `HistoryFile`,
    /// `Baseline` and `RuleFile` take their default paths from, and that `ownFiles` refuses as output.
    public enum OwnFile {
        /// The history.
        public static let history = "Reports/history.jsonl"
        /// The baseline.
        public static let baseline = "Reports/baseline.json"
        /// The rule file.
        public static let rules = "auditkit.rules.json"
    }

    /// What made a folder the project's root.
    public enum Marker: String, Sendable, Hashable {
        /// It holds `auditkit.json`.
        case projectFile = "auditkit.json"
        /// It holds `Reports/history.jsonl`.
        case history = "Reports/history.jsonl"
        /// It holds an `audit.md` with AuditKit sessions.
        case log = "audit.md"
        /// Nothing was found: the working folder.
        case workingFolder = "the working folder"
    }

    /// The root as a path from the working folder: "" for the working folder itself, else `..`,
    /// `../..`, ...
    public var root: String
    /// The root as an absolute path.
    public var absoluteRoot: String
    /// What made it the root.
    public var marker: Marker
    /// The project file, when the root holds one.
    public var file: ProjectFile?

    /// A project rooted at `root` (relative to the working folder) with what marked it and its file.
    public init(root: String, absoluteRoot: String, marker: Marker, file: ProjectFile?) {
        self.root = root
        self.absoluteRoot = absoluteRoot
        self.marker = marker
        self.file = file
    }

    /// The project around `directory` (the working folder by default), looked for up to the folders
    /// `ceilings` names (default: `GIT_CEILING_DIRECTORIES`, colon-separated absolute paths), which are
    /// not searched, as git does not.
    /// - Throws: the project file's `AuditError` when the nearest one cannot be read or parsed.
    public static func locate(
        from directory: String = FileManager.default.currentDirectoryPath,
        ceilings: [String] = ceilingFolders(ProcessInfo.processInfo.environment)
    ) throws -> Project {
        let files = FileManager.default
        let start = (directory as NSString).standardizingPath
        let ceilings = Set(ceilings.map(Symlinks.realPath))
        var folder = start
        var up: [String] = []
        while true {
            let relative = up.joined(separator: "/")
            func path(_ name: String) -> String { relative.isEmpty ? name : relative + "/" + name }
            if files.fileExists(atPath: folder + "/" + ProjectFile.defaultFileName) {
                let file = try ProjectFile.load(path: path(ProjectFile.defaultFileName))
                let project = Project(root: relative, absoluteRoot: folder, marker: .projectFile, file: file)
                try project.refusePathsOutside()
                return project
            }
            if files.fileExists(atPath: folder + "/" + Marker.history.rawValue) {
                return Project(root: relative, absoluteRoot: folder, marker: .history, file: nil)
            }
            if hasAuditKitSessions(folder + "/" + Marker.log.rawValue) {
                return Project(root: relative, absoluteRoot: folder, marker: .log, file: nil)
            }
            // Never above a repository's root: a project does not span repositories.
            if files.fileExists(atPath: folder + "/.git") { break }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty || ceilings.contains(Symlinks.realPath(parent)) { break }
            folder = parent
            up.append("..")
        }
        return Project(root: "", absoluteRoot: start, marker: .workingFolder, file: nil)
    }

    /// The folders `GIT_CEILING_DIRECTORIES` in `environment` names: absolute paths separated by colons
    /// (an empty or relative entry is ignored, as git ignores it).
    public static func ceilingFolders(_ environment: [String: String]) -> [String] {
        (environment["GIT_CEILING_DIRECTORIES"] ?? "").split(separator: ":").map(String.init)
            .filter { $0.hasPrefix("/") }.map { ($0 as NSString).standardizingPath }
    }

    /// Whether the log at `path` holds a session AuditKit wrote (its report marker).
    static func hasAuditKitSessions(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return false }
        return data.range(of: Data("<!-- auditkit:report ".utf8)) != nil
    }

    /// `path` (relative to the root, as the project file writes it) as a path from the working folder;
    /// an absolute path is returned as it is.
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || root.isEmpty { return path }
        return root + "/" + path
    }

    /// Throws when a path the project file gives leads outside the project's root, after resolving
    /// symbolic links (`"reports": "/elsewhere"`, `"log": "../x"`, a folder linked out): the file is the
    /// repository's, which a pull request can change, so it never steers a read or a write out of the
    /// repository. A path named on the command line is the person's choice and is not checked.
    /// - Throws: `AuditError` `.badInput` naming the project file and the key.
    func refusePathsOutside() throws {
        guard let file else { return }
        let settings: [(key: String, value: String?)] =
            [
                ("reports", file.reports), ("log", file.log), ("rules", file.rules), ("scan", file.scan),
                ("templates", file.templates),
            ] + file.sources.enumerated().map { ("sources[\($0)]", $1) }
        for (key, value) in settings {
            guard let value, let real = outside(resolve(value)) else { continue }
            throw AuditError(
                .badInput,
                "\"\(key)\" leads outside the project (\(value) is \(real)); the project file's paths stay inside "
                    + "\(Symlinks.realPath(absoluteRoot)), and one outside is given on the command line",
                path: resolve(ProjectFile.defaultFileName))
        }
        try refuseOwnFilesAsOutput()
    }

    /// The tool's own files in the project: each with what people call it.
    var ownFiles: [(name: String, path: String)] {
        [
            ("the history", reportsFolder + "/" + PathName.last(OwnFile.history)),
            ("the recorded judgement", reportsFolder + "/history.judgement.json"),
            ("the judgement's state", reportsFolder + "/history.judgement-state.json"),
            ("the baseline", reportsFolder + "/" + PathName.last(OwnFile.baseline)),
            ("the project file", resolve(ProjectFile.defaultFileName)),
            ("the rule file", resolve(file?.rules ?? OwnFile.rules)),
        ] + ((file?.scan).map { [("the scan configuration", resolve($0))] } ?? [])
    }

    /// Throws when the project file names one of the tool's own files (`ownFiles`) as the log, the one
    /// file it names to write: a session written into the history would make every later command fail.
    /// Paths are compared after links, ignoring case (a file system that ignores it finds the same file).
    /// - Throws: `AuditError` `.badInput` naming the project file, the key and the file.
    func refuseOwnFilesAsOutput() throws {
        guard let log = file?.log else { return }
        func real(_ path: String) -> String {
            Symlinks.realPath(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
                .lowercased()
        }
        let written = real(resolve(log))
        for own in ownFiles where real(own.path) == written {
            throw AuditError(
                .badInput,
                "\"log\" names \(own.name) (\(log)); the log is a Markdown file of its own, such as audit.md",
                path: resolve(ProjectFile.defaultFileName))
        }
    }

    /// Where `path` (from the working folder) really leads when that is outside the project's root;
    /// nil when it stays inside.
    public func outside(_ path: String) -> String? {
        let root = Symlinks.realPath(absoluteRoot)
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let real = Symlinks.realPath(absolute)
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/") ? nil : real
    }

    /// The reports folder: the project file's, else `Reports`, from the working folder.
    public var reportsFolder: String { resolve(file?.reports ?? "Reports") }
}

extension Project {
    /// The working folder as the project, with no project file (`init` sets a project up where it runs).
    public static var workingFolder: Project {
        Project(root: "", absoluteRoot: FileManager.default.currentDirectoryPath, marker: .workingFolder, file: nil)
    }
}
