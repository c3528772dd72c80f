import Foundation

/// How one screen of an audit was identified: which screen of the history it is (the audits before
/// it that showed the same screen), and why.
public struct ScreenVerdict: Sendable, Hashable {
    /// The screen's 0-based position in its report; -1 for a screen the user named as covered by a
    /// report that shows none.
    public var index: Int
    /// The screen's identity across audits (the same for every audit of one screen).
    public var screen: String
    /// How people know the screen: its root view when the mapping knows one, else its group name when
    /// that tells screens apart, else its place in the report that first showed it.
    public var name: String
    /// The latest earlier audit of the same screen; nil for a screen not audited before.
    public var comparedWith: AuditReference?
    /// Why it is the same screen (`matched by screenshot and 9 of 11 texts`); nil for a new one.
    public var evidence: String?
    /// Whether the report shows anything of the screen (a screenshot or an issue). The Inspector's
    /// empty report shows nothing: it covers no screen and resolves nothing.
    public var shows: Bool
    /// Whether the report covers the whole screen: it has the screen's screenshot (what the screenshot
    /// shows is re-audited), it is an automated audit (the driver audits every element of the screen), or
    /// it was recorded before screens were told apart by what they show (and so covers the screen as
    /// then). Otherwise the report covers exactly the warnings it flags: nothing of the screen is
    /// resolved.
    public var coversWholeScreen: Bool
    /// What the screen was audited in (device, orientation, appearance, text size), as far as the report
    /// tells; an earlier warning flagged in another layout is not re-audited by this audit.
    public var configuration = ScreenConfiguration()
    /// Whether outputs say how to name the screen: an automated audit's screen the history did not know
    /// and the team did not name (its next runs are placed surely once named).
    public var suggestsNaming = false

    /// How a team names the screen of an automated audit, as outputs suggest it.
    public static let namingAdvice = "name it with --screen NAME, or the XCTest recorder's screenName"

    /// `Home (screen 1) compared with AuditReport_….html: matched by screenshot and 4 of 5 texts`; what
    /// its configuration has of note follows the screen's number (`(screen 1; dark; text ×1.6)`).
    public var sentence: String {
        let notes = configuration.notes.map { "; " + $0 }.joined()
        var text = index >= 0 ? "\(name) (screen \(index + 1)\(notes))" : name
        if let comparedWith, let evidence {
            text += " compared with \(comparedWith.fileName): \(evidence)"
        } else if shows {
            text += ": a screen not audited before" + (suggestsNaming ? " (\(Self.namingAdvice))" : "")
        } else {
            text += ": shows nothing (no screenshot, no issue)"
        }
        return text
    }
}

/// A screen earlier audits showed that an audit did not cover: its warnings are not re-audited.
public struct UncoveredScreen: Sendable, Hashable {
    /// How people know the screen (`ScreenVerdict.name`).
    public var name: String
    /// The latest audit that covered it.
    public var lastAudited: AuditReference

    /// `Budgets (last audited 2026-01-19)`.
    public var sentence: String { "\(name) (last audited \(lastAudited.day))" }
}

/// Decides which screen of the history each screen of a new report is, from what the report shows:
/// the screenshot (`ScreenSignature`), the element texts (through the string catalogs' keys across
/// languages), the views the warnings map to, and the group name only when it tells screens apart (a
/// name every screen shares, or a bare number, tells nothing). Weak evidence gives a screen not
/// audited before, never a pairing.
struct ScreenIdentification: Sendable, Codable {
    /// A screen the history knows, as its latest audit showed it.
    struct Known: Sendable, Codable {
        var id: String
        var name: String
        var report: Int
        var audit: AuditReference
        /// The screenshots of its latest audits (the latest first, at most `rememberedAudits`): one
        /// screen is audited in the dark and the light appearance, in several languages, and a new audit
        /// may look like any of them.
        var hashes: [Screenshot]
        /// The texts its latest audits showed (the latest first, at most `rememberedAudits`): a screen
        /// audited in German after English is still the screen whose English texts a text export shows.
        var texts: [ShownTexts]
        var views: Set<String>
        /// The accessibility identifiers its automated audits flagged, every one so far.
        var identifiers: SortedHashes
        /// The root views its audits had (`Shown.root`).
        var roots: Set<String>
        /// The name the team gave it (`HistoryScreen.named`), once any audit of it was named.
        var named: String?
        var group: String
        /// Recorded before screens were told apart by what they show: known by its group name.
        var byName: Bool
        /// The group name without surrounding spaces, as names are compared.
        var groupName: String
    }

    /// The screens known so far, in order of first audit.
    private(set) var known: [Known] = []
    /// Known screens by each text, key, view and group name they showed: the candidates a new screen
    /// can share evidence with, so a long history is not compared screen by screen.
    private var byEvidence: [Int: Set<Int>] = [:]
    /// Per known screen: the tokens it was last filed under in `byEvidence`, ascending.
    private var filedTokens: [[Int]] = []
    /// What `ScreenSignature.likeness(to:)` says of each signature seen against an equal one.
    private var likenessToItself: [ScreenSignature: ScreenSignature.Likeness] = [:]
    /// How many of the most recently audited known screens are compared by screenshot alone.
    static let recentScreens = 64
    /// Known screens, least recently audited first (each moves to the end when audited).
    private var recency: [Int] = []
    /// Evidence shared by more known screens than this tells none of them apart: not a candidate source.
    static let commonEvidence = 8
    /// Every group name seen, with how many screens had it.
    private var groupNames: [String: Int] = [:]
    private var screenCount = 0

