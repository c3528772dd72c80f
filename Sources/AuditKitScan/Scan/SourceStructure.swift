/// The declarations of one Swift file that the scanner's data flow and `scan --fix` need, read from the
/// lexer's tokens with brackets already matched: type bodies (extensions included, under the extended
/// name) and the `let`/`var`/`func` members declared directly in them or at file level.
struct SourceStructure {
    /// A `struct`/`class`/`enum`/`actor`/`protocol`/`extension` body.
    struct TypeBody {
        /// Qualified by enclosing types (`HomeView.Row`); an extension uses the name it extends.
        var name: String
        /// Token index of the declaration keyword.
        var keyword: Int
        /// Token indices of its `{` and `}`.
        var open: Int
        var close: Int
        var isExtension: Bool
        /// The names after `:`, last component only.
        var inherited: [String]
        /// Its keyword: `struct`, `class`, `enum`, `actor`, `protocol` or `extension`.
        var keywordName: String

        /// Whether an instance of it can hold a stored property (`@ScaledMetric`): a `struct` or a `class`.
        var holdsStoredProperties: Bool { keywordName == "struct" || keywordName == "class" }
    }

    /// A `let`, `var` or `func` declared in a type body, at file level, or (read on demand) in a block.
    struct Member {
        var name: String
        /// Token index of `let`, `var` or `func`.
        var keyword: Int
        /// Token index of the first attribute or modifier before the keyword (the declaration's start).
        var start: Int
        var isStatic: Bool
        /// Declared with `@ScaledMetric`.
        var isScaled: Bool
        var isFunction: Bool
        /// The initial value's tokens (`= value`), for stored properties and locals.
        var value: Range<Int>?
        /// The `{` of a computed property's or a function's body.
        var body: Int?
        /// The `(` of a function's parameter list.
        var parameters: Int?
        /// The type a property or local is declared with, its last name (`AvatarSize` for
        /// `let size: Theme.AvatarSize`; nil without an annotation, or for an optional, a tuple or a closure).
        var annotation: String?
    }

    var bodies: [TypeBody] = []
    /// Type body index by the token index of its `{`.
    var bodyByOpen: [Int: Int] = [:]
    /// Member indices by type name, then member name.
    var membersByType: [String: [String: [Int]]] = [:]
    /// File-level member indices by name.
    var fileMembers: [String: [Int]] = [:]
    var members: [Member] = []
    /// Type names by their last component, for `Metrics.iconSize`.
    var typesBySimpleName: [Substring: [String]] = [:]
    /// The names each block (by its `{`) declares directly, with where: a `let`, `var` or `func` (its keyword),
    /// or a binding (`if let`, `guard let`, `case let`, `for name in`, `catch`), in order. Looked up by name,
    /// so a size named in a block of thousands of uses is resolved without reading the block again each time.
    var locals: [Int: [String: [(position: Int, isBinding: Bool)]]] = [:]

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "static", "class", "final", "lazy", "override",
        "nonisolated", "mutating", "nonmutating", "weak", "unowned", "dynamic", "required", "convenience",
        "indirect", "package",
    ]
    /// Punctuation that, ending a line or starting the next, continues an expression.
    static let continuingBytes: Set<UInt8> = Set("=+-*/%<>&|^?:,.([{!".utf8)
    /// The bytes of operators, for splitting arithmetic.
    static let operatorBytes: Set<UInt8> = Set("+-*/%=<>!&|^?:".utf8)
    static let declarationWords: Set<String> = ["func", "var", "let", "init", "subscript", "case", "typealias"]
}

extension FontFileScanner {
    /// Reads the file's types and members (once; `run` calls it only when some size is not a literal).
    mutating func structureIfNeeded() {
        guard structure == nil else { return }
        if partner.count != tokens.count { matchBrackets() }
        var result = SourceStructure()
        var stack: [Int] = []
        for k in tokens.indices where tokens[k].kind == .identifier {
            let length = tokens[k].end - tokens[k].start
            guard length >= 3, length <= 9 else { continue }
            while let last = stack.last, result.bodies[last].close < k { stack.removeLast() }
            let word = text(k)
            if SourceStructure.typeKeywords.contains(word) {
                if let body = typeBody(at: k, word: word, enclosing: stack.last.map { result.bodies[$0].name }) {
                    result.bodyByOpen[body.open] = result.bodies.count
                    result.typesBySimpleName[body.name.split(separator: ".").last ?? Substring(body.name), default: []]
                        .append(body.name)
                    stack.append(result.bodies.count)
                    result.bodies.append(body)
                }
            } else if word == "for" || word == "catch" {
                let level = Int(parent[k])
                guard level >= 0, isPunct(level, "{"), result.bodyByOpen[level] == nil else { continue }
                var m = k + 1
                while m < tokens.count, m < k + 12, !isWord(m, "in"), !isPunct(m, "{") {
                    if isIdentifier(m) { result.locals[level, default: [:]][text(m), default: []].append((k, true)) }
                    m += 1
                }
            } else if word == "var" || word == "let" || word == "func" {
                let level = Int(parent[k])
                if level >= 0, isPunct(level, "{"), result.bodyByOpen[level] == nil, isIdentifier(k + 1) {
                    let isBinding =
                        isWord(k - 1, "if") || isWord(k - 1, "guard") || isWord(k - 1, "while")
                        || isWord(k - 1, "case") || isPunct(k - 1, ",")
                    result.locals[level, default: [:]][text(k + 1), default: []].append((k, isBinding))
                    continue
                }
                let owner: Int? = level < 0 ? -1 : result.bodyByOpen[level]
                guard let owner, let member = member(at: k) else { continue }
                if owner < 0 {
                    result.fileMembers[member.name, default: []].append(result.members.count)
                } else {
                    result.membersByType[result.bodies[owner].name, default: [:]][member.name, default: []].append(
                        result.members.count)
                }
                result.members.append(member)
            }
        }
        structure = result
    }

