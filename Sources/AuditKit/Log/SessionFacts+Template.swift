extension SessionFacts {
    /// The hidden marker that identifies the logged report: `<!-- auditkit:report sha256=HEX -->`.
    public var marker: String { AuditLogDocument.marker(sha256: reportSHA256) }

    /// The `session.md` context for session number `sessionNumber` (names listed in `TemplateKind.session.fields`).
    public func templateContext(sessionNumber: Int) -> [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "number": .number(sessionNumber),
            "marker": .text(marker),
            "date": .text(date),
            "scope": .text(scope),
            "report": .code(reportPath),
            "reportName": .text(reportName),
            "sha256": .text(reportSHA256),
            "issueCount": .number(issueCount),
            "screenCount": .number(screenNames.count),
            "issueText": .text(SessionFacts.counted(issueCount, "issue")),
            "screenText": .text(SessionFacts.counted(screenNames.count, "screen")),
            "screens": .list(TemplateValue.items(screenNames.map { ["name": .text($0)] })),
            "counts": .list(
                TemplateValue.items(
                    counts.map {
                        [
                            "type": .text($0.testType.displayName), "key": .text($0.testType.key),
                            "count": .number($0.count),
                        ]
                    })),
            "views": .list(
                TemplateValue.items(
                    (views ?? []).map { finding in
                        [
                            "name": .text(finding.view),
                            "issues": .text(SessionFacts.issueList(finding.issueNumbers)),
                            "issueCount": .number(finding.issueNumbers.count),
                            "locations": .list(
                                TemplateValue.items(finding.locations.map { ["location": .code($0.description)] })),
                        ]
                    })),
            "unmapped": .text(SessionFacts.issueList(unmappedIssueNumbers)),
            "evidence": .list(
                TemplateValue.items(
                    evidence.map {
                        ["label": .text($0.label), "path": .code($0.path), "detail": .text($0.detail ?? "")]
                    })),
        ]
        if let comparison {
            context["comparison"] = .object([
                "previousReport": .code(comparison.previousReportName),
                "newCount": .number(comparison.newIssueNumbers.count),
                "resolvedCount": .number(comparison.resolved.count),
                "residualCount": .number(comparison.residualIssueNumbers.count),
                "newIssues": .text(SessionFacts.issueList(comparison.newIssueNumbers)),
                "residualIssues": .text(SessionFacts.issueList(comparison.residualIssueNumbers)),
                "resolved": .list(
                    TemplateValue.items(
                        comparison.resolved.map {
                            [
                                "type": .text($0.testType.displayName), "title": .text($0.shortTitle),
                                "element": .text($0.elementText ?? ""),
                            ]
                        })),
            ])
        }
        return context
    }

    /// `issue 6`, `issues 1–3, 7`, or empty for no numbers.
    public static func issueList(_ numbers: [Int]) -> String {
        guard !numbers.isEmpty else { return "" }
        return (Set(numbers).count == 1 ? "issue " : "issues ") + numberList(numbers)
    }

    /// `1 issue`, `3 issues`: a count with its noun (plural with an `s`).
    public static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `3, 5, 7`, or `3–9` style ranges for runs of three or more (`1–4, 7`).
    public static func numberList(_ numbers: [Int]) -> String {
        let sorted = Array(Set(numbers)).sorted()
        var parts: [String] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            if end - index >= 2 {
                parts.append("\(sorted[index])–\(sorted[end])")
            } else {
                parts += sorted[index...end].map(String.init)
            }
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}

extension TemplateValue {
    /// List items as objects, each with `first` and `last` flags added.
    static func items(_ objects: [[String: TemplateValue]]) -> [TemplateValue] {
        objects.enumerated().map { index, object in
            var object = object
            object["first"] = .bool(index == 0)
            object["last"] = .bool(index == objects.count - 1)
            return .object(object)
        }
    }
}
