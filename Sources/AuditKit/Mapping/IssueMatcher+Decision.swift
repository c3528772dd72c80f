import Foundation

extension IssueMatcher {
    /// How a candidate ranks on its issue's screen; larger is better, compared field by field in `Field` order.
    struct Key: Comparable {
        /// The fields, in the order they decide.
        enum Field: Int, CaseIterable {
            case inTarget, placeFit, reachesScreen, inSubtree, rank, explained, shown, inView, specific
            case distinctive, viewMatches, shallowness, direct

            /// Why the candidate that wins on this field was chosen.
            var reason: String {
                switch self {
                case .inTarget: "the only one in the audited target"
                case .placeFit: "a tab's title"
                case .reachesScreen: "a text-bearing call shows it"
                case .inSubtree: "the only one inside the root's subtree"
                case .rank: "the best match"
                case .explained: "its fixed text explains more of the text"
                case .shown: "its label is shown"
                case .inView: "the view that shows it rather than the code that gives it"
                case .specific: "its place shows this text alone, not one of a name's several texts"
                case .distinctive: "its view holds more of the screen's texts found nowhere else"
                case .viewMatches: "its view holds more of the screen's matches"
                case .shallowness: "the shallowest in the subtree"
                case .direct: "a text-bearing call rather than a custom initialiser argument"
                }
            }

            /// Whether winning on it is a hint rather than evidence, so what it decides is not sure.
            var isTieBreak: Bool { rawValue >= Field.distinctive.rawValue }
        }

        /// Whether the audited target compiles its file (or no target claims the file).
        var inTarget: Bool
        /// 2 a tab title in the tab bar, 1 neutral, 0 a place whose role does not fit where the element is
        /// (a tab title elsewhere than in the tab bar, a navigation title below the navigation bar).
        var placeFit: Int
        /// Whether a text-bearing call shows the literal (a storage key or identifier comes after every text).
        var reachesScreen: Bool
        var inSubtree: Bool
        var rank: Double
        /// Characters of the element text the candidate's own text accounts for (a tighter pattern explains
        /// more than a looser one).
        var explained: Int
        var shown: Bool
        /// Whether a view's code holds it (a model's, enum's or builder's code gives the text a view shows).
        var inView: Bool
        /// Whether its place shows this text alone (not one of the texts a name stands for there).
        var specific: Bool
        /// Matches of the screen found only in this view (a view repeating other views' texts gains none).
        var distinctive: Int
        var viewMatches: Int
        /// Minus the depth in the subtree (0 outside).
        var shallowness: Int
        var direct: Bool

        /// The value of `field`, for telling what decided.
        func value(_ field: Field) -> Double {
            switch field {
            case .inTarget: inTarget ? 1 : 0
            case .placeFit: Double(placeFit)
            case .reachesScreen: reachesScreen ? 1 : 0
            case .inSubtree: inSubtree ? 1 : 0
            case .rank: rank
            case .explained: Double(explained)
            case .shown: shown ? 1 : 0
            case .inView: inView ? 1 : 0
            case .specific: specific ? 1 : 0
            case .distinctive: Double(distinctive)
            case .viewMatches: Double(viewMatches)
            case .shallowness: Double(shallowness)
            case .direct: direct ? 1 : 0
            }
        }

        /// The first field on which the two keys differ, nil when they are equal.
        func firstDifference(from other: Key) -> Field? { Field.allCases.first { value($0) != other.value($0) } }

        static func < (a: Key, b: Key) -> Bool {
            if a.inTarget != b.inTarget { return !a.inTarget }
            if a.placeFit != b.placeFit { return a.placeFit < b.placeFit }
            if a.reachesScreen != b.reachesScreen { return !a.reachesScreen }
            if a.inSubtree != b.inSubtree { return !a.inSubtree }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.explained != b.explained { return a.explained < b.explained }
            if a.shown != b.shown { return !a.shown }
            if a.inView != b.inView { return !a.inView }
            if a.specific != b.specific { return !a.specific }
            if a.distinctive != b.distinctive { return a.distinctive < b.distinctive }
            if a.viewMatches != b.viewMatches { return a.viewMatches < b.viewMatches }
            if a.shallowness != b.shallowness { return a.shallowness < b.shallowness }
            return !a.direct && b.direct
        }
    }

    /// An issue's automatic mapping and how many of its listed candidates are as good as the first but for
    /// tie-breaks (same place fit, subtree membership, rank and explained text).
    struct Decision {
        var issue: MappedIssue
        var peers: Int
        /// Why the answer is sure, should it stay so.
        var sureBecause = ""
    }

    /// A candidate by its position in the draft's candidates, with its key.
    typealias Keyed = (candidate: Int, key: Key)

