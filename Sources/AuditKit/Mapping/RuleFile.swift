import Foundation

/// A rule file (`auditkit.rules.json`): the team's judgement of which warnings map to which code, and
/// which are system UI or accepted false positives.
///
/// Rules apply in file order and the first rule whose `match` holds wins. The format (JSON with `//`
/// and `/* */` comments allowed, `"version": 1`) is described in <doc:RuleFileFormat> and in `RuleFile.example`.
public struct RuleFile: Sendable {
    /// The default file name, looked up in the working directory.
    public static let defaultFileName = Project.OwnFile.rules

    /// The path the rules were read from, as given.
    public var path: String
    /// The format version (always 1).
    public var version: Int
    /// The rules, in file order.
    public var rules: [MappingRule]
    /// The rules under `"examples"`: checked as rules are, never applied. `init`'s file keeps its
    /// examples there, so nothing takes effect until the team writes a rule of its own.
    public var examples: [MappingRule]
    /// The screens the team declares (`"screens"`), in file order: the first that identifies a report's
    /// screen names it.
    public var screens: [ScreenDeclaration]

    /// Creates a rule file from rules already built.
    public init(
        path: String, rules: [MappingRule], examples: [MappingRule] = [], screens: [ScreenDeclaration] = []
    ) {
        self.path = path
        self.version = 1
        self.rules = rules
        self.examples = examples
        self.screens = screens
    }

    /// The name of the first declared screen that identifies `screen` (`ScreenDeclaration.matches`) and
    /// is not among `taken` (the names another screen of the same report took).
    public func declaredName(of screen: Screen, root: String?, views: [String?], taken: Set<String> = [])
        -> String?
    {
        screens.first { !taken.contains($0.name) && $0.matches(screen, root: root, views: views) }?.name
    }

    /// Reads and checks the rule file at `path`.
    /// - Throws: `AuditError` `.missingInput` when it cannot be read, `.badInput` with line and column
    ///   for a JSON error, an unknown key, a wrong type, a bad regular expression or a missing reason.
    public static func load(path: String) throws(AuditError) -> RuleFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuditError(.missingInput, "cannot read the rule file", path: path)
        }
        return try RuleFile(parsing: Array(data), path: path)
    }

    /// The longest string (an id, a pattern, a note, a reason, a key), in bytes, a rule file may hold:
    /// a longer one is refused at its line and column before it is decoded (a 50 MB note once took
    /// 1.1 GB to read).
    public static let maxStringBytes = 65_536

    /// Parses and checks rule-file text.
    /// - Throws: `AuditError` `.badInput` located at the offending line and column.
    public init(parsing bytes: [UInt8], path: String) throws(AuditError) {
        let reader: JSONReader
        do {
            reader = try JSONReader(bytes, maxStringBytes: RuleFile.maxStringBytes)
        } catch {
            throw error.auditError(path: path)
        }
        var parser = RuleFileParser(path: path)
        self = try parser.parseFile(reader.root)
    }

    /// The first rule, in file order, that matches `issue`.
    public func firstMatch(for issue: Issue, screen: Screen?) -> MappingRule? {
        var slow = Set<String>()
        return firstMatch(for: issue, screen: screen, slowRules: &slow).rule
    }

    /// The first rule, in file order, that matches `issue`, skipping the rules in `slowRules`; a rule
    /// whose regular expression runs past `RulePattern.timeLimit` on this issue is added to
    /// `slowRules` (so one slow rule costs a report one time limit, not one per issue), returned in
    /// `timedOut`, and counts as not matching.
    public func firstMatch(for issue: Issue, screen: Screen?, slowRules: inout Set<String>)
        -> (rule: MappingRule?, timedOut: [MappingRule])
    {
        var timedOut: [MappingRule] = []
        for rule in rules where !slowRules.contains(rule.id) {
            switch rule.match.evaluate(issue, screen: screen) {
            case .matched: return (rule, timedOut)
            case .notMatched: continue
            case .timedOut:
                slowRules.insert(rule.id)
                timedOut.append(rule)
            }
        }
        return (nil, timedOut)
    }
}

/// Turns a parsed JSON tree into rules, checking every key and value.
private struct RuleFileParser {
    let path: String

    func error(_ message: String, at position: JSONPosition) -> AuditError {
        JSONReadError(message: message, position: position).auditError(path: path)
    }

