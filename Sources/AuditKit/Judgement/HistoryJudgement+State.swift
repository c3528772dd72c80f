import Foundation

extension HistoryJudgement {
    /// The positions of the audits the next audit can be compared with: the latest audit of each screen
    /// group. Of the judged audits, only these are read whole by the next step (their prepared sides by the
    /// matcher, their verdicts by the passes); every other audit is read by position alone (its reference,
    /// configurations and language), which the judgement keeps for every audit.
    var basePositions: Set<Int> { Set(latest.values) }

    /// What judging the next audit needs of this judgement, to store (`JudgementState`); nil when a verdict
    /// names an audit this judgement has not judged (a judgement `ReportDiff` made).
    func state() -> JudgementState? {
        var writer = StateWriter(position: position, bases: basePositions)
        let bases = basePositions.sorted().map { j in
            JudgementState.Base(
                position: j, entry: reports[j].entry,
                screens: reports[j].screens.map { screen in RecordedReport.Screen(screen, at: { writer.at($0) }) },
                covered: prepared[j].covered.sorted(), verdicts: reports[j].verdicts.map { writer.verdict($0) })
        }
        let warnings = self.warnings.map { warning in
            JudgementState.Warning(
                name: warning.name, firstSeen: writer.at(warning.firstSeen), takenIn: warning.takenIn,
                resolvedBy: warning.resolvedBy.map { writer.at($0) }, text: warning.text,
                sightings: warning.sightings.map {
                    JudgementState.Sighting(configuration: $0.configuration, rect: $0.rect, audit: writer.at($0.audit))
                })
        }
        let carried = self.carried.mapValues { writer.chunks($0) }
        let shownOf = self.shownOf.mapValues { JudgementState.Shown(audit: $0.audit, chunks: writer.chunks($0.list)) }
        var table: [[String: ScreenConfiguration]] = []
        var tableIndex: [[String: ScreenConfiguration]: Int] = [:]
        let configurations = self.configurations.map { screens in
            if let known = tableIndex[screens] { return known }
            tableIndex[screens] = table.count
            table.append(screens)
            return table.count - 1
        }
        guard !writer.failed else { return nil }
        return JudgementState(
            inputs: JudgementRecord.inputsDigest(translations: translations),
            baseline: JudgementState.digest(of: baseline),
            audits: reports.map {
                .init(
                    sha256: $0.entry.sha256, fileName: $0.entry.fileName, auditDate: $0.entry.auditDate,
                    run: $0.entry.run)
            },
            bases: bases, issues: writer.storedIssues(), latest: latest, warnings: warnings,
            identityOfName: identityOfName,
            fingerprints: warningOfFingerprint.map {
                .init(fingerprint: $0.key, warning: $0.value.warning, group: $0.value.group)
            }
            .sorted { ($0.fingerprint, $0.group) < ($1.fingerprint, $1.group) },
            inScreen: warningInScreen.map {
                .init(fingerprint: $0.key.fingerprint, screen: $0.key.screen, warning: $0.value)
            }
            .sorted { ($0.fingerprint, $0.screen) < ($1.fingerprint, $1.screen) },
            accepted: acceptedWarning, carried: carried, drift: drift.mapValues(JudgementState.Drift.init),
            shownOf: shownOf, configurationTable: table, configurations: configurations, languages: languages,
            screens: screens)
    }

