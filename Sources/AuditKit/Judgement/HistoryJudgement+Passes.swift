import Foundation

/// The passes of one audit's judgement (`HistoryJudgement.judge`), in order, after its screens were
/// identified (`place`) and matched against the audits each was compared with (`WarningMatcher`):
///
/// 1. **continue** (`continueMatched`): the issues the matcher paired continue those warnings; the earlier
///    issues it did not pair wait to be covered.
/// 2. **fit** (`fit`): where each covered screen's earlier elements are now (`ScreenLayouts`), and what the
///    screen was audited in (its text size told by the layout).
/// 3. **stand** (`standUnvisited`): the screens the audit did not cover keep their warnings standing.
/// 4. **continue standing** (`continueStanding`): the warnings a screen's earlier audits left standing are
///    continued by an issue with their fingerprint, then one the catalogs give under their text's key, then
///    one of their kind at their predicted place.
/// 5. **assign** (`assign`): each issue's warning identity: the one it continues, the one its fingerprint
///    had on its screen, or a new one.
/// 6. **state** (`state`): each issue's verdict: status (rule, baseline), change (new, residual).
/// 7. **cover** (`cover`): each earlier warning not continued is resolved where its element's predicted
///    place lies on what the audit shows and its kind can be flagged in this configuration, else it stands.
extension HistoryJudgement {
    /// One audit's judgement in progress: what each pass decided, for the next.
    struct AuditInProgress {
        let entry: HistoryEntry
        /// Its position in the walk.
        let k: Int
        let audit: AuditReference
        let side: WarningMatcher.Prepared
        let placement: Placement
        let facts: IssueFacts
        /// Each covered screen's matching against the latest earlier audit that covered it, latest first.
        let matchings: [(base: Int, matching: IssueMatching)]
        var screenVerdicts: [ScreenVerdict]
        /// Per issue: the earlier warning it continues, and what said so.
        var previous: [WarningVerdict?]
        var stages: [MatchStage]
        /// Per screen: the earlier issues no longer shown, and each one's place in the order the matchings
        /// list them (resolved ones are listed so).
        var fresh: [String: [CarriedWarning]] = [:]
        var freshOrder: [String: [Int]] = [:]
        var layouts: ScreenLayouts
        /// Per screen: what it was audited in, and its verdict.
        var configurationOf: [String: ScreenConfiguration] = [:]
        var screenOf: [String: ScreenVerdict] = [:]
        var standing = StandingWarnings()
        /// Per screen: the items of its standing list this audit continues, by chunk and place in it.
        var continuedItems: [String: Set<Int>] = [:]
        /// Per issue: its warning (a number into `warnings`).
        var warning: [Int]
        var verdicts: [WarningVerdict] = []
        var resolvedFresh: [(order: Int, verdict: WarningVerdict)] = []
        var resolvedStanding: [WarningVerdict] = []
        var standingOfCovered: [String: StandingList] = [:]

        init(
            entry: HistoryEntry, k: Int, side: WarningMatcher.Prepared, placement: Placement, facts: IssueFacts,
            matchings: [(base: Int, matching: IssueMatching)]
        ) {
            self.entry = entry
            self.k = k
            audit = AuditReference(entry)
            self.side = side
            self.placement = placement
            self.facts = facts
            self.matchings = matchings
            screenVerdicts = placement.screens
            previous = [WarningVerdict?](repeating: nil, count: entry.issues.count)
            stages = [MatchStage](repeating: .fingerprint, count: entry.issues.count)
            layouts = ScreenLayouts(entry: entry, group: side.group, previous: [])
            warning = [Int](repeating: -1, count: entry.issues.count)
        }

        /// The earlier audits the screens were compared with, latest first.
        var baseOrder: [Int] { matchings.map(\.base) }

        /// Index `c` of a standing list's chunks and `i` of its items, as one number.
        static func slot(_ c: Int, _ i: Int) -> Int { c << 32 | i }

        /// The standing warning of `list` at `slot` (`slot(_:_:)`).
        static func item(_ slot: Int, of list: StandingList) -> CarriedWarning {
            list.chunks[slot >> 32].items[slot & 0xFFFF_FFFF]
        }
    }

    // MARK: 1. Continue

