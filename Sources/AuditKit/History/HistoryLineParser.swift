import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fast reader of one history line, scanning the UTF-8 bytes directly (a history of a thousand
/// reports is tens of megabytes; building a tree of every line first costs several times more). Keys
/// may come in any order and unknown keys are skipped. It returns nil on anything unexpected, and the
/// caller then reads the line with `HistoryLineReader`, which either reads it to the same entry or
/// says where and what is wrong.
struct HistoryLineParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// How many objects and arrays enclose the current position.
    private var depth = 0

    /// The deepest nesting of objects and arrays a history line may have, as for reports: deeper
    /// lines are bad lines. It bounds this parser's recursion; `HistoryLineReader` refuses them at the
    /// first bracket too deep.
    static let maximumDepth = 256

    /// What the parser tolerated: optional fields (those added in version 2) with the wrong type,
    /// dropped, each as `path: expected ...`.
    private var notes: [String] = []
    /// The index of the screen or issue being read, for notes.
    private var itemIndex = 0

    struct Failure: Error {}

    /// Parses `bytes` as one `HistoryEntry` and what it tolerated, or returns nil.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (entry: HistoryEntry, notes: [String])? {
        var parser = HistoryLineParser(bytes: bytes)
        guard let entry = try? parser.entry() else { return nil }
        parser.skipSpace()
        return parser.position == bytes.count ? (entry, parser.notes) : nil
    }

    /// What `read` reads of the whole of `line` (a judgement record's lines); nil when it fails or leaves
    /// more than white space.
    static func whole<Value>(_ line: Data, _ read: (inout HistoryLineParser) throws -> Value) -> Value? {
        line.withUnsafeBytes { raw -> Value? in
            var parser = HistoryLineParser(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = try? read(&parser), parser.isAtEnd() else { return nil }
            return value
        }
    }

    /// What `read` reads of the start of `line` (the rest not read); nil when it fails.
    static func start<Value>(of line: Data, _ read: (inout HistoryLineParser) throws -> Value) -> Value? {
        line.withUnsafeBytes { raw -> Value? in
            var parser = HistoryLineParser(bytes: raw.bindMemory(to: UInt8.self))
            return try? read(&parser)
        }
    }

    /// A JSON array of issues as a history line writes them (a judgement record's issues of earlier
    /// audits), or its `first` ones when given (the rest not read); what an issue's optional fields
    /// tolerate is dropped.
    mutating func issues(first count: Int? = nil) throws -> [HistoryIssue] {
        try array(first: count) { parser in
            let read = try parser.issue()
            guard read.shape.isWhole else { throw Failure() }
            return read.issue
        }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: The history's types

    private mutating func entry() throws -> HistoryEntry {
        var version: Int?, sha256: String?, fileName: String?, auditDate: Date?
        var screens: [HistoryScreen]?, written: CompactHistoryLine.ReadIssues?, counts: HistoryCounts?
        var covers: [String]?, format: ReportFormat?, mappedWith: RecordedMappingInputs?, run: Int?
        var kinds: [CompactHistoryLine.Kind] = []
        try object { parser, key in
            switch key {
            case "version": version = try parser.integer()
            case "sha256": sha256 = try parser.string()
            case "fileName": fileName = try parser.string()
            case "auditDate": auditDate = try parser.date()
            case "screens":
                parser.itemIndex = 0
                screens = try parser.array { try $0.screen() }
            case "issues":
                parser.itemIndex = 0
                var read = CompactHistoryLine.ReadIssues()
                _ = try parser.array { parser in
                    let issue = try parser.issue()
                    read.append(issue.issue, shape: issue.shape, kind: issue.kind)
                }
                written = read
            case "counts": counts = try parser.counts()
            case "kinds": kinds = try parser.array { try $0.kind() }
            case "covers": covers = try parser.array { try $0.string() }
            case "format":
                let text = try parser.optionalString("format")
                format = text.flatMap(ReportFormat.init(rawValue:))
                if text != nil, format == nil {
                    parser.notes.append(HistoryTolerance.note("format", expected: HistoryTolerance.format))
                }
            case "mappedWith": mappedWith = try parser.mappedWith()
            case "run": run = try parser.integer()
            default: try parser.skipValue()
            }
        }
        guard let version, let sha256, let fileName, let auditDate, let screens, var read = written else {
            throw Failure()
        }
        if version >= CompactHistoryLine.firstVersion {
            do {
                try CompactHistoryLine.restore(&read, kinds: kinds, screens: screens)
            } catch {
                throw Failure()
            }
            counts = counts ?? HistoryCounts(issues: read.issues)
        } else {
            // What an earlier version's line does not write is missing, not left out.
            guard read.areWhole else { throw Failure() }
        }
        let issues = read.issues
        guard let counts else { throw Failure() }
        var entry = HistoryEntry(
            version: version, sha256: sha256, fileName: fileName, auditDate: auditDate, screens: screens,
            counts: counts, issues: issues)
        entry.covers = covers
        entry.format = format
        entry.mappedWith = mappedWith
        entry.run = run
        return entry
    }

    /// An entry's `mappedWith`, or nil for `null`; anything unexpected is left to the complete reader.
    private mutating func mappedWith() throws -> RecordedMappingInputs? {
        if skipNull() { return nil }
        var inputs = RecordedMappingInputs(rules: nil, sources: [])
        try object { parser, key in
            switch key {
            case "rules": inputs.rules = try parser.string()
            case "sources": inputs.sources = try parser.array { try $0.string() }
            case "target": inputs.target = try parser.string()
            default: try parser.skipValue()
            }
        }
        return inputs
    }

    private mutating func screen() throws -> HistoryScreen {
        var name: String?, group: String?, issueCount: Int?, width: Double?, height: Double?, imageHash: String?
        var rootView: String?, named: String?, appearance: HistoryScreen.Appearance?
        var namedBy: ScreenNameSource?
        let item = itemIndex
        itemIndex += 1
        // Named only for a note: most screens need none.
        func path() -> String { "screens[\(item)]" }
        try object { parser, key in
            switch key {
            case "name": name = try parser.string()
            case "group": group = try parser.string()
            case "issueCount": issueCount = try parser.integer()
            case "width": width = try parser.optionalSize(path() + ".width")
            case "height": height = try parser.optionalSize(path() + ".height")
            case "imageHash":
                imageHash = try parser.optionalString(path() + ".imageHash")
                if let text = imageHash, let problem = HistoryTolerance.problem(screenHash: text) {
                    parser.notes.append(HistoryTolerance.note(path() + ".imageHash", expected: problem))
                    imageHash = nil
                }
            case "rootView": rootView = try parser.optionalString(path() + ".rootView")
            case "named": named = try parser.optionalString(path() + ".named")
            case "namedBy":
                let text = try parser.optionalString(path() + ".namedBy")
                namedBy = text.flatMap(ScreenNameSource.init(rawValue:))
                if text != nil, namedBy == nil {
                    parser.notes.append(HistoryTolerance.note(path() + ".namedBy", expected: HistoryTolerance.namedBy))
                }
            case "appearance":
                let text = try parser.optionalString(path() + ".appearance")
                appearance = text.flatMap(HistoryScreen.Appearance.init(rawValue:))
                if text != nil, appearance == nil {
                    parser.notes.append(
                        HistoryTolerance.note(path() + ".appearance", expected: HistoryTolerance.appearance))
                }
            default: try parser.skipValue()
            }
        }
        guard let name, let group, let issueCount else { throw Failure() }
        var screen = HistoryScreen(
            name: name, group: group, issueCount: issueCount, width: width, height: height, imageHash: imageHash,
            rootView: rootView, named: named)
        screen.namedBy = namedBy
        screen.appearance = appearance
        return screen
    }

    /// A positive finite number, or nil (noted) for anything else; `null` is nil without a note.
    private mutating func optionalSize(_ path: @autoclosure () -> String) throws -> Double? {
        if skipNull() { return nil }
        if let next = peek(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) {
            let value = try double()
            guard let problem = HistoryTolerance.problem(size: value) else { return value }
            notes.append(HistoryTolerance.note(path(), expected: problem))
            return nil
        }
        try skipValue()
        notes.append(HistoryTolerance.note(path(), expected: HistoryTolerance.number))
        return nil
    }

    /// A string, or nil (noted) for another type; `null` is nil without a note.
    private mutating func optionalString(_ path: @autoclosure () -> String) throws -> String? {
        if skipNull() { return nil }
        if peek() == UInt8(ascii: "\"") { return try string() }
        try skipValue()
        notes.append(HistoryTolerance.note(path(), expected: HistoryTolerance.string))
        return nil
    }

    mutating func counts() throws -> HistoryCounts {
        var counts = HistoryCounts(total: 0, open: 0, accepted: 0, system: 0, byType: [:])
        var seen = 0
        try object { parser, key in
            switch key {
            case "total": counts.total = try parser.integer(); seen += 1
            case "open": counts.open = try parser.integer(); seen += 1
            case "accepted": counts.accepted = try parser.integer(); seen += 1
            case "system": counts.system = try parser.integer(); seen += 1
            case "byType":
                var byType: [String: Int] = [:]
                byType.reserveCapacity(8)
                try parser.object { inner, type in byType[type.text] = try inner.integer() }
                counts.byType = byType
                seen += 1
            default: try parser.skipValue()
            }
        }
        guard seen == 5 else { throw Failure() }
        return counts
    }

    /// An issue's object as written: what a compact line leaves out is said in its shape, not restored.
    private mutating func issue() throws -> (issue: HistoryIssue, shape: CompactHistoryLine.Shape, kind: Int?) {
        var fingerprint: String?, number: Int?, type: String?, errorCode: Int?, title: String?, text: String?
        var group: String?, view: String?, location: SourceLocation?, rect: Rect?, status: HistoryIssueStatus?
        var reason: String?, identityKey: String?, literal: String?, imageHash: String?, elementType: String?
        var role: String?, symbol: String?, kind: Int?, rectArray = false
        let item = itemIndex
        itemIndex += 1
        // Named only for a note: most issues need none.
        func path() -> String { "issues[\(item)]" }
        try object { parser, key in
            if parser.skipNull() { return }
            switch key {
            case "key": identityKey = try parser.optionalString(path() + ".key")
            case "literal": literal = try parser.optionalString(path() + ".literal")
            case "elementType": elementType = try parser.optionalString(path() + ".elementType")
            case "role": role = try parser.optionalString(path() + ".role")
            case "symbol": symbol = try parser.optionalString(path() + ".symbol")
            case "imageHash":
                imageHash = try parser.optionalString(path() + ".imageHash")
                if let text = imageHash, let problem = HistoryTolerance.problem(issueHash: text) {
                    parser.notes.append(HistoryTolerance.note(path() + ".imageHash", expected: problem))
                    imageHash = nil
                }
            case "fingerprint": fingerprint = try parser.string()
            case "number": number = try parser.integer()
            case "type": type = try parser.string()
            case "errorCode": errorCode = try parser.integer()
            case "title": title = try parser.string()
            case "text": text = try parser.string()
            case "group": group = try parser.string()
            case "view": view = try parser.string()
            case "location": location = try parser.location()
            case "rect": (rect, rectArray) = try parser.rect()
            case "kind": kind = try parser.integer()
            case "status":
                guard let value = HistoryIssueStatus(rawValue: try parser.string()) else { throw Failure() }
                status = value
            case "reason": reason = try parser.string()
            default: try parser.skipValue()
            }
        }
        guard let fingerprint else { throw Failure() }
        var shape: CompactHistoryLine.Shape = rectArray ? .rectArray : []
        if number == nil { shape.insert(.number) }
        if type == nil { shape.insert(.type) }
        if errorCode == nil { shape.insert(.errorCode) }
        if title == nil { shape.insert(.title) }
        if group == nil { shape.insert(.group) }
        if status == nil { shape.insert(.status) }
        let issue = HistoryIssue(
            fingerprint: IssueFingerprint(hex: fingerprint),
            number: number ?? 0, testType: type.map(HistoryLineParser.testType) ?? .other(""), errorCode: errorCode,
            title: title ?? "", elementText: text, screenGroup: group ?? "", view: view, location: location,
            rect: rect, status: status ?? .open, reason: reason, key: identityKey, literal: literal,
            imageHash: imageHash, elementType: elementType, role: role, symbol: symbol)
        return (issue, shape, kind)
    }

    /// A kind of a compact line's `kinds`: a test type, a title and an optional error code.
    private mutating func kind() throws -> CompactHistoryLine.Kind {
        var type: String?, errorCode: Int?, title: String?
        try object { parser, key in
            if parser.skipNull() { return }
            switch key {
            case "type": type = try parser.string()
            case "errorCode": errorCode = try parser.integer()
            case "title": title = try parser.string()
            default: try parser.skipValue()
            }
        }
        guard let type, let title else { throw Failure() }
        return CompactHistoryLine.Kind(type: HistoryLineParser.testType(type), errorCode: errorCode, title: title)
    }

    /// The test type of a key as written by this code (`dynamic-type`) without `TestType(key:)`'s
    /// case folding, which costs more than the rest of an issue.
    static func testType(_ key: String) -> TestType {
        for type in TestType.known where type.key == key { return type }
        return TestType(key: key)
    }

    private mutating func location() throws -> SourceLocation {
        var file: String?, line: Int?, column: Int?
        try object { parser, key in
            if parser.skipNull() { return }
            switch key {
            case "file": file = try parser.string()
            case "line": line = try parser.integer()
            case "column": column = try parser.integer()
            default: try parser.skipValue()
            }
        }
        guard let file else { throw Failure() }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// A rect as an object, or as the array `[x, y, width, height]` of a compact line (then `isArray`).
    private mutating func rect() throws -> (rect: Rect, isArray: Bool) {
        if peek() == UInt8(ascii: "[") {
            position += 1
            let x = try double()
            try expect(UInt8(ascii: ","))
            let y = try double()
            try expect(UInt8(ascii: ","))
            let width = try double()
            try expect(UInt8(ascii: ","))
            let height = try double()
            try expect(UInt8(ascii: "]"))
            return (Rect(x: x, y: y, width: width, height: height), true)
        }
        var x: Double?, y: Double?, width: Double?, height: Double?
        try object { parser, key in
            switch key {
            case "x": x = try parser.double()
            case "y": y = try parser.double()
            case "width": width = try parser.double()
            case "height": height = try parser.double()
            default: try parser.skipValue()
            }
        }
        guard let x, let y, let width, let height else { throw Failure() }
        return (Rect(x: x, y: y, width: width, height: height), false)
    }

    /// ISO 8601 `yyyy-MM-ddTHH:mm:ssZ`, the form `JSONEncoder`'s `.iso8601` writes.
    mutating func date() throws -> Date {
        skipSpace()
        // Read in place when it is written as this code writes it (no escapes), else as any string.
        if position + 21 < bytes.count, bytes[position] == UInt8(ascii: "\""),
            bytes[position + 21] == UInt8(ascii: "\"")
        {
            let digits = UnsafeBufferPointer(rebasing: bytes[(position + 1)..<(position + 21)])
            if !digits.contains(UInt8(ascii: "\\")) {
                position += 22
                return try Self.date(digits)
            }
        }
        var text = try string()
        return try text.withUTF8 { try Self.date($0) }
    }

    /// The date of the 20 bytes `yyyy-MM-ddTHH:mm:ssZ`.
    private static func date(_ digits: UnsafeBufferPointer<UInt8>) throws -> Date {
        guard digits.count == 20, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
            digits[10] == UInt8(ascii: "T"), digits[13] == UInt8(ascii: ":"), digits[16] == UInt8(ascii: ":"),
            digits[19] == UInt8(ascii: "Z")
        else { throw Failure() }
        func number(_ range: Range<Int>) throws -> Int {
            var value = 0
            for index in range {
                let digit = Int(digits[index]) - 48
                guard (0...9).contains(digit) else { throw Failure() }
                value = value * 10 + digit
            }
            return value
        }
        let year = try number(0..<4), month = try number(5..<7), day = try number(8..<10)
        let hour = try number(11..<13), minute = try number(14..<16), second = try number(17..<19)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            throw Failure()
        }
        // Days from the civil date (Howard Hinnant's algorithm), then seconds since 1970.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    // MARK: JSON scanning

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard position < bytes.count, bytes[position] == byte else { throw Failure() }
        position += 1
    }

    mutating func peek() -> UInt8? {
        skipSpace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Skips a `null` value and returns true, or returns false when the value is not null.
    private mutating func skipNull() -> Bool {
        skipSpace()
        if position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "n"), bytes[position + 1] == UInt8(ascii: "u"),
            bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l")
        {
            position += 4
            return true
        }
        return false
    }

    /// A member name, as its bytes in the line: `switch` compares it with string literals without
    /// making a `String` (names with escapes make the fast path give up).
    struct Key {
        var base: UnsafePointer<UInt8>
        var range: Range<Int>

        var text: String {
            String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
        }
    }

    private mutating func keyRange() throws -> Key {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return Key(base: bytes.baseAddress!, range: start..<(position - 1))
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Failure() }
            position += 1
        }
        throw Failure()
    }

    mutating func object(_ member: (inout HistoryLineParser, Key) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        depth += 1
        defer { depth -= 1 }
        guard depth <= HistoryLineParser.maximumDepth else { throw Failure() }
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            let key = try keyRange()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            guard let next = peek() else { throw Failure() }
            position += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw Failure() }
        }
    }

    /// A JSON array, each element read by `element`; with `count`, only its first `count` elements are
    /// read and the parser stops after them (inside the array).
    mutating func array<T>(first count: Int? = nil, _ element: (inout HistoryLineParser) throws -> T) throws -> [T] {
        try expect(UInt8(ascii: "["))
        depth += 1
        defer { depth -= 1 }
        guard depth <= HistoryLineParser.maximumDepth else { throw Failure() }
        var result: [T] = []
        if peek() == UInt8(ascii: "]") {
            position += 1
            return result
        }
        while true {
            if let count, result.count >= count { return result }
            result.append(try element(&self))
            guard let next = peek() else { throw Failure() }
            position += 1
            if next == UInt8(ascii: "]") { return result }
            guard next == UInt8(ascii: ",") else { throw Failure() }
        }
    }

    /// `true` or `false`.
    mutating func boolean() throws -> Bool {
        for (word, value) in [("true", true), ("false", false)] {
            let count = word.utf8.count
            if position + count <= bytes.count,
                word.utf8.elementsEqual(UnsafeBufferPointer(rebasing: bytes[position..<(position + count)]))
            {
                position += count
                return value
            }
        }
        throw Failure()
    }

    /// Whether only white space is left.
    mutating func isAtEnd() -> Bool {
        skipSpace()
        return position == bytes.count
    }

    /// A whole number of digits without sign, fraction or exponent, as `UInt64` (the file identities and
    /// nanosecond times a judgement record stamps its history with, beyond what `integer` reads exactly).
    mutating func wholeNumber() throws -> UInt64 {
        skipSpace()
        let start = position
        var value: UInt64 = 0
        while position < bytes.count, (0x30...0x39).contains(bytes[position]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(bytes[position] - 0x30))
            guard !overflow, !carry else { throw Failure() }
            value = sum
            position += 1
        }
        guard position > start else { throw Failure() }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            throw Failure()
        }
        return value
    }

    /// A string, scanned and unescaped as every JSON string of the package is (`JSONString`).
    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let quote = position - 1
        guard let scanned = try? JSONString.scan(bytes.baseAddress!, from: quote, to: bytes.count) else {
            throw Failure()
        }
        position = scanned.end
        let content = UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(scanned.end - 1)])
        return JSONString.text(UnsafeRawBufferPointer(content), escaped: scanned.escaped)
    }

    mutating func integer() throws -> Int {
        let value = try double()
        guard value == value.rounded(), abs(value) < 9e15 else { throw Failure() }
        return Int(value)
    }

    private mutating func double() throws -> Double {
        skipSpace()
        let start = position
        var isInteger = true
        var value: Int64 = 0
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var digits = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte >= 0x30, byte <= 0x39 {
                if digits < 18 { value = value * 10 + Int64(byte - 0x30) } else { isInteger = false }
                digits += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            {
                isInteger = false
            } else {
                break
            }
            position += 1
        }
        guard digits > 0, position < bytes.count else { throw Failure() }
        if isInteger { return Double(negative ? -value : value) }
        // The number is followed by `,`, `}` or `]`, so strtod stops at its end; check it used all of it.
        var consumed = -1
        let result = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { base -> Double in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(base + start, &end)
            if let end { consumed = UnsafePointer(end) - (base + start) }
            return value
        }
        guard consumed == position - start, result.isFinite else { throw Failure() }
        return result
    }

    /// Skips an object or array by its brackets and strings, making nothing (a record's list of thousands
    /// of warnings, when it is not needed): brackets must balance within `maximumDepth` and strings be
    /// well formed; the rest is not checked (unlike `skipValue`), so only for a value read later or never.
    mutating func skipContainer() throws {
        skipSpace()
        var open: [UInt8] = []
        repeat {
            guard position < bytes.count else { throw Failure() }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                guard depth + open.count <= HistoryLineParser.maximumDepth else { throw Failure() }
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard open.popLast() == byte else { throw Failure() }
                position += 1
            case UInt8(ascii: "\""):
                guard let scanned = try? JSONString.scan(bytes.baseAddress!, from: position, to: bytes.count) else {
                    throw Failure()
                }
                position = scanned.end
            default: position += 1
            }
        } while !open.isEmpty
    }

    mutating func skipValue() throws {
        guard let next = peek() else { throw Failure() }
        switch next {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"): try object { parser, _ in try parser.skipValue() }
        case UInt8(ascii: "["): _ = try array { try $0.skipValue() }
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let words: [[UInt8]] = [Array("true".utf8), Array("false".utf8), Array("null".utf8)]
            for word in words
            where position + word.count <= bytes.count
                && Array(UnsafeBufferPointer(rebasing: bytes[position..<(position + word.count)])) == word
            {
                position += word.count
                return
            }
            throw Failure()
        default: _ = try double()
        }
    }
}

/// Lets `switch key { case "name": ... }` compare a member name's bytes with a literal.
func ~= (pattern: StaticString, key: HistoryLineParser.Key) -> Bool {
    key.range.count == pattern.utf8CodeUnitCount
        && memcmp(key.base + key.range.lowerBound, pattern.utf8Start, key.range.count) == 0
}
