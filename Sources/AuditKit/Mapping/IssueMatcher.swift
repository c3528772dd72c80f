import Foundation

/// Maps a report's issues to source locations: rules first (their conclusions always win), then the
/// element's position on its screenshot (the status bar is system UI), then automatic candidates found by
/// the element's text in the source index, chosen with what the issue's screen tells.
///
/// Candidates are found by how the text matched (the match rank): an exact literal, or a catalog key of the
/// report's language whose value is the text, that reaches the screen (0.9); case/whitespace-insensitive
/// literal (0.75); interpolated or format-string pattern (0.7, a catalog value's 0.9), × (0.5 + the share
/// of the text its fixed text explains) when that is less than half; the same 0.3 lower when no
/// text-bearing call receives the literal; literals in previews 0.3 lower; a catalog entry whose key no code
/// uses (0.4).
/// A literal reaches the screen when it is an argument of a text-bearing call (`Text("…")`), or is handed
/// to one through a custom initialiser's argument, a constant, a computed property or its `return`, or is
/// a catalog key. A name a view shows a text through (`Text(L10n.roomTitle)`, `Text(.welcomeTitle)`) counts
/// as the literals of the declaration or catalog key it names, written where the view uses it
/// (`SourceIndex.resolvingSymbolReferences`); that declaration and generated files are never candidates.
/// Short patterns (`"\(a) of \(b)"`) count only inside the screen's subtree. When no place explains half
/// of the text or more, two readings of parts join the candidates: a text the Inspector joins with ", " goes
/// to the place where most of its parts (catalog values between two separators, a description may have
/// commas of its own; the rest split at ", ") sit close together in one view; a text built by concatenation
/// (`Text(name) + Text("Overdue")`) goes to the code using the keys of catalog values of the report's
/// language found inside it at word boundaries, the longest first, ranked × 0.8 × the value's share of the
/// text's letters (always below 0.8).
///
/// Per screen, the root is the view whose subtree (through the view composition graph's child edges, never
/// presentations) holds a candidate, of any rank, for the most of the screen's issues, all of its texts
/// together; ties go to the smaller subtree; types that are not views (a coordinator creating every screen,
/// a model) are never roots, and a root only the issue at hand explains tells that issue nothing. When a
/// report is mapped into an audited target (`--target`, the project file's `target`, else the app target
/// whose files explain the most warnings), a candidate in a file that target does not compile votes only for
/// an issue with no candidate in it. Per issue, candidates are then ordered (`Key.Field`): the audited
/// target's files first (and files no target claims); where the element is: in the tab bar band a tab's
/// title first (elsewhere last), below the navigation bar never a navigation title (another screen's title
/// is no row of this one); a literal that reaches a text-bearing call before a storage key or identifier;
/// inside the root's subtree before outside; higher rank; more of the text explained by the candidate's
/// fixed text (of two matching patterns the tighter); label shown before hidden or off screen until opened;
/// the view that shows a text before the model, enum or builder that gives it; a place that shows this text
/// alone before one of the several texts a name stands for; then tie-breaks: in the view that alone shows
/// more of the screen's texts, in the view holding more of the screen's matches, shallower in the subtree, a
/// text-bearing call before a custom initialiser argument. Candidates still equal inside the subtree come in
/// the order the root's body composes them (`Composition`: a row used first but declared lower in the file
/// comes first, and in one view the member its body uses first, `var body { header; footer }`), others in
/// source order. When the answer shows a text a name stands for
/// (`Text(filter.localizedName)`), the line that gives the name that text is listed next. Elements of one
/// screen with different rects and the same equally good places (one text twice, or a template's rows) take
/// them top to bottom in that composition order.
///
/// Confidence: the rank when no other candidate has the same rank; the rank × 0.9 when where the screen is
/// (its root's subtree, the tab bar, the navigation bar) decided among look-alikes (divided by the number of
/// candidates still tied, which are then all listed and the issue marked ambiguous); among look-alikes the
/// screen did not tell apart, the rank × 0.8 (never 0.8 or more), or the rank divided by the number of
/// ties. A mapping stays below `firmConfidence` (0.8), its explanation saying "decided by a tie-break", when:
/// a tie-break rather than the screen told look-alikes apart; the subtree did, but the screen's root is an
/// ancestor of every other screen's root; the element lies in the tab bar band and the place is not a tab's
/// title; or another element of the same screen with the same text and a different rect got the same place.
/// It also stays below 0.8, saying "not firm", when the audited target does not compile the place's file,
/// or when the place lies outside the subtree of the screen's root (nothing inside shows the text; a tab's
/// title in the tab bar aside). A mapping of 0.8 or more says why it is sure ("sure: a catalog key whose
/// value is the text, told from 2 look-alikes by the screen's root subtree").
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

    struct Draft {
        var issue: Issue
        var rule: MappingRule?
        var candidates: [RankedCandidate]
        var found: String
        var inStatusBar: Bool
        var inTabBar: Bool?
        /// Whether the element lies in the navigation bar's band (nil: the screen's size is unknown).
        var inNavigationBar: Bool?
        /// The device and orientation of the issue's screen, which place the status bar.
        var layout: DeviceLayout
    }

    /// Every issue of `report` with the rule it matches, where it sits and its candidates, and the rules
    /// that ran past their time limit.
    private func makeDrafts(of report: InspectorReport) -> (drafts: [Draft], timeouts: [RuleTimeout]) {
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
                        inNavigationBar: rect.flatMap(bands.navigationBarHolds),
                        layout: bands.layout))
            }
        }
        // The text lookups are independent: one issue per core at a time, results in report order.
        let issues = drafts.map(\.issue)
        let found = Self.inParallel(issues.count) { n in self.rankedCandidates(for: issues[n], language: language) }
        for n in drafts.indices { (drafts[n].candidates, drafts[n].found) = found[n] }
        return (drafts, timeouts)
    }

    /// Maps every issue of `report`.
    public func map(_ report: InspectorReport) -> MappingResult {
        let made = makeDrafts(of: report)
        var drafts = made.drafts
        let timeouts = made.timeouts
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
        var walks = GraphWalks(
            graph: index?.graph ?? ViewGraph(childEdges: [], presentationEdges: []), ownerNames: index?.ownerNames ?? []
        )
        let (contexts, screenRoots) = screenContexts(drafts, walks: &walks)
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
        // Why an answer is sure, said once every cap is applied.
        for n in entries.indices {
            guard let sure = automatic[n]?.sureBecause, !sure.isEmpty, let primary = entries[n].primary,
                primary.origin == .sourceText, primary.confidence >= Self.firmConfidence
            else { continue }
            entries[n].explanation += "; sure: " + sure
        }
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

    /// Elements of one screen with different rects whose equally good places are the same (one text twice, or
    /// a template's rows: `Text(book.title)` in a header and in a card) are different elements: when as many
    /// places or more are equally good, they take them in order, top to bottom and left to right on the
    /// screen against the order the screen's root composes the places (source order when one lies outside its
    /// subtree); a tie-break, so below firm.
    private static func spreadRepeatedTexts(
        _ entries: inout [MappedIssue], drafts: [Draft], peers: [Int], contexts: [ScreenContext], index: SourceIndex?
    ) {
        struct Group: Hashable {
            var screen: Int
            var places: [SourceLocation]
        }
        var groups: [Group: [Int]] = [:]
        var order: [Group] = []
        for (n, entry) in entries.enumerated() {
            guard let primary = entry.primary, primary.origin == .sourceText, primary.location != nil,
                drafts[n].issue.elementRect != nil, peers[n] >= 2
            else { continue }
            let places = Set(entry.candidates.prefix(peers[n]).compactMap(\.location)).sorted {
                ($0.file, $0.line ?? 0, $0.column ?? 0) < ($1.file, $1.line ?? 0, $1.column ?? 0)
            }
            let group = Group(screen: drafts[n].issue.screenIndex, places: places)
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
                // Files and lines first: a text every view shows has thousands of candidates, few in the
                // places' files (by number, without comparing paths) and on their lines.
                let files = Set(places.compactMap { index.fileNumber(of: $0.file) })
                let lines = Set(places.compactMap(\.line))
                for candidate in drafts[first].candidates
                where candidate.literal >= 0 && files.contains(index.fileIDs[candidate.literal])
                    && lines.contains(index.literals[candidate.literal].literal.line)
                {
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
            let texts = Set(members.map { drafts[$0].issue.elementText?.trimmingCharacters(in: .whitespaces) ?? "" })
            let shown = texts.count == 1 ? "show this text" : "show texts of these places"
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
                    "; decided by a tie-break (\(rects.count) elements \(shown) on the screen: number \(slot + 1)"
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
            /// Elements with other texts at one place are a template's rows (`Text(item.title)`, a pattern).
            var text: String
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
            let text = drafts[n].issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let place = Place(screen: drafts[n].issue.screenIndex, location: location, text: text)
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
        // Parts are looked for unless a place explains half the text or more (a looser pattern's holes may
        // be the parts: `"%1$@ und %2$@"` fits a joined row's title and description).
        let length = text.count
        if !found.contains(where: { !$0.isShortPattern && $0.explained * 2 >= length }) {
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
            // A place found for the whole text keeps that reading (a set of the few parts, not of the
            // thousands of places a text every view shows has).
            let partLiterals = Set(parts.lazy.filter { $0.literal >= 0 }.map(\.literal))
            let whole = partLiterals.isEmpty ? [] : Set(found.lazy.map(\.literal).filter(partLiterals.contains))
            found += parts.filter { !whole.contains($0.literal) }
        }
        if found.isEmpty { return ([], "no string literal or localized string shows \"\(text)\"") }
        return (found, phrase)
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
