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

    static func diffText(_ diff: ReportDiff) -> String {
        var text =
            "\(diff.oldFileName) (\(TrendChart.dateLabel(diff.oldAuditDate))) \u{2192} "
            + "\(diff.newFileName) (\(TrendChart.dateLabel(diff.newAuditDate)))\n"
        text += "\(diff.new.count) new, \(diff.resolved.count) resolved, \(diff.residual.count) residual\n"
        for (title, items) in [("New", diff.new), ("Resolved", diff.resolved), ("Residual", diff.residual)] {
            text += "\n\(title) (\(items.count)):\n"
            if items.isEmpty { text += "  none\n" }
            for item in items {
                let numbers = numbers(item).padding(toLength: 13, withPad: " ", startingAt: 0)
                text += "  \(numbers) \(item.fingerprint.hex)  \(describe(item))\n"
            }
        }
        return text
    }

    static func diffMarkdown(_ diff: ReportDiff) -> String {
        var text = "## Changes from \(cell(diff.oldFileName)) to \(cell(diff.newFileName))\n\n"
        text += "\(diff.new.count) new, \(diff.resolved.count) resolved, \(diff.residual.count) residual.\n"
        for (title, items) in [("New", diff.new), ("Resolved", diff.resolved), ("Residual", diff.residual)] {
            text += "\n### \(title) (\(items.count))\n\n"
            if items.isEmpty {
                text += "None.\n"
                continue
            }
            text += "| Old | New | Type | Title | Element text | Where | Fingerprint |\n"
            text += "| ---: | ---: | --- | --- | --- | --- | --- |\n"
            for item in items {
                text += "| \(item.oldNumber.map(String.init) ?? "") | \(item.newNumber.map(String.init) ?? "") "
                text += "| \(cell(item.issue.testType.displayName)) | \(cell(item.issue.title)) "
                text += "| \(cell(item.issue.elementText ?? "")) | \(cell(item.issue.place)) "
                text += "| `\(item.fingerprint.hex)` |\n"
            }
        }
        return text
    }

    static func trendText(_ trend: Trend) -> String {
        guard !trend.columns.isEmpty else { return "The history has no reports yet.\n" }
        let heading = trend.grouping == .view ? "View" : "Type"
        let dates = trend.columns.map { TrendChart.dateLabel($0.auditDate) }
        let nameWidth = max(heading.count, 5, trend.rows.map(\.name.count).max() ?? 0)
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
        for item in trend.rows { text += row(item.name, item.counts.map(String.init)) }
        text += row("Total", trend.columns.map { String($0.openCount) })
        text += "\nResidual warnings in \(trend.columns.last!.fileName) (\(trend.residual.count)):\n"
        if trend.residual.isEmpty { text += "  none\n" }
        for warning in trend.residual {
            let issue = warning.issue
            var line = "  \(warning.fingerprint.hex)  since \(TrendChart.dateLabel(warning.firstSeen)), "
            line += "in \(warning.reportCount) reports  #\(issue.number) \(issue.testType.displayName)"
            if let element = issue.elementText, !element.isEmpty { line += " \u{2018}\(oneLine(element))\u{2019}" }
            line += " \u{2014} \(issue.place)"
            if issue.status != .open { line += " [\(issue.status.rawValue)]" }
            if warning.baselined { line += " [baseline]" }
            text += line + "\n"
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
        if trend.residual.isEmpty { return text + "None.\n" }
        text += "| Fingerprint | First seen | Reports | Issue | Type | Element text | Where | Status |\n"
        text += "| --- | --- | ---: | ---: | --- | --- | --- | --- |\n"
        for warning in trend.residual {
            let issue = warning.issue
            let status = warning.baselined ? "baseline" : issue.status.rawValue
            text +=
                "| `\(warning.fingerprint.hex)` | \(TrendChart.dateLabel(warning.firstSeen)) | \(warning.reportCount) "
            text += "| \(issue.number) | \(cell(issue.testType.displayName)) | \(cell(issue.elementText ?? "")) "
            text += "| \(cell(issue.place)) | \(status) |\n"
        }
        return text
    }

    /// Untrusted report text made safe inside a Markdown table cell (the log's escaping, uncut).
    static func cell(_ text: String) -> String {
        MarkdownEscaping.inline(text, maxLength: .max)
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
