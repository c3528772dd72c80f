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
    public private(set) var reports: [ReportJudgement] = [] {
        didSet { trends = TrendMemo() }
    }
    /// The trends of `reports` as they are, each made once (`trend(by:)`).
    private var trends = TrendMemo()
    /// The baseline used.
    public let baseline: Baseline
    /// The string catalogs' translations used to pair warnings across languages.
    public let translations: StringTranslations

    private var prepared: [WarningMatcher.Prepared] = []
    private var position: [String: Int] = [:]
    /// Per normalised screen group: the latest audit that covered it.
    private var latest: [String: Int] = [:]
    /// Each warning by its number (`WarningVerdict.identity`), and the number of each identity
    /// (`WarningVerdict.warning`).
    private var warnings: [Warning] = []
    private var identityOfName: [String: Int] = [:]
    /// The warning (number) each fingerprint was last seen as, and its normalised screen group.
    private var warningOfFingerprint: [IssueFingerprint: (warning: Int, group: String)] = [:]
    /// The warning (number) each fingerprint was last seen as on each screen (by normalised identity): a
    /// fingerprint that reappears takes back the warning of its own screen, never another screen's (reports
    /// name every screen alike, and a text-less chevron has one fingerprint on every screen).
    private var warningInScreen: [ScreenFingerprint: Int] = [:]
    /// Per warning (by number): the baseline entry that accepts it.
    private var acceptedWarning: [Int: Baseline.Entry] = [:]
    /// Per normalised screen group: the warnings of its earlier audits that its latest audit did not
    /// re-audit (scrolled away, or not flagged by a report without its screenshot). They still stand:
    /// the next audit of the screen continues or resolves them as it does the latest audit's own. Kept
    /// as shared chunks (`StandingList`): an audit that leaves them as they were copies none of them.
    private var carried: [String: StandingList] = [:]
    /// Per normalised screen group: its layouts (`LayoutTransform`) from audit to audit, one after the
    /// other, so a carried warning that moves with the screen keeps one rect: the drift applied to that
    /// rect is where its element is in the screen's latest audit.
    private var drift: [String: LayoutTransform] = [:]
    /// Per normalised screen group: its latest audit (position) and that audit's own warnings of it
    /// (repeats left out), listed once for the audits that do not cover it.
    private var shownOf: [String: (audit: Int, list: StandingList)] = [:]
    /// Per audit (by position): what each screen it covered was audited in, by normalised identity.
    private var configurations: [[String: ScreenConfiguration]] = []
    private var catalogCache: [String: [String]] = [:]
    /// Each element text's normal form (`IssueFingerprint.normalizedText`) as a hash, nil for a text
    /// without letters; worked out once: texts recur from audit to audit.
    private var normalCache: [String: Int?] = [:]
    private var screens = ScreenIdentification()

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
        trends.trend(grouping) { Trend(judgement: self, by: grouping) }
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
    private mutating func step(_ entry: HistoryEntry) {
        let k = reports.count
        let reading = Self.reading(
            entry, translations: translations, catalogCache: &catalogCache, normalCache: &normalCache)
        let placement = place(entry, reading, k: k)
        let side = Self.prepared(entry, reading, placement)
        prepared.append(side)
        judge(
            entry, k: k, placement: placement, facts: IssueFacts(entry, side, placement),
            matchings: Self.matchings(side, placement.bases, prepared, translations: translations))
    }

    /// Judges `entries` (in audit-date order, each once) after the audits judged so far, as `step(_:)`
    /// one by one decides, on two threads: this one places each audit's screens, then makes the
    /// verdicts (both in audit order, each audit after the one before); the other reads what each
    /// entry shows, then prepares each placed audit for the matcher and matches it against the audits
    /// its screens were placed against. Each hands the other its results audit by audit (`HandOff`),
    /// so placing, matching and judging overlap.
    private mutating func walk(_ entries: [HistoryEntry]) {
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
            for index in entries.indices {
                let placement = placements.take(index)
                let side = Self.prepared(entries[index], read[index]!, placement)
                read[index] = nil
                sides.append(side)
                matched.put(
                    index,
                    Matched(
                        side: side, placement: placement,
                        matchings: Self.matchings(side, placement.bases, sides, translations: translations)))
            }
        }
        for index in entries.indices {
            placements.put(index, place(entries[index], readings.take(index), k: first + index))
        }
        for index in entries.indices {
            let done = matched.take(index)
            prepared.append(done.side)
            judge(
                entries[index], k: first + index, placement: done.placement,
                facts: IssueFacts(entries[index], done.side, done.placement),
                matchings: done.matchings)
        }
        try? matcher.value()
    }

    /// An audit prepared for the matcher and matched (`walk`), with its placement.
    private struct Matched: Sendable {
        var side: WarningMatcher.Prepared
        var placement: Placement
        var matchings: [(base: Int, matching: IssueMatching)]
    }

    /// What the verdicts read of each issue of an audit, gathered into three short arrays before them:
    /// the verdicts' loops read these instead of each issue's whole record (a long history's records
    /// are out of cache), and each issue's screen name comes from one table of the audit's screens.
    private struct IssueFacts: Sendable {
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
    private static func reading(
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
    private mutating func place(_ entry: HistoryEntry, _ reading: Reading, k: Int) -> Placement {
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
    private static func prepared(_ entry: HistoryEntry, _ reading: Reading, _ placement: Placement)
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

    /// Each covered screen of `side` against the latest earlier audit that covered it (`bases`, audits
    /// of `prepared`), latest audit first.
    private static func matchings(
        _ side: WarningMatcher.Prepared, _ bases: [Int: Set<String>], _ prepared: [WarningMatcher.Prepared],
        translations: StringTranslations
    ) -> [(base: Int, matching: IssueMatching)] {
        bases.keys.sorted(by: >).map { j in
            (j, WarningMatcher.match(old: prepared[j], new: side, groups: bases[j]!, translations: translations))
        }
    }

    /// The verdicts of the audit numbered `k`, placed (`place`) and matched (`matchings`).
    private mutating func judge(
        _ entry: HistoryEntry, k: Int, placement: Placement, facts: IssueFacts,
        matchings: [(base: Int, matching: IssueMatching)]
    ) {
        let audit = AuditReference(entry)
        let side = prepared[k]
        var screenVerdicts = placement.screens
        let bases = placement.bases
        let unvisited = placement.unvisited
        // Each covered screen against the latest earlier audit that covered it: the issue each issue
        // continues (audit, index), and the earlier issues no longer shown.
        var previous = [WarningVerdict?](repeating: nil, count: entry.issues.count)
        var stages = [MatchStage](repeating: .fingerprint, count: entry.issues.count)
        // The earlier audit (position) each issue was paired in by the matcher, -1 for none.
        var pairedIn = [Int](repeating: -1, count: entry.issues.count)
        // The earlier issues no longer shown, per screen, with the coordinates and configuration of their
        // audit.
        var fresh: [String: [CarriedWarning]] = [:]
        // Each one's place in the order the matchings list them (resolved ones are listed so).
        var freshOrder: [String: [Int]] = [:]
        var freshSeen = 0
        let baseOrder = matchings.map(\.base)
        for (j, matching) in matchings {
            for pair in matching.pairs {
                previous[pair.new] = reports[j].verdicts[pair.old]
                stages[pair.new] = pair.stage
                pairedIn[pair.new] = j
            }
            for index in matching.unmatchedOld {
                let verdict = reports[j].verdicts[index]
                freshOrder[verdict.screen, default: []].append(freshSeen)
                freshSeen += 1
                fresh[verdict.screen, default: []].append(
                    CarriedWarning(
                        verdict: verdict, rect: verdict.rect, frame: verdict.audit,
                        flaggedIn: configurations[j][verdict.screen] ?? ScreenConfiguration()))
            }
        }
        // The fit: where each covered screen's earlier elements are now, and what it was audited in (its text
        // size against the audit it was compared with, told by the layout).
        let groups = screenVerdicts.map { WarningMatcher.groupKey($0.screen) }
        let baseOfScreen = groups.map { group in bases.first { $0.value.contains(group) }?.key ?? -1 }
        var layouts = ScreenLayouts(entry: entry, group: side.group, previous: previous)
        for index in screenVerdicts.indices {
            let base = baseOfScreen[index]
            let shown = screenVerdicts[index].index
            screenVerdicts[index].configuration = layouts.configure(
                groups[index], shown: entry.screens.indices.contains(shown) ? entry.screens[shown] : nil,
                base: base >= 0 ? sharedAudit(base) : nil, then: base >= 0 ? configurations[base][groups[index]] : nil)
        }
        var configurationOf: [String: ScreenConfiguration] = [:]
        for screen in screenVerdicts where configurationOf[WarningMatcher.groupKey(screen.screen)] == nil {
            configurationOf[WarningMatcher.groupKey(screen.screen)] = screen.configuration
        }
        configurations.append(configurationOf)
        // Each screen's verdict (how people know it, whether it has its screenshot, what it was audited
        // in), by the identity the matcher groups issues by.
        var screenOf: [String: ScreenVerdict] = [:]
        for screen in screenVerdicts where screenOf[WarningMatcher.groupKey(screen.screen)] == nil {
            screenOf[WarningMatcher.groupKey(screen.screen)] = screen
        }
        // The screens it did not cover: their latest audit's warnings and the warnings standing there.
        var standing = StandingWarnings()
        for j in unvisited.keys.sorted(by: >) {
            for group in unvisited[j]!.sorted() {
                if shownOf[group]?.audit != j {
                    let items = reports[j].verdicts.indices.compactMap { index -> CarriedWarning? in
                        guard prepared[j].group[index] == group, !prepared[j].isRepeat[index] else { return nil }
                        return CarriedWarning(
                            verdict: reports[j].verdicts[index], rect: nil, frame: nil, flaggedIn: ScreenConfiguration()
                        )
                    }
                    shownOf[group] = (j, StandingList().adding(items))
                }
                standing.parts.append(shownOf[group]!.list)
                if let list = carried[group] { standing.parts.append(list) }
            }
        }
        let compared = bases.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        // The warnings a covered screen's earlier audits left standing but did not re-audit: an issue with
        // one's fingerprint continues it (scrolled back into view), else one of its kind at its place; the
        // others are judged as the earlier issues no longer shown are. `continuedItems`: per screen, the
        // items of its standing list this audit continues, by chunk and place in it.
        var continuedItems: [String: Set<Int>] = [:]
        for j in baseOrder {
            let baseAudit = sharedAudit(j)
            for group in bases[j]!.sorted() {
                guard let waiting = carried[group], !waiting.isEmpty else { continue }
                var isContinued = Set<Int>()
                func slot(_ chunk: Int, _ item: Int) -> Int { chunk << 32 | item }
                // An issue not paired by the matcher with the fingerprint of a standing warning continues it
                // (the first one listed: the most recently carried).
                var wanted: [IssueFingerprint: [Int]] = [:]
                for index in entry.issues.indices
                where previous[index] == nil && side.repeatOf[index] == nil && side.group[index] == group {
                    wanted[facts.fingerprint[index], default: []].append(index)
                }
                // Only the chunks that hold one of the fingerprints are read.
                for (c, chunk) in waiting.chunks.enumerated()
                where wanted.keys.contains(where: chunk.fingerprints.contains) {
                    for i in chunk.items.indices {
                        let fingerprint = chunk.items[i].verdict.fingerprint
                        guard var issues = wanted[fingerprint] else { continue }
                        let index = issues.removeFirst()
                        wanted[fingerprint] = issues.isEmpty ? nil : issues
                        previous[index] = chunk.items[i].verdict
                        stages[index] = .fingerprint
                        isContinued.insert(slot(c, i))
                    }
                }
                // Scrolled back in another language: the element where the warning was, of its kind. Texts
                // pair so only when the screen changed language (most of the texts the matcher continued
                // it paired by key or place) or differ in values only; a warning known by its fingerprint
                // is that warning, not a carried one.
                let now = screenOf[group]?.configuration ?? ScreenConfiguration()
                var unpaired = entry.issues.indices.filter {
                    previous[$0] == nil && side.repeatOf[$0] == nil && side.group[$0] == group
                        && entry.issues[$0].rect != nil
                        && warningInScreen[ScreenFingerprint(fingerprint: facts.fingerprint[$0], screen: group)] == nil
                }
                if !unpaired.isEmpty {
                    let changedLanguage = matchings.contains { $0.matching.changedLanguage.contains(group) }
                    // Where the screen's standing warnings are now: its drift, then its layout since the base.
                    let toNow = layouts.transform(of: group, since: baseAudit, then: configurations[j][group])
                        .after(drift[group] ?? .identity)
                    let back = toNow.inverse
                    // Where each unpaired element is in drift coordinates, and how far a standing warning of
                    // it can be (`distance`: `JudgementTolerance.reach`).
                    let places = unpaired.map { index -> (x: Double, y: Double, radius: Double) in
                        let rect = entry.issues[index].rect!
                        let reach = JudgementTolerance.reach(height: rect.height) + 1
                        return (
                            back.x.apply(rect.x + rect.width / 2), back.y.apply(rect.y + rect.height / 2),
                            reach * max(1, abs(back.x.scale), abs(back.y.scale))
                        )
                    }
                    chunks: for (c, chunk) in waiting.chunks.enumerated() {
                        var near = Set<Int>()
                        for place in places {
                            near.formUnion(chunk.candidates(nearX: place.x, y: place.y, radius: place.radius))
                        }
                        for i in near.sorted() where !isContinued.contains(slot(c, i)) {
                            guard !unpaired.isEmpty else { break chunks }
                            let held = chunk.items[i]
                            let kind = (held.verdict.testType, held.verdict.errorCode)
                            guard let rect = held.rect,
                                unpaired.contains(where: {
                                    entry.issues[$0].testType == kind.0 && entry.issues[$0].errorCode == kind.1
                                }),
                                now.canReaudit(kind.0, flaggedIn: held.flaggedIn)
                            else { continue }
                            // Its rect in the coordinates of the audit it is kept in, then moved to this one.
                            let moved =
                                held.frame == nil
                                ? toNow.apply(rect)
                                : layouts.predicted(
                                    rect, of: group, since: held.frame!, then: configuration(of: held.frame!, group)
                                ).place
                            var best: (slot: Int, distance: Double)?
                            for (slot, index) in unpaired.enumerated() {
                                guard
                                    let distance = distance(
                                        moved, held.verdict, entry.issues[index], changedLanguage: changedLanguage)
                                else { continue }
                                if distance < best?.distance ?? .infinity { best = (slot, distance) }
                            }
                            if let best {
                                let index = unpaired.remove(at: best.slot)
                                previous[index] = held.verdict
                                stages[index] = .geometry
                                isContinued.insert(slot(c, i))
                            }
                        }
                    }
                }
                continuedItems[group] = isContinued
            }
        }

        // Identities (numbers into `warnings`): continued warnings first, then recurrences and new ones, then
        // repeats.
        var warning = [Int](repeating: -1, count: entry.issues.count)
        /// Takes warning `id` for an issue of this audit; false when another issue took it.
        func take(_ id: Int) -> Bool {
            guard warnings[id].takenIn != k else { return false }
            warnings[id].takenIn = k
            return true
        }
        for index in entry.issues.indices where side.repeatOf[index] == nil {
            if let before = previous[index], take(before.identity) { warning[index] = before.identity }
        }
        for index in entry.issues.indices where side.repeatOf[index] == nil && warning[index] < 0 {
            let fingerprint = facts.fingerprint[index]
            if let known = warningInScreen[ScreenFingerprint(fingerprint: fingerprint, screen: side.group[index])],
                take(known)
            {
                warning[index] = known
                continue
            }
            var made = fingerprint.hex
            var suffix = 1
            while identityOfName[made] != nil {
                suffix += 1
                made = fingerprint.hex + "#\(suffix)"
            }
            let identity = warnings.count
            warnings.append(Warning(name: made, firstSeen: audit, takenIn: k))
            identityOfName[made] = identity
            warning[index] = identity
        }
        for index in entry.issues.indices { if let first = side.repeatOf[index] { warning[index] = warning[first] } }
        // The version-1 fingerprint of each issue, when the baseline may hold one (an older baseline's).
        let version1 = baseline.entries.isEmpty ? [] : entry.issues.map(version1(of:))

        var verdicts: [WarningVerdict] = []
        verdicts.reserveCapacity(entry.issues.count)
        for index in entry.issues.indices {
            let id = warning[index]
            if !baseline.entries.isEmpty, acceptedWarning[id] == nil,
                let accepted = baseline.entry(for: facts.fingerprint[index])
                    ?? version1[index].flatMap(baseline.entry(for:))
            {
                acceptedWarning[id] = accepted
            }
            let status: WarningStatus
            if let first = side.repeatOf[index] {
                status = .repeatOf(number: entry.issues[first].number)
            } else {
                switch facts.status[index] {
                case .system: status = .system
                case .accepted: status = .accepted(reason: entry.issues[index].reason ?? "", byBaseline: false)
                case .open:
                    if let accepted = acceptedWarning[id] {
                        status = .accepted(reason: accepted.reason, byBaseline: true)
                    } else {
                        status = .open
                    }
                }
            }
            let before = side.repeatOf[index] == nil ? previous[index] : nil
            var change: WarningChange?
            if k > 0, side.repeatOf[index] == nil {
                change = before != nil ? .residual : (compared.contains(side.group[index]) ? .new : .firstAudited)
            }
            verdicts.append(
                WarningVerdict(
                    audit: audit, issues: entry.issues, index: index, warning: warnings[id].name, identity: id,
                    screen: side.group[index],
                    place: facts.place[index],
                    status: status, change: change,
                    continues: before.map { Continuation(continuing: $0, stage: stages[index]) },
                    since: before?.since ?? audit, firstSeen: warnings[id].firstSeen))
        }
        for index in entry.issues.indices {
            warningOfFingerprint[facts.fingerprint[index]] = (warning[index], side.group[index])
            warningInScreen[ScreenFingerprint(fingerprint: facts.fingerprint[index], screen: side.group[index])] =
                warning[index]
        }
        // Where each issue's warning was flagged before, per configuration: every earlier audit that flagged
        // a warning this audit flags tells where that audit's places are now (`ScreenLayouts`).
        layouts.learn(
            sightings: entry.issues.indices.map { index in
                side.repeatOf[index] == nil && warning[index] >= 0 ? warnings[warning[index]].sightings : []
            })
        if !baseline.entries.isEmpty {
            // An older baseline's version-1 fingerprint names the warning too.
            var byVersion1: [IssueFingerprint: Int] = [:]
            for (index, fingerprint) in version1.enumerated() {
                if let fingerprint, byVersion1[fingerprint] == nil { byVersion1[fingerprint] = index }
            }
            for accepted in baseline.entries where warningOfFingerprint[accepted.fingerprint] == nil {
                if let index = byVersion1[accepted.fingerprint] {
                    warningOfFingerprint[accepted.fingerprint] = (warning[index], side.group[index])
                }
            }
        }
        // A screen is covered where the report shows it: without its screenshot only the warnings it flags,
        // with it only the area the screenshot shows (after the screen's common shift), and only the
        // warnings flagged in a configuration that lays the screen out as this audit does. What it does not
        // re-audit stays standing; a chunk of the standing list none of whose warnings changed is kept as
        // it is.
        // Resolved: those of the matchings first, in their order, then the standing ones screen by screen.
        var resolvedFresh: [(order: Int, verdict: WarningVerdict)] = []
        var resolvedStanding: [WarningVerdict] = []
        var standingOfCovered: [String: StandingList] = [:]
        for group in placement.covered where !bases.values.contains(where: { $0.contains(group) }) {
            carried[group] = nil
        }
        for j in baseOrder {
            for group in bases[j]!.sorted() {
                let old = carried[group] ?? StandingList()
                let waiting = fresh[group] ?? []
                guard !(old.isEmpty && waiting.isEmpty) else {
                    carried[group] = nil
                    continue
                }
                let baseAudit = sharedAudit(j)
                let screen = screenOf[group]
                let now = screen?.configuration ?? ScreenConfiguration()
                let oldDrift = drift[group] ?? .identity
                let newDrift = layouts.transform(of: group, since: baseAudit, then: configurations[j][group])
                    .after(oldDrift)
                let backToDrift = newDrift.inverse
                /// The warning as it stands after this audit: nil when resolved, else kept (moving with the
                /// screen, or unmoved when this audit lays the screen out otherwise); `inFrame` is its rect in
                /// `frame`'s coordinates.
                func judged(_ held: CarriedWarning, inFrame: Rect?, frame: AuditReference) -> CarriedWarning? {
                    // The audits that flagged it in a configuration this one can re-audit it in (`canReaudit`):
                    // none, and this audit says nothing of it: it keeps its place as it was.
                    let flaggedLastAlike = now.canReaudit(held.verdict.testType, flaggedIn: held.flaggedIn)
                    let able = warnings[held.verdict.identity].sightings.enumerated().filter {
                        now.canReaudit(held.verdict.testType, flaggedIn: $0.element.configuration)
                    }
                    guard flaggedLastAlike || !able.isEmpty else {
                        return CarriedWarning(
                            verdict: held.verdict, rect: inFrame, frame: frame, flaggedIn: held.flaggedIn)
                    }
                    // Where its element is now: from the audit that flagged it laid out most like this one (the
                    // latest of equals) when elements both show tell that audit's layout; else through the
                    // screen's layout since the audit `inFrame` is in.
                    let ranked = able.sorted {
                        (now.likeness(to: $0.element.configuration), $0.offset)
                            > (now.likeness(to: $1.element.configuration), $1.offset)
                    }.map(\.element)
                    let reference =
                        ranked.first { layouts.knows(group, since: $0.audit) }
                        ?? (flaggedLastAlike ? nil : ranked.first)
                    let then =
                        frame.sha256 == baseAudit.sha256 ? configurations[j][group] : configuration(of: frame, group)
                    let prediction: ScreenLayouts.Prediction?
                    if let reference {
                        prediction = reference.rect.map {
                            layouts.predicted($0, of: group, since: reference.audit, then: reference.configuration)
                        }
                    } else {
                        prediction = inFrame.map { layouts.predicted($0, of: group, since: frame, then: then) }
                    }
                    if Self.isVisible(prediction, on: screen, of: entry) { return nil }
                    guard flaggedLastAlike else {
                        return CarriedWarning(
                            verdict: held.verdict, rect: inFrame, frame: frame, flaggedIn: held.flaggedIn)
                    }
                    return CarriedWarning(
                        verdict: held.verdict, rect: prediction.map { backToDrift.apply($0.place) }, frame: nil,
                        flaggedIn: held.flaggedIn)
                }
                var kept: [CarriedWarning] = []
                for (position, held) in waiting.enumerated() {
                    if let after = judged(held, inFrame: held.rect, frame: held.frame ?? baseAudit) {
                        kept.append(after)
                    } else {
                        resolvedFresh.append((freshOrder[group]![position], held.verdict))
                    }
                }
                let isContinued = continuedItems[group] ?? []
                var chunks: [StandingChunk] = []
                // Without the screenshot nothing it did not flag is seen: a chunk of warnings that move with the
                // screen, all re-auditable in this configuration and none continued, stays as it is unread.
                let continuedChunks = Set(isContinued.map { $0 >> 32 })
                let seesNothingElse = !(screen?.coversWholeScreen ?? false)
                for (c, chunk) in old.chunks.enumerated() {
                    if seesNothingElse, chunk.allMoving, !continuedChunks.contains(c),
                        chunk.configurations.allSatisfy({ flagged in
                            chunk.kinds.allSatisfy { now.canReaudit($0, flaggedIn: flagged) }
                        })
                    {
                        chunks.append(chunk)
                        continue
                    }
                    var items: [CarriedWarning]?
                    for (i, held) in chunk.items.enumerated() {
                        var after: CarriedWarning?
                        var unchanged = false
                        if seesNothingElse, held.frame == nil,
                            now.canReaudit(held.verdict.testType, flaggedIn: held.flaggedIn),
                            !isContinued.contains(c << 32 | i)
                        {
                            // One that moves with the screen keeps moving, unchanged.
                            if items != nil { items!.append(held) }
                            continue
                        }
                        if !isContinued.contains(c << 32 | i) {
                            let inFrame = held.frame == nil ? held.rect.map(oldDrift.apply) : held.rect
                            after = judged(held, inFrame: inFrame, frame: held.frame ?? baseAudit)
                            if let kept = after {
                                // One that moves with the screen and keeps moving is unchanged: its rect is
                                // relative to the drift. One kept unmoved where it was is unchanged too.
                                unchanged = kept.frame == nil ? held.frame == nil : kept.frame == held.frame
                                if unchanged { after = held }
                            } else {
                                resolvedStanding.append(held.verdict)
                            }
                        }
                        if items == nil, !unchanged { items = Array(chunk.items[..<i]) }
                        if items != nil, let after { items!.append(after) }
                    }
                    if let items {
                        if !items.isEmpty { chunks.append(StandingChunk(items)) }
                    } else {
                        chunks.append(chunk)
                    }
                }
                let list = StandingList(chunks: chunks).adding(kept)
                drift[group] = newDrift
                carried[group] = list.isEmpty ? nil : list
                if !list.isEmpty {
                    standing.parts.append(list)
                    standingOfCovered[group] = list
                }
            }
        }
        // Where each warning was flagged, per configuration: a warning flagged at the default size and at a
        // larger one can occur at the default size, so a default-size audit re-audits it where it was then.
        for index in entry.issues.indices where side.repeatOf[index] == nil && warning[index] >= 0 {
            guard let configuration = configurationOf[side.group[index]] else { continue }
            warnings[warning[index]].flagged(in: configuration, rect: entry.issues[index].rect, audit: audit)
        }
        let resolved = resolvedFresh.sorted { $0.order < $1.order }.map(\.verdict) + resolvedStanding
        for verdict in resolved { warnings[verdict.identity].resolvedBy = audit }
        for id in warning where id >= 0 { warnings[id].resolvedBy = nil }
        reports.append(
            ReportJudgement(
                entry: entry, verdicts: verdicts, screens: screenVerdicts, notCovered: placement.notCovered,
                hasEarlierAudit: k > 0, comparedWith: baseOrder.map { reports[$0].audit },
                resolved: resolved, standing: standing, standingOfCovered: standingOfCovered))
        position[entry.sha256] = k
    }

    /// The audit at position `j` as its verdicts name it (one reference per audit, shared), so a memo
    /// keyed by the reference (the screen's shift since it) works it out once.
    private func sharedAudit(_ j: Int) -> AuditReference {
        reports[j].verdicts.first?.audit ?? reports[j].audit
    }

    /// The configuration `audit` audited `screen` in, when it is judged.
    private func configuration(of audit: AuditReference, _ screen: String) -> ScreenConfiguration? {
        position[audit.sha256].flatMap { configurations[$0][screen] }
    }

    /// How far the element of `issue` lies from where the standing warning `was` has its element now
    /// (`moved`), when it can be that element: the same kind of warning (test type, error code) and the one
    /// geometry rule (`WarningMatcher.placeCost`) within the reach of a standing warning's predicted place
    /// (`JudgementTolerance.reach`); nil otherwise.
    private func distance(_ moved: Rect, _ was: WarningVerdict, _ issue: HistoryIssue, changedLanguage: Bool)
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
    private struct Warning {
        /// Its identity (`WarningVerdict.warning`).
        var name: String
        /// The first audit that had it.
        var firstSeen: AuditReference
        /// The latest audit (by position) one of whose issues took it, so an audit gives each warning
        /// to one issue.
        var takenIn: Int
        /// The audit that resolved it, while it has not reappeared.
        var resolvedBy: AuditReference?
        /// Where it was flagged: the latest audit per configuration (one per layout and appearance), so a
        /// warning flagged last in another layout is re-audited by an audit laying out as an earlier one.
        var sightings: [Sighting] = []

        /// Records that `audit` flagged it at `rect` in `configuration`, replacing the sighting of a
        /// configuration laid out alike in the same appearance.
        mutating func flagged(in configuration: ScreenConfiguration, rect: Rect?, audit: AuditReference) {
            let sighting = Sighting(configuration: configuration, rect: rect, audit: audit)
            if let last = sightings.indices.last, sightings[last].configuration.laysOut(as: configuration),
                sightings[last].configuration.dark == configuration.dark
            {
                sightings[last] = sighting
                return
            }
            sightings.removeAll {
                $0.configuration.laysOut(as: configuration) && $0.configuration.dark == configuration.dark
            }
            sightings.append(sighting)
        }
    }

    /// A fingerprint on one screen (its normalised identity).
    private struct ScreenFingerprint: Hashable {
        var fingerprint: IssueFingerprint
        var screen: String
    }

    /// Whether an earlier warning the report no longer shows was in what the report showed of its screen
    /// (`screen`, its verdict in this report): the screen's screenshot is there, and the warning's element,
    /// at the place the screen's layout puts it now (`ScreenLayouts.predicted`), lies at least half inside
    /// it, below the status bar of its device and orientation (`DeviceLayout`), wherever within the
    /// prediction's margin it is. An element without a rect is taken to be shown when the whole screen is.
    private static func isVisible(
        _ prediction: ScreenLayouts.Prediction?, on screen: ScreenVerdict?, of entry: HistoryEntry
    )
        -> Bool
    {
        guard let screen, screen.coversWholeScreen else { return false }
        guard let prediction, entry.screens.indices.contains(screen.index),
            let width = entry.screens[screen.index].width, let height = entry.screens[screen.index].height
        else { return true }
        let rect = prediction.place
        let top = DeviceLayout(screenSize: (width, height)).statusBar
        let visibleWidth =
            min(rect.x + rect.width, width - prediction.margin.x) - max(rect.x, prediction.margin.x)
        let visibleHeight =
            min(rect.y + rect.height, height - prediction.margin.y) - max(rect.y, top + prediction.margin.y)
        return visibleWidth * 2 >= rect.width && visibleHeight * 2 >= rect.height
    }

    /// The fingerprint version 1 gave `issue` (scoped by its mapped view), when it has a view.
    private func version1(of issue: HistoryIssue) -> IssueFingerprint? {
        guard let view = issue.view else { return nil }
        return IssueFingerprint.version1(
            testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText, view: view)
    }
}

/// The trends of one judgement by each grouping, each made on first use; the two groupings may be made
/// at once, each under its own lock.
private final class TrendMemo: Sendable {
    private let byView = MadeOnceSlot<Trend>()
    private let byType = MadeOnceSlot<Trend>()

    /// The trend by `grouping`, `make` making it the first time.
    func trend(_ grouping: TrendGrouping, make: () -> Trend) -> Trend {
        switch grouping {
        case .view: return byView.value(make)
        case .type: return byType.value(make)
        }
    }
}
