import Foundation

/// `.stringsdict` files: the plural (and other variable) forms that `.strings`-based apps keep beside
/// their `Localizable.strings`, which generated accessors such as SwiftGen's `L10n.commonMembers(count)`
/// name by key.
extension StringCatalogReader {
    /// The deepest nesting of `.stringsdict` values read (real files nest three deep).
    static let maxStringsDictDepth = 32

    /// Reads a `.stringsdict` (an XML property list): per key, its `NSStringLocalizedFormatKey` with every
    /// `%#@name@` replaced by each form of the variable `name` (`one`, `other`, ...), as the catalogs'
    /// substitutions are (at most 64 combinations per key), so `"%#@members@"` with `one: "%d member"` and
    /// `other: "%d members"` shows "1 member" and "5 members". The language comes from an enclosing
    /// `xx.lproj` folder; the location is the key's.
    /// - Throws: `AuditError` `.badInput` with line and column for malformed XML or a wrong structure.
    public static func readStringsDict(_ data: [UInt8], path: String) throws(AuditError) -> [LocalizedString] {
        var reader = XMLPlistReader(bytes: data, path: path)
        let root = try reader.document()
        guard case .dictionary(let entries) = root else {
            throw reader.failure("a .stringsdict needs a <dict> of keys", at: 0)
        }
        let language = language(fromPath: path)
        var result: [LocalizedString] = []
        for entry in entries {
            guard case .dictionary(let members) = entry.value,
                let format = members.first(where: { $0.key == "NSStringLocalizedFormatKey" })?.value.string
            else { continue }
            var variants: [String: [String]] = [:]
            for member in members {
                guard case .dictionary(let forms) = member.value else { continue }
                variants[member.key] = forms.filter { !$0.key.hasPrefix("NSStringFormat") }.compactMap(\.value.string)
            }
            for value in substituting(variants, into: [format]) {
                result.append(
                    LocalizedString(
                        key: entry.key, value: value, language: language,
                        location: SourceLocation(file: path, line: entry.line, column: entry.column)))
            }
        }
        return result
    }

    /// `values` with every `%#@name@` replaced by each of `variants[name]`, at most 64 combinations per value.
    static func substituting(_ variants: [String: [String]], into values: [String]) -> [String] {
        var result: [String] = []
        for value in values {
            var expanded = [value]
            for (name, options) in variants.sorted(by: { $0.key < $1.key }) where !options.isEmpty {
                let token = "%#@\(name)@"
                guard value.contains(token) else { continue }
                // At most 64 made: a table of thousands of forms makes no more than it keeps.
                expanded = Array(
                    expanded.lazy.flatMap { text in options.lazy.map { text.replacingOccurrences(of: token, with: $0) }
                    }
                    .prefix(64))
            }
            result += expanded
        }
        return result
    }
}

/// A value of an XML property list as a `.stringsdict` uses it: a string, a dictionary whose keys keep
/// where they are written, or anything else (arrays, numbers, booleans, dates and data are not needed).
private enum XMLPlistValue {
    /// `<string>…</string>` (or a `<key>`'s text).
    case string(String)
    /// `<dict>`: its keys in file order, each with its line and column and its value.
    case dictionary([(key: String, line: Int, column: Int, value: XMLPlistValue)])
    /// Any other value.
    case other

    /// The text, if this is a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// Reads the XML property list subset above from bytes, never past the end and never deeper than
/// `StringCatalogReader.maxStringsDictDepth`.
private struct XMLPlistReader {
    /// The document, without a UTF-8 byte order mark.
    let bytes: [UInt8]
    /// The file's path, for errors.
    let path: String
    /// Where reading goes on.
    var index = 0

    /// The offset after each line feed, in order, for `lineAndColumn(of:)`.
    let lineStarts: [Int]

    /// A reader at the start of `bytes`.
    init(bytes: [UInt8], path: String) {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        self.bytes = text
        self.path = path
        lineStarts = text.indices.filter { text[$0] == 10 }.map { $0 + 1 }
    }

    /// The one-based line and byte column of `offset`: found by halving the line starts (a key's
    /// location is asked for every key of a table of thousands).
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return (low + 1, offset - (low == 0 ? 0 : lineStarts[low - 1]) + 1)
    }

