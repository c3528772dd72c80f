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
            "mapped": .bool(isMapped),
            "types": .list(
                TemplateValue.items(
                    types.map { finding in
                        var item: [String: TemplateValue] = [
                            "type": .text(finding.testType.displayName), "key": .text(finding.testType.key),
                            "count": .number(finding.count),
                            "views": .list(
                                TemplateValue.items(
                                    finding.views.map { view in
                                        [
                                            "view": .text(view.view), "count": .number(view.count),
                                            "texts": SessionFacts.textList(view.texts),
                                            "more": .text(view.moreCount > 0 ? String(view.moreCount) : ""),
                                        ]
                                    })),
                        ]
                        if let last = finding.guidance.last {
                            // Each criterion of the type's warnings, the address of all but the last
                            // after it (the template puts the last one's after the text).
                            item["wcag"] = .text(
                                finding.guidance.map { row in
                                    let criterion = row.criterion
                                    let text = "\(criterion.number) \(criterion.name), \(criterion.level)"
                                    return row.id == last.id ? text : "\(text) (\(criterion.understandingURL))"
                                }.joined(separator: "; "))
                            item["wcagURL"] = .text(last.criterion.understandingURL)
                            var apple: [String] = []
                            for row in finding.guidance where !apple.contains(row.appleGuidanceURL) {
                                apple.append(row.appleGuidanceURL)
                            }
                            item["appleURL"] = .text(apple.joined(separator: ", "))
                        }
                        if !finding.unmapped.isEmpty {
                            item["unmapped"] = .object([
                                "texts": SessionFacts.textList(finding.unmapped),
                                "more": .text(finding.moreUnmapped > 0 ? String(finding.moreUnmapped) : ""),
                                "afterViews": .bool(!finding.views.isEmpty),
                            ])
                        }
                        return item
                    })),
            "accepted": .list(
                TemplateValue.items(
                    accepted.map { finding in
                        [
                            "reason": .text(finding.reason), "type": .text(finding.testType.displayName),
                            "count": .number(finding.count),
                            "views": .list(TemplateValue.items(finding.views.map { ["view": .text($0)] })),
                            "texts": SessionFacts.textList(finding.texts),
                        ]
                    })),
            "likelyCauses": .list(
                TemplateValue.items(
                    likelyCauses.map { cause in
                        let distance = cause.lineDistance
                        let place =
                            distance == 0
                            ? "on the same line"
                            : "\(SessionFacts.counted(abs(distance), "line")) \(distance < 0 ? "above" : "below")"
                        return [
                            "code": .code(cause.code),
                            "location": .link(
                                text: cause.location.line.map { "\(cause.location.file):\($0)" } ?? cause.location.file,
                                target: cause.location.file + (cause.location.line.map { "#L\($0)" } ?? "")),
                            "text": .text(cause.text ?? ""), "distance": .text(place),
                            "fix": cause.fix.map { .code($0) } ?? .text(""),
                        ]
                    })),
            "evidence": .list(
                TemplateValue.items(
                    evidence.map {
                        [
                            "label": .text($0.label), "path": .link(text: $0.path, target: $0.path),
                            "detail": .text($0.detail ?? ""),
                        ]
                    })),
        ]
        if !systemUI.isEmpty {
            context["systemUI"] = .object([
                "kinds": .list(
                    TemplateValue.items(
                        systemUI.map {
                            [
                                "kind": .text($0.kind), "count": .number($0.count),
                                "texts": SessionFacts.textList($0.texts),
                            ]
                        }))
            ])
        }
        if let comparison {
            func warnings(_ list: [SessionComparison.Warning]) -> TemplateValue {
                let shown = list.prefix(SessionFacts.textLimit).map { warning -> [String: TemplateValue] in
                    [
                        "type": .text(warning.testType.displayName), "text": .text(warning.text ?? ""),
                        "place": .text(warning.place),
                        "since": .text(warning.since.map { $0.session ?? "\($0.fileName) (\($0.date))" } ?? ""),
                        "matchedBy": .text(warning.matchedBy ?? ""),
                    ]
                }
                guard !shown.isEmpty else { return .bool(false) }
                let more = list.count > SessionFacts.textLimit ? String(list.count - SessionFacts.textLimit) : ""
                return .object(["items": .list(TemplateValue.items(shown)), "more": .text(more)])
            }
            context["comparison"] = .object([
                "previousReport": comparison.previousReportName.isEmpty
                    ? .text(ReportJudgement.firstAuditPhrase)
                    : .code(comparison.previousReportName),
                "newCount": .number(comparison.new.count),
                "resolvedCount": .number(comparison.resolved.count),
                "residualCount": .number(comparison.residual.count),
                "changes": .text(comparison.counts.text),
                "screens": .list(TemplateValue.items(comparison.screens.map { ["line": .text($0)] })),
                "new": warnings(comparison.new), "resolved": warnings(comparison.resolved),
                "residual": warnings(comparison.residual),
            ])
        }
        return context
    }

    /// Flagged texts as template items: `role`, `text`, `count` and `repeated` (more than one),
    /// `location` (a link to the line).
    static func textList(_ texts: [FlaggedText]) -> TemplateValue {
        .list(
            TemplateValue.items(
                texts.map { text in
                    [
                        "role": .text(text.role ?? ""), "text": .text(text.text ?? ""), "count": .number(text.count),
                        "repeated": .bool(text.count > 1), "location": location(of: text),
                    ]
                }))
    }

    /// A flagged text's `location` template value: a link to the line, or empty text when it has none.
    static func location(of text: FlaggedText) -> TemplateValue {
        guard let location = text.location else { return .text("") }
        let file = text.link ?? location.file
        return .link(
            text: location.line.map { "\(file):\($0)" } ?? file, target: file + (location.line.map { "#L\($0)" } ?? ""))
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
    static func items(_ objects: consuming [[String: TemplateValue]]) -> [TemplateValue] {
        // Flagged in place: each object is the list's own, so adding the flags copies no dictionary.
        var objects = objects
        let lastIndex = objects.count - 1
        for index in objects.indices {
            objects[index]["first"] = .bool(index == 0)
            objects[index]["last"] = .bool(index == lastIndex)
        }
        return objects.map { .object($0) }
    }
}
