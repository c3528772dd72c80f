import Foundation

/// A place in a file: zero-based byte offset, one-based line and one-based byte column.
package struct JSONPosition: Sendable, Hashable {
    /// Zero-based byte offset.
    package var offset: Int
    /// One-based line.
    package var line: Int
    /// One-based column, in bytes.
    package var column: Int

    /// `line:column`, as messages write it.
    package var text: String { "\(line):\(column)" }
}

/// Why a JSON file or one of its fields was refused: what is wrong and where.
package struct JSONReadError: Error, Sendable {
    /// What is wrong, e.g. `"id": expected a string, found a number`.
    package var message: String
    /// Where.
    package var position: JSONPosition

    /// A read error from its parts.
    package init(message: String, position: JSONPosition) {
        self.message = message
        self.position = position
    }

    /// The same problem as a `.badInput` error located in the file at `path`.
    package func auditError(path: String) -> AuditError {
        AuditError(.badInput, message, location: location(path: path))
    }

    /// The position in the file at `path`.
    package func location(path: String) -> InputLocation {
        InputLocation(path: path, byteOffset: position.offset, line: position.line, column: position.column)
    }
}

/// One JSON file read for its fields (the rule file, the project file, the scan configuration, the
/// baseline, string catalogs): the one scanner, `JSONDocument`, with line:column positions and typed
/// readers whose errors say where, e.g. `3:14: "id": expected a string, found a number`.
///
/// Limits keep hostile input cheap: nesting deeper than `maxDepth` and strings longer than
/// `maxStringBytes` are errors at their position, and the parse is iterative (no recursion). A UTF-8
/// byte order mark is skipped (columns count from after it). `//` and `/* */` comments are allowed
/// when `comments` is true (hand-written files). Duplicate keys are not a syntax error: looking a key
/// up gives its last value (as JavaScript does), and `Value.object(_:allowed:)`, which the
/// hand-written files are read with, refuses them with both keys' names and the second one's position.
package struct JSONReader: Sendable {
    /// The parsed values.
    package let document: JSONDocument
    /// The offset where each line starts (the first line after a byte order mark).
    private let lineStarts: [Int]

    /// The nesting limit of hand-written files.
    package static let defaultMaxDepth = 64

    /// Parses `bytes` as one JSON value with nothing but white space (and comments, when allowed) after it.
    /// - Throws: the first syntax error with its position.
    package init(
        _ bytes: [UInt8], comments: Bool = true, maxDepth: Int = JSONReader.defaultMaxDepth,
        maxStringBytes: Int = .max
    ) throws(JSONReadError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [start]
        bytes.withUnsafeBufferPointer { buffer in
            for index in start..<buffer.count where buffer[index] == 0x0A { starts.append(index + 1) }
        }
        lineStarts = starts
        let buffer = ByteBuffer(copying: bytes)
        do {
            document = try JSONDocument.parse(
                buffer, from: start, requireEnd: true, maxDepth: maxDepth,
                syntax: .init(comments: comments, maxStringBytes: maxStringBytes))
        } catch {
            throw JSONReadError(message: error.message, position: Self.position(at: error.offset, lineStarts: starts))
        }
    }

    /// The root value.
    package var root: Value { Value(reader: self, index: 0) }

    /// The line and column of byte `offset`.
    package func position(at offset: Int) -> JSONPosition {
        Self.position(at: offset, lineStarts: lineStarts)
    }

    private static func position(at offset: Int, lineStarts: [Int]) -> JSONPosition {
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return JSONPosition(offset: offset, line: low + 1, column: max(1, offset - lineStarts[low] + 1))
    }

    /// One member of an object, in file order.
    package struct Member: Sendable {
        /// The key, escapes decoded.
        package var key: String
        /// Where the key's opening quote is.
        package var keyPosition: JSONPosition
        /// The value.
        package var value: Value
    }

    /// One value of the document, with its position and typed readers.
    package struct Value: Sendable {
        package let reader: JSONReader
        package let index: Int

        private var node: JSONDocument.Node { reader.document.nodes[index] }

        /// What the value is.
        package var kind: JSONDocument.Kind { node.kind }

        /// Where the value starts.
        package var position: JSONPosition { reader.position(at: node.start) }

        /// A short name of the value's type for messages: `an object`, `a string`, ...
        package var typeDescription: String { kind.phrase }

        /// The text, when this is a string.
        package var string: String? { kind == .string ? reader.document.string(index) : nil }

        /// The number, when this is a number.
        package var number: Double? { kind == .number ? node.number : nil }

        /// The flag, when this is `true` or `false`.
        package var bool: Bool? { kind == .bool ? node.flag : nil }

        /// The members in file order, when this is an object.
        package var members: [Member]? {
            guard kind == .object else { return nil }
            return reader.document.members(of: index).map { pair in
                Member(
                    key: reader.document.string(pair.key),
                    keyPosition: reader.position(at: reader.document.nodes[pair.key].start),
                    value: Value(reader: reader, index: pair.value))
            }
        }

        /// The elements, when this is an array.
        package var elements: [Value]? {
            guard kind == .array else { return nil }
            return reader.document.elements(of: index).map { Value(reader: reader, index: $0) }
        }

        /// The value of `key` (the last one when the key is repeated), when this is an object that has it.
        package subscript(key: String) -> Value? {
            guard kind == .object else { return nil }
            return reader.document.value(of: key, in: index).map { Value(reader: reader, index: $0) }
        }

        // MARK: Typed readers

        /// An error at this value's position.
        package func error(_ message: String) -> JSONReadError {
            JSONReadError(message: message, position: position)
        }

        /// `"name": ` before a message, or nothing for an unnamed value.
        private static func prefix(_ name: String?) -> String { name.map { "\"\($0)\": " } ?? "" }

        /// The text of this string.
        /// - Throws: `expected a string, found ...` (after `"name": `) at this value.
        package func asString(_ name: String? = nil) throws(JSONReadError) -> String {
            guard let text = string else {
                throw error(Self.prefix(name) + "expected a string, found \(typeDescription)")
            }
            return text
        }

        /// This number, when it is finite.
        /// - Throws: `expected a number, found ...` at this value.
        package func asDouble(_ name: String? = nil) throws(JSONReadError) -> Double {
            guard let value = number, value.isFinite else {
                throw error(Self.prefix(name) + "expected a number, found \(typeDescription)")
            }
            return value
        }

        /// This whole number, when it lies in `range`.
        /// - Throws: `expected a whole number from ... to ..., found ...` at this value.
        package func asInt(_ name: String? = nil, in range: ClosedRange<Int> = -(1 << 53)...(1 << 53))
            throws(JSONReadError)
            -> Int
        {
            guard let value = number, value.rounded() == value, value >= Double(range.lowerBound),
                value <= Double(range.upperBound)
            else {
                let found = number.map { "\($0)" } ?? typeDescription
                throw error(
                    Self.prefix(name)
                        + "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(found)")
            }
            return Int(value)
        }

        /// This flag.
        /// - Throws: `expected true or false, found ...` at this value.
        package func asBool(_ name: String? = nil) throws(JSONReadError) -> Bool {
            guard let flag = bool else {
                throw error(Self.prefix(name) + "expected true or false, found \(typeDescription)")
            }
            return flag
        }

        /// The elements of this array.
        /// - Throws: `expected an array, found ...` at this value.
        package func asArray(_ name: String? = nil) throws(JSONReadError) -> [Value] {
            guard let items = elements else {
                throw error(Self.prefix(name) + "expected an array, found \(typeDescription)")
            }
            return items
        }

        /// The members of this object, each key checked against `allowed` (nil: any key) and refused
        /// when it appears twice.
        /// - Parameter what: the object in messages, e.g. `the rule` (`unknown key "x" in the rule`).
        /// - Throws: `expected an object, found ...` at this value, or an unknown or repeated key at the key.
        package func asObject(_ what: String? = nil, allowed: [String]? = nil) throws(JSONReadError) -> [Member] {
            guard let list = members else {
                throw error(
                    (what.map { "\($0) must be an object, found " } ?? "expected an object, found ") + typeDescription)
            }
            let place = what.map { " in \($0)" } ?? ""
            var seen = Set<String>()
            for member in list {
                if let allowed, !allowed.contains(member.key) {
                    throw JSONReadError(
                        message:
                            "unknown key \"\(member.key)\"\(place); expected one of: \(allowed.joined(separator: ", "))",
                        position: member.keyPosition)
                }
                guard seen.insert(member.key).inserted else {
                    throw JSONReadError(
                        message: "key \"\(member.key)\" appears twice\(place); keep one", position: member.keyPosition)
                }
            }
            return list
        }

        /// The value of the member `key` of this object.
        /// - Throws: `missing "key"` at this object, or `expected an object` when this is none.
        package func field(_ key: String) throws(JSONReadError) -> Value {
            guard kind == .object else { throw error("expected an object, found \(typeDescription)") }
            guard let value = self[key] else { throw error("missing \"\(key)\"") }
            return value
        }

        /// The member `key`'s text; nil when the member is missing or null.
        /// - Throws: when the member is something else than a string or null.
        package func optionalString(_ key: String) throws(JSONReadError) -> String? {
            guard let value = self[key], value.kind != .null else { return nil }
            return try value.asString(key)
        }

        /// The text of the member `key`.
        /// - Throws: `JSONReadError` when it is missing or no string.
        package func string(_ key: String) throws(JSONReadError) -> String { try field(key).asString(key) }

        /// The whole number of the member `key`.
        /// - Throws: `JSONReadError` when it is missing, no whole number, or out of `range`.
        package func int(_ key: String, in range: ClosedRange<Int> = -(1 << 53)...(1 << 53)) throws(JSONReadError)
            -> Int
        {
            try field(key).asInt(key, in: range)
        }

        /// The flag of the member `key`.
        /// - Throws: `JSONReadError` when it is missing or no boolean.
        package func bool(_ key: String) throws(JSONReadError) -> Bool { try field(key).asBool(key) }

        /// The elements of the member `key`.
        /// - Throws: `JSONReadError` when it is missing or no array.
        package func array(_ key: String) throws(JSONReadError) -> [Value] { try field(key).asArray(key) }

        /// The members of the member `key`.
        /// - Throws: `JSONReadError` when it is missing or no object.
        package func object(_ key: String) throws(JSONReadError) -> [Member] { try field(key).asObject("\"\(key)\"") }
    }
}
