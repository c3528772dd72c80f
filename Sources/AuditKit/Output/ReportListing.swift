import Foundation

/// The formats `auditkit extract` prints.
public enum ListingFormat: String, Sendable, CaseIterable {
    /// Aligned lines for people.
    case text
    /// The complete model as JSON (documented in <doc:JSONOutput>), for scripts.
    case json
    /// A Markdown table per report.
    case markdown
    /// RFC 4180 CSV, one row per issue, one header line.
    case csv
}

/// One report's outcome in an extraction: the report or the error that stopped it, and the image files.
public struct ListingEntry: Sendable {
    /// The path as the user gave it.
    public var path: String
    /// The report, when it could be read.
    public var report: InspectorReport?
    /// Why it could not be read.
    public var error: AuditError?
    /// Image files written for it (`--thumbnails`).
    public var files: EvidenceExport.Result?

    /// Creates an entry.
    public init(
        path: String, report: InspectorReport? = nil, error: AuditError? = nil,
        files: EvidenceExport.Result? = nil
    ) {
        self.path = path
        self.report = report
        self.error = error
        self.files = files
    }
}

/// Renders read reports as text, JSON, Markdown or CSV: every issue with its number, screen, test type,
/// short title, element text, rect, duplicate flag and image problem.
public enum ReportListing {
    /// The whole output for `entries` in `format`. Failed entries appear only in JSON (as `error`);
    /// other formats leave them to the caller's error messages.
    public static func render(_ entries: [ListingEntry], format: ListingFormat) -> String {
        guard format != .json else {
            // Numbers that are not finite are written as `null`, so the document always encodes.
            return (try? JSONWriter.documentText(json(entries))) ?? ""
        }
        return combine(entries.compactMap { $0.report.flatMap { part(of: $0, format: format) } }, format: format)
    }

    /// One report's part of the output in `format`; nil for JSON, which is one document for all
    /// reports and names the files written (`render`). Parts are joined with `combine`, so a caller
    /// can render a report while its images are written.
    public static func part(of report: InspectorReport, format: ListingFormat) -> String? {
        switch format {
        case .json: return nil
        case .csv: return csvRows(report)
        case .markdown: return markdown(report)
        case .text: return text(report)
        }
    }

    /// The whole output from the reports' parts (`part(of:format:)`), in order.
    public static func combine(_ parts: [String], format: ListingFormat) -> String {
        switch format {
        case .json: return parts.joined()
        case .csv: return csvHeader + parts.joined()
        case .markdown, .text: return parts.joined(separator: "\n")
        }
    }

    // MARK: Text

    /// Human-readable lines: a header, then one line per issue.
    public static func text(_ report: InspectorReport) -> String {
        let issues = report.issues
        var out =
            "\(report.sourcePath): \(report.format.rawValue) report, \(report.screens.count) "
            + "screen\(report.screens.count == 1 ? "" : "s"), \(issues.count) issue\(issues.count == 1 ? "" : "s"), "
            + "audited \(displayDate(report.auditDate)) (from \(dateSourcePhrase(report.auditDateSource)))\n"
        for screen in report.screens {
            var line = "screen \(screen.index + 1) \"\(printable(screen.name))\""
            if !screen.groupName.isEmpty { line += " (\(printable(screen.groupName)))" }
            line += ": \(screen.issues.count) issue\(screen.issues.count == 1 ? "" : "s")"
            if let shot = screen.screenshot {
                if let problem = shot.problem {
                    line += ", screenshot: \(problem)"
                } else if let w = shot.pixelWidth, let h = shot.pixelHeight {
                    line += ", screenshot \(w)x\(h)"
                }
            }
            out += line + "\n"
        }
        let width = String(max(issues.count, 1)).count
        let typeWidth = issues.map { $0.testType.displayName.count }.max() ?? 0
        for issue in issues {
            var line = "  #" + zeroPadded(issue.number, width: width)
            line += "  s\(issue.screenIndex + 1)  "
            let typeName = issue.testType.displayName
            line += typeName + String(repeating: " ", count: max(0, typeWidth - typeName.count))
            line += "  " + (issue.shortTitle.isEmpty ? "(no title)" : printable(issue.shortTitle))
            if let text = issue.elementText { line += "  “" + printable(text) + "”" }
            if let rect = issue.elementRect { line += "  [" + rect.compactDescription + "]" }
            if issue.isDuplicate { line += "  duplicate" }
            if let problem = issue.imageProblem { line += "  image: \(problem)" }
            out += line + "\n"
        }
        return out
    }

