import Foundation

/// Finds fixed font sizes and the optional typography rules in one Swift file, on the tokens the
/// mapping's `SwiftLexer` records (so comments and string literals are never read as code, and preview
/// code is known). Works without a parser: brackets are matched once, then each candidate identifier
/// (`system`, `custom`, `systemFont`, `UIFont`, …) is read with its argument list.
struct FontFileScanner {
    let bytes: [UInt8]
    let tokens: [SwiftToken]
    let newlineOffsets: [Int]
    let path: String
    let configuration: FontScanConfiguration
    /// Bytes of a UTF-8 byte order mark at the start (not counted in line 1's columns).
    let bomLength: Int
    /// The `//` comments, for `auditkit:ignore`.
    let commentRanges: [Range<Int>]
    /// For each bracket token, the index of its partner; -1 otherwise or when unbalanced.
    var partner: [Int32] = []
    /// For each token, the index of the innermost open bracket around it; -1 at the top level.
    var parent: [Int32] = []
    /// For each token, the index of the innermost `{` around it; -1 outside every brace.
    var braceParent: [Int32] = []
    /// For each token, the first token of the chain of modifiers a walk back from it reaches (`Text` for any
    /// token of `Text("x").font(…).padding()` outside its brackets); -1 when the walk meets something else.
    /// Worked out once per file, so each finding finds its view's start in constant time: walking back per
    /// finding made a chain of n `.font(…)` cost n² (and the lines each font sets, n³).
    var chainStarts: [Int32] = []
    /// The dots of the file's `.font(` modifiers, in order, and for each the position in this list just past
    /// the run of those whose chain starts at the same token (`linesSetBy(fontModifier:)` skips a run at once).
    var fontModifiers: [Int] = []
    var fontModifierRunEnds: [Int] = []
    /// The `scaledFont` names of the file, in order (`flowsIntoScaledFont(start:close:)`).
    var scaledFontNames: [Int] = []
    /// The file's types and members, read when a size is not a literal.
    var structure: SourceStructure?
    var findings: [FontFinding] = []
    /// For each finding, the token of the call's name (`system`, `custom`, `systemFont`, `UIFont`), or -1;
    /// `scan --fix` starts from it.
    var sites: [Int] = []
    /// The last UTF-16 column computed: its byte offset and its count of code units from the line's
    /// start. Findings come in file order, so each column is counted on from the previous one and a
    /// long line is walked once, not once per finding (a 960 KB one-line file took minutes).
    private var columnCursor: (offset: Int, units: Int) = (-1, 0)
    var problems: [AuditError] = []
    /// The numeric constants of every file of the scan, when known (`SizeConstants`).
    let constants: SizeConstants?
    /// Whether a size names a constant this file does not declare while `constants` is nil: the scan reads
    /// the file again once every file's constants are known.
    var namesOtherFiles = false
    /// While `literalSources(of:)` follows a size: what it comes from.
    var sourceLog: SourceLog?

    init(
        bytes: [UInt8], scan: SwiftFileScan, path: String, configuration: FontScanConfiguration,
        constants: SizeConstants? = nil
    ) {
        self.constants = constants
        self.bytes = bytes
        self.tokens = scan.tokens
        self.newlineOffsets = scan.newlineOffsets
        self.commentRanges = scan.lineComments
        self.path = path
        self.configuration = configuration
        bomLength = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    // MARK: Words

    private static let words: [String: Candidate] = [
        "system": .system, "custom": .custom, "systemFont": .systemFamily, "boldSystemFont": .systemFamily,
        "italicSystemFont": .systemFamily, "monospacedSystemFont": .systemFamily,
        "monospacedDigitSystemFont": .systemFamily, "UIFont": .fontClass, "NSFont": .fontClass,
        "tracking": .tracking, "kerning": .tracking, "fontDesign": .design, "withDesign": .design,
        "fontWeight": .fontWeight,
    ]
    /// The candidate words by length, as bytes, so most identifiers are turned down by one array lookup.
    private static let wordsByLength: [[(bytes: [UInt8], kind: Candidate)]] = {
        var table = Array(repeating: [(bytes: [UInt8], kind: Candidate)](), count: 32)
        for (word, kind) in words { table[word.utf8.count].append((Array(word.utf8), kind)) }
        return table
    }()

    private enum Candidate { case system, custom, systemFamily, fontClass, tracking, design, fontWeight }

    func text(_ i: Int) -> String {
        String(decoding: bytes[tokens[i].start..<tokens[i].end], as: UTF8.self)
    }

    func isWord(_ i: Int, _ word: String) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .identifier else { return false }
        let token = tokens[i]
        guard token.end - token.start == word.utf8.count else { return false }
        var k = token.start
        for b in word.utf8 {
            if bytes[k] != b { return false }
            k += 1
        }
        return true
    }