    /// The texts with letters (each with its test type) and the catalog keys an audit showed of a
    /// screen, as hashes: compared with every candidate screen, so kept as numbers.
    struct ShownTexts: Sendable, Codable {
        var texts: SortedHashes
        var keys: SortedHashes

        /// How many texts (or keys, where they are more) it holds.
        var count: Int { max(texts.count, keys.count) }
    }

    /// What a new report shows of each of its screens.
    struct Shown {
        var index: Int
        var hash: Screenshot?
        /// Its texts with letters (each with its test type) and its catalog keys, as hashes: compared
        /// with every candidate screen, so kept as numbers.
        var texts: SortedHashes
        var keys: SortedHashes
        /// The accessibility identifiers of its warnings (automated audits' `id:` keys), as hashes.
        var identifiers = SortedHashes([])
        var identifierTable = HashProbe.none
        var views: Set<String>
        /// How many of its warnings map to each view.
        var viewCounts: [String: Int] = [:]
        /// Its root view: the one the mapping recorded (`HistoryScreen.rootView`), else the view at least
        /// two of its warnings (not system UI) map to, the most of them; nil when neither is known.
        var root: String?
        /// The name the team gave it (`HistoryScreen.named`).
        var named: String?
        /// Who gave that name (`HistoryScreen.namedBy`), when recorded.
        var namedBy: ScreenNameSource?
        var group: String
        /// The group name without surrounding spaces, as names are compared.
        var groupName: String
        var issueCount: Int
        /// From an entry written before screens were told apart by what they show.
        var byName: Bool
        /// From an automated audit (`HistoryEntry.isAutomatedAudit`).
        var automated = false
        var shows: Bool { hash != nil || issueCount > 0 || byName }
        /// Whether the audit covers the whole screen (`ScreenVerdict.coversWholeScreen`).
        var coversWholeScreen: Bool { hash != nil || byName || automated }
        /// What it shows that another screen can share (`evidence(of:)`), ascending; none when it shows
        /// nothing. Worked out when the entry is read (in a walk, not on the thread that places screens).
        var tokens: [Int] = []
        /// Its texts and keys as tables, to count what a known screen's audits share with them; set
        /// with them (`shown(_:screenOfIssue:catalogKeys:normalized:)`).
        var textTable = HashProbe.none
        var keyTable = HashProbe.none
        /// Its texts and keys, as a known screen remembers them.
        var shownTexts: ShownTexts { ShownTexts(texts: texts, keys: keys) }
    }

    /// What `entry` shows of each screen, with `catalogKeys` of each issue when the catalogs gave them;
    /// `normalized` remembers each text's normal form as a hash (nil for a text without letters).
    static func shown(
        _ entry: HistoryEntry, screenOfIssue: [Int], catalogKeys: [[String]]?, normalized: inout [String: Int?]
    ) -> [Shown] {
        var shown = entry.screens.enumerated().map { index, screen in
            Shown(
                index: index,
                hash: screen.imageHash.flatMap(ScreenSignature.init(hex:)).map { signature in
                    Screenshot(
                        signature: signature, aspect: Screenshot.aspect(width: screen.width, height: screen.height))
                }, texts: [], keys: [],
                views: [], root: screen.rootView, named: screen.named.flatMap(Self.teamName),
                namedBy: screen.namedBy, group: screen.group, groupName: Self.trimmed(screen.group),
                issueCount: screen.issueCount, byName: entry.knowsScreensByName)
        }
        if shown.isEmpty, !entry.issues.isEmpty {
            shown = [
                Shown(
                    index: 0, hash: nil, texts: [], keys: [], views: [], group: entry.issues[0].screenGroup,
                    groupName: Self.trimmed(entry.issues[0].screenGroup),
                    issueCount: entry.issues.count, byName: entry.knowsScreensByName)
            ]
        }
        var texts = [[Int]](repeating: [], count: shown.count)
        var keys = [[Int]](repeating: [], count: shown.count)
        var identifiers = [[Int]](repeating: [], count: shown.count)
        // The views of system UI issues (rare), left out of the root's count.
        var systemViews = [[String: Int]](repeating: [:], count: shown.count)
        let bands = entry.screens.map { screen in
            SystemBands(screenSize: screen.width.flatMap { width in screen.height.map { (width, $0) } })
        }
        for index in entry.issues.indices {
            let screen = min(screenOfIssue[index], shown.count - 1)
            // The status bar's texts (the clock) are the system's, on every screen.
            let system =
                bands.indices.contains(screen) && entry.issues[index].rect.map(bands[screen].statusBarHolds) == true
            if !system, let text = entry.issues[index].elementText {
                if let normal = normalHash(of: text, cache: &normalized) {
                    var hasher = StableHasher()
                    hasher.combine(entry.issues[index].testType.key)
                    hasher.combine(normal)
                    texts[screen].append(hasher.finalize())
                }
            }
            for key in catalogKeys?[index] ?? [] { keys[screen].append(StableHasher.hash(key)) }
            if let key = entry.issues[index].key {
                keys[screen].append(StableHasher.hash(key))
                if key.hasPrefix(HistoryIssue.identifierKeyPrefix) {
                    identifiers[screen].append(StableHasher.hash(key))
                }
            }
            if let view = entry.issues[index].view, !view.isEmpty {
                shown[screen].views.insert(view)
                shown[screen].viewCounts[view, default: 0] += 1
                if entry.issues[index].status == .system { systemViews[screen][view, default: 0] += 1 }
            }
        }
        for screen in shown.indices {
            shown[screen].automated = entry.isAutomatedAudit
            if shown[screen].root == nil, !shown[screen].viewCounts.isEmpty {
                var votes = shown[screen].viewCounts
                for (view, count) in systemViews[screen] { votes[view]? -= count }
                if let (view, count) = votes.mostCommon(), count >= 2 { shown[screen].root = view }
            }
            shown[screen].texts = SortedHashes(texts[screen])
            shown[screen].keys = SortedHashes(keys[screen])
            shown[screen].textTable = HashProbe(shown[screen].texts)
            shown[screen].keyTable = HashProbe(shown[screen].keys)
            if !identifiers[screen].isEmpty {
                shown[screen].identifiers = SortedHashes(identifiers[screen])
                shown[screen].identifierTable = HashProbe(shown[screen].identifiers)
            }
            if shown[screen].shows { shown[screen].tokens = Self.evidence(of: shown[screen]).sorted() }
        }
        return shown
    }

