import Foundation

/// The judgement of a whole history, made once per run: for every issue of every audit, which
/// warning it is, whether it is open, what changed against the audits of its screen before it, and
/// since when. The session, the summary, the report pages, the site's index, the trend, `diff`,
/// `check`, `history list` and SARIF render it and compute none of these facts themselves.
///
/// Audits are judged in audit-date order (`History.precedes`). Each screen group an audit covers is
/// compared with the latest earlier audit that covered it (`WarningMatcher`); warnings of screens the
/// audit did not cover are "not re-audited", never resolved, and so are those flagged in a configuration
/// that lays the screen out otherwise (`ScreenConfiguration`: text size, device, orientation; for
/// contrast, the appearance). A warning keeps its identity along the
/// pairs that continue it, whatever the stage (a language change pairs by key, a moved element by
/// geometry), and gets it back when the same fingerprint reappears after it was resolved.
///
/// A warning is accepted by a rule (recorded with the issue) or by the baseline, when the baseline
/// holds the fingerprint of any issue of the warning up to this audit (or the version-1 fingerprint
/// an older baseline used).
public struct HistoryJudgement: Sendable {
    /// Every audit's judgement, oldest first.
    public internal(set) var reports: [ReportJudgement] = [] {
        didSet { trends = TrendMemo() }
    }
    /// The trends of `reports` as they are, each made once (`trend(by:)`).
    private var trends = TrendMemo()
    /// The baseline used.
    public let baseline: Baseline
    /// The string catalogs' translations used to pair warnings across languages.
    public let translations: StringTranslations

    var prepared: [WarningMatcher.Prepared] = []
    var position: [String: Int] = [:]
    /// Per normalised screen group: the latest audit that covered it.
    var latest: [String: Int] = [:]
    /// Each warning by its number (`WarningVerdict.identity`), and the number of each identity
    /// (`WarningVerdict.warning`).
    var warnings: [Warning] = []
    var identityOfName: [String: Int] = [:]
    /// The warning (number) each fingerprint was last seen as, and its normalised screen group.
    var warningOfFingerprint: [IssueFingerprint: (warning: Int, group: String)] = [:]
    /// The warning (number) each fingerprint was last seen as on each screen (by normalised identity): a
    /// fingerprint that reappears takes back the warning of its own screen, never another screen's (reports
    /// name every screen alike, and a text-less chevron has one fingerprint on every screen).
    var warningInScreen: [ScreenFingerprint: Int] = [:]
    /// Per warning (by number): the baseline entry that accepts it.
    var acceptedWarning: [Int: Baseline.Entry] = [:]
    /// Per normalised screen group: the warnings of its earlier audits that its latest audit did not
    /// re-audit (scrolled away, or not flagged by a report without its screenshot). They still stand:
    /// the next audit of the screen continues or resolves them as it does the latest audit's own. Kept
    /// as shared chunks (`StandingList`): an audit that leaves them as they were copies none of them.
    var carried: [String: StandingList] = [:]
    /// Per normalised screen group: its layouts (`LayoutTransform`) from audit to audit, one after the
    /// other, so a carried warning that moves with the screen keeps one rect: the drift applied to that
    /// rect is where its element is in the screen's latest audit.
    var drift: [String: LayoutTransform] = [:]
    /// Per normalised screen group: its latest audit (position) and that audit's own warnings of it
    /// (repeats left out), listed once for the audits that do not cover it.
    var shownOf: [String: (audit: Int, list: StandingList)] = [:]
    /// Per audit (by position): what each screen it covered was audited in, by normalised identity.
    var configurations: [[String: ScreenConfiguration]] = []
    /// Which audits read alike and in which language each was audited (`AuditLanguages`, by position): the
    /// matcher pairs texts by place across wordings, a standing warning flagged in another can continue in
    /// its translation, and a text clipped in one language says nothing of another.
    var languages = AuditLanguages()
    var catalogCache: [String: [String]] = [:]
    /// Each element text's normal form (`IssueFingerprint.normalizedText`) as a hash, nil for a text
    /// without letters; worked out once: texts recur from audit to audit.
    var normalCache: [String: Int?] = [:]
    var screens = ScreenIdentification()

