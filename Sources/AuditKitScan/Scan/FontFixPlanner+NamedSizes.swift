/// `scan --fix` for sizes that reach the font through a name: a stored property of the view, a `static`
/// or global constant, or a local `let`.
extension FontFixPlanner {
    /// Where a size written as a plain name comes from.
    enum NamedSize {
        /// A stored instance property of the type around the use (`iconSize`, `self.iconSize`).
        case property(SourceStructure.Member)
        /// A `static let` or global `let`, and the expression that names it from the view's stored
        /// property initial values (`Metrics.icon`, `Card.titleSize` for `Self.titleSize`, `iconSize`).
        case constant(SourceStructure.Member, expression: String)
        /// A `let` of a block around the use.
        case local(SourceStructure.Member)
        /// A constant another file of the scan declares (`SizeConstants`), and the expression that names it
        /// from a stored property's initial value (`DS.Spacing.iconSize`, as written; a bare or `Self.` name
        /// by its types, `Card.titleSize`).
        case external(SizeConstants.Entry, expression: String)

        /// The declaration in this file the name refers to; nil for another file's constant.
        var member: SourceStructure.Member? {
            switch self {
            case .property(let member), .constant(let member, _), .local(let member): return member
            case .external: return nil
            }
        }
    }

    /// The number the name holds: its declaration's value written in place (`number(heldBy:)`), or another
    /// file's constant's.
    func number(of named: NamedSize) -> Double? {
        if case .external(let entry, _) = named { return entry.value }
        return named.member.flatMap(number(heldBy:))
    }

    /// A fixed size that is not a literal: when it is a plain name whose declaration holds a number written
    /// in place, a `.system(size:)` through a `static`, global or local `let` is decided from that number
    /// as if written in place (a text's style, `textStyle(_:site:size:nearest:)`; a local left unused is
    /// deleted), else scaled through a `@ScaledMetric` (the stored property's declaration rewritten, or a
    /// new property naming the constant or holding the local's literal); the other APIs are rewritten as
    /// for a literal, the name kept; anything else is left with the reason.
    mutating func named(_ finding: FontFinding, site i: Int) {
        var open = i + 1
        if scanner.isPunct(open, "."), scanner.isWord(open + 1, "init") { open += 2 }
        guard
            let argument = scanner.arguments(open: open).first(where: {
                $0.label == "size" || $0.label == "fixedSize" || $0.label == "ofSize"
            })
        else { return }
        guard let named = namedSize(argument) else {
            if scaleLiterals(finding, site: i, argument: argument) { return }
            let origin =
                finding.sizeOrigin.map { "the size comes through \($0), in an expression" }
                ?? "the size is an expression"
            skip(finding, .notWrittenInPlace(origin + " the fix cannot scale in place"))
            return
        }
        guard let member = named.member else {
            if case .external(let entry, let expression) = named {
                external(finding, site: i, argument: argument, entry: entry, expression: expression)
            }
            return
        }
        let line = scanner.lineAndColumn(of: tokens[member.keyword].start).line
        let through = "the size comes through `\(member.name)` (line \(line))"
        guard let valueRange = member.value, let size = number(heldBy: member) else {
            skip(finding, .notWrittenInPlace(through + ", whose value is not a number written in place"))
            return
        }
        switch finding.api {
        case ".system(size:)":
            if case .property(let member) = named {
                scaleDeclaration(finding, site: i, member: member, size: size)
                return
            }
            guard scanner.isWord(member.keyword, "let") else {
                skip(finding, .notWrittenInPlace(through + ", a `var` that may change after the view is made"))
                return
            }
            // Followed to its number, the size is decided as that number written in place: a text's style.
            if textStyle(finding, site: i, size: size, nearest: finding.isTextContext) {
                switch named {
                case .local: replacedLocals[member.keyword, default: 0] += 1
                case .constant: replacedConstants.insert(member.keyword)
                case .property, .external: break
                }
                return
            }
            if case .constant(_, let expression) = named {
                scaledMetric(finding, site: i, argument: argument, size: size, initial: expression)
            } else {
                scaledMetric(finding, site: i, argument: argument, size: size, initial: source(valueRange))
                if case .change = decisions[current] { replacedLocals[member.keyword, default: 0] += 1 }
            }
        case ".custom(_:fixedSize:)", ".custom(_:size:)": custom(finding, site: i, size: size)
        case let api where api.hasPrefix("UIFont"): uiKit(finding, site: i, size: size)
        default:
            skip(finding, .unsupported("AppKit has no UIFontMetrics"))
        }
    }

