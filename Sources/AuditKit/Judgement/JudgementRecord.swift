import Foundation

/// The judgement of a history as it was made, recorded beside the history so the commands that state
/// it read it instead of judging the whole history again: for each entry, in audit-date order, its
/// report, where its line is in the history file and the counts the judgement stated for it; and for
/// each audit what was decided then (`RecordedReport`: each issue's warning, status, change and the
/// issue it continues; each screen's identity and what it was compared with).
///
/// Nothing recorded depends on the baseline: statuses and counts are the rules' and the history's,
/// and today's baseline is applied when a verdict is shown (`BaselineAcceptance`, from each warning's
/// fingerprints the record keeps), so `accept` writes the baseline alone and a command run with
/// another baseline, or none, reads the same record.
///
/// A record holds while four things are as they were when it was written: the history's bytes (its
/// `HistoryContent`: size and SHA-256), the record's own bytes (the seal on its last line, `RecordSeal`),
/// the judgement's code (`judgementVersion`), and what else decides the judgement (`inputs`: the string
/// catalogs' translations, and the record's format). Otherwise it is judged again and written anew,
/// every line of it made of that judgement. It names no file, so it is committed beside the history and
/// a fresh clone reads it without judging again; a link or a file that is not a regular file is not
/// read, and a recorded status the history's line does not give makes the record not used. The gate
/// states each warning's status from the rule file and the baseline whatever the record says
/// (`RuledStatuses`), and believes a record this machine did not write (`RecordedJudgement.writtenHere`)
/// for no report whose file it keeps.
public struct JudgementRecord: Sendable, Hashable, Codable {
    /// The version of the judgement this code makes: raised whenever a change of the judgement's code
    /// changes what it states (`verdictDigests` makes sure), so a record written earlier is judged again.
    public static let currentJudgementVersion = 24

    /// Each version's digest of the verdicts it states on fixed series of audits (the layout probes',
    /// judged by `JudgementVersionTests`), oldest first, the last one `currentJudgementVersion`'s. A change
    /// that changes any verdict fails that test until the version is raised and its digest appended here,
    /// so no behaviour change can leave recorded judgements believed (CONTRIBUTING.md says how).
    public static let verdictDigests: [(version: Int, digest: String)] = [
        (7, "90418fa66c4eed2c0751699700b37231ff744333c88bbc5cc8bc50414cf2726c"),
        (8, "8bb4eafe15c753a799195dd45df327aab57ffb7998baeac3b0bcab97a4e6b5a8"),
        (9, "950f36fc2125ca0c1e59fe202368fce45448f21a732c259a488579be114ed212"),
        (10, "5618de601cd4dfabf73639529a8a169f9cfa5fb88d79ff89f12b46f01204b6f3"),
        (11, "9dfcbeec3461ec4cd925991e0f75dc1af31a836dba8182979ed9e7432b7303ad"),
        (12, "408b79e84552e6cab8efa13495a0c722482cff502912f14fcbab78c6572fc476"),
        (13, "2fd0afab3772b45eab15db83032ba3126e59425f049d85223ec982ec93815300"),
        (14, "66c4f94936b791282bfe1d7732b44e814a064e836c9ccd682978164c754f6c8c"),
        (15, "c9983221b1f8e250a3644a031c895ecd0a66572a0d1769a913c3091a78b9ba35"),
        (16, "30f2b0daa343e4a2ec7d45775cafb324c70e91213e2f4e9e273d59260ab5e53a"),
        (17, "43da39203312e81411d44b5ecaa07733f45c936ee9cdbf218c5dcfe95b60cd7d"),
        (18, "40caecc858e0a449f81f9b90c0b2cee35f39ee3c7904079126f4fa5a24d3e58e"),
        (19, "84b6cf8a541f43a0cd1152bef1b1d43859e1a7ac93c122502b1fc688f25b5079"),
        (20, "39a3278e41925e7f574b1ae2e06a7120bb090e8851103a9c5c2d255b79befe40"),
        (21, "cb548d1c658da5a8dcc91b622da6d2d086226e5cf6bcf046ff01df9e4a599c77"),
        (22, "9d99410dd7f363fd7aaa64903d7fa83aa6accdae890164572da50263102eb013"),
        (23, "dbd50210857d8038dd662ff49d06d7dbb28131e0501cf2b75d52f5b453815381"),
        (24, "bc92fb983244f30a5f37a66a34d4737db5cc287677c4c5e909fbbfc7d6785e61"),
    ]

    /// The version of the judgement recorded.
    public var judgementVersion: Int
    /// The digest of the inputs the judgement was made with besides the history (`inputsDigest`).
    public var inputs: String
    /// The history the judgement was made of, by its content.
    public var history: HistoryContent
    /// What reading that file tolerated (`History.warnings`), for readers of the record to print too.
    public var warnings: [String]
    /// One record per entry, in audit-date order.
    public var entries: [Entry]
    /// The byte offsets (after the record's first line) and lengths of the lines of what the judgement
    /// states as of the latest audit and needs every audit for: the issues of earlier audits they name
    /// (`RecordedIssues`), the latest audit's lists of earlier warnings (`RecordedLatest`) and the trend
    /// (`RecordedTrend`). Empty until written.
    public var issues: [Int] = []
    public var latest: [Int] = []
    public var trend: [Int] = []
    /// The byte offset and length of the line of each warning's fingerprints (`RecordedKeys`), from
    /// which today's baseline is applied.
    public var keys: [Int] = []

    /// What the judgement stated of one entry, and where its line is in the history file.
    public struct Entry: Sendable, Hashable, Codable {
        /// The report's SHA-256.
        public var sha256: String
        /// The report's file name.
        public var fileName: String
        /// When the audit ran.
        public var auditDate: Date
        /// Its issues counted as the judgement states them (`HistoryCounts(_:)` of its judgement),
        /// without the baseline: as the record holds them, the warnings the baseline accepts counted
        /// open; as a reader returns them (`JudgementRecordFile.record`), with today's baseline applied.
        public var counts: HistoryCounts
        /// The run that added it (`HistoryEntry.run`), when its line records one.
        public var run: Int?
        /// The byte offset and length of its line in the history file.
        public var line: [Int]
        /// The byte offset (after the record's first line) and length of its `RecordedReport` line.
        public var recorded: [Int] = []
    }

    /// The record's format: raised when what a line holds changes, so a record written before (one
    /// with the baseline applied, format 1; one naming the history file by inode and time, format 2) is
    /// judged again and written anew.
    static let format = 3

    /// The digest of what decides a recorded judgement besides the history: the translations the string
    /// catalogs give, and the record's format. Not the baseline: it is applied when shown.
    public static func inputsDigest(translations: StringTranslations) -> String {
        var hash = SHA256()
        hash.update(Data("format\t\(format)\n".utf8))
        hash.update(Data("translations\t\(translations.digest)\n".utf8))
        return hash.finalizeHex()
    }

    /// The entry record of the report with this SHA-256.
    public func entry(sha256: String) -> Entry? { entries.first { $0.sha256 == sha256 } }

    /// The audits of the history recorded, as `History.auditIdentities` tells them from its entries.
    public var auditIdentities: AuditIdentities {
        AuditIdentities(claiming: entries.lazy.map { ($0.sha256, $0.auditDate) })
    }

