import AuditKit
import Foundation

/// What the commands that use the mapping share: the `--rules`, `--source` and `--target` options, and one
/// matcher built from them or, without them, from the project file (`CommandContext.rules`, `sources`).
struct MappingInputs {
    /// The three options.
    static let options = [ProjectOptions.rules.spec, ProjectOptions.source.spec, ProjectOptions.target.spec]

    /// The matcher; it maps nothing when there are neither rules nor sources.
    let matcher: IssueMatcher
    /// Whether rules or sources were found, so mapping results mean something.
    let isConfigured: Bool
    /// What the Dynamic Type scanner found in the `--source` folders, when `scanFonts` asked for it.
    let fontScan: FontScanResult?

    /// Loads the rule file and indexes the source folders named by the options, printing index problems
    /// as warnings.
    /// - Parameter scanFonts: also run the Dynamic Type scanner over the source folders (same lexer pass)
    ///   with this configuration.
    /// - Throws: the rule file's or the index's `AuditError`.
    /// - Parameter recorded: inputs a history entry recorded, its paths already resolved from the working
    ///   folder (`PassInputs.recordedInputs`, which checks they exist and stay inside the project), used
    ///   instead of the settings in force.
    init(_ context: CommandContext, scanFonts: FontScanConfiguration? = nil, recorded: RecordedMappingInputs? = nil)
        throws
    {
        let rulesPath = recorded == nil ? context.rules?.path : recorded?.rules
        let rules = try rulesPath.map { path in
            let rules = try RuleFile.load(path: path)
            try context.project.refuseRuleFilesOutside(rules, path: path)
            return rules
        }
        var index: SourceIndex?
        let roots = recorded?.sources ?? context.sources.paths
        if !roots.isEmpty {
            let built = try SourceIndex.build(roots: roots, fontScan: scanFonts)
            for problem in built.problems { context.terminal.message(problem.line(severity: "warning")) }
            index = built
        }
        fontScan = index?.fontScan
        var target: AuditedTarget?
        let named =
            recorded == nil ? context.auditTarget : recorded?.target.map { ($0, CommandContext.Origin.history) }
        if let named, let index {
            let known = index.targets.filter { !$0.isTest }.map(\.name)
            guard known.contains(named.name) else {
                let list =
                    known.isEmpty
                    ? "the sources hold no Xcode project or Package.swift targets"
                    : "targets: \(Array(Set(known)).sorted().joined(separator: ", "))"
                throw AuditError(.usage, "no target named \"\(named.name)\" to audit; \(list)")
            }
            switch named.origin {
            case .flag: target = AuditedTarget(name: named.name, choice: .option, reason: "named by --target")
            case .history:
                target = AuditedTarget(name: named.name, choice: .history, reason: "as the history recorded it")
            default:
                target = AuditedTarget(
                    name: named.name, choice: .projectFile, reason: "named by \(ProjectFile.defaultFileName)")
            }
        }
        matcher = IssueMatcher(rules: rules, index: index, target: target)
        isConfigured = rules != nil || index != nil
    }

    /// The source index, when `--source` folders were given: its string catalogs and literals let the
    /// history recognise a warning across languages.
    var sources: SourceIndex? { matcher.index }

    /// The string catalogs of the sources as a translation table (empty without `--source`).
    var translations: StringTranslations { StringTranslations(matcher.index?.localizedStrings ?? []) }

    /// The full mapping result for `report`.
    func map(_ report: InspectorReport) -> MappingResult { matcher.map(report) }

    /// The matcher when rules or sources were given; nil means no mapping was asked for.
    var mapper: IssueMatcher? { isConfigured ? matcher : nil }
}
