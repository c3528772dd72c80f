import Foundation

/// The judgement of a history as it was made, recorded beside the history so the commands that state
/// it read it instead of judging the whole history again: for each entry, in audit-date order, its
/// report, where its line is in the history file and the counts the judgement stated for it; and for
/// each audit what was decided then (`RecordedReport`: each issue's warning, status, change and the
/// issue it continues; each screen's identity and what it was compared with).
///
/// A record holds while three things are as they were when it was written: the history file (its
/// `HistoryStamp`), the judgement's code (`judgementVersion`), and what else decides the judgement
/// (`inputs`: the baseline and the string catalogs' translations). Otherwise it is judged again and
/// written anew. An audit's judgement depends on the audits before it only, so a record written anew
/// keeps the recorded audits up to the first one that changed (a back-filled report) as they were.
public struct JudgementRecord: Sendable, Hashable, Codable {
    /// The version of the judgement this code makes: raised whenever a change of the judgement's code
    /// changes what it states, so a record written by an earlier release is judged again.
    public static let currentJudgementVersion = 2

    /// The version of the judgement recorded.
    public var judgementVersion: Int
    /// The digest of the inputs the judgement was made with besides the history (`inputsDigest`).
    public var inputs: String
    /// The history file the judgement was made of.
    public var history: HistoryStamp
    /// What reading that file tolerated (`History.warnings`), for readers of the record to print too.
    public var warnings: [String]
    /// One record per entry, in audit-date order.
    public var entries: [Entry]
    /// The byte offset (after the record's first line) and length of the line of what the judgement
    /// states as of the latest audit and needs every audit for: the latest audit's lists of earlier
    /// warnings, and the trend (empty until written).
    public var latest: [Int] = []

    /// What the judgement stated of one entry, and where its line is in the history file.
    public struct Entry: Sendable, Hashable, Codable {
        /// The report's SHA-256.
        public var sha256: String
        /// The report's file name.
        public var fileName: String
        /// When the audit ran.
        public var auditDate: Date
        /// Its issues counted as the judgement states them (`HistoryCounts(_:)` of its judgement).
        public var counts: HistoryCounts
        /// The byte offset and length of its line in the history file.
        public var line: [Int]
        /// The byte offset (after the record's first line) and length of its `RecordedReport` line.
        public var recorded: [Int] = []
    }

    /// The record of `judgement`, made of the history file stamped `history` with `inputs`;
    /// `warnings` are what reading it tolerated, `lines` where each entry's line is.
    init(
        _ judgement: HistoryJudgement, history: HistoryStamp, inputs: String, warnings: [String],
        lines: [String: Range<Int>]
    ) {
        judgementVersion = Self.currentJudgementVersion
        self.inputs = inputs
        self.history = history
        self.warnings = warnings
        entries = judgement.reports.map { judged in
            let line = lines[judged.entry.sha256] ?? 0..<0
            return Entry(
                sha256: judged.entry.sha256, fileName: judged.entry.fileName, auditDate: judged.entry.auditDate,
                counts: HistoryCounts(judged), line: [line.lowerBound, line.count])
        }
    }

    /// The digest of what decides a judgement besides the history: the baseline's acceptances (each
    /// fingerprint and reason) and the translations the string catalogs give.
    public static func inputsDigest(baseline: Baseline, translations: StringTranslations) -> String {
        var hash = SHA256()
        for accepted in baseline.entries.sorted(by: { $0.fingerprint.hex < $1.fingerprint.hex }) {
            hash.update(Data("accepted\t\(accepted.fingerprint.hex)\t\(accepted.reason)\n".utf8))
        }
        hash.update(Data("translations\t\(translations.digest)\n".utf8))
        return hash.finalizeHex()
    }

    /// The entry record of the report with this SHA-256.
    public func entry(sha256: String) -> Entry? { entries.first { $0.sha256 == sha256 } }

    /// The position (0-based) of the entry a reference names, as `History.entry(reference:)` finds it.
    public func position(of reference: String) -> Int? {
        History.position(
            of: reference, count: entries.count, sha256: { entries[$0].sha256 }, fileName: { entries[$0].fileName })
    }
}

