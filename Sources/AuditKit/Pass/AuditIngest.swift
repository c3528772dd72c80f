import Foundation

/// `ingest`: the pass over a batch of reports, oldest first by audit time, so a batch builds the same
/// history and log as one run per report in that order.
///
/// Reading, evidence and mapping depend on no other report and run `jobs` reports at a time; the
/// history and the log are then recorded one report at a time, in order. Reports already in the
/// history are skipped (and said so); an unreadable report is named and skipped while the others
/// complete. Results reach the caller in the same order, with the same content, whatever `jobs` is.
public struct AuditIngest: Sendable {
    /// What happened to one report of the batch, delivered in batch order.
    public enum Item: Sendable {
        /// The report went through the whole pass.
        case ingested(AuditOutcome)
        /// The history already holds the same audit: the file named here, or an earlier file of this batch,
        /// with the same bytes and audit time (`AuditIdentities`).
        case alreadyInHistory(path: String, recordedAs: String)
        /// The report could not be read or its outputs not written.
        case failed(path: String, error: AuditError)
        /// A file found by listing a folder that is no report at all (a JSON file of something else):
        /// skipped, with why (`AuditError.Code.notAReport`).
        case notAReport(path: String, error: AuditError)
    }

    /// Where the batch is, for a progress line.
    public struct Progress: Sendable {
        /// 1-based position of the report being worked on.
        public var position: Int
        /// How many reports the batch has.
        public var count: Int
        /// The report.
        public var path: String
        /// The stage it is in.
        public var stage: AuditPass.Stage
    }

    /// What the batch did besides the items.
    public struct Outcome: Sendable {
        /// How many reports were ingested, already in the history, and failed.
        public var ingested = 0, alreadyInHistory = 0, failed = 0
        /// How many files found by listing a folder were no reports (`Item.notAReport`).
        public var notReports = 0
        /// The summary written after the batch, when there was anything to summarise.
        public var summaryPath: String?
        /// The trend chart written after the batch, when the history has reports.
        public var trendPath: String?
        /// The site's `index.html`, written after the batch with a page per report named.
        public var sitePath: String?
        /// The first failure, whose exit status the batch ends with.
        public var firstError: AuditError?
        /// The reports the history had whose evidence folder was missing, drawn again from the report.
        public var evidenceRedrawn: [String] = []
        /// The audits the history had whose comparison a report of the batch changed (it was audited
        /// before them), with what became of their sessions; their pages are written again.
        public var retold: [Retold] = []
    }

    /// An audit the history had, told again because a report audited before it was added.
    public struct Retold: Sendable {
        /// Its report's file name.
        public var fileName: String
        /// Its report file, when it was found (in the reports folder or beside the log).
        public var path: String?
        /// What became of its session.
        public var session: AuditLogWriter.RefreshAction
        /// The session's number, when the log has it.
        public var sessionNumber: Int?
        /// Why it could not be told again (its report unreadable, the log or the page not writable).
        public var error: AuditError?
    }

    /// The pass each report goes through; its `evidenceRoot` is also where the summary, the trend
    /// chart and the site go.
    public var pass: AuditPass
    /// How many reports are read, drawn and mapped at once (at least 1).
    public var jobs: Int
    /// Where `summary.md`, `trend.svg` and the site's `index.html` go (`ReportSite`).
    public var outputDirectory: String
    /// Whether the person named `outputDirectory` on the command line (`--out`): only then may it, or a
    /// folder on the way to it, be a symbolic link.
    public var outputNamedByUser = false

    /// The site in `outputDirectory`.
    var site: ReportSite {
        var site = ReportSite(root: outputDirectory)
        site.rootNamedByUser = outputNamedByUser
        return site
    }

    /// A batch runner.
    public init(pass: AuditPass, jobs: Int, outputDirectory: String) {
        self.pass = pass
        self.jobs = max(1, jobs)
        self.outputDirectory = outputDirectory
    }

