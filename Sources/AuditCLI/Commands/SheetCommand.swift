import AuditKit
import Foundation

/// `auditkit sheet`: draws the index sheet of a report.
struct SheetCommand: Command {
    static let name = "sheet"
    static let abstract = "Draw an index sheet: every issue's thumbnail with its number, test type, rect and text."
    static let operands = Operands.exactly("REPORT")
    static let discussion = """
        Writes index_sheet.png into the report's evidence folder (Reports/<report name>/), or
        index_sheet_1.png, index_sheet_2.png, ... when the issues need more than one page. With -o, the
        pages go to that path (name_1.png, ... for several); a .jpg or .jpeg path writes JPEG.
        Issues whose thumbnail is missing or broken get a placeholder cell naming the problem, and a
        warning on stderr. Prints the files written.

        The font: --font PATH, else $AUDITKIT_FONT, else fontconfig's sans-serif, else DejaVu Sans or
        the macOS system font. Characters the font lacks (CJK, ...) come from a fontconfig fallback.

        EXAMPLE: auditkit sheet Reports/AuditReport_2026-01-02_11-02-25.html --columns 5
        """
    static let options: [OptionSpec] = [
        output.spec, columns.spec, cell.spec, perPage.spec, font.spec, OverlayCommand.format.spec,
    ]

    /// `--output PATH`.
    static let output: Option<String?> = .text(
        "--output", "-o", value: "PATH", help: "Where to write (default: the report's evidence folder).")
    /// `--columns N`.
    static let columns: Option<Int?> = .integer(
        "--columns", value: "N", in: IndexSheetOptions.columnRange, help: "Cells per row (default 6).")
    /// `--cell WxH`.
    static let cell: Option<String?> = .text("--cell", value: "WxH", help: "Cell size in pixels (default 240x230).")
    /// `--per-page N`.
    static let perPage: Option<Int?> = .integer(
        "--per-page", value: "N", in: IndexSheetOptions.perPageRange, help: "Cells per page (default 60).")
    /// `--font PATH`.
    static let font = PassInputs.font.withHelp("Font file for the labels.")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let reportPath = arguments.positional[0]
        let format = try arguments[OverlayCommand.format]
        let defaults = IndexSheetOptions()
        var options = defaults
        // Checked here, before any file is read; IndexSheet checks the same ranges for library callers.
        options.columns = try arguments[Self.columns] ?? defaults.columns
        options.perPage = try arguments[Self.perPage] ?? defaults.perPage
        if let cell = arguments[Self.cell] {
            let parts = cell.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            let sides = IndexSheetOptions.cellSideRange
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                sides.contains(width), sides.contains(height)
            else {
                throw AuditError(.usage, "--cell expects WIDTHxHEIGHT from 120x120 to 2000x2000, got '\(cell)'")
            }
            options.cellWidth = width
            options.cellHeight = height
        }
        if let output = arguments[Self.output] {
            let fileExtension = PathName.fileExtension(output).lowercased()
            guard ["png", "jpg", "jpeg"].contains(fileExtension) else {
                throw AuditError(.usage, "-o must name a .png, .jpg or .jpeg file, got '\(output)'")
            }
        }
        let text = try TextRenderer(explicitFontPath: arguments[Self.font], environment: context.environment)
        // Pictures need no report identity: skip the SHA-256.
        let report = try ReportReader.read(path: reportPath, options: .init(computeDigest: false))
        let sheet = try IndexSheet(report: report, text: text, options: options)
        if arguments[Self.output] == nil { try EvidencePaths.refuseReservedFolder(forReportPath: reportPath) }
        let output = try sheet.write(
            to: arguments[Self.output],
            evidence: EvidencePaths(reportPath: reportPath, root: context.reportsFolder))
        context.terminal.warnings(sheet: output, of: reportPath)
        switch format {
        case .text:
            for path in output.paths { context.terminal.line(path) }
        case .json:
            try context.terminal.json(
                SheetJSON(
                    report: reportPath, pages: output.paths, issues: report.issues.count,
                    imageProblems: output.imageProblems.map { .init(issue: $0.issueNumber, message: $0.message) }))
        }
        return .success
    }
}
