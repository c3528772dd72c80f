import Foundation

/// The team's whole pass over one report: read → evidence → mapping → history → log.
///
/// The pass is split where order starts to matter. `prepare` reads the report, writes its evidence
/// and maps it: that depends on nothing but the report, so a batch may prepare several reports at
/// once. `record` compares the prepared report with the history, appends it and logs its session:
/// a batch records its reports one at a time, oldest first, so it builds the same history and log as
/// one run per report. `run` does both for one report.
///
/// Every step is idempotent: pictures are rewritten only when their bytes change, a report already
/// in the history is not added again, and a report already in the log gets no second session.
public struct AuditPass: Sendable {
    /// What the pass does besides reading and mapping: each step is skipped when its part is nil.
    public struct Configuration: Sendable {
        /// Maps issues to views and code; nil when neither rules nor sources were given, so the
        /// session can tell "nothing mapped" from "no mapping asked for".
        public var mapper: IssueMatcher?
        /// The rule file, source folders and target `mapper` was made of, as each history entry records
        /// them (`HistoryEntry.mappedWith`); recorded only with a mapper.
        public var mappedWith: RecordedMappingInputs?
        /// Draws the evidence pictures' labels; nil writes no evidence (the session then lists the
        /// evidence already on disk).
        public var renderer: TextRenderer?
        /// The folder that holds each report's evidence folder; nil puts it beside the report.
        public var evidenceRoot: String?
        /// The history compared with and, when `appendsToHistory`, appended to; nil: no comparison.
        public var history: HistoryFile?
        /// Whether `record` appends the report to `history` (`audit`, `ingest`) or only compares
        /// (`log`).
        public var appendsToHistory: Bool
        /// The baseline of accepted warnings (`auditkit accept`); nil when there is none.
        public var baseline: Baseline?
        /// The screens (by the names the outputs give them) a report that shows none audited: the
        /// Inspector's empty report says nothing of which screen was clean. Recorded with such a report
        /// only (`HistoryEntry.covers`).
        public var covers: [String] = []
        /// The screen a one-screen report audited, by the name the team gives it (`--screen NAME`): it
        /// decides which screen of the history the report is, over anything the report shows, and every
        /// output calls the screen so (`HistoryScreen.named`). A report that shows nothing covers it
        /// (as `covers` does).
        public var screenName: String?
        /// How reports are read: the time zone of the dates in their names, and the audit date of files
        /// named without one (`ReportReader.Options.auditDateUnlessNamed`).
        public var reading = ReportReader.Options()
        /// The audit log sessions go to; nil logs nothing.
        public var logPath: String?
        /// Whether the user named `logPath` (`--log`): only then is a symbolic link there followed.
        public var logNamedByUser: Bool
        /// The templates of new logs and sessions.
        public var templates: TemplateSet
        /// How fixed font sizes are found (`auditkit scan`'s configuration); when the mapper's source index
        /// was built with it, Dynamic Type warnings get the fixed sizes near their lines as likely causes.
        public var fontScan: FontScanConfiguration?
        /// The session's date.
        public var date: SessionDate
        /// The session's scope; nil lets the session describe what the report covered.
        public var scope: String?
        /// Log the report again even when the log already has it.
        public var forceLog: Bool
        /// The run the reports recorded are added as (`HistoryEntry.run`); nil numbers the first one as
        /// the history's next run (`ingest` then adds the rest of its batch as that run).
        public var run: Int?
        /// Compute the session without writing the log.
        public var dryRun: Bool
        /// Replace the report's session, when the log has one, by one computed now under its number
        /// (`log --update`): a session written without mapping inputs is brought up to date, not duplicated.
        public var updateLog = false

