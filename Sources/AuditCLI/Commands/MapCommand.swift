import AuditKit
import Foundation

/// `auditkit map`: maps a report's issues to source locations with the rule file and the Swift sources.
enum MapCommand: Command {
    static let name = "map"
    static let abstract =
        "Map the issues of reports (the latest run's by default) to views and source locations (rules, then sources)."
    static let operands = Operands.any("REPORT")
    static let discussion = """
        Without REPORT, the reports the latest run added to the history are mapped (their files in the \
        reports folder or beside the log, else as the history recorded them); a REPORT is a report file or a report in the history (position, \
        latest, latest~N, SHA-256 prefix, file name). With several reports, each is mapped in turn; SARIF \
        is then one run holding every report's results (a warning two of them show once, the later one's), \
        and JSON one object whose 'reports' holds each report's document.

        Rules come from --rules, else from ./\(RuleFile.defaultFileName) when it exists; they apply in file \
        order and the first matching rule wins. Issues no rule matches are looked up by their element text \
        in the string literals and string catalogs under each --source folder; among places that show the \
        same text, those inside the view whose subtree explains the screen's other issues win. Elements in \
        the status bar band are system UI.

        Formats: text (grouped by view), json, xcode ('path:line:column: warning: ...' lines Xcode and \
        editors show inline; accepted and system issues are notes), sarif (SARIF 2.1.0 for GitHub code scanning). \
        Each SARIF result carries its fingerprint in partialFingerprints and, when the history \
        file has an earlier report, its baselineState against the previous audit of its screen (new or unchanged); \
        warnings an audit resolved are no results, so code scanning closes their alerts. Warnings the baseline accepts (--baseline, default: the project's) are notes \
        with an external suppression giving its reason, as 'check' counts them. Paths are relative to the project's root \
        (SRCROOT) from any folder.

        The sources (and files rules name) are also scanned for fixed font sizes (as 'auditkit scan' does, \
        with ./\(FontScanConfiguration.defaultFileName) when present), and each open Dynamic Type issue \
        mapped to a file names as likely causes the ones that apply to its element's own text (a .font on \
        the same Text or Label, or on the stack holding it when the text sets none).

        Example:
          auditkit map Reports/AuditReport_2026-01-03_16-28-16.html --source Sources --format xcode
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            FindingsFormat.option.spec,
            ProjectOptions.history.spec,
            ProjectOptions.baseline.spec,
        ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let format = try context.arguments[FindingsFormat.option]
        let sources = try HistoryInputs.reportSources(context.arguments.positional, context)
        let configuration = try ScanCommand.loadConfiguration(context)
        let inputs = try MappingInputs(context, scanFonts: configuration)
        // The states against the history: SARIF's baseline states, and the warnings the baseline accepts,
        // which ask for no fix, so no likely cause is named for them (read only when there is a baseline).
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        let history = format == .sarif || !baseline.entries.isEmpty ? try HistoryInputs.loadHistory(context) : nil
        var mapped: [MappedReport] = []
        // A report file is the audit of the history it is, or another (an audit is its file and its time).
        var reading = ReportReader.Options()
        reading.identities = history?.auditIdentities
        for source in sources {
            let report: InspectorReport
            switch source {
            case .file(let path): report = try ReportReader.read(path: path, options: reading)
            case .recorded(let entry, let path):
                context.terminal.message(
                    "note: \(path): not here; mapped as the history recorded \(entry.fileName)")
                report = InspectorReport(recorded: entry, path: path)
            }
            var result = inputs.map(report)
            // The sources were scanned in the index's lexer pass; files only a rule names are scanned here.
            var scan = inputs.fontScan ?? FontScanResult()
            scan.scanMappedFiles(of: report, mapping: result, configuration: configuration)
            var causes = scan.likelyCauses(report: report, mapping: result)
            var extras: [Int: SARIFWriter.IssueExtras] = [:]
            if let history {
                let states = ReportHistoryStates(
                    report: report, mappings: result.issues.compactMap(\.primary), history: history,
                    baseline: baseline, translations: inputs.translations)
                causes = states.withoutAccepted(causes)
                extras = states.sarifExtras
                // SARIF says it through its suppressions.
                if format != .sarif { result = states.statingAcceptance(in: result) }
            }
            for timeout in result.ruleTimeouts {
                context.terminal.warning(timeout.message, in: timeout.definedAt?.description ?? report.sourcePath)
            }
            mapped.append(MappedReport(report: report, mapping: result, extras: extras, likelyCauses: causes))
        }
        context.terminal.out(Self.render(mapped, format: format, root: context.project.absoluteRoot))
        return .success
    }

    /// What `map` prints of the mapped reports in `format`.
    static func render(_ mapped: [MappedReport], format: FindingsFormat, root: String) -> String {
        switch format {
        case .text:
            return mapped.map { $0.mapping.textOutput(report: $0.report, likelyCauses: $0.likelyCauses) }.joined()
        case .json:
            guard mapped.count > 1 else {
                return mapped.map {
                    String(
                        decoding: $0.mapping.jsonOutput(report: $0.report, likelyCauses: $0.likelyCauses), as: UTF8.self
                    )
                }.joined()
            }
            return String(decoding: MappingResult.jsonOutput(mapped), as: UTF8.self)
        case .xcode:
            return mapped.flatMap { $0.mapping.xcodeDiagnostics(report: $0.report, likelyCauses: $0.likelyCauses) }
                .map { $0.description + "\n" }.joined()
        case .sarif:
            return String(decoding: SARIFWriter.data(reports: mapped, root: root), as: UTF8.self) + "\n"
        }
    }
}
