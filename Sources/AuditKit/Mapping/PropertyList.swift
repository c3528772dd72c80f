/// A value of an old-style (OpenStep) ASCII property list, the format of an Xcode `project.pbxproj`:
/// a string, an array or a dictionary (`<…>` data is kept as its text).
public enum ASCIIPropertyList: Sendable, Hashable {
    /// A quoted or bare string.
    case string(String)
    /// `( a, b, )`.
    case array([ASCIIPropertyList])
    /// `{ key = value; }`.
    case dictionary([String: ASCIIPropertyList])

    /// The string, if this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [ASCIIPropertyList]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The members, if this is a dictionary.
    public var dictionary: [String: ASCIIPropertyList]? {
        if case .dictionary(let members) = self { return members }
        return nil
    }

    /// The member `key` of a dictionary.
    public subscript(key: String) -> ASCIIPropertyList? { dictionary?[key] }

    /// The deepest nesting `parse` accepts (Xcode's own files nest about 6 deep).
    public static let maxDepth = 64
    /// The largest file `parse` accepts, in bytes.
    public static let maxBytes = 64 << 20

    /// Parses `bytes` (comments `/* … */` and `// …` allowed anywhere between tokens). Never reads past the
    /// end, never nests deeper than `maxDepth`, so malformed input ends in one error.
    /// - Throws: `AuditError` `.badInput` naming `path`, the byte offset, line and column of the problem;
    ///   `.limitExceeded` past `maxBytes` or `maxDepth`.
    public static func parse(_ bytes: [UInt8], path: String) throws(AuditError) -> ASCIIPropertyList {
        guard bytes.count <= maxBytes else {
            throw AuditError(.limitExceeded, "larger than \(maxBytes >> 20) MB; not read", path: path)
        }
        var parser = Parser(bytes: bytes, path: path)
        let value = try parser.value(depth: 0)
        try parser.skipTrivia()
        if parser.at < bytes.count { throw parser.fail("unexpected text after the top-level value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        let path: String
        var at = 0

        func fail(_ message: String, code: AuditError.Code = .badInput) -> AuditError {
            var line = 1
            var lineStart = 0
            for i in 0..<min(at, bytes.count) where bytes[i] == 10 {
                line += 1
                lineStart = i + 1
            }
            return AuditError(
                code, message,
                location: InputLocation(path: path, byteOffset: at, line: line, column: at - lineStart + 1))
        }

        mutating func skipTrivia() throws(AuditError) {
            while at < bytes.count {
                let byte = bytes[at]
                if byte == 32 || (byte >= 9 && byte <= 13) {
                    at += 1
                } else if byte == 47, at + 1 < bytes.count, bytes[at + 1] == 42 {
                    let start = at
                    at += 2
                    while at + 1 < bytes.count, !(bytes[at] == 42 && bytes[at + 1] == 47) { at += 1 }
                    guard at + 1 < bytes.count else {
                        at = start
                        throw fail("a comment /* is never closed")
                    }
                    at += 2
                } else if byte == 47, at + 1 < bytes.count, bytes[at + 1] == 47 {
                    while at < bytes.count, bytes[at] != 10 { at += 1 }
                } else {
                    return
                }
            }
        }

        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"), 0x80...0xFF, UInt8(ascii: "_"), UInt8(ascii: "$"),
                UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "+"):
                return true
            default:
                return false
            }
        }

        mutating func value(depth: Int) throws(AuditError) -> ASCIIPropertyList {
            try skipTrivia()
            guard at < bytes.count else { throw fail("the file ends where a value should be") }
            guard depth < ASCIIPropertyList.maxDepth else {
                throw fail("values nest more than \(ASCIIPropertyList.maxDepth) deep", code: .limitExceeded)
            }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                at += 1
                var members: [String: ASCIIPropertyList] = [:]
                while true {
                    try skipTrivia()
                    guard at < bytes.count else { throw fail("a dictionary { is never closed") }
                    if bytes[at] == UInt8(ascii: "}") {
                        at += 1
                        return .dictionary(members)
                    }
                    guard case .string(let key) = try scalar() else { throw fail("expected a key") }
                    try expect(UInt8(ascii: "="), "expected = after the key \"\(key)\"")
                    members[key] = try value(depth: depth + 1)
                    try expect(UInt8(ascii: ";"), "expected ; after the value of \"\(key)\"")
                }
            case UInt8(ascii: "("):
                at += 1
                var items: [ASCIIPropertyList] = []
                while true {
                    try skipTrivia()
                    guard at < bytes.count else { throw fail("an array ( is never closed") }
                    if bytes[at] == UInt8(ascii: ")") {
                        at += 1
                        return .array(items)
                    }
                    items.append(try value(depth: depth + 1))
                    try skipTrivia()
                    if at < bytes.count, bytes[at] == UInt8(ascii: ",") {
                        at += 1
                    } else if at < bytes.count, bytes[at] != UInt8(ascii: ")") {
                        throw fail("expected , or ) in an array")
                    }
                }
            default:
                return try scalar()
            }
        }

        mutating func expect(_ byte: UInt8, _ message: String) throws(AuditError) {
            try skipTrivia()
            guard at < bytes.count, bytes[at] == byte else { throw fail(message) }
            at += 1
        }

        /// A quoted string, a bare word or `<…>` data.
        mutating func scalar() throws(AuditError) -> ASCIIPropertyList {
            try skipTrivia()
            guard at < bytes.count else { throw fail("the file ends where a value should be") }
            let first = bytes[at]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                let start = at
                at += 1
                var out: [UInt8] = []
                while at < bytes.count, bytes[at] != first {
                    if bytes[at] == UInt8(ascii: "\\"), at + 1 < bytes.count {
                        at += 1
                        switch bytes[at] {
                        case UInt8(ascii: "n"): out.append(10)
                        case UInt8(ascii: "t"): out.append(9)
                        case UInt8(ascii: "r"): out.append(13)
                        default: out.append(bytes[at])
                        }
                    } else {
                        out.append(bytes[at])
                    }
                    at += 1
                }
                guard at < bytes.count else {
                    at = start
                    throw fail("a quoted string is never closed")
                }
                at += 1
                return .string(String(decoding: out, as: UTF8.self))
            }
            if first == UInt8(ascii: "<") {
                let start = at
                while at < bytes.count, bytes[at] != UInt8(ascii: ">") { at += 1 }
                guard at < bytes.count else {
                    at = start
                    throw fail("data < is never closed")
                }
                at += 1
                return .string(String(decoding: bytes[start..<at], as: UTF8.self))
            }
            let start = at
            while at < bytes.count, Self.isBare(bytes[at]) { at += 1 }
            guard at > start else {
                throw fail("unexpected character \"\(String(decoding: [first], as: UTF8.self))\"")
            }
            return .string(String(decoding: bytes[start..<at], as: UTF8.self))
        }
    }
}
