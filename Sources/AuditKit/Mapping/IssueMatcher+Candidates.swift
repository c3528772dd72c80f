import Foundation

/// An automatic candidate with what ranking needs. It names its literal by position in the index and
/// builds its `IssueMapping` only when listed, since a text every view shows has thousands of candidates.
struct RankedCandidate {
    /// How the text was found.
    enum How {
        case exact, folded, pattern
        /// The element's accessibility identifier, set in code (`.accessibilityIdentifier("…")`).
        case identifier
        /// Through the catalog entry `localizedStrings[entry]`.
        case localized(entry: Int)
    }

    /// Position in `SourceIndex.literals`, or -1 for a catalog entry no code uses.
    var literal: Int
    /// For `literal == -1`: position in `SourceIndex.localizedStrings`.
    var catalogEntry = -1
    var how: How
    /// How well the text matched (0...1).
    var rank: Double
    /// The graph node it sits in (`SourceIndex.ownerNames`), -1 for none.
    var node: Int32
    /// Whether a text-bearing SwiftUI/UIKit call shows it directly (not a custom initialiser argument, a
    /// property or a catalog key).
    var isDirectCall: Bool
    /// Whether it is a control label that is not shown.
    var isHiddenLabel: Bool
    /// Whether it matched through a short pattern, tried only inside the screen's subtree.
    var isShortPattern: Bool
    /// Whether it is a tab's title.
    var isTab: Bool
    /// Whether it reaches a text-bearing call (storage keys and identifiers do not).
    var reachesScreen = true
    /// False when the audited target does not compile its file but another target does.
    var inTarget = true
    /// Whether it is a navigation title (`.navigationTitle(…)`), which sits in the navigation bar.
    var isNavigationTitle = false
    /// Whether it sits in a view's code (not a model's, an enum's or a builder's).
    var inView = true
    /// Whether it is one of several texts a name stands for where code uses it (`SourceIndex.isOneOfSeveral`).
    var isOneOfSeveral = false
    /// For a joined or concatenated text: what was found together (kept as numbers, so candidates copy
    /// without reference counting; `phrase(in:)` words it).
    var joinedNote: JoinedNote?
    /// How many characters of the element text the candidate's own text accounts for: all of them for a
    /// whole-text match, a pattern's fixed characters (`"Total: \(amount)"` 7, `"\(a) \(b)"` 1); between
    /// equally ranked candidates the one explaining more comes first.
    var explained = Int.max

    /// What a joined or concatenated text's candidate found.
    enum JoinedNote {
        /// `found` of the joined text's `parts` parts with letters sit together at the place.
        case together(found: Int, parts: Int)
        /// The value of catalog entry `entry` is part of the text.
        case part(entry: Int)

        /// The note's opening words, e.g. "2 of 3 parts of the joined text together here; first: ".
        func phrase(in index: SourceIndex) -> String {
            switch self {
            case .together(let found, let parts): "\(found) of \(parts) parts of the joined text together here; first: "
            case .part(let entry): "part of the text (‘\(index.localizedStrings[entry].value)’) from "
            }
        }
    }

    /// What found the text: the joined note first, else how it matched.
    var evidence: MappingEvidence {
        switch joinedNote {
        case .together?: return .joinedParts
        case .part?: return .catalogParts
        case nil: break
        }
        switch how {
        case .identifier: return .identifier
        case .exact: return .literal
        case .folded: return .foldedLiteral
        case .pattern: return .pattern
        case .localized: return literal < 0 ? .catalogEntry : .catalogKey
        }
    }

    /// Literal order is file order, then position; catalog entries come last.
    static func locationOrder(_ a: RankedCandidate, _ b: RankedCandidate) -> Bool {
        if a.literal != b.literal { return a.literal >= 0 && (b.literal < 0 || a.literal < b.literal) }
        return a.catalogEntry < b.catalogEntry
    }
}

