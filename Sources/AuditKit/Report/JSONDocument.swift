import Foundation

/// Why a JSON value could not be parsed, and at which absolute byte offset of the file.
struct JSONParseError: Error, Sendable, Equatable {
    /// What is wrong, e.g. `unexpected end of data`.
    var message: String
    /// Absolute byte offset in the file.
    var offset: Int
    /// True when the input simply ended before the value did (a truncated payload).
    var isTruncation: Bool
}

/// A parsed JSON value laid out flat (a "tape", as simdjson and swift-protobuf's scanner do): every
/// value is one node, containers are followed by their members, and strings and numbers stay
/// references into the file's bytes until asked for. Parsing is iterative with an explicit stack, so
/// deep nesting is a clean error at `maxDepth`, never a stack overflow.
struct JSONDocument: Sendable {
    /// What a node holds.
    enum Kind: UInt8, Sendable {
        case object, array, string, number, bool, null

        /// The phrase used in warnings: `a string`, `an object`, ...
        var phrase: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }

    /// One value.
    /// Offsets and counts are stored as 32-bit values (files are limited far below 2 GB) so a node
    /// takes 32 bytes; a 2000-issue report has about 100 000 of them.
    struct Node: Sendable {
        var kind: Kind
        /// Strings: the content has at least one backslash escape.
        var escaped = false
        /// Booleans: the value.
        var flag = false
        private var start32: Int32
        private var end32: Int32 = 0
        private var next32: Int32 = 0
        private var count32: Int32 = 0
        /// Numbers: the value.
        var number = 0.0

        init(kind: Kind, start: Int) {
            self.kind = kind
            start32 = Int32(truncatingIfNeeded: start)
        }

