import Foundation

/// A JSON value with the distinctions JSON Schema needs (integer or not, boolean apart from numbers).
public indirect enum JSONValue: Hashable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    /// Parses one JSON document with Foundation's `JSONDecoder`, which keeps booleans, integers and
    /// other numbers apart.
    /// - Throws: the decoder's error when the text is not JSON.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    var numeric: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }
}

extension JSONValue: Decodable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// Validates JSON documents against a JSON Schema, for the keywords the SARIF 2.1.0 schema uses
/// (draft-04): `type` (one or several), `properties`, `additionalProperties` (boolean or schema),
/// `required`, `items`, `minItems`, `uniqueItems`, `enum`, `minimum`, `maximum`, `pattern`, `format`
/// (`uri`, `uri-reference`, `date-time`), `anyOf`, `oneOf` and local `$ref`s (`#/definitions/…`).
/// Any other keyword in the schema is reported as unsupported rather than ignored, except the
/// annotations (`description`, `default`, `title`, `id`, `$schema`, `definitions`).
public struct JSONSchemaValidator: Sendable {
    /// The schema.
    public let schema: JSONValue

    /// Creates a validator from the schema's text.
    public init(schema data: Data) throws { schema = try JSONValue.parse(data) }

    /// What is wrong with `document`, each as `path: problem` (`$.runs[0].results[2].level: …`); empty when valid.
    public func problems(in document: JSONValue) -> [String] {
        var found: [String] = []
        check(document, against: schema, at: "$", into: &found)
        return found
    }

    /// What is wrong with the JSON text `data`; a parse error is the only problem when it is not JSON.
    public func problems(in data: Data) -> [String] {
        do { return problems(in: try JSONValue.parse(data)) } catch { return ["not JSON: \(error)"] }
    }