    /// The judgement `state` stores, to judge the next audit with `baseline` and `translations` exactly as
    /// the judgement it was made of would (`step(_:)`); nil when it was made with another baseline, other
    /// inputs, another judgement version or format, or does not hold together.
    init?(restoring state: JudgementState, baseline: Baseline?, translations: StringTranslations) {
        self.init(entries: [], baseline: baseline, translations: translations)
        guard state.format == JudgementState.currentFormat,
            state.judgementVersion == JudgementRecord.currentJudgementVersion,
            state.inputs == JudgementRecord.inputsDigest(translations: translations),
            state.baseline == JudgementState.digest(of: self.baseline),
            state.configurations.count == state.audits.count,
            state.configurations.allSatisfy(state.configurationTable.indices.contains),
            let reader = StateReader(state)
        else { return nil }
        guard restore(state, reader) else { return nil }
        var reports = state.audits.map { ReportJudgement.placeholder(of: $0) }
        prepared = Array(repeating: WarningMatcher.Prepared(issues: [], screens: []), count: reports.count)
        for base in state.bases {
            guard let verdicts = base.verdicts.mapAll(reader.verdict),
                let side = side(base)
            else { return nil }
            // The standing list of each screen it is the latest audit of, as it left it (the trend counts it).
            var standingOfCovered: [String: StandingList] = [:]
            for (group, j) in latest where j == base.position {
                if let list = carried[group], !list.isEmpty { standingOfCovered[group] = list }
            }
            reports[base.position] = ReportJudgement(
                entry: base.entry, verdicts: verdicts, screens: base.screens.map { $0.made(audit: reader.reference) },
                notCovered: [], hasEarlierAudit: false,
                comparedWith: [], resolved: [], standing: StandingWarnings(), standingOfCovered: standingOfCovered)
            prepared[base.position] = side
        }
        self.reports = reports
        for (k, audit) in state.audits.enumerated() { position[audit.sha256] = k }
        configurations = state.configurations.map { state.configurationTable[$0] }
    }

    /// The side for the matcher of the latest audit `base`, as the walk prepared it (`prepared(_:_:_:)`).
    private mutating func side(_ base: JudgementState.Base) -> WarningMatcher.Prepared? {
        let screens = base.screens.map(\.screen)
        guard screens.count >= max(base.entry.screens.count, 1) else { return nil }
        let reading = Self.reading(
            base.entry, translations: translations, catalogCache: &catalogCache, normalCache: &normalCache)
        var side = WarningMatcher.Prepared(
            issues: base.entry.issues, screens: base.entry.screens,
            issueGroups: reading.screenOfIssue.map { screens[min($0, screens.count - 1)] },
            screenGroups: base.entry.screens.indices.map { screens[$0] })
        side.catalogKeys = reading.catalogKeys
        side.covered = Set(base.covered)
        return side
    }

    /// Restores the warnings, the standing lists, the drifts, the screens and the languages of `state`;
    /// false when one names an audit or a warning that is not there.
    private mutating func restore(_ state: JudgementState, _ reader: StateReader) -> Bool {
        guard state.latest.values.allSatisfy({ state.bases.map(\.position).contains($0) }),
            let warnings = state.warnings.mapAll({ reader.warning($0) }),
            let carried = state.carried.mapValuesAll({ reader.list($0) }),
            let shownOf = state.shownOf.mapValuesAll({ shown in reader.list(shown.chunks).map { (shown.audit, $0) } }),
            state.identityOfName.values.allSatisfy(warnings.indices.contains)
        else { return false }
        latest = state.latest
        self.warnings = warnings
        identityOfName = state.identityOfName
        for known in state.fingerprints { warningOfFingerprint[known.fingerprint] = (known.warning, known.group) }
        for known in state.inScreen {
            warningInScreen[ScreenFingerprint(fingerprint: known.fingerprint, screen: known.screen)] = known.warning
        }
        acceptedWarning = state.accepted
        self.carried = carried
        self.shownOf = shownOf.mapValues { (audit: $0.0, list: $0.1) }
        drift = state.drift.mapValues(\.transform)
        languages = state.languages
        screens = state.screens
        return true
    }
}

/// Writes a judgement's verdicts as the state stores them: audits by position, and the issues of the
/// audits that are not stored whole, by index.
private struct StateWriter {
    let position: [String: Int]
    let bases: Set<Int>
    var issues: [Int: [Int: HistoryIssue]] = [:]
    var failed = false

