/// Finds the headings of a Markdown document itself by following CommonMark's block structure
/// line by line, on bytes: fenced code (backticks or tildes, closed only by a run of the same
/// character at least as long), indented code, the seven kinds of HTML block (comments, `<pre>`,
/// `<details>`, a lone tag...), list items and block quotes. A heading inside any of them is
/// quoted, not one of the document's; ATX (`## Title`) and setext (`Title` over `---`) headings
/// at the top level are.
///
/// One departure from CommonMark, so a typo cannot swallow a log: a fence or an HTML block that
/// waits for a closing line (` ``` `, `-->`, `</pre>`...) and never gets one is taken for text,
/// not for code running to the end of the file. Scanning is linear in the size of the document.
struct MarkdownHeadingScanner {
    let bytes: [UInt8]
    private var lines: [AuditLogDocument.Line] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // Lines end in LF, CRLF or a lone CR, as CommonMark has it.
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            var next = end + 1
            if end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A { next += 1 }
            lines.append(AuditLogDocument.Line(start: start, end: end, next: min(next, bytes.count)))
            start = next
        }
    }

    /// What ends an HTML block (CommonMark's seven start conditions share five closing strings and
    /// the blank line).
    enum HTMLEnd: Int, CaseIterable {
        case rawTextTag, comment, processingInstruction, declaration, cdata, blankLine
    }

    private enum Leaf {
        case none
        case fence(byte: UInt8, length: Int, depth: Int)
        case html(HTMLEnd, depth: Int)
    }

    /// An open paragraph: its first line, the container depth it is in, and whether it may become
    /// a setext heading (false for block-quote lines, whose text this scanner does not read).
    private struct Paragraph {
        var line: Int
        var depth: Int
        var plain: Bool
    }

    /// The document-level headings, in order.
    func headings() -> [AuditLogDocument.Heading] {
        var found: [AuditLogDocument.Heading] = []
        let lastClosing = lastLinesWithHTMLEnds()
        let closingRuns = longestClosingRunsAfter()
        var containers: [Int] = []  // content columns of the open list items, outermost first
        var leaf = Leaf.none
        var paragraph: Paragraph?

        for (number, line) in lines.enumerated() {
            var (index, column) = firstNonSpace(line)
            let blank = index == line.end

            switch leaf {
            case .none:
                break
            case .fence(let byte, let length, let depth):
                if blank { continue }
                if depth == 0 || column >= containers[depth - 1] {
                    let base = depth == 0 ? 0 : containers[depth - 1]
                    if column - base <= 3, closingRun(of: byte, in: line, from: index) >= length { leaf = .none }
                    continue
                }
                leaf = .none  // the list item holding the fence ended
            case .html(let end, let depth):
                if end == .blankLine && blank {
                    leaf = .none
                    paragraph = nil
                    continue
                }
                if blank || depth == 0 || column >= containers[depth - 1] {
                    if end != .blankLine, contains(end, line) { leaf = .none }
                    continue
                }
                leaf = .none
            }

            if blank {
                paragraph = nil
                continue
            }
            // Leave the list items this line is not indented into, unless it lazily continues a paragraph.
            let fits = containers.firstIndex { column < $0 } ?? containers.count
            if fits < containers.count {
                let base = fits == 0 ? 0 : containers[fits - 1]
                if paragraph != nil, column - base >= 4 || !startsBlock(line, at: index, inParagraph: true) {
                    continue
                }
                containers.removeLast(containers.count - fits)
                if let open = paragraph, open.depth > fits { paragraph = nil }
            }

            // Classify the line; a list marker opens a container and its rest is classified again.
            while true {
                let depth = containers.count
                let base = depth == 0 ? 0 : containers[depth - 1]
                if index == line.end {
                    paragraph = nil
                    break
                }
                if column - base >= 4 {
                    // Indented code, or the continuation of a paragraph: never a heading.
                    break
                }
                if let open = paragraph, open.depth == depth, let level = setextLevel(line, from: index) {
                    if depth == 0 && open.plain {
                        found.append(setextHeading(lines: open.line..<number, level: level))
                    }
                    paragraph = nil
                    break
                }
                if isThematicBreak(line, from: index) {
                    paragraph = nil
                    break
                }
                if let heading = atxHeading(line, from: index, number: number) {
                    if depth == 0 { found.append(heading) }
                    paragraph = nil
                    break
                }
                if let fence = fenceOpening(line, from: index) {
                    if depth > 0 || closingRuns[fence.byte == UInt8(ascii: "`") ? 0 : 1][number] >= fence.length {
                        leaf = .fence(byte: fence.byte, length: fence.length, depth: depth)
                        paragraph = nil
                        break
                    }
                } else if let end = htmlBlockStart(line, from: index, inParagraph: paragraph != nil) {
                    if end == .blankLine {
                        leaf = .html(end, depth: depth)
                        paragraph = nil
                        break
                    }
                    if contains(end, line) {
                        paragraph = nil
                        break
                    }
                    if depth > 0 || lastClosing[end.rawValue] > number {
                        leaf = .html(end, depth: depth)
                        paragraph = nil
                        break
                    }
                } else if bytes[index] == UInt8(ascii: ">") {
                    // A block quote: its content is not the document's, but a paragraph in it
                    // continues lazily like any other.
                    paragraph = Paragraph(line: number, depth: depth, plain: false)
                    break
                } else if let item = listItem(line, at: index, column: column, inParagraph: paragraph != nil) {
                    containers.append(item.contentColumn)
                    paragraph = nil
                    (index, column) = (item.index, item.column)
                    continue
                }
                if paragraph == nil { paragraph = Paragraph(line: number, depth: depth, plain: true) }
                break
            }
        }
        return found
    }

    // MARK: - Lines

    /// The first byte that is not a space or tab, and its column (tabs stop every 4 columns).
    private func firstNonSpace(_ line: AuditLogDocument.Line) -> (index: Int, column: Int) {
        var index = line.start
        var column = 0
        while index < line.end {
            if bytes[index] == 0x20 {
                column += 1
            } else if bytes[index] == 0x09 {
                column += 4 - column % 4
            } else {
                break
            }
            index += 1
        }
        return (index, column)
    }

    private func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether only spaces and tabs follow `index` on the line.
    private func restIsBlank(_ line: AuditLogDocument.Line, from index: Int) -> Bool {
        var index = index
        while index < line.end, isSpaceOrTab(bytes[index]) { index += 1 }
        return index == line.end
    }

    /// Whether a line starting at `index` opens a block that ends an open paragraph.
    private func startsBlock(_ line: AuditLogDocument.Line, at index: Int, inParagraph: Bool) -> Bool {
        if isThematicBreak(line, from: index) || fenceOpening(line, from: index) != nil { return true }
        if bytes[index] == UInt8(ascii: "#"), atxHeading(line, from: index, number: 0) != nil { return true }
        if bytes[index] == UInt8(ascii: ">") { return true }
        if htmlBlockStart(line, from: index, inParagraph: inParagraph) != nil { return true }
        return listItem(line, at: index, column: 0, inParagraph: inParagraph) != nil
    }

    // MARK: - Headings

    /// The ATX heading whose `#`s start at `index`, if the line is one.
    private func atxHeading(_ line: AuditLogDocument.Line, from index: Int, number: Int) -> AuditLogDocument.Heading? {
        var level = 0
        while index + level < line.end, bytes[index + level] == UInt8(ascii: "#") { level += 1 }
        guard (1...6).contains(level) else { return nil }
        var titleStart = index + level
        guard titleStart == line.end || isSpaceOrTab(bytes[titleStart]) else { return nil }
        while titleStart < line.end, isSpaceOrTab(bytes[titleStart]) { titleStart += 1 }
        var titleEnd = line.end
        while titleEnd > titleStart, isSpaceOrTab(bytes[titleEnd - 1]) { titleEnd -= 1 }
        // An optional closing run of `#`s, preceded by a space (or being the whole title).
        var hashes = titleEnd
        while hashes > titleStart, bytes[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
        if hashes < titleEnd, hashes == titleStart || isSpaceOrTab(bytes[hashes - 1]) {
            titleEnd = hashes
            while titleEnd > titleStart, isSpaceOrTab(bytes[titleEnd - 1]) { titleEnd -= 1 }
        }
        return AuditLogDocument.Heading(
            start: line.start, lineNumber: number + 1, level: level,
            title: String(decoding: bytes[titleStart..<titleEnd], as: UTF8.self), titleStart: titleStart)
    }

    /// 1 for a `===` underline, 2 for `---`, nil for other lines.
    private func setextLevel(_ line: AuditLogDocument.Line, from index: Int) -> Int? {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "=") || byte == UInt8(ascii: "-") else { return nil }
        var end = index
        while end < line.end, bytes[end] == byte { end += 1 }
        guard restIsBlank(line, from: end) else { return nil }
        return byte == UInt8(ascii: "=") ? 1 : 2
    }

    /// The heading a paragraph of `lines` becomes when underlined: its text, lines trimmed.
    private func setextHeading(lines range: Range<Int>, level: Int) -> AuditLogDocument.Heading {
        var title: [UInt8] = []
        var titleStart = lines[range.lowerBound].start
        for number in range {
            let line = lines[number]
            var start = firstNonSpace(line).index
            var end = line.end
            while end > start, isSpaceOrTab(bytes[end - 1]) { end -= 1 }
            if number == range.lowerBound {
                titleStart = start
            } else {
                title.append(0x0A)
            }
            while start < end {
                title.append(bytes[start])
                start += 1
            }
        }
        return AuditLogDocument.Heading(
            start: lines[range.lowerBound].start, lineNumber: range.lowerBound + 1, level: level,
            title: String(decoding: title, as: UTF8.self), titleStart: titleStart)
    }

    /// Three or more `*`, `-` or `_` (the same one), spaces and tabs allowed between them.
    private func isThematicBreak(_ line: AuditLogDocument.Line, from index: Int) -> Bool {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else { return false }
        var count = 0
        for position in index..<line.end {
            if bytes[position] == byte {
                count += 1
            } else if !isSpaceOrTab(bytes[position]) {
                return false
            }
        }
        return count >= 3
    }

    // MARK: - Fences

    /// The fence character and run length when a fenced code block opens at `index`.
    private func fenceOpening(_ line: AuditLogDocument.Line, from index: Int) -> (byte: UInt8, length: Int)? {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return nil }
        var end = index
        while end < line.end, bytes[end] == byte { end += 1 }
        guard end - index >= 3 else { return nil }
        // A backtick fence's info string may not hold a backtick (it would be inline code).
        if byte == UInt8(ascii: "`"), bytes[end..<line.end].contains(byte) { return nil }
        return (byte, end - index)
    }

    /// The length of the run of `byte` at `index` when the line is only that run (a closing
    /// fence), else 0.
    private func closingRun(of byte: UInt8, in line: AuditLogDocument.Line, from index: Int) -> Int {
        var end = index
        while end < line.end, bytes[end] == byte { end += 1 }
        guard end - index >= 3, restIsBlank(line, from: end) else { return 0 }
        return end - index
    }

    /// For backticks (0) and tildes (1): per line, the longest top-level closing run on a later
    /// line, so a fence that nothing closes is known when it opens.
    private func longestClosingRunsAfter() -> [[Int]] {
        var runs = [[Int]](repeating: [Int](repeating: 0, count: lines.count + 1), count: 2)
        var longest = [0, 0]
        for number in lines.indices.reversed() {
            runs[0][number] = longest[0]
            runs[1][number] = longest[1]
            let line = lines[number]
            let (index, column) = firstNonSpace(line)
            guard column <= 3, index < line.end else { continue }
            if bytes[index] == UInt8(ascii: "`") {
                longest[0] = max(longest[0], closingRun(of: bytes[index], in: line, from: index))
            } else if bytes[index] == UInt8(ascii: "~") {
                longest[1] = max(longest[1], closingRun(of: bytes[index], in: line, from: index))
            }
        }
        return runs
    }

    // MARK: - HTML blocks

    private static let rawTextTags: [[UInt8]] = ["script", "pre", "style", "textarea"].map { Array($0.utf8) }
    private static let blockTags: Set<[UInt8]> = Set(
        [
            "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
            "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
            "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
            "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option",
            "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr",
            "track", "ul",
        ].map { Array($0.utf8) })

    private func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether `needle` (lowercase ASCII) starts at `index`, ignoring case.
    private func matches(_ needle: [UInt8], at index: Int, before end: Int) -> Bool {
        guard index + needle.count <= end else { return false }
        for offset in needle.indices where lowercased(bytes[index + offset]) != needle[offset] { return false }
        return true
    }

    /// What ends the HTML block starting at `index`, or nil when none starts there.
    private func htmlBlockStart(_ line: AuditLogDocument.Line, from index: Int, inParagraph: Bool) -> HTMLEnd? {
        guard bytes[index] == UInt8(ascii: "<") else { return nil }
        let end = line.end
        let next = index + 1
        if matches(Array("!--".utf8), at: next, before: end) { return .comment }
        if matches(Array("![cdata[".utf8), at: next, before: end) { return .cdata }
        if next < end, bytes[next] == UInt8(ascii: "?") { return .processingInstruction }
        if next + 1 < end, bytes[next] == UInt8(ascii: "!"), isLetter(bytes[next + 1]) { return .declaration }
        let closing = next < end && bytes[next] == UInt8(ascii: "/")
        var nameEnd = closing ? next + 1 : next
        let nameStart = nameEnd
        while nameEnd < end, isLetter(bytes[nameEnd]) || isDigit(bytes[nameEnd]) || bytes[nameEnd] == 0x2D {
            nameEnd += 1
        }
        guard nameEnd > nameStart, isLetter(bytes[nameStart]) else { return nil }
        let name = bytes[nameStart..<nameEnd].map(lowercased)
        let after = nameEnd < end ? bytes[nameEnd] : nil
        if !closing, MarkdownHeadingScanner.rawTextTags.contains(name),
            after == nil || after == 0x20 || after == 0x09 || after == UInt8(ascii: ">")
        {
            return .rawTextTag
        }
        if MarkdownHeadingScanner.blockTags.contains(name) {
            if after == nil || after == 0x20 || after == 0x09 || after == UInt8(ascii: ">") { return .blankLine }
            if after == UInt8(ascii: "/"), nameEnd + 1 < end, bytes[nameEnd + 1] == UInt8(ascii: ">") {
                return .blankLine
            }
        }
        // Kind 7: one complete open or closing tag alone on its line; it cannot interrupt a paragraph.
        guard !inParagraph, !MarkdownHeadingScanner.rawTextTags.contains(name) else { return nil }
        guard let tagEnd = closing ? closingTagEnd(from: nameEnd, before: end) : openTagEnd(from: nameEnd, before: end),
            restIsBlank(line, from: tagEnd)
        else { return nil }
        return .blankLine
    }

    /// The index after `>` of a closing tag whose name ends at `index`.
    private func closingTagEnd(from index: Int, before end: Int) -> Int? {
        var index = index
        while index < end, isSpaceOrTab(bytes[index]) { index += 1 }
        return index < end && bytes[index] == UInt8(ascii: ">") ? index + 1 : nil
    }

    /// The index after `>` of an open tag whose name ends at `index` (attributes per CommonMark).
    private func openTagEnd(from index: Int, before end: Int) -> Int? {
        var index = index
        while true {
            let spaceStart = index
            while index < end, isSpaceOrTab(bytes[index]) { index += 1 }
            guard index < end else { return nil }
            if bytes[index] == UInt8(ascii: ">") { return index + 1 }
            if bytes[index] == UInt8(ascii: "/") {
                return index + 1 < end && bytes[index + 1] == UInt8(ascii: ">") ? index + 2 : nil
            }
            // An attribute needs whitespace before it.
            guard index > spaceStart else { return nil }
            let first = bytes[index]
            guard isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else { return nil }
            index += 1
            while index < end,
                isLetter(bytes[index]) || isDigit(bytes[index]) || [0x5F, 0x2E, 0x3A, 0x2D].contains(bytes[index])
            {
                index += 1
            }
            var look = index
            while look < end, isSpaceOrTab(bytes[look]) { look += 1 }
            guard look < end, bytes[look] == UInt8(ascii: "=") else { continue }
            look += 1
            while look < end, isSpaceOrTab(bytes[look]) { look += 1 }
            guard look < end else { return nil }
            let quote = bytes[look]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard let close = bytes[(look + 1)..<end].firstIndex(of: quote) else { return nil }
                index = close + 1
            } else {
                var valueEnd = look
                while valueEnd < end, !isSpaceOrTab(bytes[valueEnd]),
                    !"\"'=<>`".utf8.contains(bytes[valueEnd])
                {
                    valueEnd += 1
                }
                guard valueEnd > look else { return nil }
                index = valueEnd
            }
        }
    }

    /// The closing strings of each HTML block kind that waits for one (lowercase).
    private static let closings: [HTMLEnd: [[UInt8]]] = [
        .rawTextTag: ["</script>", "</pre>", "</style>", "</textarea>"].map { Array($0.utf8) },
        .comment: [Array("-->".utf8)], .processingInstruction: [Array("?>".utf8)],
        .declaration: [Array(">".utf8)], .cdata: [Array("]]>".utf8)],
    ]

    /// Whether the line holds the string that ends an HTML block of kind `end`.
    private func contains(_ end: HTMLEnd, _ line: AuditLogDocument.Line) -> Bool {
        guard let needles = MarkdownHeadingScanner.closings[end] else { return false }
        for index in line.start..<line.end {
            for needle in needles where bytes[index] == needle[0] || lowercased(bytes[index]) == needle[0] {
                if matches(needle, at: index, before: line.end) { return true }
            }
        }
        return false
    }

    /// Per HTML block kind, the last line holding its closing string (-1 for none).
    private func lastLinesWithHTMLEnds() -> [Int] {
        var last = [Int](repeating: -1, count: HTMLEnd.allCases.count)
        for (number, line) in lines.enumerated() {
            for end in HTMLEnd.allCases where end != .blankLine && contains(end, line) { last[end.rawValue] = number }
        }
        return last
    }

    // MARK: - List items

    /// A list item marker at `index` (column `column`): the column its content is indented to
    /// (the item's container), and the first byte after the marker that is not a space, with its
    /// column. An empty item or an ordered one not starting at 1 cannot interrupt a paragraph.
    private func listItem(_ line: AuditLogDocument.Line, at index: Int, column: Int, inParagraph: Bool) -> (
        contentColumn: Int, index: Int, column: Int
    )? {
        var markerEnd = index
        let first = bytes[index]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            markerEnd += 1
        } else {
            while markerEnd < line.end, markerEnd - index < 9, isDigit(bytes[markerEnd]) { markerEnd += 1 }
            guard markerEnd > index, markerEnd < line.end,
                bytes[markerEnd] == UInt8(ascii: ".") || bytes[markerEnd] == UInt8(ascii: ")")
            else { return nil }
            if inParagraph, !(markerEnd == index + 1 && bytes[index] == UInt8(ascii: "1")) { return nil }
            markerEnd += 1
        }
        let markerColumn = column + (markerEnd - index)
        if restIsBlank(line, from: markerEnd) {
            if inParagraph { return nil }
            return (markerColumn + 1, line.end, markerColumn + 1)
        }
        guard isSpaceOrTab(bytes[markerEnd]) else { return nil }
        var contentIndex = markerEnd
        var contentColumn = markerColumn
        while contentIndex < line.end, isSpaceOrTab(bytes[contentIndex]) {
            contentColumn += bytes[contentIndex] == 0x09 ? 4 - contentColumn % 4 : 1
            contentIndex += 1
        }
        // Five or more spaces: the content is indented code, one space after the marker.
        let container = contentColumn - markerColumn > 4 ? markerColumn + 1 : contentColumn
        return (container, contentIndex, contentColumn)
    }
}
