/// Whether a font size written as an expression scales with Dynamic Type, followed through the file.
enum SizeVerdict: Equatable {
    /// Every source scales (`@ScaledMetric`, `scaledValue(for:)`).
    case scales
    /// Some source is a literal or a constant that does not scale; `origin` names the declaration the
    /// size comes through (the name in backticks and its line, as “iconSize (line 4)”) when it is not written in place.
    case fixed(origin: String?)
    /// The value comes from outside the file (a parameter, another file's type); the reason says where.
    case unknown(String)

    /// Fixed when any part is fixed, else unknown when any part is, else scales.
    static func combined(_ parts: [SizeVerdict]) -> SizeVerdict {
        if let fixed = parts.first(where: { if case .fixed = $0 { return true } else { return false } }) {
            return fixed
        }
        if let unknown = parts.first(where: { if case .unknown = $0 { return true } else { return false } }) {
            return unknown
        }
        return parts.isEmpty ? .unknown("no value") : .scales
    }
}

extension FontFileScanner {
    /// Follows the size argument to its sources within the file: properties (stored, computed, `static`),
    /// local `let`s, function results, ternaries, arithmetic, `min`/`max`, and the type's extensions.
    mutating func sizeVerdict(_ argument: Argument) -> SizeVerdict {
        if number(argument) != nil { return .fixed(origin: nil) }
        structureIfNeeded()
        var visiting = Set<Int>()
        return verdict(argument.start, argument.end, depth: 0, visiting: &visiting)
    }

    private static let maxDepth = 24

    /// What a size's value comes from, logged while it is followed (`literalSources(of:)`): the number
    /// literals that are sources (not a factor or offset beside a sized term), and whether some source could
    /// not be followed.
    struct SourceLog {
        var literals: [Range<Int>] = []
        var unknown = false
    }

    /// The number literals the size `argument` comes from, each a token range, followed as `sizeVerdict`
    /// follows it (ternaries, `if`/`switch` expressions, `min`/`max`, the view's computed properties and
    /// functions, a call sized by the numbers it is given); nil when a source is not a literal (a parameter,
    /// a name declared elsewhere) or none is found.
    mutating func literalSources(of argument: Argument) -> [Range<Int>]? {
        structureIfNeeded()
        sourceLog = SourceLog()
        var visiting = Set<Int>()
        let result = verdict(argument.start, argument.end, depth: 0, visiting: &visiting)
        let log = sourceLog
        sourceLog = nil
        guard case .fixed = result, let log, !log.unknown, !log.literals.isEmpty else { return nil }
        return log.literals
    }

    mutating func verdict(_ start: Int, _ end: Int, depth: Int, visiting: inout Set<Int>) -> SizeVerdict {
        var s = start
        var e = end
        guard s < e else { return .unknown("an empty expression") }
        guard depth < Self.maxDepth else { return .unknown("the value is too deeply nested to follow") }
        while isPunct(s, "("), Int(partner[s]) == e - 1, e - s > 2 {
            s += 1
            e -= 1
        }
        let level = Int(parent[s])
        // c ? a : b — the condition does not size anything.
        var k = s
        var question = -1
        var nested = 0
        var colon = -1
        while k < e {
            if Int(parent[k]) == level {
                if isPunct(k, "?"), k > s, tokens[k].start > tokens[k - 1].end, !isPunct(k + 1, "?"),
                    !isPunct(k - 1, "?")
                {
                    if question < 0 { question = k } else { nested += 1 }
                } else if isPunct(k, ":"), question >= 0 {
                    if nested == 0 {
                        colon = k
                        break
                    }
                    nested -= 1
                }
            }
            if partner[k] > k, isPunct(k, "(") || isPunct(k, "[") || isPunct(k, "{") {
                k = Int(partner[k]) + 1
                continue
            }
            k += 1
        }
        if question >= 0, colon > question {
            return .combined([
                verdict(question + 1, colon, depth: depth + 1, visiting: &visiting),
                verdict(colon + 1, e, depth: depth + 1, visiting: &visiting),
            ])
        }
        // a + b * 2 — literals are factors and offsets of the sized terms, sources only on their own.
        var terms: [Range<Int>] = []
        var separators: [UInt8] = []
        var termStart = s
        k = s
        while k < e {
            if k > termStart, Int(parent[k]) == level, tokens[k].kind == .punctuation,
                isPunct(k, "+") || isPunct(k, "-") || isPunct(k, "*") || isPunct(k, "/") || isPunct(k, "?"),
                !isOperator(k - 1)
            {
                terms.append(termStart..<k)
                separators.append(tokens[k].byte)
                var next = k + 1
                while next < e, isOperator(next), !isPunct(next, "(") { next += 1 }
                termStart = next
                k = next
                continue
            }
            if partner[k] > k, isPunct(k, "(") || isPunct(k, "[") || isPunct(k, "{") {
                k = Int(partner[k]) + 1
                continue
            }
            k += 1
        }
        if termStart < e { terms.append(termStart..<e) }
        if terms.count > 1 {
            return arithmetic(terms, separators: separators, depth: depth, visiting: &visiting)
        }
        return term(s, e, depth: depth, visiting: &visiting)
    }