/// What the judgement decided of one audit, by positions in the record (`JudgementRecord.entries`):
/// enough to make its `ReportJudgement` again from its entry and those of the audits it continues,
/// but for the lists of the warnings it resolved or did not re-audit, of which it keeps the counts.
struct RecordedReport: Codable, Sendable {
    /// The texts the verdicts name (screens and places), each once.
    var names: [String]
    var verdicts: [Verdict]
    var screens: [Screen]
    var notCovered: [Uncovered]
    var hasEarlierAudit: Bool
    var comparedWith: [Int]
    /// How many open warnings it resolved, and how many it did not re-audit.
    var resolved: Int
    var notReauditedOpen: Int
    /// The fingerprints (hex) of the baseline entries it shows no longer needed, when that was decided
    /// as of this audit (nil: not recorded, judged again when asked).
    var staleBaseline: [String]?

    struct Verdict: Codable, Sendable {
        /// The warning's identity: its name when not the issue's own fingerprint, and its number.
        var warning: String?
        var identity: Int
        /// Indices into `names`.
        var screen: Int
        var place: Int
        /// nil for open, else `accepted`, `baseline`, `system` or `repeat`, with the reason or the repeated
        /// number.
        var status: String?
        var reason: String?
        var repeatOf: Int?
        var change: WarningChange?
        /// The issue continued: its audit's position, its index there, the stage that paired them.
        var continues: Continued?
        var since: Int
        var firstSeen: Int

        /// Short keys: a history's record holds one verdict per issue of every audit.
        enum CodingKeys: String, CodingKey {
            case warning = "w", identity = "i", screen = "s", place = "p", status = "k", reason = "r"
            case repeatOf = "n", change = "c", continues = "o", since = "t", firstSeen = "f"
        }

        /// The record of `verdict`: `name` numbers a text in the line's names table, `at` gives an audit's
        /// position in the record.
        init(_ verdict: WarningVerdict, name: (String) -> Int, at: (AuditReference) -> Int) {
            switch verdict.status {
            case .open: status = nil
            case .system: status = "system"
            case .accepted(let why, let byBaseline):
                status = byBaseline ? "baseline" : "accepted"
                reason = why
            case .repeatOf(let number):
                status = "repeat"
                repeatOf = number
            }
            warning = verdict.warning == verdict.fingerprint.hex ? nil : verdict.warning
            identity = verdict.identity
            screen = name(verdict.screen)
            place = name(verdict.place)
            change = verdict.change
            continues = verdict.continues.map { Continued(audit: at($0.audit), index: $0.index, stage: $0.stage) }
            since = at(verdict.since)
            firstSeen = at(verdict.firstSeen)
        }

        /// The verdict recorded, of `issues[index]` of `audit`: `names` is the line's names table,
        /// `continues` the issue it continues (made by the caller, who knows where that audit's issues
        /// are), `reference` an audit by its position. Nil when a name, an audit or the status it names
        /// is not there (a damaged record).
        func made(
            audit: AuditReference, issues: [HistoryIssue], index: Int, names: [String], continues: Continuation?,
            reference: (Int) -> AuditReference?
        ) -> WarningVerdict? {
            guard names.indices.contains(screen), names.indices.contains(place),
                issues.indices.contains(index), let since = reference(since),
                let firstSeen = reference(firstSeen)
            else { return nil }
            let made: WarningStatus
            switch status {
            case nil: made = .open
            case "system": made = .system
            case "accepted": made = .accepted(reason: reason ?? "", byBaseline: false)
            case "baseline": made = .accepted(reason: reason ?? "", byBaseline: true)
            case "repeat": made = .repeatOf(number: repeatOf ?? 0)
            default: return nil
            }
            return WarningVerdict(
                audit: audit, issues: issues, index: index, warning: warning ?? issues[index].fingerprint.hex,
                identity: identity, screen: names[screen], place: names[place], status: made, change: change,
                continues: continues, since: since, firstSeen: firstSeen)
        }
    }

    struct Continued: Codable, Sendable {
        var audit: Int
        var index: Int
        var stage: MatchStage

        /// Short keys, as `Verdict`'s.
        enum CodingKeys: String, CodingKey {
            case audit = "a", index = "i", stage = "s"
        }
    }