    /// A name the team gave a screen, without surrounding spaces; nil when nothing is left.
    static func teamName(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether two names the team gave are the same name (case and width aside).
    static func sameTeamName(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.caseInsensitive, .widthInsensitive]) == .orderedSame
    }

    /// The normal form of `text` (`IssueFingerprint.normalizedText`) as a hash, or nil for a text that
    /// tells no screen: without letters and with fewer than `JudgementTolerance.tellingDigits` digits
    /// ("12", "—"), which read alike on every screen. A time or a price ("8:05", "$4.99") tells, in any
    /// language: an audit in another language without its catalogs still shows the screen's numbers. An
    /// ASCII text is normalised and hashed byte by byte; `cache` remembers the others' (texts recur from
    /// audit to audit).
    static func normalHash(of text: String, cache: inout [String: Int?]) -> Int? {
        func hash(_ normal: UnsafeBufferPointer<UInt8>) -> Int {
            var hasher = StableHasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(normal))
            hasher.combine(0xFF as UInt8)
            return hasher.finalize()
        }
        let ascii = IssueFingerprint.withASCIINormalizedText(text) { normal -> Int? in
            normal.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ? hash(normal) : nil
        }
        if case let value?? = ascii { return value }
        if let known = cache[text] { return known }
        var normal: Int?
        if text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
            var folded = IssueFingerprint.normalizedText(text)
            normal = folded.withUTF8(hash)
        } else if text.unicodeScalars.count(where: { $0.properties.numericType != nil })
            >= JudgementTolerance.tellingDigits
        {
            // A number's normal form folds its digits: its exact value (spaces aside) tells instead.
            var exact = text.trimmingCharacters(in: .whitespacesAndNewlines)
            normal = exact.withUTF8(hash) ^ 0x5EED
        }
        cache[text] = normal
        return normal
    }

    /// `name` without surrounding spaces (most names have none: then as it is).
    static func trimmed(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
            CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last)
        else { return name }
        return name.trimmingCharacters(in: .whitespaces)
    }

    /// Whether a group name (without surrounding spaces) can tell screens apart: not empty, not a bare
    /// number, the reports so far (this one included) give their screens at least two names (`names`,
    /// with how many of the `screens` seen had each), and not every screen this one.
    static func distinguishes(_ name: String, among names: [String: Int], screens: Int) -> Bool {
        guard !name.isEmpty, !name.allSatisfy(\.isNumber), names.count >= 2 else { return false }
        return (names[name] ?? 0) < screens
    }

    /// What one known screen shares with a new one, and how strongly that says they are the same.
    struct Evidence {
        var score = 0
        var screenshot = false
        /// Texts or keys shared, when they count.
        var sharedTexts = 0
        /// Accessibility identifiers shared, when they count.
        var sharedIdentifiers = 0
        var views = false
        /// The root view both screens have.
        var rootView: String?
        /// The name the team gave both.
        var named: String?
        var name = false
        /// Matched by name, as a screen recorded before screenshots were compared.
        var byName = false
    }

    /// How strongly `screen` is `candidate`; nil when the evidence is too weak to pair. `distinguishing`
    /// says whether a group name tells screens apart (`distinguishes(_:)`, worked out once per report).
    /// `likeness` compares two screenshots' signatures (`ScreenSignature.likeness(to:)`, or a memo of it).
    ///
    /// `soleHolder` says the candidate is the only known screen that ever showed the one text of an
    /// automated audit (`soleHolder(of:)`): its run covers its whole screen, so one warning left after
    /// fixes still names the screen, as long as no other screen showed that text.
    static func score(
        _ screen: Shown, _ candidate: Known, distinguishing: (String) -> Bool,
        likeness: (ScreenSignature, ScreenSignature) -> ScreenSignature.Likeness = { $0.likeness(to: $1) },
        soleHolder: Bool = false
    ) -> Evidence? {
        // A screen recorded before screens were told apart by what they show is known by its name, as
        // the version that recorded it compared it.
        if screen.byName || candidate.byName {
            guard WarningMatcher.groupKey(screen.group) == WarningMatcher.groupKey(candidate.group) else { return nil }
            return Evidence(score: 10, byName: true)
        }
        var evidence = Evidence()
        // A name the team gave decides: the same name is the same screen, another name another screen.
        if let named = screen.named, let known = candidate.named {
            guard Self.sameTeamName(named, known) else { return nil }
            return Evidence(score: 100, named: known)
        }
        var strong = false
        var reasons = 0
        // The root view next: the same root view weighs most across redesigns, appearances, text sizes
        // and devices (with the views the two share it outweighs a screenshot that differs), but a root a
        // one-screen report found may be a container of every screen, so it needs a second reason;
        // unrelated root views (neither among the other's views) are different screens, whatever the
        // pictures say.
        if let root = screen.root, !candidate.roots.isEmpty {
            if candidate.roots.contains(root) {
                evidence.score += 4
                evidence.rootView = root
                reasons += 1
            } else if !candidate.views.contains(root), candidate.roots.isDisjoint(with: screen.views) {
                return nil
            }
        }
        Self.weighTextsAndIdentifiers(
            screen, candidate, soleHolder: soleHolder, into: &evidence, strong: &strong, reasons: &reasons)
        if !screen.views.isDisjoint(with: candidate.views) {
            evidence.score += 2
            evidence.views = true
            reasons += 1
        }
        if distinguishing(screen.groupName), distinguishing(candidate.groupName) {
            if screen.groupName == candidate.groupName {
                evidence.score += 3
                evidence.name = true
                strong = true
                reasons += 1
            } else {
                evidence.score -= 3
            }
        }
        // The screenshot last, and only when it can still make a pair: it adds 3 at most.
        if evidence.score >= 0, let a = screen.hash, !candidate.hashes.isEmpty {
            switch Self.likeness(a, candidate.hashes, comparing: likeness) {
            case .same:
                evidence.score += 3
                evidence.screenshot = true
                strong = true
                reasons += 1
            case .different: evidence.score -= 3
            case .unclear: break
            }
        }
        guard evidence.score >= 3, strong || reasons >= 2 else { return nil }
        return evidence
    }

    /// What the texts both show (`sharedTexts`, `textStrength`) and an automated audit's accessibility
    /// identifiers add to `evidence` that `screen` is `candidate` (`score(_:_:distinguishing:likeness:soleHolder:)`).
    private static func weighTextsAndIdentifiers(
        _ screen: Shown, _ candidate: Known, soleHolder: Bool, into evidence: inout Evidence, strong: inout Bool,
        reasons: inout Int
    ) {
        let (shared, smaller) = Self.sharedTexts(screen, candidate.texts)
        var strength = Self.textStrength(shared: shared, smaller: smaller)
        if strength == 1, soleHolder, shared == screen.shownTexts.count { strength = 2 }
        switch strength {
        case 2:
            evidence.score += 3
            evidence.sharedTexts = shared
            strong = true
            reasons += 1
        case 1:
            evidence.score += 1
            evidence.sharedTexts = 1
            reasons += 1
        default: break
        }
        // An automated audit's accessibility identifiers: when most of a run's are the known screen's, the
        // run is that screen, however few warnings are left on it.
        if screen.identifiers.count > 0, candidate.identifiers.count > 0 {
            let shared = screen.identifierTable.sharedCount(candidate.identifiers)
            if shared * 2 > screen.identifiers.count {
                evidence.score += 3
                evidence.sharedIdentifiers = shared
                strong = true
                reasons += 1
            }
        }
    }

    /// How many screenshots and text sets (of its latest audits) a known screen keeps (`Known.hashes`,
    /// `Known.texts`).
    static let rememberedAudits = 4

    /// What `shared` texts of the smaller side's `smaller` say: 2, the same screen (at least two, and
    /// more than half of that side's: two of four may be the tab bar's labels, which every screen of an
    /// app shows); 1, a hint (the one text of a screen of one or two); 0, nothing.
    static func textStrength(shared: Int, smaller: Int) -> Int {
        if shared >= 2, shared * 2 > smaller { return 2 }
        return shared == 1 && smaller <= 2 ? 1 : 0
    }

    /// The texts (or keys, where they share more) `screen` shares with the audit among `remembered` it
    /// shares most with (`textStrength`), and that smaller side's count. The latest audit's texts are
    /// compared first; the earlier ones only when those do not already make a strong pair.
    static func sharedTexts(_ screen: Shown, _ remembered: [ShownTexts]) -> (shared: Int, smaller: Int) {
        var best = (shared: 0, smaller: 0)
        var bestStrength = -1
        let count = screen.shownTexts.count
        for audit in remembered {
            let shared = max(screen.textTable.sharedCount(audit.texts), screen.keyTable.sharedCount(audit.keys))
            let smaller = min(count, audit.count)
            let strength = textStrength(shared: shared, smaller: smaller)
            if (strength, shared) > (bestStrength, best.shared) {
                best = (shared, smaller)
                bestStrength = strength
            }
            if strength == 2 { break }
        }
        return best
    }

    /// `hashes` with `latest` first (once), at most `rememberedAudits`. Kept even when like the
    /// latest: likeness is not transitive (a banner over the rows is like the screen without it, a
    /// translation of the screen without it is like that one only).
    static func remembered(_ latest: Screenshot?, _ hashes: [Screenshot]) -> [Screenshot] {
        guard let latest else { return hashes }
        return [latest] + hashes.filter { $0 != latest }.prefix(rememberedAudits - 1)
    }

    /// `texts` first, then the earlier audits' of `remembered`, at most `rememberedAudits`. Without its
    /// screenshot an audit shows only the texts it flags: they join the latest audit's instead.
    static func remembered(_ texts: ShownTexts, _ remembered: [ShownTexts], screenshot: Bool) -> [ShownTexts] {
        guard !screenshot, let latest = remembered.first else {
            return [texts] + remembered.prefix(rememberedAudits - 1)
        }
        let joined = ShownTexts(texts: texts.texts.union(latest.texts), keys: texts.keys.union(latest.keys))
        return [joined] + remembered.dropFirst()
    }

    /// How `shot` compares with a known screen's screenshots of its shape (each by `comparing`): the
    /// same when it is like any of them, different when it is unlike all of them, unclear when none has
    /// its shape (an iPad's or a landscape screenshot lays the same screen out elsewhere).
    static func likeness(
        _ shot: Screenshot, _ hashes: [Screenshot],
        comparing: (ScreenSignature, ScreenSignature) -> ScreenSignature.Likeness
    ) -> ScreenSignature.Likeness {
        var allDifferent = true
        var compared = false
        for known in hashes where known.hasShape(of: shot) {
            compared = true
            switch comparing(shot.signature, known.signature) {
            case .same: return .same
            case .different: continue
            case .unclear: allDifferent = false
            }
        }
        return compared && allDifferent ? .different : .unclear
    }

    /// Why `screen` is `candidate`, for people: `matched by screenshot and 4 of 5 texts`.
    static func sentence(_ evidence: Evidence, _ screen: Shown, _ candidate: Known) -> String {
        if evidence.byName {
            return "matched by name “\(screen.group)” (recorded before screenshots were compared)"
        }
        if let named = evidence.named {
            // Who named this audit's screen so, when recorded: `named “Home” by the rule file`.
            return "named “\(named)”" + (screen.namedBy.map { " " + $0.phrase } ?? "")
        }
        var reasons: [String] = []
        if evidence.screenshot { reasons.append("screenshot") }
        if evidence.sharedTexts >= 2 {
            reasons.append("\(evidence.sharedTexts) of \(max(screen.texts.count, screen.keys.count)) texts")
        } else if evidence.sharedTexts == 1 {
            reasons.append("1 text")
        }
        if evidence.sharedIdentifiers > 0 {
            reasons.append("\(evidence.sharedIdentifiers) of \(screen.identifiers.count) identifiers")
        }
        if evidence.views, evidence.rootView == nil {
            reasons.append(
                "view " + screen.views.intersection(candidate.views).sorted().prefix(2).joined(separator: ", "))
        }
        if evidence.name { reasons.append("name “\(screen.groupName)”") }
        guard let root = evidence.rootView else { return "matched by " + reasons.joined(separator: " and ") }
        return "same root view \(root)" + (reasons.isEmpty ? "" : ", matched by " + reasons.joined(separator: " and "))
    }

    /// Identifies the screens of the report numbered `report` (its position in the judged history):
    /// one verdict per screen, each known screen matched at most once (the strongest pairs first).
    mutating func identify(
        _ shown: [Shown], report: Int, audit: AuditReference, fileName: String, covers: [String]? = nil
    ) -> [ScreenVerdict] {
        // The names this report gives count among the names seen (a name only tells screens apart where
        // reports use several).
        for screen in shown where screen.shows {
            groupNames[screen.groupName, default: 0] += 1
            screenCount += 1
        }
        var tells: [String: Bool] = [:]
        let names = groupNames
        let screens = screenCount
        let distinguishing = { (name: String) -> Bool in
            if let known = tells[name] { return known }
            let answer = Self.distinguishes(name, among: names, screens: screens)
            tells[name] = answer
            return answer
        }
        let tokens = shown.map(\.tokens)
        let matched = Self.strongestFirst(scoredPairs(shown, tokens: tokens, distinguishing: distinguishing))
        var verdicts: [ScreenVerdict] = []
        for screen in shown {
            let name = Self.name(of: screen, distinguishing: distinguishing(screen.groupName), fileName: fileName)
            if let (k, evidence) = matched[screen.index] {
                verdicts.append(
                    recognise(
                        screen, as: k, evidence: evidence, name: name, tokens: tokens[screen.index], report: report,
                        audit: audit))
            } else {
                verdicts.append(
                    remember(screen, name: name, tokens: tokens[screen.index], report: report, audit: audit))
            }
        }
        // A report that shows no screen covers the screens the user named (`HistoryEntry.covers`).
        if let covers, !shown.contains(where: \.shows) {
            verdicts += coverNamed(covers, besides: verdicts, report: report, audit: audit)
        }
        return verdicts
    }

    /// One scored pair of a screen the report shows and a known screen.
    typealias ScoredPair = (screen: Int, known: Int, score: Int, evidence: Evidence)

    /// Every pair of a screen the report shows and a known screen it may be (the recent screens and those
    /// sharing telling evidence, each once, in order of first audit), with its score and evidence.
    mutating func scoredPairs(_ shown: [Shown], tokens: [[Int]], distinguishing: (String) -> Bool)
        -> [ScoredPair]
    {
        var pairs: [ScoredPair] = []
        let recent = recency.suffix(Self.recentScreens)
        // A screenshot compared with an equal one (the same screen audited again) is worked out once.
        var likenessToItself = self.likenessToItself
        self.likenessToItself = [:]
        defer { self.likenessToItself = likenessToItself }
        let likeness = { (a: ScreenSignature, b: ScreenSignature) -> ScreenSignature.Likeness in
            guard a == b else { return a.likeness(to: b) }
            if let known = likenessToItself[a] { return known }
            let found = a.likeness(to: b)
            likenessToItself[a] = found
            return found
        }
        var isCandidate = [Bool](repeating: false, count: known.count)
        for screen in shown where screen.shows {
            var candidates: [Int] = []
            func consider(_ k: Int) {
                if !isCandidate[k] {
                    isCandidate[k] = true
                    candidates.append(k)
                }
            }
            for k in recent { consider(k) }
            for token in tokens[screen.index] {
                if let holders = byEvidence[token], holders.count <= Self.commonEvidence || screen.byName {
                    for k in holders { consider(k) }
                }
            }
            candidates.sort()
            let sole = soleHolder(of: screen)
            for k in candidates {
                isCandidate[k] = false
                if let evidence = Self.score(
                    screen, known[k], distinguishing: distinguishing, likeness: likeness, soleHolder: k == sole)
                {
                    pairs.append((screen.index, k, evidence.score, evidence))
                }
            }
        }
        return pairs
    }

    /// The known screen each shown screen is, the strongest pairs first, each known screen once.
    static func strongestFirst(_ pairs: [ScoredPair]) -> [Int: (known: Int, evidence: Evidence)] {
        let sorted = pairs.sorted { ($0.score, -$0.screen, -$0.known) > ($1.score, -$1.screen, -$1.known) }
        var matched: [Int: (known: Int, evidence: Evidence)] = [:]
        var taken = Set<Int>()
        for pair in sorted where matched[pair.screen] == nil && !taken.contains(pair.known) {
            matched[pair.screen] = (pair.known, pair.evidence)
            taken.insert(pair.known)
        }
        return matched
    }

    /// The verdict of `screen` recognised as known screen `k` by `evidence`, and what is known of that
    /// screen from now on (its latest audit, screenshots, texts, views, identifiers and roots).
    mutating func recognise(
        _ screen: Shown, as k: Int, evidence: Evidence, name: String, tokens: [Int], report: Int,
        audit: AuditReference
    ) -> ScreenVerdict {
        let before = known[k]
        file(tokens, for: k)
        recency.removeAll { $0 == k }
        recency.append(k)
        let named = before.named ?? screen.named
        known[k] = Known(
            id: before.id,
            name: named ?? (screen.views.isEmpty || distinct(name, besides: k) != name ? before.name : name),
            report: report, audit: audit,
            hashes: Self.remembered(screen.hash, before.hashes),
            texts: Self.remembered(screen.shownTexts, before.texts, screenshot: screen.hash != nil),
            views: screen.views.union(before.views),
            identifiers: screen.identifiers.count == 0
                ? before.identifiers : screen.identifiers.union(before.identifiers),
            roots: screen.root.map { before.roots.union([$0]) } ?? before.roots, named: named,
            group: screen.group, byName: screen.byName, groupName: screen.groupName)
        return ScreenVerdict(
            index: screen.index, screen: before.id, name: before.name, comparedWith: before.audit,
            evidence: Self.sentence(evidence, screen, before), shows: true,
            coversWholeScreen: screen.coversWholeScreen)
    }

    /// The verdict of `screen`, known to no earlier audit: a new screen, remembered when the report shows it.
    mutating func remember(_ screen: Shown, name: String, tokens: [Int], report: Int, audit: AuditReference)
        -> ScreenVerdict
    {
        let id = Self.identifier(known.count)
        // Another screen than a known one of the same derived name (its view, its group): numbered,
        // so no output says a screen was not audited before and lists it as not covered.
        let name = screen.named == nil && screen.shows ? distinct(name) : name
        var verdict = ScreenVerdict(
            index: screen.index, screen: id, name: name, comparedWith: nil, evidence: nil,
            shows: screen.shows, coversWholeScreen: screen.coversWholeScreen)
        verdict.suggestsNaming = screen.automated && screen.named == nil && screen.shows
        if screen.shows {
            filedTokens.append([])
            file(tokens, for: known.count)
            recency.append(known.count)
            known.append(
                Known(
                    id: id, name: name, report: report, audit: audit, hashes: screen.hash.map { [$0] } ?? [],
                    texts: [screen.shownTexts], views: screen.views, identifiers: screen.identifiers,
                    roots: screen.root.map { [$0] } ?? [],
                    named: screen.named, group: screen.group, byName: screen.byName,
                    groupName: screen.groupName))
        }
        return verdict
    }

    /// The verdicts of the known screens named in `covers` (by name, group or identity) that `besides`
    /// does not hold: each counts as audited whole, so its warnings the report does not flag are resolved.
    mutating func coverNamed(_ covers: [String], besides: [ScreenVerdict], report: Int, audit: AuditReference)
        -> [ScreenVerdict]
    {
        var verdicts: [ScreenVerdict] = []
        for name in covers {
            let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard
                let k = known.indices.first(where: {
                    known[$0].name.lowercased() == wanted || known[$0].group.lowercased() == wanted
                        || known[$0].id == wanted
                }), !(besides + verdicts).contains(where: { $0.screen == known[k].id })
            else { continue }
            let before = known[k]
            verdicts.append(
                ScreenVerdict(
                    index: -1, screen: before.id, name: before.name, comparedWith: before.audit,
                    evidence: "named as covered (“\(name)”)", shows: true, coversWholeScreen: true))
            known[k].report = report
            known[k].audit = audit
            recency.removeAll { $0 == k }
            recency.append(k)
        }
        return verdicts
    }

    /// `name`, or when a known screen (other than known screen `besides`) has it (case aside) `name 2`,
    /// `name 3`, … the first no known screen has.
    private func distinct(_ name: String, besides: Int = -1) -> String {
        func taken(_ candidate: String) -> Bool {
            known.indices.contains { $0 != besides && known[$0].name.caseInsensitiveCompare(candidate) == .orderedSame }
        }
        guard taken(name) else { return name }
        var number = 2
        while taken("\(name) \(number)") { number += 1 }
        return "\(name) \(number)"
    }

    /// The one known screen that ever showed the one text (or key) of `screen`, an automated audit
    /// without a screenshot; nil for any other screen, or when no screen or several showed it.
    private func soleHolder(of screen: Shown) -> Int? {
        guard screen.automated, screen.hash == nil, screen.shownTexts.count == 1 else { return nil }
        let tokens =
            screen.texts.members.map { Self.textToken($0) } + screen.keys.members.map { Self.keyToken($0) }
        var sole: Int?
        for token in tokens {
            guard let holders = byEvidence[token], holders.count == 1, let k = holders.first, sole ?? k == k else {
                return nil
            }
            sole = k
        }
        return sole
    }

    /// Files known screen `k` under each of `sorted` (tokens, ascending) in `byEvidence`. The tokens it
    /// was last filed under are there already: a screen audited again with the same texts files only
    /// what is new.
    private mutating func file(_ sorted: [Int], for k: Int) {
        let filed = filedTokens[k]
        var j = 0
        for token in sorted {
            while j < filed.count, filed[j] < token { j += 1 }
            if j < filed.count, filed[j] == token { continue }
            byEvidence[token, default: []].insert(k)
        }
        filedTokens[k] = sorted
    }

    /// Texts and keys are hashes already: mixed with their kind, not hashed again (a screen has dozens).
    /// A token two values happen to share only adds a candidate, which is then scored.
    private static func mixed(_ kind: UInt64, _ member: Int) -> Int {
        let bits = (UInt64(bitPattern: Int64(member)) ^ kind) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: UInt(bits ^ (bits >> 31)))
    }

    /// The evidence token of a text's hash.
    static func textToken(_ member: Int) -> Int { mixed(0x7465_7874, member) }

    /// The evidence token of a key's hash.
    static func keyToken(_ member: Int) -> Int { mixed(0x6B65_7973, member) }

    /// The tokens of what `screen` shows that another screen can share: texts, keys, views, its group
    /// name, its root view and the name the team gave it.
    static func evidence(of screen: Shown) -> [Int] {
        func token(_ kind: UInt8, _ value: String) -> Int {
            var hasher = StableHasher()
            hasher.combine(kind)
            hasher.combine(value)
            return hasher.finalize()
        }
        return screen.texts.members.map(textToken) + screen.keys.members.map(keyToken)
            + screen.views.map { token(2, $0) }
            + [token(3, WarningMatcher.groupKey(screen.group))]
            + (screen.root.map { [token(4, $0)] } ?? [])
            + (screen.named.map { [token(5, $0.lowercased())] } ?? [])
    }

    // A screen known by name (recorded before screenshots were compared) is found by its name however
    // many screens share it: that is how its version compared screens.

    /// The name the team gave it, else its root view (`Shown.root`), else the view most of its warnings
    /// map to, else a group name that tells screens apart, else `screen N of REPORT`.
    static func name(of screen: Shown, distinguishing: Bool, fileName: String) -> String {
        if let named = screen.named { return named }
        if let root = screen.root { return root }
        if let (view, _) = screen.viewCounts.mostCommon() { return view }
        if distinguishing { return screen.group }
        return "screen \(screen.index + 1) of \(fileName)"
    }

    /// A screen identity made of letters only (`sa`, `sb`, … `sba`): the matcher folds digits in names.
    static func identifier(_ number: Int) -> String {
        var letters = ""
        var value = number
        repeat {
            letters = String(UnicodeScalar(UInt8(97 + value % 26))) + letters
            value /= 26
        } while value > 0
        return "screen " + letters
    }
}