    /// Judges `entry` against the audits of `history` before it (and those only: one walk).
    public static func judging(
        _ entry: HistoryEntry, in history: History, baseline: Baseline? = nil, translations: StringTranslations = .none
    ) -> HistoryJudgement {
        let earlier = history.entries.filter { $0.sha256 != entry.sha256 && History.precedes($0, entry) }
        return HistoryJudgement(entries: earlier + [entry], baseline: baseline, translations: translations)
    }

    /// Judges every audit of `history` against the ones before it.
    public init(history: History, baseline: Baseline? = nil, translations: StringTranslations = .none) {
        self.init(entries: history.entries, baseline: baseline, translations: translations)
    }

    /// Judges `entries` (any order) against each other.
    public init(entries: [HistoryEntry], baseline: Baseline? = nil, translations: StringTranslations = .none) {
        self.baseline = baseline ?? Baseline(entries: [])
        self.translations = translations
        var seen = Set<String>()
        walk(entries.sorted(by: History.precedes).filter { seen.insert($0.sha256).inserted })
    }

    /// `new` judged against `old` alone, in that order whatever their dates (`ReportDiff(old:new:)`).
    init(comparing old: HistoryEntry, with new: HistoryEntry, translations: StringTranslations) {
        baseline = Baseline(entries: [])
        self.translations = translations
        step(old)
        step(new)
    }

    /// The trend of the history by `grouping` (`Trend(judgement:by:)`), made once for this judgement
    /// however many outputs show it (the record, `trend.svg`, the site's index).
    public func trend(by grouping: TrendGrouping) -> Trend {
        countedTrend(by: grouping).trend
    }

    /// The trend by `grouping` and what counting its next column needs (`Trend.counted`), made once.
    func countedTrend(by grouping: TrendGrouping) -> (trend: Trend, carry: TrendCarry) {
        let made = trends.trend(grouping) {
            let counted = Trend.counted(judgement: self, by: grouping, withBaseline: true)
            return CountedTrend(trend: counted.trend, carry: counted.carry)
        }
        return (made.trend, made.carry)
    }

    /// The judgement of the audit whose report has this SHA-256.
    public func report(sha256: String) -> ReportJudgement? {
        position[sha256].map { reports[$0] }
    }

    /// The latest audit's judgement.
    public var latestReport: ReportJudgement? { reports.last }

    /// The history entries, in audit-date order.
    public var entries: [HistoryEntry] { reports.map(\.entry) }

    /// Adds `entry` (a no-op when it is judged already) and returns its judgement: one more step when
    /// it is the latest audit, else the whole history judged again, so later audits compare with it.
    @discardableResult
    public mutating func add(_ entry: HistoryEntry) -> ReportJudgement {
        if let known = report(sha256: entry.sha256) { return known }
        if let last = reports.last?.entry, History.precedes(entry, last) {
            self = HistoryJudgement(entries: entries + [entry], baseline: baseline, translations: translations)
        } else {
            step(entry)
        }
        return report(sha256: entry.sha256)!
    }

    /// The judgement of `entry` against the audits before it: its own when it is judged already, else
    /// as if it were added (the history is not changed). Judges only the audits before it, so an
    /// older report is judged as it was then.
    public func judging(_ entry: HistoryEntry) -> HistoryJudgement {
        if reports.last?.entry.sha256 == entry.sha256 { return self }
        let earlier = entries.filter { $0.sha256 != entry.sha256 && History.precedes($0, entry) }
        if earlier.count == reports.count, report(sha256: entry.sha256) == nil {
            var copy = self
            copy.step(entry)
            return copy
        }
        return HistoryJudgement(entries: earlier + [entry], baseline: baseline, translations: translations)
    }

    /// The audit that resolved `warning` (an identity, `WarningVerdict.warning`), when the latest audit
    /// of its screen no longer shows it; nil while it is there or not re-audited.
    public func resolution(ofWarning warning: String) -> AuditReference? {
        identityOfName[warning].flatMap { warnings[$0].resolvedBy }
    }

