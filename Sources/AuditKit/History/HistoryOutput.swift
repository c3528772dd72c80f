import Foundation

/// The output formats of `diff` and `trend`.
public enum HistoryOutputFormat: String, Sendable, CaseIterable {
    /// Aligned plain text for a terminal.
    case text
    /// GitHub-flavoured Markdown tables.
    case markdown
    /// Pretty JSON with sorted keys and ISO 8601 dates.
    case json
}

/// Renders diffs and trends as text, Markdown or JSON.
public enum HistoryOutput {
    /// `value` as pretty JSON with sorted keys and ISO 8601 dates, ending with a newline: an object
    /// with `"version": 1` beside the value's own fields, the contract every `--format json` keeps.
    public static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(Versioned(value: value)), as: UTF8.self) + "\n"
    }

    /// A value's fields with `"version": 1` among them.
    private struct Versioned<Value: Encodable>: Encodable {
        var value: Value
        private enum Key: String, CodingKey { case version }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .version)
            try value.encode(to: encoder)
        }
    }

    /// The diff in `format`.
    public static func render(_ diff: ReportDiff, format: HistoryOutputFormat) throws -> String {
        switch format {
        case .json: return try json(diff)
        case .text: return diffText(diff)
        case .markdown: return diffMarkdown(diff)
        }
    }

    /// The trend in `format`.
    public static func render(_ trend: Trend, format: HistoryOutputFormat) throws -> String {
        switch format {
        case .json: return try json(trend)
        case .text: return trendText(trend)
        case .markdown: return trendMarkdown(trend)
        }
    }

    static func describe(_ item: ReportDiff.Item) -> String {
        var text = "\(item.issue.testType.displayName): \(item.issue.title)"
        if let element = item.issue.elementText, !element.isEmpty { text += " \u{2018}\(oneLine(element))\u{2019}" }
        return text + " \u{2014} \(item.issue.place)"
    }

    static func numbers(_ item: ReportDiff.Item) -> String {
        let old = item.oldNumber.map { "#\($0)" } ?? "\u{2013}"
        let new = item.newNumber.map { "#\($0)" } ?? "\u{2013}"
        return "\(old) \u{2192} \(new)"
    }

    /// `— matched by geometry: same element, text now “Aktive Budgets”` for a pair a weaker stage
    /// made; empty for a fingerprint pair or an unpaired warning.
    static func pairing(_ item: ReportDiff.Item) -> String {
        guard let stage = item.matchedBy, stage != .fingerprint else { return "" }
        var text = " \u{2014} matched by \(stage.rawValue): same element"
        if item.oldText != nil {
            let now = item.issue.elementText.map { oneLine($0) } ?? ""
            text += now.isEmpty ? ", now without text" : ", text now \u{201C}\(now)\u{201D}"
        }
        return text
    }

    /// The one-line count of a diff: `3 new, 1 resolved, 12 residual (2 by geometry); ...`, as `diff`
    /// and `audit` print it.
    public static func summary(_ diff: ReportDiff) -> String {
        var text = "\(diff.new.count) new, \(diff.resolved.count) resolved, \(diff.residual.count) residual"
        let weaker = MatchStage.allCases.dropFirst().compactMap { stage -> String? in
            let count = diff.residual.filter { $0.matchedBy == stage }.count
            return count == 0 ? nil : "\(count) by \(stage.rawValue)"
        }
        if !weaker.isEmpty { text += " (" + weaker.joined(separator: ", ") + ")" }
        if !diff.firstAudited.isEmpty { text += "; \(diff.firstAudited.count) on screens not audited before" }
        if !diff.notReaudited.isEmpty { text += "; \(diff.notReaudited.count) on screens not re-audited" }
        if !diff.repeatedNumbers.isEmpty { text += "; \(diff.repeatedNumbers.count) repeated by the Inspector" }
        return text
    }

    /// The sections of a diff with their titles; the last two only when they have warnings.
    static func sections(_ diff: ReportDiff) -> [(title: String, items: [ReportDiff.Item])] {
        var sections = [("New", diff.new), ("Resolved", diff.resolved), ("Residual", diff.residual)]
        if !diff.firstAudited.isEmpty { sections.append(("On screens not audited before", diff.firstAudited)) }
        if !diff.notReaudited.isEmpty {
            sections.append(("Not re-audited (screens this report did not visit)", diff.notReaudited))
        }
        return sections
    }

    static func diffText(_ diff: ReportDiff) -> String {
        var text =
            oneLine(
                "\(diff.oldFileName) (\(TrendChart.dateLabel(diff.oldAuditDate))) \u{2192} "
                    + "\(diff.newFileName) (\(TrendChart.dateLabel(diff.newAuditDate)))") + "\n"
        text += summary(diff) + "\n"
        if Set(diff.screens.map(\.fileName)).count > 1 {
            text += "Screens compared with: "
            text +=
                oneLine(
                    diff.screens.map {
                        "\($0.group.isEmpty ? "(no screen group)" : $0.group) \($0.fileName ?? "(none)")"
                    }
                    .joined(separator: ", ")) + "\n"
        }
        for (title, items) in sections(diff) {
            text += "\n\(title) (\(items.count)):\n"
            if items.isEmpty { text += "  none\n" }
            for item in items {
                let numbers = numbers(item).padding(toLength: 13, withPad: " ", startingAt: 0)
                var line = "  \(numbers) \(item.fingerprint.hex)  \(describe(item))\(pairing(item))"
                if item.newNumber == nil, let date = item.oldAuditDate, title.hasPrefix("Not re-audited") {
                    line += " \u{2014} not re-audited since \(TrendChart.dateLabel(date))"
                }
                text += oneLine(line) + "\n"
            }
        }
        return text
    }

    static func diffMarkdown(_ diff: ReportDiff) -> String {
        var text = "## Changes from \(cell(diff.oldFileName)) to \(cell(diff.newFileName))\n\n"
        text += summary(diff) + ".\n"
        for (title, items) in sections(diff) {
            text += "\n### \(title) (\(items.count))\n\n"
            if items.isEmpty {
                text += "None.\n"
                continue
            }
            text += "| Old | New | Type | Title | Element text | Where | Fingerprint | Matched by |\n"
            text += "| ---: | ---: | --- | --- | --- | --- | --- | --- |\n"
            for item in items {
                text += "| \(item.oldNumber.map(String.init) ?? "") | \(item.newNumber.map(String.init) ?? "") "
                text += "| \(cell(item.issue.testType.displayName)) | \(cell(item.issue.title)) "
                text += "| \(cell(item.issue.elementText ?? "")) | \(cell(item.issue.place)) "
                var matched = item.matchedBy?.rawValue ?? ""
                if let old = item.oldText { matched += " (was \(cell(old.isEmpty ? "no text" : old)))" }
                text += "| `\(item.fingerprint.hex)` | \(matched) |\n"
            }
        }
        return text
    }

    static func trendText(_ trend: Trend) -> String {
        guard !trend.columns.isEmpty else { return "The history has no reports yet.\n" }
        let heading = trend.grouping == .view ? "View" : "Type"
        let dates = trend.columns.map { TrendChart.dateLabel($0.auditDate) + ($0.partial ? "*" : "") }
        let nameWidth = max(heading.count, 5, trend.rows.map { oneLine($0.name).count }.max() ?? 0)
        let widths = dates.map(\.count)
        func row(_ name: String, _ values: [String]) -> String {
            var line = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            for (value, width) in zip(values, widths) {
                line += "  " + String(repeating: " ", count: max(0, width - value.count)) + value
            }
            return line + "\n"
        }
        var text = "Open warnings by \(trend.grouping == .view ? "view" : "test type"):\n\n"
        text += row(heading, dates)
        for item in trend.rows { text += row(oneLine(item.name), item.counts.map(String.init)) }
        text += row("Total", trend.columns.map { String($0.openCount) })
        if trend.columns.contains(where: \.partial) {
            text += "* partial audit: screens it did not visit are counted as last audited.\n"
        }
        text += "\nResidual warnings in \(oneLine(trend.columns.last!.fileName)) (\(trend.residual.count)):\n"
        if trend.residual.isEmpty { text += "  none\n" }
        for warning in trend.residual {
            let issue = warning.issue
            var line = "  \(warning.fingerprint.hex)  since \(TrendChart.dateLabel(warning.firstSeen)), "
            line += "in \(warning.reportCount) reports  #\(issue.number) \(issue.testType.displayName)"
            if let element = issue.elementText, !element.isEmpty { line += " \u{2018}\(oneLine(element))\u{2019}" }
            line += " \u{2014} \(issue.place)"
            if issue.status != .open { line += " [\(issue.status.rawValue)]" }
            if warning.baselined { line += " [baseline]" }
            text += oneLine(line) + "\n"
        }
        if !trend.notReaudited.isEmpty {
            text += "\nNot re-audited (\(trend.notReaudited.count)):\n"
            for warning in trend.notReaudited {
                let issue = warning.issue
                var line = "  \(warning.fingerprint.hex)  not re-audited since "
                line += "\(TrendChart.dateLabel(warning.lastAudited ?? warning.firstSeen)) "
                line += "(\(warning.lastAuditedFileName ?? warning.firstSeenFileName))  #\(issue.number) "
                line += issue.testType.displayName
                if let element = issue.elementText, !element.isEmpty { line += " \u{2018}\(oneLine(element))\u{2019}" }
                line += " \u{2014} \(issue.place)"
                if warning.baselined { line += " [baseline]" }
                text += oneLine(line) + "\n"
            }
        }
        return text
    }

    static func trendMarkdown(_ trend: Trend) -> String {
        guard !trend.columns.isEmpty else { return "The history has no reports yet.\n" }
        let heading = trend.grouping == .view ? "View" : "Type"
        var text = "## Open warnings by \(trend.grouping == .view ? "view" : "test type")\n\n"
        text +=
            "| \(heading) | " + trend.columns.map { TrendChart.dateLabel($0.auditDate) }.joined(separator: " | ")
            + " |\n"
        text += "| --- |" + String(repeating: " ---: |", count: trend.columns.count) + "\n"
        for item in trend.rows {
            text += "| \(cell(item.name)) | " + item.counts.map(String.init).joined(separator: " | ") + " |\n"
        }
        text += "| **Total** | " + trend.columns.map { "**\($0.openCount)**" }.joined(separator: " | ") + " |\n"
        text += "\n### Residual warnings (\(trend.residual.count))\n\n"
        if trend.residual.isEmpty {
            text += "None.\n"
        } else {
            text += "| Fingerprint | First seen | Reports | Issue | Type | Element text | Where | Status |\n"
            text += "| --- | --- | ---: | ---: | --- | --- | --- | --- |\n"
        }
        for warning in trend.residual {
            let issue = warning.issue
            let status = warning.baselined ? "baseline" : issue.status.rawValue
            text +=
                "| `\(warning.fingerprint.hex)` | \(TrendChart.dateLabel(warning.firstSeen)) | \(warning.reportCount) "
            text += "| \(issue.number) | \(cell(issue.testType.displayName)) | \(cell(issue.elementText ?? "")) "
            text += "| \(cell(issue.place)) | \(status) |\n"
        }
        if !trend.notReaudited.isEmpty {
            text += "\n### Not re-audited (\(trend.notReaudited.count))\n\n"
            text += "| Fingerprint | Last audited | Report | Issue | Type | Element text | Where |\n"
            text += "| --- | --- | --- | ---: | --- | --- | --- |\n"
            for warning in trend.notReaudited {
                let issue = warning.issue
                text +=
                    "| `\(warning.fingerprint.hex)` | \(TrendChart.dateLabel(warning.lastAudited ?? warning.firstSeen)) "
                text += "| \(cell(warning.lastAuditedFileName ?? "")) | \(issue.number) "
                text +=
                    "| \(cell(issue.testType.displayName)) | \(cell(issue.elementText ?? "")) | \(cell(issue.place)) |\n"
            }
        }
        return text
    }

    /// Untrusted report text made safe inside a Markdown table cell (the log's escaping, uncut).
    static func cell(_ text: String) -> String {
        MarkdownEscaping.inline(text, maxLength: .max)
    }

    /// Untrusted text on one line of a text output: line breaks and control characters as escapes.
    static func oneLine(_ text: String) -> String {
        PrintableText.escaped(text)
    }
}