    /// Terms joined by `separators` (`+ - * / ?`): each summand a product of factors. Numbers are factors and
    /// offsets of the sized terms, sources only on their own; a product with a factor that scales scales (a
    /// token times a `@ScaledMetric` factor, as `scan --fix` writes for numbers it cannot replace).
    private mutating func arithmetic(
        _ terms: [Range<Int>], separators: [UInt8], depth: Int, visiting: inout Set<Int>
    ) -> SizeVerdict {
        var summands: [[Range<Int>]] = [[terms[0]]]
        for (n, separator) in separators.enumerated() {
            if separator == UInt8(ascii: "*") || separator == UInt8(ascii: "/") {
                summands[summands.count - 1].append(terms[n + 1])
            } else {
                summands.append([terms[n + 1]])
            }
        }
        var parts: [SizeVerdict] = []
        for summand in summands {
            let logged = sourceLog
            let factors = summand.filter { !isNumber($0) }.map {
                verdict($0.lowerBound, $0.upperBound, depth: depth + 1, visiting: &visiting)
            }
            if summand.count > 1, factors.contains(.scales) {
                // What the other factors come from no longer sizes anything on its own.
                sourceLog = logged
                parts.append(.scales)
            } else {
                parts += factors
            }
        }
        return parts.isEmpty ? .fixed(origin: nil) : .combined(parts)
    }

    private func isOperator(_ k: Int) -> Bool {
        guard k >= 0, k < tokens.count, tokens[k].kind == .punctuation else { return false }
        return SourceStructure.operatorBytes.contains(tokens[k].byte)
    }

    private func isNumber(_ range: Range<Int>) -> Bool {
        number(Argument(label: nil, start: range.lowerBound, end: range.upperBound)) != nil
    }

    /// One operand: a literal, `min`/`max`, a conversion, a name, `self.name`, `Type.name`, or a call.
    private mutating func term(_ start: Int, _ end: Int, depth: Int, visiting: inout Set<Int>) -> SizeVerdict {
        let result = followedTerm(start, end, depth: depth, visiting: &visiting)
        if case .unknown = result { sourceLog?.unknown = true }
        return result
    }

    /// `term`: a literal (logged as a source, `sourceLog`), a scaled value, `min`/`max`, a conversion, or a
    /// name or call (`namedTerm`); a call with numbers among its arguments that is not followed to a value
    /// (`lerp(32, 18, progress)`, declared elsewhere or computing from its parameters) is sized by them.
    private mutating func followedTerm(_ start: Int, _ end: Int, depth: Int, visiting: inout Set<Int>) -> SizeVerdict {
        var s = start
        if isPunct(s, "-") { s += 1 }
        if isNumber(s..<end) {
            sourceLog?.literals.append(s..<end)
            return .fixed(origin: nil)
        }
        guard s < end else { return .unknown("an empty expression") }
        // UIFontMetrics(…).scaledValue(for: …) scales whatever it is given.
        if isPunct(end - 1, ")"), Int(partner[end - 1]) > s, isWord(Int(partner[end - 1]) - 1, "scaledValue") {
            return .scales
        }
        if isIdentifier(s), isPunct(s + 1, "("), Int(partner[s + 1]) == end - 1 {
            let name = text(s)
            if name == "min" || name == "max" {
                let args = arguments(open: s + 1)
                return .combined(args.map { verdict($0.start, $0.end, depth: depth + 1, visiting: &visiting) })
            }
            if ["CGFloat", "Double", "Float", "Int"].contains(name) {
                let args = arguments(open: s + 1)
                guard args.count == 1 else { return .unknown("`\(excerpt(s, end - 1))` is not followed") }
                return verdict(args[0].start, args[0].end, depth: depth + 1, visiting: &visiting)
            }
        }
        var log = sourceLog
        let named = namedTerm(s, end, depth: depth, visiting: &visiting)
        guard case .unknown = named, isPunct(end - 1, ")"), Int(partner[end - 1]) > s else { return named }
        let numbers = arguments(open: Int(partner[end - 1])).filter { isNumber($0.start..<$0.end) }
        guard !numbers.isEmpty else { return named }
        log?.literals += numbers.map { $0.start..<$0.end }
        sourceLog = log
        return .fixed(origin: nil)
    }

