import Foundation

/// The one JSON writer: every `--format json` output, the mapping's and the scan's JSON, the baseline
/// file and the history's lines are encoded here, with sorted keys, ISO 8601 dates and unescaped
/// slashes, so every JSON AuditKit writes agrees on keys, dates and escaping.
public enum JSONWriter {
    /// The version of the JSON contract: every `--format json` output states it as `"version"`.
    public static let contractVersion = 1

    /// An encoder with sorted keys, ISO 8601 dates and unescaped slashes; `pretty` indents by two
    /// spaces, else a value is one line (the history file's form).
    public static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `value` as pretty JSON ending with a newline (a file's bytes).
    /// - Throws: `EncodingError` when the value cannot be encoded (a non-finite number).
    public static func data<Value: Encodable>(_ value: Value) throws -> Data {
        var data = try encoder(pretty: true).encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// A `--format json` output: `value`'s fields with `"version": 1` among them, as pretty JSON
    /// ending with a newline.
    /// - Throws: `EncodingError` when the value cannot be encoded (a non-finite number).
    public static func document<Value: Encodable>(_ value: Value) throws -> Data {
        try data(Versioned(value: value))
    }

    /// `document(value)` as text.
    /// - Throws: `EncodingError` when the value cannot be encoded (a non-finite number).
    public static func documentText<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try document(value), as: UTF8.self)
    }

    /// A JSON object tree built of dictionaries, arrays, strings, numbers and booleans (as SARIF logs are
    /// assembled) as pretty JSON, without a final newline. A value of another type is written as `null`.
    public static func data(tree: [String: Any]) -> Data {
        (try? encoder(pretty: true).encode(Tree(value: tree))) ?? Data()
    }

    /// `text` as one JSON string literal (quotes and escapes), as every JSON AuditKit writes escapes it.
    public static func quoted(_ text: String) -> String {
        String(decoding: (try? encoder(pretty: false).encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    /// An untyped tree, encoded value by value.
    private struct Tree: Encodable {
        var value: Any

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            switch value {
            case let object as [String: Any]:
                var container = encoder.container(keyedBy: Key.self)
                for (key, member) in object { try container.encode(Tree(value: member), forKey: Key(stringValue: key)) }
            case let array as [Any]:
                var container = encoder.unkeyedContainer()
                for element in array { try container.encode(Tree(value: element)) }
            case let text as String:
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case let flag as Bool:
                var container = encoder.singleValueContainer()
                try container.encode(flag)
            case let number as Int:
                var container = encoder.singleValueContainer()
                try container.encode(number)
            case let number as Double:
                var container = encoder.singleValueContainer()
                try container.encode(number)
            default:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            }
        }
    }

    /// A value's fields with the contract's `"version"` among them.
    private struct Versioned<Wrapped: Encodable>: Encodable {
        var value: Wrapped
        private enum Key: String, CodingKey { case version }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(JSONWriter.contractVersion, forKey: .version)
            try value.encode(to: encoder)
        }
    }
}
