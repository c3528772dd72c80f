/// The site's one way of putting text into HTML, and of making the links and ids it uses.
///
/// Every string a report, a rule file, a source tree or a file name supplies goes through `escape`
/// (element text holds `</script>`, `<b>`, quotes); links are built only from file names the tool
/// chose or found on disk, each path segment percent-encoded and the link starting with `./` or `../`,
/// so no value can become a `javascript:` URL; ids are made of ASCII letters, digits and hyphens only.
public enum HTML {
    /// `text` safe as element content and as a double- or single-quoted attribute value: `&`, `<`,
    /// `>`, `"` and `'` become character references, and control characters other than tab and
    /// newline (which HTML forbids or would render invisibly) become their visible Control Pictures
    /// symbol (U+0001 shows as `␁`, DEL as `␡`).
    public static func escape(_ text: String) -> String {
        // Most texts need nothing: one pass over the bytes finds out.
        let needsWork = text.utf8.contains { byte in
            switch byte {
            case 0..<0x20, 0x7F, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                UInt8(ascii: "'"):
                return true
            default: return false
            }
        }
        if !needsWork { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 {
                    out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
                } else if scalar.value == 0x7F {
                    out += "\u{2421}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `text` escaped inside `<bdi>`: the browser lays it out in its own direction, isolated from the
    /// text around it, so a right-to-left override (U+202E) in an element text or a file name
    /// cannot reorder the numbers and labels next to it.
    public static func isolated(_ text: String) -> String {
        "<bdi>" + escape(text) + "</bdi>"
    }

    /// A path, source place or address as code: escaped and isolated as `isolated(_:)` does, with a
    /// line break opportunity (`<wbr>`) after each `/`, so a narrow card wraps it between folders
    /// rather than every few characters.
    public static func path(_ text: String) -> String {
        "<code><bdi>" + escape(text).split(separator: "/", omittingEmptySubsequences: false).joined(separator: "/<wbr>")
            + "</bdi></code>"
    }

    /// `text` escaped without its bidirectional formatting characters (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), for the places that cannot hold a `<bdi>`: the page's title
    /// and the options of a `<select>`.
    public static func plain(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: kept.append(scalar)
            }
        }
        return escape(String(kept))
    }

    /// A relative link made of `segments` (folder and file names), each percent-encoded except
    /// `A-Z a-z 0-9 - . _ ~`, joined with `/` and starting with `./`, or with `../` for each of
    /// `up`; `fragment` (an id from `id(_:_:)`) is appended after `#`. A `:` in a name is encoded, so
    /// a file called `javascript:alert(1).html` links to itself, not to a script.
    public static func link(_ segments: [String], up: Int = 0, fragment: String? = nil) -> String {
        var out = up == 0 ? "./" : String(repeating: "../", count: up)
        out += segments.map(percentEncoded).joined(separator: "/")
        if let fragment { out += "#" + fragment }
        return out
    }

    /// `segment` with every byte outside `A-Z a-z 0-9 - . _ ~` written as `%XX`.
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        out.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%"
                out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                out.unicodeScalars.append(hexDigits[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// An id for `name` under `prefix` (`view`, `type`): the name's ASCII letters and digits,
    /// lowercased and cut to 24, then 8 hex digits of its SHA-256, so the same name gets the same id on
    /// every page and two names never share one in practice (`view-homeview-3f2a9c01`).
    public static func id(_ prefix: String, _ name: String) -> String {
        var slug = ""
        for scalar in name.unicodeScalars where slug.count < 24 {
            switch scalar {
            case "A"..."Z": slug.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
            case "a"..."z", "0"..."9": slug.unicodeScalars.append(scalar)
            default: break
            }
        }
        let digest = SHA256.hexDigest(of: Array(name.utf8)).prefix(8)
        return prefix + "-" + (slug.isEmpty ? "" : slug + "-") + digest
    }

    private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)
}
