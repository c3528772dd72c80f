import Foundation

extension MappingResult {
    /// The human-readable listing: a summary line, then issues grouped by view, each with its likely
    /// causes (`FontScanResult.likelyCauses(report:mapping:)`) when given. Every line is one line:
    /// the report's texts in it have their line breaks and control characters shown as escapes.
    public func textOutput(report: InspectorReport, likelyCauses: [Int: [LikelyCause]] = [:]) -> String {
        let c = counts
        var text = ""
        func add(_ line: String) { text += PrintableText.escaped(line) + "\n" }
        add(
            "\(report.fileName): \(c.total) issue\(c.total == 1 ? "" : "s"), \(c.byRule) by rules, "
                + "\(c.fromSource) from source text, "
                + (c.systemUI > 0 ? "\(c.systemUI) system UI by position, " : "")
                + "\(c.ambiguous) ambiguous, \(c.unmapped) not mapped")
        if let audited = auditedTarget { add("audited target: \(audited.name) (\(audited.reason))") }
        let issuesByNumber = Dictionary(report.issues.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        for group in groupedByView() {
            text += "\n"
            add(group.view ?? "(no view)")
            for number in group.issueNumbers {
                guard let entry = issue(number), let issue = issuesByNumber[number] else { continue }
                var line = "  #\(number) \(issue.testType.displayName): \(issue.shortTitle)"
                if let element = issue.elementText, !element.isEmpty { line += " \"\(element)\"" }
                add(line)
                if let primary = entry.primary {
                    var detail = "      -> " + (primary.location?.description ?? "no location")
                    if let symbol = primary.symbol { detail += "  \(symbol)" }
                    detail += "  [\(primary.status.key)"
                    if case .accepted(let reason) = primary.status { detail += ": \(reason)" }
                    detail += ", \(Int((primary.confidence * 100).rounded()))%]"
                    add(detail)
                    if let note = primary.note, !note.isEmpty { add("         \(note)") }
                }
                add("         \(entry.explanation)")
                for cause in likelyCauses[number] ?? [] { add("         \(cause.sentence)") }
                if entry.isAmbiguous {
                    for other in entry.candidates.dropFirst() {
                        add(
                            "         also: \(other.location?.description ?? "?")"
                                + (other.view.map { " (\($0))" } ?? "") + " \(Int((other.confidence * 100).rounded()))%"
                        )
                    }
                }
            }
        }
        return text
    }

    /// One Xcode diagnostic per issue: `warning` for open issues, `note` for accepted and system ones;
    /// issues without a location become plain warnings. Each likely cause follows its issue as a `note` at
    /// the cause's location.
    public func xcodeDiagnostics(report: InspectorReport, likelyCauses: [Int: [LikelyCause]] = [:])
        -> [XcodeDiagnostic]
    {
        let issuesByNumber = Dictionary(report.issues.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        return issues.flatMap { entry -> [XcodeDiagnostic] in
            guard let issue = issuesByNumber[entry.issueNumber] else { return [] }
            let status = entry.primary?.status ?? .open
            var message = "[\(issue.testType.displayName)] \(issue.shortTitle)"
            if let element = issue.elementText, !element.isEmpty { message += " \"\(element)\"" }
            message += " (issue \(issue.number) of \(report.fileName)"
            if let view = entry.primary?.view { message += ", \(view)" }
            switch status {
            case .open: break
            case .accepted(let reason): message += ", accepted: \(reason)"
            case .system: message += ", system UI"
            }
            if entry.isAmbiguous { message += ", ambiguous" }
            message += ")"
            let diagnostic = XcodeDiagnostic(
                location: entry.primary?.location, severity: status == .open ? .warning : .note,
                message: message)
            let notes = (likelyCauses[entry.issueNumber] ?? []).map { cause in
                XcodeDiagnostic(
                    location: cause.location, severity: .note,
                    message: "likely cause of issue \(issue.number) (\(cause.distanceText) its match): \(cause.code)")
            }
            return [diagnostic] + notes
        }
    }

    /// The JSON form (`"version": 1`, sorted keys, final newline; `JSONWriter.document`): every issue with its primary mapping, candidates,
    /// explanation and `likelyCauses` (empty unless given), and the view groups; encoded from the
    /// `Encodable` types below.
    public func jsonOutput(report: InspectorReport, likelyCauses: [Int: [LikelyCause]] = [:]) -> Data {
        (try? JSONWriter.document(jsonDocument(report: report, likelyCauses: likelyCauses))) ?? Data()
    }

    /// `map --format json` of several reports: one object whose `reports` holds each report's document
    /// (`jsonOutput(report:likelyCauses:)` without its `version`).
    public static func jsonOutput(_ reports: [MappedReport]) -> Data {
        struct Reports: Encodable { var reports: [MappingJSON] }
        let documents = reports.map { $0.mapping.jsonDocument(report: $0.report, likelyCauses: $0.likelyCauses) }
        return (try? JSONWriter.document(Reports(reports: documents))) ?? Data()
    }

    /// The JSON document of `report`'s mapping.
    func jsonDocument(report: InspectorReport, likelyCauses: [Int: [LikelyCause]]) -> MappingJSON {
        let issuesByNumber = Dictionary(report.issues.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        let items = issues.map { entry in
            let issue = issuesByNumber[entry.issueNumber]
            return MappingJSON.Issue(
                number: entry.issueNumber, ambiguous: entry.isAmbiguous, explanation: entry.explanation,
                testType: issue?.testType.key, shortTitle: issue?.shortTitle, screen: issue?.screenName,
                elementText: issue?.elementText, errorCode: issue?.errorCode,
                identifier: issue?.identifier, guidance: issue.flatMap(AccessibilityGuidance.guidance(for:)),
                mapping: entry.primary.map(MappingJSON.Mapping.init),
                candidates: entry.candidates.map(MappingJSON.Mapping.init),
                likelyCauses: (likelyCauses[entry.issueNumber] ?? []).map {
                    MappingJSON.Cause(
                        file: $0.location.file, line: $0.location.line, column: $0.location.column, code: $0.code,
                        lineDistance: $0.lineDistance)
                })
        }
        return MappingJSON(
            report: report.sourcePath, auditedTarget: auditedTarget, issues: items,
            views: groupedByView().map { MappingJSON.View(view: $0.view, issues: $0.issueNumbers) })
    }
}

/// `map --format json`.
struct MappingJSON: Encodable {
    /// One issue.
    struct Issue: Encodable {
        var number: Int
        var ambiguous: Bool
        var explanation: String
        var testType: String?
        var shortTitle: String?
        var screen: String?
        var elementText: String?
        var errorCode: Int?
        /// The element's accessibility identifier (automated audits).
        var identifier: String?
        /// The warning's WCAG criterion, Apple's guidance and the fixes.
        var guidance: AccessibilityGuidance?
        var mapping: Mapping?
        var candidates: [Mapping]
        var likelyCauses: [Cause]

        func encode(to encoder: any Encoder) throws {
            enum Key: String, CodingKey {
                case number, ambiguous, explanation, testType, shortTitle, screen, elementText, errorCode, mapping
                case candidates, likelyCauses, identifier, guidance
            }
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(number, forKey: .number)
            try container.encode(ambiguous, forKey: .ambiguous)
            try container.encode(explanation, forKey: .explanation)
            try container.encodeIfPresent(testType, forKey: .testType)
            try container.encodeIfPresent(shortTitle, forKey: .shortTitle)
            try container.encodeIfPresent(screen, forKey: .screen)
            try container.encodeIfPresent(elementText, forKey: .elementText)
            try container.encodeIfPresent(errorCode, forKey: .errorCode)
            try container.encodeIfPresent(identifier, forKey: .identifier)
            try container.encodeIfPresent(guidance, forKey: .guidance)
            try container.encode(mapping, forKey: .mapping)  // null when unmapped
            try container.encode(candidates, forKey: .candidates)
            try container.encode(likelyCauses, forKey: .likelyCauses)
        }
    }

    /// A mapping: where, how and how sure.
    struct Mapping: Encodable {
        struct Location: Encodable {
            var file: String
            var line: Int?
            var column: Int?
        }
        var origin: String
        var status: String
        var confidence: Double
        var reason: String?
        var rule: String?
        var view: String?
        var symbol: String?
        var note: String?
        var literal: String?
        var key: String?
        var location: Location?

        init(_ mapping: IssueMapping) {
            origin = mapping.origin.rawValue
            status = mapping.status.key
            confidence = mapping.confidence
            if case .accepted(let reason) = mapping.status { self.reason = reason }
            rule = mapping.ruleID
            view = mapping.view
            symbol = mapping.symbol
            note = mapping.note
            literal = mapping.sourceLiteral
            key = mapping.localizationKey
            location = mapping.location.map { Location(file: $0.file, line: $0.line, column: $0.column) }
        }
    }

    /// A fixed font size near the issue's line.
    struct Cause: Encodable {
        var file: String
        var line: Int?
        var column: Int?
        var code: String
        var lineDistance: Int
    }

    /// The issues of one view (`view` null for those without one).
    struct View: Encodable {
        var view: String?
        var issues: [Int]

        func encode(to encoder: any Encoder) throws {
            enum Key: String, CodingKey { case view, issues }
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(view, forKey: .view)
            try container.encode(issues, forKey: .issues)
        }
    }

    var report: String
    /// The audited target and how it was chosen (left out when there is none).
    var auditedTarget: AuditedTarget?
    var issues: [Issue]
    var views: [View]
}