    /// The issues the matcher paired continue those warnings; the earlier issues it did not pair wait.
    func continueMatched(_ a: inout AuditInProgress) {
        var seen = 0
        for (j, matching) in a.matchings {
            for pair in matching.pairs {
                a.previous[pair.new] = reports[j].verdicts[pair.old]
                a.stages[pair.new] = pair.stage
            }
            for index in matching.unmatchedOld {
                let verdict = reports[j].verdicts[index]
                a.freshOrder[verdict.screen, default: []].append(seen)
                seen += 1
                a.fresh[verdict.screen, default: []].append(
                    CarriedWarning(
                        verdict: verdict, rect: verdict.rect, frame: verdict.audit,
                        flaggedIn: configurations[j][verdict.screen] ?? ScreenConfiguration()))
            }
        }
    }

    // MARK: 2. Fit

    /// Where each covered screen's earlier elements are now, and what it was audited in.
    mutating func fit(_ a: inout AuditInProgress) {
        let groups = a.screenVerdicts.map { WarningMatcher.groupKey($0.screen) }
        let baseOfScreen = groups.map { group in a.placement.bases.first { $0.value.contains(group) }?.key ?? -1 }
        a.layouts = ScreenLayouts(entry: a.entry, group: a.side.group, previous: a.previous)
        for index in a.screenVerdicts.indices {
            let base = baseOfScreen[index]
            let shown = a.screenVerdicts[index].index
            a.screenVerdicts[index].configuration = a.layouts.configure(
                groups[index], shown: a.entry.screens.indices.contains(shown) ? a.entry.screens[shown] : nil,
                base: base >= 0 ? sharedAudit(base) : nil, then: base >= 0 ? configurations[base][groups[index]] : nil)
            a.screenVerdicts[index].configuration.language = languages.language[a.k]
        }
        // Each screen's verdict (how people know it, whether it has its screenshot, what it was audited in),
        // by the identity the matcher groups issues by.
        for screen in a.screenVerdicts where a.screenOf[WarningMatcher.groupKey(screen.screen)] == nil {
            a.configurationOf[WarningMatcher.groupKey(screen.screen)] = screen.configuration
            a.screenOf[WarningMatcher.groupKey(screen.screen)] = screen
        }
        configurations.append(a.configurationOf)
    }

    // MARK: 3. Stand

    /// The screens the audit did not cover: their latest audit's warnings and the warnings standing there.
    mutating func standUnvisited(_ a: inout AuditInProgress) {
        for j in a.placement.unvisited.keys.sorted(by: >) {
            for group in a.placement.unvisited[j]!.sorted() {
                if shownOf[group]?.audit != j {
                    let items = reports[j].verdicts.indices.compactMap { index -> CarriedWarning? in
                        guard prepared[j].group[index] == group, !prepared[j].isRepeat[index] else { return nil }
                        return CarriedWarning(
                            verdict: reports[j].verdicts[index], rect: nil, frame: nil, flaggedIn: ScreenConfiguration()
                        )
                    }
                    shownOf[group] = (j, StandingList().adding(items))
                }
                a.standing.parts.append(shownOf[group]!.list)
                if let list = carried[group] { a.standing.parts.append(list) }
            }
        }
    }

    // MARK: 4. Continue standing

    /// The warnings a covered screen's earlier audits left standing but did not re-audit: an issue with
    /// one's fingerprint continues it (scrolled back into view), else one its catalog key gives (its
    /// translation), else one of its kind at its place (in its translation when it was flagged in another
    /// language than the audit's, `languages`).
    mutating func continueStanding(_ a: inout AuditInProgress) {
        for j in a.baseOrder {
            for group in a.placement.bases[j]!.sorted() {
                guard let waiting = carried[group], !waiting.isEmpty else { continue }
                var continued = continueByFingerprint(waiting, on: group, base: j, &a)
                continueByKey(waiting, on: group, continued: &continued, &a)
                continueByPlace(waiting, on: group, base: j, continued: &continued, &a)
                a.continuedItems[group] = continued
            }
        }
    }