extension RankedCandidate {
    /// A candidate for `index.literals[i]`, with the facts the index keeps about it.
    init(literal i: Int, how: How, rank: Double, in index: SourceIndex, short: Bool = false, explained: Int = .max) {
        let role = index.textRole(at: i)
        self.init(
            literal: i, how: how, rank: rank, node: index.ownerIDs[i], isDirectCall: role == .call,
            isHiddenLabel: index.isHiddenLabel(at: i), isShortPattern: short, isTab: index.isTabTitle(at: i),
            reachesScreen: role != .none, explained: explained)
        isNavigationTitle = index.isNavigationTitle(at: i)
        inView = index.isInView(at: i)
        isOneOfSeveral = index.isOneOfSeveral(at: i)
    }
}

extension IssueMatcher {
    /// The places that set `identifier` as an accessibility identifier (`.accessibilityIdentifier("…")`,
    /// `view.accessibilityIdentifier = "…"`): the strongest candidates there are, ranked 1.
    func identifierCandidates(_ identifier: String, in index: SourceIndex) -> [RankedCandidate] {
        index.literalIndices(exactly: identifier).filter { i in
            let literal = index.literals[i].literal
            return !literal.hasInterpolation
                && (literal.call == "accessibilityIdentifier" || literal.assignedTo == "accessibilityIdentifier")
        }.map { i in
            var candidate = RankedCandidate(
                literal: i, how: .identifier, rank: index.isInPreview(at: i) ? 0.7 : 1, in: index)
            candidate.isDirectCall = true
            candidate.isHiddenLabel = false
            candidate.isTab = false
            candidate.reachesScreen = true
            return candidate
        }
    }

    /// Every automatic candidate for `text` (exact, via the catalogs of `language`, folded, patterns), one per
    /// place (the best rank wins), in no particular order (callers order them with the screen in mind).
    func rankedCandidates(forText text: String, in index: SourceIndex, language: String?) -> [RankedCandidate] {
        var list: [RankedCandidate] = []
        // Where each literal sits in `list`; a dictionary only once a second lookup adds candidates (most texts
        // are found one way, and a text every view shows has tens of thousands of places).
        var position: [Int: Int]?
        var sources = 0
        let whole = text.count
        func add(_ i: Int, base: Double, how: RankedCandidate.How, short: Bool = false, explained: Int? = nil) {
            if index.isNeverCandidate(at: i) { return }
            var score = index.textRole(at: i) == .none ? base - 0.3 : base
            // A pattern whose fixed text is less than half the text says less: its holes may hold anything
            // (`"%1$@ und %2$@"` fits every long text with "und" in it).
            if let explained, explained < whole { score *= min(1, 0.5 + Double(explained) / Double(whole)) }
            if index.isInPreview(at: i) { score -= 0.3 }
            score = max(0.05, (score * 100).rounded() / 100)
            let candidate = RankedCandidate(
                literal: i, how: how, rank: score, in: index, short: short, explained: explained ?? whole)
            if sources > 1 {
                if position == nil {
                    var map: [Int: Int] = [:]
                    map.reserveCapacity(list.count)
                    for (n, known) in list.enumerated() { map[known.literal] = n }
                    position = map
                }
                if let n = position![i] {
                    if (list[n].rank, list[n].explained) < (score, candidate.explained) { list[n] = candidate }
                    return
                }
                position![i] = list.count
            }
            list.append(candidate)
        }
        func lookup(_ indices: [Int], base: Double, how: RankedCandidate.How) {
            guard !indices.isEmpty else { return }
            sources += 1
            for i in indices { add(i, base: base, how: how) }
        }
        // The lookups first, so the list grows once: a text every view shows has thousands of places.
        let exact = index.literalIndices(exactly: text)
        let folded = index.literalIndices(folded: text)
        let patterns = index.patternMatchIndices(text)
        list.reserveCapacity(exact.count + folded.count + patterns.count)
        lookup(exact, base: 0.9, how: .exact)
        // A system item shows the system's title in the device's language, which no code or table holds.
        lookup(index.systemItemIndices(showing: text, language: language), base: 0.9, how: .exact)
        var catalogOnly: [RankedCandidate] = []
        for number in index.localizedStringIndices(showing: text, language: language)
        where index.localizedStrings[number].key != text {
            let users = index.literalIndices(forEntry: number).filter {
                !index.isNeverCandidate(at: $0)
            }
            // A key that shows the text is as good as the text itself: a literal never outranks it. The same
            // literal can use a key twice (its text and its signature), so this lookup always dedupes.
            sources += 2
            let value = TextPattern(format: index.localizedStrings[number].value)
            let explained = value.hasHoles ? value.fixedCharacterCount : whole
            for i in users { add(i, base: 0.9, how: .localized(entry: number), explained: explained) }
            // A storyboard's own localisation is its element, never its `.strings` line.
            if users.isEmpty, !index.isInterfaceEntry(number) {
                catalogOnly.append(
                    RankedCandidate(
                        literal: -1, catalogEntry: number, how: .localized(entry: number), rank: 0.4, node: -1,
                        isDirectCall: false, isHiddenLabel: false, isShortPattern: false, isTab: false,
                        explained: whole))
            }
        }
        // A key with no value in the report's language shows the development language's: below a translation.
        for number in index.untranslatedStringIndices(showing: text, language: language)
        where index.localizedStrings[number].key != text {
            sources += 2
            for i in index.literalIndices(forEntry: number) {
                add(i, base: 0.85, how: .localized(entry: number))
            }
        }
        lookup(folded, base: 0.75, how: .folded)
        if !patterns.isEmpty {
            sources += 1
            for match in patterns {
                add(match.literal, base: 0.7, how: .pattern, short: match.isShort, explained: match.fixed)
            }
        }
        var seenLocations = Set<SourceLocation>()
        for entry in catalogOnly
        where seenLocations.insert(index.localizedStrings[entry.catalogEntry].location).inserted {
            list.append(entry)
        }
        return list
    }