    /// The position (0-based) of the entry a reference names, as `History.entry(reference:now:)` finds it.
    public func position(of reference: String, now: Date = Date()) -> Int? {
        History.position(
            of: reference, count: entries.count, sha256: { entries[$0].sha256 }, fileName: { entries[$0].fileName },
            auditDate: { entries[$0].auditDate }, now: now)
    }

    /// The positions of the entries `selection` names, in its order, as `History.entries(_:now:)` finds them.
    /// - Throws: `AuditError` `.missingInput` naming a reference that names no audit.
    public func positions(_ selection: HistorySelection, now: Date = Date()) throws -> [Int] {
        try selection.positions(
            count: entries.count, sha256: { entries[$0].sha256 }, fileName: { entries[$0].fileName },
            auditDate: { entries[$0].auditDate }, run: { entries[$0].run }, now: now)
    }
}

extension JudgementRecord {
    /// The record of `judgement`, made of the history of content `history` with `inputs`;
    /// `warnings` are what reading it tolerated, `lines` where each entry's line is.
    init(
        _ judgement: HistoryJudgement, history: HistoryContent, inputs: String, warnings: [String],
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
                counts: HistoryCounts(judged, withBaseline: false), run: judged.entry.run,
                line: [line.lowerBound, line.count])
        }
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
    /// How many open warnings it resolved, and how many it did not re-audit (those the baseline
    /// accepts counted open).
    var resolved: Int
    var notReauditedOpen: Int

    struct Verdict: Codable, Sendable, Equatable {
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

    struct Continued: Codable, Sendable, Equatable {
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
        var coversWholeScreen: Bool
        var configuration: ScreenConfiguration
        /// `ScreenVerdict.suggestsNaming`, when true.
        var suggestsNaming: Bool?
    }

    struct Uncovered: Codable, Sendable {
        var name: String
        var lastAudited: Int
    }

    /// The record of `judged`, without the baseline; `position` gives each audit's place in the record.
    init(_ judged: ReportJudgement, position: [String: Int]) {
        var names = RecordedNames()
        let at = { (audit: AuditReference) in position[audit.sha256] ?? -1 }
        verdicts = judged.verdicts.map { Verdict($0, name: { names.number($0) }, at: at) }
        self.names = names.names
        screens = judged.screens.map { Screen($0, at: at) }
        notCovered = judged.notCovered.map { Uncovered(name: $0.name, lastAudited: at($0.lastAudited)) }
        hasEarlierAudit = judged.hasEarlierAudit
        comparedWith = judged.comparedWith.map(at)
        resolved = judged.resolved.lazy.filter(\.status.isOpenUnlessBaselined).count
        notReauditedOpen = judged.notReauditedOpenUnlessBaselinedCount
    }
}

/// The issues of earlier audits the lines after the audits' lines name (`RecordedLatest`,
/// `RecordedTrend`), each once: written as an array of issues as a history line writes them, and read
/// with the history's reader.
struct RecordedIssues {
    /// The issues, each once (an issue several audits recorded alike is written once), in the order
    /// they were first named.
    private(set) var issues: [HistoryIssue] = []
    /// Each issue's place in `issues`.
    private var known: [HistoryIssue: Int] = [:]
    /// Each audit's position in the record.
    let position: [String: Int]

    /// An empty list naming audits by `position`.
    init(position: [String: Int]) { self.position = position }

    /// The position of `audit` in the record (-1 when it has none).
    func at(_ audit: AuditReference) -> Int { position[audit.sha256] ?? -1 }

    /// The place of `issue` in the list: added when not there yet.
    mutating func number(_ issue: HistoryIssue) -> Int {
        if let existing = known[issue] { return existing }
        known[issue] = issues.count
        issues.append(issue)
        return issues.count - 1
    }

    /// The issues of a line as written (its `first` ones when given, the rest of the line not read), or
    /// nil when it is not such a line.
    static func read(_ line: Data, first count: Int? = nil) -> [HistoryIssue]? {
        guard let count else { return HistoryLineParser.whole(line) { try $0.issues() } }
        return HistoryLineParser.start(of: line) { try $0.issues(first: count) }
    }
}

/// A table of the texts a line names (screens, places), each once.
struct RecordedNames {
    private(set) var names: [String] = []
    private var index: [String: Int] = [:]

    /// The number of `text` in the table: added when not there yet.
    mutating func number(_ text: String) -> Int {
        if let known = index[text] { return known }
        index[text] = names.count
        names.append(text)
        return names.count - 1
    }
}

/// The latest audit's lists of earlier warnings (`ReportJudgement.resolved` and `notReaudited`), each
/// verdict as its own audit judged it, its issue and the issue it continues named in the record's
/// `RecordedIssues`: a line after the audits' lines, written anew with each record, so a history's
/// standing warnings are written once, not once per audit that keeps them.
struct RecordedLatest: Codable, Sendable, Equatable {
    /// The texts the verdicts name (screens and places), each once.
    var names: [String]
    var resolved: [Earlier]
    /// The open ones of `notReaudited` told by place (`ReportJudgement.notReauditedPlaces`), so `diff`
    /// of thousands reads neither them nor their issues.
    var notReauditedByPlace: [Place]
    var notReaudited: [Earlier]
    /// Four numbers per warning of `notReaudited`, in its order: its warning (`WarningVerdict.identity`),
    /// its audit's position, its place (in `names`), and 1 when it is open unless the baseline accepts it:
    /// so today's baseline is applied to the counts, the places and the stale entries without reading
    /// the list.
    var standing: [Int]

    /// A verdict of an earlier audit: its issue and the issue it continues (their places in the
    /// record's issues), and its audit's position.
    struct Earlier: Codable, Sendable, Equatable {
        var issue: Int
        var audit: Int
        var verdict: RecordedReport.Verdict
        var continued: Int?

        /// Short keys, as `RecordedReport.Verdict`'s.
        enum CodingKeys: String, CodingKey {
            case issue = "x", audit = "a", verdict = "v", continued = "c"
        }
    }

    /// The open warnings not re-audited at one place: its name (in `names`), how many, and the
    /// positions of audits of the earliest and the latest date that flagged them.
    struct Place: Codable, Sendable, Equatable {
        var place: Int
        var count: Int
        var first: Int
        var last: Int

        /// Short keys, as `RecordedReport.Verdict`'s.
        enum CodingKeys: String, CodingKey {
            case place = "p", count = "n", first = "f", last = "l"
        }
    }

    /// The verdicts of `list` (`resolved` or `notReaudited`), of `issues` (the record's issues as read,
    /// at least as many as the list names); `reference` gives an audit by its position. Nil when the
    /// list names an issue, audit or name that is not there (a damaged record).
    func verdicts(_ list: [Earlier], issues: [HistoryIssue], reference: (Int) -> AuditReference?) -> [WarningVerdict]? {
        list.mapAll { earlier in
            guard issues.indices.contains(earlier.issue), let audit = reference(earlier.audit) else { return nil }
            var continues: Continuation?
            if let continued = earlier.continued, let from = earlier.verdict.continues {
                guard issues.indices.contains(continued), let audit = reference(from.audit) else { return nil }
                continues = Continuation(audit: audit, issues: [issues[continued]], index: 0, stage: from.stage)
            }
            return earlier.verdict.made(
                audit: audit, issues: [issues[earlier.issue]], index: 0, names: names, continues: continues,
                reference: reference)
        }
    }

