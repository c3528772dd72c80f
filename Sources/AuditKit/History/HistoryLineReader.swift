import Foundation

/// The complete reader of one history line, through the package's one JSON reader (`JSONReader`):
/// `HistoryFile.parse` reads each line with the fast `HistoryLineParser` first and hands the lines it
/// gives up on to this reader, which reads every entry the fast parser reads to the same value (keys
/// in any order, white space, escapes anywhere, unknown keys ignored) and more (dates with a time
/// zone offset, `null` for an absent optional field).
///
/// An optional field added in a later version (`screens[].width`, `height`, `imageHash`;
/// `issues[].key`, `literal`, `elementType`, `role`, `symbol`, `imageHash`; `mappedWith`) with the wrong
/// type or value is dropped with a note (`issues[0].key: expected a string; ignored`), as the fast parser
/// notes it. Anything else
/// wrong is an error at its byte in the line that names the field and the problem, e.g.
/// `issues[2].number: expected a whole number, found a string`.
enum HistoryLineReader {
    /// Reads `bytes`, one line without its newline, as a history entry and what was tolerated.
    /// - Throws: `JSONReadError` at the position (line 1, the byte's column) of the first problem.
    static func read(_ bytes: [UInt8]) throws(JSONReadError) -> (entry: HistoryEntry, notes: [String]) {
        let reader: JSONReader
        do {
            reader = try JSONReader(bytes, comments: false, maxDepth: HistoryLineParser.maximumDepth)
        } catch {
            guard error.message == JSONString.truncationMessage else { throw error }
            throw JSONReadError(message: "the line ends before the entry does", position: error.position)
        }
        var notes: [String] = []
        let entry = try Self.entry(try Fields(reader.root, path: ""), notes: &notes)
        return (entry, notes)
    }

    // MARK: The history's types

    private static func entry(_ line: Fields, notes: inout [String]) throws(JSONReadError) -> HistoryEntry {
        let version = try line.int("version")
        let sha256 = try line.string("sha256")
        let fileName = try line.string("fileName")
        let auditDate = try line.date("auditDate")
        var screens: [HistoryScreen] = []
        for (index, item) in try line.array("screens").enumerated() {
            screens.append(try screen(try Fields(item, path: "screens[\(index)]"), notes: &notes))
        }
        let counts = try counts(try Fields(try line.required("counts"), path: "counts"))
        var issues: [HistoryIssue] = []
        for (index, item) in try line.array("issues").enumerated() {
            issues.append(try issue(try Fields(item, path: "issues[\(index)]"), notes: &notes))
        }
        var entry = HistoryEntry(
            version: version, sha256: sha256, fileName: fileName, auditDate: auditDate, screens: screens,
            counts: counts, issues: issues)
        if line.optional("covers") != nil {
            var covers: [String] = []
            for (index, item) in try line.array("covers").enumerated() {
                covers.append(try Fields.string(item, path: "covers[\(index)]"))
            }
            entry.covers = covers
        }
        let formatText = line.tolerated("format", notes: &notes)
        entry.format = formatText.flatMap(ReportFormat.init(rawValue:))
        if formatText != nil, entry.format == nil {
            notes.append(HistoryTolerance.note(line.path("format"), expected: HistoryTolerance.format))
        }
        if let value = line.optional("mappedWith") {
            entry.mappedWith = mappedWith(value)
            if entry.mappedWith == nil {
                notes.append(HistoryTolerance.note(line.path("mappedWith"), expected: HistoryTolerance.mappedWith))
            }
        }
        entry.run = try line.optional("run").map { value throws(JSONReadError) in
            try Fields.int(value, path: line.path("run"))
        }
        return entry
    }

    /// An entry's `mappedWith`: an object of an optional `rules` string, a `sources` array of strings and
    /// an optional `target` string; nil when it is anything else.
    private static func mappedWith(_ value: JSONReader.Value) -> RecordedMappingInputs? {
        guard let fields = try? Fields(value, path: "mappedWith") else { return nil }
        var inputs = RecordedMappingInputs(rules: nil, sources: [])
        for member in fields.members where member.value.kind != .null {
            switch member.key {
            case "rules":
                guard let text = member.value.string else { return nil }
                inputs.rules = text
            case "target":
                guard let text = member.value.string else { return nil }
                inputs.target = text
            case "sources":
                guard let texts = member.value.elements?.map(\.string), !texts.contains(nil) else { return nil }
                inputs.sources = texts.compactMap { $0 }
            default: continue
            }
        }
        return inputs
    }