    /// An issue not paired by the matcher with the fingerprint of a standing warning continues it (the
    /// first one listed: the most recently carried); the items continued, by `AuditInProgress.slot`.
    /// Look-alikes (several warnings or issues of one fingerprint: prices, times) pair by one assignment
    /// (`WarningMatcher.assign`) that weighs each one's exact value, then its predicted place: each row keeps
    /// its own value when no value changed.
    func continueByFingerprint(
        _ waiting: StandingList, on group: String, base j: Int, _ a: inout AuditInProgress
    ) -> Set<Int> {
        var continued = Set<Int>()
        var wanted: [IssueFingerprint: [Int]] = [:]
        for index in a.entry.issues.indices
        where a.previous[index] == nil && a.side.repeatOf[index] == nil && a.side.group[index] == group {
            wanted[a.facts.fingerprint[index], default: []].append(index)
        }
        // Only the chunks that hold one of the fingerprints are read.
        var held: [IssueFingerprint: [Int]] = [:]
        for (c, chunk) in waiting.chunks.enumerated() where wanted.keys.contains(where: chunk.fingerprints.contains) {
            for i in chunk.items.indices where wanted[chunk.items[i].verdict.fingerprint] != nil {
                held[chunk.items[i].verdict.fingerprint, default: []].append(AuditInProgress.slot(c, i))
            }
        }
        let toNow =
            held.values.contains { $0.count > 1 } || held.contains { wanted[$0.key]!.count > 1 }
            ? placeNow(of: group, base: j, &a) : nil
        for (fingerprint, slots) in held {
            let issues = wanted[fingerprint]!
            let pairs =
                slots.count == 1 && issues.count == 1
                ? [(slots[0], issues[0])]
                : lookAlikePairs(slots, issues, in: waiting, group: group, toNow: toNow!, &a)
            for (slot, index) in pairs {
                a.previous[index] = AuditInProgress.item(slot, of: waiting).verdict
                a.stages[index] = .fingerprint
                continued.insert(slot)
            }
        }
        return continued
    }

    /// Standing look-alikes (`slots` of `waiting`) and issues of their fingerprint, paired by one assignment:
    /// the same exact value first, then the nearer predicted place, then the order they are listed in.
    func lookAlikePairs(
        _ slots: [Int], _ issues: [Int], in waiting: StandingList, group: String, toNow: LayoutTransform,
        _ a: inout AuditInProgress
    ) -> [(Int, Int)] {
        var costs: [[Double?]] = []
        for (order, slot) in slots.enumerated() {
            let item = AuditInProgress.item(slot, of: waiting)
            let moved = item.rect.map { placedNow(item, $0, on: group, toNow: toNow, &a) }
            costs.append(
                issues.enumerated().map { column, index -> Double? in
                    let issue = a.entry.issues[index]
                    // How far apart the centres are (a text that grew keeps its centre on its row).
                    let place = moved.flatMap { moved in
                        issue.rect.map {
                            max(
                                abs($0.x + $0.width / 2 - moved.x - moved.width / 2),
                                abs($0.y + $0.height / 2 - moved.y - moved.height / 2))
                        }
                    }
                    let value = issue.elementText == item.verdict.elementText ? 0 : JudgementTolerance.otherValue
                    return value + min(place ?? 0, JudgementTolerance.farthestLookAlike) + Double(order + column)
                        * JudgementTolerance.listOrder
                })
        }
        return WarningMatcher.assign(rows: slots, columns: issues, costs: costs)
    }

    /// Where the screen's standing warnings are now: its drift, then its layout since the base audit `j`.
    func placeNow(of group: String, base j: Int, _ a: inout AuditInProgress) -> LayoutTransform {
        a.layouts.transform(of: group, since: sharedAudit(j), then: configurations[j][group])
            .after(drift[group] ?? .identity)
    }

    /// Where standing warning `item` (kept at `rect`) is in this audit: its rect moved by the screen's drift
    /// to now (`toNow`), or, for one kept in the coordinates of the audit that flagged it, that audit's
    /// layout to this one.
    func placedNow(
        _ item: CarriedWarning, _ rect: Rect, on group: String, toNow: LayoutTransform, _ a: inout AuditInProgress
    ) -> Rect {
        guard let frame = item.frame else { return toNow.apply(rect) }
        return a.layouts.predicted(rect, of: group, since: frame, then: configuration(of: frame, group)).place
    }

