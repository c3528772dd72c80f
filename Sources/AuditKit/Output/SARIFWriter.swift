import Foundation

/// Writes the mapped issues of one report, or of every report of a run, as one SARIF 2.1.0 run, the
/// format GitHub code scanning and many editors read. Warnings an audit resolved are no results: code
/// scanning shows every result as an open alert, and closes the alerts a later upload no longer has.
///
/// One reporting rule per test type found in the reports (`id` = the test type's key, e.g. `contrast`), and
/// per guidance row whose WCAG criterion differs from its type's (`AccessibilityGuidance.ruleID`:
/// `element-description/image`, WCAG 1.1.1), so a rule and its results state one criterion;
/// one result per issue with its physical location when the mapping has one, the report path and
/// issue number in `properties`, an optional fingerprint in `partialFingerprints["auditkit/v1"]` and an
/// optional `baselineState`. Accepted and system issues are `note`s with an external suppression.
/// The run declares `columnKind` `utf16CodeUnits`, as GitHub code scanning expects: byte columns from the
/// mapping are converted by reading the line from the source file (when the file or line cannot be read,
/// the byte column is kept, which is exact for ASCII lines). Xcode lines keep byte columns, as clang's do.
///
/// Every result has at least one location, because GitHub's upload-sarif rejects results without one:
/// an issue with no source location is located on the report file itself,
/// with no region: its path relative to the project root (`SRCROOT`, from any working folder) when it is under it,
/// else an absolute `file://` URI, percent-encoded like source paths.
public enum SARIFWriter {
    /// Per-issue inputs from the history: a stable fingerprint and the baseline comparison.
    public struct IssueExtras: Sendable, Hashable {
        /// A stable identity of the warning across reports.
        public var fingerprint: String?
        /// How it compares with the baseline.
        public var baselineState: BaselineState?
        /// The baseline's reason, when the baseline accepts the warning (as `check` counts it): the
        /// result is then a `note` with an external suppression giving the reason.
        public var acceptedByBaseline: String?

        /// Creates extras.
        public init(fingerprint: String? = nil, baselineState: BaselineState? = nil, acceptedByBaseline: String? = nil)
        {
            self.fingerprint = fingerprint
            self.baselineState = baselineState
            self.acceptedByBaseline = acceptedByBaseline
        }
    }

    /// The SARIF log of one report as JSON bytes (pretty-printed, sorted keys).
    /// - Parameters:
    ///   - report: the report the results are about.
    ///   - mapping: each issue's mapping.
    ///   - extras: fingerprints and baseline states by issue number.
    ///   - likelyCauses: fixed font sizes near Dynamic Type issues, by issue number, written as the
    ///     results' `relatedLocations`.
    ///   - root: the project's root as an absolute path (`SRCROOT`; default: the working folder): paths
    ///     under it are written relative to it, whatever the working folder, as code scanning resolves them.
    public static func data(
        report: InspectorReport, mapping: MappingResult, extras: [Int: IssueExtras] = [:],
        likelyCauses: [Int: [LikelyCause]] = [:], root: String? = nil
    ) -> Data {
        data(
            reports: [MappedReport(report: report, mapping: mapping, extras: extras, likelyCauses: likelyCauses)],
            root: root)
    }

    /// The SARIF log of `reports` (a run's, oldest first) as JSON bytes: one run object holding the
    /// results of every report; a warning two reports show (by fingerprint) is the later one's result.
    public static func data(reports: [MappedReport], root: String? = nil) -> Data {
        serialized(document(reports: reports, root: root))
    }