    /// The warnings of `notReaudited` as `standing` numbers them; nil when it names a name that is not there.
    var standingWarnings: [StandingWarning]? {
        guard standing.count % 4 == 0 else { return nil }
        let starts = Array(stride(from: 0, to: standing.count, by: 4))
        return starts.mapAll { (at: Int) -> StandingWarning? in
            let place = standing[at + 2]
            guard names.indices.contains(place) else { return nil }
            return StandingWarning(
                identity: standing[at], audit: standing[at + 1], place: names[place], open: standing[at + 3] == 1)
        }
    }

    /// A warning not re-audited, as `standing` keeps it.
    struct StandingWarning {
        var identity: Int
        var audit: Int
        var place: String
        /// Open unless the baseline accepts it.
        var open: Bool
    }

    /// How many of the record's issues `resolved` needs read: they are numbered first.
    var issuesOfResolved: Int {
        resolved.reduce(0) { max($0, $1.issue + 1, ($1.continued ?? -1) + 1) }
    }

    /// The places recorded; `reference` gives an audit by its position. Nil when a place names a name
    /// or an audit that is not there (a damaged record).
    func places(reference: (Int) -> AuditReference?) -> [NotReauditedPlace]? {
        notReauditedByPlace.mapAll { place in
            guard names.indices.contains(place.place), let first = reference(place.first),
                let last = reference(place.last)
            else { return nil }
            return NotReauditedPlace(
                place: names[place.place], count: place.count, first: first.auditDate, last: last.auditDate)
        }
    }
}

/// The trend of the history (`Trend(judgement:by:)`) by view and by test type, its columns and
/// warnings naming audits by their position in the record and issues by their place in its
/// `RecordedIssues`: a line after the audits' lines, written anew with each record.
struct RecordedTrend: Codable, Sendable, Equatable {
    /// Each column's open warnings, and the columns of partial reports.
    var open: [Int]
    var partial: [Int]
    var byView: [Trend.Row]
    var byType: [Trend.Row]
    /// The places the warnings name, each once.
    var names: [String]
    var residual: [Warning]
    var notReaudited: [Warning]

    /// A residual or not re-audited warning (`Trend.ResidualWarning`).
    struct Warning: Codable, Sendable, Equatable {
        var issue: Int
        var place: Int
        var firstSeen: Int
        var reportCount: Int
        var baselined: Bool
        var lastAudited: Int?
        /// The warning's number, and the position of the audit whose verdict it is.
        var warning: Int
        var judgedIn: Int

        /// Short keys, as `RecordedReport.Verdict`'s.
        enum CodingKeys: String, CodingKey {
            case issue = "x", place = "p", firstSeen = "f", reportCount = "n", baselined = "b", lastAudited = "l"
            case warning = "w", judgedIn = "j"
        }
    }

    /// The trend recorded, by `grouping`, of the audits of `record` and its `issues` as read, with each
    /// warning's guidance looked up. Nil when the line names a column, issue, name or audit that is not
    /// there (a damaged record).
    func trend(by grouping: TrendGrouping, record: JudgementRecord, issues: [HistoryIssue]) -> Trend? {
        let entries = record.entries
        guard open.count == entries.count, partial.allSatisfy(entries.indices.contains) else { return nil }
        let partial = Set(self.partial)
        let columns = entries.indices.map { k in
            Trend.Column(
                fileName: entries[k].fileName, sha256: entries[k].sha256, auditDate: entries[k].auditDate,
                openCount: open[k], partial: partial.contains(k))
        }
        let rows = grouping == .view ? byView : byType
        guard rows.allSatisfy({ $0.counts.count == entries.count }) else { return nil }
        func made(_ warning: Warning) -> Trend.ResidualWarning? {
            guard issues.indices.contains(warning.issue), names.indices.contains(warning.place),
                entries.indices.contains(warning.firstSeen)
            else { return nil }
            let issue = issues[warning.issue]
            let first = entries[warning.firstSeen]
            var last: JudgementRecord.Entry?
            if let lastAudited = warning.lastAudited {
                guard entries.indices.contains(lastAudited) else { return nil }
                last = entries[lastAudited]
            }
            return Trend.ResidualWarning(
                fingerprint: issue.fingerprint, issue: issue, place: names[warning.place],
                firstSeen: first.auditDate, firstSeenFileName: first.fileName, reportCount: warning.reportCount,
                baselined: warning.baselined, lastAudited: last?.auditDate, lastAuditedFileName: last?.fileName,
                guidance: GuidanceReference(issue), warning: warning.warning, judgedIn: warning.judgedIn)
        }
        guard let residual = residual.mapAll(made), let notReaudited = notReaudited.mapAll(made) else { return nil }
        return Trend(grouping: grouping, columns: columns, rows: rows, residual: residual, notReaudited: notReaudited)
    }
}

extension RecordedReport.Screen {
    /// `screen` recorded, the audit it was compared with by its position (`at`).
    init(_ screen: ScreenVerdict, at: (AuditReference) -> Int) {
        self.init(
            index: screen.index, screen: screen.screen, name: screen.name, comparedWith: screen.comparedWith.map(at),
            evidence: screen.evidence, shows: screen.shows, coversWholeScreen: screen.coversWholeScreen,
            configuration: screen.configuration, suggestsNaming: screen.suggestsNaming ? true : nil)
    }

    /// The screen's verdict recorded, the audit it was compared with named by `audit` (none when it names none).
    func made(audit: (Int) -> AuditReference?) -> ScreenVerdict {
        var made = ScreenVerdict(
            index: index, screen: screen, name: name, comparedWith: comparedWith.flatMap(audit), evidence: evidence,
            shows: shows, coversWholeScreen: coversWholeScreen)
        made.configuration = configuration
        made.suggestsNaming = suggestsNaming ?? false
        return made
    }
}