    struct Screen: Codable, Sendable {
        var index: Int
        var screen: String
        var name: String
        var comparedWith: Int?
        var evidence: String?
        var shows: Bool
        var hasScreenshot: Bool
        var configuration: ScreenConfiguration
    }

    struct Uncovered: Codable, Sendable {
        var name: String
        var lastAudited: Int
    }

    /// The record of `judged`; `position` gives each audit's place in the record, `staleBaseline` the
    /// stale baseline entries when known as of this audit.
    init(_ judged: ReportJudgement, position: [String: Int], staleBaseline: [Baseline.Entry]?) {
        var index: [String: Int] = [:]
        var names: [String] = []
        func name(_ text: String) -> Int {
            if let known = index[text] { return known }
            index[text] = names.count
            names.append(text)
            return names.count - 1
        }
        let at = { (audit: AuditReference) in position[audit.sha256] ?? -1 }
        verdicts = judged.verdicts.map { Verdict($0, name: name, at: at) }
        self.names = names
        screens = judged.screens.map {
            Screen(
                index: $0.index, screen: $0.screen, name: $0.name, comparedWith: $0.comparedWith.map(at),
                evidence: $0.evidence, shows: $0.shows, hasScreenshot: $0.hasScreenshot, configuration: $0.configuration
            )
        }
        notCovered = judged.notCovered.map { Uncovered(name: $0.name, lastAudited: at($0.lastAudited)) }
        hasEarlierAudit = judged.hasEarlierAudit
        comparedWith = judged.comparedWith.map(at)
        resolved = judged.resolvedWarnings.count
        notReauditedOpen = judged.notReauditedOpenCount
        self.staleBaseline = staleBaseline?.map(\.fingerprint.hex)
    }
}

/// What the judgement states as of the latest audit and needs every audit before it for: the latest
/// audit's lists of earlier warnings (`ReportJudgement.resolved` and `notReaudited`, each verdict with
/// its issue, as its own audit judged it) and the trend. One line after the audits' lines, written
/// anew with each record: the standing warnings are written once, not once per audit that keeps them.
struct RecordedLatest: Codable, Sendable {
    /// The texts the verdicts name (screens and places), each once.
    var names: [String]
    /// The issues the verdicts are of or continue, each once.
    var issues: [Issue]
    var resolved: [Earlier]
    var notReaudited: [Earlier]
    /// The trend by view (`Trend(judgement:by:)`, without the guidance, which is looked up when read),
    /// and its rows by test type.
    var trend: Trend
    var rowsByType: [Trend.Row]

    /// An issue of an earlier audit: the audit's position, the issue's index there, the issue.
    struct Issue: Codable, Sendable {
        var audit: Int
        var index: Int
        var issue: HistoryIssue

        /// Short keys, as `RecordedReport.Verdict`'s.
        enum CodingKeys: String, CodingKey {
            case audit = "a", index = "i", issue = "x"
        }
    }

    /// A verdict of an earlier audit: its issue and the issue it continues (indices into `issues`).
    struct Earlier: Codable, Sendable {
        var issue: Int
        var verdict: RecordedReport.Verdict
        var continued: Int?

        /// Short keys, as `RecordedReport.Verdict`'s.
        enum CodingKeys: String, CodingKey {
            case issue = "x", verdict = "v", continued = "c"
        }
    }

    /// The record of `judgement` as of its latest audit; `position` gives each audit's place in the record.
    init(_ judgement: HistoryJudgement, position: [String: Int]) {
        var nameIndex: [String: Int] = [:]
        var names: [String] = []
        func name(_ text: String) -> Int {
            if let known = nameIndex[text] { return known }
            nameIndex[text] = names.count
            names.append(text)
            return names.count - 1
        }
        let at = { (audit: AuditReference) in position[audit.sha256] ?? -1 }
        var issueIndex: [[Int]: Int] = [:]
        var issues: [Issue] = []
        func issue(_ audit: AuditReference, _ index: Int, _ made: @autoclosure () -> HistoryIssue) -> Int {
            let key = [at(audit), index]
            if let known = issueIndex[key] { return known }
            issueIndex[key] = issues.count
            issues.append(Issue(audit: key[0], index: index, issue: made()))
            return issues.count - 1
        }
        func earlier(_ verdict: WarningVerdict) -> Earlier {
            Earlier(
                issue: issue(verdict.audit, verdict.index, verdict.issue),
                verdict: RecordedReport.Verdict(verdict, name: name, at: at),
                continued: verdict.continues.map { issue($0.audit, $0.index, $0.issue) })
        }
        let latest = judgement.reports.last
        resolved = latest?.resolved.map(earlier) ?? []
        notReaudited = latest?.notReaudited.map(earlier) ?? []
        self.names = names
        self.issues = issues
        var trend = Trend(judgement: judgement, by: .view)
        trend.residual = trend.residual.map { $0.withoutGuidance }
        trend.notReaudited = trend.notReaudited.map { $0.withoutGuidance }
        self.trend = trend
        rowsByType = Trend(judgement: judgement, by: .type).rows
    }