    private static func screen(_ screen: Fields, notes: inout [String]) throws(JSONReadError) -> HistoryScreen {
        var imageHash = screen.tolerated("imageHash", notes: &notes)
        if let text = imageHash, let problem = HistoryTolerance.problem(screenHash: text) {
            notes.append(HistoryTolerance.note(screen.path("imageHash"), expected: problem))
            imageHash = nil
        }
        let appearanceText = screen.tolerated("appearance", notes: &notes)
        let appearance = appearanceText.flatMap(HistoryScreen.Appearance.init(rawValue:))
        if appearanceText != nil, appearance == nil {
            notes.append(HistoryTolerance.note(screen.path("appearance"), expected: HistoryTolerance.appearance))
        }
        let namedByText = screen.tolerated("namedBy", notes: &notes)
        let namedBy = namedByText.flatMap(ScreenNameSource.init(rawValue:))
        if namedByText != nil, namedBy == nil {
            notes.append(HistoryTolerance.note(screen.path("namedBy"), expected: HistoryTolerance.namedBy))
        }
        var read = HistoryScreen(
            name: try screen.string("name"), group: try screen.string("group"),
            issueCount: try screen.int("issueCount"), width: screen.size("width", notes: &notes),
            height: screen.size("height", notes: &notes), imageHash: imageHash,
            rootView: screen.tolerated("rootView", notes: &notes), named: screen.tolerated("named", notes: &notes))
        read.appearance = appearance
        read.namedBy = namedBy
        return read
    }

    private static func counts(_ counts: Fields) throws(JSONReadError) -> HistoryCounts {
        let total = try counts.int("total")
        let open = try counts.int("open")
        let accepted = try counts.int("accepted")
        let system = try counts.int("system")
        let byType = try Fields(try counts.required("byType"), path: counts.path("byType"))
        var perType: [String: Int] = [:]
        // Member by member (a repeated type keeps its last count), never looked up by key: linear
        // however many types a hostile line lists.
        for member in byType.members {
            perType[member.key] = try Fields.int(member.value, path: byType.path(member.key))
        }
        return HistoryCounts(total: total, open: open, accepted: accepted, system: system, byType: perType)
    }

    private static func issue(_ issue: Fields, notes: inout [String]) throws(JSONReadError) -> HistoryIssue {
        let fingerprint = IssueFingerprint(hex: try issue.string("fingerprint"))
        let number = try issue.int("number")
        let testType = TestType(key: try issue.string("type"))
        let errorCode = try issue.optional("errorCode").map { value throws(JSONReadError) in
            try Fields.int(value, path: issue.path("errorCode"))
        }
        let title = try issue.string("title")
        let text = try issue.optionalString("text")
        let group = try issue.string("group")
        let view = try issue.optionalString("view")
        var location: SourceLocation?
        if let value = issue.optional("location") {
            let fields = try Fields(value, path: issue.path("location"))
            location = SourceLocation(
                file: try fields.string("file"),
                line: try fields.optional("line").map { value throws(JSONReadError) in
                    try Fields.int(value, path: fields.path("line"))
                },
                column: try fields.optional("column").map { value throws(JSONReadError) in
                    try Fields.int(value, path: fields.path("column"))
                })
        }
        var rect: Rect?
        if let value = issue.optional("rect") {
            let fields = try Fields(value, path: issue.path("rect"))
            rect = Rect(
                x: try fields.double("x"), y: try fields.double("y"), width: try fields.double("width"),
                height: try fields.double("height"))
        }
        let statusValue = try issue.required("status")
        let statusText = try Fields.string(statusValue, path: issue.path("status"))
        guard let status = HistoryIssueStatus(rawValue: statusText) else {
            throw statusValue.error(
                issue.path("status") + ": expected "
                    + HistoryIssueStatus.allCases.map(\.rawValue).joined(separator: ", ")
                    + ", found " + JSONWriter.quoted(statusText))
        }
        let reason = try issue.optionalString("reason")
        let key = issue.tolerated("key", notes: &notes)
        let literal = issue.tolerated("literal", notes: &notes)
        let elementType = issue.tolerated("elementType", notes: &notes)
        let role = issue.tolerated("role", notes: &notes)
        let symbol = issue.tolerated("symbol", notes: &notes)
        var imageHash = issue.tolerated("imageHash", notes: &notes)
        if let hash = imageHash, let problem = HistoryTolerance.problem(issueHash: hash) {
            notes.append(HistoryTolerance.note(issue.path("imageHash"), expected: problem))
            imageHash = nil
        }
        return HistoryIssue(
            fingerprint: fingerprint, number: number, testType: testType, errorCode: errorCode, title: title,
            elementText: text, screenGroup: group, view: view, location: location, rect: rect, status: status,
            reason: reason, key: key, literal: literal, imageHash: imageHash, elementType: elementType, role: role,
            symbol: symbol)
    }