    private static let annotations: Set<String> = ["description", "default", "title", "id", "$schema", "definitions"]
    private static let keywords: Set<String> = [
        "type", "properties", "additionalProperties", "required", "items", "minItems", "uniqueItems", "enum", "minimum",
        "maximum", "pattern", "format", "anyOf", "oneOf", "$ref",
    ]

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node = schema
        for part in reference.dropFirst(2).split(separator: "/") {
            guard case .object(let members) = node, let next = members[String(part)] else { return nil }
            node = next
        }
        return node
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into found: inout [String]) {
        guard case .object(let rules) = schema else {
            if schema == .bool(false) { found.append("\(path): not allowed") }
            return
        }
        for key in rules.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            found.append("\(path): the schema uses the unsupported keyword \(key)")
        }
        if case .string(let reference)? = rules["$ref"] {
            guard let target = resolve(reference) else {
                found.append("\(path): unresolvable $ref \(reference)")
                return
            }
            check(value, against: target, at: path, into: &found)
        }
        if let type = rules["type"] {
            let allowed: [String]
            switch type {
            case .string(let name): allowed = [name]
            case .array(let names):
                allowed = names.compactMap { if case .string(let n) = $0 { return n } else { return nil } }
            default: allowed = []
            }
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                found.append("\(path): expected \(allowed.joined(separator: " or ")), found \(Self.typeName(value))")
                return
            }
        }
        if case .array(let options)? = rules["enum"], !options.contains(value) {
            found.append("\(path): \(Self.short(value)) is not one of the allowed values")
        }
        if let minimum = rules["minimum"]?.numeric, let number = value.numeric, number < minimum {
            found.append("\(path): \(Self.short(value)) is below the minimum \(minimum)")
        }
        if let maximum = rules["maximum"]?.numeric, let number = value.numeric, number > maximum {
            found.append("\(path): \(Self.short(value)) is above the maximum \(maximum)")
        }
        if case .string(let text) = value {
            if case .string(let pattern)? = rules["pattern"] {
                let regex = try? NSRegularExpression(pattern: pattern)
                let range = NSRange(text.startIndex..., in: text)
                if regex?.firstMatch(in: text, range: range) == nil {
                    found.append("\(path): \(Self.short(value)) does not match the pattern \(pattern)")
                }
            }
            if case .string(let format)? = rules["format"], !Self.conforms(text, to: format) {
                found.append("\(path): \(Self.short(value)) is not a valid \(format)")
            }
        }
        if case .object(let members) = value {
            if case .array(let required)? = rules["required"] {
                for case .string(let key) in required where members[key] == nil {
                    found.append("\(path): missing required property \(key)")
                }
            }
            var properties: [String: JSONValue] = [:]
            if case .object(let declared)? = rules["properties"] { properties = declared }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let rule = properties[key] {
                    check(member, against: rule, at: path + "." + key, into: &found)
                } else if let additional = rules["additionalProperties"] {
                    if additional == .bool(false) {
                        found.append("\(path): property \(key) is not allowed")
                    } else {
                        check(member, against: additional, at: path + "." + key, into: &found)
                    }
                }
            }
        }
        if case .array(let items) = value {
            if let minimum = rules["minItems"]?.numeric, Double(items.count) < minimum {
                found.append("\(path): fewer than \(Int(minimum)) items")
            }
            if rules["uniqueItems"] == .bool(true), Set(items).count != items.count {
                found.append("\(path): items are not unique")
            }
            if let itemSchema = rules["items"] {
                for (i, item) in items.enumerated() {
                    check(item, against: itemSchema, at: "\(path)[\(i)]", into: &found)
                }
            }
        }
        if case .array(let options)? = rules["anyOf"] {
            let passing = options.filter { option in
                var scratch: [String] = []
                check(value, against: option, at: path, into: &scratch)
                return scratch.isEmpty
            }
            if passing.isEmpty { found.append("\(path): matches none of the anyOf alternatives") }
        }
        if case .array(let options)? = rules["oneOf"] {
            let passing = options.filter { option in
                var scratch: [String] = []
                check(value, against: option, at: path, into: &scratch)
                return scratch.isEmpty
            }
            if passing.count != 1 {
                found.append("\(path): matches \(passing.count) oneOf alternatives, not exactly 1")
            }
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("integer", .integer), ("number", .integer), ("number", .number):
            return true
        case ("integer", .number(let number)): return number == number.rounded()
        default: return false
        }
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .integer, .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    private static func short(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return "\"\(text.prefix(60))\""
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .bool(let flag): return String(flag)
        default: return typeName(value)
        }
    }

    /// RFC 3986 URIs (`uri` needs a scheme) and RFC 3339 date-times.
    static func conforms(_ text: String, to format: String) -> Bool {
        switch format {
        case "uri":
            guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
            let scheme = text[..<colon]
            return scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } && uriCharactersOnly(text)
        case "uri-reference":
            return uriCharactersOnly(text)
        case "date-time":
            let pattern = #"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#
            return text.range(of: pattern, options: .regularExpression) != nil
        default:
            return true
        }
    }

    /// Only characters RFC 3986 allows (unreserved, reserved, `%` followed by two hex digits).
    private static func uriCharactersOnly(_ text: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8)
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else { return false }
                i += 3
                continue
            }
            guard allowed.contains(bytes[i]) else { return false }
            i += 1
        }
        return true
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102)
    }
}

/// The official SARIF 2.1.0 JSON schema (OASIS, with Errata 01), kept in
/// `Tests/AuditKitTests/Fixtures/SARIF/sarif-schema-2.1.0.json`.
public enum SARIFSchema {
    /// Where the schema file is, found from this source file's path.
    public static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Tests/AuditKitTests/Fixtures/SARIF/sarif-schema-2.1.0.json"
        )
        .path

    /// The validator, read once.
    public static let validator: JSONSchemaValidator? = {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONSchemaValidator(schema: data)
    }()

    /// What is wrong with the SARIF log `data` against the schema; a single problem when the schema
    /// itself cannot be read.
    public static func problems(in data: Data) -> [String] {
        guard let validator else { return ["cannot read the SARIF schema at \(path)"] }
        return validator.problems(in: data)
    }
}