    /// The lists of earlier warnings recorded; `reference` gives an audit by its position. Nil when the
    /// line names an issue, audit or name that is not there (a damaged record).
    func earlierWarnings(reference: (Int) -> AuditReference?) -> EarlierWarnings? {
        func made(_ earlier: Earlier) -> WarningVerdict? {
            guard issues.indices.contains(earlier.issue), let audit = reference(issues[earlier.issue].audit)
            else { return nil }
            var continues: Continuation?
            if let continued = earlier.continued, let stage = earlier.verdict.continues?.stage {
                guard issues.indices.contains(continued), let from = reference(issues[continued].audit) else {
                    return nil
                }
                continues = Continuation(audit: from, issues: [issues[continued].issue], index: 0, stage: stage)
            }
            return earlier.verdict.made(
                audit: audit, issues: [issues[earlier.issue].issue], index: 0, names: names, continues: continues,
                reference: reference)
        }
        var lists = EarlierWarnings(resolved: [], notReaudited: [])
        for (earlier, list) in [(resolved, \EarlierWarnings.resolved), (notReaudited, \.notReaudited)] {
            for item in earlier {
                guard let verdict = made(item) else { return nil }
                lists[keyPath: list].append(verdict)
            }
        }
        return lists
    }

    /// The trend recorded, by `grouping`, with the guidance of each warning looked up.
    func trend(by grouping: TrendGrouping) -> Trend {
        var made = trend
        made.grouping = grouping
        if grouping == .type { made.rows = rowsByType }
        made.residual = made.residual.map { $0.withGuidance }
        made.notReaudited = made.notReaudited.map { $0.withGuidance }
        return made
    }
}

extension Trend.ResidualWarning {
    /// The warning without its guidance (recorded so: the guidance is the code's, not the judgement's).
    var withoutGuidance: Self {
        var warning = self
        warning.guidance = nil
        return warning
    }

    /// The warning with its guidance looked up.
    var withGuidance: Self {
        var warning = self
        warning.guidance = GuidanceReference(issue)
        return warning
    }
}

/// A record read, with the lines of its audits (`RecordedReport`), to make any audit's judgement again.
public struct RecordedJudgement: Sendable {
    /// The record's entries and what they hold for.
    public var record: JudgementRecord
    /// The record file, where its audits' lines start, and the file's bytes when they were read whole.
    private var path: String
    private var reportsStart: Int
    private var bytes: Data?
    private var history: HistoryFile

    /// The longest first line read: 256 MiB, far beyond the index of a million reports.
    static let longestIndex = 1 << 28