    // MARK: Markdown

    /// A heading and a table per report.
    public static func markdown(_ report: InspectorReport) -> String {
        var out = "## \(markdownCell(report.fileName))\n\n"
        out +=
            "\(report.format.rawValue) report, \(report.screens.count) screens, \(report.issues.count) issues, "
            + "audited \(displayDate(report.auditDate)).\n\n"
        out += "| # | Screen | Test type | Title | Element | Rect | Duplicate | Image problem |\n"
        out += "|---:|---|---|---|---|---|---|---|\n"
        for issue in report.issues {
            let screen =
                "\(issue.screenIndex + 1) "
                + markdownCell(
                    issue.screenGroupName.isEmpty
                        ? issue.screenName
                        : issue.screenGroupName)
            let cells = [
                String(issue.number), screen, markdownCell(issue.testType.displayName),
                markdownCell(issue.shortTitle), markdownCell(issue.elementText ?? ""),
                issue.elementRect?.compactDescription ?? "", issue.isDuplicate ? "yes" : "",
                markdownCell(issue.imageProblem?.description ?? ""),
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// Untrusted report text made safe inside a Markdown table cell (the log's escaping, uncut).
    static func markdownCell(_ text: String) -> String {
        MarkdownEscaping.inline(text, maxLength: .max)
    }

    // MARK: CSV

    /// The CSV header line.
    public static let csvHeader =
        "report,number,screen_number,screen_name,screen_group,test_type,test_type_name,"
        + "error_code,short_title,element_text,rect_x,rect_y,rect_width,rect_height,duplicate,image_problem\r\n"

    /// One CSV row per issue (CRLF line ends, fields quoted when needed), the rect in whole points as
    /// the text output prints it.
    public static func csvRows(_ report: InspectorReport) -> String {
        var out = ""
        for issue in report.issues {
            let rect = issue.elementRect
            let fields: [String] = [
                report.sourcePath, String(issue.number), String(issue.screenIndex + 1), issue.screenName,
                issue.screenGroupName, issue.testType.key, issue.testTypeName ?? "",
                issue.errorCode.map(String.init) ?? "",
                issue.shortTitle, issue.elementText ?? "", rect.map { Rect.wholePoints($0.x) } ?? "",
                rect.map { Rect.wholePoints($0.y) } ?? "",
                rect.map { Rect.wholePoints($0.width) } ?? "", rect.map { Rect.wholePoints($0.height) } ?? "",
                issue.isDuplicate ? "true" : "false", issue.imageProblem?.description ?? "",
            ]
            out += fields.map(csvField).joined(separator: ",") + "\r\n"
        }
        return out
    }

    static func csvField(_ raw: String) -> String {
        var text = raw
        // Report text starting like a formula (`=HYPERLINK(...)`) would run in a spreadsheet: a leading
        // apostrophe keeps it text (OWASP's CSV injection advice). Numbers such as `-4` stay as they are.
        if let first = text.first, "=+-@\t\r".contains(first), Double(text) == nil {
            text = "'" + text
        }
        if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return text
    }

    // MARK: JSON

    /// The JSON document: `{"reports": [...], "version": 1}` (<doc:JSONOutput> has every field).
    public static func json(_ entries: [ListingEntry]) -> ExtractJSON {
        ExtractJSON(entries: entries)
    }

    // MARK: Helpers

    /// Control characters shown as escapes (`\n`, `\u{1}`) so one issue stays on one line; the
    /// escaping every text output shares (`PrintableText.escaped(_:)`).
    public static func printable(_ text: String) -> String { PrintableText.escaped(text) }

    /// `2026-01-02T11:02:25Z`.
    static func isoDate(_ date: Date) -> String {
        let fields = DateFields.utc(date)
        return fields.dateText + "T" + fields.timeText + "Z"
    }

    /// `2026-01-02 11:02:25` in the machine's time zone.
    static func displayDate(_ date: Date) -> String {
        DateFields.local(date).secondText
    }

    private static func dateSourcePhrase(_ source: AuditDateSource) -> String {
        switch source {
        case .fileName: return "file name"
        case .textHeader: return "Time Stamp header"
        case .modificationTime: return "modification time"
        case .caller: return "the date given"
        }
    }
}
