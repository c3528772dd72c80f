/// A small Swift lexer that finds string literals and the context around them, without a parser.
///
/// It understands `//` and nested `/* */` comments, `"…"`, multi-line `"""…"""` and raw `#"…"#`
/// literals with any number of `#`, escapes, interpolation `\(…)` (nested, with strings inside),
/// extended regex literals `#/…/#`, and tracks brackets to know the call a literal is an argument of
/// and the type declaration it sits in. It works on bytes and never fails: malformed input gives
/// fewer literals, never a crash or a hang. Interpolations are scanned recursively, so their nesting is
/// capped at `maxInterpolationDepth`: deeper input ends the scan there and is recorded in
/// `SwiftFileScan.nestingLimit` instead of overflowing the stack.
public enum SwiftLexer {
    /// Calls whose string argument is shown text or an accessibility string.
    public static let textBearingCalls: Set<String> = [
        "Text", "Button", "Label", "Toggle", "Link", "Menu", "Picker", "Section", "TextField", "SecureField",
        "NavigationLink", "Stepper", "DatePicker", "Slider", "Tab", "ProgressView", "LabeledContent", "GroupBox",
        "ShareLink", "ContentUnavailableView", "ControlGroup", "DisclosureGroup", "ColorPicker", "Gauge",
        "navigationTitle", "navigationSubtitle", "accessibilityLabel", "accessibilityHint", "accessibilityValue",
        "accessibilityInputLabels", "help", "alert", "confirmationDialog", "badge", "searchable", "tabItem",
        "LocalizedStringKey", "LocalizedStringResource", "NSLocalizedString", "setTitle", "UILabel", "UIButton",
        "UIBarButtonItem", "UIAlertController", "UIAlertAction", "localized",
    ]
    /// Argument labels that still carry shown text (`Text(verbatim:)`, `Button(title:)`, ...).
    public static let textBearingLabels: Set<String> = [
        "verbatim", "localized", "title", "label", "text", "titleKey", "message", "prompt", "value", "header",
        "footer", "barButtonSystemItem", "systemItem",
    ]
    /// Properties whose assigned string is shown text (`label.text = "…"`).
    public static let textBearingProperties: Set<String> = [
        "text", "title", "accessibilityLabel", "accessibilityHint", "accessibilityValue", "placeholder", "headerTitle",
        "footerTitle", "prompt", "message",
    ]
    /// Properties that a name assigned to makes a symbol reference (`SwiftSymbolReference`): the text-bearing
    /// ones and `accessibilityIdentifier`.
    static let assignableProperties = textBearingProperties.union(["accessibilityIdentifier"])
    /// How many interpolations may nest inside each other (real code rarely goes past three).
    public static let maxInterpolationDepth = 64
    /// How many type declarations may nest inside each other; deeper ones are read as plain braces, so
    /// qualified names (which grow with the depth) cannot make a hostile file quadratic.
    public static let maxTypeDepth = 64

    /// Scans one file's bytes.
    public static func scan(_ bytes: [UInt8]) -> SwiftFileScan { scan(bytes, recordingTokens: false) }

    /// Scans one file's bytes; with `recordingTokens`, also keeps every significant token outside string
    /// interpolations, the `//` comments and the newline offsets in `SwiftFileScan.tokens`,
    /// `lineComments` and `newlineOffsets`, for scanners that read code rather than literals (the
    /// Dynamic Type scanner). Literals, types and members are the same either way, unless
    /// `keepingLiterals` is false: then string literals are only skipped (and recorded as tokens), not
    /// decoded into `literals`, which is the larger part of the lexer's work.
    public static func scan(_ bytes: [UInt8], recordingTokens: Bool, keepingLiterals: Bool = true) -> SwiftFileScan {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer)
            scanner.recordsTokens = recordingTokens
            scanner.keepsLiterals = keepingLiterals
            if recordingTokens { scanner.result.tokens.reserveCapacity(bytes.count / 6) }
            scanner.run()
            if recordingTokens { scanner.result.newlineOffsets = scanner.newlineOffsets }
            var result = scanner.result
            result.literals.sort { $0.offset < $1.offset }
            return result
        }
    }

    /// Scans a string of Swift source.
    public static func scan(_ source: String) -> SwiftFileScan { scan(Array(source.utf8)) }
}

private let keywordsNotCallees: Set<String> = [
    "if", "guard", "while", "switch", "return", "in", "for", "case", "where", "catch", "try", "await", "else",
    "repeat", "throw", "is", "as", "some", "any", "let", "var", "func", "init", "subscript",
]

private let declarationKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]

/// Modifiers whose content is another screen, not a child of the view they are applied to.
private let presentationCalls: Set<String> = [
    "sheet", "fullScreenCover", "popover", "inspector", "navigationDestination",
]

/// Controls whose first argument is a label that `.labelsHidden()` hides.
private let labelledControls: Set<String> = ["Picker", "Toggle", "DatePicker", "Stepper", "ColorPicker", "Slider"]

/// Words before a capitalised name and `{` that make it a type in a declaration, not a creation.
private let typePositionWords: Set<String> = ["some", "any", "as", "is", "in", "extension", "where"]

private struct Token {
    enum Kind: Equatable {
        case identifier, punctuation(UInt8), literal, other
    }
    var kind: Kind
    var start: Int
    var end: Int
}

private struct RecentTokens {
    var first: Token?
    var second: Token?
    var third: Token?
}

private struct Frame {
    enum Kind { case paren, brace, bracket, interpolation }
    var kind: Kind
    var callee: String?
    var label: String?
    var argumentIndex = 0
    var typeName: String?
    /// For a type's body: the index of its declaration in the result's `types`.
    var typeIndex: Int?
    var isPreview = false
    /// The member (`var body`, `func row(…)`) whose body this brace is.
    var memberName: String?
    /// Whether creations inside are presentations (another screen), not children.
    var isPresentation = false
    /// Whether `isPresentation` holds only for the current argument (`NavigationLink(destination:)`).
    var presentationByLabel = false
    /// For a `NavigationLink` call: whether it had a `value:` or `destination:` argument (so its first
    /// trailing closure is the label, not the destination).
    var navigationHasTarget = false
    /// Whether literals inside are not on screen until something is opened (a menu's content, a context
    /// menu, a confirmation dialog, swipe actions).
    var isOffscreen = false
    /// Where the current statement inside the frame starts (for `.labelsHidden()`).
    var statementStart = 0
    /// The current argument's shape: 0 start, 1 after a name, 2 after a dot, 3 anything else.
    var argumentState: UInt8 = 0
    /// Where the current argument's name starts (its first identifier or leading dot).
    var argumentStart = 0
    var argumentNameStart = 0
    var argumentNameEnd = 0
}

/// A control's label literal, until a `.labelsHidden()` may hide it.
private struct ControlLabel {
    var literal: Int
    var isPicker: Bool
    var depth: Int
    var offset: Int
}

private struct PendingType {
    var keywordStart: Int
    var isExtension: Bool
    var name: String?
    var expectingDottedName = false
    var sawColon = false
    var angleDepth = 0
    var inherited: [String] = []
    var stopped = false
}