    /// The parts of a text the Inspector joined with ", ", in order: catalog values of `language` the text
    /// holds between two separators (a row's description may have commas of its own), and the rest split at
    /// ", ".
    static func joinedParts(of text: String, in index: SourceIndex, language: String?) -> [String] {
        let characters = Array(text)
        func separated(_ range: Range<Int>) -> Bool {
            (range.lowerBound == 0 || characters[..<range.lowerBound].reversed().starts(with: [" ", ","]))
                && (range.upperBound == characters.count || characters[range.upperBound...].starts(with: [",", " "]))
        }
        let values = index.catalogValueRanges(inside: text, language: language).filter { separated($0.range) }
            .sorted { $0.range.lowerBound < $1.range.lowerBound }
        var parts: [String] = []
        var start = 0
        for value in values + [(value: "", range: characters.count..<characters.count, entries: [])] {
            parts += String(characters[start..<value.range.lowerBound]).components(separatedBy: ", ").filter {
                !$0.isEmpty
            }
            if !value.value.isEmpty { parts.append(value.value) }
            start = value.range.upperBound
        }
        return parts
    }

    /// Candidates for a text the Inspector joined from several elements (`"Paycheck, Planned, $2,450.00"`):
    /// one per place where parts (`joinedParts`) sit close together (within 12 lines) in one view, at the hit
    /// there of the earliest part of the text (section headers and titles are never parts), ranked × 0.8 ×
    /// the share of the parts with letters found there.
    func joinedCandidates(forText text: String, in index: SourceIndex, language: String?) -> [RankedCandidate] {
        let parts = Self.joinedParts(of: text, in: index, language: language).filter { $0.count >= 2 }
        let wordParts = parts.filter { $0.contains(where: \.isLetter) }
        guard parts.count >= 2, !wordParts.isEmpty else { return [] }
        let partHasLetters = parts.map { $0.contains(where: \.isLetter) }
        struct Hit {
            var node: Int32
            var literal: Int
            /// Position in `found`, which is also the order the hits were found in.
            var candidate: Int
            var part: Int
            var line: Int
            /// `SourceIndex.fileIDs`: a number copies and compares without reference counting.
            var file: Int32
        }
        var found: [RankedCandidate] = []
        var hits: [Hit] = []
        for (number, part) in parts.enumerated() {
            // A section header or a navigation title is never part of a combined row.
            for candidate in rankedCandidates(forText: part, in: index, language: language)
            where !candidate.isShortPattern && candidate.literal >= 0 && !index.isHeaderOrTitle(at: candidate.literal) {
                hits.append(
                    Hit(
                        node: candidate.node, literal: candidate.literal, candidate: found.count, part: number,
                        line: index.literals[candidate.literal].literal.line,
                        file: index.fileIDs[candidate.literal]))
                found.append(candidate)
            }
        }
        // Grouped by view (graph node), each group in literal order, which is file order, so a window never
        // spans two files; one sort of all hits instead of a list per view.
        hits.sort { ($0.node, $0.literal, $0.candidate) < ($1.node, $1.literal, $1.candidate) }
        // `seenIn[part]`: the window start that last counted the part.
        var seenIn = Array(repeating: -1, count: parts.count)
        var result: [RankedCandidate] = []
        var groupStart = 0
        while groupStart < hits.count {
            var groupEnd = groupStart + 1
            while groupEnd < hits.count, hits[groupEnd].node == hits[groupStart].node { groupEnd += 1 }
            // The window's place is its hit of the joined text's first part found (a row's label comes first).
            var bestWindow: (parts: Int, lettered: Int, span: Int, first: Int)?
            for start in groupStart..<groupEnd {
                var count = 0
                var lettered = 0
                var span = 0
                var anchor = start
                for h in start..<groupEnd {
                    let hit = hits[h]
                    if hit.line - hits[start].line > 12 || hit.file != hits[start].file { break }
                    if seenIn[hit.part] != start {
                        seenIn[hit.part] = start
                        count += 1
                        if partHasLetters[hit.part] { lettered += 1 }
                        span = hit.line - hits[start].line
                    }
                    if hit.part < hits[anchor].part { anchor = h }
                }
                if let current = bestWindow, (current.parts, -current.span) >= (count, -span) { continue }
                bestWindow = (count, lettered, span, anchor)
            }
            groupStart = groupEnd
            guard let window = bestWindow, window.lettered > 0 else { continue }
            var first = found[hits[window.first].candidate]
            first.rank = max(
                0.05, (first.rank * 0.8 * Double(window.lettered) / Double(wordParts.count) * 100).rounded() / 100)
            first.joinedNote = .together(found: window.lettered, parts: wordParts.count)
            first.explained = text.count
            result.append(first)
        }
        return result.sorted { a, b in a.rank != b.rank ? a.rank > b.rank : RankedCandidate.locationOrder(a, b) }
    }