    /// Refuses, before the batch writes anything, a symbolic link at or on the way to any path it will
    /// write that the person did not name on the command line (`Symlinks.refuseLinks(along:)`): the
    /// history with its recorded judgement and lock, the log with its lock, the reports folder with the
    /// site, the summary and the trend chart, and each report's evidence folder. A link committed to the
    /// repository (`Reports -> /elsewhere`, `audit.md -> ~/.profile`) stops the run before its first
    /// write, not half-way through it.
    /// - Throws: `AuditError` `.cannotWrite` naming the link.
    func refuseUnnamedLinks(reports paths: [String]) throws {
        let configuration = pass.configuration
        var planned: [String] = []
        if let history = configuration.history, !history.namedByUser {
            planned += [
                history.path, FileLock.lockPath(for: history.path), JudgementRecordFile(history: history).path,
            ]
        }
        if let log = configuration.logPath, !configuration.logNamedByUser {
            planned += [log, FileLock.lockPath(for: log)]
        }
        if !outputNamedByUser {
            planned += site.writtenPaths(reports: configuration.evidenceRoot == outputDirectory ? paths : [])
        }
        if configuration.renderer != nil, configuration.evidenceRoot != outputDirectory {
            planned += paths.map { EvidencePaths(reportPath: $0, root: configuration.evidenceRoot).directory }
        }
        for path in planned { try Symlinks.refuseLinks(along: path) }
    }

    /// The report files that `arguments` name (`reportFiles(in:)`), without those skipped.
    /// - Throws: `.missingInput` for an argument that does not exist.
    public static func reportPaths(in arguments: [String]) throws -> [String] {
        try reportFiles(in: arguments).paths
    }

    /// The report files `arguments` name, and the files among them that are the tool's own outputs
    /// (`ownOutput(_:)`: a glob such as `Reports/*.html` catches the site's `index.html`), skipped
    /// with the reason, for a note.
    public struct ReportFiles: Sendable, Hashable {
        /// The reports, in argument order (a folder's in name order), each once.
        public var paths: [String] = []
        /// The files named that the tool wrote, with why they are not reports.
        public var skipped: [Skipped] = []
        /// The paths among `paths` found by listing a folder rather than named: one of them that is no
        /// report at all is skipped with a note (`AuditIngest.run(paths:listed:progress:onItem:)`).
        public var listed: Set<String> = []

        /// A file named among the reports that is one of the tool's own outputs.
        public struct Skipped: Sendable, Hashable {
            /// The path as named.
            public var path: String
            /// What it is, e.g. "AuditKit's own page".
            public var reason: String

            /// A skipped file from its parts.
            public init(path: String, reason: String) {
                self.path = path
                self.reason = reason
            }

            /// The note a command prints for it.
            public var note: String { "note: skipped \(path): \(reason), not a report" }
        }
    }