    mutating func at(_ audit: AuditReference) -> Int {
        guard let known = position[audit.sha256] else {
            failed = true
            return -1
        }
        return known
    }

    private mutating func note(_ audit: Int, _ index: Int, _ issue: HistoryIssue) {
        if !bases.contains(audit) { issues[audit, default: [:]][index] = issue }
    }

    mutating func verdict(_ verdict: WarningVerdict) -> JudgementState.Verdict {
        let audit = at(verdict.audit)
        note(audit, verdict.issueIndex, verdict.issue)
        let continues = verdict.continues.map { continued -> JudgementState.Continued in
            let earlier = at(continued.audit)
            note(earlier, continued.index, continued.issue)
            return .init(audit: earlier, index: continued.index, stage: continued.stage)
        }
        return JudgementState.Verdict(
            audit: audit, index: verdict.issueIndex, warning: verdict.warning, identity: verdict.identity,
            screen: verdict.screen, place: verdict.place, status: verdict.status.stored, change: verdict.change,
            continues: continues, since: at(verdict.since), firstSeen: at(verdict.firstSeen))
    }

    mutating func chunks(_ list: StandingList) -> [[JudgementState.Carried]] {
        list.chunks.map { chunk in
            chunk.items.map { item in
                JudgementState.Carried(
                    verdict: verdict(item.verdict), rect: item.rect, frame: item.frame.map { at($0) },
                    flaggedIn: item.flaggedIn)
            }
        }
    }

    func storedIssues() -> [JudgementState.Issues] {
        issues.keys.sorted().map { audit in
            let byIndex = issues[audit]!.sorted { $0.key < $1.key }
            return .init(position: audit, index: byIndex.map(\.key), issues: byIndex.map(\.value))
        }
    }
}

/// Reads the state's verdicts back: one reference per audit, and one issues array per audit (its entry's
/// for a latest audit, else the issues the state names at their indices).
private struct StateReader {
    let audits: [AuditReference]
    let issues: [Int: [HistoryIssue]]

    init?(_ state: JudgementState) {
        audits = state.audits.map { AuditReference(sha256: $0.sha256, fileName: $0.fileName, auditDate: $0.auditDate) }
        var issues: [Int: [HistoryIssue]] = [:]
        for base in state.bases {
            guard audits.indices.contains(base.position) else { return nil }
            issues[base.position] = base.entry.issues
        }
        for stored in state.issues {
            guard let filler = stored.issues.first, stored.index.count == stored.issues.count,
                let count = stored.index.max().map({ $0 + 1 }), stored.index.allSatisfy({ $0 >= 0 }),
                count <= 1 << 20, issues[stored.position] == nil, audits.indices.contains(stored.position)
            else { return nil }
            var made = [HistoryIssue](repeating: filler, count: count)
            for (index, issue) in zip(stored.index, stored.issues) { made[index] = issue }
            issues[stored.position] = made
        }
        self.issues = issues
    }

    func reference(_ position: Int) -> AuditReference? { audits.indices.contains(position) ? audits[position] : nil }

    func verdict(_ stored: JudgementState.Verdict) -> WarningVerdict? {
        guard let audit = reference(stored.audit), let issues = issues[stored.audit],
            issues.indices.contains(stored.index),
            let status = WarningStatus(stored: stored.status), let since = reference(stored.since),
            let firstSeen = reference(stored.firstSeen)
        else { return nil }
        var continues: Continuation?
        if let continued = stored.continues {
            guard let earlier = reference(continued.audit), let theirs = self.issues[continued.audit],
                theirs.indices.contains(continued.index)
            else { return nil }
            continues = Continuation(audit: earlier, issues: theirs, index: continued.index, stage: continued.stage)
        }
        return WarningVerdict(
            audit: audit, issues: issues, index: stored.index, warning: stored.warning, identity: stored.identity,
            screen: stored.screen, place: stored.place, status: status, change: stored.change, continues: continues,
            since: since, firstSeen: firstSeen)
    }