        /// A configuration that only reads and maps; set the parts the pass should do.
        public init(
            mapper: IssueMatcher? = nil, renderer: TextRenderer? = nil, evidenceRoot: String? = nil,
            history: HistoryFile? = nil, appendsToHistory: Bool = true, baseline: Baseline? = nil,
            logPath: String? = nil, templates: TemplateSet = .builtin(), date: SessionDate = .auditDate,
            scope: String? = nil, forceLog: Bool = false, dryRun: Bool = false, logNamedByUser: Bool = false
        ) {
            self.baseline = baseline
            self.logNamedByUser = logNamedByUser
            self.mapper = mapper
            self.renderer = renderer
            self.evidenceRoot = evidenceRoot
            self.history = history
            self.appendsToHistory = appendsToHistory
            self.logPath = logPath
            self.templates = templates
            self.date = date
            self.scope = scope
            self.forceLog = forceLog
            self.dryRun = dryRun
        }
    }

    /// The steps, in order, for progress lines.
    public enum Stage: String, Sendable, CaseIterable {
        /// Reading the report.
        case reading
        /// Writing thumbnails, screenshots, the index sheet and overlays.
        case evidence
        /// Mapping issues to code.
        case mapping
        /// Comparing with and adding to the history.
        case history
        /// Appending the session to the log.
        case log
    }

    /// What the pass does.
    public var configuration: Configuration

    /// A pass with `configuration`.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Loads the configured history, or an empty one when there is none (a missing file reads as
    /// empty). Load it before `prepare` so a damaged history stops the pass before anything is written.
    /// - Throws: the history's `AuditError`.
    public func loadHistory() throws -> History {
        try configuration.history?.load() ?? History(entries: [])
    }

    /// The configured history judged with the configured baseline and the string catalogs of the
    /// mapper's sources (`HistoryJudgement`): what `record` compares with and adds to.
    /// - Throws: the history's `AuditError`.
    public func loadJudgement() throws -> HistoryJudgement {
        HistoryJudgement(history: try loadHistory(), baseline: configuration.baseline, translations: translations)
    }

    /// Removes the temporaries of killed runs (`StaleTemporaries`) from the folders the pass writes
    /// besides the evidence folders (those of the history, the log and the evidence root), and the lock
    /// files of the history and the log that killed runs left (`FileLock.removeIfStale`).
    public func sweepStaleTemporaries() {
        var folders: [String] = []
        for path in [configuration.history?.path, configuration.logPath].compactMap({ $0 }) {
            folders.append(PathName.parent(path))
            FileLock.removeIfStale(FileLock.lockPath(for: path))
        }
        if let root = configuration.evidenceRoot { folders.append(root) }
        var seen = Set<String>()
        for folder in folders where seen.insert(folder).inserted { StaleTemporaries.sweep(folder) }
    }

    /// Whether the configured log already has a report's session, as the log is now: by its SHA-256
    /// marker, or a session written by hand that names its file (`handWrittenSession(naming:)`). Nil
    /// when the pass logs nothing (or only plans, `dryRun`), so every report counts as logged.
    /// - Throws: `AuditError` `.missingInput` when the log exists but cannot be read.
    public func loggedReports() throws -> (@Sendable (_ sha256: String, _ fileName: String) -> Bool)? {
        guard let logPath = configuration.logPath, !configuration.dryRun else { return nil }
        guard FileManager.default.fileExists(atPath: logPath) else { return { _, _ in false } }
        guard let data = FileManager.default.contents(atPath: logPath) else {
            throw AuditError(.missingInput, "cannot read the log", path: logPath)
        }
        let document = AuditLogDocument(bytes: [UInt8](data))
        return { document.containsMarker(sha256: $0) || document.handWrittenSession(naming: $1) != nil }
    }

    /// The string catalogs' translations of the mapper's sources (none without sources).
    public var translations: StringTranslations {
        StringTranslations(configuration.mapper?.index?.localizedStrings ?? [])
    }

    /// Reads the report at `path`, then `prepare(report:)`.
    /// - Throws: the reader's `AuditError`, or an evidence writer's.
    public func prepare(reportAt path: String, progress: (Stage) -> Void = { _ in }) throws -> PreparedReport {
        progress(.reading)
        return try prepare(report: ReportReader.read(path: path, options: configuration.reading), progress: progress)
    }