/// A screenshot's signature (`ScreenSignature`) with the shape of the screen it shows: signatures are
/// compared only between screenshots of one shape, since an iPad's, a landscape or another phone's
/// screenshot of the same screen puts its content elsewhere in the signature's 16 × 17 grid.
struct Screenshot: Sendable, Hashable, Codable {
    /// The signature of the screenshot below the status bar.
    var signature: ScreenSignature
    /// The screen's width over its height, when the report gave its size.
    var aspect: Double?

    /// The shape of a screen of `width` × `height` points; nil when either is unknown.
    static func aspect(width: Double?, height: Double?) -> Double? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return width / height
    }

    /// Whether `other` shows a screen of this one's shape (within 8 %, so phones of one generation
    /// compare): an unknown shape is taken for any.
    func hasShape(of other: Screenshot) -> Bool {
        guard let aspect, let theirs = other.aspect else { return true }
        return abs(aspect - theirs) <= 0.08 * max(aspect, theirs)
    }
}

/// A set of hashes kept sorted, each once: what a screen shows (texts, keys) as a known screen
/// remembers it; compared through a `HashProbe` of the other side.
struct SortedHashes: Sendable, Hashable, Codable, ExpressibleByArrayLiteral {
    /// The hashes, ascending, each once.
    private(set) var members: [Int]

