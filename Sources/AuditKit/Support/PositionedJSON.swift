/// A JSON value that remembers where it started in its file, so rule files and string catalogs can
/// report problems as `path:line:column`.
///
/// The parser accepts standard JSON plus `//` line and `/* */` block comments (the rule file is
/// meant to be commented), caps nesting at 64 levels, and reports the first error with its position.
struct PositionedJSON: Sendable {
    /// A position in the text: zero-based byte offset, one-based line and byte column.
    struct Position: Sendable, Hashable {
        var offset: Int
        var line: Int
        var column: Int
    }

    /// One member of an object, in file order.
    struct Member: Sendable {
        var key: String
        var keyPosition: Position
        var value: PositionedJSON
    }

    /// The kinds of values.
    indirect enum Kind: Sendable {
        case object([Member])
        case array([PositionedJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// The value.
    var kind: Kind
    /// Where the value starts.
    var position: Position

    /// A parse error: what is wrong and where.
    struct ParseError: Error, Sendable {
        var message: String
        var position: Position
    }

    /// Parses `bytes` as one JSON document (with comments allowed).
    /// - Parameters:
    ///   - bytes: the document.
    ///   - maxStringBytes: the longest string or key, in bytes, accepted; a longer one is an error at
    ///     its position before it is decoded (a rule file's 50 MB note once took 1.1 GB).
    ///   - streamedKey: when given and the root object has a member of this name whose value is an
    ///     object, each member of that object is handed to `visit` as soon as it is parsed and not
    ///     kept: the tree returned holds that object empty, so a large string catalog is never held
    ///     whole as a tree.
    ///   - visit: receives the streamed members in file order.
    static func parse(
        _ bytes: [UInt8], maxStringBytes: Int = .max, streamedKey: String? = nil,
        visit: ((Member) -> Void)? = nil
    ) throws(ParseError) -> PositionedJSON {
        var parser = Parser(bytes: bytes)
        parser.maxStringBytes = maxStringBytes
        parser.skipTrivia()
        if let failure = parser.failure { throw failure }
        let value = parser.parseValue(depth: 0, streamedKey: streamedKey, visit: visit)
        if let failure = parser.failure { throw failure }
        parser.skipTrivia()
        if let failure = parser.failure { throw failure }
        guard parser.index == bytes.count, let value else {
            throw ParseError(message: "unexpected text after the JSON value", position: parser.position())
        }
        return value
    }

    /// A short name of the value's type for messages: `an object`, `a string`, ...
    var typeDescription: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The members when this is an object.
    var members: [Member]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The string when this is a string.
    var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The number when this is a number.
    var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }

    /// The elements when this is an array.
    var elements: [PositionedJSON]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    /// The value of the first member named `key`, when this is an object.
    subscript(key: String) -> PositionedJSON? {
        members?.first(where: { $0.key == key })?.value
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var failure: PositionedJSON.ParseError?
    var maxStringBytes = Int.max

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // Skip a UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    func position(at offset: Int? = nil) -> PositionedJSON.Position {
        let offset = offset ?? index
        return .init(offset: offset, line: line, column: offset - lineStart + 1)
    }

    mutating func fail(_ message: String, at position: PositionedJSON.Position? = nil) {
        if failure == nil { failure = .init(message: message, position: position ?? self.position()) }
    }

    mutating func newline(at offset: Int) {
        line += 1
        lineStart = offset + 1
    }

    mutating func skipTrivia() {
        while index < bytes.count, failure == nil {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                newline(at: index)
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = position()
                index += 2
                var closed = false
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/")
                    {
                        index += 2
                        closed = true
                        break
                    }
                    if bytes[index] == UInt8(ascii: "\n") { newline(at: index) }
                    index += 1
                }
                if !closed { fail("unterminated /* comment; close it with */", at: start) }
            default:
                return
            }
        }
    }

