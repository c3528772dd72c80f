import Foundation

/// One audit's comparison told in numbers, the same way in the terminal, the session, the report's
/// page and the JSON: **open** warnings only, the Inspector's repeats counted once.
public struct ChangeCounts: Sendable, Hashable, Codable {
    /// Open warnings not in the latest earlier audit of their screen (with those of screens audited for
    /// the first time).
    public var new: Int
    /// Open warnings of the earlier audits of the covered screens that this audit no longer shows.
    public var resolved: Int
    /// Open warnings this audit shares with the latest earlier audit of their screen.
    public var residual: Int
    /// Of `residual`, how many each stage weaker than the fingerprint paired (`key`, `geometry`, `image`).
    public var residualByStage: [MatchStage: Int]
    /// Of `new`, how many are on screens no earlier audit covered.
    public var firstAudited: Int = 0
    /// Open warnings of earlier audits this audit did not re-audit (on screens it did not cover, or
    /// elements of covered screens it did not show): neither resolved nor residual.
    public var notReaudited: Int
    /// This audit's warnings that are not open, by kind (accepted, system UI; repeats are not counted).
    public var notOpen: [WarningStatus.Kind: Int]

    /// Counts with every number given.
    public init(
        new: Int, resolved: Int, residual: Int, residualByStage: [MatchStage: Int] = [:], notReaudited: Int = 0,
        notOpen: [WarningStatus.Kind: Int] = [:]
    ) {
        self.new = new
        self.resolved = resolved
        self.residual = residual
        self.residualByStage = residualByStage
        self.notReaudited = notReaudited
        self.notOpen = notOpen
    }

    /// `1 new, 0 resolved, 5 residual`: the comparison's one triple.
    public var triple: String { "\(new) new, \(resolved) resolved, \(residual) residual" }

    /// What may follow the triple in parentheses: the residual pairs weaker than the fingerprint and
    /// the warnings that are not open (`recognised 4 by localization key, 2 by place on the screen; not
    /// counted: 3 accepted, 2 system UI`);
    /// nil when there is nothing to add.
    public var breakdown: String? {
        var parts: [String] = []
        let stages = MatchStage.allCases.filter { $0 != .fingerprint }.compactMap { stage -> String? in
            guard let count = residualByStage[stage], count > 0 else { return nil }
            return "\(count) by \(stage.clue)"
        }
        if !stages.isEmpty { parts.append("recognised " + stages.joined(separator: ", ")) }
        if firstAudited > 0 { parts.append("\(firstAudited) new on screens not audited before") }
        let judged = [WarningStatus.Kind.accepted, .system].compactMap { kind -> String? in
            guard let count = notOpen[kind], count > 0 else { return nil }
            return "\(count) \(kind.label)"
        }
        if !judged.isEmpty { parts.append("not counted: " + judged.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The triple with its breakdown and the open warnings it did not re-audit: `1 new, 0 resolved, 5
    /// residual (recognised 2 by localization key; not counted: 3 accepted); 2 open not re-audited`, as
    /// every output states the comparison.
    public var text: String { triple + (breakdown.map { " (\($0))" } ?? "") + notReauditedClause }

    /// `; 2 open not re-audited` after the triple and its breakdown; empty when there are none.
    public var notReauditedClause: String { notReaudited > 0 ? "; \(notReaudited) open not re-audited" : "" }

    /// Keys in JSON output.
    enum CodingKeys: String, CodingKey {
        case new, resolved, residual, notReaudited, firstAudited
    }

    /// Decodes the five counts (the breakdown is not part of the JSON contract).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            new: try container.decode(Int.self, forKey: .new),
            resolved: try container.decode(Int.self, forKey: .resolved),
            residual: try container.decode(Int.self, forKey: .residual),
            notReaudited: try container.decode(Int.self, forKey: .notReaudited))
        firstAudited = try container.decode(Int.self, forKey: .firstAudited)
    }

    /// Encodes the five counts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(new, forKey: .new)
        try container.encode(resolved, forKey: .resolved)
        try container.encode(residual, forKey: .residual)
        try container.encode(notReaudited, forKey: .notReaudited)
        try container.encode(firstAudited, forKey: .firstAudited)
    }
}