    /// `text` as a SARIF message's plain text (SARIF 2.1.0 §3.11.5, §3.11.6): `{` and `}` doubled, so no
    /// report text reads as a placeholder (`{0}`), and `[`, `]` (and a backslash before one) escaped with a
    /// backslash, so none reads as an embedded link (`[text](url)`): a viewer shows the text as written.
    static func messageText(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        var characters = text.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            switch character {
            case "{": escaped += "{{"
            case "}": escaped += "}}"
            case "[", "]": escaped += "\\" + String(character)
            case "\\" where next == "[" || next == "]": escaped += "\\\\"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A SARIF log object tree as JSON bytes, by the one JSON writer (pretty-printed, sorted keys,
    /// slashes unescaped).
    static func serialized(_ log: [String: Any]) -> Data { JSONWriter.data(tree: log) }

    /// The SARIF 2.1.0 log of one run of auditkit with these reporting rules and results: the tool, the
    /// `SRCROOT` base (`root`) and UTF-16 columns.
    static func log(rules: [[String: Any]], results: [[String: Any]], root: SourceRoot) -> [String: Any] {
        let run: [String: Any] = [
            "tool": ["driver": ["name": "auditkit", "version": AuditKit.version, "rules": rules]],
            "originalUriBaseIds": ["SRCROOT": ["uri": "file://" + percentEncoded(root.withSlash)]],
            "columnKind": "utf16CodeUnits",
            "results": results,
        ]
        return ["version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "runs": [run]]
    }

    /// The SARIF log of one report as a JSON object tree.
    public static func document(
        report: InspectorReport, mapping: MappingResult, extras: [Int: IssueExtras] = [:],
        likelyCauses: [Int: [LikelyCause]] = [:], root: String? = nil
    ) -> [String: Any] {
        document(
            reports: [MappedReport(report: report, mapping: mapping, extras: extras, likelyCauses: likelyCauses)],
            root: root)
    }

    /// The SARIF log of `reports` as a JSON object tree (`data(reports:root:)`).
    public static func document(reports: [MappedReport], root: String? = nil) -> [String: Any] {
        let root = SourceRoot(root)
        // Rules: one per test type present and per guidance row whose criterion differs from its type's
        // (`AccessibilityGuidance.ruleID`), in the one test-type order, a type's main rule first.
        var rows: [String: (type: TestType, guidance: AccessibilityGuidance?)] = [:]
        func ruleID(_ type: TestType, _ guidance: AccessibilityGuidance?) -> String {
            let id = guidance?.ruleID ?? type.key
            if rows[id] == nil {
                rows[id] = (type, id == type.key ? AccessibilityGuidance.guidance(for: type) : guidance)
            }
            return id
        }
        let issueRules = reports.map { input in
            input.report.issues.map { ruleID($0.testType, AccessibilityGuidance.guidance(for: $0)) }
        }
        let ruleIDs = rows.keys.sorted { a, b in
            let (ra, rb) = (rows[a]!.type.rank, rows[b]!.type.rank)
            return ra != rb ? ra < rb : (a.count, a) < (b.count, b)
        }
        let rules: [[String: Any]] = ruleIDs.map { id in
            let (type, guidance) = rows[id]!
            let kind = id == type.key ? "" : " (\(guidance?.subKind ?? id))"
            var rule: [String: Any] = [
                "id": id,
                "name": (type.displayName + kind).filter { $0.isLetter || $0.isNumber },
                "shortDescription": ["text": "Accessibility Inspector: \(type.displayName)\(kind)"],
                "fullDescription": [
                    "text": "Warnings of the Accessibility Inspector's \(type.displayName) audit\(kind)."
                ],
                "defaultConfiguration": ["level": "warning"],
                "properties": ["tags": ["accessibility"]],
            ]
            if let guidance { rule.merge(guidanceFields(guidance), uniquingKeysWith: { _, new in new }) }
            return rule
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        var columns = UTF16Columns()
        // A warning a later report of the run shows again is that report's result.
        var laterFingerprints = Set<String>()
        var kept: [[[String: Any]]] = []
        for (input, rules) in zip(reports, issueRules).reversed() {
            let results = self.results(
                input, rules: rules, ruleIndex: ruleIndex, columns: &columns, root: root)
            kept.append(
                results.filter { result in
                    guard let fingerprint = (result["partialFingerprints"] as? [String: Any])?["auditkit/v1"] as? String
                    else { return true }
                    return !laterFingerprints.contains(fingerprint)
                })
            for result in results {
                if let fingerprint = (result["partialFingerprints"] as? [String: Any])?["auditkit/v1"] as? String {
                    laterFingerprints.insert(fingerprint)
                }
            }
        }
        let results = kept.reversed().flatMap { $0 }
        return log(rules: rules, results: results, root: root)
    }

    /// The results of one report's issues, in report order.
    private static func results(
        _ input: MappedReport, rules: [String], ruleIndex: [String: Int], columns: inout UTF16Columns, root: SourceRoot
    ) -> [[String: Any]] {
        let report = input.report
        let reportPath = root.relative(report.sourcePath) ?? report.sourcePath
        let reportLocation = location(
            SourceLocation(
                file: SourceFiles.displayPath(
                    report.sourcePath, workingDirectory: FileManager.default.currentDirectoryPath)),
            columns: &columns, root: root)
        return report.issues.enumerated().map { position, issue -> [String: Any] in
            let entry = input.mapping.issue(issue.number)
            let primary = entry?.primary
            var status = primary?.status ?? .open
            if status == .open, let reason = input.extras[issue.number]?.acceptedByBaseline {
                status = .accepted(reason: "accepted in the baseline: " + reason)
            }
            var text = "\(issue.shortTitle)"
            if let element = issue.elementText, !element.isEmpty { text += ": \"\(element)\"" }
            text += " (\(issue.testType.displayName), issue \(issue.number), screen \(issue.screenName))"
            if let suggestion = issue.suggestion, !suggestion.isEmpty { text += ". \(suggestion)" }
            var result: [String: Any] = [
                "ruleId": rules[position],
                "ruleIndex": ruleIndex[rules[position]] ?? 0,
                "level": status == .open ? "warning" : "note",
                "message": ["text": messageText(text)],
            ]
            result["locations"] = [
                primary?.location.map { location($0, columns: &columns, root: root) } ?? reportLocation
            ]
            var properties: [String: Any] = [
                "report": reportPath, "issueNumber": issue.number, "screen": issue.screenName,
                "screenGroup": issue.screenGroupName, "status": status.key, "duplicate": issue.isDuplicate,
            ]
            if let code = issue.errorCode { properties["errorCode"] = code }
            if let element = issue.elementText { properties["elementText"] = element }
            if let primary {
                properties["mappingOrigin"] = primary.origin.rawValue
                properties["confidence"] = primary.confidence
                if let view = primary.view { properties["view"] = view }
                if let symbol = primary.symbol { properties["symbol"] = symbol }
                if let rule = primary.ruleID { properties["auditkitRule"] = rule }
            }
            if entry?.isAmbiguous == true { properties["ambiguous"] = true }
            if let identifier = issue.identifier { properties["identifier"] = identifier }
            if let guidance = AccessibilityGuidance.guidance(for: issue) {
                properties["guidance"] = guidance.id
                properties["wcag"] = guidance.criterion.number
                properties["wcagLevel"] = guidance.criterion.level
            }
            result["properties"] = properties
            switch status {
            case .open: break
            case .accepted(let reason):
                result["suppressions"] = [["kind": "external", "status": "accepted", "justification": reason]]
            case .system:
                result["suppressions"] = [
                    [
                        "kind": "external", "status": "accepted",
                        "justification": "system UI the app does not control",
                    ]
                ]
            }
            if let extra = input.extras[issue.number] {
                if let fingerprint = extra.fingerprint { result["partialFingerprints"] = ["auditkit/v1": fingerprint] }
                if let state = extra.baselineState { result["baselineState"] = state.rawValue }
            }
            let causes = input.likelyCauses[issue.number] ?? []
            if !causes.isEmpty {
                result["relatedLocations"] = causes.enumerated().map { n, cause -> [String: Any] in
                    var related = location(cause.location, columns: &columns, root: root)
                    related["id"] = n + 1
                    related["message"] = ["text": messageText(cause.sentence)]
                    return related
                }
            }
            return result
        }
    }

    /// A rule's WCAG and Apple guidance (`AccessibilityGuidance`): `helpUri` (the criterion's W3C
    /// "Understanding" page), `help` (text and Markdown) and `properties.tags` with the criteria and
    /// levels (`WCAG2.2-1.4.3`, `level-AA`), which GitHub code scanning shows and filters by; nothing
    /// for a test type the table does not know.
    static func guidanceFields(_ guidance: AccessibilityGuidance) -> [String: Any] {
        [
            "helpUri": guidance.criterion.understandingURL,
            "help": ["text": guidance.helpText, "markdown": guidance.helpMarkdown],
            "properties": [
                "tags": guidance.tags, "wcag": guidance.criterion.number, "wcagLevel": guidance.criterion.level,
                "guidanceTable": AccessibilityGuidance.tableVersion,
            ],
        ]
    }

    /// A SARIF location for a byte-column `location`, its column converted to UTF-16 code units by
    /// reading the file's line through `columns`.
    static func location(_ location: SourceLocation, columns: inout UTF16Columns, root: SourceRoot) -> [String: Any] {
        var converted = location
        if let line = location.line, let column = location.column {
            converted.column = columns.utf16Column(file: location.file, line: line, byteColumn: column) ?? column
        }
        return self.location(converted, utf16Column: converted.column, root: root)
    }

    /// The UTF-16 code-unit column of the UTF-8 byte column `byteColumn` in `line`; nil when it falls
    /// inside a character or more than one past the line's end.
    public static func utf16Column(in line: String, byteColumn: Int) -> Int? {
        UTF16Columns.utf16Column(line: Array(line.utf8)[...], byteColumn: byteColumn)
    }

    /// A SARIF location whose column is already in UTF-16 code units (`utf16Column`), if known: a path
    /// under `root` relative to it (`uriBaseId` `SRCROOT`), another as an absolute `file://` URI.
    static func location(_ location: SourceLocation, utf16Column: Int?, root: SourceRoot) -> [String: Any] {
        var artifact: [String: Any]
        if let relative = root.relative(location.file) {
            artifact = ["uri": percentEncoded(relative), "uriBaseId": "SRCROOT"]
        } else {
            artifact = ["uri": "file://" + percentEncoded(root.absolute(location.file))]
        }
        var physical: [String: Any] = ["artifactLocation": artifact]
        if let line = location.line, line >= 1 {
            var region: [String: Any] = ["startLine": line]
            if let column = utf16Column, column >= 1 { region["startColumn"] = column }
            physical["region"] = region
        }
        return ["physicalLocation": physical]
    }

    /// The folder SARIF paths are relative to (`SRCROOT`): the project's root, as an absolute path.
    struct SourceRoot {
        /// The root, standardized, without a trailing slash (but `/` itself).
        var path: String
        let workingDirectory = FileManager.default.currentDirectoryPath

        /// The root `path` (absolute; the working folder when nil).
        init(_ path: String?) {
            self.path = ((path ?? FileManager.default.currentDirectoryPath) as NSString).standardizingPath
        }

        /// The root with one trailing slash, as `originalUriBaseIds` wants it.
        var withSlash: String { path.hasSuffix("/") ? path : path + "/" }

        /// `file` (relative to the working folder, or absolute) as an absolute, standardized path.
        func absolute(_ file: String) -> String {
            file.hasPrefix("/")
                ? (file as NSString).standardizingPath
                : ((workingDirectory as NSString).appendingPathComponent(file) as NSString).standardizingPath
        }

        /// `file` relative to the root, when it is under it.
        func relative(_ file: String) -> String? {
            let full = absolute(file)
            return full.hasPrefix(withSlash) ? String(full.dropFirst(withSlash.count)) : nil
        }
    }

    static func percentEncoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

}

/// Converts UTF-8 byte columns to UTF-16 code-unit columns by reading source lines, each file once.
struct UTF16Columns {
    private var files: [String: [UInt8]?] = [:]

    /// The UTF-16 column of `byteColumn` on `line` of `file` (relative to the working directory or
    /// absolute); nil when the file cannot be read, has no such line, or the column falls inside a
    /// character or past the line's end.
    mutating func utf16Column(file: String, line: Int, byteColumn: Int) -> Int? {
        if files[file] == nil {
            files[file] = .some(FileManager.default.contents(atPath: file).map { Array($0) })
        }
        guard let bytes = files[file] ?? nil, line >= 1, byteColumn >= 1 else { return nil }
        var start = 0
        var current = 1
        while current < line {
            guard let newline = bytes[start...].firstIndex(of: 10) else { return nil }
            start = newline + 1
            current += 1
        }
        let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
        return Self.utf16Column(line: bytes[start..<end], byteColumn: byteColumn)
    }

    /// The UTF-16 column of `byteColumn` in one line's bytes; nil when it falls inside a character or
    /// more than one past the end.
    static func utf16Column(line: ArraySlice<UInt8>, byteColumn: Int) -> Int? {
        let offset = byteColumn - 1
        guard offset >= 0, offset <= line.count else { return nil }
        let position = line.startIndex + offset
        if position < line.endIndex, line[position] & 0xC0 == 0x80 { return nil }
        var units = 0
        for b in line[line.startIndex..<position] where b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
        return units + 1
    }
}