    func list(_ chunks: [[JudgementState.Carried]]) -> StandingList? {
        var made: [StandingChunk] = []
        for chunk in chunks {
            var items: [CarriedWarning] = []
            for item in chunk {
                guard let verdict = verdict(item.verdict) else { return nil }
                var frame: AuditReference?
                if let at = item.frame {
                    guard let known = reference(at) else { return nil }
                    frame = known
                }
                items.append(CarriedWarning(verdict: verdict, rect: item.rect, frame: frame, flaggedIn: item.flaggedIn))
            }
            made.append(StandingChunk(items))
        }
        return StandingList(chunks: made)
    }

    func warning(_ stored: JudgementState.Warning) -> HistoryJudgement.Warning? {
        guard let firstSeen = reference(stored.firstSeen) else { return nil }
        var resolvedBy: AuditReference?
        if let at = stored.resolvedBy {
            guard let known = reference(at) else { return nil }
            resolvedBy = known
        }
        var sightings: [HistoryJudgement.Sighting] = []
        for sighting in stored.sightings {
            guard let audit = reference(sighting.audit) else { return nil }
            sightings.append(.init(configuration: sighting.configuration, rect: sighting.rect, audit: audit))
        }
        return HistoryJudgement.Warning(
            name: stored.name, firstSeen: firstSeen, takenIn: stored.takenIn, resolvedBy: resolvedBy, text: stored.text,
            sightings: sightings)
    }
}

extension JudgementState.Drift {
    /// `transform` stored.
    init(_ transform: LayoutTransform) {
        x = [transform.x.scale, transform.x.offset]
        y = [transform.y.scale, transform.y.offset]
        bottomBar = transform.bottomBar.map { [$0.scale, $0.offset] }
        across = transform.across.map { [$0.was, $0.now, $0.offset, $0.spread] }
        acrossInliers = transform.across?.inliers
        anchorsX = transform.anchors.x
        anchorsY = transform.anchors.y
        spread = [transform.spread.x, transform.spread.y]
    }

    /// The transform stored (a value missing reads as the identity's).
    var transform: LayoutTransform {
        func axis(_ values: [Double]) -> LayoutTransform.Axis {
            values.count == 2 ? .init(scale: values[0], offset: values[1]) : .identity
        }
        var made = LayoutTransform(x: axis(x), y: axis(y))
        made.bottomBar = bottomBar.map(axis)
        if let across, across.count == 4 {
            made.across = AnchoredAxis(
                was: across[0], now: across[1], offset: across[2], spread: across[3], inliers: acrossInliers ?? 0)
        }
        made.anchors = (anchorsX, anchorsY)
        if spread.count == 2 { made.spread = (spread[0], spread[1]) }
        return made
    }
}

extension ReportJudgement {
    /// A judgement that keeps only the place of `audit` in the order (its report's SHA-256, file name,
    /// date and run): no issues, screens or verdicts.
    static func placeholder(of audit: JudgementState.Audit) -> ReportJudgement {
        var bare = HistoryEntry(
            sha256: audit.sha256, fileName: audit.fileName, auditDate: audit.auditDate, screens: [], issues: [])
        bare.run = audit.run
        return ReportJudgement(
            entry: bare, verdicts: [], screens: [], notCovered: [], hasEarlierAudit: false, comparedWith: [],
            resolved: [], standing: StandingWarnings(), standingOfCovered: [:])
    }
}

extension Dictionary {
    /// Each value transformed, or nil when one transform gives nil.
    fileprivate func mapValuesAll<Made>(_ transform: (Value) -> Made?) -> [Key: Made]? {
        var made: [Key: Made] = [:]
        for (key, value) in self {
            guard let one = transform(value) else { return nil }
            made[key] = one
        }
        return made
    }
}