    /// Judged `entries` too: this judgement when it holds them all, else the history with them added.
    public func including(_ entries: [HistoryEntry]) -> HistoryJudgement {
        let missing = entries.filter { position[$0.sha256] == nil }
        guard !missing.isEmpty else { return self }
        return HistoryJudgement(entries: self.entries + missing, baseline: baseline, translations: translations)
    }

    /// The baseline entries that `report` shows to be no longer needed: the warning they accept is on a
    /// screen the audit covered and the audit does not show it, or no audit ever showed their
    /// fingerprint. Acceptances of screens the audit did not cover are never stale. Meant for the
    /// judgement `judging(_:)` returned, whose latest audit is `report`.
    public func staleBaseline(for report: ReportJudgement) -> [Baseline.Entry] {
        let shown = Set((report.verdicts + report.notReaudited).map(\.identity))
        let covered = position[report.entry.sha256].map { prepared[$0].covered } ?? []
        return baseline.entries.filter { accepted in
            guard let known = warningOfFingerprint[accepted.fingerprint] else { return true }
            return covered.contains(known.group) && !shown.contains(known.warning)
        }
    }

    /// The baseline entries no longer needed anywhere: the latest audit of their warning's screen does
    /// not show it, or no audit ever showed their fingerprint (`accept --prune`).
    public func staleBaseline() -> [Baseline.Entry] {
        baseline.entries.filter { accepted in
            guard let known = warningOfFingerprint[accepted.fingerprint], let k = latest[known.group] else {
                return true
            }
            return !(reports[k].verdicts + reports[k].notReaudited).contains { $0.identity == known.warning }
        }
    }

    // MARK: The walk

    /// Judges `entry` after the audits judged so far.
    mutating func step(_ entry: HistoryEntry) {
        let k = reports.count
        let reading = Self.reading(
            entry, translations: translations, catalogCache: &catalogCache, normalCache: &normalCache)
        let placement = place(entry, reading, k: k)
        let side = Self.prepared(entry, reading, placement)
        prepared.append(side)
        languages.add(side, previous: k > 0 ? k - 1 : nil, translations: translations)
        judge(
            entry, k: k, placement: placement, facts: IssueFacts(entry, side, placement),
            matchings: Self.matchings(side, k, placement.bases, prepared, languages, translations: translations))
    }

    /// Judges `entries` (in audit-date order, each once) after the audits judged so far, as `step(_:)`
    /// one by one decides, on two threads: this one places each audit's screens, then makes the
    /// verdicts (both in audit order, each audit after the one before); the other reads what each
    /// entry shows, then prepares each placed audit for the matcher and matches it against the audits
    /// its screens were placed against. Each hands the other its results audit by audit (`HandOff`),
    /// so placing, matching and judging overlap.
    mutating func walk(_ entries: [HistoryEntry]) {
        guard entries.count > 1 else {
            for entry in entries { step(entry) }
            return
        }
        let first = reports.count
        let translations = self.translations
        let readings = HandOff<Reading>(count: entries.count)
        let placements = HandOff<Placement>(count: entries.count)
        let matched = HandOff<Matched>(count: entries.count)
        let earlier = prepared
        let spoken = languages
        let matcher = BackgroundWork {
            var catalogCache: [String: [String]] = [:]
            var normalCache: [String: Int?] = [:]
            // Each reading is kept until its audit is prepared, then let go.
            var read: [Reading?] = []
            read.reserveCapacity(entries.count)
            for index in entries.indices {
                let reading = Self.reading(
                    entries[index], translations: translations, catalogCache: &catalogCache,
                    normalCache: &normalCache)
                read.append(reading)
                readings.put(index, reading)
            }
            var sides = earlier
            sides.reserveCapacity(earlier.count + entries.count)
            var languages = spoken
            for index in entries.indices {
                let placement = placements.take(index)
                let side = Self.prepared(entries[index], read[index]!, placement)
                read[index] = nil
                sides.append(side)
                let k = sides.count - 1
                languages.add(side, previous: k > 0 ? k - 1 : nil, translations: translations)
                matched.put(
                    index,
                    Matched(
                        side: side, placement: placement, wording: languages.wording[k],
                        language: languages.language[k],
                        matchings: Self.matchings(
                            side, k, placement.bases, sides, languages, translations: translations)))
            }
            return languages
        }
        for index in entries.indices {
            placements.put(index, place(entries[index], readings.take(index), k: first + index))
        }
        for index in entries.indices {
            let done = matched.take(index)
            prepared.append(done.side)
            // The wording and language the other thread told; its words come back with the rest at the end.
            languages.wording.append(done.wording)
            languages.language.append(done.language)
            judge(
                entries[index], k: first + index, placement: done.placement,
                facts: IssueFacts(entries[index], done.side, done.placement),
                matchings: done.matchings)
        }
        if let spoken = try? matcher.value() { languages = spoken }
    }