    /// The set of `hashes` (any order, repeats allowed).
    init(_ hashes: [Int]) {
        var sorted = hashes.sorted()
        var unique = 0
        for index in sorted.indices where index == 0 || sorted[index] != sorted[unique - 1] {
            sorted[unique] = sorted[index]
            unique += 1
        }
        sorted.removeLast(sorted.count - unique)
        members = sorted
    }

    /// The empty set, or the set of the literal's hashes.
    init(arrayLiteral elements: Int...) { self.init(elements) }

    /// How many hashes the set holds.
    var count: Int { members.count }

    /// The hashes of either set.
    func union(_ other: SortedHashes) -> SortedHashes { SortedHashes(members + other.members) }
}

/// A set of hashes as a small open-addressing table behind a 1,024-bit filter: what a screen shows is
/// compared with the texts of every candidate screen's audits, mostly other screens' that share none.
/// A member the filter does not have is ruled out by one bit test that is nearly always "no"; merging
/// two sorted lists instead branches on random hashes, mispredicted half the time.
struct HashProbe: Sendable {
    /// One bit per value of a spread hash's top 10 bits, set for each member's.
    private let filter: [UInt64]
    /// The members, each at its home slot or after it (linear probing); `empty` in free slots.
    private let slots: [Int]
    /// Whether `empty` itself is a member (it then has no slot).
    private let holdsEmpty: Bool
    private static let empty = Int.min
    /// The table of no hashes (shared, so a default costs nothing).
    static let none = HashProbe([])

