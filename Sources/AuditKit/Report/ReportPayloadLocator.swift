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
        var firstError: JSONParseError?
        func attempt(_ offset: Int, how: String) -> Located? {
            do {
                let document = try JSONDocument.parse(buffer, from: offset, requireEnd: false, maxDepth: maxDepth)
                if document.nodes[0].kind == .object, document.value(of: rootKey, in: 0) != nil {
                    return Located(document: document, how: how)
                }
                if firstError == nil {
                    firstError = JSONParseError(message: "the JSON assigned to rootObject has no \(rootKey)",
                                                offset: offset, isTruncation: false)
                }
            } catch {
                if firstError == nil { firstError = error }
            }
            return nil
        }

        // 1. `rootObject` followed by `=` (not `==`) or `:` and then `{`.
        for offset in occurrences(of: "rootObject", in: bytes, from: start) {
            guard let brace = valueStart(afterIdentifierAt: offset, length: 10, in: bytes) else { continue }
            if let found = attempt(brace, how: "rootObject") { return found }
        }
        // 2. A `<script type="application/json">` whose content is the payload.
        for offset in occurrences(of: "<script", in: bytes, from: start, caseInsensitive: true) {
            guard let close = bytes[offset...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<close]), as: UTF8.self).lowercased()
            guard tag.contains("application/json") else { continue }
            var p = close + 1
            while p < bytes.count, isWhitespace(bytes[p]) { p += 1 }
            guard p < bytes.count, bytes[p] == UInt8(ascii: "{") else { continue }
            if let found = attempt(p, how: "script") { return found }
        }
        // 3. The object that holds "_axKeyAllScreens": try the braces before the key, nearest first.
        if let key = occurrences(of: "\"" + rootKey + "\"", in: bytes, from: start).first(where: { _ in true }) {
            var tries = 0
            var p = key - 1
            while p >= start, tries < 256 {
                if bytes[p] == UInt8(ascii: "{") {
                    tries += 1
                    do {
                        let document = try JSONDocument.parse(buffer, from: p, requireEnd: false, maxDepth: maxDepth)
                        if document.rootEnd > key, document.nodes[0].kind == .object,
                           document.value(of: rootKey, in: 0) != nil {
                            return Located(document: document, how: "object")
                        }
                    } catch {
                        if firstError == nil || p == key - 1 || bytes[(p + 1)..<key].allSatisfy(isWhitespace) {
                            firstError = error
                        }
                    }
                }
                p -= 1
            }
        }
        if let firstError {
            throw ReportReader.payloadError(firstError, path: path)
        }
        throw AuditError(.badInput, "no report payload found (no rootObject assignment and no JSON object with "
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

    /// Offsets of `needle` in `bytes` from `start`, lazily, using `memchr` on the first byte.
    static func occurrences(of needle: String, in bytes: UnsafeRawBufferPointer, from start: Int,
                            caseInsensitive: Bool = false) -> [Int] {
        let pattern = Array(needle.utf8)
        var result: [Int] = []
        guard let base = bytes.baseAddress, pattern.count <= bytes.count else { return result }
        var p = start
        let last = bytes.count - pattern.count
        while p <= last {
            if caseInsensitive {
                var matches = true
                for k in 0..<pattern.count where bytes[p + k] | 0x20 != pattern[k] | 0x20 {
                    matches = false
                    break
                }
                if matches { result.append(p) }
                p += 1
                continue
            }
            guard let hit = memchr(base + p, Int32(pattern[0]), last - p + 1) else { break }
            let q = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + q, pattern, pattern.count) == 0 { result.append(q) }
            p = q + 1
        }
        return result
    }
}