    /// What the tool wrote at `path`, when it wrote it: the site's pages (they carry the generator tag
    /// in their first bytes), the history, its recorded judgement and state, the baseline, the project and rule
    /// files; nil for anything
    /// else, reports included.
    public static func ownOutput(_ path: String) -> String? {
        let name = PathName.last(path).lowercased()
        if name == "baseline.json" { return "AuditKit's baseline" }
        if name == "history.jsonl" { return "AuditKit's history" }
        if name.hasSuffix(".judgement.json") { return "AuditKit's record of the history's judgement" }
        if name.hasSuffix(".judgement-state.json") { return "AuditKit's state of the history's judgement" }
        if name == ProjectFile.defaultFileName || name.hasSuffix(".rules.json") { return "a settings file" }
        guard name.hasSuffix(".html") || name.hasSuffix(".htm"),
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1_024)) ?? Data()
        return head.range(of: Data(SitePage.generatorTag.utf8)) != nil ? "AuditKit's own page" : nil
    }

    /// The report files that `arguments` name: a file as given (unless it is one of the tool's own
    /// outputs, `ownOutput(_:)`); a folder's files (not its subfolders) whose names end in `.html`,
    /// `.htm`, `.json` or `.txt`, except the files the tool writes there (`index.html`,
    /// `baseline.json`, `history.judgement.json`) and rule files (`*.rules.json`), in name order.
    /// - Throws: `.missingInput` for an argument that does not exist.
    public static func reportFiles(in arguments: [String]) throws -> ReportFiles {
        var files = ReportFiles()
        var paths: [String] = []
        let manager = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                // A name that was not UTF-8 reaches here repaired (U+FFFD): it fails as a report of
                // its own, saying so, rather than as a missing argument.
                if argument.unicodeScalars.contains("\u{FFFD}") {
                    paths.append(argument)
                    continue
                }
                throw AuditError(.missingInput, "no such file or folder", path: argument)
            }
            guard isDirectory.boolValue else {
                if let reason = ownOutput(argument) {
                    files.skipped.append(.init(path: argument, reason: reason))
                } else {
                    paths.append(argument)
                }
                continue
            }
            // Every name, also those that are not UTF-8 (Foundation's listing leaves them out).
            let entries = try FolderListing.names(in: argument).sorted { $0.name < $1.name }
            let folder = argument.hasSuffix("/") ? argument : argument + "/"
            for (name, isUTF8) in entries where !name.hasPrefix(".") {
                let lower = name.lowercased()
                guard [".html", ".htm", ".json", ".txt"].contains(where: lower.hasSuffix),
                    lower != "index.html", lower != "baseline.json", lower != ProjectFile.defaultFileName,
                    !lower.hasSuffix(".rules.json"), !lower.hasSuffix(".judgement.json"),
                    !lower.hasSuffix(".judgement-state.json")
                else { continue }
                // A name that is not UTF-8 cannot be opened by its repaired name: it goes on, to be
                // reported as failed with the reason.
                var isFolder: ObjCBool = false
                if !isUTF8 || (manager.fileExists(atPath: folder + name, isDirectory: &isFolder) && !isFolder.boolValue)
                {
                    paths.append(folder + name)
                    files.listed.insert(folder + name)
                }
            }
        }
        var seen = Set<String>()
        files.paths = paths.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
        return files
    }

    /// Runs the batch over `paths`, calling `onItem` for each report in batch order.
    ///
    /// Each file is first only hashed, to learn its SHA-256 and audit time (`ReportReader.identity`);
    /// each report the history lacks is then read, drawn and mapped once. What the summary and the
    /// pages need of it is kept without its image bytes, so only the reports the history already had
    /// are read and mapped again after the batch. A later copy of a report of this batch is skipped
    /// once that report is recorded (its item comes right after that report's), and goes through the
    /// pass itself when that report failed. A path of `listed` (found by listing a folder) that is no
    /// report at all is skipped (`Item.notAReport`), not failed.
    /// - Throws: `AuditError` when the history cannot be loaded (nothing is written then), or when the
    ///   summary, the trend chart or the site cannot be written.
    public func run(
        paths: [String], listed: Set<String> = [], progress: @Sendable (Progress) -> Void = { _ in },
        onItem: (Item) -> Void
    ) throws -> Outcome {
        try refuseUnnamedLinks(reports: paths)
        let loaded = try pass.loadHistory()
        // Every report read from here on is the audit of the history it is, or another one (its bytes
        // held by an audit of another time).
        var batch = self
        batch.pass.configuration.reading.identities = loaded.auditIdentities
        return try batch.ingest(paths: paths, listed: listed, loaded: loaded, progress: progress, onItem: onItem)
    }

    /// `run(paths:listed:progress:onItem:)` with the history as it was `loaded`.
    private func ingest(
        paths: [String], listed: Set<String>, loaded: History, progress: @Sendable (Progress) -> Void,
        onItem: (Item) -> Void
    ) throws -> Outcome {
        var judgement = HistoryJudgement(
            history: loaded, baseline: pass.configuration.baseline, translations: pass.translations)
        // The history file as the judgement knows it: as read, then as each append left it.
        var lastWritten = loaded
        pass.sweepStaleTemporaries()
        var outcome = Outcome()
        func fail(_ path: String, _ error: AuditError) {
            if error.code == .notAReport, listed.contains(path) {
                outcome.notReports += 1
                onItem(.notAReport(path: path, error: error))
                return
            }
            outcome.failed += 1
            outcome.firstError = outcome.firstError ?? error
            onItem(.failed(path: path, error: error))
        }

        let logged = try pass.loggedReports()

        // 1. Identify every report (SHA-256 and audit time) from its bytes, `jobs` at a time.
        let count = paths.count
        let reading = pass.configuration.reading
        let identified = chunked(paths) { index, path -> Result<ReportIdentity, AuditError> in
            progress(Progress(position: index + 1, count: count, path: path, stage: .reading))
            do {
                return .success(try ReportReader.identity(path: path, options: reading))
            } catch {
                return .failure(Self.auditError(error, path: path))
            }
        }
        var order: [ReportIdentity] = []
        for (path, result) in zip(paths, identified) {
            switch result {
            case .success(let report): order.append(report)
            case .failure(let error): fail(path, error)
            }
        }
        // The history's reports whose session the log lacks (a run stopped between the two), found
        // where the tool keeps reports or beside the log, join the batch to get their sessions.
        if let logged {
            order += historyReports(of: judgement, notIn: Set(order.map(\.sha256))) {
                !logged($0.sha256, $0.fileName)
            }
        }
        // The history's reports whose evidence is gone (a clone of a repository that ignores it), found
        // where the tool keeps reports, join the batch whatever was named (`audit` of one new report), so
        // their pictures and pages are made again and the site links no missing page; they are not
        // counted or listed as reports of the run.
        var joinedForEvidence = Set<String>()
        if pass.configuration.renderer != nil {
            let root = pass.configuration.evidenceRoot
            let joined = historyReports(of: judgement, notIn: Set(order.map(\.sha256))) { entry in
                reportPaths(of: entry).first { FileManager.default.fileExists(atPath: $0) }
                    .map { !EvidencePaths(reportPath: $0, root: root).isOnDisk } ?? false
            }
            joinedForEvidence = Set(joined.map(\.sha256))
            order += joined
        }
        // Oldest first; the same time orders by file name, then path, so the order never depends on jobs.
        order.sort {
            ($0.auditDate, PathName.last($0.path), $0.path)
                < ($1.auditDate, PathName.last($1.path), $1.path)
        }
        // A report whose bytes an earlier one of the batch has, audited at another time, is another audit.
        var identities = pass.configuration.reading.identities ?? AuditIdentities()
        for index in order.indices {
            order[index].sha256 = identities.claim(
                fileSHA256: order[index].fileSHA256, auditDate: order[index].auditDate)
        }

        let recorded = History(entries: judgement.entries)
        let historyNames = Dictionary(
            recorded.entries.map { ($0.sha256, $0.fileName) }, uniquingKeysWith: { a, _ in a })
        order = order.filter { report in
            guard historyNames[report.sha256] == nil else { return true }
            guard let error = EvidencePaths.folderClash(of: report, before: order, history: recorded) else {
                return true
            }
            fail(report.path, error)
            return false
        }

        // 2. Skip what the history has and the log names; prepare the rest `jobs` at a time and record
        // each in order. A report the history has but the log lacks (a run stopped between the two) goes
        // through the pass again: the history keeps its line, the log gets its session.
        var pending: [Int] = []  // positions in `order`
        var withoutEvidence: [Int] = []  // positions in `order`: in the history, their evidence folder gone
        for (index, report) in order.enumerated() {
            let fileName = PathName.last(report.path)
            if let name = historyNames[report.sha256], logged?(report.sha256, fileName) ?? true {
                if !joinedForEvidence.contains(report.sha256) {
                    outcome.alreadyInHistory += 1
                    onItem(.alreadyInHistory(path: report.path, recordedAs: name))
                }
                if pass.configuration.renderer != nil,
                    !EvidencePaths(reportPath: report.path, root: pass.configuration.evidenceRoot).isOnDisk
                {
                    withoutEvidence.append(index)
                }
            } else {
                pending.append(index)
            }
        }
        var seen = Set<String>()
        let isLaterCopy = pending.map { !seen.insert(order[$0].sha256).inserted }
        // The reports this batch added to the history (not those it only logged).
        var addedHere = Set<String>()
        var recordedHere: [String: String] = [:]  // SHA-256 → file name, of the reports this batch recorded
        // What the summary and the pages need of each report prepared here, by position in `order`.
        var kept = [PreparedReport?](repeating: nil, count: order.count)
        var unreadable = Set<Int>()
        var pass = self.pass
        let pendingCount = pending.count
        var start = 0
        while start < pending.count {
            // The next `jobs` reports to prepare at once, and the later copies between them.
            var end = start
            var window: [Int] = []
            while end < pending.count, window.count < jobs {
                if !isLaterCopy[end] { window.append(end) }
                end += 1
            }
            let positions = window
            let windowReports = window.map { order[pending[$0]] }
            let preparing = pass
            let results = ParallelWork.map(windowReports, parallel: jobs > 1) { offset, report in
                Self.prepare(report.path, identity: report.sha256, pass: preparing) {
                    progress(
                        Progress(position: positions[offset] + 1, count: pendingCount, path: report.path, stage: $0))
                }
            }
            var prepared = Dictionary(uniqueKeysWithValues: zip(window, results))
            for position in start..<end {
                let index = pending[position]
                let report = order[index]
                func step(_ stage: AuditPass.Stage) {
                    progress(Progress(position: position + 1, count: pendingCount, path: report.path, stage: stage))
                }
                let result: Prepared
                if isLaterCopy[position] {
                    if let name = recordedHere[report.sha256] {
                        outcome.alreadyInHistory += 1
                        onItem(.alreadyInHistory(path: report.path, recordedAs: name))
                        continue
                    }
                    result = Self.prepare(report.path, identity: report.sha256, pass: pass, progress: step)
                } else {
                    // Taken out, so its images go as soon as it is recorded.
                    result = prepared.removeValue(forKey: position)!
                }
                switch result {
                case .ready(let ready):
                    kept[index] = ready.withoutImageBytes()
                    do {
                        let done = try pass.record(ready, judgement: &judgement, progress: step)
                        lastWritten = done.historyWritten ?? lastWritten
                        recordedHere[report.sha256] = PathName.last(report.path)
                        if done.addedToHistory == true { addedHere.insert(report.sha256) }
                        // The batch is one run: the rest are added with the number the first was.
                        pass.configuration.run = pass.configuration.run ?? done.historyEntry.run
                        outcome.ingested += 1
                        onItem(.ingested(done))
                    } catch let error as AuditError {
                        fail(report.path, error)
                    }
                case .unreadable(let error):
                    unreadable.insert(index)
                    fail(report.path, error)
                case .failed(let error):
                    fail(report.path, error)
                }
            }
            start = end
        }

        // A report the history has whose evidence is gone (a clone of a repository that ignores it): its
        // pictures are drawn again from the report, so its page is whole.
        for (position, index) in withoutEvidence.enumerated() {
            let path = order[index].path
            let result = Self.prepare(path, pass: pass) {
                progress(Progress(position: position + 1, count: withoutEvidence.count, path: path, stage: $0))
            }
            switch result {
            case .ready(let ready):
                kept[index] = ready.withoutImageBytes()
                outcome.evidenceRedrawn.append(path)
            case .unreadable(let error), .failed(let error):
                fail(path, error)
            }
        }

        pass.recordJudgement(judgement, of: lastWritten)

        // 3. The audits the history had whose comparison changed (a report of the batch was audited
        // before them): their sessions and pages tell it again.
        outcome.retold = retell(judgement: judgement, recorded: addedHere, progress: progress)
        for retold in outcome.retold { outcome.firstError = outcome.firstError ?? retold.error }
        // The pages of other audits whose counts changed since they were written (a warning accepted since,
        // a rule changed): written again, so no page states what the index no longer does. The batch's own
        // pages are written below; those just retold state their counts already. The counts are the
        // judgement's, with the baseline (the record keeps them without it).
        for error in refreshPages(of: judgement, skipping: Set(order.map(\.sha256))) {
            outcome.firstError = outcome.firstError ?? error
        }

        // 4. The site's pages of every readable report named, the summary of every audit of the history,
        // the trend of the whole history, and the site's index.
        let named = order.indices.filter { !unreadable.contains($0) }.map {
            SummarisedReport(path: order[$0].path, kept: kept[$0])
        }
        // The site's stylesheet and script once, for the pages and the index.
        let writesSite = !named.isEmpty || !judgement.reports.isEmpty
        if writesSite { try site.writeAssets() }
        outcome.summaryPath = try writeSummaryAndPages(of: named, judgement: judgement)
        if !judgement.reports.isEmpty {
            let trend = judgement.trend(by: .view)
            let path = try AtomicFile.makeDirectory(outputDirectory, namedByUser: outputNamedByUser) + "/trend.svg"
            try AtomicFile.write(
                TrendChart.svg(trend), to: path, onlyIfChanged: true, durability: .regenerable)
            outcome.trendPath = path
        }
        if writesSite {
            outcome.sitePath = try site.writeIndex(judgement: judgement).path
        }
        return outcome
    }

    /// Tells again the audits whose comparison `judgement` (with the reports `recorded`: added here) states
    /// otherwise than the history without them did (what their sessions and pages were written with,
    /// whether the history had them when this run began or another run added them meanwhile): each
    /// one's session is refreshed where the log holds it as AuditKit wrote it (`AuditLogWriter.refresh`)
    /// and its page written again. Only audits after the earliest report recorded here can change;
    /// their report files are looked for by name in the reports folder and beside the log, and checked
    /// by their SHA-256.
    private func retell(
        judgement: HistoryJudgement, recorded: Set<String>, progress: @Sendable (Progress) -> Void
    ) -> [Retold] {
        guard let earliest = judgement.entries.first(where: { recorded.contains($0.sha256) }) else { return [] }
        let later = judgement.entries.filter { !recorded.contains($0.sha256) && History.precedes(earliest, $0) }
        guard !later.isEmpty else { return [] }
        let told = HistoryJudgement(
            entries: judgement.entries.filter { !recorded.contains($0.sha256) }, baseline: judgement.baseline,
            translations: judgement.translations)
        let changed = later.filter { entry in
            guard let before = told.report(sha256: entry.sha256), let now = judgement.report(sha256: entry.sha256)
            else { return false }
            return SessionComparison(before) != SessionComparison(now)
        }
        let site = site
        let reader = rereadingPass
        var retold: [Retold] = []
        for (position, entry) in changed.enumerated() {
            let path = reportFile(of: entry)?.path
            var item = Retold(fileName: entry.fileName, path: path, session: .notLogged)
            guard let path else {
                retold.append(item)
                continue
            }
            do {
                let prepared = try reader.prepare(reportAt: path) {
                    progress(Progress(position: position + 1, count: changed.count, path: path, stage: $0))
                }
                if let logPath = pass.configuration.logPath,
                    let now = pass.sessionFacts(prepared, judged: judgement.report(sha256: entry.sha256)),
                    let was = pass.sessionFacts(prepared, judged: told.report(sha256: entry.sha256))
                {
                    let done = try AuditLogWriter(templates: pass.configuration.templates).refresh(
                        now, was: was, in: logPath, namedByUser: pass.configuration.logNamedByUser)
                    item.session = done.action
                    item.sessionNumber = done.session
                }
                try site.write(site.page(for: prepared, judgement: judgement))
            } catch {
                item.error = Self.auditError(error, path: path)
            }
            retold.append(item)
        }
        return retold
    }

    /// The pass that reads and maps a report again for its page or its session, its evidence as it is on
    /// disk: nothing of it is drawn again.
    private var rereadingPass: AuditPass {
        var reading = pass.configuration
        reading.renderer = nil
        return AuditPass(reading)
    }

    /// Writes again the page of each audit of `judgement` (but those in `skipping`) that states other
    /// counts than the judgement's (`ReportSite.refreshPages`).
    /// - Returns: the errors of the pages that could not be written again.
    private func refreshPages(of judgement: HistoryJudgement, skipping: Set<String>) -> [AuditError] {
        site.refreshPages(of: judgement, skipping: skipping, pass: rereadingPass, files: reportFiles).errors
    }

    /// The reports of `judgement` the batch does not name for which `wanted` holds (the log lacks their
    /// session; their evidence is gone), each found by its file name in the output folder or the log's
    /// folder and checked by its SHA-256; a report found in neither is left out.
    private func historyReports(
        of judgement: HistoryJudgement, notIn batch: Set<String>, where wanted: (HistoryEntry) -> Bool
    ) -> [ReportIdentity] {
        judgement.entries.compactMap { entry in
            guard !batch.contains(entry.sha256), wanted(entry) else { return nil }
            return reportFile(of: entry)
        }
    }

    /// Where the history's report files are: the output folder, then the log's folder.
    private var reportFiles: HistoryReportFiles {
        var folders = [outputDirectory]
        if let log = pass.configuration.logPath { folders.append(PathName.parent(log)) }
        return HistoryReportFiles(folders: folders, reading: pass.configuration.reading)
    }

    /// The report file of a history entry, checked by its SHA-256 (`HistoryReportFiles`).
    private func reportFile(of entry: HistoryEntry) -> ReportIdentity? { reportFiles.identity(of: entry) }

    /// Where the report file of `entry` may be, in the order it is looked for.
    private func reportPaths(of entry: HistoryEntry) -> [String] { reportFiles.candidates(of: entry) }

    /// How preparing one report ended.
    private enum Prepared: Sendable {
        /// Read, its evidence written and its issues mapped.
        case ready(PreparedReport)
        /// The report could not be read: it gets no page and no part in the summary.
        case unreadable(AuditError)
        /// Read, but its evidence could not be written.
        case failed(AuditError)
    }

    /// Reads the report at `path` and prepares it with `pass` (as `AuditPass.prepare(reportAt:)`), as the
    /// audit `identity` names when given, telling a report that cannot be read from one whose evidence
    /// cannot be written.
    private static func prepare(
        _ path: String, identity: String? = nil, pass: AuditPass, progress: (AuditPass.Stage) -> Void
    ) -> Prepared {
        progress(.reading)
        var report: InspectorReport
        do {
            report = try ReportReader.read(path: path, options: pass.configuration.reading)
            report.sha256 = identity ?? report.sha256
        } catch {
            return .unreadable(auditError(error, path: path))
        }
        do {
            return .ready(try pass.prepare(report: report, progress: progress))
        } catch {
            return .failed(auditError(error, path: path))
        }
    }

    /// `error` as an `AuditError` about `path`.
    private static func auditError(_ error: any Error, path: String) -> AuditError {
        error as? AuditError ?? AuditError(.internalError, SystemErrorText.reason(error), path: path)
    }

    /// A report the summary and the site show: what the pass kept of it, or nil to read it again.
    private struct SummarisedReport: Sendable {
        var path: String
        var kept: PreparedReport?
    }

    /// Writes the page of each of `reports` (the reports named in this run), and `summary.md` per view
    /// over every audit of `judgement`, oldest first, as it judges them. A report prepared in this run is
    /// shown from what the pass kept; any other named report is read and mapped again; an audit not named
    /// is summarised from its history entry (`SummaryInput(recorded:reportPath:evidence:)`). Either way
    /// the evidence is what is on disk. No summary when there is no audit to summarise.
    /// - Throws: the first page's or the summary's `AuditError` when it cannot be written.
    private func writeSummaryAndPages(of reports: [SummarisedReport], judgement: HistoryJudgement) throws
        -> String?
    {
        let summaryPass = rereadingPass
        let evidenceRoot = pass.configuration.evidenceRoot
        let site = site.writing(reports.map(\.path))
        let prepared: [Result<SummaryInput, AuditError>?] = chunked(reports) { _, report in
            var prepared: PreparedReport
            if let kept = report.kept {
                prepared = kept
                prepared.evidence = EvidenceFiles.onDisk(
                    for: kept.report,
                    in: EvidencePaths(reportPath: kept.report.sourcePath, root: evidenceRoot))
            } else if let read = try? summaryPass.prepare(reportAt: report.path) {
                prepared = read.withoutImageBytes()
            } else {
                return nil
            }
            do {
                try site.write(site.page(for: prepared, judgement: judgement))
            } catch let error as AuditError {
                return .failure(error)
            } catch {
                return .failure(AuditError(.internalError, "\(error)", path: report.path))
            }
            return .success(SummaryInput(prepared))
        }
        let named = try prepared.compactMap { try $0?.get() }
        // Every audit of the history, as the site shows them, oldest first: a report named here as it was
        // read, any other as the history recorded it (its file is not read again), then any named report
        // the history lacks.
        let bySHA = Dictionary(named.map { ($0.report.sha256, $0) }, uniquingKeysWith: { first, _ in first })
        var inputs: [SummaryInput] = []
        var listed = Set<String>()
        for judged in judgement.reports where listed.insert(judged.entry.sha256).inserted {
            if let input = bySHA[judged.entry.sha256] {
                inputs.append(input)
            } else {
                // Linked where it is (not read: the summary shows what the history recorded of it).
                let paths = reportPaths(of: judged.entry)
                let path =
                    paths.first(where: FileManager.default.fileExists(atPath:))
                    ?? PathName.join(outputDirectory, PathName.last(judged.entry.fileName))
                inputs.append(
                    SummaryInput(
                        recorded: judged.entry, reportPath: path,
                        evidence: EvidencePaths(reportPath: path, root: evidenceRoot)))
            }
        }
        inputs += named.filter { listed.insert($0.report.sha256).inserted }
        // Nothing to summarise (an empty history, every report failed): no summary of nothing.
        guard !inputs.isEmpty else { return nil }
        let markdown = AuditSummary(
            inputs: inputs, judgement: judgement, grouping: .view, baseDirectory: outputDirectory
        ).markdown(
            templates: pass.configuration.templates)
        let path = try AtomicFile.makeDirectory(outputDirectory, namedByUser: outputNamedByUser) + "/summary.md"
        try AtomicFile.write(markdown, to: path, onlyIfChanged: true, durability: .regenerable)
        return path
    }

    /// `transform` over `elements`, `jobs` at a time, results in input order.
    private func chunked<Element: Sendable, Output: Sendable>(
        _ elements: [Element], _ transform: @Sendable (Int, Element) -> Output
    ) -> [Output] {
        var results: [Output] = []
        var start = 0
        while start < elements.count {
            let window = Array(elements[start..<min(start + jobs, elements.count)])
            let base = start
            results += ParallelWork.map(window, parallel: jobs > 1) { transform(base + $0, $1) }
            start += window.count
        }
        return results
    }
}

extension PreparedReport {
    /// The prepared report without its report's image bytes (`InspectorReport.withoutImageBytes()`),
    /// for keeping after its pictures are drawn.
    fileprivate func withoutImageBytes() -> PreparedReport {
        var copy = self
        copy.report = report.withoutImageBytes()
        return copy
    }
}
