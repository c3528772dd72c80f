/// What a reviewer should check once a size scales, worked out once per site: the decision carries it,
/// `scan` and `--fix`'s summary list it, `--fix --notes` writes it above the site.
extension FontFixPlanner {
    /// What holds the text at site `i` back once it scales: a `.frame` of fixed height, `.lineLimit(1)` or
    /// `.minimumScaleFactor(_:)` on the element's own chain of modifiers, or on a container around it (a
    /// stack, an overlay, a button's label) out to the declaration; in source order, each once. Only
    /// sizes that are numbers count, written in place or held by the name they come through
    /// (`fixedLength(_:)`): a frame sized by a `@ScaledMetric` grows with the text.
    mutating func risks(site i: Int) -> [FontFixRisk] {
        guard i >= 0, let dot = scanner.enclosingFontModifier(i) else { return [] }
        var modifiers = scanner.chain(endingAt: dot).modifiers
        let open = dot + 2
        if scanner.partner[open] > open { modifiers += scanner.modifiers(after: Int(scanner.partner[open])) }
        var brace = scanner.enclosingBrace(dot)
        var depth = 0
        while brace >= 0, depth < 64 {
            depth += 1
            let close = Int(scanner.partner[brace])
            guard close > brace else { break }
            modifiers += scanner.modifiers(after: close)
            // A modifier's closure (`.overlay { … }`): the modifiers of the element it decorates too.
            var k = brace - 1
            if scanner.isPunct(k, ")"), scanner.partner[k] >= 0 { k = Int(scanner.partner[k]) - 1 }
            if scanner.isIdentifier(k), scanner.isPunct(k - 1, ".") {
                modifiers += scanner.chain(endingAt: k - 1).modifiers
            }
            brace = scanner.enclosingBrace(brace)
        }
        var risks: [FontFixRisk] = []
        var last = -1
        for modifier in modifiers.sorted() where modifier != last {
            last = modifier
            if let risk = risk(modifier: modifier), !risks.contains(risk) { risks.append(risk) }
        }
        return risks
    }

    /// The risk a modifier (its name's token) poses to scaled text, if any. Its name is compared in place
    /// and its arguments read only for the three that can hold text back: a finding's decision asks for
    /// every modifier around it.
    private mutating func risk(modifier m: Int) -> FontFixRisk? {
        if scanner.isWord(m, "frame") {
            let args = scanner.arguments(open: m + 1)
            guard let height = fixedLength(args.first { $0.label == "height" }) else { return nil }
            return .fixedFrame(width: fixedLength(args.first { $0.label == "width" }), height: height)
        }
        if scanner.isWord(m, "lineLimit") {
            let args = scanner.arguments(open: m + 1)
            return args.count == 1 && args[0].label == nil && Self.number(args[0], in: scanner) == "1"
                ? .singleLine : nil
        }
        if scanner.isWord(m, "minimumScaleFactor") {
            let args = scanner.arguments(open: m + 1)
            guard args.count == 1, args[0].end > args[0].start else { return nil }
            return .minimumScaleFactor(source(args[0].start, args[0].end - 1))
        }
        return nil
    }

    /// The number `argument` is, as written, when it is one number token; nil otherwise.
    private static func number(_ argument: FontFileScanner.Argument?, in scanner: FontFileScanner) -> String? {
        guard let argument, argument.end == argument.start + 1, scanner.tokens[argument.start].kind == .number else {
            return nil
        }
        return scanner.text(argument.start)
    }

    /// A frame's length when it is a fixed number: written in place (as written, `32`), or a plain name
    /// (`iconSide`, `Self.badge`, `Metrics.side`) followed to the `let` or `var` that holds a number, as a
    /// font size's name is (`namedSize(_:)`, `number(heldBy:)`); nil for anything else, a `@ScaledMetric`
    /// included. The file's structure is read only when a length is a name.
    private mutating func fixedLength(_ argument: FontFileScanner.Argument?) -> String? {
        guard let argument else { return nil }
        if let number = Self.number(argument, in: scanner) { return number }
        guard scanner.isIdentifier(argument.start) else { return nil }
        scanner.structureIfNeeded()
        guard let named = namedSize(argument), let value = number(of: named) else { return nil }
        return pointText(value)
    }

    /// `--notes`: the change's note (`// auditkit: review: …`) on the line above the statement each changed
    /// site with a risk is in (the line its view starts on, `Text("x")` of `Text("x")⏎.font(…)⏎.lineLimit(1)`,
    /// not between two modifiers of its chain), indented as that line (one note per line, the risks of its
    /// sites together), unless the line above already holds one, so a second fix adds none.
    mutating func addNotes() {
        var lines: [(start: Int, risks: [FontFixRisk])] = []
        for (n, decision) in decisions.enumerated() {
            guard case .change(let change)? = decision, !change.risks.isEmpty, scanner.sites[n] >= 0 else { continue }
            let start = noteLineStart(site: scanner.sites[n])
            if let index = lines.firstIndex(where: { $0.start == start }) {
                lines[index].risks += change.risks.filter { !lines[index].risks.contains($0) }
            } else {
                lines.append((start, change.risks))
            }
        }
        let prefix = Array(FontFixRisk.notePrefix.utf8)
        for (start, risks) in lines {
            let above = lineStart(of: max(start - 1, 0))
            if start > 0, bytes[above..<start].drop(while: { $0 == 32 || $0 == 9 }).starts(with: prefix) { continue }
            guard let note = FontFixRisk.note(of: risks) else { continue }
            let indentation = bytes[start...].prefix { $0 == 32 || $0 == 9 }
            let newline = start > 0 ? start - 1 : (bytes.firstIndex(of: 10) ?? bytes.count)
            let eol: [UInt8] = newline > 0 && newline < bytes.count && bytes[newline - 1] == 13 ? [13, 10] : [10]
            edits.append(ByteEdit(range: start..<start, replacement: Array(indentation) + Array(note.utf8) + eol))
        }
    }

    /// Where the line a site's note goes above starts: the line of the first token of the statement around
    /// the site's `.font(…)` (`FontFileScanner.statementStart(of:)`), moved up past a token that ends on
    /// it (a multi-line string), so the note is never written inside one.
    private func noteLineStart(site i: Int) -> Int {
        var first = scanner.statementStart(of: scanner.enclosingFontModifier(i) ?? i)
        var start = lineStart(of: tokens[first].start)
        while first > 0, tokens[first - 1].end > start {
            first -= 1
            start = lineStart(of: tokens[first].start)
        }
        return start
    }
}