    /// A name or call: `name`, `name(…)`, `self.name`, `Self.name`, `Type.name`, `Type.Nested.name(…)`,
    /// followed to its declaration in the file, else to another file's constant.
    private mutating func namedTerm(_ s: Int, _ end: Int, depth: Int, visiting: inout Set<Int>) -> SizeVerdict {
        var path: [Int] = []
        var k = s
        while k < end, isIdentifier(k) {
            path.append(k)
            if isPunct(k + 1, "."), k + 2 < end {
                k += 2
            } else {
                k += 1
                break
            }
        }
        let isCall = k < end && isPunct(k, "(") && Int(partner[k]) == end - 1
        guard !path.isEmpty, k == end || isCall else {
            return .unknown("`\(excerpt(s, end - 1))` is not followed")
        }
        let names = path.map(text)
        let member: SourceStructure.Member?
        if names.count == 1 {
            switch resolve(names[0], at: s) {
            case .member(let found): member = found
            case .parameter: return .unknown("`\(names[0])` is a parameter; its value comes from the caller")
            case .notFound:
                if !isCall, let entry = projectConstant(qualifiers: [], name: names[0], at: s) {
                    return .fixed(origin: entry.origin)
                }
                return .unknown("`\(names[0])` is not declared in this file")
            }
        } else {
            let typeNames = Array(names.dropLast())
            let memberName = names[names.count - 1]
            var types: [String] = []
            if typeNames == ["self"] || typeNames == ["Self"] {
                if let index = enclosingType(s), let structure { types = [structure.bodies[index].name] }
            } else if let first = typeNames.first?.utf8.first, first >= 65, first <= 90 {
                let joined = typeNames.joined(separator: ".")
                types =
                    structure?.typesBySimpleName[Substring(typeNames[typeNames.count - 1])]?.filter {
                        $0 == joined || $0.hasSuffix("." + joined)
                    } ?? []
            } else if typeNames.count == 1, case .member(let value) = resolve(typeNames[0], at: s),
                let annotation = value.annotation
            {
                // `size.iconSize` with `let size: AvatarSize`: the member of the value's type.
                types = structure?.typesBySimpleName[Substring(annotation)] ?? []
            }
            guard let structure,
                let index = types.lazy.compactMap({ structure.membersByType[$0]?[memberName]?.first }).first
            else {
                if !isCall, let entry = projectConstant(qualifiers: typeNames, name: memberName, at: s) {
                    return .fixed(origin: entry.origin)
                }
                return .unknown("`\(names.joined(separator: "."))` is not declared in this file")
            }
            member = structure.members[index]
        }
        guard let member else { return .unknown("`\(names.joined(separator: "."))` is not followed") }
        return value(of: member, depth: depth, visiting: &visiting)
    }

    /// The constant of another file of the scan (`SizeConstants`) that a name this file does not declare
    /// names: a bare name (a global, or a `static let` of the type around the use declared in an extension
    /// elsewhere), `Self.name`, or a path starting with a type's name (`DS.Spacing.iconSize`); never a path
    /// through a value (`theme.iconSize`). Without the scan's constants, notes that the file names one
    /// (`namesOtherFiles`), so the scan can read it again once every file's are known.
    mutating func projectConstant(qualifiers: [String], name: String, at use: Int) -> SizeConstants.Entry? {
        guard constants != nil else {
            if Self.mayNameConstant(qualifiers) { namesOtherFiles = true }
            return nil
        }
        return constantEntry(qualifiers: qualifiers, name: name, at: use)
    }