/// The judgement of one audit: a verdict for each of its issues, the earlier warnings it resolved or
/// did not re-audit, and the counts every output states.
public struct ReportJudgement: Sendable {
    /// The audit's history entry.
    public var entry: HistoryEntry
    /// One verdict per issue, in report order.
    public var verdicts: [WarningVerdict]
    /// One verdict per screen, in report order: which screen of the history it is and why.
    public var screens: [ScreenVerdict]
    /// The screens earlier audits showed that this one did not cover, in order of first audit.
    public var notCovered: [UncoveredScreen] = []
    /// Whether an earlier audit exists at all: without one, nothing is new, resolved or residual.
    public var hasEarlierAudit: Bool
    /// The earlier audits the covered screens were compared with (the latest earlier audit of each),
    /// latest first.
    public var comparedWith: [AuditReference] = []

    /// Whether the history compared this audit with the audit whose report has `sha256` (the latest
    /// earlier audit of one of its screens): when `diff` of the two states this judgement.
    public func wasCompared(with sha256: String) -> Bool {
        hasEarlierAudit && comparedWith.contains { $0.sha256 == sha256 }
    }
    /// Warnings of the earlier audits of the screens this audit covered that it no longer shows, as
    /// their audits judged them. For a judgement read from its record (`JudgementRecord`): read from it
    /// for the latest audit, judged again when first asked for otherwise (the record keeps their number).
    public var resolved: [WarningVerdict] {
        recordedLists?.resolved.value ?? judgedAgain?.value?.resolved ?? resolvedHere
    }
    /// Warnings of earlier audits still standing that this audit did not re-audit, as their audits judged
    /// them: those of screens it did not cover, and those of covered screens whose elements it did not
    /// show (outside its screenshot, or not flagged by a report without one). Read from the standing
    /// warnings the judgement shares between audits (`standing`): each call lists them. Read from the
    /// record as `resolved` is.
    public var notReaudited: [WarningVerdict] { recordedLists?.notReaudited.value ?? standing.verdicts }
    /// The warnings standing without being re-audited: per screen, shared with the other audits'
    /// judgements that still have them.
    var standing: StandingWarnings { judgedAgain?.value?.standing ?? standingHere }
    /// The standing warnings of each screen the audit covered, after it (by normalised identity): what
    /// the trend counts for those screens besides the audit's own warnings.
    var standingOfCovered: [String: StandingList] { judgedAgain?.value?.standingOfCovered ?? standingOfCoveredHere }

    private var resolvedHere: [WarningVerdict]
    private var standingHere: StandingWarnings
    private var standingOfCoveredHere: [String: StandingList]
    /// For a judgement read from its record: the counts it recorded of what it keeps no list of, and
    /// how to judge the audit again for the lists themselves.
    private var judgedAgain: MadeOnce<ReportJudgement?>?
    /// For the latest audit's judgement read from its record: its lists of earlier warnings, each read
    /// from the record when first asked for (nil when it lacks them: judged again).
    private var recordedLists: RecordedEarlierWarnings?
    private var recordedCounts: (resolved: Int, notReauditedOpen: Int)?

    /// A judgement with every fact given (`HistoryJudgement`'s walk).
    init(
        entry: HistoryEntry, verdicts: [WarningVerdict], screens: [ScreenVerdict], notCovered: [UncoveredScreen],
        hasEarlierAudit: Bool, comparedWith: [AuditReference], resolved: [WarningVerdict],
        standing: StandingWarnings, standingOfCovered: [String: StandingList]
    ) {
        self.entry = entry
        self.verdicts = verdicts
        self.screens = screens
        self.notCovered = notCovered
        self.hasEarlierAudit = hasEarlierAudit
        self.comparedWith = comparedWith
        resolvedHere = resolved
        standingHere = standing
        standingOfCoveredHere = standingOfCovered
    }

