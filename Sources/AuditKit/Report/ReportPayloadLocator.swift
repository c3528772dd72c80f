import Foundation

/// Finds the JSON payload inside an HTML report without a regex over it: byte searches find the
/// candidates (`rootObject` assigned with `=` or `:`, a `<script type="application/json">`, an object
/// holding `"_axKeyAllScreens"`), and the JSON scanner decides where each one ends, so braces, quotes,
/// `</script>` and escapes inside strings never confuse it.
enum ReportPayloadLocator {
    /// A located payload: the parsed document and how it was found.
    struct Located {
        var document: JSONDocument
        var how: String
    }

    /// The payload of an HTML (or any text) file, searching from `start`.
    /// - Throws: `AuditError` naming the problem and the byte offset.
    static func locate(in buffer: ByteBuffer, from start: Int, path: String, maxDepth: Int) throws -> Located {
        let bytes = buffer.bytes
        var bestError: JSONParseError?
        func attempt(_ offset: Int, how: String) -> Located? {
            do {
                let document = try JSONDocument.parse(buffer, from: offset, requireEnd: false, maxDepth: maxDepth)
                if document.nodes[0].kind == .object, document.value(of: rootKey, in: 0) != nil {
                    return Located(document: document, how: how)
                }
                if bestError == nil {
                    bestError = JSONParseError(
                        message: "the JSON assigned to rootObject has no \(rootKey)",
                        offset: offset, isTruncation: false)
                }
            } catch {
                // The candidate that parsed furthest is the payload (a decoy fails near its start).
                if bestError == nil || error.offset > bestError!.offset { bestError = error }
            }
            return nil
        }

        // 1. `rootObject` followed by `=` (not `==`) or `:` and then `{`.
        var cursor = start
        while let offset = nextOccurrence(of: rootName, in: bytes, from: cursor) {
            cursor = offset + 1
            guard let brace = valueStart(afterIdentifierAt: offset, length: rootName.count, in: bytes) else { continue }
            if let found = attempt(brace, how: "rootObject") { return found }
        }
        // 2. A `<script type="application/json">` whose content is the payload.
        for offset in scriptTags(in: bytes, from: start) {
            guard let close = bytes[offset...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<close]), as: UTF8.self)
                .lowercased()
            guard tag.contains("application/json") else { continue }
            var p = close + 1
            while p < bytes.count, isWhitespace(bytes[p]) { p += 1 }
            guard p < bytes.count, bytes[p] == UInt8(ascii: "{") else { continue }
            if let found = attempt(p, how: "script") { return found }
        }
        // 3. The object that holds "_axKeyAllScreens": try the braces before the key, nearest first.
        if let key = nextOccurrence(of: quotedRootKey, in: bytes, from: start) {
            var tries = 0
            var p = key - 1
            while p >= start, tries < 256 {
                if bytes[p] == UInt8(ascii: "{") {
                    tries += 1
                    do {
                        let document = try JSONDocument.parse(buffer, from: p, requireEnd: false, maxDepth: maxDepth)
                        if document.rootEnd > key, document.nodes[0].kind == .object,
                            document.value(of: rootKey, in: 0) != nil
                        {
                            return Located(document: document, how: "object")
                        }
                    } catch {
                        if bestError == nil || error.offset > bestError!.offset { bestError = error }
                    }
                }
                p -= 1
            }
        }
        if let bestError {
            throw ReportReader.payloadError(bestError, path: path)
        }
        throw AuditError(
            .badInput,
            "no report payload found (no rootObject assignment and no JSON object with "
                + "\(rootKey))", path: path, byteOffset: start)
    }

    static let rootKey = "_axKeyAllScreens"

    @inline(__always) static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C
    }

    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == UInt8(ascii: "_")
            || c == UInt8(ascii: "$") || c >= 0x80
    }

    /// For an identifier at `offset`, the offset of the `{` it is assigned (`= {`) or bound (`: {`) to,
    /// allowing quotes around it (`"rootObject": {`); nil when it is something else (`render(rootObject)`).
    static func valueStart(afterIdentifierAt offset: Int, length: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        if offset > 0 {
            let before = bytes[offset - 1]
            if isIdentifierByte(before) { return nil }
        }
        var p = offset + length
        guard p <= bytes.count else { return nil }
        if p < bytes.count, isIdentifierByte(bytes[p]) { return nil }
        if p < bytes.count, bytes[p] == UInt8(ascii: "\"") || bytes[p] == UInt8(ascii: "'") { p += 1 }
        while p < bytes.count, isWhitespace(bytes[p]) { p += 1 }
        guard p < bytes.count else { return nil }
        if bytes[p] == UInt8(ascii: "=") {
            p += 1
            if p < bytes.count, bytes[p] == UInt8(ascii: "=") || bytes[p] == UInt8(ascii: ">") { return nil }
        } else if bytes[p] == UInt8(ascii: ":") {
            p += 1
        } else {
            return nil
        }
        while p < bytes.count, isWhitespace(bytes[p]) { p += 1 }
        guard p < bytes.count, bytes[p] == UInt8(ascii: "{") else { return nil }
        return p
    }

    private static let rootName = Array("rootObject".utf8)
    private static let quotedRootKey = Array("\"_axKeyAllScreens\"".utf8)

    /// The first offset of `needle` in `bytes` at or after `start`: `memchr` on its last byte (rare in
    /// base64 for these needles), then a comparison.
    static func nextOccurrence(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, !needle.isEmpty, needle.count <= bytes.count else { return nil }
        let lastByte = Int32(needle[needle.count - 1])
        var p = start + needle.count - 1
        while p < bytes.count {
            guard let hit = memchr(base + p, lastByte, bytes.count - p) else { return nil }
            let end = base.distance(to: UnsafeRawPointer(hit))
            let candidate = end - needle.count + 1
            if needle.withUnsafeBytes({ memcmp($0.baseAddress!, base + candidate, needle.count) }) == 0 {
                return candidate
            }
            p = end + 1
        }
        return nil
    }

    /// Offsets of every `<script` tag (any case) from `start`.
    static func scriptTags(in bytes: UnsafeRawBufferPointer, from start: Int) -> [Int] {
        let pattern = Array("<script".utf8)
        var result: [Int] = []
        guard let base = bytes.baseAddress, pattern.count <= bytes.count else { return result }
        var p = start
        while p + pattern.count <= bytes.count {
            guard let hit = memchr(base + p, Int32(UInt8(ascii: "<")), bytes.count - p) else { break }
            let q = base.distance(to: UnsafeRawPointer(hit))
            if q + pattern.count <= bytes.count,
                (0..<pattern.count).allSatisfy({ bytes[q + $0] | 0x20 == pattern[$0] | 0x20 })
            {
                result.append(q)
            }
            p = q + 1
        }
        return result
    }
}