/// A `let` at file level or a `static let` directly in a type body, read token by token while its value
/// may still be one number written in place (`SwiftNumericConstant`).
private struct PendingConstant {
    enum Stage { case name, afterName, type, value, digits, point, fraction }
    var stage = Stage.name
    var types: [String]
    var name = ""
    var nameStart = 0
    var negative = false
    var digits = ""
    /// Where the last token read ends (a number's `.` and fraction follow it without a space).
    var lastEnd = 0
}

/// The lexer's state while it reads one file. Its most used helpers that only read the state are inlined
/// wrappers of static functions: a non-mutating method called out of line from a mutating one gets a copy of
/// the whole scanner (hundreds of bytes), for every token.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var result = SwiftFileScan()
    var newlineOffsets: [Int] = []
    var stack: [Frame] = []
    /// The last three significant tokens, newest first.
    var recent = RecentTokens()
    var pendingType: PendingType?
    var pendingPreview = false
    var previewDepth = 0
    var pendingMemberKeyword = false
    /// Whether the member `pendingMemberKeyword` announces belongs to the type (`static`, `class`, `case`).
    var pendingMemberIsStatic = false
    var lastDeclaredName: String?
    /// How many interpolations enclose the current position.
    var interpolationDepth = 0
    /// Members whose bodies enclose the current position, kept in step with `stack`.
    var memberNames: [String] = []
    /// A member declared directly in a type body whose `{` (if it has a body) is still to come.
    var pendingMember: (name: String, depth: Int)?
    /// The name being assigned to `property`, an `accessibilityIdentifier` or a text-bearing property
    /// (`= A11yID.pay`, `= L10n.title`), while it goes on.
    var pendingAssignedPath: (start: Int, end: Int, expectingName: Bool, property: String)?
    /// Locals given a qualified name outside type bodies (`let title = L10n.Home.title`), innermost last, with
    /// the frame depth they live at: a text-bearing call receiving the local (`Text(title)`) refers to the name.
    var localBindings: [(name: String, path: String, depth: Int)] = []
    /// The member declared directly in a type body (at frame depth `depth`) whose initial value the current
    /// position is in, until its statement ends.
    var initializer: (name: String, depth: Int)?
    /// How many presentation frames enclose the current position.
    var presentationDepth = 0
    /// How many enclosing frames hold content that is not on screen until opened.
    var offscreenDepth = 0
    /// The last `)` that closed a call, for trailing closures.
    var lastClosedParen: (end: Int, callee: String?, navigationHasTarget: Bool) = (-1, nil, false)
    /// The last `}` that closed a closure, for labelled trailing closures (`} label: {`).
    var lastClosedBrace: (end: Int, callee: String?) = (-1, nil)
    /// A capitalised name followed by `<`, while its generic arguments are open.
    var pendingGeneric: (name: String, depth: Int)?
    /// A generic type name whose `>` just closed, for `Header<Content>(`.
    var closedGeneric: (name: String, end: Int)?
    /// Whether a newline came since the last token.
    var sawNewline = false
    /// Where the current top-level statement starts.
    var topStatementStart = 0
    /// Control label literals seen so far, in file order.
    var controlLabels: [ControlLabel] = []
    /// Whether tokens and comments are kept in the result (`SwiftLexer.scan(_:recordingTokens:)`).
    var recordsTokens = false
    /// Whether string literals are decoded into the result (false only for token-only scans).
    var keepsLiterals = true
    /// The constant whose value is being read, when it may be a number (only when recording tokens).
    var pendingConstant: PendingConstant?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var offsets: [Int] = []
        offsets.reserveCapacity(bytes.count / 32)
        for i in 0..<bytes.count where bytes[i] == 10 { offsets.append(i) }
        newlineOffsets = offsets
    }

    @inline(__always)
    func lineAndColumn(of offset: Int) -> (Int, Int) { Self.lineAndColumn(of: offset, newlineOffsets: newlineOffsets) }

    static func lineAndColumn(of offset: Int, newlineOffsets: [Int]) -> (Int, Int) {
        // Number of newlines before offset.
        var low = 0
        var high = newlineOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if newlineOffsets[mid] < offset { low = mid + 1 } else { high = mid }
        }
        let lineStart = low == 0 ? 0 : newlineOffsets[low - 1] + 1
        return (low + 1, offset - lineStart + 1)
    }

    @inline(__always)
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    @inline(__always)
    func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }

    static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95 || b >= 0x80
    }

    mutating func push(_ token: Token) {
        if pendingConstant != nil, interpolationDepth == 0 { readConstant(token, afterNewline: sawNewline) }
        if sawNewline {
            sawNewline = false
            switch token.kind {
            case .punctuation(UInt8(ascii: ".")), .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "}")),
                .punctuation(UInt8(ascii: "]")):
                break
            default:
                if stack.isEmpty {
                    topStatementStart = token.start
                } else {
                    stack[stack.count - 1].statementStart = token.start
                }
                if let open = initializer, open.depth == stack.count, !isPunctuation(recent.first, "=") {
                    initializer = nil
                }
            }
        }
        if recordsTokens, interpolationDepth == 0 { record(token) }
        recent.third = recent.second
        recent.second = recent.first
        recent.first = token
    }

    mutating func record(_ token: Token) {
        let kind: SwiftToken.Kind
        var byte: UInt8 = 0
        switch token.kind {
        case .identifier: kind = .identifier
        case .literal: kind = .string
        case .punctuation(let b):
            kind = .punctuation
            byte = b
        case .other:
            let first = bytes[token.start]
            kind = first >= 48 && first <= 57 ? .number : .other
        }
        result.tokens.append(
            SwiftToken(kind: kind, byte: byte, inPreview: previewDepth > 0, start: token.start, end: token.end))
    }

    @inline(__always)
    func recentToken(_ back: Int) -> Token? {
        switch back {
        case 0: return recent.first
        case 1: return recent.second
        default: return recent.third
        }
    }

    @inline(__always)
    func isIdentifier(_ token: Token?, _ word: String? = nil) -> Bool { Self.isIdentifier(token, word, in: bytes) }

    static func isIdentifier(_ token: Token?, _ word: String?, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let token, token.kind == .identifier else { return false }
        guard let word else { return true }
        let utf8 = word.utf8
        guard token.end - token.start == utf8.count else { return false }
        var i = token.start
        for b in utf8 {
            if bytes[i] != b { return false }
            i += 1
        }
        return true
    }

    /// Names of the enclosing type frames, kept in step with `stack` so literals share its storage.
    var enclosingTypeNames: [String] = []

    /// Positions in `stack` of the open frames of each kind, innermost last, kept in step with `stack`
    /// so a closing bracket finds its frame in constant time: searching the stack for it made every
    /// closing brace cost the nesting depth, and deeply nested input quadratic.
    var parenIndices: [Int] = []
    var braceIndices: [Int] = []
    var bracketIndices: [Int] = []
    var interpolationIndices: [Int] = []

    /// Closing brackets never pop frames outside the innermost interpolation.
    var innermostFloor: Int { (interpolationIndices.last ?? -1) + 1 }

    /// The position of the innermost open frame of `kind` inside the innermost interpolation, if any.
    func innermost(_ kind: Frame.Kind) -> Int? {
        let last: Int?
        switch kind {
        case .paren: last = parenIndices.last
        case .brace: last = braceIndices.last
        case .bracket: last = bracketIndices.last
        case .interpolation: last = interpolationIndices.last
        }
        guard let last, last >= innermostFloor else { return nil }
        return last
    }

    mutating func pushFrame(_ frame: Frame) {
        switch frame.kind {
        case .paren: parenIndices.append(stack.count)
        case .brace: braceIndices.append(stack.count)
        case .bracket: bracketIndices.append(stack.count)
        case .interpolation: interpolationIndices.append(stack.count)
        }
        stack.append(frame)
    }

    mutating func popFrames(from index: Int) {
        for frame in stack[index...] {
            if frame.typeName != nil { enclosingTypeNames.removeLast() }
            if frame.memberName != nil { memberNames.removeLast() }
            if frame.isPresentation { presentationDepth -= 1 }
            if frame.isOffscreen { offscreenDepth -= 1 }
        }
        if let pending = pendingMember, pending.depth > index { pendingMember = nil }
        while let last = localBindings.last, last.depth > index { localBindings.removeLast() }
        if let open = initializer, open.depth > index { initializer = nil }
        func trim(_ indices: inout [Int]) {
            while let last = indices.last, last >= index { indices.removeLast() }
        }
        trim(&parenIndices)
        trim(&braceIndices)
        trim(&bracketIndices)
        trim(&interpolationIndices)
        stack.removeSubrange(index...)
    }

    mutating func run() {
        // A UTF-8 byte order mark is not code (it would otherwise start the first identifier).
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        _ = scanCode(stopDepth: nil)
        finishAssignedPath()
        if let pending = pendingConstant, pending.stage == .digits || pending.stage == .fraction {
            recordConstant(pending)
        }
    }

    /// Reads the next token of `pendingConstant`: the name, an optional type, `=`, an optional `-` and a
    /// number (its digits, `.` and fraction written without spaces); the value is recorded when the token
    /// after the number ends the declaration (`;`, `,`, `}`, or a new line that does not go on with an
    /// operator), and the constant dropped at any other token.
    mutating func readConstant(_ token: Token, afterNewline: Bool) {
        guard var pending = pendingConstant else { return }
        pendingConstant = nil
        let isNumber = token.kind == .other && bytes[token.start] >= 48 && bytes[token.start] <= 57
        switch pending.stage {
        case .name:
            guard token.kind == .identifier else { return }
            pending.name = text(token.start, token.end)
            pending.nameStart = token.start
            pending.stage = .afterName
        case .afterName:
            guard isPunctuation(token, ":") || isPunctuation(token, "=") else { return }
            pending.stage = isPunctuation(token, ":") ? .type : .value
        case .type:
            if isPunctuation(token, "=") {
                pending.stage = .value
            } else if token.kind != .identifier, !isPunctuation(token, ".") {
                return
            }
        case .value:
            if isPunctuation(token, "-"), !pending.negative {
                pending.negative = true
            } else if isNumber {
                pending.digits = text(token.start, token.end)
                pending.stage = .digits
            } else {
                return
            }
        case .point:
            guard isNumber, token.start == pending.lastEnd else { return }
            pending.digits += "." + text(token.start, token.end)
            pending.stage = .fraction
        case .digits, .fraction:
            if pending.stage == .digits, isPunctuation(token, "."), token.start == pending.lastEnd {
                pending.stage = .point
                break
            }
            let ends =
                isPunctuation(token, ";") || isPunctuation(token, ",") || isPunctuation(token, "}")
                || (afterNewline
                    && (token.kind == .identifier || isPunctuation(token, "@") || isPunctuation(token, "#")))
            guard ends else { return }
            recordConstant(pending)
            // `static let a = 1, b = 2`: the next name is another constant.
            if isPunctuation(token, ",") { pendingConstant = PendingConstant(types: pending.types) }
            return
        }
        pending.lastEnd = token.end
        pendingConstant = pending
    }

    mutating func recordConstant(_ pending: PendingConstant) {
        guard let value = Double(pending.digits.filter { $0 != "_" }) else { return }
        result.numericConstants.append(
            SwiftNumericConstant(
                enclosingTypes: pending.types, name: pending.name, value: pending.negative ? -value : value,
                line: lineAndColumn(of: pending.nameStart).0))
    }

    /// Records the name `start..<end` as a symbol reference (`SwiftSymbolReference`) at the current
    /// argument, or, with `property`, as assigned to that property.
    mutating func recordSymbolReference(
        start: Int, end: Int, assignedTo property: String? = nil, path written: String? = nil
    ) {
        let path = written ?? text(start, end).filter { !$0.isWhitespace }
        guard !path.isEmpty, !path.hasSuffix(".") else { return }
        var place = literalContext()
        if let property {
            place.call = nil
            place.argumentLabel = nil
            place.argumentIndex = 0
            place.outerCall = nil
            place.outerArgumentLabel = nil
            place.assignedTo = property
        }
        place.offset = start
        (place.line, place.column) = lineAndColumn(of: start)
        result.symbolReferences.append(SwiftSymbolReference(path: path, place: place))
    }

    /// Whether `start..<end` is a qualified name that may stand for a text: an implicit member (`.title`) or
    /// a capitalised name with a member (`L10n.title`, `R.string.localizable.title`).
    func isQualifiedName(_ start: Int, _ end: Int) -> Bool {
        let first = bytes[start]
        guard first == UInt8(ascii: ".") || Self.isUppercaseStart(first) else { return false }
        return first == UInt8(ascii: ".") || bytes[start..<end].contains(UInt8(ascii: "."))
    }

    /// Ends the name being assigned to a property, recording it when it is whole (and, for a text, qualified).
    mutating func finishAssignedPath() {
        guard let pending = pendingAssignedPath else { return }
        pendingAssignedPath = nil
        if pending.property.hasPrefix("let ") {
            if !pending.expectingName, isQualifiedName(pending.start, pending.end) {
                let path = text(pending.start, pending.end).filter { !$0.isWhitespace }
                localBindings.append((String(pending.property.dropFirst(4)), path, stack.count))
            }
            return
        }
        if !pending.expectingName,
            pending.property == "accessibilityIdentifier" || isQualifiedName(pending.start, pending.end)
        {
            recordSymbolReference(
                start: pending.start, end: pending.end, assignedTo: pending.property.isEmpty ? nil : pending.property)
        }
    }

    /// Whether the previous token opens a statement a body composes: `{`, `;` or a closure's `in`.
    func startsComposedStatement() -> Bool {
        guard let previous = recentToken(0) else { return false }
        return previous.kind == .punctuation(UInt8(ascii: "{")) || previous.kind == .punctuation(UInt8(ascii: ";"))
            || isIdentifier(previous, "in")
    }

    /// Lower-case keywords that start statements and are never a member's name.
    private static let statementKeywords: Set<String> = [
        "let", "var", "if", "guard", "return", "for", "while", "switch", "case", "default", "else", "do", "try",
        "await", "throw", "self", "super", "true", "false", "nil", "in", "defer", "break", "continue", "func",
        "init", "static", "private", "public", "internal", "fileprivate", "final", "override", "some", "any",
        "import", "struct", "class", "enum", "extension", "protocol", "typealias", "repeat", "where",
    ]

    /// Whether `start..<end` names a member of a value (`filter.localizedName`, `context.viewState.title`): a
    /// lower-case name, not `self`, with a member.
    func isMemberPath(_ start: Int, _ end: Int) -> Bool {
        let first = bytes[start]
        guard first >= 97, first <= 122, let dot = bytes[start..<end].firstIndex(of: UInt8(ascii: ".")) else {
            return false
        }
        return !(dot - start == 4 && text(start, dot) == "self")
    }

    /// Whether a capitalised name starting here starts a value a member gives (`return L10n.title`,
    /// `case .unreads: L10n.filterUnreads`, `var title: String { L10n.title }`, `flag ? L10n.on : L10n.off`,
    /// `[L10n.a, L10n.b]`, `static let title = L10n.title`) rather than a call's argument, which
    /// `finishArgument` reads.
    func startsMemberValue() -> Bool {
        guard !enclosingTypeNames.isEmpty, let previous = recentToken(0) else { return false }
        // The innermost frame is read in place: this runs for every capitalised name.
        let last = stack.count - 1
        switch previous.kind {
        case .identifier: return isIdentifier(previous, "return") || isIdentifier(previous, "in")
        case .punctuation(UInt8(ascii: "{")), .punctuation(UInt8(ascii: "?")), .punctuation(UInt8(ascii: "[")):
            return true
        case .punctuation(UInt8(ascii: ":")): return last < 0 || stack[last].kind != .paren
        case .punctuation(UInt8(ascii: ",")): return last >= 0 && stack[last].kind == .bracket
        case .punctuation(UInt8(ascii: "=")):
            return last >= 0 && stack[last].typeName != nil
                && (isIdentifier(recentToken(2), "let") || isIdentifier(recentToken(2), "var"))
        default: return false
        }
    }

    /// Scans code until the end, or until the `)` closing the interpolation frame at `stopDepth`.
    mutating func scanCode(stopDepth: Int?) -> Int {
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case 10:
                sawNewline = true
                index += 1
            case 32, 9, 13:
                index += 1
            case UInt8(ascii: "/"):
                let next = byte(index + 1)
                if next == UInt8(ascii: "/") {
                    let start = index
                    while index < bytes.count, bytes[index] != 10 { index += 1 }
                    if recordsTokens, interpolationDepth == 0 { result.lineComments.append(start..<index) }
                } else if next == UInt8(ascii: "*") {
                    skipBlockComment()
                } else {
                    punctuation(b)
                }
            case UInt8(ascii: "\""):
                scanString(hashes: 0, start: index)
            case UInt8(ascii: "#"):
                var hashes = 0
                var j = index
                while byte(j) == UInt8(ascii: "#") {
                    hashes += 1
                    j += 1
                }
                if byte(j) == UInt8(ascii: "\"") {
                    let start = index
                    index = j
                    scanString(hashes: hashes, start: start)
                } else if byte(j) == UInt8(ascii: "/") {
                    skipRegexLiteral(hashes: hashes, from: j + 1)
                } else if Self.isIdentifierByte(byte(j)) {
                    let start = index
                    index = j
                    while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                    let token = Token(kind: .identifier, start: start, end: index)
                    if isIdentifier(token, "#Preview") { pendingPreview = true }
                    push(token)
                } else {
                    index = j
                    push(Token(kind: .other, start: index - 1, end: index))
                }
            case UInt8(ascii: "`"):
                let start = index + 1
                var j = start
                while j < bytes.count, bytes[j] != UInt8(ascii: "`"), bytes[j] != 10 { j += 1 }
                // A lone backtick (at the end of a file, before a newline) names nothing.
                if j > start { identifier(start: start, end: j) }
                index = min(j + 1, bytes.count)
            case UInt8(ascii: ")")
            where stopDepth != nil && stack.count == stopDepth! && stack.last?.kind == .interpolation:
                popFrames(from: stack.count - 1)
                index += 1
                return index
            default:
                if Self.isIdentifierByte(b) {
                    let start = index
                    while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                    if b >= 48 && b <= 57 {
                        push(Token(kind: .other, start: start, end: index))
                    } else {
                        identifier(start: start, end: index)
                    }
                } else {
                    punctuation(b)
                }
            }
        }
        return index
    }

    mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    mutating func skipRegexLiteral(hashes: Int, from start: Int) {
        var j = start
        while j < bytes.count {
            if bytes[j] == UInt8(ascii: "\\") {
                j += 2
                continue
            }
            if bytes[j] == UInt8(ascii: "/") {
                var k = j + 1
                var count = 0
                while count < hashes, byte(k) == UInt8(ascii: "#") {
                    count += 1
                    k += 1
                }
                if count == hashes {
                    index = k
                    push(Token(kind: .other, start: start, end: k))
                    return
                }
            }
            j += 1
        }
        index = bytes.count
    }

    mutating func identifier(start: Int, end: Int) {
        let token = Token(kind: .identifier, start: start, end: end)
        let length = end - start
        // A view controller's `editButtonItem` is the system's Edit item.
        if length == 14, previewDepth == 0, isIdentifier(token, "editButtonItem") {
            recordSymbolReference(start: start, end: end, assignedTo: "title", path: "UIBarButtonItem.SystemItem.edit")
        }
        // `view.accessibilityIdentifier = A11yID.pay`, `label.text = L10n.title`: the name assigned, one
        // component at a time (not a declaration's `let title = …`).
        if let pending = pendingAssignedPath {
            if pending.expectingName, isPunctuation(recentToken(0), ".") {
                pendingAssignedPath = (pending.start, end, false, pending.property)
            } else {
                finishAssignedPath()
            }
        } else if isPunctuation(recentToken(0), "="), let name = recentToken(1), name.kind == .identifier,
            !isIdentifier(recentToken(2), "let"), !isIdentifier(recentToken(2), "var")
        {
            // Compared in place: most assignments are to other names, and making a string of each costs.
            if let property = SwiftLexer.assignableProperties.first(where: { isIdentifier(name, $0) }) {
                pendingAssignedPath = (start, end, false, property)
            }
        } else if isPunctuation(recentToken(0), "="), Self.isUppercaseStart(bytes[start]), let name = recentToken(1),
            name.kind == .identifier, isIdentifier(recentToken(2), "let") || isIdentifier(recentToken(2), "var"),
            stack.last?.typeName == nil
        {
            // `let title = L10n.Home.title` in a body: a local standing for the name (`localBindings`).
            pendingAssignedPath = (start, end, false, "let " + text(name.start, name.end))
        } else if Self.isUppercaseStart(bytes[start]), !isPunctuation(recentToken(0), "."), startsMemberValue() {
            // A value a member gives: a reference in no call, recorded when it is qualified.
            pendingAssignedPath = (start, end, false, "")
        }
        // `header` starting a statement in `var body` (after a newline, `{`, `;` or a closure's `in`): where
        // the body composes a member of its own.
        if let member = memberNames.last, bytes[start] >= 97, bytes[start] <= 122, previewDepth == 0,
            sawNewline || startsComposedStatement(), !isPunctuation(recentToken(0), ".")
        {
            let name = text(start, end)
            if !Self.statementKeywords.contains(name) {
                result.memberUses.append(
                    SwiftMemberUse(
                        name: name, enclosingTypes: enclosingTypeNames, member: member,
                        line: lineAndColumn(of: start).0))
            }
        }
        // Type declarations: `struct Name: A, B {`.
        if var pending = pendingType, !pending.stopped {
            if pending.name == nil || pending.expectingDottedName {
                let word = text(start, end)
                if pending.name == nil,
                    [
                        "func", "var", "let", "static", "override", "final", "private", "public",
                        "internal", "fileprivate", "open", "required", "convenience", "case", "subscript",
                        "init",
                    ].contains(word)
                {
                    pendingType = nil
                } else {
                    pending.name = pending.name.map { $0 + "." + word } ?? word
                    pending.expectingDottedName = false
                    pendingType = pending
                }
            } else if pending.sawColon, pending.angleDepth == 0 {
                let word = text(start, end)
                if word == "where" {
                    pending.stopped = true
                } else {
                    pending.inherited.append(word)
                }
                pendingType = pending
            }
        } else if length >= 4, length <= 9, bytes[start] >= 97 {
            let word = text(start, end)
            if declarationKeywords.contains(word) {
                pendingType = PendingType(keywordStart: start, isExtension: word == "extension")
            }
        }
        // Member declarations directly in a type body.
        if pendingMemberKeyword {
            pendingMemberKeyword = false
            let name = text(start, end)
            lastDeclaredName = name
            if let frame = stack.last, frame.kind == .brace, frame.typeName != nil {
                let (line, column) = lineAndColumn(of: start)
                let qualified = enclosingTypeNames.joined(separator: ".") + "." + name
                result.members.append(
                    SwiftMemberDeclaration(
                        qualifiedName: qualified, line: line, column: column, isStatic: pendingMemberIsStatic))
                pendingMember = (name, stack.count)
            }
        } else if length == 3 || length == 4 {
            if isIdentifier(token, "let") || isIdentifier(token, "var") || isIdentifier(token, "func")
                || isIdentifier(token, "case")
            {
                pendingMemberKeyword = true
                pendingMemberIsStatic =
                    length == 4 && isIdentifier(token, "case")
                    || isIdentifier(recent.first, "static") || isIdentifier(recent.first, "class")
                    || isIdentifier(recent.second, "static") || isIdentifier(recent.second, "class")
            } else if isIdentifier(token, "init") {
                pendingMember = nil
            }
        } else if length == 12, isIdentifier(token, "labelsHidden"), isPunctuation(recentToken(0), "."),
            !controlLabels.isEmpty
        {
            hideControlLabels(depth: stack.count, pickersOnly: false)
        } else if length == 9 || length == 20,
            (isIdentifier(token, "segmented") && isPunctuation(recentToken(0), "."))
                || isIdentifier(token, "SegmentedPickerStyle"),
            let last = stack.last, last.kind == .paren, last.callee == "pickerStyle", !controlLabels.isEmpty
        {
            hideControlLabels(depth: stack.count - 1, pickersOnly: true)
        }
        // `.tabItem { tab.label }`: a member one hop from the tab's title (its `Label(title, …)`).
        // The dot first, and the frame read in place: this runs for every identifier.
        if isPunctuation(recentToken(0), "."), let last = stack.indices.last, stack[last].kind == .brace,
            stack[last].callee == "tabItem"
        {
            result.forwardedNames.append(
                SwiftForwardedName(
                    call: "tabItem", closureCall: "tabItem", name: text(start, end), enclosingTypes: enclosingTypeNames,
                    member: memberNames.last))
        }
        if let last = stack.indices.last, stack[last].kind == .paren {
            switch stack[last].argumentState {
            case 0, 2:
                if stack[last].argumentState == 0 { stack[last].argumentStart = start }
                stack[last].argumentState = 1
                stack[last].argumentNameStart = start
                stack[last].argumentNameEnd = end
            default:
                stack[last].argumentState = 3
            }
        }
        push(token)
        if recordsTokens, length == 3, interpolationDepth == 0, isIdentifier(token, "let") { startConstant() }
    }

    /// After a `let` (the last token): starts reading a constant that may hold a number
    /// (`SwiftNumericConstant`) when it is at file level or a `static let` directly in a type body.
    mutating func startConstant() {
        let atFileLevel = stack.isEmpty
        let isStatic = isIdentifier(recent.second, "static") || isIdentifier(recent.third, "static")
        if atFileLevel || (isStatic && stack.last?.kind == .brace && stack.last?.typeName != nil) {
            pendingConstant = PendingConstant(types: enclosingTypeNames)
        }
    }

    @inline(__always)
    func isPunctuation(_ token: Token?, _ character: Unicode.Scalar) -> Bool {
        token?.kind == .punctuation(UInt8(ascii: character))
    }

    static func isUppercaseStart(_ b: UInt8) -> Bool { b >= 65 && b <= 90 }

    /// Calls whose closure content (not a `label:` closure) is off screen until opened.
    static let offscreenCalls: Set<String> = [
        "Menu", "ToolbarTitleMenu", "contextMenu", "confirmationDialog", "swipeActions",
    ]

    /// Punctuation after which a capitalised name and `{` start a builder call (`Row {`), not an operand of
    /// an operator or a type annotation (`a < Limit {`, `-> Some {`, `: View {`).
    static let statementBoundaries: Set<UInt8> = Set("{}()[],;.".utf8)

    /// Marks the control labels of the statement that ends at frame depth `depth` (the controls in it and in
    /// any container it is) as hidden.
    mutating func hideControlLabels(depth: Int, pickersOnly: Bool) {
        let statementStart = depth > 0 && depth <= stack.count ? stack[depth - 1].statementStart : topStatementStart
        var i = controlLabels.count - 1
        while i >= 0, controlLabels[i].offset >= statementStart {
            let label = controlLabels[i]
            if label.depth > depth, !pickersOnly || label.isPicker {
                result.literals[label.literal].isHiddenLabel = true
            }
            i -= 1
        }
    }

    /// Records a creation of the type `name` at `start`, unless it is in a preview.
    mutating func recordTypeReference(_ name: String, at start: Int) {
        guard previewDepth == 0, name != "Self" else { return }
        let (line, _) = lineAndColumn(of: start)
        result.typeReferences.append(
            SwiftTypeReference(
                name: name, enclosingTypes: enclosingTypeNames, isPresentation: presentationDepth > 0, line: line,
                member: memberNames.last))
    }

    /// Ends the current argument of the innermost paren frame: a plain name given to a text-bearing call
    /// is recorded as forwarded.
    mutating func finishArgument() {
        guard let last = stack.indices.last, stack[last].kind == .paren else { return }
        // Only a plain name (state 1) is recorded: any other argument ends without a copy of the frame.
        guard stack[last].argumentState == 1 else {
            stack[last].argumentState = 3
            return
        }
        let frame = stack[last]
        stack[last].argumentState = 3
        // `UIBarButtonItem(barButtonSystemItem: .cancel, …)`: the system's title, named as the index resolves it.
        if frame.argumentState == 1, frame.label == "barButtonSystemItem" || frame.label == "systemItem" {
            let item = text(frame.argumentNameStart, frame.argumentNameEnd)
            let kind = frame.callee == "UITabBarItem" ? "UITabBarItem" : "UIBarButtonItem"
            return recordSymbolReference(
                start: frame.argumentStart, end: frame.argumentNameEnd, path: "\(kind).SystemItem.\(item)")
        }
        if frame.argumentState == 1, let call = frame.callee,
            takesSymbol(call: call, label: frame.label, start: frame.argumentStart, end: frame.argumentNameEnd)
        {
            recordSymbolReference(start: frame.argumentStart, end: frame.argumentNameEnd)
        }
        guard frame.argumentState == 1, let call = frame.callee, SwiftLexer.textBearingCalls.contains(call) else {
            return
        }
        if let label = frame.label, !SwiftLexer.textBearingLabels.contains(label) { return }
        // A tab's `value:` is its selection value, not its title.
        if call == "Tab", frame.label != nil { return }
        // `Text(title)` after `let title = L10n.Home.title`: the name the local stands for.
        if !localBindings.isEmpty, frame.argumentStart == frame.argumentNameStart {
            let name = text(frame.argumentNameStart, frame.argumentNameEnd)
            if let binding = localBindings.last(where: { $0.name == name }) {
                recordSymbolReference(start: frame.argumentStart, end: frame.argumentNameEnd, path: binding.path)
            }
        }
        let closure = braceIndices.last.flatMap { stack[$0].callee }
        result.forwardedNames.append(
            SwiftForwardedName(
                call: call, closureCall: closure, name: text(frame.argumentNameStart, frame.argumentNameEnd),
                enclosingTypes: enclosingTypeNames, member: memberNames.last))
    }

    /// Whether the name `start..<end`, given to `call` with `label`, is a symbol reference to record: any
    /// name `.accessibilityIdentifier(…)` receives; else a capitalised qualified name (`isQualifiedName`: a
    /// design system's `.default(title: L10n.about)`, `.title(L10n.standard)` or `actionTitle:
    /// Strings.seeAll` as well as `Text(L10n.about)`) or a value's member (`filter.localizedName`), except
    /// under a text-bearing call's label that carries no text (`Text(date, format: …)`); an implicit member
    /// only when a text-bearing call or a text label receives it. Which of them stand for texts the source
    /// index decides.
    func takesSymbol(call: String, label: String?, start: Int, end: Int) -> Bool {
        if call == "accessibilityIdentifier" { return label == nil }
        // A tab's `value:` is its selection value, not its title.
        if call == "Tab", label != nil { return false }
        // A name that is neither a value's member nor qualified is never one: no table lookups for `isOn: flag`.
        let isMember = isMemberPath(start, end)
        guard isMember || isQualifiedName(start, end) else { return false }
        let textLabel = label.map(SwiftLexer.textBearingLabels.contains)
        let showsText = SwiftLexer.textBearingCalls.contains(call)
        if showsText, textLabel == false { return false }
        if isMember { return true }
        // An implicit member is a text only where a text goes (not `.padding(.horizontal)`).
        return bytes[start] != UInt8(ascii: ".") || textLabel == true || showsText
    }

    mutating func punctuation(_ b: UInt8) {
        let start = index
        index += 1
        if let pending = pendingAssignedPath {
            if b == UInt8(ascii: "."), !pending.expectingName {
                pendingAssignedPath = (pending.start, pending.end, true, pending.property)
            } else {
                finishAssignedPath()
            }
        }
        switch b {
        case UInt8(ascii: "("):
            var callee: String?
            if let previous = recentToken(0), previous.kind == .identifier {
                let name = text(previous.start, previous.end)
                if !keywordsNotCallees.contains(name) || name == "init" { callee = name.hasPrefix("#") ? nil : name }
                if let name = callee, Self.isUppercaseStart(bytes[previous.start]) {
                    recordTypeReference(name, at: previous.start)
                } else if name == "init", isPunctuation(recentToken(1), "."), let type = recentToken(2),
                    type.kind == .identifier, Self.isUppercaseStart(bytes[type.start])
                {
                    recordTypeReference(text(type.start, type.end), at: type.start)
                }
            } else if let previous = recentToken(0), previous.kind == .punctuation(UInt8(ascii: ">")),
                let generic = closedGeneric, generic.end == previous.end
            {
                callee = generic.name
                recordTypeReference(generic.name, at: previous.start)
            }
            pendingGeneric = nil
            if let last = stack.indices.last, stack[last].kind == .paren, stack[last].argumentState == 1 {
                finishArgument()  // `Text(title(for: kind))`: the function's name is what is forwarded
            }
            markArgumentUnusual()
            var frame = Frame(kind: .paren, callee: callee)
            if let callee, presentationCalls.contains(callee) {
                frame.isPresentation = true
                presentationDepth += 1
            }
            pushFrame(frame)
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
            let kind: Frame.Kind = b == UInt8(ascii: ")") ? .paren : .bracket
            // Close the innermost frame of this kind unless a brace opened after it is still open.
            if let last = innermost(kind), last > innermost(.brace) ?? -1 {
                if kind == .paren {
                    if last == stack.count - 1 { finishArgument() }
                    lastClosedParen = (index, stack[last].callee, stack[last].navigationHasTarget)
                }
                popFrames(from: last)
            }
            pendingGeneric = nil
        case UInt8(ascii: "["):
            markArgumentUnusual()
            pushFrame(Frame(kind: .bracket))
        case UInt8(ascii: "{"):
            markArgumentUnusual()
            pendingGeneric = nil
            var frame = Frame(kind: .brace)
            frame.statementStart = index
            if let pending = pendingType, pending.name != nil, enclosingTypeNames.count >= SwiftLexer.maxTypeDepth {
                if result.typeNestingLimit == nil {
                    let (line, column) = lineAndColumn(of: pending.keywordStart)
                    result.typeNestingLimit = SwiftFileScan.NestingLimit(
                        offset: pending.keywordStart, line: line,
                        column: column)
                }
            } else if let pending = pendingType, let name = pending.name {
                let qualified = pending.isExtension ? name : (enclosingTypeNames + [name]).joined(separator: ".")
                let (line, column) = lineAndColumn(of: pending.keywordStart)
                result.types.append(
                    SwiftTypeDeclaration(
                        name: qualified, inheritedTypes: pending.inherited,
                        isExtension: pending.isExtension, line: line, column: column))
                frame.typeName = name
                frame.typeIndex = result.types.count - 1
                if pending.inherited.contains("PreviewProvider") { frame.isPreview = true }
            } else {
                classifyClosure(&frame)
            }
            if frame.typeName == nil, let pending = pendingMember, pending.depth == stack.count {
                frame.memberName = pending.name
                memberNames.append(pending.name)
            }
            pendingMember = nil
            pendingType = nil
            if pendingPreview {
                frame.isPreview = true
                pendingPreview = false
            }
            if frame.isPreview { previewDepth += 1 }
            if frame.isPresentation { presentationDepth += 1 }
            if frame.isOffscreen { offscreenDepth += 1 }
            if let name = frame.typeName { enclosingTypeNames.append(name) }
            pushFrame(frame)
        case UInt8(ascii: "}"):
            if let last = innermost(.brace) {
                for frame in stack[last...] where frame.isPreview { previewDepth -= 1 }
                if let type = stack[last].typeIndex { result.types[type].endLine = lineAndColumn(of: index).0 }
                lastClosedBrace = (index, stack[last].callee)
                popFrames(from: last)
            }
            pendingType = nil
        case UInt8(ascii: ","):
            if let frame = stack.last, frame.kind == .brace, frame.typeName != nil,
                initializer?.depth == stack.count || pendingMember?.depth == stack.count
            {
                // `case card = "pay.card", cash = "pay.cash"`, `static let a = "x", b = "y"`: the next name
                // is another member, with its own value.
                initializer = nil
                pendingMember = nil
                pendingMemberKeyword = true
            } else if var frame = stack.last, frame.kind == .paren {
                finishArgument()
                frame = stack[stack.count - 1]
                frame.argumentIndex += 1
                frame.label = nil
                frame.argumentState = 0
                if frame.presentationByLabel {
                    frame.presentationByLabel = false
                    frame.isPresentation = false
                    presentationDepth -= 1
                }
                stack[stack.count - 1] = frame
            }
        case UInt8(ascii: ":"):
            if var pending = pendingType, pending.name != nil, pending.angleDepth == 0 {
                pending.sawColon = true
                pendingType = pending
            } else if var frame = stack.last, frame.kind == .paren, let previous = recentToken(0),
                previous.kind == .identifier
            {
                let before = recentToken(1)
                if before == nil || before?.kind == .punctuation(UInt8(ascii: "("))
                    || before?.kind == .punctuation(UInt8(ascii: ","))
                {
                    let label = text(previous.start, previous.end)
                    frame.label = label
                    frame.argumentState = 0
                    if frame.callee == "NavigationLink", label == "destination" || label == "value" {
                        frame.navigationHasTarget = true
                        if label == "destination", !frame.isPresentation {
                            frame.isPresentation = true
                            frame.presentationByLabel = true
                            presentationDepth += 1
                        }
                    }
                    stack[stack.count - 1] = frame
                }
            } else {
                markArgumentUnusual()
            }
        case UInt8(ascii: "."):
            if var pending = pendingType, pending.name != nil, !pending.sawColon {
                pending.expectingDottedName = true
                pendingType = pending
            }
            if let last = stack.indices.last, stack[last].kind == .paren {
                let state = stack[last].argumentState
                if state == 0 { stack[last].argumentStart = start }
                stack[last].argumentState = state == 0 || state == 1 ? 2 : 3
            }
        case UInt8(ascii: "<"):
            if var pending = pendingType {
                pending.angleDepth += 1
                pendingType = pending
            } else if var generic = pendingGeneric {
                generic.depth += 1
                pendingGeneric = generic
            } else if let previous = recentToken(0), previous.kind == .identifier,
                Self.isUppercaseStart(bytes[previous.start])
            {
                pendingGeneric = (text(previous.start, previous.end), 1)
            }
            markArgumentUnusual()
        case UInt8(ascii: ">"):
            if var pending = pendingType, pending.angleDepth > 0 {
                pending.angleDepth -= 1
                pendingType = pending
            } else if var generic = pendingGeneric {
                generic.depth -= 1
                if generic.depth == 0 {
                    closedGeneric = (generic.name, index)
                    pendingGeneric = nil
                } else {
                    pendingGeneric = generic
                }
            }
            markArgumentUnusual()
        case UInt8(ascii: ";"):
            pendingType = nil
            pendingMember = nil
            initializer = nil
            pendingGeneric = nil
            markArgumentUnusual()
        case UInt8(ascii: "="):
            if let pending = pendingMember, pending.depth == stack.count {
                initializer = (pending.name, stack.count)
                pendingMember = nil
            }
            markArgumentUnusual()
        case UInt8(ascii: "?"), UInt8(ascii: "!"):
            break
        default:
            markArgumentUnusual()
        }
        push(Token(kind: .punctuation(b), start: start, end: index))
    }

    /// The current argument of the innermost paren frame is not a plain name.
    mutating func markArgumentUnusual() {
        if let last = stack.indices.last, stack[last].kind == .paren { stack[last].argumentState = 3 }
    }

    /// Decides which call a non-type `{` belongs to (a trailing closure, a labelled trailing closure, a
    /// closure argument, or a builder like `VStack {`), whether creations in it are presentations, and
    /// records `Row {` as a creation of `Row`.
    mutating func classifyClosure(_ frame: inout Frame) {
        guard let previous = recentToken(0) else { return }
        var callee: String?
        var isDestination = false
        var isMenuLabel = false
        if previous.kind == .punctuation(UInt8(ascii: ")")), lastClosedParen.end == previous.end {
            callee = lastClosedParen.callee
            isDestination = callee == "NavigationLink" && !lastClosedParen.navigationHasTarget
        } else if previous.kind == .identifier {
            let name = text(previous.start, previous.end)
            if !keywordsNotCallees.contains(name) {
                callee = name
                isDestination = name == "NavigationLink"
                let before = recentToken(1)
                let inTypePosition =
                    before.map { token in
                        switch token.kind {
                        case .punctuation(let p): return !Self.statementBoundaries.contains(p)
                        case .identifier: return typePositionWords.contains(text(token.start, token.end))
                        default: return false
                        }
                    } ?? false
                if Self.isUppercaseStart(bytes[previous.start]), !inTypePosition {
                    recordTypeReference(name, at: previous.start)
                }
            }
        } else if previous.kind == .punctuation(UInt8(ascii: ":")), let label = recentToken(1),
            label.kind == .identifier, let brace = recentToken(2), brace.kind == .punctuation(UInt8(ascii: "}")),
            lastClosedBrace.end == brace.end
        {
            callee = lastClosedBrace.callee
            isDestination = callee == "NavigationLink" && isIdentifier(label, "destination")
            // `Tab(value: x) { … } label: { Label(…) }`: the label closure is what `.tabItem { … }` is.
            if callee == "Tab", isIdentifier(label, "label") { callee = "tabItem" }
            isMenuLabel = isIdentifier(label, "label")
        } else if let last = stack.last, last.kind == .paren {
            callee = last.callee
        }
        frame.callee = callee
        if isDestination || callee.map(presentationCalls.contains) == true { frame.isPresentation = true }
        if let callee, Self.offscreenCalls.contains(callee), !isMenuLabel { frame.isOffscreen = true }
    }

    /// Scans a string literal whose first quote is at `index`; `start` is where its `#`s begin.
    mutating func scanString(hashes: Int, start: Int) {
        let multiline = byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
        let quoteCount = multiline ? 3 : 1
        // Capture the context before nested literals change it.
        let context = keepsLiterals ? literalContext() : SwiftStringLiteral(segments: [], offset: 0, line: 0, column: 0)
        let depth = stack.count
        markArgumentUnusual()
        index += quoteCount
        let contentStart = index
        var holes: [(Int, Int)] = []
        var contentEnd = -1
        scanning: while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\\") {
                var j = index + 1
                var count = 0
                while count < hashes, byte(j) == UInt8(ascii: "#") {
                    count += 1
                    j += 1
                }
                if count < hashes {
                    index += 1
                    continue
                }
                if byte(j) == UInt8(ascii: "(") {
                    let holeStart = index
                    guard interpolationDepth < SwiftLexer.maxInterpolationDepth else {
                        // Too deep to recurse safely: give up on the rest of the file, which leaves this
                        // literal and every enclosing one unterminated.
                        let (line, column) = lineAndColumn(of: holeStart)
                        result.nestingLimit = SwiftFileScan.NestingLimit(offset: holeStart, line: line, column: column)
                        index = bytes.count
                        break scanning
                    }
                    index = j + 1
                    pushFrame(Frame(kind: .interpolation))
                    let savedRecent = recent
                    recent = RecentTokens()
                    interpolationDepth += 1
                    _ = scanCode(stopDepth: stack.count)
                    interpolationDepth -= 1
                    recent = savedRecent
                    holes.append((holeStart, index))
                    continue
                }
                index = j + 1  // skip the escaped character
                continue
            }
            if b == 10, !multiline {
                break scanning  // unterminated single-line literal: drop it
            }
            if b == UInt8(ascii: "\"") {
                var j = index
                var quotes = 0
                while quotes < quoteCount, byte(j) == UInt8(ascii: "\"") {
                    quotes += 1
                    j += 1
                }
                if quotes == quoteCount {
                    var count = 0
                    while count < hashes, byte(j) == UInt8(ascii: "#") {
                        count += 1
                        j += 1
                    }
                    if count == hashes {
                        contentEnd = index
                        index = j
                        break scanning
                    }
                }
                index += 1
                continue
            }
            index += 1
        }
        guard contentEnd >= 0, keepsLiterals else {
            push(Token(kind: .literal, start: start, end: index))
            return
        }
        let segments = decode(from: contentStart, to: contentEnd, holes: holes, hashes: hashes, multiline: multiline)
        let (line, column) = lineAndColumn(of: start)
        var literal = context
        literal.segments = segments
        literal.offset = start
        literal.line = line
        literal.column = column
        literal.isMultiline = multiline
        literal.rawDelimiterCount = hashes
        result.literals.append(literal)
        if let call = literal.call, literal.argumentIndex == 0, labelledControls.contains(call),
            literal.argumentLabel == nil || literal.argumentLabel == "titleKey" || literal.argumentLabel == "title"
        {
            controlLabels.append(
                ControlLabel(
                    literal: result.literals.count - 1, isPicker: call == "Picker", depth: depth, offset: start))
        }
        push(Token(kind: .literal, start: start, end: index))
    }

    func literalContext() -> SwiftStringLiteral {
        var literal = SwiftStringLiteral(segments: [], offset: 0, line: 0, column: 0)
        // The frame read in place (a copy retains its strings), as for every literal.
        if let last = stack.indices.last, stack[last].kind == .paren {
            literal.call = stack[last].callee
            literal.argumentLabel = stack[last].label
            literal.argumentIndex = stack[last].argumentIndex
            if last >= 1, stack[last - 1].kind == .paren, let call = literal.call,
                SwiftStringLiteral.textWrappers.contains(call)
            {
                literal.outerCall = stack[stack.count - 2].callee
                literal.outerArgumentLabel = stack[stack.count - 2].label
            }
        }
        if let previous = recentToken(0), previous.kind == .punctuation(UInt8(ascii: "=")) {
            if let name = recentToken(1), name.kind == .identifier {
                literal.assignedTo = text(name.start, name.end)
                if let keyword = recentToken(2), isIdentifier(keyword, "let") || isIdentifier(keyword, "var") {
                    literal.assignedTo = text(name.start, name.end)
                }
            }
            if let annotation = recentToken(2), annotation.kind == .punctuation(UInt8(ascii: ":")) {
                literal.assignedTo = lastDeclaredName
            }
        }
        literal.enclosingTypes = enclosingTypeNames
        literal.nesting = stack.count
        literal.inPreview = previewDepth > 0
        literal.member = memberNames.last
        literal.initializedMember = initializer?.name
        literal.closureCall = braceIndices.last.flatMap { stack[$0].callee }
        if offscreenDepth > 0 { literal.isHiddenLabel = true }
        return literal
    }

    /// Decodes the literal's content into segments.
    func decode(from start: Int, to end: Int, holes: [(Int, Int)], hashes: Int, multiline: Bool) -> [SwiftStringLiteral
        .Segment]
    {
        var begin = start
        var finish = end
        var indent = 0
        if multiline {
            // Content starts after the newline that follows the opening delimiter and ends before the
            // newline in front of the closing delimiter, whose indentation is removed from every line.
            var j = begin
            while j < finish, bytes[j] != 10 { j += 1 }
            begin = min(j + 1, finish)
            var k = finish
            while k > begin, bytes[k - 1] == 32 || bytes[k - 1] == 9 { k -= 1 }
            indent = finish - k
            finish = k > begin ? k - 1 : begin
            if finish > begin, bytes[finish - 1] == 13 { finish -= 1 }
        }
        var segments: [SwiftStringLiteral.Segment] = []
        var buffer: [UInt8] = []
        var holeIndex = 0
        var i = begin
        var atLineStart = multiline
        func flush() {
            if !buffer.isEmpty {
                segments.append(.text(String(decoding: buffer, as: UTF8.self)))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        while i < finish {
            if atLineStart {
                var skipped = 0
                while skipped < indent, i < finish, bytes[i] == 32 || bytes[i] == 9 {
                    i += 1
                    skipped += 1
                }
                atLineStart = false
                continue
            }
            if holeIndex < holes.count, i == holes[holeIndex].0 {
                flush()
                segments.append(.interpolation)
                i = holes[holeIndex].1
                holeIndex += 1
                continue
            }
            let b = bytes[i]
            if b == UInt8(ascii: "\\") {
                var j = i + 1
                var count = 0
                while count < hashes, j < finish, bytes[j] == UInt8(ascii: "#") {
                    count += 1
                    j += 1
                }
                if count == hashes, j < finish {
                    let escape = bytes[j]
                    switch escape {
                    case UInt8(ascii: "n"): buffer.append(10)
                    case UInt8(ascii: "t"): buffer.append(9)
                    case UInt8(ascii: "r"): buffer.append(13)
                    case UInt8(ascii: "0"): buffer.append(0)
                    case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): buffer.append(escape)
                    case UInt8(ascii: "u") where j + 1 < finish && bytes[j + 1] == UInt8(ascii: "{"):
                        var k = j + 2
                        while k < finish, bytes[k] != UInt8(ascii: "}") { k += 1 }
                        if let value = UInt32(text(j + 2, k), radix: 16), let scalar = Unicode.Scalar(value) {
                            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                        }
                        i = k + 1
                        continue
                    case 10, 13, 32, 9:
                        // Line continuation: drop the backslash, trailing spaces and the newline.
                        guard multiline else {
                            buffer.append(escape)
                            break
                        }
                        var k = j
                        while k < finish, bytes[k] != 10 { k += 1 }
                        i = k + 1
                        atLineStart = true
                        continue
                    default:
                        buffer.append(escape)
                    }
                    i = j + 1
                    continue
                }
            }
            buffer.append(b)
            if b == 10 { atLineStart = true }
            i += 1
        }
        flush()
        return segments
    }
}
