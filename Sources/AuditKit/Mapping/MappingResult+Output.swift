import Foundation

extension MappingResult {
    /// The human-readable listing: a summary line, then issues grouped by view, each with its likely
    /// causes (`FontScanResult.likelyCauses(report:mapping:)`) when given.
    public func textOutput(report: InspectorReport, likelyCauses: [Int: [LikelyCause]] = [:]) -> String {
        let c = counts
        var text =
            "\(report.fileName): \(c.total) issue\(c.total == 1 ? "" : "s"), \(c.byRule) by rules, "
            + "\(c.fromSource) from source text, "
            + (c.systemUI > 0 ? "\(c.systemUI) system UI by position, " : "")
            + "\(c.ambiguous) ambiguous, \(c.unmapped) not mapped\n"
        let issuesByNumber = Dictionary(report.issues.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        for group in groupedByView() {
            text += "\n" + (group.view ?? "(no view)") + "\n"
            for number in group.issueNumbers {
                guard let entry = issue(number), let issue = issuesByNumber[number] else { continue }
                var line = "  #\(number) \(issue.testType.displayName): \(issue.shortTitle)"
                if let element = issue.elementText, !element.isEmpty { line += " \"\(element)\"" }
                text += line + "\n"
                if let primary = entry.primary {
                    var detail = "      -> " + (primary.location?.description ?? "no location")
                    if let symbol = primary.symbol { detail += "  \(symbol)" }
                    detail += "  [\(primary.status.key)"
                    if case .accepted(let reason) = primary.status { detail += ": \(reason)" }
                    detail += ", \(Int((primary.confidence * 100).rounded()))%]"
                    text += detail + "\n"
                    if let note = primary.note, !note.isEmpty { text += "         \(note)\n" }
                }
                text += "         \(entry.explanation)\n"
                for cause in likelyCauses[number] ?? [] { text += "         \(cause.sentence)\n" }
                if entry.isAmbiguous {
                    for other in entry.candidates.dropFirst() {
                        text +=
                            "         also: \(other.location?.description ?? "?")"
                            + (other.view.map { " (\($0))" } ?? "") + " \(Int((other.confidence * 100).rounded()))%\n"
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

    /// The JSON form (`"version": 1`, sorted keys): every issue with its primary mapping, candidates,
    /// explanation and `likelyCauses` (empty unless given), and the view groups.
    public func jsonOutput(report: InspectorReport, likelyCauses: [Int: [LikelyCause]] = [:]) -> Data {
        let issuesByNumber = Dictionary(report.issues.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        var items: [[String: Any]] = []
        for entry in issues {
            var item: [String: Any] = [
                "number": entry.issueNumber, "ambiguous": entry.isAmbiguous,
                "explanation": entry.explanation,
            ]
            if let issue = issuesByNumber[entry.issueNumber] {
                item["testType"] = issue.testType.key
                item["shortTitle"] = issue.shortTitle
                item["screen"] = issue.screenName
                if let element = issue.elementText { item["elementText"] = element }
                if let code = issue.errorCode { item["errorCode"] = code }
            }
            item["mapping"] = entry.primary.map(Self.json(_:)) ?? NSNull()
            item["candidates"] = entry.candidates.map(Self.json(_:))
            item["likelyCauses"] = (likelyCauses[entry.issueNumber] ?? []).map { cause -> [String: Any] in
                var place: [String: Any] = [
                    "file": cause.location.file, "code": cause.code, "lineDistance": cause.lineDistance,
                ]
                if let line = cause.location.line { place["line"] = line }
                if let column = cause.location.column { place["column"] = column }
                return place
            }
            items.append(item)
        }
        let groups: [[String: Any]] = groupedByView().map { group in
            ["view": group.view ?? NSNull(), "issues": group.issueNumbers]
        }
        let document: [String: Any] = ["version": 1, "report": report.sourcePath, "issues": items, "views": groups]
        return
            (try? JSONSerialization.data(
                withJSONObject: document,
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static func json(_ mapping: IssueMapping) -> [String: Any] {
        var item: [String: Any] = [
            "origin": mapping.origin.rawValue, "status": mapping.status.key,
            "confidence": mapping.confidence,
        ]
        if case .accepted(let reason) = mapping.status { item["reason"] = reason }
        if let rule = mapping.ruleID { item["rule"] = rule }
        if let view = mapping.view { item["view"] = view }
        if let symbol = mapping.symbol { item["symbol"] = symbol }
        if let note = mapping.note { item["note"] = note }
        if let literal = mapping.sourceLiteral { item["literal"] = literal }
        if let key = mapping.localizationKey { item["key"] = key }
        if let location = mapping.location {
            var place: [String: Any] = ["file": location.file]
            if let line = location.line { place["line"] = line }
            if let column = location.column { place["column"] = column }
            item["location"] = place
        }
        return item
    }
}