    /// A size through another file's constant (`SizeConstants`): decided from its number as if written in
    /// place (a text's style; a symbol's or a far size's `@ScaledMetric` starting from the constant, so the
    /// design system's value stays the one source); the constant's declaration is left as it is.
    mutating func external(
        _ finding: FontFinding, site i: Int, argument: FontFileScanner.Argument, entry: SizeConstants.Entry,
        expression: String
    ) {
        switch finding.api {
        case ".system(size:)":
            if textStyle(finding, site: i, size: entry.value, nearest: finding.isTextContext) { return }
            scaledMetric(finding, site: i, argument: argument, size: entry.value, initial: expression)
        case ".custom(_:fixedSize:)", ".custom(_:size:)": custom(finding, site: i, size: entry.value)
        case let api where api.hasPrefix("UIFont"): uiKit(finding, site: i, size: entry.value)
        default: skip(finding, .unsupported("AppKit has no UIFontMetrics"))
        }
    }

    /// The number a declaration's initial value is when it is one written in place (`= 32`), as a size
    /// through its name is followed (`named(_:site:)`) and a frame's length (`risks(site:)`).
    func number(heldBy member: SourceStructure.Member) -> Double? {
        guard let value = member.value else { return nil }
        return scanner.number(FontFileScanner.Argument(label: nil, start: value.lowerBound, end: value.upperBound))
    }

    /// The source text of a token range.
    func source(_ range: Range<Int>) -> String { source(range.lowerBound, range.upperBound - 1) }

    /// What the argument names when it is only a name (`iconSize`, `self.iconSize`, `Self.titleSize`,
    /// `Metrics.icon`) declared in the file as a stored property, a `static let`, a global or a local.
    func namedSize(_ argument: FontFileScanner.Argument) -> NamedSize? {
        guard let structure = scanner.structure else { return nil }
        var path: [Int] = []
        var k = argument.start
        while k < argument.end, scanner.isIdentifier(k) {
            path.append(k)
            guard scanner.isPunct(k + 1, "."), k + 2 < argument.end else {
                k += 1
                break
            }
            k += 2
        }
        guard k == argument.end, let last = path.last else { return nil }
        let name = scanner.text(last)
        let enclosing = scanner.enclosingType(argument.start).map { structure.bodies[$0].name }
        let member: SourceStructure.Member
        if path.count == 1 {
            switch scanner.resolve(name, at: argument.start) {
            case .member(let found): member = found
            case .parameter: return nil
            case .notFound: return externalSize(qualifiers: [], name: name, argument: argument)
            }
        } else {
            let typeNames = path.dropLast().map(scanner.text)
            var types: [String] = []
            if typeNames == ["self"] || typeNames == ["Self"] {
                types = enclosing.map { [$0] } ?? []
            } else if let first = typeNames.first?.utf8.first, first >= 65, first <= 90 {
                let joined = typeNames.joined(separator: ".")
                types =
                    structure.typesBySimpleName[Substring(typeNames[typeNames.count - 1])]?.filter {
                        $0 == joined || $0.hasSuffix("." + joined)
                    } ?? []
            }
            guard let index = types.lazy.compactMap({ structure.membersByType[$0]?[name]?.first }).first else {
                return externalSize(qualifiers: typeNames, name: name, argument: argument)
            }
            member = structure.members[index]
        }
        guard !member.isFunction, !member.isScaled, member.body == nil else { return nil }
        let level = Int(scanner.parent[member.keyword])
        if level < 0 { return path.count == 1 ? .constant(member, expression: name) : nil }
        guard let owner = structure.bodyByOpen[level] else { return path.count == 1 ? .local(member) : nil }
        let ownerName = structure.bodies[owner].name
        if member.isStatic {
            // `Self` and a bare name cannot be written in a stored property's initial value; the type's name can.
            let qualified = path.count == 1 || scanner.isWord(path[0], "Self")
            return .constant(member, expression: qualified ? ownerName + "." + name : source(argument.start, last))
        }
        guard ownerName == enclosing, path.count == 1 || scanner.isWord(path[0], "self") else { return nil }
        return .property(member)
    }

    /// Another file's constant (`FontFileScanner.constantEntry`) that the argument names, with the
    /// expression a stored property's initial value can name it by: as written when it starts with a type's
    /// name, else (a bare name, `Self.name`) by the types it is declared in.
    func externalSize(qualifiers: [String], name: String, argument: FontFileScanner.Argument) -> NamedSize? {
        guard let entry = scanner.constantEntry(qualifiers: qualifiers, name: name, at: argument.start) else {
            return nil
        }
        let written = qualifiers.first.map { $0 != "Self" } ?? false
        return .external(entry, expression: written ? source(argument.start, argument.end - 1) : entry.qualifiedName)
    }

