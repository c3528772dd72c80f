import AuditKit
import Foundation

/// `auditkit scan`: finds fixed font sizes that cannot scale with Dynamic Type in Swift sources.
enum ScanCommand: Command {
    enum Format: String, CaseIterable {
        case text, json, xcode, sarif
    }

    static let name = "scan"
    static let abstract = "Find fixed font sizes in Swift sources that cannot scale with Dynamic Type."
    static let operands = "PATH..."
    static let discussion = """
        Reads every .swift file under each PATH (folders are walked as --source folders are) with the \
        mapping's lexer and reports .system(size:), .custom(_:fixedSize:), UIFont/NSFont systemFont(ofSize:) \
        and its relatives, and UIFont(name:size:) unless the font goes through UIFontMetrics.scaledFont(for:). \
        Each finding has the literal size, weight and design, a suggestion (the nearest text style, the \
        team's token, or @ScaledMetric for images) and the size it would reach at AX5.

        Not reported: comments and string literals, #Preview and PreviewProvider code, sizes from \
        @ScaledMetric properties, .custom(_:size:) (it scales with Body), paths the configuration \
        excludes. '// auditkit:ignore <reason>' on the line or the line above suppresses a finding.

        The configuration (--config, else the project file's "scan", else \(FontScanConfiguration.defaultFileName) at the project's root when present) turns \
        on the optional rules (roundedDesign, minimumSize, hardCodedTracking, fontWeightOnToken, \
        customRequiresRelativeTo), excludes paths and gives the team's tokens.

        Formats: text (default), json, xcode ('path:line:column: warning: ...' lines), sarif (SARIF 2.1.0 \
        with UTF-16 columns and each finding's fingerprint). Exits 0 whether or not there are findings.

        Example:
          auditkit scan Tests/AuditKitTests/Scan/Fixtures/Corpus --format xcode
        """
    static let options: [OptionSpec] = [
        .choice("--format", of: Format.self, help: "text (default), json, xcode or sarif."),
        .option(
            "--config", value: "FILE",
            help:
                "Scan configuration (default: the project file's, else \(FontScanConfiguration.defaultFileName) when present)."
        ),
    ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        guard !arguments.positional.isEmpty else { throw AuditError(.usage, "missing PATH") }
        let format = try arguments.choice("--format", default: Format.text)
        let configuration = try loadConfiguration(context)
        let result = try FontScanner.scan(paths: arguments.positional, configuration: configuration)
        for problem in result.problems { context.terminal.message(problem.line(severity: "warning")) }
        switch format {
        case .text:
            context.terminal.out(result.textOutput)
        case .json:
            context.terminal.out(String(decoding: result.jsonOutput, as: UTF8.self) + "\n")
        case .xcode:
            context.terminal.out(result.xcodeDiagnostics.map { $0.description + "\n" }.joined())
            context.terminal.message(result.summaryLine)
        case .sarif:
            context.terminal.out(String(decoding: result.sarifData, as: UTF8.self) + "\n")
        }
        return .success
    }

    /// The configuration named by `--config`, else the default file when present, else the default.
    static func loadConfiguration(_ context: CommandContext) throws -> FontScanConfiguration {
        try context.scanConfiguration.map { try FontScanConfiguration.load(path: $0.path) } ?? FontScanConfiguration()
    }
}
