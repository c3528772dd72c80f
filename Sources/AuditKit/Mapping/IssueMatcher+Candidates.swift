import Foundation

/// An automatic candidate with what ranking needs besides its mapping.
struct RankedCandidate {
    /// The mapping; its confidence is the match rank until a choice adjusts it.
    var mapping: IssueMapping
    /// How well the text matched (0...1).
    var rank: Double
    /// The composition graph node it sits in (its view, else its type).
    var node: String?
    /// Whether a text-bearing SwiftUI/UIKit call shows it directly (not a custom initialiser argument, a
    /// property or a catalog key).
    var isDirectCall: Bool
    /// Whether it is a control label that is not shown.
    var isHiddenLabel: Bool
    /// Whether it matched through a short pattern, tried only inside the screen's subtree.
    var isShortPattern: Bool
    /// Whether it is a tab's title.
    var isTab: Bool

    var location: SourceLocation? { mapping.location }
}

extension IssueMatcher {
    /// Every automatic candidate for `text` (exact, via the catalogs of `language`, folded, patterns), one per
    /// location (the best rank wins), in a stable order.
    func rankedCandidates(forText text: String, issueNumber: Int, in index: SourceIndex, language: String?)
        -> [RankedCandidate]
    {
        var best: [SourceLocation: RankedCandidate] = [:]
        func add(_ entry: IndexedLiteral, base: Double, how: String, short: Bool = false) {
            let role = index.textRole(of: entry)
            var score = role == .none ? base - 0.3 : base
            if entry.literal.inPreview { score -= 0.3 }
            score = max(0.05, (score * 100).rounded() / 100)
            let place =
                entry.literal.callDescription.map { "\($0)(\"\(entry.literal.displayText)\")" }
                ?? "\"\(entry.literal.displayText)\""
            var symbol: String?
            if let name = entry.literal.assignedTo ?? (entry.literal.call == nil ? entry.literal.member : nil),
                !SourceIndex.textBearingProperties.contains(name), !entry.literal.enclosingTypes.isEmpty
            {
                symbol = (entry.literal.enclosingTypes + [name]).joined(separator: ".")
            }
            var note = "\(how) \(place)"
            if role == .forwarded, !entry.isTextBearing { note += ", which reaches a text-bearing call" }
            if entry.literal.isHiddenLabel { note += " (label not shown)" }
            let mapping = IssueMapping(
                issueNumber: issueNumber, origin: .sourceText, view: entry.view, location: entry.location,
                symbol: symbol, note: note, status: .open, confidence: score)
            if let existing = best[entry.location], existing.rank >= score { return }
            best[entry.location] = RankedCandidate(
                mapping: mapping, rank: score, node: entry.owner, isDirectCall: role == .call,
                isHiddenLabel: entry.literal.isHiddenLabel, isShortPattern: short, isTab: index.isTabTitle(entry))
        }
        for entry in index.literals(exactly: text) { add(entry, base: 0.9, how: "exact text in") }
        for localized in index.localizedStrings(showing: text, language: language) where localized.key != text {
            let users = index.literals(usingKey: localized.key)
            let tag = localized.language.map { " (\($0))" } ?? ""
            // A key that shows the text is as good as the text itself: a literal never outranks it.
            for entry in users { add(entry, base: 0.9, how: "localized key \"\(localized.key)\"\(tag) in") }
            if users.isEmpty, best[localized.location] == nil {
                best[localized.location] = RankedCandidate(
                    mapping: IssueMapping(
                        issueNumber: issueNumber, origin: .sourceText, location: localized.location,
                        note: "localized string \"\(localized.key)\"\(tag); no code uses this key literally",
                        confidence: 0.4),
                    rank: 0.4, node: nil, isDirectCall: false, isHiddenLabel: false, isShortPattern: false,
                    isTab: false)
            }
        }
        for entry in index.literals(folded: text) { add(entry, base: 0.75, how: "text (ignoring case) in") }
        for match in index.patternMatches(text) {
            add(match.literal, base: 0.7, how: "pattern in", short: match.isShort)
        }
        return best.values.sorted { a, b in
            if a.rank != b.rank { return a.rank > b.rank }
            return IssueMatcher.locationOrder(a.location, b.location)
        }
    }

    /// Candidates for a text the Inspector joined from several elements (`"Paycheck, Planned, $2,450.00"`):
    /// one per place where parts sit close together (within 12 lines) in one view, at that place's first part,
    /// ranked by the share of the parts with letters found there.
    func joinedCandidates(forText text: String, issueNumber: Int, in index: SourceIndex, language: String?)
        -> [RankedCandidate]
    {
        let parts = text.components(separatedBy: ", ").filter { $0.count >= 2 }
        let wordParts = parts.filter { $0.contains(where: \.isLetter) }
        guard parts.count >= 2, !wordParts.isEmpty else { return [] }
        struct Hit {
            var part: Int
            var candidate: RankedCandidate
        }
        var groups: [String: [Hit]] = [:]
        for (number, part) in parts.enumerated() {
            for candidate in rankedCandidates(
                forText: part, issueNumber: issueNumber, in: index, language: language)
            where !candidate.isShortPattern {
                guard let location = candidate.location else { continue }
                groups[location.file + "\u{0}" + (candidate.node ?? ""), default: []].append(
                    Hit(part: number, candidate: candidate))
            }
        }
        var result: [RankedCandidate] = []
        for key in groups.keys.sorted() {
            let hits = groups[key]!.sorted { ($0.candidate.location?.line ?? 0) < ($1.candidate.location?.line ?? 0) }
            var bestWindow: (parts: Set<Int>, span: Int, first: Int)?
            for start in hits.indices {
                let firstLine = hits[start].candidate.location?.line ?? 0
                var found = Set<Int>()
                var span = 0
                for hit in hits[start...] {
                    let line = hit.candidate.location?.line ?? 0
                    if line - firstLine > 12 { break }
                    if found.insert(hit.part).inserted { span = line - firstLine }
                }
                if let current = bestWindow, (current.parts.count, -current.span) >= (found.count, -span) { continue }
                bestWindow = (found, span, start)
            }
            guard let window = bestWindow else { continue }
            let found = window.parts.filter { parts[$0].contains(where: \.isLetter) }.count
            guard found > 0 else { continue }
            var first = hits[window.first].candidate
            let share = Double(found) / Double(wordParts.count)
            let rank = max(0.05, (first.rank * 0.8 * share * 100).rounded() / 100)
            first.rank = rank
            first.mapping.confidence = rank
            first.mapping.note =
                "\(found) of \(wordParts.count) parts of the joined text together here; first: "
                + (first.mapping.note ?? "")
            result.append(first)
        }
        return result.sorted { a, b in
            if a.rank != b.rank { return a.rank > b.rank }
            return IssueMatcher.locationOrder(a.location, b.location)
        }
    }

    /// Path, then line, then column.
    static func locationOrder(_ a: SourceLocation?, _ b: SourceLocation?) -> Bool {
        let fa = a?.file ?? ""
        let fb = b?.file ?? ""
        if fa != fb { return fa < fb }
        return (a?.line ?? 0, a?.column ?? 0) < (b?.line ?? 0, b?.column ?? 0)
    }
}