    /// A judgement read from its record: every fact but the lists of resolved and not re-audited
    /// warnings, of which it knows the open counts (`counts`, nil: counted from the lists); `lists` reads
    /// them from the record when it has them (the latest audit's), else `judgeAgain` makes the whole
    /// judgement of the audit when a list is asked for.
    init(
        recorded entry: HistoryEntry, verdicts: [WarningVerdict], screens: [ScreenVerdict],
        notCovered: [UncoveredScreen], hasEarlierAudit: Bool, comparedWith: [AuditReference],
        counts: (resolved: Int, notReauditedOpen: Int)?, lists: RecordedEarlierWarnings? = nil,
        judgeAgain: @escaping @Sendable () -> ReportJudgement?
    ) {
        self.init(
            entry: entry, verdicts: verdicts, screens: screens, notCovered: notCovered,
            hasEarlierAudit: hasEarlierAudit, comparedWith: comparedWith, resolved: [], standing: StandingWarnings(),
            standingOfCovered: [:])
        judgedAgain = MadeOnce(judgeAgain)
        recordedLists = lists
        recordedCounts = counts
    }

    /// The audit.
    public var audit: AuditReference { AuditReference(entry) }

    /// The screens the audit covered (identities, normalised as `WarningVerdict.screen`): those it shows.
    public var covered: Set<String> { Set(screens.filter(\.shows).map { WarningMatcher.groupKey($0.screen) }) }

    /// How people know the screen a verdict of this audit is on (`ScreenVerdict.name`: its root view, a
    /// group name that tells screens apart, or `screen 2 of <report>`); nil for a verdict of another audit.
    public func screenName(of verdict: WarningVerdict) -> String? {
        screens.first { WarningMatcher.groupKey($0.screen) == verdict.screen }?.name
    }