    /// The key of every candidate that can take part (a short pattern only inside the subtree).
    func keys(_ draft: Draft, context: ScreenContext) -> [Keyed] {
        var keyed: [Keyed] = []
        keyed.reserveCapacity(draft.candidates.count)
        for (position, candidate) in draft.candidates.enumerated() {
            let depth = context.depth(of: candidate.node)
            if candidate.isShortPattern, depth == nil { continue }
            var placeFit = 1
            switch draft.inTabBar {
            case true?: placeFit = candidate.isTab ? 2 : 1
            case false?: placeFit = candidate.isTab ? 0 : 1
            case nil: break
            }
            if candidate.isNavigationTitle, draft.inNavigationBar == false { placeFit = 0 }
            let key = Key(
                inTarget: candidate.inTarget, placeFit: placeFit, reachesScreen: candidate.reachesScreen,
                inSubtree: depth != nil, rank: candidate.rank, explained: candidate.explained,
                shown: !candidate.isHiddenLabel, inView: candidate.inView, specific: !candidate.isOneOfSeveral,
                distinctive: context.distinctiveMatches(in: candidate.node),
                viewMatches: context.matches(in: candidate.node), shallowness: -(depth ?? 0),
                direct: candidate.isDirectCall)
            keyed.append((position, key))
        }
        return keyed
    }

    /// The automatic mapping of one issue on its screen.
    func decide(_ draft: Draft, context: ScreenContext, audited: AuditedTarget?) -> Decision {
        let number = draft.issue.number
        guard let index else {
            return Decision(issue: MappedIssue(issueNumber: number, primary: nil, explanation: draft.found), peers: 0)
        }
        // Candidates by their position in `draft.candidates`: an issue can have thousands, and copying
        // each into the list to order them was most of the time spent here.
        let all = draft.candidates
        let keyed = keys(draft, context: context)
        guard !keyed.isEmpty else {
            let text = draft.issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let line =
                draft.candidates.isEmpty
                ? draft.found : "no string literal or localized string shows \"\(text)\" where the screen is"
            return Decision(issue: MappedIssue(issueNumber: number, primary: nil, explanation: line), peers: 0)
        }
        // Equal keys inside the subtree: the order the root's body composes them, else source order.
        func before(_ a: Keyed, _ b: Keyed) -> Bool {
            if a.key != b.key { return b.key < a.key }
            if a.key.inSubtree,
                let first = Self.composedFirst(all[a.candidate], all[b.candidate], context: context, index: index)
            {
                return first
            }
            return RankedCandidate.locationOrder(all[a.candidate], all[b.candidate])
        }
        // The best and how many share its key, in one pass: a larger key starts the count again (no earlier
        // candidate can have it, or it would be the best so far).
        var best = keyed[0]
        var tied = 1
        for item in keyed.dropFirst() {
            if item.key == best.key {
                tied += 1
                if before(item, best) { best = item }
            } else if best.key < item.key {
                best = item
                tied = 1
            }
        }
        // Only what is listed is sorted: the best `listed`, however many candidates there are; the same pass
        // counts the look-alikes (as well ranked as the best).
        let listed = max(maximumCandidates, tied)
        var top: [Keyed] = []
        var lookAlikes = 0
        for item in keyed {
            if item.key.rank == best.key.rank { lookAlikes += 1 }
            if top.count == listed, let last = top.last, !before(item, last) { continue }
            let position = top.firstIndex { before(item, $0) } ?? top.count
            top.insert(item, at: position)
            if top.count > listed { top.removeLast() }
        }
        let peers = top.prefix {
            ($0.key.placeFit, $0.key.inSubtree, $0.key.rank, $0.key.explained)
                == (best.key.placeFit, best.key.inSubtree, best.key.rank, best.key.explained)
        }.count
        Self.bringMemberNext(&top, after: peers, among: keyed, all: all, index: index, before: before)
        var verdict = judge(
            draft, best: best, keyed: keyed, ties: (tied, lookAlikes), context: context, before: before)
        cap(
            &verdict, draft: draft, best: all[best.candidate], inSubtree: best.key.inSubtree, context: context,
            audited: audited)
        verdict.confidence = (verdict.confidence * 100).rounded() / 100
        var candidates: [IssueMapping] = []
        for (i, item) in top.enumerated() {
            let own =
                i == 0 || (verdict.ambiguous && i < tied)
                ? verdict.confidence : min(all[item.candidate].rank, verdict.confidence)
            candidates.append(mapping(all[item.candidate], issueNumber: number, confidence: own, in: index))
        }
        return Decision(
            issue: MappedIssue(
                issueNumber: number, primary: candidates[0], candidates: candidates, isAmbiguous: verdict.ambiguous,
                explanation: draft.found + " in \(keyed.count) place\(keyed.count == 1 ? "" : "s")"
                    + verdict.explanation), peers: peers, sureBecause: verdict.sureBecause)
    }

