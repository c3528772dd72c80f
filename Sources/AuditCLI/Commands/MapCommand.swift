import AuditKit
import Foundation

/// `auditkit map`: maps a report's issues to source locations with the rule file and the Swift sources.
enum MapCommand: Command {
    enum Format: String {
        case text, json, xcode, sarif
    }

    static let name = "map"
    static let abstract = "Map a report's issues to views and source locations (rules, then the Swift sources)."
    static let usage = "map REPORT [--rules RULES] [--source DIR]... [--format text|json|xcode|sarif]"
    static let discussion = """
        Rules come from --rules, else from ./\(RuleFile.defaultFileName) when it exists; they apply in file \
        order and the first matching rule wins. Issues no rule matches are looked up by their element text \
        in the string literals and string catalogs under each --source folder.

        Formats: text (grouped by view), json, xcode ('path:line:column: warning: ...' lines Xcode and \
        editors show inline; accepted and system issues are notes), sarif (SARIF 2.1.0 for GitHub code scanning).

        Example:
          auditkit map Reports/AuditReport_2026-01-03_16-28-16.html --source Sources --format xcode
        """
    static let options: [OptionSpec] = [
        .option("--rules", value: "RULES", help: "Rule file (default ./\(RuleFile.defaultFileName) when present)."),
        .option("--source", value: "DIR", repeatable: true, help: "Folder of Swift sources and string catalogs (repeatable)."),
        .option("--format", value: "FORMAT", help: "text (default), json, xcode or sarif."),
    ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        guard arguments.positional.count == 1 else {
            throw AuditError(.usage, arguments.positional.isEmpty ? "missing REPORT" : "expected one REPORT, got \(arguments.positional.count)")
        }
        let format: Format
        do {
            format = try arguments.choice("--format", default: Format.text)
        } catch {
            throw AuditError(.usage, "--format must be text, json, xcode or sarif, got '\(arguments.value("--format") ?? "")'")
        }
        let report = try ReportReader.read(path: arguments.positional[0])
        var rules: RuleFile?
        if let path = arguments.value("--rules") {
            rules = try RuleFile.load(path: path)
        } else if FileManager.default.fileExists(atPath: RuleFile.defaultFileName) {
            rules = try RuleFile.load(path: RuleFile.defaultFileName)
        }
        var index: SourceIndex?
        let roots = arguments.all("--source")
        if !roots.isEmpty {
            let built = try SourceIndex.build(roots: roots)
            for problem in built.problems { context.terminal.warning(problem.description) }
            index = built
        }
        let result = IssueMatcher(rules: rules, index: index).map(report)
        switch format {
        case .text:
            context.terminal.out(result.textOutput(report: report))
        case .json:
            context.terminal.out(String(decoding: result.jsonOutput(report: report), as: UTF8.self) + "\n")
        case .xcode:
            context.terminal.out(result.xcodeDiagnostics(report: report).map { $0.description + "\n" }.joined())
        case .sarif:
            context.terminal.out(String(decoding: SARIFWriter.data(report: report, mapping: result), as: UTF8.self) + "\n")
        }
        return .success
    }
}