    /// Writes the report's evidence (when a renderer is configured) and maps its issues (when a
    /// mapper is). Depends on no other report: safe to run for several reports at once.
    /// - Throws: `AuditError` when an evidence file cannot be written.
    public func prepare(report: InspectorReport, progress: (Stage) -> Void = { _ in }) throws -> PreparedReport {
        try EvidencePaths.refuseReservedFolder(forReportPath: report.sourcePath)
        let paths = EvidencePaths(reportPath: report.sourcePath, root: configuration.evidenceRoot)
        // The index sheet and the overlays are drawn on threads of their own (sharing the cores
        // through the memory budget) while this one writes the report's images and maps it.
        var pictures: (sheet: BackgroundWork<IndexSheetOutput>, overlays: BackgroundWork<OverlayOutput>)?
        var images: Result<EvidenceExport.Result, any Error>?
        if let renderer = configuration.renderer {
            progress(.evidence)
            try AtomicFile.makeDirectory(paths.directory, namedByUser: paths.namedByUser)
            StaleTemporaries.sweep(paths.directory)
            pictures = (
                BackgroundWork { try IndexSheet(report: report, text: renderer).write(evidence: paths) },
                BackgroundWork { try Overlay.writeAll(report: report, text: renderer, evidence: paths) }
            )
            images = Result { try EvidenceExport.write(report, to: paths.directory, namedByUser: paths.namedByUser) }
        }
        var mapping: MappingResult?
        if let mapper = configuration.mapper {
            progress(.mapping)
            mapping = mapper.map(report)
        }
        var likelyCauses: [Int: [LikelyCause]] = [:]
        if let mapping, let scanned = configuration.mapper?.index?.fontScan {
            // The sources were scanned in the index's lexer pass; files only a rule names are scanned here.
            var scan = scanned
            if let fontScan = configuration.fontScan {
                scan.scanMappedFiles(of: report, mapping: mapping, configuration: fontScan)
            }
            likelyCauses = scan.likelyCauses(report: report, mapping: mapping)
        }
        // The history entry too: its thumbnails' hashes are decoded here, where reports may run at once.
        var entry = HistoryEntry(
            report: report, mappings: mapping?.primaries ?? [], sources: configuration.mapper?.index,
            screenRoots: mapping?.screenRoots ?? [:])
        if mapping != nil { entry.mappedWith = configuration.mappedWith }
        if let rules = configuration.mapper?.rules, !rules.screens.isEmpty {
            // Each declared screen names one screen of a report at most.
            var taken = Set<String>()
            for (index, screen) in report.screens.enumerated() where index < entry.screens.count {
                let views = screen.issues.map { mapping?.primary(for: $0.number)?.view }
                let name = rules.declaredName(
                    of: screen, root: mapping?.screenRoots[index], views: views, taken: taken)
                entry.screens[index].named = name
                if let name {
                    entry.screens[index].namedBy = .ruleFile
                    taken.insert(name)
                }
            }
        }
        let showsNothing = report.issues.isEmpty && !report.screens.contains(where: { $0.screenshot != nil })
        if !configuration.covers.isEmpty, showsNothing {
            entry.covers = configuration.covers
        }
        // `--screen` over the name the recorder wrote in the file.
        try Self.name(
            &entry, configuration.screenName ?? report.screens.first?.teamName,
            by: configuration.screenName != nil ? .option : .report, showsNothing: showsNothing,
            path: report.sourcePath)
        var problems = AuditPass.readingProblems(of: report)
        problems += (mapping?.ruleTimeouts ?? []).map {
            AuditProblem(path: $0.definedAt?.description ?? report.sourcePath, message: $0.message)
        }
        let evidence: EvidenceFiles
        if let pictures, let images {
            // Every writer is waited for before any error is thrown, so none is left writing.
            let sheet = Result { try pictures.sheet.value() }
            let overlays = Result { try pictures.overlays.value() }
            let (written, sheetOutput, overlayOutput) = (try images.get(), try sheet.get(), try overlays.get())
            evidence = EvidenceFiles(
                paths: paths, images: written, sheet: sheetOutput, overlays: overlayOutput)
            problems += AuditPass.pictureProblems(sheet: sheetOutput, overlays: overlayOutput, report: report)
        } else {
            evidence = EvidenceFiles.onDisk(for: report, in: paths)
        }
        return PreparedReport(
            report: report, evidence: evidence, imagesWritten: try images?.get().written, mapping: mapping,
            problems: problems, historyEntry: entry, likelyCauses: likelyCauses)
    }