extension RecordedReport.Verdict {
    /// The record of `verdict`, without the baseline (a warning it accepts is recorded open): `name`
    /// numbers a text in the line's names table, `at` gives an audit's position in the record.
    init(_ verdict: WarningVerdict, name: (String) -> Int, at: (AuditReference) -> Int) {
        switch verdict.status {
        case .open, .accepted(_, byBaseline: true): status = nil
        case .system: status = "system"
        case .accepted(let why, byBaseline: false):
            status = "accepted"
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
        continues = verdict.continues.map {
            RecordedReport.Continued(audit: at($0.audit), index: $0.index, stage: $0.stage)
        }
        since = at(verdict.since)
        firstSeen = at(verdict.firstSeen)
    }
}

extension RecordedLatest {
    /// The record of `judged`'s lists, naming their issues in `issues`.
    init(_ judged: ReportJudgement?, issues: inout RecordedIssues) {
        var names = RecordedNames()
        func earlier(_ verdict: WarningVerdict) -> Earlier {
            Earlier(
                issue: issues.number(verdict.issue), audit: issues.at(verdict.audit),
                verdict: RecordedReport.Verdict(verdict, name: { names.number($0) }, at: issues.at),
                continued: verdict.continues.map { issues.number($0.issue) })
        }
        resolved = judged?.resolved.map(earlier) ?? []
        notReaudited = judged?.notReaudited.map(earlier) ?? []
        standing = (judged?.notReaudited ?? []).flatMap {
            [$0.identity, issues.at($0.audit), names.number($0.place), $0.status.isOpenUnlessBaselined ? 1 : 0]
        }
        // An audit of each date, for the places' dates; the warnings the baseline accepts counted open.
        let open = (judged?.notReaudited ?? []).filter(\.status.isOpenUnlessBaselined)
        var auditOfDate: [Date: Int] = [:]
        for verdict in open { auditOfDate[verdict.audit.auditDate] = issues.at(verdict.audit) }
        notReauditedByPlace = NotReauditedPlace.grouping(open.map { ($0.place, $0.audit.auditDate) }).map {
            Place(
                place: names.number($0.place), count: $0.count, first: auditOfDate[$0.first] ?? -1,
                last: auditOfDate[$0.last] ?? -1)
        }
        self.names = names.names
    }
}

extension RecordedTrend {
    /// The record of `judgement`'s trend without the baseline (the warnings it accepts counted open),
    /// naming its issues in `issues`, and what counting its next column needs (`TrendCarry`).
    static func made(_ judgement: HistoryJudgement, issues: inout RecordedIssues) -> (RecordedTrend, TrendCarry) {
        // The two groupings walk the history each: one per core.
        let trends = ParallelWork.map([TrendGrouping.view, .type], parallel: true) { _, grouping in
            judgement.baseline.entries.isEmpty
                ? judgement.countedTrend(by: grouping)
                : Trend.counted(judgement: judgement, by: grouping, withBaseline: false)
        }
        let trend = trends[0].trend
        var made = RecordedTrend(
            open: trend.columns.map(\.openCount), partial: trend.columns.indices.filter { trend.columns[$0].partial },
            byView: trend.rows, byType: trends[1].trend.rows, names: [], residual: [], notReaudited: [])
        made.name(residual: trend.residual, notReaudited: trend.notReaudited, of: judgement, issues: &issues)
        return (made, .merged(view: trends[0].carry, type: trends[1].carry))
    }

    /// The record extended with the audits of `judgement` from position `first` on (`Trend.extended`), the
    /// screens' latest audits as `carry` says; nil when the trend cannot be extended so.
    func extended(carry: TrendCarry, judgement: HistoryJudgement, from first: Int, issues: inout RecordedIssues)
        -> (RecordedTrend, TrendCarry)?
    {
        guard open.count == first, let last = open.last,
            let view = Trend.extended(
                rows: byView, open: last, carry: carry, judgement: judgement, from: first, by: .view),
            let type = Trend.extended(
                rows: byType, open: last, carry: carry, judgement: judgement, from: first, by: .type)
        else { return nil }
        var made = RecordedTrend(
            open: open + view.columns.map(\.openCount),
            partial: partial + view.columns.indices.filter { view.columns[$0].partial }.map { $0 + first },
            byView: view.rows, byType: type.rows, names: [], residual: [], notReaudited: [])
        made.name(residual: view.residual, notReaudited: view.notReaudited, of: judgement, issues: &issues)
        return (made, .merged(view: view.carry, type: type.carry))
    }

    /// Sets the standing warnings, naming their issues in `issues`, their places in `names` and their
    /// audits by column (the first of `judgement`'s audits of the same file name and date).
    private mutating func name(
        residual: [Trend.ResidualWarning], notReaudited: [Trend.ResidualWarning], of judgement: HistoryJudgement,
        issues: inout RecordedIssues
    ) {
        // A trend names an audit by its file name and date: the column of the same.
        var column: [String: Int] = [:]
        for (k, made) in judgement.reports.enumerated().reversed() {
            column["\(made.entry.fileName)\u{0}\(made.entry.auditDate.timeIntervalSince1970)"] = k
        }
        func at(_ fileName: String, _ date: Date) -> Int {
            column["\(fileName)\u{0}\(date.timeIntervalSince1970)"] ?? -1
        }
        var names = RecordedNames()
        func warning(_ made: Trend.ResidualWarning) -> Warning {
            Warning(
                issue: issues.number(made.issue),
                place: names.number(made.place), firstSeen: at(made.firstSeenFileName, made.firstSeen),
                reportCount: made.reportCount, baselined: made.baselined,
                lastAudited: made.lastAudited.map { at(made.lastAuditedFileName ?? "", $0) }, warning: made.warning,
                judgedIn: made.judgedIn)
        }
        self.residual = residual.map(warning)
        self.notReaudited = notReaudited.map(warning)
        self.names = names.names
    }
}

/// A record file opened once for reading: its lines are read at their offsets (`pread`, which moves no
/// shared position, so readers on several threads need no lock), and it is closed with the last reader.
final class OpenRecord: Sendable {
    /// The descriptor.
    let fd: Int32
    /// The file's size when opened.
    let size: Int

    init(fd: Int32, size: Int) {
        self.fd = fd
        self.size = size
    }

    deinit { close(fd) }

