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
        let compact = version >= CompactHistoryLine.firstVersion
        let writtenCounts = try (compact ? line.optional("counts") : try line.required("counts")).map {
            value throws(JSONReadError) in try Self.counts(try Fields(value, path: "counts"))
        }
        let issues = try Self.issues(of: line, screens: screens, compact: compact, notes: &notes)
        guard let counts = writtenCounts ?? (compact ? HistoryCounts(issues: issues) : nil) else {
            throw line.value.error("counts: missing")
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

    /// The issues of `line`; in a compact line (`compact`), what each leaves out restored from the
    /// line's `kinds` and `screens`.
    private static func issues(
        of line: Fields, screens: [HistoryScreen], compact: Bool, notes: inout [String]
    ) throws(JSONReadError) -> [HistoryIssue] {
        var objects: [Fields] = []
        var read = CompactHistoryLine.ReadIssues()
        for (index, item) in try line.array("issues").enumerated() {
            objects.append(try Fields(item, path: "issues[\(index)]"))
            let issue = try issue(objects[index], compact: compact, notes: &notes)
            read.append(issue.issue, shape: issue.shape, kind: issue.kind)
        }
        guard compact else { return read.issues }
        var kinds: [CompactHistoryLine.Kind] = []
        if line.optional("kinds") != nil {
            for (index, item) in try line.array("kinds").enumerated() {
                let kind = try Fields(item, path: "kinds[\(index)]")
                kinds.append(
                    CompactHistoryLine.Kind(
                        type: HistoryLineParser.testType(try kind.string("type")),
                        errorCode: try kind.optional("errorCode").map { value throws(JSONReadError) in
                            try Fields.int(value, path: kind.path("errorCode"))
                        }, title: try kind.string("title")))
            }
        }
        do {
            try CompactHistoryLine.restore(&read, kinds: kinds, screens: screens)
            return read.issues
        } catch {
            let object = objects[error.index]
            throw (object.optional(error.member) ?? object.value).error(
                object.path(error.member) + ": " + error.message)
        }
    }

    /// An issue's object; in a compact line (`compact`), the fields it may leave out are read when there
    /// and said in its shape when not.
    private static func issue(
        _ issue: Fields, compact: Bool, notes: inout [String]
    ) throws(JSONReadError) -> (issue: HistoryIssue, shape: CompactHistoryLine.Shape, kind: Int?) {
        var shape: CompactHistoryLine.Shape = []
        /// The string `key`, required unless the line is compact (then `left` when it is not there).
        func string(_ key: String, left: CompactHistoryLine.Shape) throws(JSONReadError) -> String? {
            guard compact else { return try issue.string(key) }
            let text = try issue.optionalString(key)
            if text == nil { shape.insert(left) }
            return text
        }
        let fingerprint = IssueFingerprint(hex: try issue.string("fingerprint"))
        var number: Int?
        if let value = compact ? issue.optional("number") : try issue.required("number") {
            number = try Fields.int(value, path: issue.path("number"))
        } else {
            shape.insert(.number)
        }
        let testType = try string("type", left: .type).map { TestType(key: $0) }
        let errorCode = try issue.optional("errorCode").map { value throws(JSONReadError) in
            try Fields.int(value, path: issue.path("errorCode"))
        }
        if errorCode == nil { shape.insert(.errorCode) }
        let title = try string("title", left: .title)
        let text = try issue.optionalString("text")
        let group = try string("group", left: .group)
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
        let rect = try Self.rect(of: issue, compact: compact)
        if rect?.isArray == true { shape.insert(.rectArray) }
        let status = try Self.status(of: issue, compact: compact)
        if status == nil { shape.insert(.status) }
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
        let kind =
            try compact
            ? issue.optional("kind").map { value throws(JSONReadError) in
                try Fields.int(value, path: issue.path("kind"))
            } : nil
        // What a compact line leaves out holds a placeholder until the entry restores it.
        let read = HistoryIssue(
            fingerprint: fingerprint, number: number ?? 0, testType: testType ?? .other(""), errorCode: errorCode,
            title: title ?? "", elementText: text, screenGroup: group ?? "", view: view, location: location,
            rect: rect?.rect, status: status ?? .open, reason: reason, key: key, literal: literal,
            imageHash: imageHash, elementType: elementType, role: role, symbol: symbol)
        return (read, shape, kind)
    }

    /// An issue's status, required unless the line is compact (then nil when it is not there).
    private static func status(of issue: Fields, compact: Bool) throws(JSONReadError) -> HistoryIssueStatus? {
        guard let value = compact ? issue.optional("status") : try issue.required("status") else { return nil }
        let text = try Fields.string(value, path: issue.path("status"))
        guard let status = HistoryIssueStatus(rawValue: text) else {
            throw value.error(
                issue.path("status") + ": expected "
                    + HistoryIssueStatus.allCases.map(\.rawValue).joined(separator: ", ")
                    + ", found " + JSONWriter.quoted(text))
        }
        return status
    }

    /// An issue's rect, when it has one: an object of `x`, `y`, `width` and `height`, or in a compact
    /// line the array `[x, y, width, height]` (then `isArray`), of finite numbers.
    private static func rect(of issue: Fields, compact: Bool) throws(JSONReadError) -> (rect: Rect, isArray: Bool)? {
        guard let value = issue.optional("rect") else { return nil }
        if compact, let elements = value.elements {
            return (try rect(elements, at: value, path: issue.path("rect")), true)
        }
        let fields = try Fields(value, path: issue.path("rect"))
        let rect = Rect(
            x: try fields.double("x"), y: try fields.double("y"), width: try fields.double("width"),
            height: try fields.double("height"))
        return (rect, false)
    }

    /// The array `[x, y, width, height]` of finite numbers.
    private static func rect(
        _ elements: [JSONReader.Value], at value: JSONReader.Value, path: String
    ) throws(JSONReadError) -> Rect {
        guard elements.count == 4 else {
            throw value.error(path + ": expected [x, y, width, height], found \(elements.count) values")
        }
        var numbers: [Double] = []
        for (index, element) in elements.enumerated() {
            guard let number = element.number else {
                throw element.error("\(path)[\(index)]: expected a number, found \(element.typeDescription)")
            }
            guard number.isFinite else {
                throw element.error("\(path)[\(index)]: expected a number a double can hold, found one out of range")
            }
            numbers.append(number)
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
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