    /// Parses the value at `index`. With `streamedKey`, this object's member of that name has its own
    /// members handed to `visit` (see `PositionedJSON.parse`); with `visit` and no key, this object's
    /// members are handed to `visit` and not kept.
    mutating func parseValue(
        depth: Int, streamedKey: String? = nil, visit: ((PositionedJSON.Member) -> Void)? = nil
    ) -> PositionedJSON? {
        guard failure == nil else { return nil }
        guard depth < 64 else {
            fail("nesting deeper than 64 levels")
            return nil
        }
        guard index < bytes.count else {
            fail("unexpected end of file; a value is missing")
            return nil
        }
        let start = position()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [PositionedJSON.Member] = []
            skipTrivia()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .init(kind: .object(members), position: start)
            }
            var lastComma: PositionedJSON.Position?
            while failure == nil {
                skipTrivia()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}"), let lastComma {
                        fail("trailing comma before '}'; remove the comma", at: lastComma)
                    } else {
                        fail(
                            index < bytes.count
                                ? "expected a quoted key" : "unexpected end of file inside an object; add '}'")
                    }
                    return nil
                }
                let keyPosition = position()
                guard let key = parseString() else { return nil }
                skipTrivia()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    fail("expected ':' after the key \"\(key)\"")
                    return nil
                }
                index += 1
                skipTrivia()
                let streams =
                    streamedKey != nil && key == streamedKey && index < bytes.count && bytes[index] == UInt8(ascii: "{")
                guard let value = parseValue(depth: depth + 1, visit: streams ? visit : nil) else { return nil }
                if visit != nil, streamedKey == nil {
                    visit?(.init(key: key, keyPosition: keyPosition, value: value))
                } else {
                    members.append(.init(key: key, keyPosition: keyPosition, value: value))
                }
                skipTrivia()
                guard index < bytes.count else {
                    fail("unexpected end of file inside an object; add '}'")
                    return nil
                }
                if bytes[index] == UInt8(ascii: ",") {
                    lastComma = position()
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .init(kind: .object(members), position: start)
                }
                fail("expected ',' or '}' after the value of \"\(key)\"")
                return nil
            }
            return nil
        case UInt8(ascii: "["):
            index += 1
            var items: [PositionedJSON] = []
            skipTrivia()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .init(kind: .array(items), position: start)
            }
            var lastComma: PositionedJSON.Position?
            while failure == nil {
                skipTrivia()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    fail("trailing comma before ']'; remove the comma", at: lastComma)
                    return nil
                }
                guard let value = parseValue(depth: depth + 1) else { return nil }
                items.append(value)
                skipTrivia()
                guard index < bytes.count else {
                    fail("unexpected end of file inside an array; add ']'")
                    return nil
                }
                if bytes[index] == UInt8(ascii: ",") {
                    lastComma = position()
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .init(kind: .array(items), position: start)
                }
                fail("expected ',' or ']' in the array")
                return nil
            }
            return nil
        case UInt8(ascii: "\""):
            guard let text = parseString() else { return nil }
            return .init(kind: .string(text), position: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for (word, kind) in [("true", PositionedJSON.Kind.bool(true)), ("false", .bool(false)), ("null", .null)] {
                let utf8 = Array(word.utf8)
                if bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 {
                    index += utf8.count
                    return .init(kind: kind, position: start)
                }
            }
            fail("unexpected word; expected true, false, null, a number, a string, an array or an object")
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let begin = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == digitsStart {
                fail("a number needs digits", at: start)
                return nil
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                if index == fractionStart {
                    fail("a number needs digits after '.'", at: start)
                    return nil
                }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                let exponentStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                if index == exponentStart {
                    fail("a number needs digits in its exponent", at: start)
                    return nil
                }
            }
            guard let value = Double(String(decoding: bytes[begin..<index], as: UTF8.self)) else {
                fail("not a valid number", at: start)
                return nil
            }
            return .init(kind: .number(value), position: start)
        default:
            fail("unexpected character; expected a value")
            return nil
        }
    }

    /// Parses a string at `index` (which is a quote) and returns its decoded text.
    mutating func parseString() -> String? {
        let start = position()
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if out.count > maxStringBytes {
                fail(
                    "a string longer than \(maxStringBytes) bytes; this file's strings are kept shorter", at: start)
                return nil
            }
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") || byte < 0x20 {
                fail(
                    "unterminated string or control character in a string; close the quote on the same line", at: start)
                return nil
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { break }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else {
                        fail("\\u needs four hex digits", at: position(at: index - 2))
                        return nil
                    }
                    if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        if let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                default:
                    fail(
                        "unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string; write \\\\ for a backslash",
                        at: position(at: index - 2))
                    return nil
                }
                continue
            }
            out.append(byte)
            index += 1
        }
        fail("unterminated string; add the closing quote", at: start)
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        guard let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            return nil
        }
        index += 4
        return value
    }
}