    static let fileKeys = ["version", "rules", "examples", "screens"]
    static let screenKeys = ["name", "rootView", "texts", "identifiers", "navigationTitle"]
    static let ruleKeys = ["id", "match", "view", "file", "line", "column", "symbol", "note", "status", "reason"]
    static let matchKeys = [
        "testType", "errorCode", "title", "text", "textIgnoringCase", "textMatches", "screen",
        "group", "duplicate", "region",
    ]
    static let regionKeys = ["top", "bottom", "left", "right", "rect"]
    static let rectKeys = ["x", "y", "width", "height"]

    func object(_ value: JSONReader.Value, _ what: String, allowed: [String]) throws(AuditError) -> [JSONReader.Member]
    {
        do { return try value.asObject(what, allowed: allowed) } catch { throw error.auditError(path: path) }
    }

    func string(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> String {
        guard let text = value.string else {
            throw error("\"\(key)\" must be a string, found \(value.typeDescription)", at: value.position)
        }
        return text
    }

    func nonEmptyString(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> String {
        let text = try string(value, key)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw error("\"\(key)\" must not be empty", at: value.position)
        }
        return text
    }

    func strings(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> [String] {
        if let items = value.elements {
            guard !items.isEmpty else { throw error("\"\(key)\" must not be an empty array", at: value.position) }
            var result: [String] = []
            for item in items { result.append(try string(item, key)) }
            return result
        }
        guard value.string != nil else {
            throw error(
                "\"\(key)\" must be a string or an array of strings, found \(value.typeDescription)",
                at: value.position)
        }
        return [try string(value, key)]
    }

    /// `strings(_:_:)`, each with something besides white space.
    func nonEmptyStrings(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> [String] {
        let texts = try strings(value, key)
        if texts.contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
            throw error("\"\(key)\" must not hold an empty string", at: value.position)
        }
        return texts
    }

    func integer(_ value: JSONReader.Value, _ key: String, minimum: Int) throws(AuditError) -> Int {
        guard let number = value.number, number.rounded() == number, number >= Double(minimum), number < 1e15 else {
            throw error(
                "\"\(key)\" must be a whole number of at least \(minimum), found \(describe(value))",
                at: value.position)
        }
        return Int(number)
    }

    func integers(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> [Int] {
        if let items = value.elements {
            guard !items.isEmpty else { throw error("\"\(key)\" must not be an empty array", at: value.position) }
            var result: [Int] = []
            for item in items { result.append(try integer(item, key, minimum: Int.min / 2)) }
            return result
        }
        return [try integer(value, key, minimum: Int.min / 2)]
    }

    func points(_ value: JSONReader.Value, _ key: String, allowZero: Bool = false) throws(AuditError) -> Double {
        guard let number = value.number, number.isFinite, allowZero ? number >= 0 : number > 0 else {
            throw error(
                "\"\(key)\" must be a \(allowZero ? "non-negative" : "positive") number of points, found \(describe(value))",
                at: value.position)
        }
        return number
    }

    func describe(_ value: JSONReader.Value) -> String {
        if let number = value.number { return "\(number)" }
        return value.typeDescription
    }

    func pattern(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> RulePattern {
        let source = try string(value, key)
        do {
            return try RulePattern(source)
        } catch {
            throw self.error(
                "bad regular expression in \"\(key)\": \(error.message); fix the expression (escape "
                    + "special characters such as ( [ . with a backslash, written \\\\ in JSON)", at: value.position)
        }
    }

    mutating func parseFile(_ root: JSONReader.Value) throws(AuditError) -> RuleFile {
        let members = try object(root, "the rule file", allowed: Self.fileKeys)
        guard let versionValue = root["version"] else {
            throw error("missing \"version\": add \"version\": 1 at the top of the file", at: root.position)
        }
        guard versionValue.number == 1 else {
            throw error(
                "unsupported version \(describe(versionValue)); this auditkit reads version 1",
                at: versionValue.position)
        }
        guard let rulesValue = members.first(where: { $0.key == "rules" })?.value else {
            throw error("missing \"rules\": add \"rules\": [] with the rules in order", at: root.position)
        }
        let rules = try parseRules(rulesValue, "rules")
        var examples: [MappingRule] = []
        if let examplesValue = members.first(where: { $0.key == "examples" })?.value {
            examples = try parseRules(examplesValue, "examples")
        }
        var screens: [ScreenDeclaration] = []
        if let screensValue = members.first(where: { $0.key == "screens" })?.value {
            screens = try parseScreens(screensValue)
        }
        return RuleFile(path: path, rules: rules, examples: examples, screens: screens)
    }

    /// The screen declarations of the array `value`, each name once.
    func parseScreens(_ value: JSONReader.Value) throws(AuditError) -> [ScreenDeclaration] {
        guard let items = value.elements else {
            throw error("\"screens\" must be an array, found \(value.typeDescription)", at: value.position)
        }
        var screens: [ScreenDeclaration] = []
        var names: [String: JSONPosition] = [:]
        for item in items {
            _ = try object(item, "a screen", allowed: Self.screenKeys)
            guard let nameValue = item["name"] else {
                throw error("a screen needs a \"name\" (what every output calls it)", at: item.position)
            }
            let name = try nonEmptyString(nameValue, "name").trimmingCharacters(in: .whitespacesAndNewlines)
            if let first = names[name.lowercased()] {
                throw error(
                    "duplicate screen name \"\(name)\" (first used at line \(first.line)); give each screen its own name",
                    at: nameValue.position)
            }
            names[name.lowercased()] = nameValue.position
            var declaration = ScreenDeclaration(
                name: name,
                definedAt: SourceLocation(file: path, line: item.position.line, column: item.position.column))
            if let v = item["rootView"] { declaration.rootView = try nonEmptyString(v, "rootView") }
            if let v = item["texts"] { declaration.texts = try nonEmptyStrings(v, "texts") }
            if let v = item["identifiers"] { declaration.identifiers = try nonEmptyStrings(v, "identifiers") }
            if let v = item["navigationTitle"] {
                declaration.navigationTitle = try nonEmptyString(v, "navigationTitle")
            }
            guard
                declaration.rootView != nil || !declaration.texts.isEmpty || !declaration.identifiers.isEmpty
                    || declaration.navigationTitle != nil
            else {
                throw error(
                    "screen \"\(name)\" says nothing that identifies it; give a \"rootView\", \"texts\", "
                        + "\"identifiers\" or a \"navigationTitle\"", at: item.position)
            }
            screens.append(declaration)
        }
        return screens
    }

    /// The rules of the array `value` (`"rules"` or `"examples"`, named by `key`), each id once.
    mutating func parseRules(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> [MappingRule] {
        guard let items = value.elements else {
            throw error("\"\(key)\" must be an array, found \(value.typeDescription)", at: value.position)
        }
        var rules: [MappingRule] = []
        var ids: [String: JSONPosition] = [:]
        for item in items {
            let rule = try parseRule(item)
            if let first = ids[rule.id] {
                throw error(
                    "duplicate rule id \"\(rule.id)\" (first used at line \(first.line)); give each rule its own id",
                    at: item["id"]?.position ?? item.position)
            }
            ids[rule.id] = item["id"]?.position ?? item.position
            rules.append(rule)
        }
        return rules
    }

    func parseRule(_ value: JSONReader.Value) throws(AuditError) -> MappingRule {
        _ = try object(value, "a rule", allowed: Self.ruleKeys)
        guard let idValue = value["id"] else {
            throw error("a rule needs an \"id\" (a short unique name such as \"status-bar\")", at: value.position)
        }
        let id = try nonEmptyString(idValue, "id")
        guard let matchValue = value["match"] else {
            throw error("rule \"\(id)\" needs a \"match\" object (use {} to match every issue)", at: value.position)
        }
        let match = try parseMatch(matchValue)
        var conclusion = RuleConclusion()
        if let v = value["view"] { conclusion.view = try nonEmptyString(v, "view") }
        if let v = value["file"] { conclusion.file = try nonEmptyString(v, "file") }
        if let v = value["line"] { conclusion.line = try integer(v, "line", minimum: 1) }
        if let v = value["column"] { conclusion.column = try integer(v, "column", minimum: 1) }
        if let v = value["symbol"] { conclusion.symbol = try nonEmptyString(v, "symbol") }
        if let v = value["note"] { conclusion.note = try string(v, "note") }
        if conclusion.line != nil, conclusion.file == nil, let v = value["line"] {
            throw error("rule \"\(id)\" gives a \"line\" without a \"file\"; add the file", at: v.position)
        }
        if conclusion.column != nil, conclusion.line == nil, let v = value["column"] {
            throw error("rule \"\(id)\" gives a \"column\" without a \"line\"; add the line", at: v.position)
        }
        let reason = try value["reason"].map { (v) throws(AuditError) in try nonEmptyString(v, "reason") }
        let statusText = try value["status"].map { (v) throws(AuditError) in try string(v, "status") } ?? "open"
        switch statusText {
        case "open":
            conclusion.status = .open
        case "system":
            conclusion.status = .system
        case "accepted":
            guard let reason else {
                throw error(
                    "rule \"\(id)\" has status \"accepted\" but no \"reason\"; add \"reason\": \"why this warning is "
                        + "a false positive\"", at: value["status"]?.position ?? value.position)
            }
            conclusion.status = .accepted(reason: reason)
        default:
            throw error(
                "unknown status \"\(statusText)\"; expected open, accepted or system",
                at: value["status"]?.position ?? value.position)
        }
        if reason != nil, statusText != "accepted", let v = value["reason"] {
            throw error(
                "\"reason\" only goes with \"status\": \"accepted\"; remove it or use a \"note\"", at: v.position)
        }
        let location = SourceLocation(file: path, line: value.position.line, column: value.position.column)
        return MappingRule(id: id, match: match, conclusion: conclusion, definedAt: location)
    }

    func parseMatch(_ value: JSONReader.Value) throws(AuditError) -> RuleMatch {
        _ = try object(value, "\"match\"", allowed: Self.matchKeys)
        var match = RuleMatch()
        if let v = value["testType"] {
            var types: [TestType] = []
            for name in try strings(v, "testType") {
                let type = TestType(key: name)
                if case .other = type, !name.lowercased().hasPrefix("other:") {
                    throw error(
                        "unknown test type \"\(name)\"; expected one of: "
                            + TestType.known.map(\.key).joined(separator: ", ") + " (or other:<name>)", at: v.position)
                }
                types.append(type)
            }
            match.testTypes = types
        }
        if let v = value["errorCode"] { match.errorCodes = try integers(v, "errorCode") }
        if let v = value["title"] { match.title = try pattern(v, "title") }
        let textKeys = ["text", "textIgnoringCase", "textMatches"].filter { value[$0] != nil }
        if textKeys.count > 1, let v = value[textKeys[1]] {
            throw error("give only one of \"text\", \"textIgnoringCase\" and \"textMatches\"", at: v.position)
        }
        if let v = value["text"] { match.text = .exact(try string(v, "text")) }
        if let v = value["textIgnoringCase"] { match.text = .ignoringCase(try string(v, "textIgnoringCase")) }
        if let v = value["textMatches"] { match.text = .pattern(try pattern(v, "textMatches")) }
        if let v = value["screen"] { match.screens = try strings(v, "screen") }
        if let v = value["group"] { match.groups = try strings(v, "group") }
        if let v = value["duplicate"] {
            guard let flag = v.bool else {
                throw error("\"duplicate\" must be true or false, found \(v.typeDescription)", at: v.position)
            }
            match.duplicate = flag
        }
        if let v = value["region"] { match.region = try parseRegion(v) }
        return match
    }

    func parseRegion(_ value: JSONReader.Value) throws(AuditError) -> ScreenRegion {
        let members = try object(value, "\"region\"", allowed: Self.regionKeys)
        guard !members.isEmpty else {
            throw error("\"region\" needs at least one of: top, bottom, left, right, rect", at: value.position)
        }
        var region = ScreenRegion()
        if let v = value["top"] { region.top = try points(v, "top") }
        if let v = value["bottom"] { region.bottom = try points(v, "bottom") }
        if let v = value["left"] { region.left = try points(v, "left") }
        if let v = value["right"] { region.right = try points(v, "right") }
        if let v = value["rect"] {
            _ = try object(v, "\"rect\"", allowed: Self.rectKeys)
            var numbers: [Double] = []
            for key in Self.rectKeys {
                guard let n = v[key] else {
                    throw error("\"rect\" needs \"\(key)\" (x, y, width, height in points)", at: v.position)
                }
                numbers.append(try points(n, key, allowZero: true))
            }
            region.rect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        return region
    }
}