    /// The verdicts by issue number.
    public var verdictsByNumber: [Int: WarningVerdict] {
        Dictionary(verdicts.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The open warnings (repeats counted once: never open).
    public var open: [WarningVerdict] { verdicts.filter(\.status.isOpen) }

    /// The open warnings that are new: not in the latest earlier audit of their screen, or on a screen
    /// audited for the first time. Empty when no earlier audit exists.
    public var newWarnings: [WarningVerdict] {
        verdicts.filter { $0.status.isOpen && ($0.change == .new || $0.change == .firstAudited) }
    }

    /// The open warnings that are residual.
    public var residualWarnings: [WarningVerdict] {
        verdicts.filter { $0.status.isOpen && $0.change == .residual }
    }

    /// The earlier open warnings this audit resolved.
    public var resolvedWarnings: [WarningVerdict] { resolved.filter(\.status.isOpen) }

    /// How many earlier open warnings this audit resolved, counted without listing them when the
    /// judgement was read from its record.
    public var resolvedOpenCount: Int { recordedCounts?.resolved ?? resolvedWarnings.count }

    /// The earlier open warnings this audit did not re-audit (`notReaudited`, open only).
    public var notReauditedWarnings: [WarningVerdict] { notReaudited.filter(\.status.isOpen) }

    /// How many earlier open warnings this audit did not re-audit, counted without listing them.
    public var notReauditedOpenCount: Int {
        recordedCounts?.notReauditedOpen
            ?? (recordedLists?.notReaudited.value).map { $0.lazy.filter(\.status.isOpen).count } ?? standing.openCount
    }

    /// How many earlier warnings this audit did not re-audit are open by the rules and the history (the
    /// baseline's acceptances counted open), as the record keeps them.
    var notReauditedOpenUnlessBaselinedCount: Int { standing.parts.reduce(0) { $0 + $1.openUnlessBaselinedCount } }

    /// The earlier open warnings this audit did not re-audit, told by where they are
    /// (`NotReauditedPlace`): read from the record without listing them when it keeps them.
    public var notReauditedPlaces: [NotReauditedPlace] {
        recordedLists?.places.value
            ?? NotReauditedPlace.grouping(notReauditedWarnings.map { ($0.place, $0.audit.auditDate) })
    }

    /// This audit's warnings that are accepted or on system UI (repeats left out): judged, not counted.
    public var judgedWarnings: [WarningVerdict] {
        verdicts.filter { !$0.status.isOpen && $0.status.kind != .repeat }
    }

    /// The earlier audits compared with, as a comparison names them: their file names joined with `, `
    /// (latest first); nil when none was (no screen of this audit was audited before).
    public var oldFileName: String? {
        comparedWith.isEmpty ? nil : comparedWith.map(\.fileName).joined(separator: ", ")
    }

    /// The latest audit date of the earlier audits compared with; nil when there are none.
    public var oldAuditDate: Date? { comparedWith.map(\.auditDate).max() }

    /// Each screen of the audit (as people know it) and the earlier audit it was compared with.
    public var comparedScreens: [ReportDiff.ScreenBase] {
        screens.map {
            ReportDiff.ScreenBase(
                group: $0.name, fileName: $0.comparedWith?.fileName, auditDate: $0.comparedWith?.auditDate)
        }
    }

    /// The comparison item by item (`diff`'s JSON, the session's lists), told from the verdicts; nil
    /// when no earlier audit exists.
    public var comparison: ReportDiff? {
        hasEarlierAudit ? ReportDiff(self) : nil
    }

    /// The comparison in numbers, counted from the lists above; nil when no earlier audit exists.
    public var counts: ChangeCounts? {
        guard hasEarlierAudit else { return nil }
        let new = newWarnings
        let residual = residualWarnings
        var counts = ChangeCounts(
            new: new.count, resolved: resolvedOpenCount, residual: residual.count,
            notReaudited: notReauditedOpenCount)
        counts.firstAudited = new.filter { $0.change == .firstAudited }.count
        for verdict in residual {
            if let stage = verdict.continues?.stage, stage != .fingerprint {
                counts.residualByStage[stage, default: 0] += 1
            }
        }
        for verdict in judgedWarnings { counts.notOpen[verdict.status.kind, default: 0] += 1 }
        return counts
    }
}

/// The latest audit's lists of the warnings of earlier audits it resolved and did not re-audit, as their
/// audits judged them (`ReportJudgement.resolved`, `notReaudited`), and the second told by place, as its
/// record keeps them: each read when first asked for, so `diff` of thousands of warnings not re-audited
/// reads their places, not the warnings. A list is nil when the record cannot give it.
final class RecordedEarlierWarnings: Sendable {
    let resolved: MadeOnce<[WarningVerdict]?>
    let notReaudited: MadeOnce<[WarningVerdict]?>
    let places: MadeOnce<[NotReauditedPlace]?>

    /// The lists, each made by its closure when first asked for.
    init(
        resolved: @escaping @Sendable () -> [WarningVerdict]?,
        notReaudited: @escaping @Sendable () -> [WarningVerdict]?,
        places: @escaping @Sendable () -> [NotReauditedPlace]?
    ) {
        self.resolved = MadeOnce(resolved)
        self.notReaudited = MadeOnce(notReaudited)
        self.places = MadeOnce(places)
    }
}

/// The earlier open warnings an audit did not re-audit at one place (`WarningVerdict.place`): how many,
/// and the dates of the earliest and latest audits that flagged them.
public struct NotReauditedPlace: Sendable, Hashable {
    /// The place, as `WarningVerdict.place` names it.
    public var place: String
    /// How many warnings.
    public var count: Int
    /// The date of the earliest audit that flagged one of them.
    public var first: Date
    /// The date of the latest audit that flagged one of them.
    public var last: Date

    /// A place from its parts.
    public init(place: String, count: Int, first: Date, last: Date) {
        self.place = place
        self.count = count
        self.first = first
        self.last = last
    }

    /// The places of `warnings` (each a place and the date since which it was not re-audited), the most
    /// warnings first, then by place.
    static func grouping(_ warnings: [(place: String, since: Date)]) -> [NotReauditedPlace] {
        var groups: [String: NotReauditedPlace] = [:]
        for (place, since) in warnings {
            if var group = groups[place] {
                group.count += 1
                group.first = min(group.first, since)
                group.last = max(group.last, since)
                groups[place] = group
            } else {
                groups[place] = NotReauditedPlace(place: place, count: 1, first: since, last: since)
            }
        }
        return groups.values.sorted { ($1.count, $0.place) < ($0.count, $1.place) }
    }
}

extension ReportDiff {
    /// The comparison of a judged audit, item by item, as its verdicts state it: new, residual and
    /// first-audited warnings in report order, resolved and not re-audited ones as their audits judged
    /// them (by earlier audit, latest first, then issue order).
    init(_ judged: ReportJudgement) {
        let entry = judged.entry
        newFileName = entry.fileName
        newAuditDate = entry.auditDate
        oldFileName = judged.oldFileName ?? ""
        oldAuditDate = judged.oldAuditDate ?? entry.auditDate
        screens = judged.comparedScreens
        func current(_ verdict: WarningVerdict) -> Item {
            let issue = verdict.issue
            guard let before = verdict.continues else {
                return Item(fingerprint: issue.fingerprint, oldNumber: nil, newNumber: issue.number, issue: issue)
            }
            return Item(
                fingerprint: issue.fingerprint, oldNumber: before.number, newNumber: issue.number, issue: issue,
                matchedBy: before.stage,
                oldFingerprint: before.fingerprint == issue.fingerprint ? nil : before.fingerprint,
                oldText: before.text == issue.elementText ? nil : (before.text ?? ""),
                oldFileName: before.audit.fileName, oldAuditDate: before.audit.auditDate)
        }
        func earlier(_ verdict: WarningVerdict) -> Item {
            Item(
                fingerprint: verdict.issue.fingerprint, oldNumber: verdict.number, newNumber: nil, issue: verdict.issue,
                oldFileName: verdict.audit.fileName, oldAuditDate: verdict.audit.auditDate)
        }
        let byNumber = { (a: Item, b: Item) in (a.newNumber ?? 0) < (b.newNumber ?? 0) }
        new = judged.verdicts.filter { $0.change == .new }.map(current).sorted(by: byNumber)
        residual = judged.verdicts.filter { $0.change == .residual }.map(current).sorted(by: byNumber)
        firstAudited = judged.verdicts.filter { $0.change == .firstAudited }.map(current)
        resolved = judged.resolved.map(earlier)
        notReaudited = judged.notReaudited.map(earlier)
        repeatedNumbers = judged.verdicts.filter { $0.status.kind == .repeat }.map(\.number).sorted()
    }
}

extension HistoryCounts {
    /// The counts of a judged audit: every issue in `total` and by type; `open`, `accepted` and `system`
    /// count warnings as the judgement states them (the baseline's acceptances included, the
    /// Inspector's repeats in none of the three).
    public init(_ judged: ReportJudgement) { self.init(judged, withBaseline: true) }

    /// The counts of a judged audit, those of the warnings the baseline accepts as open unless
    /// `withBaseline` (as the record keeps them: `BaselineAcceptance` applies the baseline when shown).
    init(_ judged: ReportJudgement, withBaseline: Bool) {
        self.init(issues: judged.entry.issues)
        let baselined = withBaseline ? 0 : judged.verdicts.lazy.filter(\.status.isAcceptedByBaseline).count
        open = judged.verdicts.filter { $0.status.kind == .open }.count + baselined
        accepted = judged.verdicts.filter { $0.status.kind == .accepted }.count - baselined
        system = judged.verdicts.filter { $0.status.kind == .system }.count
    }
}