    /// How sure an issue's mapping is and why, before the caps.
    struct Verdict {
        var confidence: Double
        var ambiguous = false
        /// Clauses after "found … in N places", each starting with "; ".
        var explanation = ""
        /// Why the answer is sure, should it be.
        var sureBecause = ""
    }

    /// The confidence of the best candidate among `keyed`: its rank when no other place matches as well;
    /// among look-alikes, the rank × 0.9 when the screen told them apart (its root's subtree, the tab bar,
    /// the navigation bar), else the rank × 0.8 (below 0.8), divided by the places still tied.
    /// `ties`: how many candidates have the best's key, and how many its rank.
    private func judge(
        _ draft: Draft, best: Keyed, keyed: [Keyed], ties: (tied: Int, lookAlikes: Int), context: ScreenContext,
        before: (Keyed, Keyed) -> Bool
    ) -> Verdict {
        let all = draft.candidates
        let rank = best.key.rank
        let (tied, lookAlikes) = ties
        let inSubtree = best.key.inSubtree
        let evidence = all[best.candidate].evidence.phrase
        var verdict = Verdict(confidence: rank)
        guard lookAlikes > 1 else {
            if keyed.count > 1, inSubtree { verdict.explanation += "; " + context.rootPhrase }
            verdict.sureBecause = "\(evidence), and no other place matches as well"
            return verdict
        }
        // The runner-up among the look-alikes, and whether where the element is ruled some of them out (a
        // tab's title in the tab bar, a row below the navigation bar that other screens' titles show).
        var runnerUp: Keyed?
        var byPlace = false
        for item in keyed where item.key.rank == rank {
            if item.key.placeFit < best.key.placeFit { byPlace = true }
            guard item.key != best.key else { continue }
            if let current = runnerUp, !before(item, current) { continue }
            runnerUp = item
        }
        let differs = runnerUp.flatMap { best.key.firstDifference(from: $0.key) }
        let contextWin = inSubtree || byPlace
        if tied > 1 {
            verdict.ambiguous = true
            verdict.confidence = (contextWin ? rank * 0.9 : rank) / Double(tied)
            verdict.explanation += "; ambiguous: \(tied) places show this text"
            if inSubtree { verdict.explanation += " " + context.rootPhrase }
            return verdict
        }
        verdict.confidence = contextWin ? rank * 0.9 : min(rank * 0.8, 0.79)
        let node = all[best.candidate].node >= 0 ? index?.ownerNames[Int(all[best.candidate].node)] : nil
        var reason = differs?.reason ?? Key.Field.direct.reason
        switch differs {
        case .explained?:
            reason =
                "its fixed text explains \(best.key.explained) of the text's"
                + " \(draft.issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines).count ?? 0)"
                + " characters, a looser pattern \(runnerUp?.key.explained ?? 0)"
        case .placeFit? where draft.inTabBar != true:
            reason =
                runnerUp.map { all[$0.candidate].isTab } == true
                ? "the others are tabs' titles, and the element is not in the tab bar"
                : "the others are navigation titles, and the element is below the navigation bar"
        case .distinctive?:
            if let node { reason = "in \(node), which alone shows \(best.key.distinctive) of the screen's texts" }
        case .viewMatches?:
            if let node { reason = "in \(node), which holds \(best.key.viewMatches) of the screen's matches" }
        case .shallowness?: if let node { reason = "the shallowest (\(node) at depth \(-best.key.shallowness))" }
        default: break
        }
        let place =
            byPlace && draft.inTabBar == true
            ? "in the tab bar" : inSubtree ? context.rootPhrase : "outside the screen's root subtree"
        verdict.explanation +=
            "; \(lookAlikes) places show this text, chose \(node ?? "this one") \(place): \(reason)"
        let others = "\(lookAlikes - 1) look-alike\(lookAlikes == 2 ? "" : "s")"
        switch differs {
        case .inSubtree?: verdict.sureBecause = "\(evidence), told from \(others) by the screen's root subtree"
        case .placeFit?: verdict.sureBecause = "\(evidence), told from \(others) by where the element is"
        default: verdict.sureBecause = "\(evidence), inside the screen's root subtree"
        }
        // Matches held, depth and a direct call are hints, not evidence: what they decide is not firm.
        if contextWin, let differs, differs.isTieBreak {
            verdict.explanation += "; decided by a tie-break (\(differs.reason))"
            verdict.confidence = min(verdict.confidence, Self.firmConfidence - 0.01)
        }
        if inSubtree, !byPlace, context.rootIsUniversal, differs == .inSubtree {
            verdict.explanation += "; decided by a tie-break (the screen's root is an ancestor of every screen)"
            verdict.confidence = min(verdict.confidence, Self.firmConfidence - 0.01)
        }
        return verdict
    }