    /// The table of `set`, at most half full.
    init(_ set: SortedHashes) {
        var size = 8
        while size < set.count * 2 { size *= 2 }
        var slots = [Int](repeating: Self.empty, count: size)
        var filter = [UInt64](repeating: 0, count: 16)
        var holdsEmpty = false
        for member in set.members {
            let spread = Self.spread(member)
            filter[Int(spread >> 60)] |= 1 << (spread >> 54 & 63)
            guard member != Self.empty else {
                holdsEmpty = true
                continue
            }
            var slot = Int(truncatingIfNeeded: spread) & (size - 1)
            while slots[slot] != Self.empty { slot = (slot + 1) & (size - 1) }
            slots[slot] = member
        }
        self.filter = filter
        self.slots = slots
        self.holdsEmpty = holdsEmpty
    }

    /// The member's bits mixed (its top bits pick the filter bit, its low bits the home slot).
    @inline(__always)
    private static func spread(_ member: Int) -> UInt64 {
        let mixed = UInt64(bitPattern: Int64(member)) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }

    /// How many members of `other` the table holds.
    func sharedCount(_ other: SortedHashes) -> Int {
        filter.withUnsafeBufferPointer { filter in
            slots.withUnsafeBufferPointer { slots in
                var shared = 0
                let mask = slots.count - 1
                for member in other.members {
                    let spread = Self.spread(member)
                    guard filter[Int(spread >> 60)] & (1 << (spread >> 54 & 63)) != 0 else { continue }
                    if member == Self.empty {
                        if holdsEmpty { shared += 1 }
                        continue
                    }
                    var slot = Int(truncatingIfNeeded: spread) & mask
                    while true {
                        let held = slots[slot]
                        if held == member {
                            shared += 1
                            break
                        }
                        if held == Self.empty { break }
                        slot = (slot + 1) & mask
                    }
                }
                return shared
            }
        }
    }
}

