import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `auditkit init` sets up in a project: the pieces the pass reads and writes, each created only
/// when it is missing. Nothing that exists is ever replaced.
public struct ProjectSetup: Sendable {
    /// One piece of the set-up and what became of it.
    public struct Piece: Sendable, Hashable {
        /// What happened.
        public enum Action: String, Sendable, Hashable {
            /// It was missing and is now there.
            case created
            /// It was there already and was left as it is.
            case leftAsItIs = "left-as-it-is"
            /// It was there and lacked lines the project needs; they were added at its end.
            case updated
        }

        /// The file or folder.
        public var path: String
        /// What it is for, e.g. `the audit log`.
        public var role: String
        /// What happened to it.
        public var action: Action
    }

    /// `Templates/`: the log's templates, so a team can reword them.
    public var templatesDirectory: String
    /// The audit log, created from `audit.md`.
    public var logPath: String
    /// The commented example rule file.
    public var rulesPath: String
    /// The folder reports are saved into and evidence is written under.
    public var reportsDirectory: String
    /// The source folders the project file names (`init --source`).
    public var sources: [String]
    /// The places the person named on the command line (`init --templates DIR`, …): only there may a
    /// symbolic link stand; at a default place a link (a committed `Templates -> /elsewhere`) is refused
    /// before anything is created.
    public var namedByUser: Set<String> = []

    /// A set-up with the given places; the defaults are the tool's.
    public init(
        templatesDirectory: String = "Templates", logPath: String = "audit.md",
        rulesPath: String = RuleFile.defaultFileName, reportsDirectory: String = "Reports", sources: [String] = []
    ) {
        self.sources = sources
        self.templatesDirectory = templatesDirectory
        self.logPath = logPath
        self.rulesPath = rulesPath
        self.reportsDirectory = reportsDirectory
    }

