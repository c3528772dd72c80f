import AuditKit
import Foundation

/// What the commands that use the mapping share: the `--rules` and `--source` options, and one
/// matcher built from them (the rule file, else `./auditkit.rules.json` when present; the source index
/// when folders are given).
struct MappingInputs {
    /// `--rules RULES`.
    static let rulesOption = OptionSpec.option(
        "--rules", value: "RULES", help: "Rule file (default ./\(RuleFile.defaultFileName) when present).")
    /// `--source DIR`, repeatable.
    static let sourceOption = OptionSpec.option(
        "--source", value: "DIR", repeatable: true, help: "Folder of Swift sources and string catalogs (repeatable).")
    /// Both options.
    static let options = [rulesOption, sourceOption]

    /// The matcher; it maps nothing when there are neither rules nor sources.
    let matcher: IssueMatcher
    /// Whether rules or sources were found, so mapping results mean something.
    let isConfigured: Bool

    /// Loads the rule file and indexes the source folders named by the options, printing index problems
    /// as warnings.
    /// - Throws: the rule file's or the index's `AuditError`.
    init(_ context: CommandContext) throws {
        let arguments = context.arguments
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
            for problem in built.problems { context.terminal.message(problem.line(severity: "warning")) }
            index = built
        }
        matcher = IssueMatcher(rules: rules, index: index)
        isConfigured = rules != nil || index != nil
    }

    /// The full mapping result for `report`.
    func map(_ report: InspectorReport) -> MappingResult { matcher.map(report) }

    /// The matcher when rules or sources were given; nil means no mapping was asked for.
    var mapper: IssueMatcher? { isConfigured ? matcher : nil }
}
