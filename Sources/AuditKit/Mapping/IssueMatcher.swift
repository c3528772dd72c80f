import Foundation

/// Maps a report's issues to source locations: rules first (their conclusions always win), then the
/// element's position on its screenshot (the status bar is system UI), then automatic candidates found by
/// the element's text in the source index, chosen with what the issue's screen tells.
///
/// Candidates are found by how the text matched (the match rank): an exact literal, or a catalog key of the
/// report's language whose value is the text, that reaches the screen (0.9); case/whitespace-insensitive
/// literal (0.75); interpolated or format-string pattern (0.7); the same 0.3 lower when no text-bearing call
/// receives the literal; literals in previews 0.3 lower; a catalog entry whose key no code uses (0.4).
/// A literal reaches the screen when it is an argument of a text-bearing call (`Text("…")`), or is handed
/// to one through a custom initialiser's argument, a constant, a computed property or its `return`, or is
/// a catalog key. A name a view shows a text through (`Text(L10n.roomTitle)`, `Text(.welcomeTitle)`) counts
/// as the literals of the declaration or catalog key it names, written where the view uses it
/// (`SourceIndex.resolvingSymbolReferences`); that declaration and generated files are never candidates.
/// Short patterns (`"\(a) of \(b)"`) count only inside the screen's subtree. Texts the
/// Inspector joins with ", " go to the place where most of their parts sit close together in one view. A text
/// nothing else matches (built by concatenation, `Text(name) + Text("Overdue")`) goes to the code using the
/// keys of catalog values of the report's language found inside it at word boundaries, the longest first,
/// ranked × 0.8 × the value's share of the text's letters (always below 0.8).
///
/// Per screen, the root is the type whose subtree (through the view composition graph's child edges, never
/// presentations) holds a candidate, of any rank, for the most issues of that screen; ties go to the smaller
/// subtree; when a report is mapped into an audited target (`--target`, the project file's `target`, else
/// the app target whose files explain the most warnings), a candidate in a file that target does not compile
/// votes only for an issue with no candidate in it. Per issue, candidates are then ordered: the audited
/// target's files first (and files no target claims), in the tab bar band a tab's title first (elsewhere
/// last), a literal that reaches a text-bearing call before a storage key or identifier, inside the root's
/// subtree before outside, higher rank, more of the text explained by the candidate's fixed text (of two
/// matching patterns the tighter), label shown before hidden or off screen until opened, in the view
/// that alone shows more of the screen's texts, in the view holding more of the screen's matches, shallower
/// in the subtree, a text-bearing call before a custom initialiser argument; candidates still equal inside
/// the subtree come in the order the root's body composes them (`Composition`: a row used first but declared
/// lower in the file comes first), others in source order. Only the candidates found for an issue take part
/// in its choice, so nothing decided for one issue feeds another's. Elements of one screen showing one text
/// with different rects take equally good places top to bottom in that composition order.
///
/// Confidence: the rank when no other candidate has the same rank; the rank × 0.9 when the screen's subtree
/// decided among look-alikes (divided by the number of candidates still tied, which are then all listed and
/// the issue marked ambiguous); among look-alikes outside the subtree, the rank × 0.8 (never 0.8 or more), or
/// the rank divided by the number of ties. A mapping stays below `firmConfidence` (0.8), its explanation
/// saying "decided by a tie-break", when: a tie-break (matches held, depth, a direct call) rather than the
/// subtree told look-alikes apart; the subtree did, but the screen's root is an ancestor of every other
/// screen's root; the element lies in the tab bar band and the place is not a tab's title; or another
/// element of the same screen, with a different rect, got the same place. It also stays below 0.8, saying
/// "not firm", when the audited target does not compile the place's file, or when the place, found with no
/// look-alike, lies outside the subtree of a root view that explains most of the screen's other issues (a
/// tab's title in the tab bar aside).
///
/// A rule's mapping has confidence 1 when the rule names a file. When it does not (and its status is not
/// `system`), a rule naming a view takes the best candidate inside that view's subtree (the view itself
/// first); when none shows the text, the view's file with no line and confidence 0.3. A rule naming no view
/// takes the issue's automatic mapping, else the declaration of the rule's symbol.
public struct IssueMatcher: Sendable {
    /// The rules, if a rule file was given.
    public var rules: RuleFile?
    /// The source index, if `--source` folders were given.
    public var index: SourceIndex?
    /// The most candidates listed per issue besides tied ones (the choice is made among all of them).
    public var maximumCandidates: Int
    /// The audited target when `--target` or the project file names it; nil: `map` chooses one from the
    /// report when the sources hold two or more non-test targets.
    public var target: AuditedTarget?