    /// An error at `offset`, with its line and column.
    func failure(_ message: String, at offset: Int) -> AuditError {
        let (line, column) = lineAndColumn(of: offset)
        return AuditError(
            .badInput, message, location: InputLocation(path: path, byteOffset: offset, line: line, column: column))
    }

    /// The document's one value: inside `<plist>`, after the XML declaration, doctype and comments.
    mutating func document() throws(AuditError) -> XMLPlistValue {
        var tag = try nextTag()
        if tag.name == "plist" { tag = try nextTag() }
        return try value(opening: tag, depth: 0)
    }

    /// The next element tag, skipping text, `<?…?>`, `<!…>` and comments.
    mutating func nextTag() throws(AuditError) -> (name: String, closing: Bool, empty: Bool, start: Int) {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let start = index
            if starts(with: "<!--") {
                guard let end = find("-->", from: index + 4) else { throw failure("unterminated comment", at: start) }
                index = end + 3
                continue
            }
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                throw failure("unterminated tag", at: start)
            }
            index = end + 1
            let first = start + 1 < end ? bytes[start + 1] : 0
            if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") { continue }
            let closing = first == UInt8(ascii: "/")
            let empty = bytes[end - 1] == UInt8(ascii: "/")
            var nameEnd = start + (closing ? 2 : 1)
            let nameStart = nameEnd
            while nameEnd < end, !Self.isTagEnd(bytes[nameEnd]) { nameEnd += 1 }
            return (String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), closing, empty, start)
        }
        throw failure("the document ends before its value", at: bytes.count)
    }

    /// The value a tag opens.
    mutating func value(opening tag: (name: String, closing: Bool, empty: Bool, start: Int), depth: Int)
        throws(AuditError) -> XMLPlistValue
    {
        guard !tag.closing else { throw failure("unexpected </\(tag.name)>", at: tag.start) }
        guard depth < StringCatalogReader.maxStringsDictDepth else {
            throw AuditError(
                .limitExceeded, "values nest more than \(StringCatalogReader.maxStringsDictDepth) deep", path: path)
        }
        if tag.empty { return tag.name == "string" ? .string("") : tag.name == "dict" ? .dictionary([]) : .other }
        switch tag.name {
        case "string", "key":
            return .string(try text(until: tag.name))
        case "dict":
            var members: [(key: String, line: Int, column: Int, value: XMLPlistValue)] = []
            while true {
                let next = try nextTag()
                if next.closing, next.name == "dict" { return .dictionary(members) }
                guard next.name == "key", !next.closing, !next.empty else {
                    throw failure("expected <key> in <dict>", at: next.start)
                }
                let position = lineAndColumn(of: next.start)
                let key = try text(until: "key")
                let member = try value(opening: try nextTag(), depth: depth + 1)
                members.append((key, position.line, position.column, member))
            }
        default:
            // Arrays and scalars: skipped to their end tag (arrays nest).
            var open = 1
            while open > 0 {
                let next = try nextTag()
                if next.name == tag.name, !next.empty { open += next.closing ? -1 : 1 }
            }
            return .other
        }
    }

    /// The text up to `</name>`, entities decoded.
    mutating func text(until name: String) throws(AuditError) -> String {
        let start = index
        guard let end = find("</\(name)", from: index) else { throw failure("unterminated <\(name)>", at: start) }
        guard let close = bytes[end...].firstIndex(of: UInt8(ascii: ">")) else {
            throw failure("unterminated </\(name)>", at: end)
        }
        index = close + 1
        return Self.decodingEntities(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// Whether the bytes at `index` are `text`.
    func starts(with text: String) -> Bool { bytes[index...].starts(with: text.utf8) }

    /// Where `text` first occurs from `start` on, if it does.
    func find(_ text: String, from start: Int) -> Int? {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Whether `b` ends a tag's name (white space, `/` or `>`).
    static func isTagEnd(_ b: UInt8) -> Bool {
        b == 32 || b == 9 || b == 10 || b == 13 || b == UInt8(ascii: "/") || b == UInt8(ascii: ">")
    }

    /// `text` with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references decoded.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semicolon]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += rest[amp...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
