/// What adopting a team's own log needs: the sessions people wrote by hand that name a report, and the
/// `## Sources` list a logged report is added to.
extension AuditLogDocument {
    /// The number of the first session written by hand (no AuditKit marker) whose heading lines name
    /// the report file `fileName`: its `### Session N` title, its `Scope:` and `Date:` lines, and the
    /// first line of its notes. Nil when none does.
    public func handWrittenSession(naming fileName: String) -> Int? {
        guard !fileName.isEmpty, let section = auditLogSection else { return nil }
        let name = Array(fileName.utf8)
        let marker = Array("<!-- auditkit:report ".utf8)
        let sessions = headings.filter { section.contains($0.start) && $0.level == 3 }
        for (index, heading) in sessions.enumerated() {
            guard case .number(let number) = Self.sessionNumber(in: heading.title) else { continue }
            let end = index + 1 < sessions.count ? sessions[index + 1].start : section.upperBound
            let body = Array(bytes[heading.start..<end])
            if Self.range(of: marker, in: body) != nil { continue }
            for line in Self.headingLines(of: body) where Self.range(of: name, in: line) != nil {
                return number
            }
        }
        return nil
    }

    /// The lines of a session that say what it covered: the heading, `- Scope:`, `- Date:`, and the first
    /// line under `- Notes:`.
    static func headingLines(of session: [UInt8]) -> [ArraySlice<UInt8>] {
        let lines = session.split(separator: 0x0A, omittingEmptySubsequences: false)
        var picked: [ArraySlice<UInt8>] = []
        var afterNotes = false
        for (index, line) in lines.enumerated() {
            let text = line.drop { $0 == 0x20 || $0 == 0x09 }
            let lower = String(decoding: text.prefix(12), as: UTF8.self).lowercased()
            if index == 0 || lower.hasPrefix("- scope:") || lower.hasPrefix("- date:") {
                picked.append(line)
            } else if lower.hasPrefix("- notes:") {
                picked.append(line)
                afterNotes = true
            } else if afterNotes, !text.isEmpty, text.first != 0x0D {
                picked.append(line)
                afterNotes = false
            }
        }
        return picked
    }

    /// The bytes with `path` added as the last item of the `## Sources` list, or nil when the log has
    /// no such section (one with text but no list items is left alone) or a line of it already names
    /// the file. The new item copies the last item's bullet, its code span when it has one, and the line
    /// ending around it; in an empty section (the log `init` writes) it is the first item, in a code span.
    public func addingSource(_ path: String, fileName: String) -> [UInt8]? {
        guard let section = section(titled: "Sources") else { return nil }
        var lastItem: Range<Int>?
        var headingEnd: Int?
        var onlyBlankLines = true
        var start = section.lowerBound
        while start < section.upperBound {
            var end = start
            while end < section.upperBound, bytes[end] != 0x0A { end += 1 }
            let line = bytes[start..<end]
            if headingEnd == nil {
                headingEnd = end
            } else if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                onlyBlankLines = false
            }
            if let first = line.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*"),
                line.dropFirst().first == 0x20
            {
                if Self.range(of: Array(fileName.utf8), in: line) != nil { return nil }
                lastItem = start..<end
            }
            start = end + 1
        }
        // An empty list (the log `init` writes): its first item goes under the heading, in a code span as
        // the tool writes a new log's.
        if lastItem == nil, onlyBlankLines, let headingEnd, headingEnd < bytes.count, !path.contains("`") {
            let crlf = headingEnd > section.lowerBound && bytes[headingEnd - 1] == 0x0D
            var result = bytes
            result.insert(contentsOf: Array("- `\(path)`".utf8) + (crlf ? [0x0D, 0x0A] : [0x0A]), at: headingEnd + 1)
            return result
        }
        guard let lastItem else { return nil }
        var end = lastItem.upperBound
        if end > lastItem.lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
        let eol: [UInt8] = end < lastItem.upperBound ? [0x0D, 0x0A] : [0x0A]
        // The new item is written as the list's last one is: in a code span when that one is.
        let last = bytes[(lastItem.lowerBound + 2)..<end]
        let backtick = UInt8(ascii: "`")
        let coded = last.count >= 2 && last.first == backtick && last.last == backtick && !path.contains("`")
        let text = coded ? "`" + path + "`" : path
        let item = eol + [bytes[lastItem.lowerBound], 0x20] + Array(text.utf8)
        var result = bytes
        result.insert(contentsOf: item, at: end)
        return result
    }

    /// The first range of `needle` in `haystack`.
    static func range<C: Collection>(of needle: [UInt8], in haystack: C) -> Range<Int>? where C.Element == UInt8 {
        let bytes = Array(haystack)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        for index in 0...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index..<(index + needle.count) }
        }
        return nil
    }
}