    /// The confidence from which `check`, SARIF and the session treat a mapping as firm; a mapping decided
    /// by a tie-break, or colliding with another element's, stays below it.
    public static let firmConfidence = 0.8

    /// Creates a matcher.
    public init(
        rules: RuleFile? = nil, index: SourceIndex? = nil, maximumCandidates: Int = 5, target: AuditedTarget? = nil
    ) {
        self.rules = rules
        self.index = index
        self.maximumCandidates = maximumCandidates
        self.target = target
    }

    private struct Draft {
        var issue: Issue
        var rule: MappingRule?
        var candidates: [RankedCandidate]
        var found: String
        var inStatusBar: Bool
        var inTabBar: Bool?
        /// The device and orientation of the issue's screen, which place the status bar.
        var layout: DeviceLayout
    }

    /// Maps every issue of `report`.
    public func map(_ report: InspectorReport) -> MappingResult {
        let language = index.flatMap { ReportLanguage.detect(report: report, index: $0) }
        var drafts: [Draft] = []
        var slowRules = Set<String>()
        var timeouts: [RuleTimeout] = []
        for screen in report.screens {
            let bands = SystemBands(screenSize: ScreenGeometry.size(of: screen))
            for issue in screen.issues {
                let (rule, timedOut) =
                    rules?.firstMatch(for: issue, screen: screen, slowRules: &slowRules) ?? (nil, [])
                timeouts += timedOut.map {
                    RuleTimeout(ruleID: $0.id, definedAt: $0.definedAt, issueNumber: issue.number)
                }
                let rect = issue.elementRect
                drafts.append(
                    Draft(
                        issue: issue, rule: rule, candidates: [], found: "",
                        inStatusBar: rect.map(bands.statusBarHolds) ?? false, inTabBar: rect.flatMap(bands.tabBarHolds),
                        layout: bands.layout))
            }
        }
        // The text lookups are independent: one issue per core at a time, results in report order.
        let issues = drafts.map(\.issue)
        let found = Self.inParallel(issues.count) { n in self.rankedCandidates(for: issues[n], language: language) }
        for n in drafts.indices { (drafts[n].candidates, drafts[n].found) = found[n] }
        let audited = target ?? chooseTarget(drafts.map(\.candidates), device: report.device)
        if let audited, let index {
            for n in drafts.indices {
                for c in drafts[n].candidates.indices where drafts[n].candidates[c].literal >= 0 {
                    let file = index.literals[drafts[n].candidates[c].literal].file
                    if let names = index.targetsOfFile[file], !names.contains(audited.name) {
                        drafts[n].candidates[c].inTarget = false
                    }
                }
            }
        }
        // Per screen, every candidate of every issue votes for roots (nothing decided yet). Status bar issues
        // and tab titles in the tab bar (which belongs to the tab container, an ancestor of every tab) do not.
        var walks = GraphWalks(
            graph: index?.graph ?? ViewGraph(childEdges: [], presentationEdges: []), ownerNames: index?.ownerNames ?? []
        )
        var nodesByScreen: [Int: [[Int32]]] = [:]
        var voteNumber: [Int] = []
        for draft in drafts {
            var nodes: [Int32] = []
            let tabTitle = draft.inTabBar == true && draft.candidates.contains(where: \.isTab)
            if !(draft.rule == nil && draft.inStatusBar), !tabTitle {
                var seen = Set<Int32>()
                // Places in other targets vote only for an issue that has none in the audited target.
                let insideOnly = draft.candidates.contains(where: \.inTarget)
                for candidate in draft.candidates
                where !candidate.isShortPattern && candidate.node >= 0 && (candidate.inTarget || !insideOnly) {
                    if seen.insert(candidate.node).inserted { nodes.append(candidate.node) }
                }
            }
            voteNumber.append(nodesByScreen[draft.issue.screenIndex]?.count ?? 0)
            nodesByScreen[draft.issue.screenIndex, default: []].append(nodes)
        }
        var votes: [Int: ScreenVotes] = [:]
        for (screen, nodes) in nodesByScreen.sorted(by: { $0.key < $1.key }) {
            votes[screen] = walks.votes(nodesPerIssue: nodes)
        }

        // Contexts first (the walks are memoised, so one at a time), then each issue's choice on both cores.
        var contexts: [ScreenContext] = []
        contexts.reserveCapacity(drafts.count)
        for (n, draft) in drafts.enumerated() {
            contexts.append(
                votes[draft.issue.screenIndex].map { walks.context(for: voteNumber[n], votes: $0) } ?? ScreenContext())
        }
        Self.markUniversalRoots(&contexts, screenOf: drafts.map(\.issue.screenIndex), walks: walks)
        let screenRoots = Self.screenRoots(
            contexts, screenOf: drafts.map(\.issue.screenIndex), viewTypes: index?.viewTypes ?? [])
        let settled = drafts
        let screens = contexts
        let automatic = Self.inParallel(settled.count) { n in
            settled[n].rule == nil && settled[n].inStatusBar
                ? nil : self.decide(settled[n], context: screens[n], audited: audited)
        }
        let peers = automatic.map { $0?.peers ?? 0 }
        var entries: [MappedIssue] = []
        for (n, draft) in drafts.enumerated() {
            if let rule = draft.rule, let decided = automatic[n]?.issue {
                entries.append(merge(rule: rule, draft: draft, automatic: decided, walks: &walks, audited: audited))
            } else if let decided = automatic[n]?.issue {
                entries.append(decided)
            } else {
                entries.append(
                    MappedIssue(
                        issueNumber: draft.issue.number,
                        primary: IssueMapping(
                            issueNumber: draft.issue.number, origin: .screenPosition, note: "status bar",
                            status: .system, confidence: 0.9),
                        explanation:
                            "status bar: the element lies in the top \(Int(draft.layout.statusBar)) pt of its screenshot "
                            + "(\(draft.layout.description))"))
            }
        }
        Self.spreadRepeatedTexts(&entries, drafts: drafts, peers: peers, contexts: screens, index: index)
        Self.capCollisions(&entries, drafts: drafts)
        for timeout in timeouts {
            guard let n = entries.firstIndex(where: { $0.issueNumber == timeout.issueNumber }) else { continue }
            entries[n].explanation += "; " + timeout.message
        }
        var result = MappingResult(reportPath: report.sourcePath, issues: entries)
        result.ruleTimeouts = timeouts
        result.auditedTarget = audited
        result.screenRoots = screenRoots
        return result
    }

