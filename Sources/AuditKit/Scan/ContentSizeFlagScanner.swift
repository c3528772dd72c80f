/// UIKit text that asks for a text style but does not follow the user's text size as it changes: a view
/// given `UIFont.preferredFont(forTextStyle:)` keeps the size it was loaded with unless its
/// `adjustsFontForContentSizeCategory` is true. Read from the lexer's tokens (comments and strings aside).
enum ContentSizeFlagScanner {
    /// The findings of one Swift file lexed with `recordingTokens`: each `receiver.font = …preferredFont(
    /// forTextStyle: …)` whose file never sets `receiver.adjustsFontForContentSizeCategory = true` (a
    /// receiver written with or without `self.`, `?` or `!`; a receiverless `font =` inside a custom view
    /// needs a receiverless flag).
    static func findings(in lexed: SwiftFileScan, bytes: [UInt8], path: String) -> [FontFinding] {
        let tokens = lexed.tokens
        guard tokens.count > 4, contains(bytes, "preferredFont") else { return [] }
        func word(_ i: Int) -> Substring? {
            guard i >= 0, i < tokens.count, tokens[i].kind == .identifier else { return nil }
            return Substring(decoding: bytes[tokens[i].start..<tokens[i].end], as: UTF8.self)
        }
        var flagged = Set<String>()
        var sites: [(receiver: String, first: Int, last: Int)] = []
        for i in tokens.indices where tokens[i].kind == .identifier && !tokens[i].inPreview {
            let name = word(i)
            if name == "adjustsFontForContentSizeCategory", i + 2 < tokens.count, tokens[i + 1].isPunctuation("="),
                word(i + 2) == "true", !tokens[i + 2].isPunctuation("=")
            {
                flagged.insert(receiver(before: i, tokens: tokens, bytes: bytes).name)
            } else if name == "preferredFont", i + 2 < tokens.count, tokens[i + 1].isPunctuation("("),
                word(i + 2) == "forTextStyle", let assignment = assignedFont(before: i, tokens: tokens, bytes: bytes)
            {
                var close = i + 1
                var depth = 0
                while close < tokens.count {
                    if tokens[close].isPunctuation("(") { depth += 1 }
                    if tokens[close].isPunctuation(")") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    close += 1
                }
                sites.append((assignment.name, assignment.first, min(close, tokens.count - 1)))
            }
        }
        return sites.filter { !flagged.contains($0.receiver) }.map { site in
            finding(site, tokens: tokens, bytes: bytes, path: path, newlines: lexed.newlineOffsets)
        }
    }

    /// The receiver written before token `i` (`.adjustsFontForContentSizeCategory`, `.font`): its dotted
    /// name without `self.`, `?` and `!` ("" for none), and its first token.
    static func receiver(before i: Int, tokens: [SwiftToken], bytes: [UInt8]) -> (name: String, first: Int) {
        var parts: [String] = []
        var first = i
        var k = i - 1
        guard k >= 0, tokens[k].isPunctuation(".") else { return ("", i) }
        k -= 1
        while k >= 0 {
            // `label?.font`, `label!.font`: the mark after the name.
            if tokens[k].isPunctuation("?") || tokens[k].isPunctuation("!") { k -= 1 }
            guard k >= 0, tokens[k].kind == .identifier else { break }
            parts.insert(String(decoding: bytes[tokens[k].start..<tokens[k].end], as: UTF8.self), at: 0)
            first = k
            guard k >= 1, tokens[k - 1].isPunctuation(".") else { break }
            k -= 2
        }
        if parts.first == "self" { parts.removeFirst() }
        return (parts.joined(separator: "."), first)
    }

    /// The view whose `font` the expression holding token `i` is assigned to (`label.font = UIFont.
    /// preferredFont(…)`, `font = .preferredFont(…)`), if it is assigned to one.
    static func assignedFont(before i: Int, tokens: [SwiftToken], bytes: [UInt8]) -> (name: String, first: Int)? {
        var k = i - 1
        while k >= 0, tokens[k].kind == .identifier || tokens[k].isPunctuation(".") { k -= 1 }
        guard k >= 1, tokens[k].isPunctuation("="), !tokens[k - 1].isPunctuation("="),
            !tokens[k - 1].isPunctuation("!"),
            !tokens[k - 1].isPunctuation("<"), !tokens[k - 1].isPunctuation(">"), tokens[k - 1].kind == .identifier,
            String(decoding: bytes[tokens[k - 1].start..<tokens[k - 1].end], as: UTF8.self) == "font"
        else { return nil }
        let found = receiver(before: k - 1, tokens: tokens, bytes: bytes)
        return (found.name, found.first)
    }

    private static func finding(
        _ site: (receiver: String, first: Int, last: Int), tokens: [SwiftToken], bytes: [UInt8], path: String,
        newlines: [Int]
    ) -> FontFinding {
        let start = tokens[site.first].start
        let line = (newlines.firstIndex { $0 >= start } ?? newlines.count) + 1
        let lineStart = line == 1 ? 0 : newlines[line - 2] + 1
        let excerpt = folded(bytes[start..<tokens[site.last].end])
        let target = site.receiver.isEmpty ? "" : site.receiver + "."
        var finding = FontFinding(
            rule: .textStyleNotAdjusting, file: path, line: line, column: start - lineStart + 1,
            utf16Column: utf16Width(bytes[lineStart..<start]) + 1, excerpt: excerpt,
            api: "UIFont.preferredFont(forTextStyle:)",
            suggestion: "`\(target)adjustsFontForContentSizeCategory = true`")
        finding.fingerprint = FontFileScanner.fingerprint(finding.rule.rawValue + "\n" + path + "\n" + excerpt)
        return finding
    }

    /// `bytes` with whitespace runs folded to one space, cut at 120 characters.
    static func folded(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.count > 120 ? String(text.prefix(119)) + "…" : text
    }

    /// How many UTF-16 code units `bytes` (UTF-8) take.
    static func utf16Width(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : $1 >= 0xF0 ? 2 : 1) }
    }

    /// Whether `bytes` hold `word` anywhere.
    static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let pattern = Array(word.utf8)
        guard let head = pattern.first, bytes.count >= pattern.count else { return false }
        var i = 0
        while i + pattern.count <= bytes.count {
            if bytes[i] == head, bytes[i..<(i + pattern.count)].elementsEqual(pattern) { return true }
            i += 1
        }
        return false
    }
}