    /// Gives the screen of a one-screen `entry` the team's `name` (`Configuration.screenName`), given `by`
    /// the command line or the report; a report that shows nothing covers the screen of that name instead.
    /// - Throws: `AuditError` `.usage` when the report has several screens: `--screen` names one.
    static func name(
        _ entry: inout HistoryEntry, _ name: String?, by source: ScreenNameSource, showsNothing: Bool, path: String
    ) throws {
        guard let name else { return }
        guard let trimmed = ScreenIdentification.teamName(name) else {
            throw AuditError(.usage, "--screen needs a name")
        }
        if showsNothing {
            entry.covers = (entry.covers ?? []) + [trimmed]
            return
        }
        guard entry.screens.count == 1 else {
            throw AuditError(
                .usage,
                "--screen names the screen of a one-screen report, and this report has \(entry.screens.count) "
                    + "screens; audit each screen in a report of its own", path: path)
        }
        entry.screens[0].named = trimmed
        entry.screens[0].namedBy = source
    }

    /// Judges the prepared report against `judgement` (the audits of its screens before it), appends it
    /// to the history file (when configured; `judgement` then holds it too, so the next report of a
    /// batch compares with it) and logs its session, which states what the judgement says.
    /// - Throws: `AuditError` when the history or the log cannot be written.
    public func record(
        _ prepared: PreparedReport, judgement: inout HistoryJudgement, progress: (Stage) -> Void = { _ in }
    ) throws -> AuditOutcome {
        var entry = prepared.historyEntry
        entry.run = configuration.run
        var judged: ReportJudgement?
        var added: Bool?
        var written: History?
        if let file = configuration.history {
            progress(.history)
            if configuration.appendsToHistory, !configuration.dryRun {
                // Under the history's lock: first what other runs added since this one loaded it.
                var onDisk: [HistoryEntry] = []
                let wasAdded =
                    try file.append([entry], seeing: { onDisk = $0.entries }, written: { written = $0 }).first ?? false
                judgement = judgement.including(onDisk)
                added = wasAdded
                // The run the append numbered it with.
                if wasAdded { entry.run = written?.entries.first { $0.sha256 == entry.sha256 }?.run }
                judged = judgement.add(entry)
            } else {
                judged = judgement.judging(entry).report(sha256: entry.sha256)
            }
        } else {
            // No history: nothing to compare, but statuses (the baseline's, the Inspector's repeats) still hold.
            judged = HistoryJudgement(entries: [entry], baseline: configuration.baseline).latestReport
        }
        var session: SessionFacts?
        var log: LogOutcome?
        if let logPath = configuration.logPath, let facts = sessionFacts(prepared, judged: judged) {
            progress(.log)
            session = facts
            log = try AuditLogWriter(templates: configuration.templates).append(
                facts, to: logPath, force: configuration.forceLog, dryRun: configuration.dryRun,
                namedByUser: configuration.logNamedByUser, update: configuration.updateLog)
        }
        return AuditOutcome(
            prepared: prepared, historyEntry: entry, judgement: judged, addedToHistory: added, historyWritten: written,
            session: session, log: log)
    }

    /// Records `judgement` beside the configured history (`JudgementRecordFile`), as made of `read`
    /// (the history as read, or `AuditOutcome.historyWritten` of the last report recorded), so the
    /// commands that read it need not judge the history again. Nothing is written when the file changed
    /// since.
    /// - Returns: the record, written or held already; nil when none was made.
    @discardableResult
    public func recordJudgement(_ judgement: HistoryJudgement, of read: History?) -> JudgementRecord? {
        guard let file = configuration.history, !configuration.dryRun, let read else { return nil }
        return JudgementRecordFile(history: file).store(judgement, read: read)
    }

