import AuditKit
import Foundation

/// `auditkit map`: maps a report's issues to source locations with the rule file and the Swift sources.
enum MapCommand: Command {
    static let name = "map"
    static let abstract = "Map a report's issues to views and source locations (rules, then the Swift sources)."
    static let operands = Operands.exactly("REPORT")
    static let discussion = """
        Rules come from --rules, else from ./\(RuleFile.defaultFileName) when it exists; they apply in file \
        order and the first matching rule wins. Issues no rule matches are looked up by their element text \
        in the string literals and string catalogs under each --source folder; among places that show the \
        same text, those inside the view whose subtree explains the screen's other issues win. Elements in \
        the status bar band are system UI.

        Formats: text (grouped by view), json, xcode ('path:line:column: warning: ...' lines Xcode and \
        editors show inline; accepted and system issues are notes), sarif (SARIF 2.1.0 for GitHub code scanning). \
        Each SARIF result carries its fingerprint in partialFingerprints and, when the history \
        file has an earlier report, its baselineState against the previous report in the history (new or unchanged), and warnings that are \
        gone since then are listed as absent. Warnings the baseline accepts (--baseline, default: the project's) are notes \
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
        let arguments = context.arguments
        let format = try arguments[FindingsFormat.option]
        let report = try ReportReader.read(path: arguments.positional[0])
        let configuration = try ScanCommand.loadConfiguration(context)
        let inputs = try MappingInputs(context, scanFonts: configuration)
        var result = inputs.map(report)
        // The sources were scanned in the index's lexer pass; files only a rule names are scanned here.
        var scan = inputs.fontScan ?? FontScanResult()
        scan.scanMappedFiles(of: report, mapping: result, configuration: configuration)
        var causes = scan.likelyCauses(report: report, mapping: result)
        // The states against the history: SARIF's baseline states, and the warnings the baseline accepts,
        // which ask for no fix, so no likely cause is named for them (read only when there is a baseline).
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        var states: ReportHistoryStates?
        if format == .sarif || !baseline.entries.isEmpty {
            states = ReportHistoryStates(
                report: report, mappings: result.issues.compactMap(\.primary),
                history: try HistoryInputs.loadHistory(context), baseline: baseline,
                translations: inputs.translations)
        }
        if let states {
            causes = states.withoutAccepted(causes)
            // SARIF says it through its suppressions.
            if format != .sarif { result = states.statingAcceptance(in: result) }
        }
        for timeout in result.ruleTimeouts {
            context.terminal.warning(timeout.message, in: timeout.definedAt?.description ?? report.sourcePath)
        }
        switch format {
        case .text:
            context.terminal.out(result.textOutput(report: report, likelyCauses: causes))
        case .json:
            context.terminal.out(
                String(decoding: result.jsonOutput(report: report, likelyCauses: causes), as: UTF8.self))
        case .xcode:
            context.terminal.out(
                result.xcodeDiagnostics(report: report, likelyCauses: causes).map { $0.description + "\n" }.joined())
        case .sarif:
            // Fingerprints always; baseline states only against a history that has an earlier report (a
            // missing history file loads as empty).
            guard let states else { return .success }
            let data = SARIFWriter.data(
                report: report, mapping: result, extras: states.sarifExtras, absent: states.sarifAbsentResults,
                likelyCauses: causes, root: context.project.absoluteRoot)
            context.terminal.out(String(decoding: data, as: UTF8.self) + "\n")
        }
        return .success
    }
}
