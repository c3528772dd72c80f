import Foundation

/// One translation from a `Localizable.strings` file or an `.xcstrings` string catalog.
public struct LocalizedString: Sendable, Hashable {
    /// The key code uses (`"widgets.title"` or, in SwiftUI, often the English text itself).
    public var key: String
    /// The text shown for `language`.
    public var value: String
    /// The language (`en`, `de`, ...), when known.
    public var language: String?
    /// Where the key is written in the strings file or catalog.
    public var location: SourceLocation
    /// The development language of the catalog the entry comes from (its `sourceLanguage`); nil for
    /// `.strings` files.
    public var developmentLanguage: String?

    /// Creates an entry.
    public init(key: String, value: String, language: String?, location: SourceLocation) {
        self.key = key
        self.value = value
        self.language = language
        self.location = location
    }
}

/// Reads `Localizable.strings` files and `.xcstrings` string catalogs.
public enum StringCatalogReader {
    /// Reads a `.strings` file (UTF-8 or UTF-16 with a byte order mark); the language comes from an
    /// enclosing `xx.lproj` folder.
    /// - Throws: `AuditError` `.badInput` with line and column for a malformed file.
    public static func readStrings(_ data: [UInt8], path: String) throws(AuditError) -> [LocalizedString] {
        var bytes = data
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: Data(data), encoding: .utf16) else {
                throw AuditError(.badInput, "not valid UTF-16 text", path: path)
            }
            bytes = Array(text.utf8)
        } else if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = Array(data.dropFirst(3))
        }
        let language = Self.language(fromPath: path)
        var entries: [LocalizedString] = []
        var i = 0
        var line = 1
        var lineStart = 0
        // The line and column are those of `offset` itself, counted from the start: a failure is reported
        // at the start of a token or comment that may span lines, so the reader's current line (which is
        // past it) must not be combined with it.
        func failure(_ message: String, at offset: Int) -> AuditError {
            var offsetLine = 1
            var offsetLineStart = 0
            for j in 0..<min(offset, bytes.count) where bytes[j] == 10 {
                offsetLine += 1
                offsetLineStart = j + 1
            }
            return AuditError(
                .badInput, message,
                location: InputLocation(
                    path: path, byteOffset: offset, line: offsetLine,
                    column: offset - offsetLineStart + 1))
        }
        func skipTrivia() throws(AuditError) {
            while i < bytes.count {
                let b = bytes[i]
                if b == 10 {
                    line += 1
                    lineStart = i + 1
                    i += 1
                } else if b == 32 || b == 9 || b == 13 {
                    i += 1
                } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count, bytes[i] != 10 { i += 1 }
                } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                    let start = i
                    i += 2
                    while i < bytes.count,
                        !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"))
                    {
                        if bytes[i] == 10 {
                            line += 1
                            lineStart = i + 1
                        }
                        i += 1
                    }
                    guard i < bytes.count else { throw failure("unterminated /* comment", at: start) }
                    i += 2
                } else {
                    return
                }
            }
        }
        func token() throws(AuditError) -> String {
            let start = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                i += 1
                var out: [UInt8] = []
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        let e = bytes[i + 1]
                        i += 2
                        switch e {
                        case UInt8(ascii: "n"): out.append(10)
                        case UInt8(ascii: "t"): out.append(9)
                        case UInt8(ascii: "r"): out.append(13)
                        case UInt8(ascii: "U"), UInt8(ascii: "u"):
                            var end = i
                            while end < bytes.count, end - i < 4, Scanner.isHex(bytes[end]) { end += 1 }
                            if let v = UInt32(String(decoding: bytes[i..<end], as: UTF8.self), radix: 16),
                                let scalar = Unicode.Scalar(v)
                            {
                                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                            }
                            i = end
                        default: out.append(e)
                        }
                        continue
                    }
                    if bytes[i] == 10 {
                        line += 1
                        lineStart = i + 1
                    }
                    out.append(bytes[i])
                    i += 1
                }
                guard i < bytes.count else { throw failure("unterminated string; add the closing quote", at: start) }
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            while i < bytes.count, bytes[i] >= 0x80 || Scanner.isWord(bytes[i]) { i += 1 }
            guard i > start else { throw failure("expected a quoted string", at: start) }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        while true {
            try skipTrivia()
            guard i < bytes.count else { break }
            let keyLine = line
            let keyColumn = i - lineStart + 1
            let key = try token()
            try skipTrivia()
            var value = key
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                try skipTrivia()
                value = try token()
                try skipTrivia()
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
                throw failure("expected ';' after the entry for \"\(key)\"", at: min(i, bytes.count))
            }
            i += 1
            entries.append(
                LocalizedString(
                    key: key, value: value, language: language,
                    location: SourceLocation(file: path, line: keyLine, column: keyColumn)))
        }
        return entries
    }

    /// Reads an `.xcstrings` catalog: every string unit of every language and variation, and for keys
    /// without a source-language translation, the key itself as the source-language text.
    /// - Throws: `AuditError` `.badInput` with line and column for malformed JSON or a wrong structure.
    public static func readCatalog(_ data: [UInt8], path: String) throws(AuditError) -> [LocalizedString] {
        // The parsed document is a flat tape of 32 bytes a value, never a tree of strings (the whole
        // catalog as a tree took about 12 times its size: a 78 MB catalog, 1 GB).
        let root: JSONReader.Value
        do { root = try JSONReader(data).root } catch { throw error.auditError(path: path) }
        let sourceLanguage = root["sourceLanguage"]?.string
        guard let strings = root["strings"]?.members else {
            throw JSONReadError(message: "a string catalog needs a \"strings\" object", position: root.position)
                .auditError(path: path)
        }
        var entries: [LocalizedString] = []
        for member in strings {
            let location = SourceLocation(
                file: path, line: member.keyPosition.line, column: member.keyPosition.column)
            var hasSource = false
            for localization in member.value["localizations"]?.members ?? [] {
                var units: [String] = []
                collectUnits(localization.value, into: &units)
                if localization.key == sourceLanguage, !units.isEmpty { hasSource = true }
                for value in expandSubstitutions(units, in: localization.value) {
                    var entry = LocalizedString(
                        key: member.key, value: value, language: localization.key, location: location)
                    entry.developmentLanguage = sourceLanguage
                    entries.append(entry)
                }
            }
            if !hasSource {
                var entry = LocalizedString(
                    key: member.key, value: member.key, language: sourceLanguage, location: location)
                entry.developmentLanguage = sourceLanguage
                entries.append(entry)
            }
        }
        return entries
    }

    /// The values with every `%#@name@` replaced by each of the substitution's variants (`%arg` becomes `%@`,
    /// a hole), so `"%#@items@ left"` with `one: "%arg item"` and `other: "%arg items"` matches "3 items left";
    /// at most 64 combinations per value.
    private static func expandSubstitutions(_ values: [String], in localization: JSONReader.Value) -> [String] {
        guard let substitutions = localization["substitutions"]?.members, !substitutions.isEmpty else { return values }
        var variants: [String: [String]] = [:]
        for substitution in substitutions {
            var units: [String] = []
            collectUnits(substitution.value, into: &units)
            variants[substitution.key] = units.map { $0.replacingOccurrences(of: "%arg", with: "%@") }
        }
        let result = substituting(variants, into: values)
        // The substitution units themselves ("%arg items") are not shown alone.
        let pieces = Set(variants.values.joined().map { $0.replacingOccurrences(of: "%@", with: "%arg") })
        return result.filter { !pieces.contains($0) }
    }

    private static func collectUnits(_ value: JSONReader.Value, into values: inout [String]) {
        guard let members = value.members else { return }
        for member in members {
            if member.key == "stringUnit", let text = member.value["value"]?.string {
                values.append(text)
            } else {
                collectUnits(member.value, into: &values)
            }
        }
    }

    /// The language of an `xx.lproj` folder in `path`, if any.
    static func language(fromPath path: String) -> String? {
        let components = path.split(separator: "/")
        guard let folder = components.dropLast().last(where: { $0.hasSuffix(".lproj") }) else { return nil }
        return String(folder.dropLast(6))
    }

    private enum Scanner {
        static func isHex(_ b: UInt8) -> Bool {
            (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102)
        }
        static func isWord(_ b: UInt8) -> Bool {
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || b == 46 || b == 45
        }
    }
}
