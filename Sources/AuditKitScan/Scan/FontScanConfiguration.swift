import Foundation

/// What `auditkit scan` looks for and where: the optional rules of a typography standard, the paths to
/// leave out, and the team's own typography tokens (`auditkit.scan.json`).
///
/// The file is JSON with `//` and `/* */` comments, `"version": 1`, and optional `exclude` (path
/// patterns), `rules` (the optional rules, all off by default) and `tokens` (name, size, weight) keys.
public struct FontScanConfiguration: Sendable, Hashable {
    /// The default file name, looked up in the working directory.
    public static let defaultFileName = "auditkit.scan.json"

    /// A typography token of the team's design system: what to suggest instead of a text style.
    public struct Token: Sendable, Hashable {
        /// The code to write, e.g. `AppTypography.headingMedium`.
        public var name: String
        /// Its size at the default content size, in points.
        public var size: Double
        /// Its weight.
        public var weight: FontWeight

        /// Creates a token.
        public init(name: String, size: Double, weight: FontWeight = .regular) {
            self.name = name
            self.size = size
            self.weight = weight
        }
    }

    /// Path patterns of files not to scan (tests, debug harnesses). A pattern without `/` matches any
    /// one folder or file name; one with `/` matches the path relative to the working directory from its
    /// start, or a folder at its start. `*` is any run of characters but `/`, `?` one character, `**` any
    /// number of folders.
    public var exclude: [String]
    /// Report `.rounded` designs (`design: .rounded`, `.fontDesign(.rounded)`).
    public var roundedDesign: Bool
    /// Report literal font sizes under this many points (typically 11); nil leaves sizes alone.
    public var minimumSize: Double?
    /// Report `.tracking(N)` and `.kerning(N)` with a number written in place.
    public var hardCodedTracking: Bool
    /// Report `.fontWeight(…)` in a modifier chain whose `.font(…)` is a text style or a token.
    public var fontWeightOnToken: Bool
    /// Report `.custom(name, size: N)` without `relativeTo:` (it scales with Body, which may not be the
    /// curve the text should follow).
    public var customRequiresRelativeTo: Bool
    /// The team's tokens; when not empty they replace the built-in text styles in suggestions for text.
    public var tokens: [Token]
    /// The file it was read from, if any.
    public var path: String?

    /// The default: fixed sizes only, nothing excluded, built-in suggestions.
    public init(
        exclude: [String] = [], roundedDesign: Bool = false, minimumSize: Double? = nil,
        hardCodedTracking: Bool = false, fontWeightOnToken: Bool = false, customRequiresRelativeTo: Bool = false,
        tokens: [Token] = [], path: String? = nil
    ) {
        self.exclude = exclude
        self.roundedDesign = roundedDesign
        self.minimumSize = minimumSize
        self.hardCodedTracking = hardCodedTracking
        self.fontWeightOnToken = fontWeightOnToken
        self.customRequiresRelativeTo = customRequiresRelativeTo
        self.tokens = tokens
        self.path = path
    }