    /// The `count` bytes at `offset`; nil when the file holds fewer there or cannot be read.
    func bytes(at offset: Int, count: Int) -> Data? {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { return nil }
        var data = Data(count: count)
        let read = data.withUnsafeMutableBytes { raw -> Int in
            var done = 0
            while done < count {
                let got = pread(fd, raw.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            return done
        }
        return read == count ? data : nil
    }
}

/// A record read, with the lines of its audits (`RecordedReport`), to make any audit's judgement again.
public struct RecordedJudgement: Sendable {
    /// The record's entries and what they hold for.
    public var record: JudgementRecord
    /// Whether this machine wrote the record of the history file as it is now (its note,
    /// `LocalRecordStamp`, names both files): only then does `check` believe its verdicts of a report
    /// whose file is kept. A record read by its content (a committed one) is not.
    public internal(set) var writtenHere = false
    /// The record file, opened once, and where its audits' lines start.
    private var file: OpenRecord
    private var reportsStart: Int
    private var history: HistoryFile

    /// The longest first line read: 256 MiB, far beyond the index of a million reports.
    static let longestIndex = 1 << 28

    /// The longest line read after the index, for a history of `history` bytes: four times the history
    /// and a MiB (a line states the history's issues in fewer bytes than the history holds them), so a
    /// damaged or hostile record costs memory in proportion to the history it caches.
    static func longestLine(history: Int) -> Int { 4 * max(history, 0) + (1 << 20) }

    /// The longest record read for a history of `history` bytes: its first line and four of the longest
    /// lines after it (the audits' lines together state no more than the history's lines do, and the
    /// three lines after them each as much at most); a longer file is refused.
    static func longestRecord(history: Int) -> Int { longestIndex + 4 * longestLine(history: history) }

    /// The record at `path`, its first line read and the file kept open for its other lines; nil when
    /// it is not one (missing, damaged, written by another version of the format). `refuse` is told
    /// why a file there is not read: not a regular file of its own (`openRecord`), or longer than
    /// `longestRecord`.
    init?(path: String, history: HistoryFile, refuse: (String) -> Void = { _ in }) {
        guard let file = Self.openRecord(path, refuse: refuse) else { return nil }
        let handle = FileHandle(fileDescriptor: file.fd, closeOnDealloc: false)
        var first = Data()
        while true {
            guard let chunk = try? handle.read(upToCount: 1 << 18), !chunk.isEmpty else { return nil }
            if let end = Self.firstNewline(in: chunk) {
                first.append(chunk[..<end])
                break
            }
            first.append(chunk)
            // No index is this long (about 300 bytes a report): a damaged file, not read on.
            guard first.count < Self.longestIndex else { return nil }
        }
        /// A place in a file: two numbers, each at least 0 and far from overflowing when added.
        func isPlace(_ numbers: [Int]) -> Bool {
            numbers.count == 2 && numbers.allSatisfy { (0..<(1 << 48)).contains($0) }
        }
        guard
            let record = JudgementRecord.fastRead(first)
                ?? (try? JSONDecoder.forRecords.decode(JudgementRecord.self, from: first)),
            record.entries.allSatisfy({ isPlace($0.recorded) && isPlace($0.line) }),
            [record.issues, record.latest, record.trend, record.keys].allSatisfy(isPlace)
        else { return nil }
        guard file.size <= Self.longestRecord(history: record.history.bytes) else {
            refuse(
                "the recorded judgement \(path) is \(file.size) bytes, more than the limit of "
                    + "\(Self.longestRecord(history: record.history.bytes)) for its history: not used, judged again")
            return nil
        }
        self.record = record
        self.file = file
        reportsStart = first.count + 1
        self.history = history
    }

    /// The record file at `path` opened for reading: never through a symbolic link (a committed
    /// `history.judgement.json -> /dev/stdin` would hang the reader, `-> /dev/zero` fill its memory), and
    /// only a regular file (a FIFO is opened without waiting for a writer); nil when there is none, or
    /// when `refuse` is told, in one line naming the file, why the one there is not read.
    static func openRecord(_ path: String, refuse: (String) -> Void) -> OpenRecord? {
        do {
            let opened = try ByteBuffer.openRegularFile(path, followingLinks: false)
            return OpenRecord(fd: opened.fd, size: opened.size)
        } catch {
            // Missing: no record. A link (not followed), or anything that is not a regular file: refused.
            var found = stat()
            guard lstat(path, &found) == 0 else { return nil }
            let why: String
            switch found.st_mode & S_IFMT {
            case S_IFLNK: why = "is a symbolic link"
            case S_IFREG: why = "cannot be opened"
            case S_IFDIR: why = "is a folder"
            default: why = "is not a regular file (a pipe, socket or device)"
            }
            refuse("the recorded judgement \(path) \(why): not used, judged again")
            return nil
        }
    }

    /// The index in `data` of its first line feed: searched in its bytes (`Data.firstIndex(of:)` checks
    /// exclusive access to its storage byte by byte, a third of `check`'s time on a long history).
    private static func firstNewline(in data: Data) -> Data.Index? {
        data.withUnsafeBytes { raw -> Int? in
            // memchr: the index of 2,000 reports is 700 KB, searched a byte at a time otherwise.
            guard let base = raw.baseAddress, let found = memchr(base, 0x0A, raw.count) else { return nil }
            return UnsafeRawPointer(found) - base
        }.map { data.startIndex + $0 }
    }

    /// Whether the file ends with the seal of the bytes before it (`RecordSeal`), all of them hashed.
    var sealHolds: Bool { RecordSeal.holds(in: file) }

    /// The audits' lines, all of them as recorded (the bytes before the line of issues); nil when the file
    /// lacks them.
    func reportLines() -> Data? {
        record.issues.count == 2 ? file.bytes(at: reportsStart, count: record.issues[0]) : nil
    }

    /// The trend's line as recorded; nil when it cannot be read.
    func recordedTrend() -> RecordedTrend? {
        line(at: record.trend).flatMap {
            RecordedTrend.fastRead($0) ?? (try? JSONDecoder.forRecords.decode(RecordedTrend.self, from: $0))
        }
    }

    /// The `RecordedReport` line of the audit at `position`, as recorded; nil when the file lacks it.
    fileprivate func line(_ position: Int) -> Data? { line(at: record.entries[position].recorded) }

    /// The line at `range` (offset after the first line, and length), read from the file opened once;
    /// nil when the file lacks it or the line is longer than any the history's judgement makes
    /// (`longestLine`).
    private func line(at range: [Int]) -> Data? {
        guard range[1] <= Self.longestLine(history: record.history.bytes) else { return nil }
        return file.bytes(at: reportsStart + range[0], count: range[1])
    }

    /// The recorded judgement of the audit at `position`, with the judgement of the audits of the
    /// same bytes of the history file it continues and `acceptance` applied; `judgeAgain` makes its whole
    /// judgement (with the same baseline) when a list the record does not keep is asked for
    /// (`ReportJudgement.resolved`, `notReaudited`), or its counts when the baseline accepts a warning
    /// of an audit before it. Nil when its line or an entry it names cannot be read (the files changed
    /// meanwhile).
    func report(
        at position: Int, acceptance: BaselineAcceptance, judgeAgain: @escaping @Sendable () -> ReportJudgement?
    ) -> ReportJudgement? {
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
                    reference: audit),
                Self.lineGives(made.status, issues: own.issues, index: index)
            else { return nil }
            verdicts.append(acceptance.applied(made, at: position))
        }
        let screens = recorded.screens.map { $0.made(audit: audit) }
        // The latest audit's lists of earlier warnings are recorded; an earlier audit's are judged again. Its
        // counts of them are recorded without the baseline: counted from the lists (the latest audit's) or
        // judged again when the baseline accepts a warning of an audit before it.
        let latest = position == record.entries.count - 1
        let lists = latest ? latestLists(acceptance) : nil
        var counted = acceptance.acceptsAny(upTo: position - 1) ? nil : (recorded.resolved, recorded.notReauditedOpen)
        if counted == nil, latest, let head = latestHead(), let standing = head.standingWarnings {
            func isOpen(_ identity: Int, at audit: Int) -> Bool {
                acceptance.status(.open, of: identity, at: audit).isOpen
            }
            counted = (
                head.resolved.filter { $0.verdict.status == nil && isOpen($0.verdict.identity, at: $0.audit) }.count,
                standing.filter { $0.open && isOpen($0.identity, at: $0.audit) }.count
            )
        }
        return ReportJudgement(
            recorded: own, verdicts: verdicts, screens: screens,
            notCovered: recorded.notCovered.compactMap { uncovered in
                audit(uncovered.lastAudited).map { UncoveredScreen(name: uncovered.name, lastAudited: $0) }
            },
            hasEarlierAudit: recorded.hasEarlierAudit, comparedWith: recorded.comparedWith.compactMap(audit),
            counts: counted, lists: lists, judgeAgain: judgeAgain)
    }

    /// The latest audit's recorded lists of earlier warnings (resolved, not re-audited, their places), each
    /// read on first use: its line without the warnings not re-audited (thousands on a long CI history)
    /// first, then whole.
    private func latestLists(_ acceptance: BaselineAcceptance) -> RecordedEarlierWarnings {
        let read = self
        /// The verdicts of `list` with the baseline applied, each at its own audit.
        @Sendable func applied(_ latest: RecordedLatest, _ list: [RecordedLatest.Earlier], _ issues: [HistoryIssue])
            -> [WarningVerdict]?
        {
            latest.verdicts(list, issues: issues, reference: { read.reference($0) }).map { verdicts in
                zip(list, verdicts).map { acceptance.applied($1, at: $0.audit) }
            }
        }
        let head = MadeOnce<RecordedLatest?> {
            read.line(at: read.record.latest).flatMap { RecordedLatest.fastRead($0, listingNotReaudited: false) }
        }
        let whole = MadeOnce<RecordedLatest?> {
            guard let line = read.line(at: read.record.latest) else { return nil }
            return RecordedLatest.fastRead(line)
                ?? (try? JSONDecoder.forRecords.decode(RecordedLatest.self, from: line))
        }
        return RecordedEarlierWarnings(
            resolved: {
                guard let latest = head.value ?? whole.value, let issues = read.issues(first: latest.issuesOfResolved)
                else { return nil }
                return applied(latest, latest.resolved, issues)
            },
            notReaudited: {
                guard let latest = whole.value, let issues = read.issues() else { return nil }
                return applied(latest, latest.notReaudited, issues)
            },
            places: {
                guard let latest = head.value ?? whole.value else { return nil }
                guard !acceptance.accepted.isEmpty else { return latest.places(reference: { read.reference($0) }) }
                // Recorded without the baseline: told again from the warnings it does not accept.
                return latest.standingWarnings?.filter {
                    $0.open && acceptance.status(.open, of: $0.identity, at: $0.audit).isOpen
                }.mapAll { warning in
                    read.reference(warning.audit).map { (warning.place, $0.auditDate) }
                }.map(NotReauditedPlace.grouping)
            })
    }