    /// Candidates for a text built by concatenation (`Text(name) + Text(", ") + Text("Overdue")`), which no
    /// literal shows whole: the code places using the keys of catalog values shown in `language` that occur
    /// inside the text at word boundaries (`SourceIndex.catalogValues(inside:language:)`), ranked as the key
    /// would be (0.9, 0.85 for the development language's value, lower when nothing shows the literal or in
    /// previews) × 0.8 × the value's share of the text's letters, so always below 0.8 and below the same
    /// literal matching the whole text; one per place, the longest value winning. Also a phrase naming the
    /// parts and their keys, empty when there are none.
    func concatenatedCandidates(forText text: String, in index: SourceIndex, language: String?)
        -> (candidates: [RankedCandidate], phrase: String)
    {
        let letters = TextPattern(pieces: [.text(text)]).fixedLetterCount
        guard letters > 0 else { return ([], "") }
        var result: [RankedCandidate] = []
        var position: [Int: Int] = [:]
        var parts: [String] = []
        for part in index.catalogValues(inside: text, language: language) {
            let share = Double(TextPattern(pieces: [.text(part.value)]).fixedLetterCount) / Double(letters)
            let length = part.value.count
            var keys: [String] = []
            for (number, fallback) in part.entries {
                let key = index.localizedStrings[number].key
                for i in index.literalIndices(forEntry: number) where !index.isNeverCandidate(at: i) {
                    let role = index.textRole(at: i)
                    var base = fallback ? 0.85 : 0.9
                    if role == .none { base -= 0.3 }
                    if index.isInPreview(at: i) { base -= 0.3 }
                    let rank = max(0.05, (base * 0.8 * share * 100).rounded() / 100)
                    var candidate = RankedCandidate(
                        literal: i, how: .localized(entry: number), rank: rank, in: index, explained: length)
                    candidate.joinedNote = .part(entry: number)
                    if !keys.contains(key) { keys.append(key) }
                    if let n = position[i] {
                        if result[n].rank < rank { result[n] = candidate }
                    } else {
                        position[i] = result.count
                        result.append(candidate)
                    }
                }
            }
            if !keys.isEmpty {
                parts.append("(‘\(part.value)’) from key " + keys.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        }
        return (result, parts.isEmpty ? "" : "part of the text " + parts.joined(separator: "; part of the text "))
    }

    /// The mapping a candidate stands for, with `confidence`.
    func mapping(_ candidate: RankedCandidate, issueNumber: Int, confidence: Double, in index: SourceIndex)
        -> IssueMapping
    {
        guard candidate.literal >= 0 else {
            let localized = index.localizedStrings[candidate.catalogEntry]
            let tag = localized.language.map { " (\($0))" } ?? ""
            var mapping = IssueMapping(
                issueNumber: issueNumber, origin: .sourceText, location: localized.location,
                note: "localized string \"\(localized.key)\"\(tag); no code uses this key literally",
                confidence: confidence, sourceLiteral: localized.value, localizationKey: localized.key)
            mapping.evidence = .catalogEntry
            return mapping
        }
        let entry = index.literals[candidate.literal]
        let literal = entry.literal
        if let element = index.interfaceElement(at: candidate.literal) {
            return interfaceMapping(
                candidate, element: element, entry: entry, issueNumber: issueNumber, confidence: confidence, in: index)
        }
        var place = literal.callDescription.map { "\($0)(\"\(literal.displayText)\")" } ?? "\"\(literal.displayText)\""
        if let constant = literal.resolvedFrom {
            let label = literal.argumentLabel.map { "\($0): " } ?? ""
            let given = literal.declaringMember.map { "\(constant) in \($0)" } ?? constant
            let setting =
                literal.call.map { "\($0)(\(label)\(constant))" }
                ?? literal.assignedTo.map { "\($0) = \(constant)" } ?? given
            place = "\(setting), which is \"\(literal.displayText)\""
        }
        var (how, key) = candidate.how.phrase(in: index)
        key = key ?? literal.plainText.flatMap { index.catalogKeys.contains($0) ? $0 : nil }
        if let system = Self.systemItemPlace(literal) { (how, place) = ("system item title in", system) }
        var note = (candidate.joinedNote?.phrase(in: index) ?? "") + "\(how) \(place)"
        if !candidate.isDirectCall, index.textRole(at: candidate.literal) == .forwarded {
            note += ", which reaches a text-bearing call"
        }
        if literal.isHiddenLabel { note += " (label not shown)" }
        var symbol: String? = literal.resolvedFrom
        if symbol == nil, let name = literal.assignedTo ?? (literal.call == nil ? literal.member : nil),
            !SourceIndex.textBearingProperties.contains(name), !literal.enclosingTypes.isEmpty
        {
            symbol = (literal.enclosingTypes + [name]).joined(separator: ".")
        }
        var mapping = IssueMapping(
            issueNumber: issueNumber, origin: .sourceText, view: entry.view, location: entry.location, symbol: symbol,
            note: note, status: .open, confidence: confidence, role: SourceIndex.role(of: literal),
            sourceLiteral: literal.displayText, localizationKey: key)
        mapping.evidence = candidate.evidence
        return mapping
    }
}