    /// Lowers what the place does not earn: a place that is not a tab's title in the tab bar band, a place
    /// outside the subtree of a screen's root that tells where its texts are (nothing inside shows the text),
    /// a file the audited target does not compile.
    private func cap(
        _ verdict: inout Verdict, draft: Draft, best: RankedCandidate, inSubtree: Bool, context: ScreenContext,
        audited: AuditedTarget?
    ) {
        let firm = Self.firmConfidence - 0.01
        if draft.inTabBar == true, !best.isTab {
            verdict.confidence = min(verdict.confidence, firm)
            verdict.explanation +=
                "; decided by a tie-break (the element is in the tab bar band, but this is not a tab's title)"
        }
        if !inSubtree, let root = context.root, context.hasTellingRoot, !(draft.inTabBar == true && best.isTab) {
            verdict.confidence = min(verdict.confidence, firm)
            verdict.explanation +=
                "; not firm: outside the screen's root subtree (\(root)'s, which explains \(context.explained) of the"
                + " screen's \(context.voters) issue\(context.voters == 1 ? "" : "s"))"
        }
        if let audited, let index, !best.inTarget, best.literal >= 0 {
            verdict.confidence = min(verdict.confidence, firm)
            let file = index.literals[best.literal].file
            let others = (index.targetsOfFile[file] ?? []).joined(separator: ", ")
            verdict.explanation +=
                "; not firm: the audited target \(audited.name) does not compile this file (\(others) does)"
        }
    }

    /// When the chosen place shows a text a name stands for (`Text(filter.localizedName)`), the line that gives
    /// the name its text (the member's `return`, the model's initialiser argument) comes next among the listed,
    /// after the `peers` places as good as the chosen one.
    static func bringMemberNext(
        _ top: inout [Keyed], after peers: Int, among keyed: [Keyed], all: [RankedCandidate], index: SourceIndex,
        before: (Keyed, Keyed) -> Bool
    ) {
        guard let first = top.first, all[first.candidate].literal >= 0,
            let name = index.literals[all[first.candidate].literal].literal.resolvedFrom, all[first.candidate].inView
        else { return }
        let parts = name.split(separator: ".")
        guard let member = parts.last.map(String.init) else { return }
        let owner = parts.count >= 2 && parts[0].first?.isUppercase == true ? String(parts[parts.count - 2]) : nil
        func gives(_ item: Keyed) -> Bool {
            let candidate = all[item.candidate]
            guard candidate.literal >= 0, !candidate.inView else { return false }
            let literal = index.literals[candidate.literal].literal
            let type = literal.enclosingTypes.last.map(SourceIndex.simpleName)
            if literal.declaringMember == member, owner == nil || type == owner { return true }
            return literal.argumentLabel == member && (owner == nil || literal.call == owner)
        }
        var next: Keyed?
        for item in keyed where gives(item) {
            if let current = next, !before(item, current) { continue }
            next = item
        }
        guard let next, !top.prefix(peers).contains(where: { $0.candidate == next.candidate }) else { return }
        top.removeAll { $0.candidate == next.candidate }
        top.insert(next, at: min(max(peers, 1), top.count))
    }

    /// Whether candidate `a` comes before `b` in the order the screen's root composes its views
    /// (`Composition.precedes`); nil when that order does not tell them apart.
    static func composedFirst(_ a: RankedCandidate, _ b: RankedCandidate, context: ScreenContext, index: SourceIndex)
        -> Bool?
    {
        guard let composition = context.composition, a.literal >= 0, b.literal >= 0 else { return nil }
        // Fields read in place: binding a literal to a local copied it, for every pair of equal keys.
        let (x, y) = (a.literal, b.literal)
        return composition.precedes(
            (a.node, index.literals[x].file, index.literals[x].literal.line, index.literals[x].literal.member),
            (b.node, index.literals[y].file, index.literals[y].literal.line, index.literals[y].literal.member))
    }
}

extension MappingEvidence {
    /// What the evidence is, for an explanation: "a catalog key whose value is the text".
    var phrase: String {
        switch self {
        case .identifier: "its accessibility identifier"
        case .literal: "a literal of the whole text"
        case .foldedLiteral: "a literal of the whole text but for case and spaces"
        case .catalogKey: "a catalog key whose value is the text"
        case .pattern: "a format whose fixed text the text has"
        case .joinedParts: "the parts of the joined text together"
        case .catalogParts: "catalog values inside the text"
        case .catalogEntry: "a catalog entry"
        }
    }
}
