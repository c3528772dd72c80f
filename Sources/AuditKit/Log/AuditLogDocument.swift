/// A hand-kept `audit.md` seen as bytes: where its `## Audit Log` section is, which session numbers
/// and report markers it holds, and how to insert one session while keeping every other byte.
///
/// Headings are read from the document's Markdown block structure (`MarkdownHeadingScanner`): a
/// heading quoted in fenced or indented code, an HTML block or comment, a list item or a block
/// quote is not one. It never decodes the file as a whole: headings are recognised on ASCII bytes,
/// so CRLF line endings, trailing whitespace, a missing final newline and non-UTF-8 bytes elsewhere
/// survive.
public struct AuditLogDocument: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The document's own headings, found once.
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

    /// The line ending a session is written with: that of the nearest line ending before where
    /// `inserting(session:)` puts it, else of the nearest after it, else `\n`. A log with mixed
    /// endings thus gets the ones of the lines around the new session.
    public var lineEnding: [UInt8] { lineEnding(around: insertionPoint.position) }

    private func lineEnding(around position: Int) -> [UInt8] {
        var index = min(position, bytes.count) - 1
        while index >= 0, bytes[index] != 0x0A { index -= 1 }
        if index < 0 {
            guard let after = bytes[position...].firstIndex(of: 0x0A) else { return [0x0A] }
            index = after
        }
        return index > 0 && bytes[index - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// One line: where its content starts and ends (without the line ending) and where the next begins.
    struct Line {
        var start: Int
        var end: Int
        var next: Int
    }

    /// A heading of the document itself (not quoted in code, HTML, a list item or a block quote).
    struct Heading {
        /// Where the heading starts: its `#` line, or the first line of a setext heading's text.
        var start: Int
        /// 1-based line number of `start`.
        var lineNumber: Int
        var level: Int
        var title: String
        /// Byte offset of the title's first byte.
        var titleStart: Int
    }

    private static func findHeadings(in bytes: [UInt8]) -> [Heading] {
        MarkdownHeadingScanner(bytes: bytes).headings()
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
        let start = all[index].start
        let end = all[(index + 1)...].first(where: { $0.level <= 2 })?.start ?? bytes.count
        return start..<end
    }

    /// The numbers of the `### Session N` headings in the Audit Log section, in file order
    /// (duplicates kept, as hand-written logs have them). A number too large to count on from is
    /// left out here; `nextSessionNumber(path:)` refuses it.
    public var sessionNumbers: [Int] {
        sessionHeadings.compactMap {
            if case .number(let number) = Self.sessionNumber(in: $0.title) { return number }
            return nil
        }
    }

    /// The level-3 headings of the Audit Log section.
    private var sessionHeadings: [Heading] {
        guard let section = auditLogSection else { return [] }
        return headings.filter { section.contains($0.start) && $0.level == 3 }
    }

    /// The largest session number the log may hold: one more must still be an `Int`.
    public static let maximumSessionNumber = Int.max - 1

    /// The number the next session gets: one above the highest existing one (1 for none).
    /// - Parameter path: the log's path, for the error's location.
    /// - Throws: `AuditError` `.badInput` at the number's line and column when a session's number
    ///   is above `maximumSessionNumber`, so no next number can follow it.
    public func nextSessionNumber(path: String) throws(AuditError) -> Int {
        var highest = 0
        for heading in sessionHeadings {
            switch Self.sessionNumber(in: heading.title) {
            case .number(let number): highest = max(highest, number)
            case .tooLarge(let digits, let offset):
                let shown = digits.count > 30 ? "\(digits.prefix(20))… (\(digits.count) digits)" : String(digits)
                throw AuditError(
                    .badInput,
                    "session number \(shown) is too large to number the next session after it (the largest is \(Self.maximumSessionNumber)); renumber that session",
                    location: InputLocation(
                        path: path, line: heading.lineNumber, column: heading.titleStart + offset - heading.start + 1))
            case nil: continue
            }
        }
        return highest + 1
    }

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
        for heading in headings.reversed() where heading.level == 3 && heading.start < at {
            if case .number(let number) = Self.sessionNumber(in: heading.title) { return number }
        }
        return nil
    }

    /// The session that logs the report with this SHA-256: its number and its bytes, from its
    /// `### Session N` heading to the next heading of level 3 or above (or the end of the Audit Log
    /// section), blank lines before that heading left out. Nil when no numbered session holds the marker.
    public func session(loggingSHA256 sha256: String) -> (number: Int, range: Range<Int>)? {
        guard let at = markerRange(sha256: sha256)?.lowerBound,
            let index = headings.lastIndex(where: { $0.level == 3 && $0.start < at }),
            case .number(let number) = Self.sessionNumber(in: headings[index].title)
        else { return nil }
        var end = headings[(index + 1)...].first(where: { $0.level <= 3 })?.start ?? bytes.count
        if let section = auditLogSection, section.contains(headings[index].start) { end = min(end, section.upperBound) }
        // Keep the blank lines that separate it from what follows.
        while end > headings[index].start, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        return (number, headings[index].start..<end)
    }

    /// The bytes with `range` replaced by `session` (text with `\n` line ends), written with the line
    /// ending of the lines around it; every other byte is kept.
    public func replacing(_ range: Range<Int>, with session: String) -> [UInt8] {
        let eol = lineEnding(around: range.lowerBound)
        var body = session
        while body.hasSuffix("\n") || body.hasSuffix("\r") { body.removeLast() }
        var sessionBytes: [UInt8] = []
        for (index, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { sessionBytes += eol }
            var lineBytes = Array(line.utf8)
            if lineBytes.last == 0x0D { lineBytes.removeLast() }
            sessionBytes += lineBytes
        }
        var result = bytes
        result.replaceSubrange(range, with: sessionBytes)
        return result
    }

    /// What a `### Session N` title numbers.
    enum SessionNumber: Equatable {
        /// A number that fits.
        case number(Int)
        /// The digits of a number above `maximumSessionNumber`, and their UTF-8 offset in the title.
        case tooLarge(Substring, offset: Int)
    }

    /// `.number(12)` for `Session 12` or `Session 0012: HomeView`; nil for other titles.
    static func sessionNumber(in title: String) -> SessionNumber? {
        let words = title.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, words[0].lowercased() == "session" else { return nil }
        let digits = words[1].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let significant = digits.drop { $0 == "0" }
        if significant.count <= 18, let number = Int(significant.isEmpty ? "0" : String(significant)) {
            return .number(number)
        }
        if significant.count <= 19, let number = UInt64(significant), number <= UInt64(maximumSessionNumber) {
            return .number(Int(number))
        }
        return .tooLarge(Substring(digits), offset: title.utf8.distance(from: title.startIndex, to: digits.startIndex))
    }

    /// The bytes with `session` (text with `\n` line ends) inserted at the end of the Audit Log
    /// section, written with `lineEnding`, and the byte range it occupies.
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

        let (position, createdSection) = insertionPoint
        var block = sessionBytes
        if createdSection {
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

    /// Where a session goes: the end of the Audit Log section; without one, where the new section
    /// goes (after `## Sources`, else before `## Views`, else at the end).
    private var insertionPoint: (position: Int, createsSection: Bool) {
        if let section = auditLogSection { return (section.upperBound, false) }
        if let sources = section(titled: "Sources") { return (sources.upperBound, true) }
        if let views = section(titled: "Views") { return (views.lowerBound, true) }
        return (bytes.count, true)
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
