import Foundation

/// Where the tool writes (and the log looks for) the pictures made from a report, so every command
/// agrees: by default a folder named after the report, beside it.
///
/// For `Reports/AuditReport_2026-01-02_11-02-25.html` the folder is
/// `Reports/AuditReport_2026-01-02_11-02-25/`, holding `index_sheet.png` (or `index_sheet_1.png`, ...
/// when paged), `overlay_screen_1.png`, ... and, from `extract --thumbnails`, `issue_01.jpg`, ... and
/// `screen_1.jpg`, ...
public struct EvidencePaths: Sendable, Hashable {
    /// The folder.
    public var directory: String
    /// Whether the user named `directory` itself (`--output DIR`): only then may it be a symbolic
    /// link; the writers refuse a link in place of a folder the tool chose.
    public var namedByUser: Bool

    /// The folder for the report at `reportPath`: beside it by default, or inside `root` when one is
    /// given (`ingest --out Reports`); either way named after the report without its extension. Every
    /// command and the pass decide the folder here and only here.
    public init(reportPath: String, root: String? = nil) {
        if let root {
            self.directory = PathName.join(root, PathName.deletingExtension(PathName.last(reportPath)))
        } else {
            self.directory = PathName.deletingExtension(reportPath)
        }
        self.namedByUser = false
    }

    /// Whether the folder is there: a report whose folder is gone (a fresh clone, where it is
    /// git-ignored) gets its pictures drawn again by `ingest`, `audit` and `html`.
    public var isOnDisk: Bool { FileManager.default.fileExists(atPath: directory) }

    /// A folder chosen by the user (`namedByUser`); trailing slashes are dropped (`out/` is `out`). With
    /// a link on the way to it, the folder is where the links lead (`Symlinks.namedFolder(_:)`), so each
    /// file written in it refuses links on its whole path.
    public init(directory: String) {
        self.directory = Symlinks.namedFolder(Self.trimmed(directory))
        self.namedByUser = true
    }

    /// `directory` without trailing slashes (`out/` is `out`; `/` stays).
    static func trimmed(_ directory: String) -> String {
        var directory = Substring(directory)
        while directory.count > 1, directory.hasSuffix("/") { directory = directory.dropLast() }
        return String(directory)
    }

    /// `index_sheet.png` for a single page; `index_sheet_N.png` (1-based) for page N of several.
    public func indexSheet(page: Int? = nil, fileExtension: String = "png") -> String {
        if let page { return directory + "/index_sheet_\(page).\(fileExtension)" }
        return directory + "/index_sheet.\(fileExtension)"
    }

    /// `overlay_screen_N.png` for the screen at zero-based `screenIndex` (N = index + 1).
    public func overlay(screenIndex: Int) -> String {
        directory + "/overlay_screen_\(screenIndex + 1).png"
    }

    /// `issue_07.jpg`: zero-padded to the number of digits in `issueCount`.
    public func thumbnail(issueNumber: Int, issueCount: Int) -> String {
        directory + "/" + EvidencePaths.thumbnailFileName(issueNumber: issueNumber, issueCount: issueCount)
    }

    /// `screen_N.jpg` for the screen at zero-based `screenIndex`.
    public func screenshot(screenIndex: Int) -> String {
        directory + "/screen_\(screenIndex + 1).jpg"
    }

    /// The names AuditKit writes beside the evidence folders in a reports folder: a report whose folder
    /// would take one of them (`history.jsonl.html` → `Reports/history.jsonl/`) would break every
    /// later command, so it is refused (`refuseReservedFolder`). Compared without case, as macOS's
    /// file systems do.
    public static let reservedNames: Set<String> = [
        "history.jsonl", "history.judgement.json", "history.judgement-state.json", "history.judgement.local",
        "baseline.json", "summary.md",
        "index.html", "trend.svg",
        "auditkit-site.css",
        "auditkit-site.js", "audit.md", "auditkit.rules.json", "auditkit.scan.json",
    ]

    /// The folder name of the report named `fileName` (its evidence and its site page): the name
    /// without its extension.
    public static func folderName(forReportFileName fileName: String) -> String {
        PathName.deletingExtension(PathName.last(fileName))
    }

    /// Throws when the report at `reportPath` would get a folder named like one of the tool's own
    /// files (`reservedNames`, a lock file `*.lock`), a hidden or temporary name (`.x`), or no name.
    /// Called before anything of the report is written.
    /// - Throws: `AuditError` `.badInput` naming the report and the folder.
    public static func refuseReservedFolder(forReportPath reportPath: String) throws(AuditError) {
        let folder = folderName(forReportFileName: reportPath)
        let lower = folder.lowercased()
        guard folder.isEmpty || folder.hasPrefix(".") || reservedNames.contains(lower) || lower.hasSuffix(".lock")
        else { return }
        throw AuditError(
            .badInput,
            "the report's evidence folder and page would be named '\(folder)', "
                + (folder.isEmpty || folder.hasPrefix(".")
                    ? "an empty or hidden name" : "a name AuditKit uses for its own files")
                + "; rename the report", path: reportPath)
    }

    /// `issue_07.jpg` for issue 7 of a report with 10 to 99 issues (at least two digits).
    public static func thumbnailFileName(issueNumber: Int, issueCount: Int) -> String {
        let width = max(2, String(max(issueCount, 1)).count)
        return "issue_" + zeroPadded(issueNumber, width: width) + ".jpg"
    }
}