    /// An audit prepared for the matcher and matched (`walk`), with its placement.
    struct Matched: Sendable {
        var side: WarningMatcher.Prepared
        var placement: Placement
        var wording: Int
        var language: String?
        var matchings: [(base: Int, matching: IssueMatching)]
    }

    /// What the verdicts read of each issue of an audit, gathered into three short arrays before them:
    /// the verdicts' loops read these instead of each issue's whole record (a long history's records
    /// are out of cache), and each issue's screen name comes from one table of the audit's screens.
    struct IssueFacts: Sendable {
        var fingerprint: [IssueFingerprint]
        var status: [HistoryIssueStatus]
        /// Where people find the issue (`WarningVerdict.place`): its view, else its screen's name.
        var place: [String]

        init(_ entry: HistoryEntry, _ side: WarningMatcher.Prepared, _ placement: Placement) {
            var nameOf: [String: String] = [:]
            for screen in placement.screens where nameOf[WarningMatcher.groupKey(screen.screen)] == nil {
                nameOf[WarningMatcher.groupKey(screen.screen)] = screen.name
            }
            fingerprint = entry.issues.map(\.fingerprint)
            status = entry.issues.map(\.status)
            place = entry.issues.indices.map { index in
                entry.issues[index].view ?? nameOf[side.group[index]] ?? side.group[index]
            }
        }
    }

    /// What the walk reads of an entry that depends on the entry alone: each issue's catalog keys and
    /// screen, and what each screen shows.
    struct Reading: Sendable {
        var catalogKeys: [[String]]?
        var screenOfIssue: [Int]
        var shown: [ScreenIdentification.Shown]
    }

    /// The reading of `entry`; the caches remember each text's catalog keys and normal form.
    static func reading(
        _ entry: HistoryEntry, translations: StringTranslations, catalogCache: inout [String: [String]],
        normalCache: inout [String: Int?]
    ) -> Reading {
        var catalogKeys: [[String]]?
        if !translations.isEmpty {
            catalogKeys = entry.issues.map { issue in
                guard let text = issue.elementText, !WarningMatcher.isBlank(text) else { return [] }
                if let known = catalogCache[text] { return known }
                let found = translations.keys(showing: text)
                catalogCache[text] = found
                return found
            }
        }
        let screenOfIssue = entry.screenOfIssues
        let shown = ScreenIdentification.shown(
            entry, screenOfIssue: screenOfIssue, catalogKeys: catalogKeys, normalized: &normalCache)
        return Reading(catalogKeys: catalogKeys, screenOfIssue: screenOfIssue, shown: shown)
    }

    /// Where an audit stands in the walk: which screen of the history each of its screens is, the
    /// screens it covers, the latest earlier audit of each covered screen (`bases`, by audit) and of
    /// each screen it did not cover (`unvisited`), and the known screens it did not cover.
    struct Placement: Sendable {
        var screens: [ScreenVerdict]
        var covered: Set<String>
        var bases: [Int: Set<String>]
        var unvisited: [Int: Set<String>]
        var notCovered: [UncoveredScreen]
        /// The screen (0-based, in the report) of each issue (`Reading.screenOfIssue`).
        var screenOfIssue: [Int]
    }

