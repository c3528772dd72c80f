/// The one scanner and the one unescaper of JSON strings, shared by every JSON reader of the package
/// (`JSONDocument`'s tape and the history's line parser).
///
/// Escapes follow RFC 8259. A `\u` escape of a UTF-16 surrogate that is not half of a pair (a high
/// surrogate not followed by a `\u` low one, or a low surrogate alone) is decoded as U+FFFD, the
/// replacement character, and the escape after it is decoded on its own: Inspector reports come from
/// JavaScript, whose strings may hold lone surrogates, and one bad character must not cost a report.
/// Bytes that are not UTF-8 are repaired to U+FFFD the same way when the text becomes a `String`.
package enum JSONString {
    /// Why a string could not be scanned, and the byte offset of the problem.
    package struct Problem: Error, Sendable, Equatable {
        /// What is wrong.
        package enum Kind: Sendable, Equatable {
            /// The input ends before the closing quote.
            case truncated
            /// A byte below 0x20 inside the string.
            case controlCharacter(UInt8)
            /// A `\u` not followed by four hex digits.
            case badUnicodeEscape
            /// A backslash followed by a byte that starts no escape.
            case badEscape(UInt8)
        }

        /// What is wrong.
        package var kind: Kind
        /// The offset of the offending byte (the backslash of an escape; the end for `truncated`).
        package var offset: Int

        /// The problem in words, e.g. `invalid escape \q in a string`.
        package var message: String {
            switch kind {
            case .truncated: return JSONString.truncationMessage
            case .controlCharacter(let byte):
                return "control character (byte 0x\(String(byte, radix: 16, uppercase: true))) inside a string"
            case .badUnicodeEscape: return "invalid \\u escape in a string (\\u needs four hex digits)"
            case .badEscape(let byte):
                return "invalid escape \\\(Character(Unicode.Scalar(byte))) in a string; write \\\\ for a backslash"
            }
        }
    }

    /// The message of every JSON input that ends too early.
    package static let truncationMessage = "unexpected end of file; the JSON is truncated"

    /// Scans the string whose opening quote is at `start`, checking its escapes and that it holds no
    /// control character.
    /// - Returns: the offset just past the closing quote, and whether the content has an escape.
    @inline(__always)
    package static func scan(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) throws(Problem) -> (
        end: Int, escaped: Bool
    ) {
        var escaped = false
        var p = start + 1
        while true {
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            while p + 8 <= end {
                let word = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((word &- ones &* 0x20) & ~word)
                let flagged = special & highs
                if flagged != 0 {
                    // The lowest flagged byte is a real match (borrows only run upwards).
                    p += flagged.trailingZeroBitCount >> 3
                    break
                }
                p += 8
            }
            while p < end {
                let b = base[p]
                if b == 0x22 || b == 0x5C || b < 0x20 { break }
                p += 1
            }
            guard p < end else { throw Problem(kind: .truncated, offset: end) }
            let b = base[p]
            if b == 0x22 { return (p + 1, escaped) }
            if b < 0x20 { throw Problem(kind: .controlCharacter(b), offset: p) }
            // A backslash.
            escaped = true
            guard p + 1 < end else { throw Problem(kind: .truncated, offset: end) }
            switch base[p + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                p += 2
            case UInt8(ascii: "u"):
                for k in 2..<6 {
                    guard p + k < end else { throw Problem(kind: .truncated, offset: end) }
                    guard hexValue(base[p + k]) != nil else { throw Problem(kind: .badUnicodeEscape, offset: p) }
                }
                p += 6
            default:
                throw Problem(kind: .badEscape(base[p + 1]), offset: p)
            }
        }
    }

    /// The value of a hex digit, or nil.
    @inline(__always)
    package static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The text of a string's content (between its quotes), its escapes decoded.
    package static func text(_ raw: UnsafeRawBufferPointer, escaped: Bool) -> String {
        if !escaped { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: unescape(raw), as: UTF8.self)
    }

    /// The bytes of a JSON string's content with its escapes decoded to UTF-8 (lone surrogates become
    /// U+FFFD; an escape cut short by the end of `raw` is kept as it is).
    package static func unescape(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        unescape(raw, strict: false)!
    }

    /// The bytes of a JSON string's content with its escapes decoded to UTF-8. When `strict`, an invalid
    /// escape or a control character gives nil (for content `scan` did not check).
    package static func unescape(_ raw: UnsafeRawBufferPointer, strict: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var value: UInt32 = 0
            for k in 0..<4 {
                guard let digit = hexValue(raw[at + k]) else { return nil }
                value = value << 4 | digit
            }
            return value
        }
        func append(scalar: UInt32) {
            let scalar = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            out.append(contentsOf: String(scalar).utf8)
        }
        while i < raw.count {
            let c = raw[i]
            if strict && (c < 0x20 || (c == UInt8(ascii: "\\") && i + 1 >= raw.count)) { return nil }
            if c != UInt8(ascii: "\\") || i + 1 >= raw.count {
                out.append(c)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard let unit = hex(i) else {
                    if strict { return nil }
                    append(scalar: 0xFFFD)
                    continue
                }
                i += 4
                if (0xD800...0xDBFF).contains(unit) {
                    if i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                        let low = hex(i + 2), (0xDC00...0xDFFF).contains(low)
                    {
                        i += 6
                        append(scalar: 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    } else {
                        append(scalar: 0xFFFD)
                    }
                } else {
                    // A lone low surrogate is no scalar: U+FFFD.
                    append(scalar: unit)
                }
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                out.append(e)
            default:
                if strict { return nil }
                out.append(e)
            }
        }
        return out
    }
}
