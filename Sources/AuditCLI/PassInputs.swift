import AuditKit
import Foundation

/// What `audit` and `ingest` share: the options of the whole pass, declared once, and the pass
/// configuration they make (mapping, pictures, history, log), checked before anything is written.
enum PassInputs {
    /// The options besides the mapping's: the log, the history, the session's date, the labels' font
    /// and the templates. `dateHelp` says what the date defaults to for the command.
    static func options(dateHelp: String) -> [OptionSpec] {
        MappingInputs.options + [
            ProjectOptions.log.spec,
            ProjectOptions.history.spec,
            ProjectOptions.baseline.spec,
            HistoryInputs.covers.spec,
            HistoryInputs.screen.spec,
            date.withHelp(dateHelp).spec,
            HistoryInputs.auditDate.spec,
            font.spec,
            ProjectOptions.templates.spec,
        ]
    }

    /// `--date YYYY-MM-DD`: the session's date.
    static let date: Option<String?> = .text(
        "--date", value: "YYYY-MM-DD", help: "The session's date (default: the day of the audit).")

    /// `--font PATH`: the pictures' labels.
    static let font: Option<String?> = .text("--font", value: "PATH", help: "Font file for the pictures' labels.")

    /// The mapper the mapping options make and the scan configuration that finds likely causes
    /// (`--config`, the project file's, else `auditkit.scan.json` at the project's root when present):
    /// the sources are scanned for fixed font sizes in the index's lexer pass, and files only a rule
    /// names when a report maps to them. Every command that
    /// maps a report through the pass (`audit`, `ingest`, `log`, `summary`) takes both from here.
    /// - Throws: the rule file's, the index's or the scan configuration's `AuditError`.
    /// With `recorded`, the inputs a history entry recorded stand for the settings in force.
    static func mapping(_ context: CommandContext, recorded: RecordedMappingInputs? = nil) throws -> (
        mapper: IssueMatcher?, fontScan: FontScanConfiguration?
    ) {
        let fontScan = try ScanCommand.loadConfiguration(context)
        return (try MappingInputs(context, scanFonts: fontScan, recorded: recorded).mapper, fontScan)
    }

    /// The whole pass as the options say, with the evidence under `evidenceRoot` (nil: beside each
    /// report) and sessions dated `defaultDate` unless `--date` is given.
    /// - Throws: the rule file's, the index's, the baseline's, the font's, the templates' or the date's
    ///   `AuditError` (a damaged baseline stops the pass before anything is written).
    static func configuration(_ context: CommandContext, evidenceRoot: String?, defaultDate: SessionDate) throws
        -> AuditPass.Configuration
    {
        let arguments = context.arguments
        let (mapper, fontScan) = try mapping(context)
        var configuration = AuditPass.Configuration(
            mapper: mapper,
            renderer: try TextRenderer(explicitFontPath: arguments[font], environment: context.environment),
            evidenceRoot: evidenceRoot, history: HistoryInputs.historyFile(context),
            baseline: try Baseline.load(path: HistoryInputs.baselinePath(context)),
            logPath: context.logPath,
            templates: try context.templates(),
            date: try arguments[date].map { .fixed(try SessionFacts.validatedDate($0)) } ?? defaultDate,
            logNamedByUser: context.logNamedByUser)
        configuration.fontScan = fontScan
        configuration.mappedWith = context.recordedMappingInputs
        configuration.covers = arguments[HistoryInputs.covers]
        configuration.screenName = arguments[HistoryInputs.screen]
        configuration.reading = try HistoryInputs.reading(arguments)
        return configuration
    }

    /// The mapping inputs the history recorded for its latest mapped audit, when none are in force (no
    /// flag, no project file's, no ./auditkit.rules.json): `html` and `summary` then state what `ingest`
    /// stated. Nil, said on stderr, when a recorded path is gone or leads outside the project (the history
    /// is the repository's, which a pull request can change): the code places are then shown as recorded.
    /// Its paths are resolved from the working folder, as `MappingInputs` takes them.
    static func recordedInputs(_ history: History, _ context: CommandContext) -> RecordedMappingInputs? {
        guard context.rules == nil, context.sources.paths.isEmpty,
            let recorded = history.entries.last(where: { $0.mappedWith != nil })?.mappedWith
        else { return nil }
        let resolved = recorded.resolved(historyPath: context.history.path)
        for path in [resolved.rules].compactMap({ $0 }) + resolved.sources {
            let problem =
                !FileManager.default.fileExists(atPath: path)
                ? "is gone" : context.project.outside(path).map { "leads outside the project (\($0))" }
            if let problem {
                context.terminal.message(
                    "\(path), which the history recorded its reports were mapped with, \(problem); the code "
                        + "places are shown as recorded")
                return nil
            }
        }
        return resolved
    }
}