    /// A stored property of the view used only as `.system(size:)` sizes in the type becomes
    /// `@ScaledMetric(relativeTo: .STYLE)` itself, keeping a written access level (none written: `private`
    /// for a `let`, none for a `var`, which callers may set through the memberwise initialiser); its uses
    /// stay. One used elsewhere is left: a `@ScaledMetric`'s initial value cannot name an instance property.
    mutating func scaleDeclaration(_ finding: FontFinding, site i: Int, member: SourceStructure.Member, size: Double) {
        if let done = scaledDeclarations[member.keyword] {
            change(finding, .scaledMetric, done)
            return
        }
        guard let (typeName, _) = enclosingView(finding, site: i) else { return }
        let line = scanner.lineAndColumn(of: tokens[member.keyword].start).line
        let origin = "the size comes through `\(member.name)` (line \(line))"
        let outside = outsideUses[member.keyword] ?? useOutsideFontSizes(of: member, typeName: typeName)
        outsideUses[member.keyword] = outside
        if let line = outside {
            skip(
                finding,
                .notWrittenInPlace(
                    origin + ", also used outside a `.system(size:)` the fix rewrites (line \(line)), and a"
                        + " @ScaledMetric cannot start from an instance property; make it a `static let`"))
            return
        }
        var access = scanner.isWord(member.keyword, "let") ? "private " : ""
        for k in member.start..<member.keyword {
            guard ["private", "fileprivate", "internal", "public", "package"].contains(scanner.text(k)) else {
                let modifiers = source(member.start, member.keyword - 1)
                skip(finding, .notWrittenInPlace(origin + ", declared `\(modifiers)`, which a @ScaledMetric cannot be"))
                return
            }
            access = scanner.text(k) + " "
        }
        let nameToken = member.keyword + 1
        let typed = scanner.isPunct(nameToken + 1, ":")
        guard let value = member.value,
            typed
                ? scanner.isWord(nameToken + 2, "CGFloat") && value.lowerBound == nameToken + 4
                : value.lowerBound == nameToken + 2,
            !scanner.isPunct(value.upperBound, ",")
        else {
            skip(finding, .notWrittenInPlace(origin + ", not declared as one `CGFloat` with a number"))
            return
        }
        let style = styleAndRole(for: finding, site: i, size: size).style
        let text =
            "@ScaledMetric(relativeTo: .\(style.name)) \(access)var \(member.name): CGFloat = \(source(value))"
        replace(member.start, value.upperBound - 1, with: text)
        let after = "`\(text)`, the declaration of `\(member.name)` rewritten"
        scaledDeclarations[member.keyword] = after
        change(finding, .scaledMetric, after)
    }

    /// The line of the first use of the property's name, in the type's declaration and extensions (or as
    /// `.name` anywhere in the file), that is not the whole size of a `.system(size:)` finding this fix
    /// rewrites; nil when there is none.
    func useOutsideFontSizes(of member: SourceStructure.Member, typeName: String) -> Int? {
        guard let structure = scanner.structure else { return nil }
        var sizes = Set<Int>()
        for (n, finding) in scanner.findings.enumerated()
        where finding.api == ".system(size:)" && finding.rule == .fixedSize && finding.suppression == nil
            && rules.contains(.fixedSize) && scanner.sites[n] >= 0
        {
            guard let argument = scanner.arguments(open: scanner.sites[n] + 1).first, argument.label == "size" else {
                continue
            }
            if argument.end - argument.start == 1 { sizes.insert(argument.start) }
            if argument.end - argument.start == 3, scanner.isWord(argument.start, "self"),
                scanner.isPunct(argument.start + 1, ".")
            {
                sizes.insert(argument.start + 2)
            }
        }
        let bodies = structure.bodies.filter { $0.name == typeName }
        for k in tokens.indices where k != member.keyword + 1 && scanner.isWord(k, member.name) {
            let inType = bodies.contains { $0.open < k && k < $0.close }
            if inType ? !sizes.contains(k) : scanner.isPunct(k - 1, ".") {
                return scanner.lineAndColumn(of: tokens[k].start).line
            }
        }
        return nil
    }

    /// Deletes the line of each local `let` whose every use was replaced by a `@ScaledMetric` property (it
    /// would be left unused, a compiler warning), when the declaration is alone on its line.
    mutating func removeReplacedLocals() {
        for (keyword, replaced) in replacedLocals {
            guard let member = scanner.member(at: keyword), let value = member.value else { continue }
            let block = scanner.enclosingBrace(keyword)
            let end = block >= 0 && scanner.partner[block] > block ? Int(scanner.partner[block]) : tokens.count
            // `size` in `.system(size: size)` is a label, not a use.
            let uses = (value.upperBound..<end).filter {
                scanner.isWord($0, member.name) && !scanner.isPunct($0 - 1, ".") && !scanner.isArgumentLabel($0)
            }
            guard uses.count == replaced, let lines = declarationLines(of: member, value: value) else { continue }
            edits.append(ByteEdit(range: lines, replacement: []))
        }
    }

