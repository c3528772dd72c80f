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
    /// The judged comparison in `format`: its counts, then its open warnings by change, the open
    /// warnings not re-audited, and the warnings not counted (accepted, system UI).
    public static func render(_ judged: ReportJudgement, format: HistoryOutputFormat) throws -> String {
        switch format {
        case .json: return try JSONWriter.documentText(JudgedDiffJSON(judged))
        case .text: return diffText(judged)
        case .markdown: return diffMarkdown(judged)
        }
    }

    /// The trend in `format`.
    public static func render(_ trend: Trend, format: HistoryOutputFormat) throws -> String {
        switch format {
        case .json: return try JSONWriter.documentText(trend)
        case .text: return trendText(trend)
        case .markdown: return trendMarkdown(trend)
        }
    }

    static func describe(_ verdict: WarningVerdict) -> String {
        let issue = verdict.issue
        var text = "\(issue.testType.displayName): \(issue.title)"
        if let element = issue.elementText, !element.isEmpty { text += " \u{2018}\(oneLine(element))\u{2019}" }
        return text + " \u{2014} \(verdict.place)" + label(issue)
    }

    /// ` [WCAG 1.4.3 AA]`: the criterion a line names (the legend after the lines gives its links); empty
    /// for a test type AuditKit does not know.
    static func label(_ issue: HistoryIssue) -> String {
        GuidanceReference(issue).map { " [\($0.label)]" } ?? ""
    }

    /// The legend after an output's lines: each criterion they name, with its links.
    static func legend(_ issues: [HistoryIssue]) -> String {
        let lines = GuidanceReference.legend(for: issues)
        guard !lines.isEmpty else { return "" }
        return "\nGuidance:\n" + lines.map { "  " + $0 + "\n" }.joined()
    }

    /// `[1.4.3 AA](https://…)`: a Markdown table's criterion cell.
    static func criterionCell(_ issue: HistoryIssue) -> String {
        GuidanceReference(issue).map { "[\($0.criterion) \($0.level)](\($0.understandingURL))" } ?? ""
    }

    /// `#3 → #4` for a warning of the compared audit, `#3 → –` for one of an earlier audit.
    static func numbers(_ verdict: WarningVerdict, earlier: Bool) -> String {
        if earlier { return "#\(verdict.number) \u{2192} \u{2013}" }
        let old = verdict.continues.map { "#\($0.number)" } ?? "\u{2013}"
        return "\(old) \u{2192} #\(verdict.number)"
    }

    /// `— same element by its place on the screen, text now “Aktive Budgets”` for a pair a weaker stage
    /// made (`MatchStage.phrase`); empty for a fingerprint pair or an unpaired warning.
    static func pairing(_ verdict: WarningVerdict) -> String {
        guard let continues = verdict.continues, continues.stage != .fingerprint else { return "" }
        var text = " \u{2014} \(continues.stage.phrase)"
        if continues.text != verdict.issue.elementText {
            let now = verdict.issue.elementText.map { oneLine($0) } ?? ""
            text += now.isEmpty ? ", now without text" : ", text now \u{201C}\(now)\u{201D}"
        }
        return text
    }

    /// The one-line count of a judged comparison, as `diff`, `audit` and `ingest` print it: the triple
    /// every output states (`ChangeCounts.text`), then the open warnings not re-audited (their screens
    /// not covered, or their elements not shown) and the Inspector's repeats.
    public static func summary(_ judged: ReportJudgement) -> String {
        if judged.covered.isEmpty {
            return "shows no screen (no screenshot, no issue): nothing compared, nothing resolved"
        }
        guard let counts = judged.counts else { return ReportJudgement.firstAuditPhrase + " to compare with" }
        var text = counts.text
        let repeats = judged.verdicts.filter { $0.status.kind == .repeat }.count
        if repeats > 0 { text += "; \(repeats) repeated by the Inspector" }
        return text
    }

    /// The sections of a judged comparison with their titles and whether their warnings are of
    /// earlier audits; the last two only when they have warnings. Unless `listingNotReaudited`, the
    /// section of warnings not re-audited is there without them (told by place: they are not read).
    static func sections(_ judged: ReportJudgement, listingNotReaudited: Bool = true) -> [(
        title: String, verdicts: [WarningVerdict], earlier: Bool
    )] {
        var sections = [
            ("New", judged.newWarnings, false), ("Resolved", judged.resolvedWarnings, true),
            ("Residual", judged.residualWarnings, false),
        ]
        if judged.notReauditedOpenCount > 0 {
            sections.append(
                (
                    "Not re-audited (not shown by this report)",
                    listingNotReaudited ? judged.notReauditedWarnings : [], true
                ))
        }
        if !judged.judgedWarnings.isEmpty {
            sections.append(("Not counted (accepted or system UI)", judged.judgedWarnings, false))
        }
        return sections
    }

    /// How many earlier warnings not re-audited the text of `diff` and `trend` lists one by one. A longer
    /// list (a CI history of partial reports gathers thousands) is told by where the warnings are, with
    /// their counts and dates, so the output stays the size of what changed; `--format json` and
    /// Markdown list each.
    static let notReauditedListedOneByOne = 30

    /// `  Checkout: 1203 warnings, not re-audited since 2026-01-02 10:00 to 2026-03-01 10:00`, one line
    /// per place, in the order given (`NotReauditedPlace.grouping`: the most warnings first).
    static func notReauditedByPlace(_ places: [NotReauditedPlace]) -> String {
        var text = ""
        for group in places {
            let first = TrendChart.dateLabel(group.first)
            let last = TrendChart.dateLabel(group.last)
            let dates = first == last ? "since \(first)" : "since \(first) to \(last)"
            let noun = group.count == 1 ? "warning" : "warnings"
            text += oneLine("  \(group.place): \(group.count) \(noun), not re-audited \(dates)") + "\n"
        }
        return text
    }

    static func diffText(_ judged: ReportJudgement) -> String {
        let entry = judged.entry
        var header = "\(entry.fileName) (\(TrendChart.dateLabel(entry.auditDate)))"
        if let old = judged.oldFileName {
            header =
                "\(old) (\(TrendChart.dateLabel(judged.oldAuditDate ?? entry.auditDate))) \u{2192} " + header
        } else {
            header += ": \(ReportJudgement.firstAuditPhrase) to compare with"
        }
        var text = oneLine(header) + "\n"
        text += summary(judged) + "\n"
        // Thousands of not re-audited warnings name a few audits: each audit's date written once.
        var dateLabels: [Date: String] = [:]
        func dateLabel(_ date: Date) -> String {
            if let known = dateLabels[date] { return known }
            let label = TrendChart.dateLabel(date)
            dateLabels[date] = label
            return label
        }
        for line in judged.screenLines { text += line + "\n" }
        let byPlace = judged.notReauditedOpenCount > notReauditedListedOneByOne
        var parts = sections(judged, listingNotReaudited: !byPlace)
        for (title, verdicts, earlier) in parts {
            if title.hasPrefix("Not re-audited"), byPlace {
                text += "\n\(title) (\(judged.notReauditedOpenCount)), by where they are (--format json lists each):\n"
                text += notReauditedByPlace(judged.notReauditedPlaces)
                continue
            }
            text += "\n\(title) (\(verdicts.count)):\n"
            if verdicts.isEmpty { text += "  none\n" }
            for verdict in verdicts {
                let numbers = padded(numbers(verdict, earlier: earlier), to: 13)
                // An earlier audit's warning was not paired in this comparison: no pairing to tell (as in JSON).
                let paired = earlier ? "" : pairing(verdict)
                var line = "  \(numbers) \(verdict.issue.fingerprint.hex)  \(describe(verdict))\(paired)"
                if title.hasPrefix("Not re-audited") {
                    line += " \u{2014} not re-audited since \(dateLabel(verdict.audit.auditDate))"
                }
                if title.hasPrefix("Not counted") { line += " [\(verdict.status.description)]" }
                text += oneLine(line) + "\n"
            }
        }
        parts.removeAll { $0.title.hasPrefix("Not re-audited") && byPlace }
        return text + legend(parts.flatMap { $0.verdicts.map(\.issue) })
    }

    static func diffMarkdown(_ judged: ReportJudgement) -> String {
        var text =
            judged.oldFileName.map { "## Changes from \(cell($0)) to \(cell(judged.entry.fileName))\n\n" }
            ?? "## \(cell(judged.entry.fileName)): \(ReportJudgement.firstAuditPhrase) to compare with\n\n"
        text += summary(judged) + ".\n"
        for line in judged.screenLines { text += "\n- " + cell(line) }
        if !judged.screens.isEmpty { text += "\n" }
        for (title, verdicts, earlier) in sections(judged) {
            text += "\n### \(title) (\(verdicts.count))\n\n"
            if verdicts.isEmpty {
                text += "None.\n"
                continue
            }
            text += "| Old | New | Type | Title | Element text | Where | WCAG | Fingerprint | Matched by | Status |\n"
            text += "| ---: | ---: | --- | --- | --- | --- | --- | --- | --- | --- |\n"
            for verdict in verdicts {
                let oldNumber = earlier ? String(verdict.number) : verdict.continues.map { String($0.number) } ?? ""
                let newNumber = earlier ? "" : String(verdict.number)
                let issue = verdict.issue
                text += "| \(oldNumber) | \(newNumber) "
                text += "| \(cell(issue.testType.displayName)) | \(cell(issue.title)) "
                text += "| \(cell(issue.elementText ?? "")) | \(cell(verdict.place)) | \(criterionCell(issue)) "
                var matched = earlier ? "" : verdict.continues?.stage.rawValue ?? ""
                if !earlier, let continues = verdict.continues, continues.text != issue.elementText {
                    matched += " (was \(cell((continues.text ?? "").isEmpty ? "no text" : continues.text!)))"
                }
                text += "| `\(issue.fingerprint.hex)` | \(matched) | \(cell(verdict.status.description)) |\n"
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
            var line = padded(name, to: nameWidth)
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
            line += " \u{2014} \(warning.place)"
            line += label(issue)
            if issue.status != .open { line += " [\(issue.status.rawValue)]" }
            if warning.baselined { line += " [baseline]" }
            text += oneLine(line) + "\n"
        }
        let listsEach = trend.notReaudited.count <= notReauditedListedOneByOne
        if !listsEach {
            text += "\nNot re-audited (\(trend.notReaudited.count)), by where they are (--format json lists each):\n"
            text += notReauditedByPlace(
                NotReauditedPlace.grouping(trend.notReaudited.map { ($0.place, $0.lastAudited ?? $0.firstSeen) }))
        } else if !trend.notReaudited.isEmpty {
            text += "\nNot re-audited (\(trend.notReaudited.count)):\n"
            for warning in trend.notReaudited {
                let issue = warning.issue
                var line = "  \(warning.fingerprint.hex)  not re-audited since "
                line += "\(TrendChart.dateLabel(warning.lastAudited ?? warning.firstSeen)) "
                line += "(\(warning.lastAuditedFileName ?? warning.firstSeenFileName))  #\(issue.number) "
                line += issue.testType.displayName
                if let element = issue.elementText, !element.isEmpty { line += " \u{2018}\(oneLine(element))\u{2019}" }
                line += " \u{2014} \(warning.place)" + label(issue)
                if warning.baselined { line += " [baseline]" }
                text += oneLine(line) + "\n"
            }
        }
        return text + legend((trend.residual + (listsEach ? trend.notReaudited : [])).map(\.issue))
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
            text += "| Fingerprint | First seen | Reports | Issue | Type | Element text | Where | WCAG | Status |\n"
            text += "| --- | --- | ---: | ---: | --- | --- | --- | --- | --- |\n"
        }
        for warning in trend.residual {
            let issue = warning.issue
            let status = warning.baselined ? "baseline" : issue.status.rawValue
            text +=
                "| `\(warning.fingerprint.hex)` | \(TrendChart.dateLabel(warning.firstSeen)) | \(warning.reportCount) "
            text += "| \(issue.number) | \(cell(issue.testType.displayName)) | \(cell(issue.elementText ?? "")) "
            text += "| \(cell(warning.place)) | \(criterionCell(issue)) | \(status) |\n"
        }
        if !trend.notReaudited.isEmpty {
            text += "\n### Not re-audited (\(trend.notReaudited.count))\n\n"
            text += "| Fingerprint | Last audited | Report | Issue | Type | Element text | Where | WCAG |\n"
            text += "| --- | --- | --- | ---: | --- | --- | --- | --- |\n"
            for warning in trend.notReaudited {
                let issue = warning.issue
                text +=
                    "| `\(warning.fingerprint.hex)` | \(TrendChart.dateLabel(warning.lastAudited ?? warning.firstSeen)) "
                text += "| \(cell(warning.lastAuditedFileName ?? "")) | \(issue.number) "
                text +=
                    "| \(cell(issue.testType.displayName)) | \(cell(issue.elementText ?? "")) | \(cell(warning.place)) "
                    + "| \(criterionCell(issue)) |\n"
            }
        }
        return text
    }

    /// Untrusted report text made safe inside a Markdown table cell (the log's escaping, uncut).
    static func cell(_ text: String) -> String {
        MarkdownEscaping.inline(text, maxLength: .max)
    }

    /// `text` followed by spaces up to `width` characters (as it is when longer).
    static func padded(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// Untrusted text on one line of a text output: line breaks and control characters as escapes.
    static func oneLine(_ text: String) -> String {
        PrintableText.escaped(text)
    }
}