    /// The type body a declaration keyword at `k` opens, if it is one (not `class func`, not `case`).
    func typeBody(at k: Int, word: String, enclosing: String?) -> SourceStructure.TypeBody? {
        guard isIdentifier(k + 1), !SourceStructure.declarationWords.contains(text(k + 1)),
            !SourceStructure.modifiers.contains(text(k + 1))
        else { return nil }
        var name = text(k + 1)
        var n = k + 2
        if word == "extension" {
            while isPunct(n, "."), isIdentifier(n + 1) {
                name += "." + text(n + 1)
                n += 2
            }
        } else if let enclosing {
            name = enclosing + "." + name
        }
        var inherited: [String] = []
        var angle = 0
        var inClause = false
        let limit = min(tokens.count, n + 400)
        while n < limit {
            if isPunct(n, "{") {
                guard angle == 0, partner[n] > n else { return nil }
                return SourceStructure.TypeBody(
                    name: name, keyword: k, open: n, close: Int(partner[n]), isExtension: word == "extension",
                    inherited: inherited, keywordName: word)
            }
            if isPunct(n, ";") || isPunct(n, "}") || isPunct(n, "=") { return nil }
            if isPunct(n, "<") { angle += 1 }
            if isPunct(n, ">") { angle -= 1 }
            if isPunct(n, "(") || isPunct(n, "["), partner[n] > n {
                n = Int(partner[n]) + 1
                continue
            }
            if angle == 0 {
                if isPunct(n, ":") { inClause = true }
                if isWord(n, "where") { inClause = false }
                if inClause, isIdentifier(n), !isPunct(n + 1, ".") { inherited.append(text(n)) }
            }
            n += 1
        }
        return nil
    }

    /// The declaration whose `let`, `var` or `func` is token `k`.
    func member(at k: Int) -> SourceStructure.Member? {
        guard isIdentifier(k + 1) else { return nil }
        let name = text(k + 1)
        var start = k
        var isStatic = false
        var isScaled = false
        var j = k - 1
        while j >= 0 {
            if isIdentifier(j), SourceStructure.modifiers.contains(text(j)), !isPunct(j - 1, "@") {
                if isWord(j, "static") || isWord(j, "class") { isStatic = true }
                start = j
                j -= 1
            } else if isIdentifier(j), isPunct(j - 1, "@") {
                if isWord(j, "ScaledMetric") { isScaled = true }
                start = j - 1
                j -= 2
            } else if isPunct(j, ")"), partner[j] >= 0, partner[j] < j {
                let open = Int(partner[j])
                if isIdentifier(open - 1), isPunct(open - 2, "@") {
                    if isWord(open - 1, "ScaledMetric") { isScaled = true }
                    start = open - 2
                    j = open - 3
                } else if isIdentifier(open - 1), SourceStructure.modifiers.contains(text(open - 1)) {
                    start = open - 1
                    j = open - 2
                } else {
                    break
                }
            } else {
                break
            }
        }
        var result = SourceStructure.Member(
            name: name, keyword: k, start: start, isStatic: isStatic, isScaled: isScaled,
            isFunction: isWord(k, "func"))
        let level = Int(parent[k])
        var n = k + 2
        if result.isFunction {
            if isPunct(n, "<"), let close = (n..<min(tokens.count, n + 200)).first(where: { isPunct($0, ">") }) {
                n = close + 1
            }
            guard isPunct(n, "("), partner[n] > n else { return result }
            result.parameters = n
            n = Int(partner[n]) + 1
            while n < tokens.count, n < k + 400 {
                if isPunct(n, "{") {
                    if partner[n] > n { result.body = n }
                    return result
                }
                if isPunct(n, ";") || (isPunct(n, "}") && Int(partner[n]) <= level) { return result }
                if (isPunct(n, "(") || isPunct(n, "[")) && partner[n] > n {
                    n = Int(partner[n]) + 1
                    continue
                }
                if n > k + 2, startsLine(n), isIdentifier(n),
                    SourceStructure.declarationWords.contains(text(n)) || SourceStructure.modifiers.contains(text(n))
                {
                    return result
                }
                n += 1
            }
            return result
        }
        // `let name: Type = value`, `var name = value`, `var name: Type { … }`.
        if isPunct(n, ":") {
            n += 1
            result.annotation = typeName(at: n)
            while n < tokens.count, !isPunct(n, "="), !isPunct(n, "{") {
                if isPunct(n, ";") || isPunct(n, "}") || isPunct(n, ",") || isPunct(n, ")") { return result }
                if n > k + 3, startsLine(n), !continuesLine(n) { return result }
                if (isPunct(n, "(") || isPunct(n, "[")) && partner[n] > n {
                    n = Int(partner[n]) + 1
                    continue
                }
                n += 1
            }
        }
        if isPunct(n, "="), !isPunct(n + 1, "=") {
            let end = statementEnd(from: n + 1)
            if end > n + 1 { result.value = (n + 1)..<end }
        } else if isPunct(n, "{"), partner[n] > n {
            result.body = n
        }
        return result
    }