    /// The record at `path`, its first line read (and the rest only when `whole`); nil when it is not
    /// one (missing, damaged, written by another version of the format).
    init?(path: String, history: HistoryFile, whole: Bool = false) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var first = Data()
        var rest: Data?
        if whole {
            guard let data = try? handle.readToEnd(), let end = data.firstIndex(of: 0x0A) else { return nil }
            first = data[..<end]
            rest = data
        } else {
            while true {
                guard let chunk = try? handle.read(upToCount: 1 << 18), !chunk.isEmpty else { return nil }
                if let end = chunk.firstIndex(of: 0x0A) {
                    first.append(chunk[..<end])
                    break
                }
                first.append(chunk)
                // No index is this long (about 300 bytes a report): a damaged file, not read on.
                guard first.count < Self.longestIndex else { return nil }
            }
        }
        /// A place in a file: two numbers, each at least 0 and far from overflowing when added.
        func isPlace(_ numbers: [Int]) -> Bool {
            numbers.count == 2 && numbers.allSatisfy { (0..<(1 << 48)).contains($0) }
        }
        guard let record = try? JSONDecoder.forRecords.decode(JudgementRecord.self, from: first),
            record.entries.allSatisfy({ isPlace($0.recorded) && isPlace($0.line) }), isPlace(record.latest)
        else { return nil }
        self.record = record
        self.path = path
        reportsStart = first.count + 1
        bytes = rest.map { Data($0) }
        self.history = history
    }

    /// The `RecordedReport` line of the audit at `position`, as recorded; nil when the file lacks it.
    fileprivate func line(_ position: Int) -> Data? { line(at: record.entries[position].recorded) }

    /// The line at `range` (offset after the first line, and length); nil when the file lacks it.
    private func line(at range: [Int]) -> Data? {
        let start = reportsStart + range[0]
        if let bytes {
            guard start + range[1] <= bytes.count else { return nil }
            return bytes[(bytes.startIndex + start)..<(bytes.startIndex + start + range[1])]
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(start))) != nil, let data = try? handle.read(upToCount: range[1]),
            data.count == range[1]
        else { return nil }
        return data
    }

    /// The recorded judgement of the audit at `position`, with the judgement of the audits of the
    /// same bytes of the history file it continues; `judgeAgain` makes its whole judgement when a list
    /// the record does not keep is asked for (`ReportJudgement.resolved`, `notReaudited`). Nil when its
    /// line or an entry it names cannot be read (the files changed meanwhile).
    func report(at position: Int, judgeAgain: @escaping @Sendable () -> ReportJudgement?) -> (
        report: ReportJudgement, staleBaseline: [String]?
    )? {
        guard record.entries.indices.contains(position), let line = line(position),
            let recorded = try? JSONDecoder.forRecords.decode(RecordedReport.self, from: line)
        else { return nil }
        var entries: [Int: HistoryEntry] = [:]
        func entry(_ at: Int) -> HistoryEntry? {
            if let known = entries[at] { return known }
            guard record.entries.indices.contains(at) else { return nil }
            let line = record.entries[at].line
            guard let read = history.entry(at: line[0]..<(line[0] + line[1])),
                read.sha256 == record.entries[at].sha256
            else { return nil }
            entries[at] = read
            return read
        }
        let audit = reference
        guard let own = entry(position), let ownAudit = audit(position), own.issues.count == recorded.verdicts.count
        else { return nil }
        var verdicts: [WarningVerdict] = []
        verdicts.reserveCapacity(recorded.verdicts.count)
        for (index, verdict) in recorded.verdicts.enumerated() {
            var continues: Continuation?
            if let continued = verdict.continues {
                guard let earlier = entry(continued.audit), let earlierAudit = audit(continued.audit),
                    earlier.issues.indices.contains(continued.index)
                else { return nil }
                continues = Continuation(
                    audit: earlierAudit, issues: earlier.issues, index: continued.index, stage: continued.stage)
            }
            guard
                let made = verdict.made(
                    audit: ownAudit, issues: own.issues, index: index, names: recorded.names, continues: continues,
                    reference: audit)
            else { return nil }
            verdicts.append(made)
        }
        var screens: [ScreenVerdict] = []
        for screen in recorded.screens {
            var made = ScreenVerdict(
                index: screen.index, screen: screen.screen, name: screen.name,
                comparedWith: screen.comparedWith.flatMap(audit), evidence: screen.evidence, shows: screen.shows,
                hasScreenshot: screen.hasScreenshot)
            made.configuration = screen.configuration
            screens.append(made)
        }
        // The latest audit's lists of earlier warnings are recorded; an earlier audit's are judged again.
        var lists: (@Sendable () -> EarlierWarnings?)?
        if position == record.entries.count - 1 {
            let read = self
            lists = { read.latest()?.earlierWarnings(reference: { read.reference($0) }) }
        }
        let report = ReportJudgement(
            recorded: own, verdicts: verdicts, screens: screens,
            notCovered: recorded.notCovered.compactMap { uncovered in
                audit(uncovered.lastAudited).map { UncoveredScreen(name: uncovered.name, lastAudited: $0) }
            },
            hasEarlierAudit: recorded.hasEarlierAudit, comparedWith: recorded.comparedWith.compactMap(audit),
            resolvedCount: recorded.resolved, notReauditedOpen: recorded.notReauditedOpen,
            lists: lists, judgeAgain: judgeAgain)
        return (report, recorded.staleBaseline)
    }

    /// The reference of the audit at `position`; nil when the record has no such audit.
    private func reference(_ position: Int) -> AuditReference? {
        guard record.entries.indices.contains(position) else { return nil }
        let facts = record.entries[position]
        return AuditReference(sha256: facts.sha256, fileName: facts.fileName, auditDate: facts.auditDate)
    }

    /// The line of what the judgement states as of the latest audit, as recorded; nil when the file
    /// lacks it or it cannot be read.
    private func latest() -> RecordedLatest? {
        guard let line = line(at: record.latest) else { return nil }
        return try? JSONDecoder.forRecords.decode(RecordedLatest.self, from: line)
    }

    /// The judgement of the audit at `position` as recorded (the latest audit's with its lists of earlier
    /// warnings); `judgeAgain` judges the history when a list the record does not keep is asked for. Nil
    /// when the record cannot say (its line, or an entry it names, cannot be read: the files changed).
    public func judgement(at position: Int, judgeAgain: @escaping @Sendable () -> HistoryJudgement)
        -> ReportJudgement?
    {
        let sha256 = record.entries.indices.contains(position) ? record.entries[position].sha256 : ""
        let whole = MadeOnce(judgeAgain)
        return report(at: position, judgeAgain: { whole.value.report(sha256: sha256) })?.report
    }

    /// The trend of the history by `grouping` as recorded (`Trend(judgement:by:)`); nil when the record
    /// lacks it or it cannot be read.
    public func trend(by grouping: TrendGrouping) -> Trend? {
        latest()?.trend(by: grouping)
    }

    /// The check of the audit at `position` (`HistoryCheck`) as recorded, with `baseline` (the one
    /// the record holds for); `judgeAgain` judges the history when the record lacks a fact (a list, or
    /// the stale baseline entries of an audit recorded before the latest). Nil when the record cannot
    /// say (see `report(at:judgeAgain:)`).
    public func check(
        at position: Int, baseline: Baseline, failOn: CheckFailOn, strictBaseline: Bool,
        judgeAgain: @escaping @Sendable () -> HistoryJudgement
    ) -> HistoryCheck? {
        let sha256 = record.entries.indices.contains(position) ? record.entries[position].sha256 : ""
        let whole = MadeOnce(judgeAgain)
        guard let (judged, stale) = report(at: position, judgeAgain: { whole.value.report(sha256: sha256) })
        else { return nil }
        let staleEntries: [Baseline.Entry]
        if let stale {
            staleEntries = stale.compactMap { hex in baseline.entries.first { $0.fingerprint.hex == hex } }
        } else {
            let judgement = whole.value
            guard let again = judgement.report(sha256: sha256) else { return nil }
            staleEntries = judgement.judging(again.entry).staleBaseline(for: again)
        }
        return HistoryCheck(judged: judged, staleBaseline: staleEntries, failOn: failOn, strictBaseline: strictBaseline)
    }
}