    /// Whether a name written after `qualifiers` can be a constant: a bare name, or a path that starts with
    /// `Self` or a type's (capitalised) name.
    static func mayNameConstant(_ qualifiers: [String]) -> Bool {
        guard let first = qualifiers.first?.utf8.first else { return true }
        return first >= 65 && first <= 90
    }

    /// The constant of `constants` a name this file does not declare names (`projectConstant`).
    func constantEntry(qualifiers written: [String], name: String, at use: Int) -> SizeConstants.Entry? {
        guard let constants, Self.mayNameConstant(written) else { return nil }
        var qualifiers = written[...]
        let selfType = qualifiers.first == "Self"
        if selfType { qualifiers = qualifiers.dropFirst() }
        let enclosing = enclosingType(use).flatMap { structure?.bodies[$0].name.split(separator: ".") } ?? []
        if selfType {
            return constants.entry(qualifiers: enclosing + qualifiers.map { Substring($0) }, name: name, enclosing: [])
        }
        return constants.entry(qualifiers: qualifiers.map { Substring($0) }, name: name, enclosing: enclosing)
    }

    /// What a declaration's value is: scaled by its attribute, else followed through its initial value,
    /// its getter or its function body.
    mutating func value(of member: SourceStructure.Member, depth: Int, visiting: inout Set<Int>) -> SizeVerdict {
        if member.isScaled { return .scales }
        guard visiting.insert(member.keyword).inserted else {
            return .unknown("`\(member.name)` depends on itself")
        }
        defer { visiting.remove(member.keyword) }
        let origin = "`\(member.name)` (line \(lineAndColumn(of: tokens[member.keyword].start).line))"
        var result: SizeVerdict
        if let value = member.value {
            result = verdict(value.lowerBound, value.upperBound, depth: depth + 1, visiting: &visiting)
        } else if let body = member.body {
            result = bodyVerdict(body, depth: depth + 1, visiting: &visiting)
        } else {
            return .unknown("`\(member.name)` has no value in this file; its caller sets it")
        }
        if case .fixed(nil) = result { result = .fixed(origin: origin) }
        return result
    }

    /// The value a getter or function body returns: its `return`s, the branches of an `if` or `switch`
    /// expression, or its single expression.
    mutating func bodyVerdict(_ open: Int, depth: Int, visiting: inout Set<Int>) -> SizeVerdict {
        var b = open
        let close = Int(partner[b])
        guard close > b + 1 else { return .unknown("an empty body") }
        if isWord(b + 1, "get"), isPunct(b + 2, "{"), partner[b + 2] > b + 2 { b += 2 }
        let end = Int(partner[b])
        var parts: [SizeVerdict] = []
        for k in (b + 1)..<end where isWord(k, "return") {
            let valueEnd = statementEnd(from: k + 1)
            if valueEnd > k + 1 { parts.append(verdict(k + 1, valueEnd, depth: depth + 1, visiting: &visiting)) }
        }
        if !parts.isEmpty { return .combined(parts) }
        if isWord(b + 1, "if") || isWord(b + 1, "switch") {
            return branches(from: b + 1, end: end, depth: depth, visiting: &visiting)
        }
        return verdict(b + 1, end, depth: depth + 1, visiting: &visiting)
    }

    /// The results of an `if`/`switch` expression starting at `k`.
    private mutating func branches(from k: Int, end: Int, depth: Int, visiting: inout Set<Int>) -> SizeVerdict {
        let level = Int(parent[k])
        var parts: [SizeVerdict] = []
        var n = k
        while n < end {
            if isPunct(n, "{"), Int(parent[n]) == level, partner[n] > n {
                let close = Int(partner[n])
                if isWord(k, "switch") {
                    var caseStarts: [Int] = []
                    for m in (n + 1)..<close where Int(parent[m]) == n && (isWord(m, "case") || isWord(m, "default")) {
                        caseStarts.append(m)
                    }
                    for (index, caseStart) in caseStarts.enumerated() {
                        let stop = index + 1 < caseStarts.count ? caseStarts[index + 1] : close
                        guard let colon = (caseStart..<stop).first(where: { isPunct($0, ":") && Int(parent[$0]) == n })
                        else { continue }
                        parts.append(verdict(colon + 1, stop, depth: depth + 1, visiting: &visiting))
                    }
                    return .combined(parts)
                }
                parts.append(bodyVerdict(n, depth: depth + 1, visiting: &visiting))
                n = close + 1
                continue
            }
            n += 1
        }
        return .combined(parts)
    }

