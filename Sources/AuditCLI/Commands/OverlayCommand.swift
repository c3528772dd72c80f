import AuditKit
import Foundation

/// `auditkit overlay`: draws numbered issue boxes on each screen's screenshot.
struct OverlayCommand: Command {
    static let name = "overlay"
    static let abstract = "Draw each screenshot with a numbered, coloured box on every flagged element."
    static let operands = Operands.exactly("REPORT")
    static let discussion = """
        Writes overlay_screen_1.png, overlay_screen_2.png, ... into the report's evidence folder
        (Reports/<report name>/) or DIR. Box numbers are the issue numbers of the index sheet; colours
        are the test types'. Rects partly outside the screenshot are clipped to it. Screens without a
        usable screenshot are listed on stderr. Prints the files written.

        EXAMPLE: auditkit overlay Reports/AuditReport_2026-01-02_11-02-25.html -o /tmp/overlays
        """
    static let options: [OptionSpec] = [
        output.spec, font.spec, format.spec,
    ]

    /// `--output DIR`.
    static let output: Option<String?> = .text(
        "--output", "-o", value: "DIR", help: "Folder to write into (default: the report's evidence folder).")
    /// `--font PATH`.
    static let font = PassInputs.font.withHelp("Font file for the numbers and legend.")
    /// `--format text|json`.
    static let format = TextOrJSON.option.withHelp("Output: text (default) or json.")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let reportPath = arguments.positional[0]
        let format = try arguments[Self.format]
        let text = try TextRenderer(explicitFontPath: arguments[Self.font], environment: context.environment)
        // Pictures need no report identity: skip the SHA-256.
        let report = try ReportReader.read(path: reportPath, options: .init(computeDigest: false))
        if arguments[Self.output] == nil { try EvidencePaths.refuseReservedFolder(forReportPath: reportPath) }
        let evidence =
            arguments[Self.output].map { EvidencePaths(directory: $0) }
            ?? EvidencePaths(reportPath: reportPath, root: context.reportsFolder)
        let output = try Overlay.writeAll(report: report, text: text, evidence: evidence)
        context.terminal.warnings(overlays: output, of: reportPath)
        switch format {
        case .text:
            for path in output.paths { context.terminal.line(path) }
        case .json:
            try context.terminal.json(
                OverlayJSON(
                    report: reportPath, overlays: output.paths,
                    skippedScreens: output.skipped.map {
                        .init(screen: $0.screenIndex + 1, name: $0.screenName, reason: $0.reason)
                    }))
        }
        return .success
    }
}
