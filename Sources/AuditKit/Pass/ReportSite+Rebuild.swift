import Foundation

/// `auditkit html`: the whole site again from the reports that can be found, re-read and re-mapped,
/// their evidence as it is on disk, each compared with the audit before it in the history.
extension ReportSite {
    /// What happened to one report, delivered in the order the reports were given.
    public enum Item: Sendable {
        /// The report's page was written (or already held the same).
        case page(report: String, file: File)
        /// The report could not be read or its page not written.
        case failed(path: String, error: AuditError)
    }

    /// What a rebuild did.
    public struct Outcome: Sendable {
        /// Report pages written or already up to date.
        public var pages = 0
        /// Files whose content changed, the index included.
        public var changed = 0
        /// Reports that failed.
        public var failed = 0
        /// The index.
        public var index: File?
        /// The first failure, whose exit status the command ends with.
        public var firstError: AuditError?
    }

    /// Writes the page of each report at `reportPaths` (read and mapped by `pass`, `jobs` at a time;
    /// `pass` should write no evidence) and then the index of the judged history; `onItem` gets each report in
    /// the order given, whatever `jobs` is.
    /// - Throws: `AuditError` when the index or the assets cannot be written; a report that fails is
    ///   an item and the others still get their pages.
    public func rebuild(
        reportPaths: [String], pass: AuditPass, judgement: HistoryJudgement, jobs: Int,
        onItem: (Item) -> Void
    ) throws -> Outcome {
        var outcome = Outcome()
        try writeAssets()
        let jobs = max(1, jobs)
        let site = writing(reportPaths)
        var start = 0
        while start < reportPaths.count {
            let window = Array(reportPaths[start..<min(start + jobs, reportPaths.count)])
            let results = ParallelWork.map(window, parallel: jobs > 1) { _, path -> Result<File, AuditError> in
                do {
                    let prepared = try pass.prepare(reportAt: path)
                    return .success(try site.write(site.page(for: prepared, judgement: judgement)))
                } catch let error as AuditError {
                    return .failure(error)
                } catch {
                    return .failure(AuditError(.internalError, "\(error)", path: path))
                }
            }
            for (path, result) in zip(window, results) {
                switch result {
                case .success(let file):
                    outcome.pages += 1
                    if file.changed { outcome.changed += 1 }
                    onItem(.page(report: path, file: file))
                case .failure(let error):
                    outcome.failed += 1
                    outcome.firstError = outcome.firstError ?? error
                    onItem(.failed(path: path, error: error))
                }
            }
            start += window.count
        }
        let index = try site.writeIndex(judgement: judgement)
        if index.changed { outcome.changed += 1 }
        outcome.index = index
        return outcome
    }

    /// Writes again the page of each audit of `judgement` (but those in `skipping`, by SHA-256) that
    /// states other counts than the judgement's (`HistoryCounts(_:)`, the baseline applied): its head's
    /// counts tag (`SitePage.countsTag`) tells, so only the first bytes of each page are read. A page is
    /// read and mapped again by `pass` (which should write no evidence) from its report file, found by
    /// `files`, its evidence as it is on disk. A page without the tag (written by an earlier release) or
    /// whose report file is not found is left as it is: what `accept` and `ingest` change (a warning
    /// accepted, a rule changed) reaches every page that states it.
    /// - Returns: the pages written again, and the errors of those that could not be.
    public func refreshPages(
        of judgement: HistoryJudgement, skipping: Set<String> = [],
        pass: AuditPass, files: HistoryReportFiles
    ) -> (written: [File], errors: [AuditError]) {
        let changed = judgement.reports.filter { judged in
            guard !skipping.contains(judged.entry.sha256),
                let handle = FileHandle(forReadingAtPath: pagePath(forReportFileName: judged.entry.fileName))
            else { return false }
            defer { try? handle.close() }
            let head = String(decoding: (try? handle.read(upToCount: 1024)) ?? Data(), as: UTF8.self)
            guard head.contains(SitePage.generatorTag), head.contains(SitePage.countsTagStart) else {
                return false
            }
            return !head.contains(SitePage.countsTag(HistoryCounts(judged)))
        }
        var written: [File] = []
        var errors: [AuditError] = []
        for judged in changed {
            guard let path = files.identity(of: judged.entry)?.path else { continue }
            do {
                written.append(try write(page(for: try pass.prepare(reportAt: path), judgement: judgement)))
            } catch {
                errors.append(error as? AuditError ?? AuditError(.internalError, "\(error)", path: path))
            }
        }
        return (written, errors)
    }

    /// This site, knowing that the pages of the reports at `reportPaths` are about to be written.
    public func writing(_ reportPaths: [String]) -> ReportSite {
        var site = self
        site.pagesBeingWritten.formUnion(
            reportPaths.map { ReportPage.folderName(forReportFileName: PathName.last($0)) })
        return site
    }
}