    /// The bytes of the lines a declaration is written on, from the start of its line to the end of its
    /// value's, when nothing else is on them; with `documentation`, the `///` lines right above too.
    func declarationLines(of member: SourceStructure.Member, value: Range<Int>, documentation: Bool = false)
        -> Range<Int>?
    {
        var start = lineStart(of: tokens[member.start].start)
        guard bytes[start..<tokens[member.start].start].allSatisfy({ $0 == 32 || $0 == 9 }),
            let newline = (tokens[value.upperBound - 1].end..<bytes.count).first(where: { bytes[$0] == 10 }),
            bytes[tokens[value.upperBound - 1].end..<newline].allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 })
        else { return nil }
        while documentation, start > 0 {
            let above = lineStart(of: start - 1)
            let text = bytes[above..<(start - 1)].drop { $0 == 32 || $0 == 9 }
            guard text.starts(with: Array("///".utf8)) else { break }
            start = above
        }
        return start..<(newline + 1)
    }

    /// Deletes the declaration of each `static let` or global `let` whose every use in the file became a
    /// text style (`named(_:site:)`), as the edits `kept` make them, so no unused constant is left: when
    /// its name is written nowhere else in the file (a comment or string included, the code the edits
    /// write included), and, unless it is `private` or `fileprivate`, `usedElsewhere` (the other scanned
    /// files) does not name it; nil `usedElsewhere` keeps those, and a `public`, `open` or `package` one is
    /// always kept. Whether it deleted one.
    mutating func removeDeadConstants(kept: [ByteEdit], usedElsewhere: ((String) -> Bool)?) -> Bool {
        var deleted = false
        for keyword in replacedConstants.sorted() {
            guard let member = scanner.member(at: keyword), let value = member.value,
                let lines = declarationLines(of: member, value: value, documentation: true)
            else { continue }
            let name = Array(member.name.utf8)
            let covered = [lines] + kept.map(\.range).filter { !$0.isEmpty }
            let written = Self.occurrences(of: name, in: bytes).contains { offset in
                !covered.contains { $0.contains(offset) }
            }
            guard !written, !kept.contains(where: { !Self.occurrences(of: name, in: $0.replacement).isEmpty }) else {
                continue
            }
            // A `public` (or `open`, `package`) constant may be named by code outside the paths given.
            guard
                !(member.start..<member.keyword).contains(where: {
                    scanner.isWord($0, "public") || scanner.isWord($0, "open") || scanner.isWord($0, "package")
                })
            else { continue }
            let isPrivate = (member.start..<member.keyword).contains {
                scanner.isWord($0, "private") || scanner.isWord($0, "fileprivate")
            }
            if !isPrivate {
                guard let usedElsewhere, !usedElsewhere(member.name) else { continue }
            }
            edits.append(ByteEdit(range: collapsingBlankLine(lines), replacement: []))
            deleted = true
        }
        return deleted
    }

    /// `lines` and, when the line above them and the line below are blank (or the file starts above),
    /// the blank line below, so deleting them leaves one blank line between declarations, not two.
    func collapsingBlankLine(_ lines: Range<Int>) -> Range<Int> {
        func isBlank(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }
        guard lines.upperBound < bytes.count,
            let newline = (lines.upperBound..<bytes.count).first(where: { bytes[$0] == 10 }),
            isBlank(lines.upperBound..<newline)
        else { return lines }
        let above = lines.lowerBound == 0 ? nil : lineStart(of: lines.lowerBound - 1)
        guard above.map({ isBlank($0..<(lines.lowerBound - 1)) }) ?? true else { return lines }
        return lines.lowerBound..<(newline + 1)
    }

    /// The offsets where `name` is written as a whole word in `bytes`.
    static func occurrences<C: Collection>(of name: [UInt8], in bytes: C) -> [Int]
    where C.Element == UInt8, C.Index == Int {
        func isWordByte(_ b: UInt8) -> Bool {
            (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95 || b >= 0x80
        }
        guard let first = name.first, bytes.count >= name.count else { return [] }
        var result: [Int] = []
        var k = bytes.startIndex
        let last = bytes.endIndex - name.count
        while k <= last {
            if bytes[k] == first, bytes[k..<(k + name.count)].elementsEqual(name),
                k == bytes.startIndex || !isWordByte(bytes[k - 1]),
                k + name.count == bytes.endIndex || !isWordByte(bytes[k + name.count])
            {
                result.append(k)
            }
            k += 1
        }
        return result
    }
}

extension FontFileScanner {
    /// Whether the identifier at `k` labels an argument (`size` in `.system(size: 16)`): it follows `(` or
    /// `,` and comes before `:`.
    func isArgumentLabel(_ k: Int) -> Bool {
        isPunct(k + 1, ":") && (isPunct(k - 1, "(") || isPunct(k - 1, ","))
    }
}