    enum Resolution {
        case member(SourceStructure.Member)
        case parameter
        case notFound
    }

    /// What `name` used at token `use` refers to, following Swift's shadowing: locals and parameters of
    /// the blocks around it, then the members of the innermost type (with its extensions in the file),
    /// then of the types around that one, then the file's own declarations.
    func resolve(_ name: String, at use: Int) -> Resolution {
        guard let structure else { return .notFound }
        var brace = enclosingBrace(use)
        var inner = use
        while brace >= 0 {
            if let index = structure.bodyByOpen[brace] {
                if let found = structure.membersByType[structure.bodies[index].name]?[name]?.first {
                    return .member(structure.members[found])
                }
            } else {
                if let local = localDeclaration(name, in: brace, before: inner) { return local }
                if parameterNames(ofBlock: brace).contains(name) { return .parameter }
            }
            inner = brace
            brace = enclosingBrace(brace)
        }
        if let found = structure.fileMembers[name]?.first { return .member(structure.members[found]) }
        return .notFound
    }

    /// A `let`, `var` or `func` named `name` declared in the block `{` at `brace` before token `use`, or
    /// a binding of the statement that opens the block holding `use` (`if let`, `for name in`).
    private func localDeclaration(_ name: String, in brace: Int, before use: Int) -> Resolution? {
        guard let declared = structure?.locals[brace]?[name] else { return nil }
        // The last declaration before the use (`SourceStructure.locals` keeps them in order).
        let low = declared.partitionIndex { $0.position < use }
        guard low > 0 else { return nil }
        let found = declared[low - 1]
        if found.isBinding { return .parameter }
        return member(at: found.position).map { .member($0) }
    }

    /// The parameter names of the function or closure whose body is the `{` at `brace`.
    private func parameterNames(ofBlock brace: Int) -> [String] {
        var names: [String] = []
        // { a, b in … } and { (a: CGFloat) in … }
        var m = brace + 1
        let close = Int(partner[brace])
        while m < close, m < brace + 40 {
            if isWord(m, "in") {
                for n in (brace + 1)..<m where isIdentifier(n) && !isPunct(n - 1, ":") { names.append(text(n)) }
                break
            }
            let allowed = isIdentifier(m) || isPunct(m, ",") || isPunct(m, "(") || isPunct(m, ")") || isPunct(m, ":")
            if !allowed || isWord(m, "let") || isWord(m, "var") || isWord(m, "return") { break }
            m += 1
        }
        // func name(label inner: T) … {
        var j = brace - 1
        while j > brace - 60, j > 0 {
            if isPunct(j, ")"), partner[j] >= 0, partner[j] < j {
                let open = Int(partner[j])
                if isWord(open - 1, "init") || isWord(open - 1, "subscript")
                    || (isIdentifier(open - 1) && isWord(open - 2, "func"))
                    || (isPunct(open - 1, ">") && (open - 12..<open).contains { isWord($0, "func") })
                {
                    var segmentStart = open + 1
                    for n in (open + 1)...j where n == j || (isPunct(n, ",") && Int(parent[n]) == open) {
                        if let colon = (segmentStart..<n).first(where: { isPunct($0, ":") && Int(parent[$0]) == open }),
                            colon > segmentStart, isIdentifier(colon - 1)
                        {
                            names.append(text(colon - 1))
                        }
                        segmentStart = n + 1
                    }
                    return names
                }
                j = open - 1
                continue
            }
            if isPunct(j, "{") || isPunct(j, "}") || isPunct(j, ";") || isPunct(j, "=") || isWord(j, "in") { break }
            j -= 1
        }
        return names
    }
}