    /// Whether the history's line can give `status` to `issues[index]`, as the judgement gives it
    /// (`HistoryJudgement.status(of:_:)`): system UI and acceptance by a rule (with its reason) as the line
    /// records them, open or accepted by the baseline for an issue it records open, and a repeat of an
    /// earlier issue of the same fingerprint, type, text and rect.
    static func lineGives(_ status: WarningStatus, issues: [HistoryIssue], index: Int) -> Bool {
        let issue = issues[index]
        switch status {
        case .system: return issue.status == .system
        case .accepted(let reason, false): return issue.status == .accepted && (issue.reason ?? "") == reason
        case .open, .accepted(_, true): return issue.status == .open
        case .repeatOf(let number):
            guard let rect = issue.rect else { return false }
            return issues[..<index].contains { earlier in
                earlier.number == number && earlier.fingerprint == issue.fingerprint && earlier.rect == rect
                    && earlier.testType == issue.testType && earlier.elementText == issue.elementText
            }
        }
    }

    /// The reference of the audit at `position`; nil when the record has no such audit.
    private func reference(_ position: Int) -> AuditReference? {
        guard record.entries.indices.contains(position) else { return nil }
        let facts = record.entries[position]
        return AuditReference(sha256: facts.sha256, fileName: facts.fileName, auditDate: facts.auditDate)
    }

    /// The issues of earlier audits the lines after the audits' lines name, as recorded; nil when the
    /// file lacks them or they cannot be read.
    private func issues(first count: Int? = nil) -> [HistoryIssue]? {
        line(at: record.issues).flatMap { RecordedIssues.read($0, first: count) }
    }

    /// The judgement of the audit at `position` as recorded (the latest audit's with its lists of earlier
    /// warnings), with `acceptance` (`acceptance(of:)`) applied; `judgeAgain` judges the history, with the
    /// same baseline, when a list the record does not keep is asked for. Nil when the record cannot say
    /// (its line, or an entry it names, cannot be read: the files changed).
    public func judgement(
        at position: Int, acceptance: BaselineAcceptance, judgeAgain: @escaping @Sendable () -> HistoryJudgement
    )
        -> ReportJudgement?
    {
        let sha256 = record.entries.indices.contains(position) ? record.entries[position].sha256 : ""
        let whole = MadeOnce(judgeAgain)
        return report(at: position, acceptance: acceptance, judgeAgain: { whole.value.report(sha256: sha256) })
    }

    /// `baseline` applied to the warnings the record keeps (`BaselineAcceptance`): the one place a
    /// reader of the record states acceptance. Nil when the baseline accepts something and the record's
    /// line of fingerprints cannot be read.
    public func acceptance(of baseline: Baseline) -> BaselineAcceptance? {
        guard !baseline.entries.isEmpty else { return .noBaseline }
        return recordedKeys().map { BaselineAcceptance(baseline: baseline, keys: $0) }
    }

    /// The latest audit's line of earlier warnings without its list of those not re-audited (`standing`
    /// numbers them); nil when it cannot be read.
    private func latestHead() -> RecordedLatest? {
        line(at: record.latest).flatMap {
            RecordedLatest.fastRead($0, listingNotReaudited: false)
                ?? (try? JSONDecoder.forRecords.decode(RecordedLatest.self, from: $0))
        }
    }

    /// The line of each warning's fingerprints, as recorded; nil when it cannot be read.
    func recordedKeys() -> RecordedKeys? {
        line(at: record.keys).flatMap { try? JSONDecoder.forRecords.decode(RecordedKeys.self, from: $0) }
    }

    /// Each of `fingerprints` an audit of the history had as an issue's own: that issue in the latest audit
    /// that had it (its first there) and where people find it (`WarningVerdict.place`), what `accept`
    /// describes a baseline entry with. Nil when the record cannot say.
    public func latestIssues(of fingerprints: [IssueFingerprint])
        -> [IssueFingerprint: (issue: HistoryIssue, place: String)]?
    {
        guard let keys = recordedKeys() else { return nil }
        let wanted = Set(fingerprints.map(\.hex))
        var latest: [String: Int] = [:]
        for occurrence in keys.occurrences where !occurrence.version1 && wanted.contains(occurrence.hex) {
            latest[occurrence.hex] = max(latest[occurrence.hex] ?? 0, occurrence.lastAudit)
        }
        var found: [IssueFingerprint: (issue: HistoryIssue, place: String)] = [:]
        for (hex, position) in latest {
            guard let judged = report(at: position, acceptance: .noBaseline, judgeAgain: { nil }),
                let verdict = judged.verdicts.first(where: { $0.fingerprint.hex == hex })
            else { return nil }
            found[verdict.fingerprint] = (verdict.issue, verdict.place)
        }
        return found
    }

    /// The entries' counts (`JudgementRecord.Entry.counts`) with `acceptance` applied.
    public func counted(_ acceptance: BaselineAcceptance) -> JudgementRecord {
        var stated = record
        guard !acceptance.accepted.isEmpty else { return stated }
        for index in stated.entries.indices {
            stated.entries[index].counts = acceptance.counts(stated.entries[index].counts, at: index)
        }
        return stated
    }

    /// The trend of the history by `grouping` as recorded (`Trend(judgement:by:)`, without the baseline),
    /// with `acceptance` applied; nil when the record lacks it or it cannot be read.
    public func trend(by grouping: TrendGrouping, acceptance: BaselineAcceptance) -> Trend? {
        guard let line = line(at: record.trend),
            let trend = RecordedTrend.fastRead(line)
                ?? (try? JSONDecoder.forRecords.decode(RecordedTrend.self, from: line)),
            let issues = issues()
        else { return nil }
        guard let made = trend.trend(by: grouping, record: record, issues: issues) else { return nil }
        return acceptance.applied(to: made)
    }