    /// What the session of `prepared` tells, as `judged` states its comparison; nil without a log.
    public func sessionFacts(_ prepared: PreparedReport, judged: ReportJudgement?) -> SessionFacts? {
        guard let logPath = configuration.logPath else { return nil }
        let report = prepared.report
        return SessionFacts(
            report: report, logPath: logPath, mapping: prepared.mapping?.primaries, judgement: judged,
            date: configuration.date.value(for: report), scope: configuration.scope, evidence: prepared.evidence,
            likelyCauses: prepared.distinctLikelyCauses(judged: judged))
    }

    /// `prepare(reportAt:)` then `record`, against the configured history.
    /// - Throws: the first step's `AuditError`.
    public func run(reportAt path: String, progress: (Stage) -> Void = { _ in }) throws -> AuditOutcome {
        var judgement = try loadJudgement()
        sweepStaleTemporaries()
        let prepared = try prepare(reportAt: path, progress: progress)
        let outcome = try record(prepared, judgement: &judgement, progress: progress)
        recordJudgement(judgement, of: outcome.historyWritten)
        return outcome
    }

    /// The report's reading warnings, each with its byte offset when known.
    static func readingProblems(of report: InspectorReport) -> [AuditProblem] {
        report.warnings.map { warning in
            AuditProblem(
                path: report.sourcePath,
                message: warning.description + (warning.byteOffset.map { " at byte \($0)" } ?? ""))
        }
    }

    /// The issues the index sheet drew as placeholders and the screens without an overlay, leaving out
    /// an image the reader already reported as damaged (`issue N: thumbnail: …`, `screen N: screenshot: …`)
    /// and the images a text export never has; an automated result without a screenshot (Appium) is said once.
    static func pictureProblems(sheet: IndexSheetOutput, overlays: OverlayOutput, report: InspectorReport)
        -> [AuditProblem]
    {
        guard report.format != .text else { return [] }
        if report.format == .automated, !report.screens.contains(where: { $0.screenshot != nil }) {
            // Appium's result has no pictures at all: said once, not once per issue.
            return [
                AuditProblem(
                    path: report.sourcePath,
                    message: "no screenshot in the result: the index sheet shows placeholders and no overlay is "
                        + "drawn (the XCTest recorder adds a screenshot)")
            ]
        }
        let reported = Set(report.warnings.map(\.path))
        var problems: [AuditProblem] = []
        for problem in sheet.imageProblems where !reported.contains("issue \(problem.issueNumber)") {
            problems.append(
                AuditProblem(
                    path: report.sourcePath, message: "issue \(problem.issueNumber): thumbnail: \(problem.message)"))
        }
        for skipped in overlays.skipped where !reported.contains("screen \(skipped.screenIndex + 1)") {
            problems.append(
                AuditProblem(
                    path: report.sourcePath,
                    message: "screen \(skipped.screenIndex + 1) (\(skipped.screenName)): no overlay: \(skipped.reason)")
            )
        }
        return problems
    }
}

/// Everything one pass did, for the CLI to render.
public struct AuditOutcome: Sendable {
    /// The report, its evidence, its mapping and its problems.
    public var prepared: PreparedReport
    /// The report as the history records it.
    public var historyEntry: HistoryEntry
    /// The report's judgement against the audits before it, when a history was configured.
    public var judgement: ReportJudgement?
    /// The comparison with the audits of its screens before it, when there is one.
    public var comparison: ReportDiff? { judgement?.comparison }
    /// Whether the report was added to the history (false: it was there already); nil when the pass
    /// does not append.
    public var addedToHistory: Bool?
    /// The history as this report's append left the file (`HistoryFile.append`'s `written`), nil when
    /// nothing was appended to: what `recordJudgement` records the judgement as made of.
    public var historyWritten: History?
    /// What the session says, when the pass logs.
    public var session: SessionFacts?
    /// What logging did, when the pass logs.
    public var log: LogOutcome?

    /// The report.
    public var report: InspectorReport { prepared.report }
}
