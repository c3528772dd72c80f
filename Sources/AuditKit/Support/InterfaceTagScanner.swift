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

    /// A position in the bytes with its line, moved one byte at a time.
    private struct Cursor {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0

        var column: Int { i - lineStart + 1 }

        /// Moves past the current byte, counting a newline.
        mutating func step() {
            if bytes[i] == 10 {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }

        func at(_ text: String) -> Bool { bytes[i...].starts(with: text.utf8) }

        /// Moves just past `terminator`, or to the end when it is missing.
        mutating func skip(past terminator: String) {
            while i < bytes.count, !at(terminator) { step() }
            i = min(i + terminator.utf8.count, bytes.count)
        }

        /// Moves just past the `>` ending a start tag; a `>` inside a quoted attribute value does not end it.
        mutating func skipTag() {
            var quote: UInt8 = 0
            while i < bytes.count {
                let c = bytes[i]
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == UInt8(ascii: ">") {
                    break
                }
                step()
            }
            i = min(i + 1, bytes.count)
        }
    }

    /// The start tags of `bytes`.
    /// - Throws: `Refusal` for a document type declaration (`<!DOCTYPE`, `<!ENTITY`): an Interface Builder
    ///   document never has one, and its entities are how a small file expands without end.
    static func startTags(_ bytes: [UInt8]) throws(Refusal) -> [Tag] {
        var tags: [Tag] = []
        var cursor = Cursor(bytes: bytes)
        while cursor.i < bytes.count {
            guard bytes[cursor.i] == UInt8(ascii: "<"), cursor.i + 1 < bytes.count else {
                cursor.step()
                continue
            }
            if cursor.at("<!--") {
                cursor.skip(past: "-->")
            } else if cursor.at("<![CDATA[") {
                cursor.skip(past: "]]>")
            } else if cursor.at("<!") {
                throw Refusal(
                    message: "a document type declaration (<!DOCTYPE or <!ENTITY) is not allowed in an "
                        + "Interface Builder document", offset: cursor.i, line: cursor.line, column: cursor.column)
            } else if cursor.at("<?") {
                cursor.skip(past: "?>")
            } else if cursor.at("</") {
                cursor.skip(past: ">")
            } else {
                let (start, line, column) = (cursor.i, cursor.line, cursor.column)
                cursor.skipTag()
                tags.append(Tag(offset: start, end: cursor.i, line: line, column: column))
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