    /// Reads and checks the configuration file at `path`.
    /// - Throws: `AuditError` `.missingInput` when it cannot be read, `.badInput` with line and column for
    ///   a JSON error, an unknown key, a wrong type or an unknown weight.
    public static func load(path: String) throws(AuditError) -> FontScanConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuditError(.missingInput, "cannot read the scan configuration", path: path)
        }
        return try FontScanConfiguration(parsing: Array(data), path: path)
    }

    /// Parses and checks configuration text.
    /// - Throws: `AuditError` `.badInput` located at the offending line and column.
    public init(parsing bytes: [UInt8], path: String) throws(AuditError) {
        func fail(_ message: String, _ position: JSONPosition) -> AuditError {
            JSONReadError(message: message, position: position).auditError(path: path)
        }
        let root: JSONReader.Value
        do { root = try JSONReader(bytes).root } catch { throw error.auditError(path: path) }
        self.init(path: path)
        func members(_ value: JSONReader.Value, _ what: String, _ allowed: [String]) throws(AuditError)
            -> [JSONReader.Member]
        {
            do { return try value.asObject(what, allowed: allowed) } catch { throw error.auditError(path: path) }
        }
        func bool(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> Bool {
            guard let flag = value.bool else {
                throw fail("\"\(key)\" must be true or false, found \(value.typeDescription)", value.position)
            }
            return flag
        }
        func size(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> Double {
            guard let number = value.number, number > 0, number < 1000 else {
                throw fail("\"\(key)\" must be a size in points (a number above 0 and under 1000)", value.position)
            }
            return number
        }
        var sawVersion = false
        for member in try members(root, "the scan configuration", ["version", "exclude", "rules", "tokens"]) {
            let value = member.value
            switch member.key {
            case "version":
                guard value.number == 1 else { throw fail("\"version\" must be 1", value.position) }
                sawVersion = true
            case "exclude":
                guard let items = value.elements else {
                    throw fail("\"exclude\" must be an array of path patterns", value.position)
                }
                for item in items {
                    guard let pattern = item.string, !pattern.isEmpty else {
                        throw fail("each \"exclude\" entry must be a non-empty string", item.position)
                    }
                    exclude.append(pattern)
                }
            case "rules":
                let keys = [
                    "roundedDesign", "minimumSize", "hardCodedTracking", "fontWeightOnToken",
                    "customRequiresRelativeTo",
                ]
                for rule in try members(value, "\"rules\"", keys) {
                    switch rule.key {
                    case "roundedDesign": roundedDesign = try bool(rule.value, rule.key)
                    case "hardCodedTracking": hardCodedTracking = try bool(rule.value, rule.key)
                    case "fontWeightOnToken": fontWeightOnToken = try bool(rule.value, rule.key)
                    case "customRequiresRelativeTo": customRequiresRelativeTo = try bool(rule.value, rule.key)
                    default:
                        if let flag = rule.value.bool {
                            minimumSize = flag ? 11 : nil
                        } else {
                            minimumSize = try size(rule.value, rule.key)
                        }
                    }
                }
            default:
                guard let items = value.elements else {
                    throw fail("\"tokens\" must be an array of {name, size, weight} objects", value.position)
                }
                for item in items {
                    var name: String?
                    var tokenSize: Double?
                    var weight = FontWeight.regular
                    for field in try members(item, "a token", ["name", "size", "weight"]) {
                        switch field.key {
                        case "name":
                            guard let text = field.value.string, !text.isEmpty else {
                                throw fail("a token's \"name\" must be a non-empty string", field.value.position)
                            }
                            name = text
                        case "size":
                            tokenSize = try size(field.value, "size")
                        default:
                            guard let text = field.value.string, let parsed = FontWeight(rawValue: text) else {
                                let known = FontWeight.allCases.map(\.rawValue).joined(separator: ", ")
                                throw fail("a token's \"weight\" must be one of \(known)", field.value.position)
                            }
                            weight = parsed
                        }
                    }
                    guard let name, let tokenSize else {
                        throw fail("a token needs a \"name\" and a \"size\"", item.position)
                    }
                    tokens.append(Token(name: name, size: tokenSize, weight: weight))
                }
            }
        }
        guard sawVersion else { throw fail("missing \"version\": 1", root.position) }
    }

    /// Whether `path` (as shown, relative to the working directory when under it) is excluded.
    public func isExcluded(_ path: String) -> Bool {
        guard !exclude.isEmpty else { return false }
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        let components = trimmed.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
        for pattern in exclude {
            var text = Substring(pattern)
            while text.hasPrefix("./") { text = text.dropFirst(2) }
            if text.hasSuffix("/") { text = text.dropLast() }
            let parts = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
            if parts.isEmpty { continue }
            if !text.contains("/") {
                if components.contains(where: { globMatch(parts[0][...], $0[...]) }) { return true }
            } else if pathMatch(parts[...], components[...], prefix: true) {
                return true
            }
        }
        return false
    }
}

/// Whether the pattern components match the start of (with `prefix`) or all of the path components.
private func pathMatch(_ pattern: ArraySlice<[UInt8]>, _ path: ArraySlice<[UInt8]>, prefix: Bool) -> Bool {
    guard let first = pattern.first else { return prefix || path.isEmpty }
    if first == Array("**".utf8) {
        let rest = pattern.dropFirst()
        var remaining = path
        while true {
            if pathMatch(rest, remaining, prefix: prefix) { return true }
            guard !remaining.isEmpty else { return false }
            remaining = remaining.dropFirst()
        }
    }
    guard let component = path.first, globMatch(first[...], component[...]) else { return false }
    return pathMatch(pattern.dropFirst(), path.dropFirst(), prefix: prefix)
}

/// Matches one name against one pattern component with `*` and `?`.
private func globMatch(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
    var p = pattern.startIndex
    var n = name.startIndex
    var star: Int?
    var resume = name.startIndex
    while n < name.endIndex {
        if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == name[n] {
            p += 1
            n += 1
        } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
            star = p
            p += 1
            resume = n
        } else if let s = star {
            p = s + 1
            resume += 1
            n = resume
        } else {
            return false
        }
    }
    while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.endIndex
}