    // MARK: Typed fields

    /// An object of the line and its path in messages (`issues[3]`; empty for the entry itself).
    private struct Fields {
        let value: JSONReader.Value
        let objectPath: String

        /// `value` read as an object at `path`.
        /// - Throws: when `value` is no object.
        init(_ value: JSONReader.Value, path: String) throws(JSONReadError) {
            guard value.kind == .object else {
                let place = path.isEmpty ? "a history entry" : path
                throw value.error("\(place): expected an object, found \(value.typeDescription)")
            }
            self.value = value
            objectPath = path
        }

        /// The path of the member `key`: `issues[3].number`.
        func path(_ key: String) -> String { objectPath.isEmpty ? key : objectPath + "." + key }

        /// The members in line order.
        var members: [JSONReader.Member] { value.members ?? [] }

        /// The member `key`, when there and not `null`.
        func optional(_ key: String) -> JSONReader.Value? {
            guard let member = value[key], member.kind != .null else { return nil }
            return member
        }

        /// The member `key`.
        /// - Throws: `path: missing` at this object when it is missing or `null`.
        func required(_ key: String) throws(JSONReadError) -> JSONReader.Value {
            guard let member = optional(key) else { throw value.error(path(key) + ": missing") }
            return member
        }

        func string(_ key: String) throws(JSONReadError) -> String {
            try Self.string(try required(key), path: path(key))
        }

        func optionalString(_ key: String) throws(JSONReadError) -> String? {
            guard let member = optional(key) else { return nil }
            return try Self.string(member, path: path(key))
        }

        func int(_ key: String) throws(JSONReadError) -> Int {
            try Self.int(try required(key), path: path(key))
        }

        /// A finite number.
        func double(_ key: String) throws(JSONReadError) -> Double {
            let member = try required(key)
            guard let number = member.number else {
                throw member.error(path(key) + ": expected a number, found \(member.typeDescription)")
            }
            guard number.isFinite else {
                throw member.error(path(key) + ": expected a number a double can hold, found one out of range")
            }
            return number
        }

        /// An ISO 8601 date and time, e.g. `2026-01-02T11:02:25Z`, as history lines write it.
        func date(_ key: String) throws(JSONReadError) -> Date {
            let member = try required(key)
            let text = try Self.string(member, path: path(key))
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                throw member.error(
                    path(key) + ": expected an ISO 8601 date such as 2026-01-02T11:02:25Z, found "
                        + JSONWriter.quoted(text))
            }
            return date
        }

        func array(_ key: String) throws(JSONReadError) -> [JSONReader.Value] {
            let member = try required(key)
            guard let elements = member.elements else {
                throw member.error(path(key) + ": expected an array, found \(member.typeDescription)")
            }
            return elements
        }

        /// A string a later version added: `null` or missing is nil; another type is nil, noted.
        func tolerated(_ key: String, notes: inout [String]) -> String? {
            guard let member = optional(key) else { return nil }
            if let text = member.string { return text }
            notes.append(HistoryTolerance.note(path(key), expected: HistoryTolerance.string))
            return nil
        }

        /// A screen's size: a positive finite number; `null` or missing is nil, anything else is nil, noted.
        func size(_ key: String, notes: inout [String]) -> Double? {
            guard let member = optional(key) else { return nil }
            guard let number = member.number else {
                notes.append(HistoryTolerance.note(path(key), expected: HistoryTolerance.number))
                return nil
            }
            guard let problem = HistoryTolerance.problem(size: number) else { return number }
            notes.append(HistoryTolerance.note(path(key), expected: problem))
            return nil
        }

        static func string(_ value: JSONReader.Value, path: String) throws(JSONReadError) -> String {
            guard let text = value.string else {
                throw value.error(path + ": expected a string, found \(value.typeDescription)")
            }
            return text
        }

        /// A whole number that fits an `Int` (beyond 2^53, the nearest one a `Double` holds).
        static func int(_ value: JSONReader.Value, path: String) throws(JSONReadError) -> Int {
            guard let number = value.number, number.rounded() == number, abs(number) < 0x1p63 else {
                let found = value.number.map { "\($0)" } ?? value.typeDescription
                throw value.error(path + ": expected a whole number, found \(found)")
            }
            return Int(number)
        }
    }
}
