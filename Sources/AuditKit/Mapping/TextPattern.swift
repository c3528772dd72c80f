/// A text with holes, made from a format string (`"%@ of %lld"`, `"%1$@"`) or an interpolated literal
/// (`"\(count) items"`), that matches the text the app shows at run time.
public struct TextPattern: Sendable, Hashable, CustomStringConvertible {
    /// A piece of the pattern.
    public enum Piece: Sendable, Hashable {
        /// Text that must appear as is.
        case text(String)
        /// Any non-empty text.
        case hole
    }

    /// Normalised pieces: no two holes or two texts next to each other, no empty texts.
    public let pieces: [Piece]

    /// Builds a pattern from pieces, normalising them.
    public init(pieces: [Piece]) {
        var normalized: [Piece] = []
        for piece in pieces {
            switch (piece, normalized.last) {
            case (.text(let t), _) where t.isEmpty: continue
            case (.hole, .hole?): continue
            case (.text(let t), .text(let previous)?): normalized[normalized.count - 1] = .text(previous + t)
            default: normalized.append(piece)
            }
        }
        self.pieces = normalized
    }

    /// A pattern from a literal's segments, with interpolations and format specifiers as holes.
    public init(segments: [SwiftStringLiteral.Segment]) {
        var pieces: [Piece] = []
        for segment in segments {
            switch segment {
            case .interpolation: pieces.append(.hole)
            case .text(let text): pieces.append(contentsOf: TextPattern.formatPieces(text))
            }
        }
        self.init(pieces: pieces)
    }

    /// A pattern from a format string such as `"%@ of %lld"` (`%%` is a literal percent sign).
    public init(format: String) {
        self.init(pieces: TextPattern.formatPieces(format))
    }

    /// Whether the pattern has at least one hole (otherwise plain equality is enough).
    public var hasHoles: Bool { pieces.contains(.hole) }

    /// The number of letters in the fixed text; patterns with fewer than 3 match too much to be useful. An
    /// ideograph, kana or hangul syllable counts as 2 (a two-character Chinese, Japanese or Korean word
    /// says as much as a short English one).
    public var fixedLetterCount: Int {
        pieces.reduce(0) { total, piece in
            guard case .text(let t) = piece else { return total }
            var count = 0
            for byte in t.utf8 where byte < 0x80 {
                if (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) { count += 1 }
            }
            if t.utf8.contains(where: { $0 >= 0x80 }) {
                for scalar in t.unicodeScalars where !scalar.isASCII && scalar.properties.isAlphabetic {
                    count += Self.isWordLike(scalar) ? 2 : 1
                }
            }
            return total + count
        }
    }

    /// The number of characters of the fixed text: how much of a matched text the pattern itself explains
    /// (`"Total: \(amount)"` explains 7, `"\(a) \(b)"` 1).
    public var fixedCharacterCount: Int {
        pieces.reduce(0) { total, piece in
            guard case .text(let t) = piece else { return total }
            return total + t.count
        }
    }

    /// Whether `scalar` is an ideograph, kana or hangul, each carrying about a syllable or a word.
    static func isWordLike(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true
        default: return false
        }
    }

    /// Whether `text` matches: fixed pieces in order, each hole standing for at least one character.
    public func matches(_ text: String) -> Bool {
        let characters = Array(text)
        var position = 0
        var pendingHole = false
        for (i, piece) in pieces.enumerated() {
            switch piece {
            case .hole:
                pendingHole = true
            case .text(let fixed):
                let needle = Array(fixed)
                let isLast = i == pieces.count - 1
                if !pendingHole {
                    guard position == 0, characters.starts(with: needle) else { return false }
                    position = needle.count
                    if isLast { return position == characters.count }
                    continue
                }
                let earliest = position + 1
                if isLast {
                    let start = characters.count - needle.count
                    guard start >= earliest, Array(characters[start...]) == needle else { return false }
                    return true
                }
                guard let found = TextPattern.find(needle, in: characters, from: earliest) else { return false }
                position = found + needle.count
                pendingHole = false
            }
        }
        return pendingHole ? characters.count > position : position == characters.count
    }

    private static func find(_ needle: [Character], in haystack: [Character], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count - needle.count >= start else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0], haystack[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Splits text at printf-style format specifiers (`%@`, `%d`, `%lld`, `%.1f`, `%1$@`, ...).
    static func formatPieces(_ text: String) -> [Piece] {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return [.text(text)] }
        var pieces: [Piece] = []
        var current = ""
        let scalars = Array(text.unicodeScalars)
        var i = 0
        let conversions = Set("@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars)
        let lengths = Set("hlqLzjt".unicodeScalars)
        while i < scalars.count {
            guard scalars[i] == "%" else {
                current.unicodeScalars.append(scalars[i])
                i += 1
                continue
            }
            if i + 1 < scalars.count, scalars[i + 1] == "%" {
                current.append("%")
                i += 2
                continue
            }
            var j = i + 1
            // Positional argument `1$`.
            var k = j
            while k < scalars.count, ("0"..."9").contains(scalars[k]) { k += 1 }
            if k > j, k < scalars.count, scalars[k] == "$" { j = k + 1 }
            while j < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[j]) { j += 1 }
            while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == "*" { j += 1 }
            if j < scalars.count, scalars[j] == "." {
                j += 1
                while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == "*" { j += 1 }
            }
            while j < scalars.count, lengths.contains(scalars[j]) { j += 1 }
            if j < scalars.count, conversions.contains(scalars[j]) {
                if !current.isEmpty { pieces.append(.text(current)) }
                current = ""
                pieces.append(.hole)
                i = j + 1
            } else {
                current.append("%")
                i += 1
            }
        }
        if !current.isEmpty { pieces.append(.text(current)) }
        return pieces
    }

    /// A key that is equal for patterns with the same fixed text and holes in the same places, so the
    /// interpolated literal `"budgets.progress \(a) \(b)"` finds the catalog key `"budgets.progress %lld %lld"`.
    public var signature: String {
        pieces.map { piece in
            switch piece {
            case .text(let t): return t
            case .hole: return "\u{0}"
            }
        }.joined()
    }

    /// The pattern with holes written as `…`.
    public var description: String {
        pieces.map { piece in
            switch piece {
            case .text(let t): return t
            case .hole: return "…"
            }
        }.joined()
    }
}
