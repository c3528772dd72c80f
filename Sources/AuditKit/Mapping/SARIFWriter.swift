import Foundation

/// Writes a report's mapped issues as SARIF 2.1.0, the format GitHub code scanning and many editors read.
///
/// One reporting rule per test type found in the report (`id` = the test type's key, e.g. `contrast`);
/// one result per issue with its physical location when the mapping has one, the report path and
/// issue number in `properties`, an optional fingerprint in `partialFingerprints["auditkit/v1"]` and an
/// optional `baselineState`. Accepted and system issues are `note`s with an external suppression.
/// Columns are UTF-8 byte columns (identical to UTF-16 columns for ASCII lines).
///
/// Every result has at least one location, because GitHub's upload-sarif rejects results without one:
/// an issue (or absent baseline warning) with no source location is located on the report file itself,
/// with no region: its path relative to the working directory (against `SRCROOT`) when it is under it,
/// else an absolute `file://` URI, percent-encoded like source paths.
public enum SARIFWriter {
    /// Per-issue inputs from the history: a stable fingerprint and the baseline comparison.
    public struct IssueExtras: Sendable, Hashable {
        /// A stable identity of the warning across reports.
        public var fingerprint: String?
        /// How it compares with the baseline.
        public var baselineState: BaselineState?

        /// Creates extras.
        public init(fingerprint: String? = nil, baselineState: BaselineState? = nil) {
            self.fingerprint = fingerprint
            self.baselineState = baselineState
        }
    }

    /// A warning that was in the baseline but is not in this report (emitted with `baselineState` `absent`).
    public struct AbsentResult: Sendable, Hashable {
        /// Its fingerprint.
        public var fingerprint: String
        /// Its test type.
        public var testType: TestType
        /// A message describing it.
        public var message: String
        /// Where it was, when known.
        public var location: SourceLocation?

        /// Creates an absent result.
        public init(fingerprint: String, testType: TestType, message: String, location: SourceLocation? = nil) {
            self.fingerprint = fingerprint
            self.testType = testType
            self.message = message
            self.location = location
        }
    }

    /// The SARIF log as JSON bytes (pretty-printed, sorted keys).
    /// - Parameters:
    ///   - report: the report the results are about.
    ///   - mapping: each issue's mapping.
    ///   - extras: fingerprints and baseline states by issue number.
    ///   - absent: baseline warnings no longer present.
    public static func data(
        report: InspectorReport, mapping: MappingResult, extras: [Int: IssueExtras] = [:],
        absent: [AbsentResult] = []
    ) -> Data {
        let log = document(report: report, mapping: mapping, extras: extras, absent: absent)
        return
            (try? JSONSerialization.data(
                withJSONObject: log,
                options: [
                    .prettyPrinted, .sortedKeys,
                    .withoutEscapingSlashes,
                ])) ?? Data()
    }

    /// The SARIF log as a JSON object tree.
    public static func document(
        report: InspectorReport, mapping: MappingResult, extras: [Int: IssueExtras] = [:],
        absent: [AbsentResult] = []
    ) -> [String: Any] {
        // Rules: the test types present, in the Inspector's order, then others by name.
        var types: [TestType] = []
        for issue in report.issues where !types.contains(issue.testType) { types.append(issue.testType) }
        for result in absent where !types.contains(result.testType) { types.append(result.testType) }
        types.sort { a, b in
            let ia = TestType.known.firstIndex(of: a) ?? Int.max
            let ib = TestType.known.firstIndex(of: b) ?? Int.max
            return ia != ib ? ia < ib : a.key < b.key
        }
        let rules: [[String: Any]] = types.map { type in
            [
                "id": type.key,
                "name": type.displayName.filter { $0.isLetter || $0.isNumber },
                "shortDescription": ["text": "Accessibility Inspector: \(type.displayName)"],
                "fullDescription": ["text": "Warnings of the Accessibility Inspector's \(type.displayName) audit."],
                "defaultConfiguration": ["level": "warning"],
                "properties": ["tags": ["accessibility"]],
            ]
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: types.enumerated().map { ($1, $0) })
        let reportLocation = location(
            SourceLocation(
                file: SourceIndex.displayPath(
                    report.sourcePath, workingDirectory: FileManager.default.currentDirectoryPath)))
        var results: [[String: Any]] = []
        for issue in report.issues {
            let entry = mapping.issue(issue.number)
            let primary = entry?.primary
            let status = primary?.status ?? .open
            var text = "\(issue.shortTitle)"
            if let element = issue.elementText, !element.isEmpty { text += ": \"\(element)\"" }
            text += " (\(issue.testType.displayName), issue \(issue.number), screen \(issue.screenName))"
            if let suggestion = issue.suggestion, !suggestion.isEmpty { text += ". \(suggestion)" }
            var result: [String: Any] = [
                "ruleId": issue.testType.key,
                "ruleIndex": ruleIndex[issue.testType] ?? 0,
                "level": status == .open ? "warning" : "note",
                "message": ["text": text],
            ]
            result["locations"] = [primary?.location.map(self.location) ?? reportLocation]
            var properties: [String: Any] = [
                "report": report.sourcePath, "issueNumber": issue.number, "screen": issue.screenName,
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
            if let extra = extras[issue.number] {
                if let fingerprint = extra.fingerprint { result["partialFingerprints"] = ["auditkit/v1": fingerprint] }
                if let state = extra.baselineState { result["baselineState"] = state.rawValue }
            }
            results.append(result)
        }
        for gone in absent {
            var result: [String: Any] = [
                "ruleId": gone.testType.key, "ruleIndex": ruleIndex[gone.testType] ?? 0, "level": "note",
                "message": ["text": gone.message], "baselineState": BaselineState.absent.rawValue,
                "partialFingerprints": ["auditkit/v1": gone.fingerprint],
                "properties": ["report": report.sourcePath],
            ]
            result["locations"] = [gone.location.map(self.location) ?? reportLocation]
            results.append(result)
        }
        let run: [String: Any] = [
            "tool": ["driver": ["name": "auditkit", "version": AuditKit.version, "rules": rules]],
            "originalUriBaseIds": ["SRCROOT": ["uri": "file://" + percentEncoded(workingDirectoryWithSlash())]],
            "results": results,
        ]
        return ["version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "runs": [run]]
    }

    static func location(_ location: SourceLocation) -> [String: Any] {
        var artifact: [String: Any]
        if location.file.hasPrefix("/") {
            artifact = ["uri": "file://" + percentEncoded(location.file)]
        } else {
            artifact = ["uri": percentEncoded(location.file), "uriBaseId": "SRCROOT"]
        }
        var physical: [String: Any] = ["artifactLocation": artifact]
        if let line = location.line, line >= 1 {
            var region: [String: Any] = ["startLine": line]
            if let column = location.column, column >= 1 { region["startColumn"] = column }
            physical["region"] = region
        }
        return ["physicalLocation": physical]
    }

    static func percentEncoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    static func workingDirectoryWithSlash() -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return cwd.hasSuffix("/") ? cwd : cwd + "/"
    }
}