        /// Absolute offset of the value's first byte (a string's opening quote).
        var start: Int {
            get { Int(start32) }
            set { start32 = Int32(truncatingIfNeeded: newValue) }
        }
        /// Absolute offset just past the value (past a string's closing quote).
        var end: Int {
            get { Int(end32) }
            set { end32 = Int32(truncatingIfNeeded: newValue) }
        }
        /// Tape index of the node after this value and everything inside it.
        var next: Int {
            get { Int(next32) }
            set { next32 = Int32(truncatingIfNeeded: newValue) }
        }
        /// Containers: the number of members (pairs for objects).
        var count: Int {
            get { Int(count32) }
            set { count32 = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// The nodes; index 0 is the root.
    var nodes: [Node]
    /// The file the offsets point into.
    let buffer: ByteBuffer

    /// Parses one JSON value starting at `start` (leading whitespace allowed).
    /// - Parameters:
    ///   - requireEnd: when true, only whitespace may follow the value up to `end`.
    ///   - maxDepth: deepest allowed nesting of arrays and objects.
    /// - Returns: the document and the offset just past the value.
    static func parse(
        _ buffer: ByteBuffer, from start: Int, to end: Int? = nil, requireEnd: Bool,
        maxDepth: Int
    ) throws(JSONParseError) -> JSONDocument {
        precondition(buffer.count < Int(Int32.max), "JSON documents are limited to 2 GB")
        var parser = JSONParser(
            base: buffer.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
            end: end ?? buffer.count, maxDepth: maxDepth)
        try parser.parse(from: start, requireEnd: requireEnd)
        return JSONDocument(nodes: parser.nodes, buffer: buffer)
    }

    /// Offset just past the root value.
    var rootEnd: Int { nodes[0].end }

    // MARK: Access

    /// The members of the object at `index` as (key node index, value node index) pairs.
    func members(of index: Int) -> [(key: Int, value: Int)] {
        var result: [(Int, Int)] = []
        result.reserveCapacity(nodes[index].count)
        var cursor = index + 1
        for _ in 0..<nodes[index].count {
            let value = cursor + 1
            result.append((cursor, value))
            cursor = nodes[value].next
        }
        return result
    }

    /// The elements of the array at `index` as node indices.
    func elements(of index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(nodes[index].count)
        var cursor = index + 1
        for _ in 0..<nodes[index].count {
            result.append(cursor)
            cursor = nodes[cursor].next
        }
        return result
    }

    /// The value of `key` in the object at `index` (the last one if repeated).
    func value(of key: String, in index: Int) -> Int? {
        var found: Int?
        for member in members(of: index) where keyEquals(member.key, key) { found = member.value }
        return found
    }

    /// Whether the string node at `index` equals `text` (escapes decoded).
    func keyEquals(_ index: Int, _ text: String) -> Bool {
        let node = nodes[index]
        if node.escaped { return string(index) == text }
        let length = node.end - node.start - 2
        let utf8 = text.utf8
        return utf8.count == length
            && utf8.withContiguousStorageIfAvailable { key in
                memcmp(key.baseAddress!, buffer.bytes.baseAddress! + node.start + 1, length) == 0
            } ?? (string(index) == text)
    }

    /// The decoded text of the string node at `index`. Lone surrogates become U+FFFD; bytes that are not
    /// UTF-8 are repaired the same way.
    func string(_ index: Int) -> String {
        let node = nodes[index]
        let raw = UnsafeRawBufferPointer(rebasing: buffer.bytes[(node.start + 1)..<(node.end - 1)])
        if !node.escaped { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: JSONDocument.unescape(raw), as: UTF8.self)
    }

    /// The bytes of a JSON string's content with its escapes decoded to UTF-8.
    static func unescape(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        unescape(raw, strict: false)!
    }

    /// The bytes of a JSON string's content with its escapes decoded to UTF-8. When `strict`, an invalid
    /// escape or a control character gives nil (for content the scanner did not validate).
    static func unescape(_ raw: UnsafeRawBufferPointer, strict: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var value: UInt32 = 0
            for k in 0..<4 {
                let c = raw[at + k]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        func append(scalar: UInt32) {
            let scalar = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            out.append(contentsOf: String(scalar).utf8)
        }
        while i < raw.count {
            let c = raw[i]
            if strict && (c < 0x20 || (c == UInt8(ascii: "\\") && i + 1 >= raw.count)) { return nil }
            if c != UInt8(ascii: "\\") || i + 1 >= raw.count {
                out.append(c)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard let unit = hex(i) else {
                    if strict { return nil }
                    append(scalar: 0xFFFD)
                    continue
                }
                i += 4
                if (0xD800...0xDBFF).contains(unit) {
                    if i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                        let low = hex(i + 2), (0xDC00...0xDFFF).contains(low)
                    {
                        i += 6
                        append(scalar: 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    } else {
                        append(scalar: 0xFFFD)
                    }
                } else if (0xDC00...0xDFFF).contains(unit) {
                    append(scalar: 0xFFFD)
                } else {
                    append(scalar: unit)
                }
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                out.append(e)
            default:
                if strict { return nil }
                out.append(e)
            }
        }
        return out
    }
}

/// The iterative parser behind `JSONDocument.parse`.
private struct JSONParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    let maxDepth: Int
    var nodes: [Node] = []
    var i = 0
    /// The value being parsed belongs to an `_axKeyImageData` key (base64, often megabytes).
    var valueIsImageData = false

    static let imageDataKey = Array("_axKeyImageData".utf8)

    typealias Node = JSONDocument.Node

    init(base: UnsafePointer<UInt8>, end: Int, maxDepth: Int) {
        self.base = base
        self.end = end
        self.maxDepth = maxDepth
    }

    private func fail(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: message, offset: offset, isTruncation: false)
    }

    private func truncated() -> JSONParseError {
        JSONParseError(message: "the JSON ends early (truncated)", offset: end, isTruncation: true)
    }

    @inline(__always) private mutating func skipWhitespace() {
        while i < end {
            let c = base[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 } else { break }
        }
    }

    private func describe(_ c: UInt8) -> String {
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    mutating func parse(from start: Int, requireEnd: Bool) throws(JSONParseError) {
        i = start
        // Inspector reports hold about one value per 100 bytes (images are long strings); reserving
        // that many up front avoids copying the tape as it grows.
        nodes.reserveCapacity(min(1 << 20, max(64, (end - start) / 96)))
        var stack: [Int] = []
        stack.reserveCapacity(32)
        value: while true {
            skipWhitespace()
            guard i < end else { throw truncated() }
            let c = base[i]
            let opaque = valueIsImageData && stack.last.map({ nodes[$0].kind == .object }) == true
            valueIsImageData = false
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count >= maxDepth {
                    throw fail("nesting deeper than \(maxDepth) levels", at: i)
                }
                let isObject = c == UInt8(ascii: "{")
                stack.append(nodes.count)
                nodes.append(Node(kind: isObject ? .object : .array, start: i))
                i += 1
                skipWhitespace()
                guard i < end else { throw truncated() }
                if base[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    let top = stack.removeLast()
                    nodes[top].end = i
                    nodes[top].next = nodes.count
                } else {
                    if isObject { try parseKey() }
                    continue value
                }
            case UInt8(ascii: "\""):
                if opaque {
                    try skipOpaqueString()
                } else {
                    try parseString()
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parseNumber()
            case UInt8(ascii: "t"):
                try parseLiteral("true", kind: .bool, flag: true)
            case UInt8(ascii: "f"):
                try parseLiteral("false", kind: .bool, flag: false)
            case UInt8(ascii: "n"):
                try parseLiteral("null", kind: .null, flag: false)
            default:
                throw fail("expected a JSON value, found \(describe(c))", at: i)
            }
            // A value is complete: close containers or move to the next member.
            while let top = stack.last {
                nodes[top].count += 1
                skipWhitespace()
                guard i < end else { throw truncated() }
                let c = base[i]
                let isObject = nodes[top].kind == .object
                if c == UInt8(ascii: ",") {
                    i += 1
                    if isObject { try parseKey() }
                    continue value
                }
                if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    stack.removeLast()
                    nodes[top].end = i
                    nodes[top].next = nodes.count
                    continue
                }
                throw fail(
                    isObject
                        ? "expected ',' or '}' in an object, found \(describe(c))"
                        : "expected ',' or ']' in an array, found \(describe(c))", at: i)
            }
            break
        }
        if requireEnd {
            skipWhitespace()
            if i < end {
                throw fail("unexpected \(describe(base[i])) after the end of the JSON value", at: i)
            }
        }
    }

    private mutating func parseKey() throws(JSONParseError) {
        skipWhitespace()
        guard i < end else { throw truncated() }
        guard base[i] == UInt8(ascii: "\"") else {
            throw fail("expected a quoted key, found \(describe(base[i]))", at: i)
        }
        try parseString()
        let key = nodes[nodes.count - 1]
        valueIsImageData =
            key.end - key.start == JSONParser.imageDataKey.count + 2
            && JSONParser.imageDataKey.withUnsafeBytes { memcmp($0.baseAddress!, base + key.start + 1, $0.count) == 0 }
        skipWhitespace()
        guard i < end else { throw truncated() }
        guard base[i] == UInt8(ascii: ":") else {
            throw fail("expected ':' after a key, found \(describe(base[i]))", at: i)
        }
        i += 1
    }

    private mutating func parseString() throws(JSONParseError) {
        let start = i
        var escaped = false
        var p = i + 1
        let base = self.base
        let end = self.end
        while true {
            // Fast path: eight bytes at a time while none is a quote, a backslash or a control character.
            while p + 8 <= end {
                let word = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((word &- ones &* 0x20) & ~word)
                let flagged = special & highs
                if flagged != 0 {
                    // The lowest flagged byte is a real match (borrows only run upwards).
                    p += flagged.trailingZeroBitCount >> 3
                    break
                }
                p += 8
            }
            while p < end {
                let b = base[p]
                if b == 0x22 || b == 0x5C || b < 0x20 { break }
                p += 1
            }
            guard p < end else { throw truncated() }
            let b = base[p]
            if b == 0x22 { break }
            if b < 0x20 {
                throw fail("control character (byte 0x\(String(b, radix: 16, uppercase: true))) inside a string", at: p)
            }
            // Backslash.
            escaped = true
            guard p + 1 < end else { throw truncated() }
            switch base[p + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                p += 2
            case UInt8(ascii: "u"):
                guard p + 6 <= end else { throw truncated() }
                for k in 2..<6 where !isHexDigit(base[p + k]) {
                    throw fail("invalid \\u escape in a string", at: p)
                }
                p += 6
            default:
                throw fail("invalid escape \\\(Character(Unicode.Scalar(base[p + 1]))) in a string", at: p)
            }
        }
        i = p + 1
        var node = Node(kind: .string, start: start)
        node.escaped = escaped
        node.end = i
        node.next = nodes.count + 1
        nodes.append(node)
    }

    /// Skips an image's data string at vector speed: `memchr` to the next quote, which ends the string
    /// unless an odd number of backslashes precedes it. Its content is not validated here: the image
    /// decoder accepts only base64, white space and `\/` (other escapes are decoded strictly), so
    /// anything else there becomes the image's problem instead of failing the whole report.
    private mutating func skipOpaqueString() throws(JSONParseError) {
        let start = i
        var p = i + 1
        while true {
            guard p < end, let hit = memchr(base + p, 0x22, end - p) else { throw truncated() }
            let quote = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - 1 - backslashes > start, base[quote - 1 - backslashes] == 0x5C { backslashes += 1 }
            p = quote + 1
            if backslashes % 2 == 0 { break }
        }
        i = p
        var node = Node(kind: .string, start: start)
        node.escaped = true
        node.end = i
        node.next = nodes.count + 1
        nodes.append(node)
    }

    @inline(__always) private func isHexDigit(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x66)
    }

    private mutating func parseNumber() throws(JSONParseError) {
        let start = i
        var p = i
        var isInteger = true
        if base[p] == UInt8(ascii: "-") { p += 1 }
        guard p < end else { throw truncated() }
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        guard isDigit(base[p]) else { throw fail("invalid number", at: start) }
        if base[p] == UInt8(ascii: "0") {
            p += 1
        } else {
            while p < end, isDigit(base[p]) { p += 1 }
        }
        if p < end, base[p] == UInt8(ascii: ".") {
            isInteger = false
            p += 1
            guard p < end else { throw truncated() }
            guard isDigit(base[p]) else { throw fail("invalid number: no digit after '.'", at: p) }
            while p < end, isDigit(base[p]) { p += 1 }
        }
        if p < end, base[p] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            p += 1
            guard p < end else { throw truncated() }
            if base[p] == UInt8(ascii: "+") || base[p] == UInt8(ascii: "-") { p += 1 }
            guard p < end else { throw truncated() }
            guard isDigit(base[p]) else { throw fail("invalid number: no digit in the exponent", at: p) }
            while p < end, isDigit(base[p]) { p += 1 }
        }
        // A number that runs into the end of the input may have been cut short.
        if p >= end { throw truncated() }
        var value = 0.0
        let length = p - start
        if isInteger && length <= 16 {
            var magnitude: Int64 = 0
            var q = start
            let negative = base[q] == UInt8(ascii: "-")
            if negative { q += 1 }
            while q < p {
                magnitude = magnitude * 10 + Int64(base[q] - 0x30)
                q += 1
            }
            value = Double(negative ? -magnitude : magnitude)
        } else {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
            value = Double(text) ?? .nan
        }
        var node = Node(kind: .number, start: start)
        node.end = p
        node.number = value
        node.next = nodes.count + 1
        nodes.append(node)
        i = p
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONDocument.Kind, flag: Bool) throws(JSONParseError)
    {
        let length = word.utf8CodeUnitCount
        let pointer = word.utf8Start
        for k in 0..<length {
            guard i + k < end else { throw truncated() }
            guard base[i + k] == pointer[k] else {
                throw fail("expected a JSON value, found \(describe(base[i]))", at: i)
            }
        }
        var node = Node(kind: kind, start: i)
        node.flag = flag
        node.end = i + length
        node.next = nodes.count + 1
        nodes.append(node)
        i += length
    }
}