    /// In another language: an issue whose text the catalogs give under a key the standing warning's text is
    /// given under (one test type) continues it, wherever the layout puts it, as the matcher's key stage pairs.
    func continueByKey(
        _ waiting: StandingList, on group: String, continued: inout Set<Int>, _ a: inout AuditInProgress
    ) {
        guard !translations.isEmpty else { return }
        var unpaired: [String: [Int]] = [:]
        for index in a.entry.issues.indices
        where a.previous[index] == nil && a.side.repeatOf[index] == nil && a.side.group[index] == group {
            guard let text = a.entry.issues[index].elementText else { continue }
            for key in a.side.catalogKeys?[index] ?? translations.keys(showing: text) {
                unpaired[key, default: []].append(index)
            }
        }
        guard !unpaired.isEmpty else { return }
        for (c, chunk) in waiting.chunks.enumerated() {
            for i in chunk.items.indices where !continued.contains(AuditInProgress.slot(c, i)) {
                let held = chunk.items[i].verdict
                guard let text = held.elementText else { continue }
                let found = translations.keys(showing: text).lazy.compactMap { unpaired[$0] }.joined().first {
                    a.previous[$0] == nil && a.entry.issues[$0].testType == held.testType
                }
                guard let index = found else { continue }
                a.previous[index] = held
                a.stages[index] = .key
                continued.insert(AuditInProgress.slot(c, i))
            }
        }
    }

    /// Scrolled back (perhaps in another language): the element of the standing warning's kind at its
    /// predicted place continues it (`distance`). A warning known by its fingerprint is that warning, not a
    /// standing one.
    func continueByPlace(
        _ waiting: StandingList, on group: String, base j: Int, continued: inout Set<Int>,
        _ a: inout AuditInProgress
    ) {
        var unpaired = a.entry.issues.indices.filter {
            a.previous[$0] == nil && a.side.repeatOf[$0] == nil && a.side.group[$0] == group
                && a.entry.issues[$0].rect != nil
                && warningInScreen[ScreenFingerprint(fingerprint: a.facts.fingerprint[$0], screen: group)] == nil
        }
        guard !unpaired.isEmpty else { return }
        let changedLanguage = a.matchings.contains { $0.matching.changedLanguage.contains(group) }
        let toNow = placeNow(of: group, base: j, &a)
        let back = toNow.inverse
        // Where each unpaired element is in drift coordinates, and how far a standing warning of it can be.
        let places = unpaired.map { index -> (x: Double, y: Double, radius: Double) in
            let rect = a.entry.issues[index].rect!
            let reach = JudgementTolerance.reach(height: rect.height) + 1
            return (
                back.x.apply(rect.x + rect.width / 2), back.y.apply(rect.y + rect.height / 2),
                reach * max(1, abs(back.x.scale), abs(back.y.scale))
            )
        }
        chunks: for (c, chunk) in waiting.chunks.enumerated() {
            var near = Set<Int>()
            for place in places { near.formUnion(chunk.candidates(nearX: place.x, y: place.y, radius: place.radius)) }
            for i in near.sorted() where !continued.contains(AuditInProgress.slot(c, i)) {
                guard !unpaired.isEmpty else { break chunks }
                let held = chunk.items[i]
                guard let rect = held.rect else { continue }
                // Its rect in the coordinates of the audit it is kept in, then moved to this one.
                let moved = placedNow(held, rect, on: group, toNow: toNow, &a)
                var best: (slot: Int, distance: Double)?
                for (slot, index) in unpaired.enumerated() {
                    guard
                        let distance = distance(
                            moved, held.verdict, a.entry.issues[index],
                            changedLanguage: changedLanguage
                                || position[held.verdict.audit.sha256].map { languages.differ($0, a.k) } ?? false)
                    else { continue }
                    if distance < best?.distance ?? .infinity { best = (slot, distance) }
                }
                if let best {
                    let index = unpaired.remove(at: best.slot)
                    a.previous[index] = held.verdict
                    a.stages[index] = .geometry
                    continued.insert(AuditInProgress.slot(c, i))
                }
            }
        }
    }

    // MARK: 5. Assign

    /// Each issue's warning (a number into `warnings`): the one it continues first, then the one its
    /// fingerprint last had on its screen (a recurrence: of a resolved warning, or of a standing one with
    /// the same exact text), else a new one; repeats take their original's.
    mutating func assign(_ a: inout AuditInProgress) {
        for index in a.entry.issues.indices where a.side.repeatOf[index] == nil {
            if let before = a.previous[index], take(before.identity, in: a.k) { a.warning[index] = before.identity }
        }
        for index in a.entry.issues.indices where a.side.repeatOf[index] == nil && a.warning[index] < 0 {
            let fingerprint = a.facts.fingerprint[index]
            // A warning still standing (not resolved) is continued only by the passes that place it; its
            // fingerprint alone names it only with its exact value ("2 kg" below the fold is not "1 kg").
            if let known = warningInScreen[ScreenFingerprint(fingerprint: fingerprint, screen: a.side.group[index])],
                warnings[known].resolvedBy != nil || warnings[known].text == a.entry.issues[index].elementText,
                take(known, in: a.k)
            {
                a.warning[index] = known
                continue
            }
            var made = fingerprint.hex
            var suffix = 1
            while identityOfName[made] != nil {
                suffix += 1
                made = fingerprint.hex + "#\(suffix)"
            }
            let identity = warnings.count
            warnings.append(Warning(name: made, firstSeen: a.audit, takenIn: a.k))
            identityOfName[made] = identity
            a.warning[index] = identity
        }
        for index in a.entry.issues.indices {
            if let first = a.side.repeatOf[index] { a.warning[index] = a.warning[first] }
        }
        // Where each issue's warning was flagged before: every earlier audit that flagged a warning this audit
        // flags tells where that audit's places are now (`ScreenLayouts`).
        a.layouts.learn(
            sightings: a.entry.issues.indices.map { index in
                a.side.repeatOf[index] == nil && a.warning[index] >= 0 ? warnings[a.warning[index]].sightings : []
            })
    }