/// Where a history's judgement is recorded: `history.judgement.json` beside `history.jsonl` (the
/// history's name with `.judgement.json` for its extension), JSON Lines: the record's index
/// (`JudgementRecord`, which says where each audit's line is) on the first line, then one line per
/// audit (`RecordedReport`), then the line of what holds as of the latest audit (`RecordedLatest`: its
/// lists of earlier warnings, the trend): a reader reads the first line and the lines it needs. The file is
/// replaced whole (atomically, never through a symbolic link) and is only ever a copy of what judging
/// the history again gives: a missing, damaged or outdated record is judged again, never an error.
public struct JudgementRecordFile: Sendable {
    /// The record's path.
    public var path: String
    /// The history file.
    public var history: HistoryFile

    /// The record of the history file `history`.
    public init(history: HistoryFile) {
        self.history = history
        let stem =
            PathName.fileExtension(history.path) == "jsonl" ? PathName.deletingExtension(history.path) : history.path
        path = stem + ".judgement.json"
    }

    /// The record with its audits, when there is one that holds for the history file as it is now
    /// (`stamp`: the file now) and for `inputs`; nil otherwise.
    public func loadRecorded(inputs: String, stamp: HistoryStamp?) -> RecordedJudgement? {
        guard let stamp, let recorded = RecordedJudgement(path: path, history: history) else { return nil }
        let record = recorded.record
        guard record.judgementVersion == JudgementRecord.currentJudgementVersion, record.inputs == inputs,
            record.history.isSameFile(as: stamp), record.entries.count == record.history.entries
        else { return nil }
        return recorded
    }