/// The screens known, written in one order whatever the order of their sets (the judgement's stored
/// state, `JudgementState`, is the same bytes for the same history); read back by the synthesized decoder.
extension ScreenIdentification {
    func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(known, forKey: .known)
        try values.encode(byEvidence.mapValues { $0.sorted() }, forKey: .byEvidence)
        try values.encode(filedTokens, forKey: .filedTokens)
        var likeness = values.nestedUnkeyedContainer(forKey: .likenessToItself)
        for (signature, alike) in likenessToItself.sorted(by: { $0.key.words.lexicographicallyPrecedes($1.key.words) })
        {
            try likeness.encode(signature)
            try likeness.encode(alike)
        }
        try values.encode(recency, forKey: .recency)
        try values.encode(groupNames, forKey: .groupNames)
        try values.encode(screenCount, forKey: .screenCount)
    }
}

extension ScreenIdentification.Known {
    func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(id, forKey: .id)
        try values.encode(name, forKey: .name)
        try values.encode(report, forKey: .report)
        try values.encode(audit, forKey: .audit)
        try values.encode(hashes, forKey: .hashes)
        try values.encode(texts, forKey: .texts)
        try values.encode(views.sorted(), forKey: .views)
        try values.encode(identifiers, forKey: .identifiers)
        try values.encode(roots.sorted(), forKey: .roots)
        try values.encodeIfPresent(named, forKey: .named)
        try values.encode(group, forKey: .group)
        try values.encode(byName, forKey: .byName)
        try values.encode(groupName, forKey: .groupName)
    }
}