    /// Takes warning `id` for an issue of the audit at position `k`; false when another issue took it.
    mutating func take(_ id: Int, in k: Int) -> Bool {
        guard warnings[id].takenIn != k else { return false }
        warnings[id].takenIn = k
        return true
    }

    // MARK: 6. State

    /// Each issue's verdict: its status (system UI and acceptance by a rule recorded with the issue, else
    /// by the baseline) and its change against the audits its screen was compared with.
    mutating func state(_ a: inout AuditInProgress) {
        let compared = a.placement.bases.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        // The version-1 fingerprint of each issue, when the baseline may hold one (an older baseline's).
        let version1 = baseline.entries.isEmpty ? [] : a.entry.issues.map(version1(of:))
        a.verdicts.reserveCapacity(a.entry.issues.count)
        for index in a.entry.issues.indices {
            let id = a.warning[index]
            if !baseline.entries.isEmpty, acceptedWarning[id] == nil,
                let accepted = baseline.entry(for: a.facts.fingerprint[index])
                    ?? version1[index].flatMap(baseline.entry(for:))
            {
                acceptedWarning[id] = accepted
            }
            let before = a.side.repeatOf[index] == nil ? a.previous[index] : nil
            var change: WarningChange?
            if a.k > 0, a.side.repeatOf[index] == nil {
                change = before != nil ? .residual : (compared.contains(a.side.group[index]) ? .new : .firstAudited)
            }
            a.verdicts.append(
                WarningVerdict(
                    audit: a.audit, issues: a.entry.issues, index: index, warning: warnings[id].name, identity: id,
                    screen: a.side.group[index], place: a.facts.place[index], status: status(of: index, a),
                    change: change, continues: before.map { Continuation(continuing: $0, stage: a.stages[index]) },
                    since: before?.since ?? a.audit, firstSeen: warnings[id].firstSeen))
        }
        for index in a.entry.issues.indices {
            warningOfFingerprint[a.facts.fingerprint[index]] = (a.warning[index], a.side.group[index])
            warningInScreen[ScreenFingerprint(fingerprint: a.facts.fingerprint[index], screen: a.side.group[index])] =
                a.warning[index]
        }
        guard !baseline.entries.isEmpty else { return }
        // An older baseline's version-1 fingerprint names the warning too.
        var byVersion1: [IssueFingerprint: Int] = [:]
        for (index, fingerprint) in version1.enumerated() {
            if let fingerprint, byVersion1[fingerprint] == nil { byVersion1[fingerprint] = index }
        }
        for accepted in baseline.entries where warningOfFingerprint[accepted.fingerprint] == nil {
            if let index = byVersion1[accepted.fingerprint] {
                warningOfFingerprint[accepted.fingerprint] = (a.warning[index], a.side.group[index])
            }
        }
    }

    /// The status of issue `index`: a repeat, system UI or accepted by a rule as recorded, else accepted by
    /// the baseline (`acceptedWarning`) or open.
    func status(of index: Int, _ a: AuditInProgress) -> WarningStatus {
        if let first = a.side.repeatOf[index] { return .repeatOf(number: a.entry.issues[first].number) }
        switch a.facts.status[index] {
        case .system: return .system
        case .accepted: return .accepted(reason: a.entry.issues[index].reason ?? "", byBaseline: false)
        case .open:
            guard let accepted = acceptedWarning[a.warning[index]] else { return .open }
            return .accepted(reason: accepted.reason, byBaseline: true)
        }
    }
}