    /// Creates whatever is missing, in order: the reports folder, the templates (each file), the log
    /// (from the templates just written or found) and the rule file.
    /// - Returns: every piece with what became of it.
    /// - Throws: `AuditError` `.cannotWrite` when something cannot be created.
    public func apply(date: String = SessionFacts.today()) throws -> [Piece] {
        let planned =
            [reportsDirectory, templatesDirectory, logPath, rulesPath, ProjectFile.defaultFileName, ".gitignore"]
            + TemplateKind.allCases.map { templatesDirectory + "/" + $0.fileName }
        for path in planned
        where !namedByUser.contains(path) && !namedByUser.contains(where: { path.hasPrefix($0 + "/") }) {
            try Symlinks.refuseLinks(along: path)
        }
        var pieces: [Piece] = []
        let files = FileManager.default
        /// Where `path` is written: below a folder the person named, where that folder's links lead
        /// (`Symlinks.namedFolder(_:)`), as every write refuses links on its whole path.
        func written(_ path: String) -> String {
            guard let named = namedByUser.first(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return path }
            return Symlinks.namedFolder(named) + path.dropFirst(named.count)
        }
        func folder(_ path: String, _ role: String) throws {
            var isDirectory: ObjCBool = false
            if files.fileExists(atPath: path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw AuditError(.cannotWrite, "exists and is not a folder", path: path)
                }
                pieces.append(Piece(path: path + "/", role: role, action: .leftAsItIs))
            } else {
                try AtomicFile.makeDirectory(path, namedByUser: namedByUser.contains(path))
                pieces.append(Piece(path: path + "/", role: role, action: .created))
            }
        }
        func file(_ path: String, _ role: String, _ text: () throws -> String) throws {
            let created = try ProjectSetup.createExclusively(Data(try text().utf8), at: written(path))
            pieces.append(Piece(path: path, role: role, action: created ? .created : .leftAsItIs))
        }
        try folder(reportsDirectory, "reports and their evidence")
        try folder(templatesDirectory, "the log's templates")
        for kind in TemplateKind.allCases {
            try file(templatesDirectory + "/" + kind.fileName, "template") { kind.builtinText }
        }
        let templates = try TemplateSet(directory: templatesDirectory)
        try file(logPath, "the audit log") { AuditLogWriter(templates: templates).newLogText(sources: [], date: date) }
        try file(rulesPath, "the rule file") {
            // The example must stay a valid rule file: parse it before writing.
            _ = try RuleFile(parsing: Array(RuleFile.example.utf8), path: rulesPath)
            return RuleFile.example
        }
        try file(ProjectFile.defaultFileName, "the project file") { projectFile.text }
        let ignored = try addIgnoredLines(to: ".gitignore")
        pieces.append(Piece(path: ".gitignore", role: "what git leaves out", action: ignored))
        return pieces
    }

    /// The folders at the top of `root` that hold Swift sources or string catalogs, in name order: what
    /// `init` names as the project's sources when none are given, so mapping works from the first run.
    /// Hidden folders, `excluded` ones (the reports and templates folders), build products and
    /// dependencies (`.build`, `build`, `DerivedData`, `Pods`, `Carthage`), test folders (a name ending
    /// in `Tests`) and Xcode's bundles (`.xcodeproj`, `.xcworkspace`) are not; links are not followed.
    /// At most `budget` entries of each folder's tree are looked at.
    public static func sourceFolders(in root: String, excluding excluded: Set<String>, budget: Int = 20_000)
        -> [String]
    {
        let files = FileManager.default
        let skipped = SourceFiles.skippedFolders.union(["build"])
        let bundles = [".xcodeproj", ".xcworkspace", ".xcassets", ".bundle", ".playground", ".app", ".framework"]
        guard let names = try? files.contentsOfDirectory(atPath: root) else { return [] }
        var found: [String] = []
        for name in names.sorted() {
            guard !name.hasPrefix("."), !skipped.contains(name), !excluded.contains(name), !name.hasSuffix("Tests"),
                !bundles.contains(where: name.hasSuffix)
            else { continue }
            let path = root == "." ? name : PathName.join(root, name)
            guard (try? files.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory,
                let walk = files.enumerator(atPath: path)
            else { continue }
            var seen = 0
            while let entry = walk.nextObject() as? String, seen < budget {
                seen += 1
                let last = PathName.last(entry)
                if last.hasPrefix(".") || skipped.contains(last) || bundles.contains(where: last.hasSuffix) {
                    walk.skipDescendants()
                    continue
                }
                if SourceFiles.holdsSourceText(last) {
                    found.append(name)
                    break
                }
            }
        }
        return found
    }

    /// The project file `init` writes: the places of this set-up, so every command finds them from any
    /// folder of the project.
    public var projectFile: ProjectFile {
        ProjectFile(
            sources: sources, rules: rulesPath, log: logPath, reports: reportsDirectory, templates: templatesDirectory)
    }

    /// The `.gitignore` lines of a project: what every run makes again from the reports and the history
    /// (the evidence folders, the site, the summary, the trend chart), this machine's note of the records
    /// it wrote (`JudgementRecordFile.localStampPath`, which names files by inode and time) and the
    /// temporaries of interrupted runs. The log, the history, its recorded judgement (which names the
    /// history by content, so a clone reads it without judging again), the baseline, the project file
    /// and the rule file are left to commit.
    public var ignoredLines: [String] {
        let reports = reportsDirectory.hasSuffix("/") ? String(reportsDirectory.dropLast()) : reportsDirectory
        return [
            "# AuditKit: made again from the reports by every run (commit the log, \(reports)/history.jsonl,",
            "# \(reports)/history.judgement.json, \(reports)/baseline.json, \(ProjectFile.defaultFileName) and the rule file).",
            "\(reports)/*/",
            "\(reports)/index.html",
            "\(reports)/auditkit-site.css",
            "\(reports)/auditkit-site.js",
            "\(reports)/summary.md",
            "\(reports)/trend.svg",
            PathName.join(reports, PathName.last(JudgementRecordFile(history: HistoryFile()).localStampPath)),
            "# Temporaries of interrupted runs (the next run removes them).",
            ".*.tmp-*",
        ]
    }

    /// Adds to the ignore file at `path` those of `ignoredLines` it lacks (all of them, creating it,
    /// when there is none), keeping every line that is there.
    /// - Returns: what became of the file.
    /// - Throws: `AuditError` `.cannotWrite`.
    func addIgnoredLines(to path: String) throws -> Piece.Action {
        let existing = FileManager.default.contents(atPath: path)
        let text = existing.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let present = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = ignoredLines.filter { !$0.hasPrefix("#") && !present.contains($0) }
        guard !missing.isEmpty else { return .leftAsItIs }
        let added = ignoredLines.filter { $0.hasPrefix("#") || missing.contains($0) }
        let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
        let updated = text + separator + added.joined(separator: "\n") + "\n"
        if existing == nil {
            if try ProjectSetup.createExclusively(Data(updated.utf8), at: path) { return .created }
            return .leftAsItIs
        }
        try AtomicFile.write(Data(updated.utf8), to: path)
        return .updated
    }

    /// Writes `data` to `path` only if nothing (not even a dangling symlink) is there: a complete
    /// temporary file is hard-linked to the name, which fails when the name exists, so two runs at once
    /// cannot both create it and a reader never sees half a file.
    /// - Returns: whether the file was created.
    static func createExclusively(_ data: Data, at path: String) throws -> Bool {
        var status = stat()
        if lstat(path, &status) == 0 { return false }
        let url = URL(fileURLWithPath: path)
        let temporary =
            url.deletingLastPathComponent().path + "/." + url.lastPathComponent
            + ".init-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try AtomicFile.write(data, to: temporary)
        defer { unlink(temporary) }
        if link(temporary, path) == 0 { return true }
        if errno == EEXIST { return false }
        throw AuditError(.cannotWrite, "cannot create the file", path: path, cause: String(cString: strerror(errno)))
    }
}
