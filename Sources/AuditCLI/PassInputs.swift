import AuditKit
import Foundation

/// What `audit` and `ingest` share: the options of the whole pass, declared once, and the pass
/// configuration they make (mapping, pictures, history, log), checked before anything is written.
enum PassInputs {
    /// The options besides the mapping's: the log, the history, the session's date, the labels' font
    /// and the templates. `dateHelp` says what the date defaults to for the command.
    static func options(dateHelp: String) -> [OptionSpec] {
        MappingInputs.options + [
            .option("--log", value: "PATH", help: "The audit log (default: audit.md)."),
            HistoryInputs.historyOption,
            .option("--date", value: "YYYY-MM-DD", help: dateHelp),
            .option("--font", value: "PATH", help: "Font file for the pictures' labels."),
            .option("--templates", value: "DIR", help: "Look for the log templates here first."),
        ]
    }

    /// The whole pass as the options say, with the evidence under `evidenceRoot` (nil: beside each
    /// report) and sessions dated `defaultDate` unless `--date` is given.
    /// - Throws: the rule file's, the index's, the font's, the templates' or the date's `AuditError`.
    static func configuration(_ context: CommandContext, evidenceRoot: String?, defaultDate: SessionDate) throws
        -> AuditPass.Configuration
    {
        let arguments = context.arguments
        // The sources are scanned for fixed font sizes in the index's lexer pass (./auditkit.scan.json when present).
        let fontScan = try ScanCommand.loadConfiguration(arguments)
        var configuration = AuditPass.Configuration(
            mapper: try MappingInputs(context, scanFonts: fontScan).mapper,
            renderer: try TextRenderer(explicitFontPath: arguments.value("--font"), environment: context.environment),
            evidenceRoot: evidenceRoot, history: HistoryInputs.historyFile(context),
            logPath: arguments.value("--log") ?? "audit.md",
            templates: try TemplateSet(directory: arguments.value("--templates")),
            date: try arguments.value("--date").map { .fixed(try SessionFacts.validatedDate($0)) } ?? defaultDate,
            logNamedByUser: arguments.value("--log") != nil)
        configuration.fontScan = fontScan
        return configuration
    }
}
