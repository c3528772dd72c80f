/// Where each start tag of an XML document lies in its bytes, in document order: the positions
/// `XMLParser` does not give (it reports where a tag ends, as a line and a column in characters), so the
/// k-th start tag it reports is the k-th found here. Comments, CDATA sections, processing instructions and
/// end tags are skipped; a `>` inside a quoted attribute value does not end a tag.
struct InterfaceTagScanner {
    /// A start tag (or an empty-element tag).
    struct Tag: Sendable, Hashable {
        /// Zero-based byte offset of its `<`.
        var offset: Int
        /// Zero-based byte offset just past its `>`.
        var end: Int
        /// One-based line of its `<`.
        var line: Int
        /// One-based byte column of its `<`.
        var column: Int
    }

    /// Why the bytes are refused before parsing.
    struct Refusal: Error {
        var message: String
        var offset: Int
        var line: Int
        var column: Int
    }

    /// The start tags of `bytes`.
    /// - Throws: `Refusal` for a document type declaration (`<!DOCTYPE`, `<!ENTITY`): an Interface Builder
    ///   document never has one, and its entities are how a small file expands without end.
    static func startTags(_ bytes: [UInt8]) throws(Refusal) -> [Tag] {
        var tags: [Tag] = []
        var i = 0
        var line = 1
        var lineStart = 0
        let count = bytes.count
        /// Moves `i` to just past `terminator`, counting lines; to the end when it is missing.
        func skip(past terminator: [UInt8]) {
            while i < count {
                if bytes[i] == 10 {
                    line += 1
                    lineStart = i + 1
                }
                if bytes[i] == terminator[0], i + terminator.count <= count,
                    bytes[i..<(i + terminator.count)].elementsEqual(terminator)
                {
                    i += terminator.count
                    return
                }
                i += 1
            }
        }
        while i < count {
            let b = bytes[i]
            if b == 10 {
                line += 1
                lineStart = i + 1
                i += 1
                continue
            }
            guard b == UInt8(ascii: "<"), i + 1 < count else {
                i += 1
                continue
            }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "!") {
                if bytes[i...].starts(with: Array("<!--".utf8)) {
                    skip(past: Array("-->".utf8))
                } else if bytes[i...].starts(with: Array("<![CDATA[".utf8)) {
                    skip(past: Array("]]>".utf8))
                } else {
                    throw Refusal(
                        message: "a document type declaration (<!DOCTYPE or <!ENTITY) is not allowed in an "
                            + "Interface Builder document", offset: i, line: line, column: i - lineStart + 1)
                }
            } else if next == UInt8(ascii: "?") {
                skip(past: Array("?>".utf8))
            } else if next == UInt8(ascii: "/") {
                skip(past: [UInt8(ascii: ">")])
            } else {
                let start = i
                let startLine = line
                let column = i - lineStart + 1
                var quote: UInt8 = 0
                i += 1
                while i < count {
                    let c = bytes[i]
                    if c == 10 {
                        line += 1
                        lineStart = i + 1
                    } else if quote != 0 {
                        if c == quote { quote = 0 }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: ">") {
                        break
                    }
                    i += 1
                }
                i = min(i + 1, count)
                tags.append(Tag(offset: start, end: i, line: startLine, column: column))
            }
        }
        return tags
    }

    /// The attributes written in the start tag `bytes[tag]` (`<name a="1" b='2'>`), each with the byte
    /// range of its whole `name="value"` and of its value (between the quotes), in order. Values are as
    /// written (entities not decoded).
    static func attributes(in bytes: [UInt8], tag: Range<Int>) -> [(name: String, whole: Range<Int>, value: Range<Int>)]
    {
        var result: [(name: String, whole: Range<Int>, value: Range<Int>)] = []
        var i = tag.lowerBound + 1
        let end = tag.upperBound
        func isNameByte(_ c: UInt8) -> Bool {
            !(c == 32 || c == 9 || c == 10 || c == 13 || c == UInt8(ascii: "=") || c == UInt8(ascii: ">")
                || c == UInt8(ascii: "/"))
        }
        while i < end, isNameByte(bytes[i]) { i += 1 }
        while i < end {
            while i < end, !isNameByte(bytes[i]) { i += 1 }
            let nameStart = i
            while i < end, isNameByte(bytes[i]) { i += 1 }
            guard i > nameStart else { break }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            while i < end, bytes[i] != UInt8(ascii: "\"") && bytes[i] != UInt8(ascii: "'") { i += 1 }
            guard i < end else { break }
            let quote = bytes[i]
            let valueStart = i + 1
            i = valueStart
            while i < end, bytes[i] != quote { i += 1 }
            guard i < end else { break }
            result.append((name, nameStart..<(i + 1), valueStart..<i))
            i += 1
        }
        return result
    }
}