    func isPunct(_ i: Int, _ ascii: Unicode.Scalar) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].isPunctuation(ascii)
    }

    func isIdentifier(_ i: Int) -> Bool { i >= 0 && i < tokens.count && tokens[i].kind == .identifier }

    private func candidate(_ i: Int) -> Candidate? {
        let token = tokens[i]
        let length = token.end - token.start
        guard length < Self.wordsByLength.count else { return nil }
        for option in Self.wordsByLength[length] where option.bytes[0] == bytes[token.start] {
            if bytes[token.start..<token.end].elementsEqual(option.bytes) { return option.kind }
        }
        return nil
    }

    // MARK: Running

    mutating func run() {
        var candidates: [(Int, Candidate)] = []
        for i in tokens.indices where tokens[i].kind == .identifier {
            if let found = candidate(i) { candidates.append((i, found)) }
        }
        let directives = suppressionDirectives()
        guard !candidates.isEmpty else { return }
        matchBrackets()
        for (i, kind) in candidates where !tokens[i].inPreview {
            switch kind {
            case .system: systemFont(at: i)
            case .custom: customFont(at: i)
            case .systemFamily: uiKitSystemFont(at: i)
            case .fontClass: uiKitNamedFont(at: i)
            case .tracking: tracking(at: i)
            case .design: design(at: i)
            case .fontWeight: fontWeight(at: i)
            }
        }
        let order = findings.indices.sorted {
            let a = findings[$0]
            let b = findings[$1]
            return (a.line, a.column, a.rule.rawValue, $0) < (b.line, b.column, b.rule.rawValue, $1)
        }
        findings = order.map { findings[$0] }
        sites = order.map { sites[$0] }
        var seen: [String: Int] = [:]
        for n in findings.indices {
            let key = findings[n].rule.rawValue + "\n" + path + "\n" + findings[n].excerpt
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            findings[n].fingerprint = Self.fingerprint(key + "\n\(occurrence)")
            if let reason = directives[findings[n].line] { findings[n].suppression = reason }
        }
    }

    /// 16 hex digits of the 64-bit FNV-1a hash of `text`: stable across runs and machines, and cheap
    /// enough for tens of thousands of findings (SHA-256 took a third of the time spent on findings).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    mutating func matchBrackets() {
        partner = Array(repeating: -1, count: tokens.count)
        parent = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for i in tokens.indices {
            let token = tokens[i]
            parent[i] = Int32(stack.last ?? -1)
            guard token.kind == .punctuation else { continue }
            switch token.byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(i)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let open: UInt8 =
                    token.byte == UInt8(ascii: ")")
                    ? UInt8(ascii: "(") : token.byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // Unbalanced input: close the nearest matching opener, dropping the ones inside it.
                guard let position = stack.lastIndex(where: { tokens[$0].byte == open }) else { continue }
                let opener = stack[position]
                stack.removeSubrange(position...)
                partner[opener] = Int32(i)
                partner[i] = Int32(opener)
                parent[i] = Int32(stack.last ?? -1)
            default:
                break
            }
        }
        readChains()
    }

    /// Fills `braceParent`, `chainStarts`, `fontModifiers` and their runs, in one pass each.
    private mutating func readChains() {
        braceParent = Array(repeating: -1, count: tokens.count)
        chainStarts = Array(repeating: -1, count: tokens.count)
        fontModifiers = []
        scaledFontNames = []
        for i in tokens.indices {
            let open = Int(parent[i])
            if open >= 0 { braceParent[i] = isPunct(open, "{") ? Int32(open) : braceParent[open] }
            // The walk back `chain(endingAt:)` takes: over a bracketed group, over `.name`, to a name.
            let token = tokens[i]
            if token.kind == .punctuation {
                if token.byte == UInt8(ascii: ")") || token.byte == UInt8(ascii: "]") || token.byte == UInt8(ascii: "}")
                {
                    let opener = Int(partner[i])
                    if opener > 0, opener < i { chainStarts[i] = chainStarts[opener - 1] }
                } else if token.byte == UInt8(ascii: "."), isWord(i + 1, "font"), isPunct(i + 2, "(") {
                    fontModifiers.append(i)
                }
            } else if token.kind == .identifier {
                chainStarts[i] = isPunct(i - 1, ".") ? (i >= 2 ? chainStarts[i - 2] : -1) : Int32(i)
                if token.end - token.start == 10, isWord(i, "scaledFont") { scaledFontNames.append(i) }
            }
        }
        fontModifierRunEnds = Array(repeating: fontModifiers.count, count: fontModifiers.count)
        for n in fontModifiers.indices.reversed().dropFirst() {
            let same = chainStart(endingAt: fontModifiers[n]) == chainStart(endingAt: fontModifiers[n + 1])
            fontModifierRunEnds[n] = same ? fontModifierRunEnds[n + 1] : n + 1
        }
    }

    /// Lines an `// auditkit:ignore <reason>` comment covers: its own, and the next when it stands alone.
    mutating func suppressionDirectives() -> [Int: String] {
        var result: [Int: String] = [:]
        let marker = Array("auditkit:ignore".utf8)
        for comment in commentRanges {
            var k = comment.lowerBound + 2
            while k < comment.upperBound, bytes[k] == 32 || bytes[k] == 9 || bytes[k] == UInt8(ascii: "/") { k += 1 }
            guard comment.upperBound - k >= marker.count, Array(bytes[k..<(k + marker.count)]) == marker else {
                continue
            }
            let afterMarker = k + marker.count
            if afterMarker < comment.upperBound, isIdentifierByte(bytes[afterMarker]) { continue }
            let reason = String(decoding: bytes[afterMarker..<comment.upperBound], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let (line, _) = lineAndColumn(of: comment.lowerBound)
            guard !reason.isEmpty else {
                problems.append(
                    AuditError(
                        .badInput, "auditkit:ignore needs a reason after it; the line is not ignored",
                        location: InputLocation(
                            path: path, byteOffset: comment.lowerBound, line: line,
                            column: lineAndColumn(of: comment.lowerBound).1)))
                continue
            }
            result[line] = reason
            let lineStart = line == 1 ? 0 : newlineOffsets[line - 2] + 1
            let before = bytes[(lineStart + (line == 1 ? bomLength : 0))..<comment.lowerBound]
            if before.allSatisfy({ $0 == 32 || $0 == 9 }) {
                if result[line + 1] == nil { result[line + 1] = reason }
            }
        }
        return result
    }

    private func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95
    }

    // MARK: Positions and text

    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = newlineOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if newlineOffsets[mid] < offset { low = mid + 1 } else { high = mid }
        }
        let lineStart = low == 0 ? bomLength : newlineOffsets[low - 1] + 1
        return (low + 1, offset - lineStart + 1)
    }

    /// The 1-based UTF-16 column of byte `offset` on `line`, counted on from the previous call's
    /// position when it is on the same line (forwards or backwards), else from the line's start.
    mutating func utf16Column(of offset: Int, line: Int) -> Int {
        let lineStart = line == 1 ? bomLength : newlineOffsets[line - 2] + 1
        let lineEnd = line - 1 < newlineOffsets.count ? newlineOffsets[line - 1] : bytes.count
        let onLine = columnCursor.offset >= lineStart && columnCursor.offset <= lineEnd
        var (k, units) = onLine ? columnCursor : (lineStart, 0)
        if k > offset, k - offset > offset - lineStart { (k, units) = (lineStart, 0) }
        func width(_ b: UInt8) -> Int { b & 0xC0 == 0x80 ? 0 : b >= 0xF0 ? 2 : 1 }
        while k < offset {
            units += width(bytes[k])
            k += 1
        }
        while k > offset {
            k -= 1
            units -= width(bytes[k])
        }
        columnCursor = (offset, units)
        return units + 1
    }

    /// The code of tokens `first...last`, whitespace folded, cut at 120 characters.
    func excerpt(_ first: Int, _ last: Int) -> String {
        var out: [UInt8] = []
        var pendingSpace = false
        var sawNewline = false
        for b in bytes[tokens[first].start..<tokens[last].end] {
            if b == 32 || b == 9 || b == 10 || b == 13 {
                pendingSpace = true
                if b == 10 { sawNewline = true }
                continue
            }
            if pendingSpace {
                let previous = out.last ?? 0
                let dropped =
                    sawNewline
                    && (previous == UInt8(ascii: "(") || b == UInt8(ascii: ")") || b == UInt8(ascii: "."))
                if !dropped { out.append(32) }
                pendingSpace = false
                sawNewline = false
            }
            out.append(b)
        }
        let text = String(decoding: out, as: UTF8.self)
        return text.count > 120 ? String(text.prefix(119)) + "…" : text
    }

    // MARK: Arguments

    struct Argument {
        var label: String?
        /// Token range of the value.
        var start: Int
        var end: Int
    }

    /// The arguments of the call whose `(` is at `open`.
    func arguments(open: Int) -> [Argument] {
        let close = Int(partner[open])
        guard close > open else { return [] }
        var result: [Argument] = []
        var start = open + 1
        var k = open + 1
        while k <= close {
            if k == close || (Int(parent[k]) == open && isPunct(k, ",")) {
                if k > start {
                    if isIdentifier(start), isPunct(start + 1, ":"), start + 1 < k {
                        result.append(Argument(label: text(start), start: start + 2, end: k))
                    } else {
                        result.append(Argument(label: nil, start: start, end: k))
                    }
                }
                start = k + 1
            }
            k += 1
        }
        return result
    }

    /// The value when the argument is a number written in place (`15`, `17.5`, `-0.4`).
    func number(_ argument: Argument) -> Double? {
        var argument = argument
        // `(16)`: parentheses around the number change nothing.
        while isPunct(argument.start, "("), Int(partner[argument.start]) == argument.end - 1,
            argument.end - argument.start > 2
        {
            argument.start += 1
            argument.end -= 1
        }
        var k = argument.start
        var negative = false
        if isPunct(k, "-") {
            negative = true
            k += 1
        }
        guard k < argument.end, tokens[k].kind == .number else { return nil }
        var text = self.text(k)
        k += 1
        if k + 1 < argument.end + 1, isPunct(k, "."), k + 1 < argument.end, tokens[k + 1].kind == .number,
            tokens[k].start == tokens[k - 1].end, tokens[k + 1].start == tokens[k].end
        {
            text += "." + self.text(k + 1)
            k += 2
        }
        guard k == argument.end, let value = Double(text.replacingOccurrences(of: "_", with: "")) else { return nil }
        return negative ? -value : value
    }

    /// The last name of a value such as `.semibold` or `Font.Weight.semibold`.
    func memberName(_ argument: Argument) -> String? {
        var last: String?
        var expectName = false
        var k = argument.start
        while k < argument.end {
            if isPunct(k, ".") {
                expectName = true
            } else if isIdentifier(k), expectName || k == argument.start {
                last = text(k)
                expectName = false
            } else {
                return nil
            }
            k += 1
        }
        return last
    }

    // MARK: Context

    /// Where the expression of a member call at `name` starts: at `Type.` before it, else at the dot.
    func expressionStart(name: Int) -> Int {
        guard isPunct(name - 1, ".") else { return name }
        let dot = name - 1
        if isIdentifier(dot - 1), let first = bytes[tokens[dot - 1].start...].first, first >= 65, first <= 90 {
            return dot - 1
        }
        return dot
    }

    /// The `.font(` modifier whose argument list holds token `k` directly: the index of its dot.
    func enclosingFontModifier(_ k: Int) -> Int? {
        let open = Int(parent[k])
        guard open > 1, isPunct(open, "("), isWord(open - 1, "font"), isPunct(open - 2, ".") else { return nil }
        return open - 2
    }

    /// How many modifiers a walk along a chain collects each way (`chain(endingAt:)`, `modifiers(after:)`):
    /// real chains have a dozen; a generated or hostile one of thousands would make every site on it cost
    /// the whole chain. A modifier farther than this from a site is not read for it (a risk it poses, a
    /// weight it sets).
    static let maxChainModifiers = 64

    /// The first token of the chain of modifiers ending at the dot `dot` (`Image` in
    /// `Image(systemName: "x").resizable().font(…)`), nil when the chain does not start with a name.
    func chainStart(endingAt dot: Int) -> Int? {
        guard dot >= 1, dot - 1 < chainStarts.count, chainStarts[dot - 1] >= 0 else { return nil }
        return Int(chainStarts[dot - 1])
    }

    /// The name the chain of modifiers ending at the dot `dot` starts with (`Image` in
    /// `Image(systemName: "x").resizable().font(…)`), its token (`start`), and the modifiers on the way
    /// (the nearest `maxChainModifiers`).
    func chain(endingAt dot: Int) -> (root: String?, modifiers: [Int], start: Int?) {
        guard let start = chainStart(endingAt: dot) else { return (nil, [], nil) }
        var modifiers: [Int] = []
        var k = dot - 1
        while k > start, modifiers.count < Self.maxChainModifiers {
            if tokens[k].kind == .punctuation {
                k = Int(partner[k]) - 1
                continue
            }
            if isPunct(k + 1, "(") { modifiers.append(k) }
            k -= 2
        }
        return (text(start), modifiers, start)
    }

    /// The lines a `.font(_:)` modifier (its dot at `dot`) sets its font on: those of the view it modifies,
    /// from the view's first token to the modifier, less the lines of views inside it that set their own
    /// font (`Text("A").font(.subheadline)` in a stack; the first `maxChainModifiers` such views). Nil when
    /// the view's start is not found.
    func linesSetBy(fontModifier dot: Int) -> FontLines? {
        guard let start = chainStart(endingAt: dot) else { return nil }
        var lines = FontLines(line(ofToken: start)...line(ofToken: dot))
        // The `.font(` modifiers between the start and this one; those on the chain itself (whose walk back
        // reaches `start`) are skipped a run at a time.
        var n = fontModifiers.partitionIndex { $0 <= start }
        var found = 0
        while n < fontModifiers.count, fontModifiers[n] < dot - 2, found < Self.maxChainModifiers {
            let k = fontModifiers[n]
            if let inner = chainStart(endingAt: k), inner > start {
                lines.except.append(line(ofToken: inner)...line(ofToken: k))
                found += 1
                n += 1
            } else {
                n = fontModifierRunEnds[n]
            }
        }
        return lines
    }

    /// The one-based line token `k` starts on.
    private func line(ofToken k: Int) -> Int { lineAndColumn(of: tokens[k].start).line }

    /// The modifiers after the call whose `)` is at `close`, as long as the chain goes on (the nearest
    /// `maxChainModifiers`).
    func modifiers(after close: Int) -> [Int] {
        var result: [Int] = []
        var k = close + 1
        while isPunct(k, "."), isIdentifier(k + 1), isPunct(k + 2, "("), partner[k + 2] > k + 2,
            result.count < Self.maxChainModifiers
        {
            result.append(k + 1)
            k = Int(partner[k + 2]) + 1
            while isPunct(k, "{"), partner[k] > k { k = Int(partner[k]) + 1 }
        }
        return result
    }

    /// Whether the font of a call starting at `start` and closing at `close` is sized for an image or
    /// symbol rather than text.
    func isImageContext(start: Int, close: Int, modifier: Int?) -> Bool {
        if let modifier {
            let root = chain(endingAt: modifier).root
            return root == "Image" || root == "AsyncImage"
        }
        var open = Int(parent[start])
        var levels = 0
        while open > 0, !isPunct(open, "{"), levels < Self.maxEnclosingLevels {
            if isWord(open - 1, "SymbolConfiguration") || isWord(open - 1, "Image") || isWord(open - 1, "UIImage") {
                return true
            }
            open = Int(parent[open])
            levels += 1
        }
        return false
    }

    /// How many brackets around a site the walks out from it read (a call it is an argument of, an image
    /// it sizes): real code nests a few; a hostile file nested thousands deep would make each site cost
    /// its depth.
    static let maxEnclosingLevels = 64

    /// Whether a UIKit font built by the call `start…close` flows into `scaledFont(for:)`: inside its
    /// argument list, through `.map { … scaledFont(for: $0) }` right after it, or through the name it is
    /// assigned to, used later in the same block.
    func flowsIntoScaledFont(start: Int, close: Int) -> Bool {
        var open = Int(parent[start])
        var levels = 0
        while open > 0, !isPunct(open, "{"), levels < Self.maxEnclosingLevels {
            if isWord(open - 1, "scaledFont") { return true }
            open = Int(parent[open])
            levels += 1
        }
        var k = close + 1
        while isPunct(k, "!") || isPunct(k, "?") { k += 1 }
        if isPunct(k, "."), isIdentifier(k + 1), isPunct(k + 2, "{") || isPunct(k + 2, "("), partner[k + 2] > k + 2 {
            for n in (k + 2)..<Int(partner[k + 2]) where isWord(n, "scaledFont") { return true }
        }
        // let name = UIFont(…)!   /   name = UIFont(…)   /   let name: UIFont? = …
        var equals = start - 1
        if isWord(equals, "try") || isPunct(equals, "?") || isPunct(equals, "!") { equals -= 1 }
        if isWord(equals, "try") { equals -= 1 }
        guard isPunct(equals, "="), !isPunct(equals - 1, "="), !isPunct(equals - 1, "!") else { return false }
        var j = equals - 1
        if isPunct(j, "?") || isPunct(j, "!") { j -= 1 }
        guard isIdentifier(j) else { return false }
        let name = isPunct(j - 1, ":") && isIdentifier(j - 2) ? text(j - 2) : text(j)
        let block = enclosingBrace(start)
        let end = block >= 0 && partner[block] > block ? Int(partner[block]) : tokens.count
        // Only a `scaledFont` later in the block can take it: each of the nearest is read, not every token.
        let after = scaledFontNames.partitionIndex { $0 <= close }
        for n in scaledFontNames[after...].prefix(Self.maxChainModifiers) where n < end {
            if isPunct(n + 1, "("), partner[n + 1] > n + 1 {
                for m in (n + 2)..<Int(partner[n + 1]) where isWord(m, name) { return true }
            }
            // name.map { UIFontMetrics(…).scaledFont(for: $0) }
            var around = Int(parent[n])
            var levels = 0
            while around > close, levels < Self.maxEnclosingLevels {
                if isPunct(around, "{") || isPunct(around, "("), isIdentifier(around - 1), isPunct(around - 2, "."),
                    isWord(around - 3, name)
                {
                    return true
                }
                around = Int(parent[around])
                levels += 1
            }
        }
        return false
    }

    // MARK: Findings

    mutating func add(
        _ rule: FontScanRule, first: Int, last: Int, api: String, size: Double? = nil, weight: FontWeight? = nil,
        design: String? = nil, isText: Bool = true, suggestion: String? = nil, flow: SizeVerdict? = nil,
        site: Int = -1
    ) {
        let offset = tokens[first].start
        let (line, column) = lineAndColumn(of: offset)
        let ax5 = rule == .fixedSize ? size.map(TextStyle.ax5Size(for:)) : nil
        var finding = FontFinding(
            rule: rule, file: path, line: line, column: column, utf16Column: utf16Column(of: offset, line: line),
            excerpt: excerpt(first, last), api: api, size: size, weight: weight, design: design,
            isTextContext: isText, suggestion: suggestion, ax5Size: ax5)
        if rule == .fixedSize, isPunct(first, "."), isWord(first + 1, "font"), isPunct(first + 2, "(") {
            finding.appliesToLines = linesSetBy(fontModifier: first)
        }
        switch flow {
        case .fixed(let origin): finding.sizeOrigin = origin
        case .unknown(let reason): finding.unknownSource = reason
        case .scales, nil: break
        }
        findings.append(finding)
        sites.append(site)
    }

    /// The excerpt's bounds for a font call `start…close`: the whole `.font(…)` modifier when it is in one.
    func bounds(start: Int, close: Int) -> (first: Int, last: Int, modifier: Int?) {
        if let modifier = enclosingFontModifier(start) {
            let open = modifier + 2
            return (modifier, partner[open] > open ? Int(partner[open]) : close, modifier)
        }
        return (start, close, nil)
    }

    mutating func checkMinimum(_ size: Double?, first: Int, last: Int, api: String, isText: Bool) {
        guard let minimum = configuration.minimumSize, let size, size < minimum else { return }
        add(
            .minimumSize, first: first, last: last, api: api, size: size, isText: isText,
            suggestion: "at least \(pointText(minimum)) pt")
    }

    /// `.system(size: N, weight:, design:)` and `Font.system(size:)`.
    mutating func systemFont(at i: Int) {
        guard isPunct(i - 1, "."), isPunct(i + 1, "("), partner[i + 1] > i + 1, isFontPosition(systemAt: i) else {
            return
        }
        let close = Int(partner[i + 1])
        let args = arguments(open: i + 1)
        let start = expressionStart(name: i)
        let (first, last, modifier) = bounds(start: start, close: close)
        let weight = args.first { $0.label == "weight" }.flatMap(memberName).flatMap(FontWeight.init(rawValue:))
        let design = args.first { $0.label == "design" }.flatMap(memberName)
        if configuration.roundedDesign, design == "rounded" {
            add(.roundedDesign, first: first, last: last, api: ".system(design: .rounded)", design: design)
        }
        guard let sizeArgument = args.first, sizeArgument.label == "size" else { return }
        let isText = !isImageContext(start: start, close: close, modifier: modifier)
        let size = number(sizeArgument)
        checkMinimum(size, first: first, last: last, api: ".system(size:)", isText: isText)
        let flow = sizeVerdict(sizeArgument)
        guard flow != .scales else { return }
        add(
            .fixedSize, first: first, last: last, api: ".system(size:)", size: size, weight: weight, design: design,
            isText: isText, flow: flow, site: i)
    }

    /// Whether `.system(` at `i` builds a font: `Font.system(…)`, or an implicit `.system(…)` that is not
    /// the argument of a layout value (`.frame(width:)`). `Metrics.system(size: 4)` is the app's own.
    func isFontPosition(systemAt i: Int) -> Bool {
        let before = i - 2
        if before >= 0, tokens[before].end == tokens[i - 1].start {
            if isIdentifier(before), !Self.implicitMemberWords.contains(text(before)) {
                return text(before) == "Font" && !(isPunct(before - 1, ".") && !isWord(before - 2, "SwiftUI"))
            }
            if isPunct(before, ")") || isPunct(before, "]") || isPunct(before, "?") || isPunct(before, "!") {
                return false
            }
        }
        var open = Int(parent[i])
        var levels = 0
        while open > 0, isPunct(open, "("), levels < Self.maxEnclosingLevels {
            if isIdentifier(open - 1) {
                let call = text(open - 1)
                if call == "font" { return true }
                if Self.layoutCalls.contains(call) { return false }
            }
            open = Int(parent[open])
            levels += 1
        }
        return true
    }

    private static let implicitMemberWords: Set<String> = [
        "return", "in", "case", "try", "await", "else", "throw", "then", "default",
    ]
    private static let layoutCalls: Set<String> = [
        "frame", "padding", "offset", "position", "spacing", "cornerRadius", "RoundedRectangle", "CGSize",
        "CGPoint", "CGRect", "Spacer", "shadow", "blur", "lineSpacing", "HStack", "VStack", "Grid", "stroke",
    ]

    /// `.custom(name, fixedSize: N)` (fixed) and `.custom(name, size: N)` (scales with Body).
    mutating func customFont(at i: Int) {
        guard isPunct(i - 1, "."), isPunct(i + 1, "("), partner[i + 1] > i + 1 else { return }
        let close = Int(partner[i + 1])
        let args = arguments(open: i + 1)
        guard args.count >= 2, args[0].label == nil else { return }
        let start = expressionStart(name: i)
        let (first, last, modifier) = bounds(start: start, close: close)
        let isText = !isImageContext(start: start, close: close, modifier: modifier)
        let hasRelativeTo = args.contains { $0.label == "relativeTo" }
        if let fixed = args.first(where: { $0.label == "fixedSize" }) {
            let size = number(fixed)
            checkMinimum(size, first: first, last: last, api: ".custom(_:fixedSize:)", isText: isText)
            let flow = sizeVerdict(fixed)
            guard flow != .scales else { return }
            add(
                .fixedSize, first: first, last: last, api: ".custom(_:fixedSize:)", size: size, isText: isText,
                flow: flow, site: i)
        } else if let sized = args.first(where: { $0.label == "size" }) {
            let size = number(sized)
            checkMinimum(size, first: first, last: last, api: ".custom(_:size:)", isText: isText)
            if configuration.customRequiresRelativeTo, !hasRelativeTo {
                add(
                    .customWithoutRelativeTo, first: first, last: last, api: ".custom(_:size:)", size: size,
                    isText: isText, site: i)
            }
        }
    }

    /// `UIFont.systemFont(ofSize:)` and its bold, italic, monospaced and NSFont relatives.
    mutating func uiKitSystemFont(at i: Int) {
        guard isPunct(i + 1, "("), partner[i + 1] > i + 1 else { return }
        let args = arguments(open: i + 1)
        guard let sizeArgument = args.first, sizeArgument.label == "ofSize" else { return }
        let close = Int(partner[i + 1])
        let start = expressionStart(name: i)
        let receiver = start < i - 1 ? text(start) : (isWord(start, "NSFont") ? "NSFont" : "UIFont")
        let name = text(i)
        let api = "\(receiver).\(name)(ofSize:)"
        let isText = !isImageContext(start: start, close: close, modifier: nil)
        let size = number(sizeArgument)
        var weight = args.first { $0.label == "weight" }.flatMap(memberName).flatMap(FontWeight.init(rawValue:))
        if name == "boldSystemFont" { weight = .bold }
        checkMinimum(size, first: start, last: close, api: api, isText: isText)
        guard !flowsIntoScaledFont(start: start, close: close) else { return }
        let flow = sizeVerdict(sizeArgument)
        guard flow != .scales else { return }
        add(
            .fixedSize, first: start, last: close, api: api, size: size, weight: weight,
            design: name.hasPrefix("monospaced") ? "monospaced" : name == "italicSystemFont" ? "italic" : nil,
            isText: isText, flow: flow, site: i)
    }

    /// `UIFont(name:size:)` and `NSFont(name:size:)`.
    mutating func uiKitNamedFont(at i: Int) {
        var open = i + 1
        if isPunct(open, "."), isWord(open + 1, "init") { open += 2 }
        guard isPunct(open, "("), partner[open] > open else { return }
        let args = arguments(open: open)
        guard args.count == 2, args[0].label == "name", args[1].label == "size" else { return }
        let close = Int(partner[open])
        let receiver = text(i)
        let api = "\(receiver)(name:size:)"
        let isText = !isImageContext(start: i, close: close, modifier: nil)
        let size = number(args[1])
        checkMinimum(size, first: i, last: close, api: api, isText: isText)
        guard !flowsIntoScaledFont(start: i, close: close) else { return }
        let flow = sizeVerdict(args[1])
        guard flow != .scales else { return }
        add(
            .fixedSize, first: i, last: close, api: api, size: size, isText: isText, flow: flow, site: i)
    }

    /// `.tracking(N)` and `.kerning(N)` with a number.
    mutating func tracking(at i: Int) {
        guard configuration.hardCodedTracking, isPunct(i - 1, "."), isPunct(i + 1, "("), partner[i + 1] > i + 1 else {
            return
        }
        let args = arguments(open: i + 1)
        guard args.count == 1, args[0].label == nil, let value = number(args[0]) else { return }
        add(
            .hardCodedTracking, first: i - 1, last: Int(partner[i + 1]), api: ".\(text(i))(_:)", size: value,
            suggestion: "a tracking token (`.\(text(i))(AppTypography.Tracking.…)`)")
    }

    /// `.fontDesign(.rounded)` and `withDesign(.rounded)`.
    mutating func design(at i: Int) {
        guard configuration.roundedDesign, isPunct(i + 1, "("), partner[i + 1] > i + 1 else { return }
        let args = arguments(open: i + 1)
        guard args.count == 1, memberName(args[0]) == "rounded" else { return }
        let start = isPunct(i - 1, ".") ? i - 1 : i
        add(.roundedDesign, first: start, last: Int(partner[i + 1]), api: ".\(text(i))(_:)", design: "rounded")
    }

    /// `.fontWeight(…)` in a chain whose `.font(…)` is a text style or a token.
    mutating func fontWeight(at i: Int) {
        guard configuration.fontWeightOnToken, isPunct(i - 1, "."), isPunct(i + 1, "("), partner[i + 1] > i + 1 else {
            return
        }
        let close = Int(partner[i + 1])
        let around = chain(endingAt: i - 1).modifiers + modifiers(after: close)
        let onToken = around.contains { k in
            guard isWord(k, "font"), partner[k + 1] > k + 1 else { return false }
            for n in (k + 2)..<Int(partner[k + 1]) where isWord(n, "system") || isWord(n, "custom") {
                return false
            }
            return true
        }
        guard onToken else { return }
        let weight = arguments(open: i + 1).first.flatMap(memberName).flatMap(FontWeight.init(rawValue:))
        add(
            .fontWeightOnToken, first: i - 1, last: close, api: ".fontWeight(_:)", weight: weight,
            suggestion: configuration.tokens.isEmpty ? nil : "the token with that weight")
    }
}