    /// The last name of the type written from token `k` (`AvatarSize` for `Theme.AvatarSize`), when it is a
    /// plain one (not an optional, a generic, a tuple or a closure).
    func typeName(at k: Int) -> String? {
        var last = k
        while isIdentifier(last), isPunct(last + 1, "."), isIdentifier(last + 2) { last += 2 }
        guard isIdentifier(last), !isPunct(last + 1, "?"), !isPunct(last + 1, "<") else { return nil }
        return text(last)
    }

    /// Whether a newline separates token `n` from the one before it.
    func startsLine(_ n: Int) -> Bool {
        guard n > 0, n < tokens.count else { return true }
        var k = tokens[n - 1].end
        let end = tokens[n].start
        while k < end {
            if bytes[k] == 10 { return true }
            k += 1
        }
        return false
    }

    /// Whether token `n`, first on its line, continues the expression of the line before (`.modifier`,
    /// `? a : b`, a binary operator), or the line before ends with an operator.
    func continuesLine(_ n: Int) -> Bool {
        let continuing = SourceStructure.continuingBytes
        if tokens[n].kind == .punctuation, continuing.contains(tokens[n].byte), !isPunct(n, "(") && !isPunct(n, "[") {
            return !isPunct(n, "!")
        }
        if isWord(n, "else") { return true }
        guard n > 0 else { return false }
        if tokens[n - 1].kind == .punctuation, continuing.contains(tokens[n - 1].byte), !isPunct(n - 1, ")") {
            return true
        }
        return isWord(n - 1, "return")
    }

    /// The token just past the expression starting at `s`: a `;`, `,` or closing bracket of the level
    /// around it, or the first token of a line that does not continue the expression.
    func statementEnd(from s: Int) -> Int {
        var n = s
        while n < tokens.count {
            if n > s, startsLine(n), !continuesLine(n) { return n }
            let token = tokens[n]
            if token.kind == .punctuation {
                switch token.byte {
                case UInt8(ascii: ";"), UInt8(ascii: ","): return n
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if partner[n] < s { return n }
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    if partner[n] > n {
                        n = Int(partner[n]) + 1
                        continue
                    }
                default: break
                }
            }
            n += 1
        }
        return n
    }

    /// The first token of the statement (or argument) holding token `k`, as `statementEnd(from:)` finds
    /// its end: back over bracketed groups and the lines that continue the one before (a `.modifier`, an
    /// operator), to a token that starts its line without continuing it or follows a `:` ending the line
    /// before (`case .a:`), or that follows an open bracket, a `,` or a `;`. `Text` in
    /// `Text("x")⏎.font(…)⏎.lineLimit(1)`; `let` in `let label = Text("x")⏎.font(…)`; `Button` in
    /// `Button {…} label: {…}⏎.font(…)`.
    func statementStart(of k: Int) -> Int {
        var n = k
        while n > 0 {
            let p = n - 1
            if isPunct(p, "{") || isPunct(p, "(") || isPunct(p, "[") || isPunct(p, ",") || isPunct(p, ";") {
                return n
            }
            if startsLine(n), isPunct(p, ":") || !continuesLine(n) { return n }
            if isPunct(p, ")") || isPunct(p, "]") || isPunct(p, "}"), partner[p] >= 0, partner[p] < p {
                n = Int(partner[p])
            } else {
                n = p
            }
        }
        return n
    }

    /// The innermost `{` around token `k`, or -1.
    func enclosingBrace(_ k: Int) -> Int { k >= 0 && k < braceParent.count ? Int(braceParent[k]) : -1 }

    /// The innermost type body around token `k`, as an index into `structure.bodies`.
    func enclosingType(_ k: Int) -> Int? {
        guard let structure else { return nil }
        var open = enclosingBrace(k)
        while open >= 0 {
            if let index = structure.bodyByOpen[open] { return index }
            open = enclosingBrace(open)
        }
        return nil
    }
}
