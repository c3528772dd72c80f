import Foundation

/// Why a JSON value could not be parsed, and at which absolute byte offset of the file.
package struct JSONParseError: Error, Sendable, Equatable {
    /// What is wrong, e.g. `unexpected end of data`.
    package var message: String
    /// Absolute byte offset in the file.
    package var offset: Int
    /// True when the input simply ended before the value did (a truncated payload).
    package var isTruncation: Bool

    /// A parse error from its parts.
    package init(message: String, offset: Int, isTruncation: Bool) {
        self.message = message
        self.offset = offset
        self.isTruncation = isTruncation
    }
}

/// A parsed JSON value laid out flat (a "tape", as simdjson and swift-protobuf's scanner do): every
/// value is one node, containers are followed by their members, and strings and numbers stay
/// references into the file's bytes until asked for. Parsing is iterative with an explicit stack, so
/// deep nesting is a clean error at `maxDepth`, never a stack overflow.
package struct JSONDocument: Sendable {
    /// What a node holds.
    package enum Kind: UInt8, Sendable {
        case object, array, string, number, bool, null

        /// The phrase used in warnings: `a string`, `an object`, ...
        package var phrase: String {
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
    package struct Node: Sendable {
        package var kind: Kind
        /// Strings: the content has at least one backslash escape.
        package var escaped = false
        /// Booleans: the value.
        package var flag = false
        /// Arrays: validated but not laid out (`Syntax.deferredArrays`); `elements(of:)` gives none, and
        /// `ElementReader` reads them one at a time.
        package var deferred = false
        private var start32: Int32
        private var end32: Int32 = 0
        private var next32: Int32 = 0
        private var count32: Int32 = 0
        /// Numbers: the value.
        package var number = 0.0

        package init(kind: Kind, start: Int) {
            self.kind = kind
            start32 = Int32(truncatingIfNeeded: start)
        }

        /// Absolute offset of the value's first byte (a string's opening quote).
        package var start: Int {
            get { Int(start32) }
            set { start32 = Int32(truncatingIfNeeded: newValue) }
        }
        /// Absolute offset just past the value (past a string's closing quote).
        package var end: Int {
            get { Int(end32) }
            set { end32 = Int32(truncatingIfNeeded: newValue) }
        }
        /// Tape index of the node after this value and everything inside it.
        package var next: Int {
            get { Int(next32) }
            set { next32 = Int32(truncatingIfNeeded: newValue) }
        }
        /// Containers: the number of members (pairs for objects).
        package var count: Int {
            get { Int(count32) }
            set { count32 = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// The nodes; index 0 is the root.
    package var nodes: [Node]
    /// The file the offsets point into.
    package let buffer: ByteBuffer
    /// The nesting limit and syntax it was parsed with (its deferred arrays' elements are read with them).
    let maxDepth: Int
    let syntax: Syntax

    /// What the parser accepts beyond RFC 8259, and its limit on strings.
    package struct Syntax: Sendable {
        /// `//` line and `/* */` block comments count as white space (hand-written files).
        package var comments = false
        /// The longest string or key, in bytes of its content as written; a longer one is an error at
        /// its opening quote, found before anything is decoded.
        package var maxStringBytes = Int.max
        /// The arrays validated but not laid out: each is one node marked `deferred`, whatever its length,
        /// and `ElementReader` reads its elements one at a time (none by default).
        package var deferredArrays = Deferral.none
        /// The most values laid out (nodes); one more is an error where it starts, so a small file of
        /// millions of tiny values costs a bounded tape.
        package var maxValues = Int.max

        /// The parser's syntax: comments, the string limit, the deferred arrays, the value limit.
        package init(
            comments: Bool = false, maxStringBytes: Int = .max, deferredArrays: Deferral = .none,
            maxValues: Int = .max
        ) {
            self.comments = comments
            self.maxStringBytes = maxStringBytes
            self.deferredArrays = deferredArrays
            self.maxValues = maxValues
        }
    }

    /// Which arrays a parse leaves deferred (`Syntax.deferredArrays`).
    package enum Deferral: Sendable, Equatable {
        /// Every array is laid out.
        case none
        /// The arrays at these key paths from the root: `[]` is the root itself, `["value"]` the root
        /// object's member `value`.
        case at(Set<[String]>)
        /// Every array.
        case every
    }

    /// Parses one JSON value starting at `start` (leading whitespace allowed).
    /// - Parameters:
    ///   - requireEnd: when true, only whitespace may follow the value up to `end`.
    ///   - maxDepth: deepest allowed nesting of arrays and objects.
    ///   - syntax: comments and the string limit (none by default).
    /// - Returns: the document and the offset just past the value.
    package static func parse(
        _ buffer: ByteBuffer, from start: Int, to end: Int? = nil, requireEnd: Bool,
        maxDepth: Int, syntax: Syntax = Syntax()
    ) throws(JSONParseError) -> JSONDocument {
        precondition(buffer.count < Int(Int32.max), "JSON documents are limited to 2 GB")
        var parser = JSONParser(
            base: buffer.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
            end: end ?? buffer.count, maxDepth: maxDepth, syntax: syntax)
        try parser.parse(from: start, requireEnd: requireEnd)
        return JSONDocument(nodes: parser.nodes, buffer: buffer, maxDepth: maxDepth, syntax: syntax)
    }

    /// Offset just past the root value.
    package var rootEnd: Int { nodes[0].end }

    // MARK: Access

    /// The members of the object at `index` as (key node index, value node index) pairs.
    package func members(of index: Int) -> [(key: Int, value: Int)] {
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

    /// The elements of the array at `index` as node indices (none for a deferred array: `ElementReader`).
    package func elements(of index: Int) -> [Int] {
        guard !nodes[index].deferred else { return [] }
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
    package func value(of key: String, in index: Int) -> Int? {
        var found: Int?
        for member in members(of: index) where keyEquals(member.key, key) { found = member.value }
        return found
    }

    /// Whether the string node at `index` equals `text` (escapes decoded).
    package func keyEquals(_ index: Int, _ text: String) -> Bool {
        let node = nodes[index]
        if node.escaped { return string(index) == text }
        let length = node.end - node.start - 2
        let utf8 = text.utf8
        return utf8.count == length
            && utf8.withContiguousStorageIfAvailable { key in
                memcmp(key.baseAddress!, buffer.bytes.baseAddress! + node.start + 1, length) == 0
            } ?? (string(index) == text)
    }

    /// The decoded text of the string node at `index` (see `JSONString` for lone surrogates and bytes
    /// that are not UTF-8).
    package func string(_ index: Int) -> String {
        let node = nodes[index]
        return JSONString.text(
            UnsafeRawBufferPointer(rebasing: buffer.bytes[(node.start + 1)..<(node.end - 1)]), escaped: node.escaped)
    }
}

/// The iterative parser behind `JSONDocument.parse`.
private struct JSONParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    let maxDepth: Int
    let syntax: JSONDocument.Syntax
    var nodes: [Node] = []
    var i = 0
    /// The offset of the last comma read (a trailing comma is reported there).
    var lastComma = 0
    /// A number may run to the end of the input: it is the whole document, which `requireEnd` says ends there.
    var numberMayEndInput = false
    /// The value being parsed belongs to an `_axKeyImageData` key (base64, often megabytes).
    var valueIsImageData = false
    /// Values are laid out as nodes; false inside a deferred array, and for a value only validated.
    var layingOut = true
    /// The arrays and objects open around the value being parsed, outermost first.
    var frames: [Frame] = []

    static let imageDataKey = Array("_axKeyImageData".utf8)

    typealias Node = JSONDocument.Node

    /// An open array or object.
    struct Frame {
        /// Its node (while laying out).
        var node: Int
        var isObject: Bool
        /// Its members so far.
        var count = 0
        /// An object's last key.
        var key = Node(kind: .string, start: 0)
        /// A deferred array: nothing inside it is laid out.
        var deferred = false
    }

    init(base: UnsafePointer<UInt8>, end: Int, maxDepth: Int, syntax: JSONDocument.Syntax) {
        self.base = base
        self.end = end
        self.maxDepth = maxDepth
        self.syntax = syntax
    }

    private func fail(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: message, offset: offset, isTruncation: false)
    }

    private func truncated() -> JSONParseError {
        JSONParseError(message: JSONString.truncationMessage, offset: end, isTruncation: true)
    }

    @inline(__always) private mutating func append(_ node: Node) {
        if layingOut { nodes.append(node) }
    }

    @inline(__always) mutating func skipWhitespace() throws(JSONParseError) {
        while i < end {
            let c = base[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                i += 1
            } else if c == UInt8(ascii: "/") && syntax.comments {
                try skipComment()
            } else {
                break
            }
        }
    }

    /// Skips the comment at `i` (a slash), or fails when the slash starts none.
    private mutating func skipComment() throws(JSONParseError) {
        let start = i
        guard i + 1 < end else { throw fail("expected a JSON value, found '/'", at: start) }
        switch base[i + 1] {
        case UInt8(ascii: "/"):
            i += 2
            while i < end, base[i] != 0x0A { i += 1 }
        case UInt8(ascii: "*"):
            i += 2
            while i + 1 < end, !(base[i] == UInt8(ascii: "*") && base[i + 1] == UInt8(ascii: "/")) { i += 1 }
            guard i + 1 < end else { throw fail("unterminated /* comment; close it with */", at: start) }
            i += 2
        default:
            throw fail("expected a JSON value, found '/'", at: start)
        }
    }

    private func describe(_ c: UInt8) -> String {
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    /// Parses one value from `start`; `reserving` nodes (default: about one per 96 bytes to the end).
    mutating func parse(from start: Int, requireEnd: Bool, reserving: Int? = nil) throws(JSONParseError) {
        i = start
        // Inspector reports hold about one value per 100 bytes (images are long strings); reserving
        // that many up front avoids copying the tape as it grows.
        if layingOut { nodes.reserveCapacity(reserving ?? min(1 << 20, max(64, (end - start) / 96))) }
        frames.reserveCapacity(32)
        value: while true {
            try skipWhitespace()
            guard i < end else { throw truncated() }
            guard nodes.count < syntax.maxValues else {
                throw fail("more than \(syntax.maxValues) values, the most this input may hold", at: i)
            }
            let c = base[i]
            numberMayEndInput = requireEnd && frames.isEmpty
            let opaque = valueIsImageData && frames.last?.isObject == true
            valueIsImageData = false
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if try open(isObject: c == UInt8(ascii: "{")) { continue value }
            case UInt8(ascii: "\""):
                if opaque {
                    try skipOpaqueString()
                } else {
                    append(try scanString())
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parseNumber()
            case UInt8(ascii: "t"):
                try parseLiteral("true", kind: .bool, flag: true)
            case UInt8(ascii: "f"):
                try parseLiteral("false", kind: .bool, flag: false)
            case UInt8(ascii: "n"):
                try parseLiteral("null", kind: .null, flag: false)
            case UInt8(ascii: "]") where frames.last.map({ !$0.isObject && $0.count > 0 }) == true:
                throw fail("trailing comma before ']'; remove the comma", at: lastComma)
            default:
                throw fail("expected a JSON value, found \(describe(c))", at: i)
            }
            // A value is complete: close containers or move to the next member.
            while !frames.isEmpty {
                frames[frames.count - 1].count += 1
                try skipWhitespace()
                guard i < end else { throw truncated() }
                let c = base[i]
                let isObject = frames[frames.count - 1].isObject
                if c == UInt8(ascii: ",") {
                    lastComma = i
                    i += 1
                    if isObject { try parseKey() }
                    continue value
                }
                if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    close()
                    continue
                }
                throw fail(
                    isObject
                        ? "expected ',' or '}' after the value of \"\(text(of: frames[frames.count - 1].key))\""
                        : "expected ',' or ']' in an array, found \(describe(c))", at: i)
            }
            break
        }
        if requireEnd {
            try skipWhitespace()
            if i < end {
                throw fail("unexpected \(describe(base[i])) after the end of the JSON value", at: i)
            }
        }
    }

    /// Opens the array or object at `i`; true when a first member follows (false: it was empty, and is
    /// closed).
    private mutating func open(isObject: Bool) throws(JSONParseError) -> Bool {
        if frames.count >= maxDepth {
            throw fail("nesting deeper than \(maxDepth) levels", at: i)
        }
        let deferred = !isObject && layingOut && defers()
        frames.append(Frame(node: nodes.count, isObject: isObject, deferred: deferred))
        append(Node(kind: isObject ? .object : .array, start: i))
        if deferred { layingOut = false }
        i += 1
        try skipWhitespace()
        guard i < end else { throw truncated() }
        if base[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            i += 1
            close()
            return false
        }
        if isObject { try parseKey() }
        return true
    }

    /// Closes the innermost array or object, just past its closing bracket.
    private mutating func close() {
        let frame = frames.removeLast()
        if frame.deferred { layingOut = true }
        guard layingOut else { return }
        nodes[frame.node].end = i
        nodes[frame.node].count = frame.count
        nodes[frame.node].next = nodes.count
        nodes[frame.node].deferred = frame.deferred
    }

    /// Whether the array opening now is one `syntax.deferredArrays` names.
    private func defers() -> Bool {
        switch syntax.deferredArrays {
        case .none: return false
        case .every: return true
        case .at(let paths):
            return paths.contains { path in
                path.count == frames.count
                    && zip(path, frames).allSatisfy { key, frame in frame.isObject && text(of: frame.key) == key }
            }
        }
    }

    /// The decoded text of the key `node` (for messages and key paths).
    private func text(of node: Node) -> String {
        JSONString.text(
            UnsafeRawBufferPointer(start: base + node.start + 1, count: node.end - node.start - 2),
            escaped: node.escaped)
    }

    private mutating func parseKey() throws(JSONParseError) {
        try skipWhitespace()
        guard i < end else { throw truncated() }
        if base[i] == UInt8(ascii: "}") { throw fail("trailing comma before '}'; remove the comma", at: lastComma) }
        guard base[i] == UInt8(ascii: "\"") else {
            throw fail("expected a quoted key, found \(describe(base[i]))", at: i)
        }
        let key = try scanString()
        append(key)
        frames[frames.count - 1].key = key
        valueIsImageData =
            key.end - key.start == JSONParser.imageDataKey.count + 2
            && JSONParser.imageDataKey.withUnsafeBytes { memcmp($0.baseAddress!, base + key.start + 1, $0.count) == 0 }
        try skipWhitespace()
        guard i < end else { throw truncated() }
        guard base[i] == UInt8(ascii: ":") else {
            throw fail("expected ':' after a key, found \(describe(base[i]))", at: i)
        }
        i += 1
    }

    /// The string at `i`, which it moves past.
    private mutating func scanString() throws(JSONParseError) -> Node {
        let start = i
        let scanned: (end: Int, escaped: Bool)
        do {
            scanned = try JSONString.scan(base, from: start, to: end)
        } catch {
            if error.kind == .truncated { throw truncated() }
            throw fail(error.message, at: error.offset)
        }
        if scanned.end - start - 2 > syntax.maxStringBytes {
            throw fail(
                "a string longer than \(syntax.maxStringBytes) bytes; this file's strings are kept shorter", at: start)
        }
        i = scanned.end
        var node = Node(kind: .string, start: start)
        node.escaped = scanned.escaped
        node.end = i
        node.next = nodes.count + 1
        return node
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
        append(node)
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
        if p >= end && !numberMayEndInput { throw truncated() }
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
        append(node)
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
        append(node)
        i += length
    }
}

extension JSONDocument {
    /// One element of an array read by `ElementReader`.
    package struct Element: Sendable {
        /// What the element is.
        package var kind: Kind
        /// The offset of its first byte.
        package var start: Int
        /// The element laid out on its own (its root is node 0, its own arrays deferred in turn), when
        /// its kind is one the reader lays out; nil for one only validated.
        package var document: JSONDocument?
    }

    /// Reads the elements of one array of a document one at a time, from the file's bytes: each
    /// element of a kind it lays out becomes a document of its own, any other is validated and passed
    /// over without a node, so a long array of values a caller skips costs no memory per value. It
    /// reads deferred arrays (`Syntax.deferredArrays`) and laid-out ones alike.
    package struct ElementReader {
        private let document: JSONDocument
        /// The kinds laid out, a bit per `Kind.rawValue` (tested once per element).
        private let layingOut: UInt8
        private var remaining: Int
        /// One parser for every element (its buffers reused), at the next element or the comma before it.
        fileprivate var parser: JSONParser

        /// A reader of the elements of the array at `index` in `document`, laying out those of `kinds`.
        package init(_ document: JSONDocument, array index: Int, layingOut kinds: Set<Kind> = [.object]) {
            precondition(document.nodes[index].kind == .array, "ElementReader reads an array")
            self.document = document
            layingOut = kinds.reduce(0) { $0 | 1 << $1.rawValue }
            remaining = document.nodes[index].count
            var syntax = document.syntax
            syntax.deferredArrays = .every
            parser = JSONParser(
                base: document.buffer.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                end: document.buffer.count, maxDepth: document.maxDepth, syntax: syntax)
            parser.i = document.nodes[index].start + 1
        }

        /// The next element; nil after the last.
        /// - Throws: a syntax error in the element (none in an array its document has parsed already).
        package mutating func next() throws(JSONParseError) -> Element? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            try parser.skipWhitespace()
            if parser.i < parser.end, parser.base[parser.i] == UInt8(ascii: ",") {
                parser.i += 1
                try parser.skipWhitespace()
            }
            guard parser.i < parser.end else {
                throw JSONParseError(message: JSONString.truncationMessage, offset: parser.end, isTruncation: true)
            }
            let start = parser.i
            let kind = Self.kind(startingWith: parser.base[start])
            parser.layingOut = layingOut & 1 << kind.rawValue != 0
            parser.nodes = []
            try parser.parse(from: start, requireEnd: false, reserving: 64)
            var element = Element(kind: kind, start: start)
            if parser.layingOut {
                element.document = JSONDocument(
                    nodes: parser.nodes, buffer: document.buffer, maxDepth: document.maxDepth, syntax: parser.syntax)
            }
            return element
        }

        /// The kind of the value whose first byte is `byte` (in a document already parsed).
        private static func kind(startingWith byte: UInt8) -> Kind {
            switch byte {
            case UInt8(ascii: "{"): return .object
            case UInt8(ascii: "["): return .array
            case UInt8(ascii: "\""): return .string
            case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
            case UInt8(ascii: "n"): return .null
            default: return .number
            }
        }
    }
}
