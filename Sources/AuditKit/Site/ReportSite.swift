import Foundation

/// Writes the static site of the audits into a folder (`Reports/` by default): `index.html`, one
/// `<report name>/index.html` per report in the report's evidence folder, and the stylesheet and
/// script they share. No network, no third-party file, relative links only, so the folder can be
/// zipped or published as a CI artifact.
///
/// Every file is written atomically (renamed into place, regenerable like the pictures) and only when
/// its content changes; a page is made only from its report and the one before it, so it stays valid
/// when later reports are added. A file with the name of a page that AuditKit did not write (no
/// generator tag) is never replaced.
public struct ReportSite: Sendable {
    /// The site's folder: its `index.html` and the reports' evidence folders are here.
    public var root: String
    /// Whether the person named `root` on the command line (`--out`): only then may it be a symbolic link.
    /// Set, the root becomes the folder its links lead to (`Symlinks.namedFolder(_:)`), so each file of
    /// the site is written refusing links on its whole path.
    public var rootNamedByUser = false {
        didSet { if rootNamedByUser { root = Symlinks.namedFolder(root) } }
    }
    /// Folder names of report pages this run is about to write (a batch writes them at once), so a
    /// page links to the previous audit's page when that page exists or is among these.
    public var pagesBeingWritten: Set<String> = []

    /// A site in `root`.
    public init(root: String) {
        // An empty root (a report in the working folder) is the working folder, never `/`.
        self.root = root.isEmpty ? "." : root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// The site of a pass's report: the folder that holds its evidence folder.
    public init(evidence: EvidenceFiles) {
        self.init(root: PathName.parent(evidence.directory))
    }

    /// `root/index.html`.
    public var indexPath: String { root + "/index.html" }

    /// Every place a run that writes this site (its index, assets, summary and trend chart, and the page
    /// folder of each report of `reportPaths`) writes, the root first: what a command checks for
    /// committed links before its first write (`Symlinks.refuseLinks(along:)`).
    public func writtenPaths(reports reportPaths: [String]) -> [String] {
        [root, indexPath]
            + ["summary.md", "trend.svg", SiteAssets.stylesheetName, SiteAssets.scriptName].map { root + "/" + $0 }
            + reportPaths.map { EvidencePaths(reportPath: $0, root: root).directory }
    }

    /// `root/<report name>/index.html`, the page of the report named `fileName`.
    public func pagePath(forReportFileName fileName: String) -> String {
        root + "/" + ReportPage.folderName(forReportFileName: fileName) + "/index.html"
    }

    /// One file the site writer wrote, or found already holding what it would write.
    public struct File: Sendable, Hashable {
        /// The file.
        public var path: String
        /// Whether its content changed (false: it already held exactly this).
        public var changed: Bool
    }

    /// Writes the stylesheet and the script.
    /// - Returns: the two files.
    /// - Throws: `AuditError` `.cannotWrite`.
    @discardableResult
    public func writeAssets() throws -> [File] {
        try AtomicFile.makeDirectory(root, namedByUser: rootNamedByUser)
        return [
            try write(SiteAssets.stylesheet, to: root + "/" + SiteAssets.stylesheetName, marker: SiteAssets.marker),
            try write(SiteAssets.script, to: root + "/" + SiteAssets.scriptName, marker: SiteAssets.marker),
        ]
    }

    /// Writes `page` as its report's page, in the report's evidence folder under the root. The
    /// stylesheet and script it links to are `writeAssets()`'s, written once per run.
    /// - Throws: `AuditError` `.cannotWrite`, also when the page's name is held by a file AuditKit did
    ///   not write, or when the report's name cannot be a folder (`.`, `..`).
    @discardableResult
    public func write(_ page: ReportPage) throws -> File {
        let folder = ReportPage.folderName(forReportFileName: page.report.fileName)
        let path = pagePath(forReportFileName: page.report.fileName)
        guard !folder.isEmpty, folder != ".", folder != ".." else {
            throw AuditError(.cannotWrite, "a report with this name cannot have a page", path: path)
        }
        try AtomicFile.makeDirectory(root + "/" + folder)
        return try write(page.html(), to: path, marker: SitePage.generatorTag)
    }

    /// The page of a report the pass prepared, as `judgement` judges it (its own judgement when the
    /// history holds it, else as if it were added).
    public func page(for prepared: PreparedReport, judgement: HistoryJudgement) -> ReportPage {
        let entry = prepared.historyEntry
        let judged =
            judgement.report(sha256: entry.sha256) ?? judgement.judging(entry).report(sha256: entry.sha256)!
        return page(for: prepared, judged: judged)
    }

    /// The page of a report the pass prepared, with its judgement already made.
    public func page(for prepared: PreparedReport, judged: ReportJudgement) -> ReportPage {
        var earlier = Set(judged.resolved.map(\.audit.fileName))
        for screen in judged.hasEarlierAudit ? judged.comparedScreens : [] {
            if let name = screen.fileName { earlier.insert(name) }
        }
        var page = ReportPage(
            report: prepared.report, evidence: prepared.evidence, mapping: prepared.mapping, judgement: judged,
            existingPages: Set(
                earlier.filter(pageExists(forReportFileName:)).map(ReportPage.folderName(forReportFileName:))))
        page.likelyCauses = prepared.likelyCauses
        return page
    }

    /// Whether the page of the report named `fileName` exists or is being written by this run.
    func pageExists(forReportFileName fileName: String) -> Bool {
        pagesBeingWritten.contains(ReportPage.folderName(forReportFileName: fileName))
            || FileManager.default.fileExists(atPath: pagePath(forReportFileName: fileName))
    }

    /// Writes `index.html` from the judged history, linking the report pages that exist and the other files of
    /// the folder the tool writes (`summary.md`, `trend.svg`) that exist. The stylesheet and script are
    /// `writeAssets()`'s, written once per run.
    /// - Throws: `AuditError` `.cannotWrite`, also when `index.html` is a file AuditKit did not write.
    public func writeIndex(judgement: HistoryJudgement) throws -> File {
        let files = FileManager.default
        var pages = Set<String>()
        for entry in judgement.entries where pageExists(forReportFileName: entry.fileName) {
            pages.insert(ReportPage.folderName(forReportFileName: entry.fileName))
        }
        let others = ["summary.md", "trend.svg"].filter { files.fileExists(atPath: root + "/" + $0) }
        let index = SiteIndex(judgement: judgement, pages: pages, otherFiles: others, root: root)
        return try write(index.html(), to: indexPath, marker: SitePage.generatorTag)
    }

    /// Writes `text` to `path` atomically when it differs from what is there, after checking that
    /// what is there was written by AuditKit (its first kilobyte holds `marker`).
    private func write(_ text: String, to path: String, marker: String) throws -> File {
        if let handle = FileHandle(forReadingAtPath: path) {
            let start = (try? handle.read(upToCount: 1024)) ?? Data()
            try? handle.close()
            guard String(decoding: start, as: UTF8.self).contains(marker) else {
                throw AuditError(
                    .cannotWrite,
                    "exists and was not written by auditkit; left as it is (remove it to let the site "
                        + "be written)", path: path)
            }
        }
        // Made from reports and the history: regenerable, like the pictures and the summary.
        let changed = try AtomicFile.write(text, to: path, onlyIfChanged: true, durability: .regenerable)
        return File(path: path, changed: changed)
    }
}