    /// The check of the audit at `position` (`HistoryCheck`) as recorded, with `acceptance` (today's
    /// baseline) applied; `judgeAgain` judges the history, with that baseline, when the record lacks a
    /// fact (a list, or the stale baseline entries of an audit recorded before the latest). Nil when the
    /// record cannot say (see `report(at:acceptance:judgeAgain:)`).
    public func check(
        at position: Int, acceptance: BaselineAcceptance, failOn: CheckFailOn, strictBaseline: Bool,
        judgeAgain: @escaping @Sendable () -> HistoryJudgement
    ) -> HistoryCheck? {
        let sha256 = record.entries.indices.contains(position) ? record.entries[position].sha256 : ""
        let whole = MadeOnce(judgeAgain)
        guard
            let judged = report(
                at: position, acceptance: acceptance, judgeAgain: { whole.value.report(sha256: sha256) })
        else { return nil }
        let staleEntries: [Baseline.Entry]
        if acceptance.baseline.entries.isEmpty {
            staleEntries = []
        } else if position == record.entries.count - 1 {
            // The warnings it shows, and those it did not re-audit as the record numbers them.
            let standing = latestHead()?.standingWarnings?.map(\.identity) ?? judged.notReaudited.map(\.identity)
            staleEntries = acceptance.staleBaseline(
                shown: Set(judged.verdicts.map(\.identity) + standing), covered: judged.covered)
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
/// audit (`RecordedReport`), then three lines of what holds as of the latest audit (`RecordedIssues`,
/// `RecordedLatest`, `RecordedTrend`) and the line of each warning's fingerprints (`RecordedKeys`), and
/// last its seal (`RecordSeal`): a reader reads the first line and the lines it needs. The baseline is
/// applied when read (`RecordedJudgement.acceptance(of:)`): the record is the same whatever the
/// baseline, and the same on every machine (it names the history by content), so it is committed. The
/// file is replaced whole (atomically, never through a symbolic link) and is only ever a copy of what
/// judging the history again gives: a missing, damaged or outdated record is judged again, never an
/// error. Beside it, this machine's note of the records it wrote (`localStampPath`, git-ignored).
public struct JudgementRecordFile: Sendable {
    /// The record's path.
    public var path: String
    /// The history file.
    public var history: HistoryFile

    /// The record of the history file `history`.
    public init(history: HistoryFile) {
        self.history = history
        // Beside a history the person named, in the folder its links lead to: the record is written
        // refusing links on its way.
        let named = history.namedByUser ? Symlinks.namedFile(history.path) : history.path
        let stem = PathName.fileExtension(named) == "jsonl" ? PathName.deletingExtension(named) : named
        path = stem + ".judgement.json"
    }

    /// The record with its audits, when there is one that holds for the history file as it is now
    /// (`stamp`: the file now) and for `inputs` (`holds(_:stamp:refused:)`: written here of that file, or
    /// made of its bytes and sealed); nil otherwise. `refused` is told, in one line naming the file, why a
    /// file there is not read (a link, not a regular file, longer than any record, its seal broken).
    public func loadRecorded(inputs: String, stamp: HistoryStamp?, refused: (String) -> Void = { _ in })
        -> RecordedJudgement?
    {
        guard let stamp, var recorded = RecordedJudgement(path: path, history: history, refuse: refused) else {
            return nil
        }
        let record = recorded.record
        guard record.judgementVersion == JudgementRecord.currentJudgementVersion, record.inputs == inputs,
            record.entries.count == record.history.entries
        else { return nil }
        let held = holds(recorded, stamp: stamp, refused: refused)
        guard held.holds else { return nil }
        recorded.writtenHere = held.writtenHere
        return recorded
    }

    /// The record with its audits for the history file as it is now, when one holds; `refused` as
    /// `loadRecorded(inputs:stamp:refused:)` tells it.
    public func loadRecorded(inputs: String, refused: (String) -> Void = { _ in }) -> RecordedJudgement? {
        loadRecorded(inputs: inputs, stamp: HistoryStamp(path: history.path), refused: refused)
    }

    /// The record for the history file as it is now, when one holds (`loadRecorded(inputs:refused:)`).
    public func load(inputs: String, refused: (String) -> Void = { _ in }) -> JudgementRecord? {
        loadRecorded(inputs: inputs, refused: refused)?.record
    }

    /// Records `judgement`, made of `read` (the history as read, or as an append left it:
    /// `HistoryFile.append`'s `written`), and returns the record. The file is written unless the
    /// history file has changed since (another run appended: its judgement is recorded by that run or
    /// the next reader). Every line is made of `judgement`: none is copied from a record there. It names
    /// the history by content (`HistoryContent`, the file hashed again once judged) and ends with its seal;
    /// this machine notes it wrote it (`localStampPath`). Best effort: a record that cannot be written (a
    /// read-only folder) is left, and the history judged again next time.
    @discardableResult
    public func store(_ judgement: HistoryJudgement, read: History) -> JudgementRecord? {
        guard let stamp = read.stamp, stamp.entries == judgement.reports.count,
            judgement.reports.allSatisfy({ read.lines[$0.entry.sha256] != nil })
        else { return nil }
        let inputs = JudgementRecord.inputsDigest(translations: judgement.translations)
        let unknown = HistoryContent(bytes: stamp.bytes, sha256: "", entries: stamp.entries)
        var record = JudgementRecord(
            judgement, history: unknown, inputs: inputs, warnings: read.warnings, lines: read.lines)
        guard HistoryStamp(path: history.path)?.isSameFile(as: stamp) == true else { return record }
        // A record this machine wrote of this very file is not written again (nothing hashed to tell).
        if LocalRecordStamp.read(localStampPath)?.names(history: history.path, record: path) == true,
            let held = loadRecorded(inputs: inputs, stamp: stamp), held.writtenHere,
            held.record.entries.map(\.sha256) == record.entries.map(\.sha256)
        {
            return held.record
        }
        guard let content = HistoryContent(path: history.path, stamp: stamp) else { return record }
        record.history = content
        // Every line made of this judgement: a record found there (committed, or of the lines before one
        // changed in place) is never copied.
        var position: [String: Int] = [:]
        for (index, judged) in judgement.reports.enumerated() { position[judged.entry.sha256] = index }
        let encoder = JSONWriter.encoder(pretty: false)
        var reports = Data()
        for (index, judged) in judgement.reports.enumerated() {
            let start = reports.count
            defer { record.entries[index].recorded = [start, reports.count - start - 1] }
            guard let line = try? RecordedReport(judged, position: position).line(encoder: encoder) else {
                return record
            }
            reports.append(line)
            reports.append(0x0A)
        }
        // Then what holds as of the latest audit, each issue of an earlier audit written once.
        var issues = RecordedIssues(position: position)
        let latest = RecordedLatest(judgement.reports.last, issues: &issues)
        let (trend, carry) = RecordedTrend.made(judgement, issues: &issues)
        guard
            let data = Self.sealed(
                &record, reports: [reports], issues: issues, latest: latest, trend: trend,
                keys: RecordedKeys(judgement))
        else { return record }
        guard
            (try? AtomicFile.write(data, to: path, onlyIfChanged: true, durability: .regenerable, namedByUser: false))
                != nil
        else { return record }
        noteWritten(history: stamp, bytes: data.count)
        JudgementStateFile(history: history).store(
            judgement, content: content, warnings: read.warnings, trend: carry)
        return record
    }

    /// The record file's bytes: `record`'s index (told where the lines after the audits' lines are), the
    /// audits' lines (`reports`, in parts), the lines of what holds as of the latest audit, and the seal. Nil when a
    /// line cannot be encoded.
    static func sealed(
        _ record: inout JudgementRecord, reports: [Data], issues: RecordedIssues, latest: RecordedLatest,
        trend: RecordedTrend, keys: RecordedKeys
    ) -> Data? {
        let encoder = JSONWriter.encoder(pretty: false)
        guard let latestLine = try? encoder.encode(latest), let trendLine = try? encoder.encode(trend),
            let issuesLine = try? encoder.encode(issues.issues), let keysLine = try? encoder.encode(keys)
        else { return nil }
        let tail = [
            (issuesLine, \JudgementRecord.issues), (latestLine, \JudgementRecord.latest), (trendLine, \.trend),
            (keysLine, \.keys),
        ]
        var end = reports.reduce(0) { $0 + $1.count }
        for (line, place) in tail {
            record[keyPath: place] = [end, line.count]
            end += line.count + 1
        }
        guard let index = try? encoder.encode(record) else { return nil }
        var data = Data(capacity: index.count + 1 + end + RecordSeal.length)
        data.append(index)
        data.append(0x0A)
        for part in reports { data.append(part) }
        for (line, _) in tail {
            data.append(line)
            data.append(0x0A)
        }
        data.append(RecordSeal.line(sealing: data))
        return data
    }

    /// The record that holds for the history as it is now with `translations`, its entries' counts with
    /// `baseline` applied; when there is none, the history read, judged, recorded (`store`), and that
    /// record with the judgement's counts. `refused` as `loadRecorded(inputs:stamp:refused:)` tells it.
    /// - Throws: the history's `AuditError` when it has to be read and cannot be.
    public func record(
        baseline: Baseline, translations: StringTranslations, refused: (String) -> Void = { _ in }
    ) throws -> JudgementRecord {
        let inputs = JudgementRecord.inputsDigest(translations: translations)
        if let recorded = loadRecorded(inputs: inputs, refused: refused),
            let acceptance = recorded.acceptance(of: baseline)
        {
            return recorded.counted(acceptance)
        }
        let read = try history.load()
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        var record =
            store(judgement, read: read)
            ?? JudgementRecord(
                judgement,
                history: HistoryContent(bytes: read.stamp?.bytes ?? 0, sha256: "", entries: read.entries.count),
                inputs: inputs, warnings: read.warnings, lines: read.lines)
        for (index, judged) in judgement.reports.enumerated() where record.entries.indices.contains(index) {
            record.entries[index].counts = HistoryCounts(judged)
        }
        return record
    }
}

extension JudgementRecordFile {
    /// The checks (`HistoryCheck`) of the reports of the history `selection` names, each against the
    /// audits before it, with `baseline` and the catalogs' `translations`: read from the record while one
    /// holds, else the history judged and checked, and recorded when `records` (`auditkit check` writes
    /// nothing, so CI can run it read-only). A record this machine did not write (a committed one) is not
    /// believed of a report `keptReport` says the reports folder keeps (by file name): the gate checks that
    /// report's line against its file, and judges it from the history, never from the record. `now` is the
    /// run's clock (`History.futureTolerance`); `warn` gets what reading the history tolerated, and why a
    /// record there is not read.
    /// - Throws: the history's `AuditError` when it has to be read and cannot be; `.missingInput` for a
    ///   reference that names no report of it.
    public func checks(
        _ selection: HistorySelection, baseline: Baseline, translations: StringTranslations, failOn: CheckFailOn,
        strictBaseline: Bool, records: Bool = true, now: Date = Date(), keptReport: (String) -> Bool = { _ in false },
        warn: (String) -> Void
    ) throws -> [HistoryCheck] {
        let inputs = JudgementRecord.inputsDigest(translations: translations)
        let history = self.history
        if let recorded = loadRecorded(inputs: inputs, refused: warn),
            let acceptance = recorded.acceptance(of: baseline),
            case let positions = try recorded.record.positions(selection, now: now),
            recorded.writtenHere || !positions.contains(where: { keptReport(recorded.record.entries[$0].fileName) })
        {
            let whole = MadeOnce(judgingAgain(baseline: baseline, translations: translations))
            let checks = positions.compactMap {
                recorded.check(
                    at: $0, acceptance: acceptance, failOn: failOn, strictBaseline: strictBaseline,
                    judgeAgain: { whole.value })
            }
            if checks.count == positions.count {
                for warning in recorded.record.warnings { warn(warning) }
                return checks
            }
            warn("the recorded judgement \(path) does not state what the history's lines do: not used, judged again")
        }
        let read = try history.load()
        for warning in read.warnings { warn(warning) }
        let entries = try read.entries(selection, now: now)
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        if records { store(judgement, read: read) }
        return entries.map {
            HistoryCheck(judgement: judgement.judging($0), failOn: failOn, strictBaseline: strictBaseline)
        }
    }
}

extension JudgementRecordFile {
    /// How a command whose record lacks a fact judges the history again, with `baseline` and
    /// `translations` (a history that cannot be read then judges as empty: the record's reader says nil).
    private func judgingAgain(baseline: Baseline, translations: StringTranslations)
        -> @Sendable () -> HistoryJudgement
    {
        let history = self.history
        return {
            HistoryJudgement(
                history: (try? history.load()) ?? History(entries: []), baseline: baseline, translations: translations)
        }
    }

    /// The trend (`Trend`) of the history by `grouping`, with `baseline` and the catalogs'
    /// `translations`: read from the record while one holds (the baseline applied), else the history
    /// judged, recorded and its trend made. `warn` gets what reading the history tolerated, and why a
    /// record there is not read.
    /// - Throws: the history's `AuditError` when it has to be read and cannot be.
    public func trend(
        by grouping: TrendGrouping, baseline: Baseline, translations: StringTranslations, warn: (String) -> Void
    ) throws -> Trend {
        let inputs = JudgementRecord.inputsDigest(translations: translations)
        let recorded = loadRecorded(inputs: inputs, refused: warn)
        if let recorded, let acceptance = recorded.acceptance(of: baseline),
            let trend = recorded.trend(by: grouping, acceptance: acceptance)
        {
            for warning in recorded.record.warnings { warn(warning) }
            return trend
        }
        let read = try history.load()
        for warning in read.warnings { warn(warning) }
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        if recorded == nil { store(judgement, read: read) }
        return judgement.trend(by: grouping)
    }

    /// The judgement of the report `new` names (as `History.entry(reference:)` finds it) as the history
    /// recorded it, when the report `old` names is one the history compared it with (the latest earlier
    /// audit of one of its screens): what `diff old new` states. Nil when no record holds for the history as it is now with `baseline`
    /// and `translations`, a reference names no report of it, or the history compared `new` otherwise.
    /// `warn` gets what reading the history tolerated, and why a record there is not read.
    public func recordedComparison(
        old: String, new: String, baseline: Baseline, translations: StringTranslations, warn: (String) -> Void
    ) -> ReportJudgement? {
        let inputs = JudgementRecord.inputsDigest(translations: translations)
        guard let recorded = loadRecorded(inputs: inputs, refused: warn), let older = recorded.record.position(of: old),
            let newer = recorded.record.position(of: new), let acceptance = recorded.acceptance(of: baseline),
            let judged = recorded.judgement(
                at: newer, acceptance: acceptance,
                judgeAgain: judgingAgain(baseline: baseline, translations: translations)),
            judged.wasCompared(with: recorded.record.entries[older].sha256)
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

extension Array {
    /// Each element transformed, or nil when one is not (a record line naming what is not there).
    func mapAll<Made>(_ transform: (Element) -> Made?) -> [Made]? {
        var made: [Made] = []
        made.reserveCapacity(count)
        for element in self {
            guard let one = transform(element) else { return nil }
            made.append(one)
        }
        return made
    }
}
