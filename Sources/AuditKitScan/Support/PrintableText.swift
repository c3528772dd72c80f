/// Untrusted text (element texts, titles, names from reports, rule files and baselines) made safe to
/// print on a terminal or into a CI log, the one escaping every text output uses.
///
/// A line break inside a value would let a report start an output line of its own (a forged listing
/// line, or a GitHub Actions workflow command such as `::error` or `::add-mask::`); ESC, BEL and NUL
/// would reach the terminal as commands (window titles, clearing the screen, OSC 8 hyperlinks and
/// OSC 52 clipboard writes); bidirectional controls would make a line display as other text than
/// it holds. Each is shown as a visible escape instead: `\n`, `\r`, `\t`, `\u{1b}`, `\u{202e}`.
public enum PrintableText {
    /// `text` on one line with every control character shown as an escape.
    ///
    /// C0 controls, DEL and C1 controls, the Unicode line and paragraph separators and the
    /// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are escaped;
    /// everything else, tabs aside, is kept.
    /// - Parameter text: the untrusted text.
    /// - Returns: `text` itself when it holds none of them.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 >= 0xC2 }) else { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Whether `scalar` is shown as an escape by `escaped(_:)`.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80..<0xA0: return true
        case 0x2028, 0x2029: return true
        default: return isBidiControl(scalar)
        }
    }

    /// Whether `scalar` is a bidirectional formatting control: the marks (U+061C, U+200E, U+200F), the
    /// embeddings and overrides (U+202A–U+202E) and the isolates (U+2066–U+2069).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A whole multi-line output (a message on stderr) made safe for a terminal: its line breaks and
    /// tabs are kept, every other control character is escaped as `escaped(_:)` does.
    /// - Parameter text: the output.
    /// - Returns: `text` itself when it holds no other control character.
    public static func keepingLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && needsEscape($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                out.unicodeScalars.append(scalar)
            } else {
                out += escaped(String(scalar))
            }
        }
        return out
    }
}