    /// Places the audit numbered `k`: which screen of the history each screen of the report is, from
    /// what it shows (the matcher then works on those identities, never on the names reports give
    /// their screens); it becomes the latest audit of the screens it covers.
    mutating func place(_ entry: HistoryEntry, _ reading: Reading, k: Int) -> Placement {
        let screenVerdicts = screens.identify(
            reading.shown, report: k, audit: AuditReference(entry), fileName: entry.fileName, covers: entry.covers)
        let covered = Set(screenVerdicts.filter(\.shows).map { WarningMatcher.groupKey($0.screen) })
        var bases: [Int: Set<String>] = [:]
        for group in covered { if let j = latest[group] { bases[j, default: []].insert(group) } }
        var unvisited: [Int: Set<String>] = [:]
        for (group, j) in latest where !covered.contains(group) { unvisited[j, default: []].insert(group) }
        for group in covered { latest[group] = k }
        let coveredIDs = Set(screenVerdicts.filter(\.shows).map(\.screen))
        let notCovered = screens.known.filter { !coveredIDs.contains($0.id) && $0.report < k }.map {
            UncoveredScreen(name: $0.name, lastAudited: $0.audit)
        }
        return Placement(
            screens: screenVerdicts, covered: covered, bases: bases, unvisited: unvisited, notCovered: notCovered,
            screenOfIssue: reading.screenOfIssue)
    }

    /// The entry prepared for the matcher, its issues and screens named by their screens' identities.
    static func prepared(_ entry: HistoryEntry, _ reading: Reading, _ placement: Placement)
        -> WarningMatcher.Prepared
    {
        let screenVerdicts = placement.screens
        var side = WarningMatcher.Prepared(
            issues: entry.issues, screens: entry.screens,
            issueGroups: reading.screenOfIssue.map { screenVerdicts[min($0, screenVerdicts.count - 1)].screen },
            screenGroups: entry.screens.indices.map { screenVerdicts[$0].screen })
        side.catalogKeys = reading.catalogKeys
        side.covered = placement.covered
        return side
    }

    /// Each covered screen of `side` (the audit at position `k`) against the latest earlier audit that
    /// covered it (`bases`, audits of `prepared`), latest audit first, knowing which audits spoke which
    /// language.
    static func matchings(
        _ side: WarningMatcher.Prepared, _ k: Int, _ bases: [Int: Set<String>], _ prepared: [WarningMatcher.Prepared],
        _ languages: AuditLanguages, translations: StringTranslations
    ) -> [(base: Int, matching: IssueMatching)] {
        bases.keys.sorted(by: >).map { j in
            (
                j,
                WarningMatcher.match(
                    old: prepared[j], new: side, groups: bases[j]!, translations: translations,
                    changedLanguage: languages.differ(j, k))
            )
        }
    }

    /// The verdicts of the audit numbered `k`, placed (`place`) and matched (`matchings`): the passes of
    /// `HistoryJudgement+Passes.swift`, each handing the next what it decided (`AuditInProgress`).
    mutating func judge(
        _ entry: HistoryEntry, k: Int, placement: Placement, facts: IssueFacts,
        matchings: [(base: Int, matching: IssueMatching)]
    ) {
        var audit = AuditInProgress(
            entry: entry, k: k, side: prepared[k], placement: placement, facts: facts, matchings: matchings)
        continueMatched(&audit)
        fit(&audit)
        standUnvisited(&audit)
        continueStanding(&audit)
        assign(&audit)
        state(&audit)
        cover(&audit)
        conclude(audit)
    }

    /// The audit at position `j` as its verdicts name it (one reference per audit, shared), so a memo
    /// keyed by the reference (the screen's shift since it) works it out once.
    func sharedAudit(_ j: Int) -> AuditReference {
        reports[j].verdicts.first?.audit ?? reports[j].audit
    }

    /// The configuration `audit` audited `screen` in, when it is judged.
    func configuration(of audit: AuditReference, _ screen: String) -> ScreenConfiguration? {
        position[audit.sha256].flatMap { configurations[$0][screen] }
    }

    /// How far the element of `issue` lies from where the standing warning `was` has its element now
    /// (`moved`), when it can be that element: the same kind of warning (test type, error code) and the one
    /// geometry rule (`WarningMatcher.placeCost`) within the reach of a standing warning's predicted place
    /// (`JudgementTolerance.reach`); nil otherwise.
    func distance(_ moved: Rect, _ was: WarningVerdict, _ issue: HistoryIssue, changedLanguage: Bool)
        -> Double?
    {
        guard let rect = issue.rect, issue.testType == was.testType, issue.errorCode == was.errorCode else {
            return nil
        }
        func text(_ text: String?) -> String? { WarningMatcher.isBlank(text ?? "") ? nil : text }
        return WarningMatcher.placeCost(
            moved, text(was.elementText), rect, text(issue.elementText),
            within: JudgementTolerance.reach(height: max(rect.height, moved.height)),
            changedLanguage: changedLanguage, translatedApart: translations.translatedApart)
    }

