import Foundation

/// A JSON value whose object keys keep the order they were given, printed with two-space
/// indentation so machine-readable output is stable and diffs stay small.
public indirect enum OrderedJSON: Sendable, Equatable {
    /// A string.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number (non-finite values print as `null`).
    case double(Double)
    /// `true` / `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([OrderedJSON])
    /// An object, keys in order.
    case object([(String, OrderedJSON)])

    /// `.string` or `.null`.
    public static func optional(_ value: String?) -> OrderedJSON { value.map { .string($0) } ?? .null }
    /// `.int` or `.null`.
    public static func optional(_ value: Int?) -> OrderedJSON { value.map { .int($0) } ?? .null }
    /// `.double` or `.null`.
    public static func optional(_ value: Double?) -> OrderedJSON { value.map { .double($0) } ?? .null }

    /// Compares structure and values (object keys in order).
    public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The pretty-printed text, ending with a newline.
    public var text: String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let value): OrderedJSON.quote(value, into: &out)
        case .int(let value): out += String(value)
        case .double(let value):
            if !value.isFinite {
                out += "null"
            } else if value.rounded() == value && abs(value) < 1e15 {
                out += String(Int64(value))
            } else {
                out += "\(value)"
            }
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (k, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(into: &out, indent: indent + 1)
                out += k == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (k, member) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                OrderedJSON.quote(member.0, into: &out)
                out += ": "
                member.1.write(into: &out, indent: indent + 1)
                out += k == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
