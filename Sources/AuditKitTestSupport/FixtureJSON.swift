import Foundation

/// A JSON value as the fixture builder writes it, with keys kept in the order given (the writer
/// shuffles them when asked), so tests can also write wrong types and odd shapes on purpose.
public indirect enum FixtureJSON: Sendable, Equatable {
    /// A string.
    case string(String)
    /// A number, written the way Foundation writes doubles (`3`, `44.333333333333336`).
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([FixtureJSON])
    /// An object with its keys in order.
    case object([Member])
    /// Text written as is (for deliberately broken output).
    case raw(String)

    /// One key and value of an object.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: FixtureJSON

        /// Creates a member.
        public init(_ key: String, _ value: FixtureJSON) {
            self.key = key
            self.value = value
        }
    }

    /// How the JSON is laid out.
    public enum Style: Sendable, Equatable {
        /// Foundation's pretty printing: two-space indent, `"key" : value`, one value per line.
        case pretty
        /// No white space at all.
        case minified
    }

    /// The value as UTF-8 bytes in `style`, with `/` escaped as `\/` and non-ASCII raw; keys shuffled
    /// with `generator` when given.
    public func encoded(style: Style = .pretty, shuffleWith generator: inout SplitMix64?) -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out, style: style, indent: 0, generator: &generator)
        return out
    }

    private func write(into out: inout [UInt8], style: Style, indent: Int, generator: inout SplitMix64?) {
        switch self {
        case .string(let text): FixtureJSON.writeString(text, into: &out)
        case .number(let value): out.append(contentsOf: FixtureJSON.format(value).utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .raw(let text): out.append(contentsOf: text.utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            if items.isEmpty {
                out.append(UInt8(ascii: "]"))
                return
            }
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, style: style, indent: indent + 1)
                item.write(into: &out, style: style, indent: indent + 1, generator: &generator)
            }
            newline(&out, style: style, indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(var members):
            if var rng = generator {
                members.shuffle(using: &rng)
                generator = rng
            }
            out.append(UInt8(ascii: "{"))
            if members.isEmpty {
                out.append(UInt8(ascii: "}"))
                return
            }
            for (k, member) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, style: style, indent: indent + 1)
                FixtureJSON.writeString(member.key, into: &out)
                out.append(contentsOf: (style == .pretty ? " : " : ":").utf8)
                member.value.write(into: &out, style: style, indent: indent + 1, generator: &generator)
            }
            newline(&out, style: style, indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], style: Style, indent: Int) {
        guard style == .pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Foundation's number text: integral doubles without a fraction, others in shortest round-trip form.
    public static func format(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Writes a JSON string the way Foundation does: `"`, `\`, `/` and control characters escaped,
    /// everything else raw UTF-8.
    public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case UInt8(ascii: "/"): out.append(contentsOf: [0x5C, 0x2F])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// A small, fast, seedable random number generator (SplitMix64), so fixtures are reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that always produces the same sequence for `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
