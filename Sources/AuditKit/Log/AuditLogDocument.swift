/// A hand-kept `audit.md` seen as bytes: where its `## Audit Log` section is, which session numbers
/// and report markers it holds, and how to insert one session while keeping every other byte.
///
/// It never decodes the file as a whole: headings are recognised on ASCII bytes, so CRLF line
/// endings, trailing whitespace, a missing final newline and non-UTF-8 bytes elsewhere survive.
public struct AuditLogDocument: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// Headings outside fenced code blocks, found once.
    let headings: [Heading]

    /// Reads the structure of `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        self.headings = AuditLogDocument.findHeadings(in: bytes)
    }

    /// The title of the section sessions go in.
    public static let sectionTitle = "Audit Log"

    /// The hidden marker a session carries for the report it logs.
    public static func marker(sha256: String) -> String { "<!-- auditkit:report sha256=\(sha256) -->" }

    /// `\r\n` when the file's first line ends so, else `\n`.
    public var lineEnding: [UInt8] {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return [0x0A] }
        return newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// One line: where its content starts and ends (without the line ending) and where the next begins.
    struct Line {
        var start: Int
        var end: Int
        var next: Int
    }

    /// A Markdown heading found outside fenced code blocks.
    struct Heading {
        var line: Line
        var level: Int
        var title: String
    }

    private static func lines(of bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        let count = bytes.count
        while start < count {
            var newline = start
            while newline < count && bytes[newline] != 0x0A { newline += 1 }
            var end = newline
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(Line(start: start, end: end, next: min(newline + 1, count)))
            start = newline + 1
        }
        return lines
    }

    /// Headings of every level, skipping fenced code blocks (``` and ~~~). A fence that is never
    /// closed is taken for a typo rather than code running to the end of the file, so the headings
    /// after it still count (and a session is never inserted inside it).
    private static func findHeadings(in bytes: [UInt8]) -> [Heading] {
        let all = lines(of: bytes)
        var ignoredOpeners = Set<Int>()
        while true {
            var found: [Heading] = []
            var fence: (byte: UInt8, line: Int)?
            for (number, line) in all.enumerated() {
                var index = line.start
                var indent = 0
                while index < line.end, bytes[index] == 0x20, indent < 4 {
                    index += 1
                    indent += 1
                }
                if indent > 3 { continue }
                if index + 3 <= line.end, bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~"),
                    bytes[index + 1] == bytes[index], bytes[index + 2] == bytes[index]
                {
                    if let open = fence {
                        if open.byte == bytes[index] { fence = nil }
                        continue
                    }
                    if !ignoredOpeners.contains(number) {
                        fence = (bytes[index], number)
                        continue
                    }
                }
                if fence != nil { continue }
                if let heading = heading(in: line, from: index, bytes: bytes) { found.append(heading) }
            }
            guard let unclosed = fence else { return found }
            ignoredOpeners.insert(unclosed.line)
        }
    }

    /// The heading on `line` whose text starts at `index` (after at most three spaces), if it is one.
    private static func heading(in line: Line, from index: Int, bytes: [UInt8]) -> Heading? {
        var level = 0
        while index + level < line.end, bytes[index + level] == UInt8(ascii: "#") { level += 1 }
        guard (1...6).contains(level) else { return nil }
        let after = index + level
        guard after == line.end || bytes[after] == 0x20 || bytes[after] == 0x09 else { return nil }
        var titleBytes = Array(bytes[after..<line.end])
        while let last = titleBytes.last, last == 0x20 || last == 0x09 { titleBytes.removeLast() }
        if let hashes = titleBytes.lastIndex(where: { $0 != UInt8(ascii: "#") }), hashes < titleBytes.count - 1,
            titleBytes[hashes] == 0x20 || titleBytes[hashes] == 0x09
        {
            titleBytes.removeSubrange((hashes + 1)...)
        }
        let title = String(decoding: titleBytes, as: UTF8.self).trimmingCharacters(in: [" ", "\t"])
        return Heading(line: line, level: level, title: title)
    }

    /// The `## Audit Log` section: from its heading's first byte to the first byte of the next
    /// level-1 or level-2 heading (or the end of the file); nil when the log has none.
    public var auditLogSection: Range<Int>? { section(titled: AuditLogDocument.sectionTitle) }

    /// The level-2 section titled `title` (case-insensitively), as a byte range.
    func section(titled title: String) -> Range<Int>? {
        let all = headings
        guard let index = all.firstIndex(where: { $0.level == 2 && $0.title.lowercased() == title.lowercased() }) else {
            return nil
        }
        let start = all[index].line.start
        let end = all[(index + 1)...].first(where: { $0.level <= 2 })?.line.start ?? bytes.count
        return start..<end
    }

    /// The numbers of the `### Session N` headings in the Audit Log section, in file order
    /// (duplicates kept, as hand-written logs have them).
    public var sessionNumbers: [Int] {
        guard let section = auditLogSection else { return [] }
        return headings.filter { section.contains($0.line.start) && $0.level == 3 }.compactMap {
            Self.sessionNumber(in: $0.title)
        }
    }

    /// The number the next session gets: one above the highest existing one (1 for none).
    public var nextSessionNumber: Int { (sessionNumbers.max() ?? 0) + 1 }

    /// Whether the file holds the marker for the report with this SHA-256 on a line of its own (spaces
    /// around it allowed): a marker quoted inside other text, such as a crafted report file name in a
    /// session's `Report:` line, does not count.
    public func containsMarker(sha256: String) -> Bool {
        markerRange(sha256: sha256) != nil
    }

    /// The number of the session holding the marker for `sha256` (the last `### Session N`
    /// heading before it), or nil when there is no marker or no session heading before it.
    public func sessionNumber(loggingSHA256 sha256: String) -> Int? {
        guard let at = markerRange(sha256: sha256)?.lowerBound else {
            return nil
        }
        return headings.last { $0.level == 3 && $0.line.start < at && Self.sessionNumber(in: $0.title) != nil }
            .flatMap { Self.sessionNumber(in: $0.title) }
    }

    /// `12` for `Session 12` or `Session 12: HomeView`; nil for other titles.
    static func sessionNumber(in title: String) -> Int? {
        let words = title.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, words[0].lowercased() == "session" else { return nil }
        let digits = words[1].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        return Int(digits)
    }

    /// The bytes with `session` (text with `\n` line ends) inserted at the end of the Audit Log
    /// section, written with the file's line ending, and the byte range it occupies.
    ///
    /// When the log has no Audit Log section, one is created with the session: after the
    /// `## Sources` section if there is one, else before `## Views` if there is one, else at the end.
    /// A blank line separates the session from what precedes and follows it; at the end of a file
    /// without a final newline the session ends without one too.
    public func inserting(session: String) -> (bytes: [UInt8], inserted: Range<Int>, createdSection: Bool) {
        let eol = lineEnding
        var body = session
        while body.hasSuffix("\n") || body.hasSuffix("\r") { body.removeLast() }
        var sessionBytes: [UInt8] = []
        for (index, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { sessionBytes += eol }
            var lineBytes = Array(line.utf8)
            if lineBytes.last == 0x0D { lineBytes.removeLast() }
            sessionBytes += lineBytes
        }

        let position: Int
        var block: [UInt8]
        var createdSection = false
        if let section = auditLogSection {
            position = section.upperBound
            block = sessionBytes
        } else {
            createdSection = true
            if let sources = section(titled: "Sources") {
                position = sources.upperBound
            } else if let views = section(titled: "Views") {
                position = views.lowerBound
            } else {
                position = bytes.count
            }
            block = Array("## \(AuditLogDocument.sectionTitle)".utf8) + eol + eol + sessionBytes
        }

        var leading: [UInt8] = []
        if position > 0 {
            if bytes[position - 1] != 0x0A {
                leading = eol + eol
            } else if !lineBeforeIsBlank(position) {
                leading = eol
            }
        }
        var trailing: [UInt8] = []
        if position < bytes.count {
            trailing = eol + eol
        } else if bytes.isEmpty || bytes.last == 0x0A {
            trailing = eol
        }
        let inserted = leading + block + trailing
        var result = bytes
        result.insert(contentsOf: inserted, at: position)
        return (result, position..<(position + inserted.count), createdSection)
    }

    /// Whether the line ending just before `position` (which follows a `\n`) is blank.
    private func lineBeforeIsBlank(_ position: Int) -> Bool {
        var index = position - 2
        while index >= 0, bytes[index] != 0x0A {
            let byte = bytes[index]
            if byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
            index -= 1
        }
        return true
    }

    /// The first occurrence of the marker for `sha256` that stands alone on its line.
    private func markerRange(sha256: String) -> Range<Int>? {
        let needle = Array(AuditLogDocument.marker(sha256: sha256).utf8)
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        var start = 0
        while let found = firstRange(of: needle, from: start) {
            var before = found.lowerBound
            while before > 0, isBlank(bytes[before - 1]) { before -= 1 }
            var after = found.upperBound
            while after < bytes.count, isBlank(bytes[after]) { after += 1 }
            if (before == 0 || isLineEnd(bytes[before - 1])) && (after == bytes.count || isLineEnd(bytes[after])) {
                return found
            }
            start = found.lowerBound + 1
        }
        return nil
    }

    private func firstRange(of needle: [UInt8], from start: Int = 0) -> Range<Int>? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        let first = needle[0]
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return index..<(index + needle.count)
            }
            index += 1
        }
        return nil
    }
}