    /// Each screen's root view: the root most of its issues' contexts got, leaving out roots that are an
    /// ancestor of every screen's (`markUniversalRoots`) and types that are not views (a model type whose
    /// sample data holds the texts); ties go to the name first in order. A screen none of whose issues
    /// found such a root has none.
    private static func screenRoots(_ contexts: [ScreenContext], screenOf: [Int], viewTypes: Set<String>)
        -> [Int: String]
    {
        var tally: [Int: [String: Int]] = [:]
        for (n, context) in contexts.enumerated() {
            guard let root = context.root, !context.rootIsUniversal, viewTypes.contains(root) else { continue }
            tally[screenOf[n], default: [:]][root, default: 0] += 1
        }
        return tally.mapValues { counts in
            counts.mostCommon()!.name
        }
    }

    /// Elements of one screen that show the same text with different rects are different elements: when they
    /// all got one place and as many places or more are equally good, they take them in order, top to bottom
    /// and left to right on the screen against the order the screen's root composes the places (source order
    /// when one lies outside its subtree); a tie-break, so below firm.
    private static func spreadRepeatedTexts(
        _ entries: inout [MappedIssue], drafts: [Draft], peers: [Int], contexts: [ScreenContext], index: SourceIndex?
    ) {
        struct Group: Hashable {
            var screen: Int
            var text: String
            var location: SourceLocation
        }
        var groups: [Group: [Int]] = [:]
        var order: [Group] = []
        for (n, entry) in entries.enumerated() {
            guard let primary = entry.primary, primary.origin == .sourceText, let location = primary.location,
                drafts[n].issue.elementRect != nil, peers[n] >= 2,
                let text = drafts[n].issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines)
            else { continue }
            let group = Group(screen: drafts[n].issue.screenIndex, text: text, location: location)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(n)
        }
        for group in order {
            let members = groups[group]!
            let rects = Array(Set(members.compactMap { drafts[$0].issue.elementRect })).sorted {
                ($0.y.rounded(), $0.x) < ($1.y.rounded(), $1.x)
            }
            let first = members[0]
            var places: [SourceLocation] = []
            for candidate in entries[first].candidates.prefix(peers[first]) {
                if let location = candidate.location, !places.contains(location) { places.append(location) }
            }
            guard rects.count >= 2, places.count >= rects.count else { continue }
            // The candidates standing for the places, to order them as the root composes them.
            var standing: [SourceLocation: RankedCandidate] = [:]
            if let index, contexts[first].composition != nil {
                for candidate in drafts[first].candidates where candidate.literal >= 0 {
                    let location = index.literals[candidate.literal].location
                    if places.contains(location) { standing[location] = candidate }
                }
            }
            let composed =
                standing.count == places.count
                && places.allSatisfy { contexts[first].depth(of: standing[$0]!.node) != nil }
            places.sort { a, b in
                if composed, let index,
                    let first = composedFirst(standing[a]!, standing[b]!, context: contexts[first], index: index)
                {
                    return first
                }
                return (a.file, a.line ?? 0, a.column ?? 0) < (b.file, b.line ?? 0, b.column ?? 0)
            }
            let order =
                composed ? "in the order \(contexts[first].root ?? "the root")'s body composes them" : "in source order"
            for n in members {
                guard let rect = drafts[n].issue.elementRect, let slot = rects.firstIndex(of: rect),
                    let at = entries[n].candidates.firstIndex(where: { $0.location == places[slot] })
                else { continue }
                var chosen = entries[n].candidates.remove(at: at)
                let confidence = min(entries[n].primary?.confidence ?? chosen.confidence, firmConfidence - 0.01)
                chosen.confidence = confidence
                entries[n].candidates.insert(chosen, at: 0)
                entries[n].primary = chosen
                entries[n].isAmbiguous = false
                entries[n].explanation +=
                    "; decided by a tie-break (\(rects.count) elements show this text on the screen: number \(slot + 1)"
                    + " from the top takes the \(ordinal(slot + 1)) of \(places.count) equally good places \(order))"
            }
        }
    }

    private static func ordinal(_ n: Int) -> String {
        switch n {
        case 1: "first"
        case 2: "second"
        case 3: "third"
        default: "\(n)th"
        }
    }

    /// Two elements with different rects on one screen are two places (only a repeated row shares one, which
    /// the index cannot tell): an automatic mapping that another element of the same screen also got is not
    /// firm.
    private static func capCollisions(_ entries: inout [MappedIssue], drafts: [Draft]) {
        struct Place: Hashable {
            var screen: Int
            var location: SourceLocation
        }
        var rectsByPlace: [Place: Set<Rect>] = [:]
        var placeOf: [Place?] = []
        for (n, entry) in entries.enumerated() {
            guard let primary = entry.primary, primary.origin == .sourceText, let location = primary.location,
                location.line != nil, let rect = drafts[n].issue.elementRect
            else {
                placeOf.append(nil)
                continue
            }
            let place = Place(screen: drafts[n].issue.screenIndex, location: location)
            rectsByPlace[place, default: []].insert(rect)
            placeOf.append(place)
        }
        for (n, place) in placeOf.enumerated() {
            guard let place, let rects = rectsByPlace[place], rects.count > 1,
                let primary = entries[n].primary, primary.confidence >= firmConfidence
            else { continue }
            let capped = firmConfidence - 0.01
            entries[n].primary?.confidence = capped
            if !entries[n].candidates.isEmpty, entries[n].candidates[0].location == primary.location {
                entries[n].candidates[0].confidence = min(entries[n].candidates[0].confidence, capped)
            }
            entries[n].explanation +=
                "; decided by a tie-break (\(rects.count - 1) other element\(rects.count == 2 ? "" : "s") of this"
                + " screen got the same place)"
        }
    }

    /// Marks the contexts whose root is an ancestor of every other screen's root (a tab container, or an app's
    /// root view): being inside such a subtree tells nothing. Each screen's root is the one most of its issues
    /// got; it takes two screens, and one of the others with a root of its own below it.
    private static func markUniversalRoots(_ contexts: inout [ScreenContext], screenOf: [Int], walks: GraphWalks) {
        var tally: [Int: [String: Int]] = [:]
        for (n, context) in contexts.enumerated() {
            if let root = context.root { tally[screenOf[n], default: [:]][root, default: 0] += 1 }
        }
        let roots = tally.mapValues { counts in
            counts.mostCommon()!.name
        }
        guard roots.count >= 2 else { return }
        for n in contexts.indices {
            guard let root = contexts[n].root else { continue }
            var below = false
            var all = true
            for (screen, other) in roots where screen != screenOf[n] {
                guard let node = walks.number(of: other), contexts[n].depth(of: node) != nil else {
                    all = false
                    break
                }
                if other != root { below = true }
            }
            contexts[n].rootIsUniversal = all && below
        }
    }

    /// `work(0..<count)` spread over every core, results in order; the result does not depend on timing.
    private static func inParallel<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T) -> [T] {
        let buffer = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        buffer.initialize(repeating: nil)
        defer {
            buffer.deinitialize()
            buffer.deallocate()
        }
        nonisolated(unsafe) let shared = buffer
        DispatchQueue.concurrentPerform(iterations: count) { n in shared[n] = work(n) }
        return buffer.map { $0! }
    }

    /// Every automatic candidate for an issue's element text, and a phrase saying what was found.
    private func rankedCandidates(for issue: Issue, language: String?) -> ([RankedCandidate], String) {
        guard let index else { return ([], "no source folders were indexed") }
        if let identifier = issue.identifier, !identifier.isEmpty {
            let found = identifierCandidates(identifier, in: index)
            if !found.isEmpty { return (found, "found accessibility identifier \"\(identifier)\"") }
        }
        guard let text = issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            return ([], "the issue has no element text to look for")
        }
        var found = rankedCandidates(forText: text, in: index, language: language)
        var phrase = "found \"\(text)\""
        if !found.contains(where: { !$0.isShortPattern }) {
            // Parts joined by the Inspector, then catalog values concatenated in code; one candidate per place.
            var parts = text.contains(", ") ? joinedCandidates(forText: text, in: index, language: language) : []
            let concatenated = concatenatedCandidates(forText: text, in: index, language: language)
            var position = Dictionary(parts.enumerated().map { ($1.literal, $0) }, uniquingKeysWith: { a, _ in a })
            for candidate in concatenated.candidates {
                if let n = position[candidate.literal] {
                    if parts[n].rank < candidate.rank { parts[n] = candidate }
                } else {
                    position[candidate.literal] = parts.count
                    parts.append(candidate)
                }
            }
            if !concatenated.phrase.isEmpty { phrase += "; " + concatenated.phrase }
            // A pattern with no fixed letters (`"\(a), \(b)"`, `"\(a) · \(b)"`) says less than the parts found.
            if !parts.isEmpty { found.removeAll { $0.literal >= 0 && !index.literals[$0.literal].hasFixedLetters } }
            found += parts
        }
        if found.isEmpty { return ([], "no string literal or localized string shows \"\(text)\"") }
        return (found, phrase)
    }

    /// How a candidate ranks on its issue's screen; larger is better, compared field by field.
    private struct Key: Comparable {
        /// Whether the audited target compiles its file (or no target claims the file).
        var inTarget: Bool
        /// 2 a tab title in the tab bar, 1 neutral, 0 a tab title elsewhere.
        var tabFit: Int
        /// Whether a text-bearing call shows the literal (a storage key or identifier comes after every text).
        var reachesScreen: Bool
        var inSubtree: Bool
        var rank: Double
        /// Characters of the element text the candidate's own text accounts for (a tighter pattern explains
        /// more than a looser one).
        var explained: Int
        var shown: Bool
        /// Matches of the screen found only in this view (a view repeating other views' texts gains none).
        var distinctive: Int
        var viewMatches: Int
        /// Minus the depth in the subtree (0 outside).
        var shallowness: Int
        var direct: Bool

        var fields: [Double] {
            [
                inTarget ? 1 : 0, Double(tabFit), reachesScreen ? 1 : 0, inSubtree ? 1 : 0, rank, Double(explained),
                shown ? 1 : 0,
                Double(distinctive),
                Double(viewMatches),
                Double(shallowness),
                direct ? 1 : 0,
            ]
        }

        static func < (a: Key, b: Key) -> Bool {
            if a.inTarget != b.inTarget { return !a.inTarget }
            if a.tabFit != b.tabFit { return a.tabFit < b.tabFit }
            if a.reachesScreen != b.reachesScreen { return !a.reachesScreen }
            if a.inSubtree != b.inSubtree { return !a.inSubtree }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.explained != b.explained { return a.explained < b.explained }
            if a.shown != b.shown { return !a.shown }
            if a.distinctive != b.distinctive { return a.distinctive < b.distinctive }
            if a.viewMatches != b.viewMatches { return a.viewMatches < b.viewMatches }
            if a.shallowness != b.shallowness { return a.shallowness < b.shallowness }
            return !a.direct && b.direct
        }
    }

    private static let keyReasons = [
        "the only one in the audited target", "a tab's title", "a text-bearing call shows it",
        "the only one inside the root's subtree", "the best match",
        "its fixed text explains more of the text", "its label is shown",
        "its view holds more of the screen's texts found nowhere else",
        "its view holds more of the screen's matches", "the shallowest in the subtree",
        "a text-bearing call rather than a custom initialiser argument",
    ]

    /// The automatic mapping of one issue on its screen.
    /// An issue's automatic mapping and how many of its listed candidates are as good as the first but for
    /// tie-breaks (same tab fit, subtree membership and rank).
    private struct Decision {
        var issue: MappedIssue
        var peers: Int
    }

    private func decide(_ draft: Draft, context: ScreenContext, audited: AuditedTarget?) -> Decision {
        let number = draft.issue.number
        guard let index else {
            return Decision(issue: MappedIssue(issueNumber: number, primary: nil, explanation: draft.found), peers: 0)
        }
        // Candidates by their position in `draft.candidates`: an issue can have thousands, and copying
        // each into the list to order them was most of the time spent here.
        let all = draft.candidates
        var keyed: [(candidate: Int, key: Key)] = []
        keyed.reserveCapacity(all.count)
        for (position, candidate) in all.enumerated() {
            let depth = context.depth(of: candidate.node)
            let matches = context.matches(in: candidate.node)
            if candidate.isShortPattern, depth == nil { continue }
            let tabFit: Int
            switch draft.inTabBar {
            case true?: tabFit = candidate.isTab ? 2 : 1
            case false?: tabFit = candidate.isTab ? 0 : 1
            case nil: tabFit = 1
            }
            let key = Key(
                inTarget: candidate.inTarget, tabFit: tabFit, reachesScreen: candidate.reachesScreen,
                inSubtree: depth != nil, rank: candidate.rank, explained: candidate.explained,
                shown: !candidate.isHiddenLabel,
                distinctive: context.distinctiveMatches(in: candidate.node), viewMatches: matches,
                shallowness: -(depth ?? 0), direct: candidate.isDirectCall)
            keyed.append((position, key))
        }
        guard !keyed.isEmpty else {
            let text = draft.issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let line =
                draft.candidates.isEmpty
                ? draft.found : "no string literal or localized string shows \"\(text)\" where the screen is"
            return Decision(issue: MappedIssue(issueNumber: number, primary: nil, explanation: line), peers: 0)
        }
        // Equal keys inside the subtree: the order the root's body composes them, else source order.
        func before(_ a: (candidate: Int, key: Key), _ b: (candidate: Int, key: Key)) -> Bool {
            if a.key != b.key { return b.key < a.key }
            if a.key.inSubtree,
                let first = Self.composedFirst(all[a.candidate], all[b.candidate], context: context, index: index)
            {
                return first
            }
            return RankedCandidate.locationOrder(all[a.candidate], all[b.candidate])
        }
        var best = keyed[0]
        for item in keyed.dropFirst() where before(item, best) { best = item }
        let rank = best.key.rank
        let lookAlikes = keyed.reduce(0) { $0 + ($1.key.rank == rank ? 1 : 0) }
        let tied = keyed.reduce(0) { $0 + ($1.key == best.key ? 1 : 0) }
        // Only what is listed is sorted: the best `listed`, however many candidates there are.
        let listed = max(maximumCandidates, tied)
        var top: [(candidate: Int, key: Key)] = []
        for item in keyed {
            if top.count == listed, let last = top.last, !before(item, last) { continue }
            let position = top.firstIndex { before(item, $0) } ?? top.count
            top.insert(item, at: position)
            if top.count > listed { top.removeLast() }
        }
        let inSubtree = best.key.inSubtree
        let byTabBar = best.key.tabFit == 2 && keyed.contains { $0.key.tabFit < 2 }
        var explanation = draft.found + " in \(keyed.count) place\(keyed.count == 1 ? "" : "s")"
        var confidence = rank
        var ambiguous = false
        var capReasons: [String] = []
        if lookAlikes > 1 {
            let contextWin = inSubtree || byTabBar
            if tied > 1 {
                ambiguous = true
                confidence = (contextWin ? rank * 0.9 : rank) / Double(tied)
                explanation += "; ambiguous: \(tied) places show this text"
                if inSubtree { explanation += " " + context.rootPhrase }
            } else {
                confidence = contextWin ? rank * 0.9 : min(rank * 0.8, 0.79)
                var runnerUp: (candidate: Int, key: Key)?
                for item in keyed where item.key.rank == rank && item.key != best.key {
                    if let current = runnerUp, !before(item, current) { continue }
                    runnerUp = item
                }
                let differs =
                    runnerUp.flatMap { other in
                        zip(best.key.fields, other.key.fields).enumerated().first { $0.element.0 != $0.element.1 }?
                            .offset
                    } ?? 10
                let node = all[best.candidate].node >= 0 ? index.ownerNames[Int(all[best.candidate].node)] : nil
                var reason = Self.keyReasons[differs]
                if differs == 5, let other = runnerUp?.key.explained {
                    reason =
                        "its fixed text explains \(best.key.explained) of the text's"
                        + " \(draft.issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines).count ?? 0)"
                        + " characters, a looser pattern \(other)"
                } else if differs == 7, let node {
                    reason = "in \(node), which alone shows \(best.key.distinctive) of the screen's texts"
                } else if differs == 8, let node {
                    reason = "in \(node), which holds \(best.key.viewMatches) of the screen's matches"
                } else if differs == 9, let node {
                    reason = "the shallowest (\(node) at depth \(-best.key.shallowness))"
                }
                let place =
                    byTabBar ? "in the tab bar" : inSubtree ? context.rootPhrase : "outside the screen's root subtree"
                explanation += "; \(lookAlikes) places show this text, chose \(node ?? "this one") \(place): \(reason)"
                // Matches held, depth and a direct call are hints, not evidence: what they decide is not firm.
                if contextWin, differs >= 7 { capReasons.append("a tie-break (\(Self.keyReasons[differs]))") }
                if contextWin, !byTabBar, context.rootIsUniversal, differs == 3 {
                    capReasons.append("a tie-break (the screen's root is an ancestor of every screen)")
                }
            }
        } else if keyed.count > 1, inSubtree {
            explanation += "; " + context.rootPhrase
        }
        if draft.inTabBar == true, !all[best.candidate].isTab {
            capReasons.append("a tie-break (the element is in the tab bar band, but this is not a tab's title)")
        }
        if !capReasons.isEmpty {
            confidence = min(confidence, Self.firmConfidence - 0.01)
            explanation += "; decided by " + capReasons.joined(separator: " and ")
        }
        // The only place, or the best of several ranked apart, outside the subtree of a root view (not a model
        // type whose sample data holds the texts) that explains most of the screen: the screen does not compose
        // it, so it is not firm (look-alikes say so above).
        if lookAlikes <= 1, !inSubtree, let root = context.root, !context.rootIsUniversal,
            index.isViewNode(root),
            context.explained * 2 > context.voters, !(draft.inTabBar == true && all[best.candidate].isTab)
        {
            confidence = min(confidence, Self.firmConfidence - 0.01)
            explanation +=
                "; not firm: outside the screen's root subtree (\(root)'s, which explains \(context.explained) of the"
                + " screen's \(context.voters) other issue\(context.voters == 1 ? "" : "s"))"
        }
        if let audited, !all[best.candidate].inTarget, all[best.candidate].literal >= 0 {
            confidence = min(confidence, Self.firmConfidence - 0.01)
            let file = index.literals[all[best.candidate].literal].file
            let others = (index.targetsOfFile[file] ?? []).joined(separator: ", ")
            explanation +=
                "; not firm: the audited target \(audited.name) does not compile this file (\(others) does)"
        }
        confidence = (confidence * 100).rounded() / 100
        var candidates: [IssueMapping] = []
        for (i, item) in top.enumerated() {
            let own = i == 0 || (ambiguous && i < tied) ? confidence : min(all[item.candidate].rank, confidence)
            candidates.append(mapping(all[item.candidate], issueNumber: number, confidence: own, in: index))
        }
        let peers = top.prefix {
            ($0.key.tabFit, $0.key.inSubtree ? 1 : 0, $0.key.rank, $0.key.explained)
                == (best.key.tabFit, best.key.inSubtree ? 1 : 0, best.key.rank, best.key.explained)
        }.count
        return Decision(
            issue: MappedIssue(
                issueNumber: number, primary: candidates[0], candidates: candidates, isAmbiguous: ambiguous,
                explanation: explanation), peers: peers)
    }

    /// Whether candidate `a` comes before `b` in the order the screen's root composes its views
    /// (`Composition.precedes`); nil when that order does not tell them apart.
    static func composedFirst(_ a: RankedCandidate, _ b: RankedCandidate, context: ScreenContext, index: SourceIndex)
        -> Bool?
    {
        guard let composition = context.composition, a.literal >= 0, b.literal >= 0 else { return nil }
        let x = index.literals[a.literal]
        let y = index.literals[b.literal]
        return composition.precedes((a.node, x.file, x.literal.line), (b.node, y.file, y.literal.line))
    }

    /// The graph node of the view a rule names: its simple name, else, when targets declare it apart, the
    /// audited target's declaration of it, else the first by name.
    private func graphNode(of view: String, walks: GraphWalks, audited: AuditedTarget?) -> Int32? {
        if let node = walks.number(of: index?.interfaceView(named: view) ?? view) { return node }
        let scoped = walks.names.filter { $0.hasPrefix(view + " (") }.sorted()
        let preferred = audited.flatMap { audited in
            scoped.first {
                $0.dropFirst(view.count + 2).dropLast().components(separatedBy: ", ").contains(audited.name)
            }
        }
        return (preferred ?? scoped.first).flatMap(walks.number(of:))
    }

    /// A rule's conclusions, with the location (and view) filled from the sources when the rule names none.
    private func merge(
        rule: MappingRule, draft: Draft, automatic: MappedIssue, walks: inout GraphWalks, audited: AuditedTarget?
    ) -> MappedIssue {
        let conclusion = rule.conclusion
        var mapping = IssueMapping(
            issueNumber: draft.issue.number, origin: .rule, ruleID: rule.id, view: conclusion.view,
            location: conclusion.location, symbol: conclusion.symbol, note: conclusion.note,
            status: conclusion.status, confidence: 1)
        var explanation = "rule \"\(rule.id)\""
        if mapping.location == nil, conclusion.status != .system, let index {
            if let view = conclusion.view {
                // The view itself first, then the views it composes; patterns too (the subtree is the screen).
                let depths = graphNode(of: view, walks: walks, audited: audited).map { walks.depths(from: $0) } ?? []
                func depth(_ c: RankedCandidate) -> Int32? {
                    c.node >= 0 && Int(c.node) < depths.count && depths[Int(c.node)] >= 0 ? depths[Int(c.node)] : nil
                }
                func order(_ c: RankedCandidate) -> [Double] {
                    [
                        -Double(depth(c) ?? 0), c.rank, Double(c.explained), c.isHiddenLabel ? 0 : 1,
                        c.isDirectCall ? 1 : 0,
                    ]
                }
                let inside = draft.candidates.filter { depth($0) != nil }
                let sorted = inside.sorted { a, b in
                    let ka = order(a)
                    let kb = order(b)
                    return ka != kb ? !ka.lexicographicallyPrecedes(kb) : RankedCandidate.locationOrder(a, b)
                }
                if let best = sorted.first {
                    let ties = sorted.prefix { order($0) == order(best) }.count
                    let found = self.mapping(
                        best, issueNumber: draft.issue.number, confidence: best.rank, in: index)
                    mapping.location = found.location
                    mapping.symbol = mapping.symbol ?? found.symbol
                    mapping.role = found.role
                    mapping.confidence = (best.rank / Double(ties) * 100).rounded() / 100
                    explanation += "; location from the sources inside \(view)'s subtree"
                    if ties > 1 { explanation += " (\(ties) places tie)" }
                } else if let symbol = conclusion.symbol, let location = index.declaration(ofSymbol: symbol) {
                    mapping.location = location
                } else {
                    let text = draft.issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    explanation +=
                        text.isEmpty
                        ? "; the issue has no text to look for in \(view)"
                        : "; no literal in \(view) or the views it composes shows \"\(text)\""
                    if let file = (index.declaration(ofType: view) ?? index.sceneLocation(ofView: view))?.file {
                        mapping.location = SourceLocation(file: file)
                        mapping.confidence = 0.3
                        explanation += "; location is \(view)'s file, without a line"
                    }
                }
            } else if let primary = automatic.primary, primary.location != nil {
                mapping.location = primary.location
                mapping.view = primary.view
                mapping.symbol = mapping.symbol ?? primary.symbol
                mapping.role = primary.role
                mapping.confidence = primary.confidence
                explanation += "; location from the sources"
            } else if let symbol = conclusion.symbol, let location = index.declaration(ofSymbol: symbol) {
                mapping.location = location
            }
        }
        return MappedIssue(
            issueNumber: draft.issue.number, primary: mapping, candidates: automatic.candidates, isAmbiguous: false,
            explanation: explanation)
    }
}
