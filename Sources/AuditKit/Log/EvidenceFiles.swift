import Foundation

/// The evidence files of one report: what the three writers (`EvidenceExport`, `IndexSheet`,
/// `Overlay`) returned, or, for a command that wrote nothing this run, what those writers would have
/// written and is on disk. The log session and the summary list files from this value only, so both
/// name the same files.
public struct EvidenceFiles: Sendable, Hashable {
    /// The folder the files are in.
    public var directory: String
    /// The index sheet's pages, in page order.
    public var indexSheetPages: [String]
    /// Annotated screenshots by zero-based screen index.
    public var overlays: [Int: String]
    /// Thumbnails by issue number.
    public var thumbnails: [Int: String]
    /// Screenshots by zero-based screen index.
    public var screenshots: [Int: String]

    /// Evidence files as listed by the caller.
    public init(
        directory: String, indexSheetPages: [String] = [], overlays: [Int: String] = [:],
        thumbnails: [Int: String] = [:], screenshots: [Int: String] = [:]
    ) {
        self.directory = directory
        self.indexSheetPages = indexSheetPages
        self.overlays = overlays
        self.thumbnails = thumbnails
        self.screenshots = screenshots
    }

    /// What the writers returned for a report in `paths`.
    public init(
        paths: EvidencePaths, images: EvidenceExport.Result?, sheet: IndexSheetOutput?, overlays: OverlayOutput?
    ) {
        self.init(
            directory: paths.directory, indexSheetPages: sheet?.paths ?? [], overlays: overlays?.byScreen ?? [:],
            thumbnails: images?.thumbnails ?? [:], screenshots: images?.screenshots ?? [:])
    }

    /// The files the writers would have written for `report` in `paths` that exist now: the index
    /// sheet (one page, or `index_sheet_1` … as long as pages follow; PNG, else JPEG), each screen's
    /// overlay and screenshot, each issue's thumbnail.
    public static func onDisk(for report: InspectorReport, in paths: EvidencePaths) -> EvidenceFiles {
        let files = FileManager.default
        var found = EvidenceFiles(directory: paths.directory)
        for ext in ["png", "jpg"] where found.indexSheetPages.isEmpty {
            if files.fileExists(atPath: paths.indexSheet(fileExtension: ext)) {
                found.indexSheetPages = [paths.indexSheet(fileExtension: ext)]
                continue
            }
            var page = 1
            while files.fileExists(atPath: paths.indexSheet(page: page, fileExtension: ext)) {
                found.indexSheetPages.append(paths.indexSheet(page: page, fileExtension: ext))
                page += 1
            }
        }
        for screen in report.screens {
            let overlay = paths.overlay(screenIndex: screen.index)
            if files.fileExists(atPath: overlay) { found.overlays[screen.index] = overlay }
            let shot = paths.screenshot(screenIndex: screen.index)
            if files.fileExists(atPath: shot) { found.screenshots[screen.index] = shot }
        }
        // `issues` gathers every screen's issues: once, not once per issue.
        let issues = report.issues
        for issue in issues {
            let thumbnail = paths.thumbnail(issueNumber: issue.number, issueCount: issues.count)
            if files.fileExists(atPath: thumbnail) { found.thumbnails[issue.number] = thumbnail }
        }
        return found
    }

    /// Whether no file is listed.
    public var isEmpty: Bool {
        indexSheetPages.isEmpty && overlays.isEmpty && thumbnails.isEmpty && screenshots.isEmpty
    }

    /// The files that show `issue` and not every issue of the report: its screen's overlay and its
    /// thumbnail (the index sheet pages show every issue).
    public func files(showingOnly issue: Issue) -> [String] {
        var shown: [String] = []
        if let overlay = overlays[issue.screenIndex] { shown.append(overlay) }
        if let thumbnail = thumbnails[issue.number] { shown.append(thumbnail) }
        return shown
    }

    /// The lines a log session lists: each index sheet page, each overlay, and the thumbnails folder
    /// with its first and last file; paths relative to `baseDirectory` (with `../` when elsewhere), so
    /// the session links them.
    public func logEntries(relativeTo baseDirectory: String) -> [EvidenceFile] {
        let relativePaths = RelativePaths(to: baseDirectory)
        func shown(_ path: String) -> String { relativePaths.link(path) }
        var entries: [EvidenceFile] = []
        for (index, page) in indexSheetPages.enumerated() {
            let label = indexSheetPages.count == 1 ? "Index sheet" : "Index sheet, page \(index + 1)"
            entries.append(EvidenceFile(label: label, path: shown(page)))
        }
        for screen in overlays.keys.sorted() {
            entries.append(EvidenceFile(label: "Overlay, screen \(screen + 1)", path: shown(overlays[screen]!)))
        }
        let thumbnailPaths = thumbnails.keys.sorted().map { thumbnails[$0]! }
        if let first = thumbnailPaths.first, let last = thumbnailPaths.last {
            let firstName = PathName.last(first)
            let lastName = PathName.last(last)
            let detail =
                thumbnailPaths.count == 1 ? firstName : "\(thumbnailPaths.count) files, \(firstName) to \(lastName)"
            entries.append(
                EvidenceFile(label: "Thumbnails", path: shown(directory) + "/", detail: detail))
        }
        return entries
    }
}
