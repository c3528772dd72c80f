/// Makes untrusted text (element text, titles, paths from reports) safe to place inside a line of
/// Markdown: it can neither start a heading, list, table cell, link, emphasis or code span, nor
/// inject HTML, nor break the line it sits on.
public enum MarkdownEscaping {
    /// The longest text, in characters, an escaped value keeps; longer text is cut and ends with `…`.
    public static let defaultMaxLength = 300

    /// Escapes `text` for use inline in Markdown.
    ///
    /// Line breaks (and other control characters) become spaces; `<` and `>` become HTML entities, an
    /// `&` that would start a character reference gets a backslash (a plain `&` stays as it is); backslash, backtick, `*`, `_`, `[`, `]`, `|`, `~` get a backslash (except `_` inside a word,
    /// which CommonMark never reads as emphasis); a `#`, `+`, `-` or `=`
    /// at the start gets a backslash so the value cannot open a block when placed at a line start.
    /// - Parameters:
    ///   - text: the untrusted text.
    ///   - maxLength: characters kept before the text is cut with `…`.
    public static func inline(_ text: String, maxLength: Int = defaultMaxLength) -> String {
        let flat = truncated(singleLine(text), maxLength: maxLength)
        var out = ""
        out.reserveCapacity(flat.utf8.count + 8)
        let scalars = Array(flat.unicodeScalars)
        func isWordScalar(_ index: Int) -> Bool {
            guard scalars.indices.contains(index) else { return false }
            return scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
        }
        var atStart = true
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "_" where isWordScalar(index - 1) && isWordScalar(index + 1):
                // An underscore inside a word (`AuditReport_2026`) cannot open emphasis in CommonMark.
                out.unicodeScalars.append(scalar)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&":
                // Only an `&` that would start a character reference (`&amp;`, `&#38;`) is escaped: a
                // plain `&` reads as itself in the file and in the rendering.
                var next = index + 1
                while scalars.indices.contains(next), scalars[next] == "#" || isWordScalar(next) { next += 1 }
                // At the value's end too: a template may put the `;` right after it.
                let reference = next > index + 1 && (next == scalars.count || scalars[next] == ";")
                out += reference ? "\\&" : "&"
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "#", "+", "-", "=":
                if atStart { out += "\\" }
                out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar)
            }
            atStart = false
        }
        return out
    }

    /// `path` as a Markdown link destination: every byte outside `A-Z a-z 0-9 - . _ ~ / #` is
    /// percent-encoded, so spaces, parentheses and `<>` cannot end the link and a `:` cannot make it a
    /// URL scheme (`javascript:`).
    public static func linkTarget(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "#"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// Wraps `text` in a code span that nothing inside can close: the fence is one backtick longer
    /// than the longest run of backticks in the text, line breaks become spaces, and the text is cut
    /// at `maxLength` characters. Code spans show `<`, `*`, `_` literally, so nothing else is escaped.
    public static func codeSpan(_ text: String, maxLength: Int = defaultMaxLength) -> String {
        let flat = truncated(singleLine(text), maxLength: maxLength)
        var longest = 0
        var run = 0
        for scalar in flat.unicodeScalars {
            if scalar == "`" {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") || flat.isEmpty ? " " : ""
        return fence + pad + flat + pad + fence
    }

    /// `text` with every line break, tab and other control character replaced by one space, and
    /// runs of such spaces collapsed; a bidirectional control (U+202E, U+2066–U+2069, U+200E, ...,
    /// `PrintableText.isBidiControl`) is shown as its code point, `[U+202E]`, so a line cannot
    /// display as other text than it holds (the HTML site isolates them instead).
    public static func singleLine(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var lastWasBreak = false
        for scalar in text.unicodeScalars {
            let isBreak =
                scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            if isBreak {
                if !lastWasBreak { out += " " }
                lastWasBreak = true
            } else if PrintableText.isBidiControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "[U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                lastWasBreak = false
            } else {
                out.unicodeScalars.append(scalar)
                lastWasBreak = false
            }
        }
        return out
    }

    /// `text` cut to `maxLength` characters with `…` appended when it was longer.
    public static func truncated(_ text: String, maxLength: Int) -> String {
        guard maxLength > 0, text.count > maxLength else { return text }
        return String(text.prefix(max(1, maxLength - 1))) + "…"
    }
}