    /// One audit that flagged a warning: in what configuration, where.
    struct Sighting: Sendable {
        var configuration: ScreenConfiguration
        var rect: Rect?
        var audit: AuditReference
    }

    /// What the walk keeps of one warning (one identity) across audits.
    struct Warning {
        /// Its identity (`WarningVerdict.warning`).
        var name: String
        /// The first audit that had it.
        var firstSeen: AuditReference
        /// The latest audit (by position) one of whose issues took it, so an audit gives each warning
        /// to one issue.
        var takenIn: Int
        /// The audit that resolved it, while it has not reappeared.
        var resolvedBy: AuditReference?
        /// The exact text it was last flagged with (a value folded for its fingerprint keeps its own).
        var text: String?
        /// Where it was flagged: the latest audit per configuration (one per layout, appearance and
        /// language), so a warning flagged last in another configuration is re-audited by an audit in an
        /// earlier one's (a clip flagged in English, then in German, by the next English audit).
        var sightings: [Sighting] = []

        /// Records that `audit` flagged it at `rect` in `configuration`, replacing the sighting of the same
        /// configuration (`ScreenConfiguration.flagsAlike`).
        mutating func flagged(in configuration: ScreenConfiguration, rect: Rect?, audit: AuditReference) {
            let sighting = Sighting(configuration: configuration, rect: rect, audit: audit)
            if let last = sightings.indices.last, sightings[last].configuration.flagsAlike(configuration) {
                sightings[last] = sighting
                return
            }
            sightings.removeAll { $0.configuration.flagsAlike(configuration) }
            sightings.append(sighting)
        }
    }

    /// A fingerprint on one screen (its normalised identity).
    struct ScreenFingerprint: Hashable {
        var fingerprint: IssueFingerprint
        var screen: String
    }

    /// Whether an earlier warning the report no longer shows was in what the report showed of its screen
    /// (`screen`, its verdict in this report): the screen's screenshot is there, and the warning's element,
    /// at the place the screen's layout puts it now (`ScreenLayouts.predicted`), lies at least half inside
    /// it, below the status bar of its device and orientation (`DeviceLayout`), wherever within the
    /// prediction's margin it is, and not moved under a bar (`ScreenLayouts.movedUnderABar`). An element without a rect is taken to
    /// be shown when the whole screen is.
    static func isVisible(
        _ prediction: ScreenLayouts.Prediction?, on screen: ScreenVerdict?, of entry: HistoryEntry
    )
        -> Bool
    {
        guard let screen, screen.coversWholeScreen else { return false }
        guard !(prediction?.underBar ?? false) else { return false }
        guard let prediction, entry.screens.indices.contains(screen.index),
            let width = entry.screens[screen.index].width, let height = entry.screens[screen.index].height
        else { return true }
        return prediction.liesOnScreen(width: width, height: height)
    }

    /// The fingerprint version 1 gave `issue` (scoped by its mapped view), when it has a view.
    func version1(of issue: HistoryIssue) -> IssueFingerprint? {
        guard let view = issue.view else { return nil }
        return IssueFingerprint.version1(
            testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText, view: view)
    }
}

/// The trends of one judgement by each grouping, each made on first use; the two groupings may be made
/// at once, each under its own lock.
private final class TrendMemo: Sendable {
    private let byView = MadeOnceSlot<CountedTrend>()
    private let byType = MadeOnceSlot<CountedTrend>()

    /// The trend by `grouping`, `make` making it the first time.
    func trend(_ grouping: TrendGrouping, make: () -> CountedTrend) -> CountedTrend {
        switch grouping {
        case .view: return byView.value(make)
        case .type: return byType.value(make)
        }
    }
}

/// A trend and what counting its next column needs.
private struct CountedTrend: Sendable {
    var trend: Trend
    var carry: TrendCarry
}