    /// The record with its audits for the history file as it is now, when one holds.
    public func loadRecorded(inputs: String) -> RecordedJudgement? {
        loadRecorded(inputs: inputs, stamp: HistoryStamp(path: history.path))
    }

    /// The record for the history file as it is now, when one holds (`loadRecorded(inputs:)`).
    public func load(inputs: String) -> JudgementRecord? {
        loadRecorded(inputs: inputs)?.record
    }

    /// Records `judgement`, made of `read` (the history as read, or as an append left it:
    /// `HistoryFile.append`'s `written`), and returns the record. The file is written unless the
    /// history file has changed since (another run appended: its judgement is recorded by that run or
    /// the next reader). The audits the record there holds already, up to the first that differs, keep
    /// their lines. Best effort: a record that cannot be written (a read-only folder) is left, and the
    /// history judged again next time.
    @discardableResult
    public func store(_ judgement: HistoryJudgement, read: History) -> JudgementRecord? {
        guard let stamp = read.stamp, stamp.entries == judgement.reports.count,
            judgement.reports.allSatisfy({ read.lines[$0.entry.sha256] != nil })
        else { return nil }
        let inputs = JudgementRecord.inputsDigest(baseline: judgement.baseline, translations: judgement.translations)
        var record = JudgementRecord(
            judgement, history: stamp, inputs: inputs, warnings: read.warnings, lines: read.lines)
        guard HistoryStamp(path: history.path)?.isSameFile(as: stamp) == true else { return record }
        // The audits recorded already (same inputs and version, same audits before them) keep their lines.
        var kept: [Data] = []
        if let earlier = RecordedJudgement(path: path, history: history, whole: true),
            earlier.record.judgementVersion == record.judgementVersion, earlier.record.inputs == inputs
        {
            for (position, entry) in earlier.record.entries.enumerated() {
                guard position < record.entries.count, record.entries[position].sha256 == entry.sha256,
                    let line = earlier.line(position)
                else { break }
                kept.append(line)
            }
        }
        var position: [String: Int] = [:]
        for (index, judged) in judgement.reports.enumerated() { position[judged.entry.sha256] = index }
        let encoder = JSONWriter.encoder(pretty: false)
        var reports = Data()
        for (index, judged) in judgement.reports.enumerated() {
            let start = reports.count
            defer { record.entries[index].recorded = [start, reports.count - start - 1] }
            if index < kept.count {
                reports.append(kept[index])
            } else {
                // The stale baseline entries as of this audit are known for the latest audit (and when
                // there is no baseline); an earlier one's are judged again when asked.
                let stale: [Baseline.Entry]? =
                    judgement.baseline.entries.isEmpty
                    ? [] : index == judgement.reports.count - 1 ? judgement.staleBaseline(for: judged) : nil
                guard let line = try? encoder.encode(RecordedReport(judged, position: position, staleBaseline: stale))
                else { return record }
                reports.append(line)
            }
            reports.append(0x0A)
        }
        guard let latest = try? encoder.encode(RecordedLatest(judgement, position: position)) else { return record }
        record.latest = [reports.count, latest.count]
        reports.append(latest)
        reports.append(0x0A)
        guard var data = try? encoder.encode(record) else { return record }
        data.append(0x0A)
        data.append(reports)
        _ = try? AtomicFile.write(data, to: path, onlyIfChanged: true, durability: .regenerable, namedByUser: false)
        return record
    }

    /// The record that holds for the history as it is now with `baseline` and `translations`; when there
    /// is none, the history read, judged, recorded (`store`), and that record.
    /// - Throws: the history's `AuditError` when it has to be read and cannot be.
    public func record(baseline: Baseline, translations: StringTranslations) throws -> JudgementRecord {
        let inputs = JudgementRecord.inputsDigest(baseline: baseline, translations: translations)
        if let record = load(inputs: inputs) { return record }
        let read = try history.load()
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        return store(judgement, read: read)
            ?? JudgementRecord(
                judgement, history: read.stamp ?? HistoryStamp.none, inputs: inputs, warnings: read.warnings,
                lines: read.lines)
    }
}

extension JudgementRecordFile {
    /// The check (`HistoryCheck`) of the report of the history `reference` names (as
    /// `History.entry(reference:)` finds it), with `baseline` and the catalogs' `translations`: read from
    /// the record while one holds, else the history judged, recorded and checked. `warn` gets what
    /// reading the history tolerated. Nil when the history has no report by that reference.
    /// - Throws: the history's `AuditError` when it has to be read and cannot be.
    public func check(
        reference: String, baseline: Baseline, translations: StringTranslations, failOn: CheckFailOn,
        strictBaseline: Bool, warn: (String) -> Void
    ) throws -> HistoryCheck? {
        let inputs = JudgementRecord.inputsDigest(baseline: baseline, translations: translations)
        let history = self.history
        if let recorded = loadRecorded(inputs: inputs), let position = recorded.record.position(of: reference),
            let check = recorded.check(
                at: position, baseline: baseline, failOn: failOn, strictBaseline: strictBaseline,
                judgeAgain: {
                    HistoryJudgement(
                        history: (try? history.load()) ?? History(entries: []), baseline: baseline,
                        translations: translations)
                })
        {
            for warning in recorded.record.warnings { warn(warning) }
            return check
        }
        let read = try history.load()
        for warning in read.warnings { warn(warning) }
        guard let entry = read.entry(reference: reference) else { return nil }
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        store(judgement, read: read)
        return HistoryCheck(judgement: judgement.judging(entry), failOn: failOn, strictBaseline: strictBaseline)
    }
}

extension JudgementRecordFile {
    /// The trend (`Trend`) of the history by `grouping`, with `baseline` and the catalogs'
    /// `translations`: read from the record while one holds, else the history judged, recorded and its
    /// trend made. `warn` gets what reading the history tolerated.
    /// - Throws: the history's `AuditError` when it has to be read and cannot be.
    public func trend(
        by grouping: TrendGrouping, baseline: Baseline, translations: StringTranslations, warn: (String) -> Void
    ) throws -> Trend {
        let inputs = JudgementRecord.inputsDigest(baseline: baseline, translations: translations)
        if let recorded = loadRecorded(inputs: inputs), let trend = recorded.trend(by: grouping) {
            for warning in recorded.record.warnings { warn(warning) }
            return trend
        }
        let read = try history.load()
        for warning in read.warnings { warn(warning) }
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        store(judgement, read: read)
        return Trend(judgement: judgement, by: grouping)
    }

    /// The judgement of the report `new` names (as `History.entry(reference:)` finds it) as the history
    /// recorded it, when the history compared it with the report `old` names and with that one alone:
    /// what `diff old new` states. Nil when no record holds for the history as it is now with `baseline`
    /// and `translations`, a reference names no report of it, or the history compared `new` otherwise.
    /// `warn` gets what reading the history tolerated.
    public func recordedComparison(
        old: String, new: String, baseline: Baseline, translations: StringTranslations, warn: (String) -> Void
    ) -> ReportJudgement? {
        let inputs = JudgementRecord.inputsDigest(baseline: baseline, translations: translations)
        let history = self.history
        guard let recorded = loadRecorded(inputs: inputs), let older = recorded.record.position(of: old),
            let newer = recorded.record.position(of: new),
            let judged = recorded.judgement(
                at: newer,
                judgeAgain: {
                    HistoryJudgement(
                        history: (try? history.load()) ?? History(entries: []), baseline: baseline,
                        translations: translations)
                }),
            judged.hasEarlierAudit, judged.comparedWith.map(\.sha256) == [recorded.record.entries[older].sha256]
        else { return nil }
        for warning in recorded.record.warnings { warn(warning) }
        return judged
    }
}

extension JSONDecoder {
    /// The decoder of what `JSONWriter` encodes (ISO 8601 dates).
    static var forRecords: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
