import AuditKit
import Foundation

/// `auditkit scan`: finds fixed font sizes that cannot scale with Dynamic Type in Swift sources, storyboards
/// and xibs.
enum ScanCommand: Command {
    static let name = "scan"
    static let abstract =
        "Find fixed font sizes in Swift sources, storyboards and xibs that cannot scale with Dynamic Type."
    static let operands = Operands.any("PATH")
    static let discussion = """
        Reads every .swift file under each PATH (folders are walked as --source folders are) with the \
        mapping's lexer and reports .system(size:), .custom(_:fixedSize:), UIFont/NSFont systemFont(ofSize:) \
        and its relatives, and UIFont(name:size:) unless the font goes through UIFontMetrics.scaledFont(for:). \
        Each finding has the literal size, weight and design, the size it would reach at AX5, and what \
        --fix does there: the code it writes (the suggestion), or why it leaves the finding and what to \
        write by hand ('left by --fix: REASON; by hand: CODE').

        Storyboards and xibs (.storyboard, .xib) are read too: a <fontDescription> of fixed pointSize is a \
        finding on its element's line; a label, text field or text view with a text style but without \
        adjustsFontForContentSizeCategory="YES" keeps the size it was loaded with (text-style-not-adjusting), \
        and so does a button with a text style unless Swift code sets its titleLabel's flag through an \
        outlet or in its class. In Swift, preferredFont(forTextStyle:) given to a view whose \
        adjustsFontForContentSizeCategory the file never sets to true is text-style-not-adjusting too.

        Not reported: comments and string literals, #Preview and PreviewProvider code, sizes from \
        @ScaledMetric properties, .custom(_:size:) (it scales with Body), paths the configuration \
        excludes. '// auditkit:ignore <reason>' on the line or the line above suppresses a finding.

        The configuration (--config, else the project file's "scan", else \(FontScanConfiguration.defaultFileName) at the project's root when present) turns \
        on the optional rules (roundedDesign, minimumSize, hardCodedTracking, fontWeightOnToken, \
        customRequiresRelativeTo), excludes paths and gives the team's tokens.

        --fix rewrites the findings in place so they scale, as scan suggests, site by site: a text's size \
        and weight that are a text style's defaults become the style (17 semibold is .headline; the \
        configuration's token of that size and weight when there is one); a text's other number size, \
        within 3 pt, the team's nearest token, else the style whose default size is nearest at its weight (15 semibold is \
        .subheadline.weight(.semibold), Apple's table: largeTitle 34, title 28, title2 22, title3 20, \
        headline 17 semibold, body 17, callout 16, subheadline 15, footnote 13, caption 12, caption2 11); \
        any other SwiftUI size (a symbol's, one through a name) a @ScaledMetric(relativeTo:) property of \
        the enclosing struct or class view, relative to the text beside it (where no property can live, in \
        an enum, a protocol's extension, a static builder or an initialiser, \
        UIFontMetrics(forTextStyle:).scaledValue(for:) in place when the file imports UIKit, else it is left \
        with that advice); .custom(_:fixedSize:) \
        .custom(_:size:relativeTo:), UIFont.systemFont(ofSize:) at a style's size and weight \
        UIFont.preferredFont(forTextStyle:), any other UIKit font UIFontMetrics(forTextStyle:).scaledFont(for:) (and the \
        label it is assigned to adjustsFontForContentSizeCategory); in a storyboard or xib, a system font \
        the nearest text style by the same table and, on a label, text field or text view, \
        adjustsFontForContentSizeCategory="YES", editing only those attributes (named fonts and buttons \
        are left, with the code to write). A size that comes through a name \
        holding a number, declared in the file or in another file of the paths (a design system's token, a \
        package's constant), is followed to it and scaled too: a text sized by a static, global or local let \
        becomes the style of its number, as if written in place (a local left unused is deleted); \
        otherwise the view's own stored property becomes the @ScaledMetric, a static or global let \
        starts a new one, a local let's number goes into a new one; a name with no number written in \
        place is left, saying so. A size computed from a few numbers (a switch of the view returning them, \
        lerp(32, 18, progress), a ternary) gets one @ScaledMetric per number, on the curve of its own size; \
        another type's computation one scaled factor. It prints per \
        file what it changed and what it left, with the reason and what to write by hand, and the changes to review: text that now scales inside \
        a .frame of fixed height, under .lineLimit(1) or .minimumScaleFactor (scan says so too; with \
        --notes, --fix writes it as a '// auditkit: review: ...' comment on the line above the site, \
        once). --dry-run prints a unified diff instead of writing. --rule limits it to some rules (fixed-font-size, custom-font-without-relative-to, text-style-not-adjusting).

        Without PATH, the project file's sources are scanned.

        Formats: text (default), json, xcode ('path:line:column: warning: ...' lines), sarif (SARIF 2.1.0 \
        with UTF-16 columns and each finding's fingerprint). Exits 0 whether or not there are findings.

        Example:
          auditkit scan Tests/AuditKitTests/Scan/Fixtures/Corpus --format xcode
          auditkit scan Sources --fix --dry-run
        """
    static let options: [OptionSpec] = [
        FindingsFormat.option.spec,
        ProjectOptions.config.withHelp(
            "Scan configuration (default: the project file's, else \(FontScanConfiguration.defaultFileName) when present)."
        ).spec,
        fix.spec, dryRun.spec, notes.spec, rule.spec,
    ]

    /// `--fix`.
    static let fix: Option<Bool> = .flag(
        "--fix", help: "Rewrite the findings in place so the sizes scale with Dynamic Type.")
    /// `--dry-run`.
    static let dryRun: Option<Bool> = .flag(
        "--dry-run", help: "With --fix: print a unified diff of the rewrites; write nothing.")
    /// `--notes`.
    static let notes: Option<Bool> = .flag(
        "--notes",
        help:
            "With --fix: write each risk to review (a fixed frame, lineLimit(1), minimumScaleFactor) as a '// auditkit: review:' comment above the site."
    )
    /// `--rule RULE`, repeatable.
    static let rule: Option<[String]> = .repeated(
        "--rule", value: "RULE",
        help:
            "With --fix: fix only this rule (fixed-font-size, custom-font-without-relative-to, text-style-not-adjusting); repeatable."
    )

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let format = try arguments[FindingsFormat.option]
        let configuration = try loadConfiguration(context)
        if arguments[Self.fix] { return try fix(context, configuration: configuration) }
        if arguments[Self.dryRun] || arguments[Self.notes] || !arguments[Self.rule].isEmpty {
            throw AuditError(.usage, "--dry-run, --notes and --rule go with --fix")
        }
        let result = try FontScanner.scan(paths: try paths(context), configuration: configuration)
        for problem in result.problems { context.terminal.message(problem.line(severity: "warning")) }
        switch format {
        case .text:
            context.terminal.out(result.textOutput)
        case .json:
            context.terminal.out(String(decoding: result.jsonOutput, as: UTF8.self))
        case .xcode:
            context.terminal.out(result.xcodeDiagnostics.map { $0.description + "\n" }.joined())
            context.terminal.message(result.summaryLine)
        case .sarif:
            context.terminal.out(
                String(decoding: result.sarifData(root: context.project.absoluteRoot), as: UTF8.self) + "\n")
        }
        return .success
    }

    /// `--fix`: rewrites (or with `--dry-run` diffs) and prints per file what changed and what was left.
    static func fix(_ context: CommandContext, configuration: FontScanConfiguration) throws -> ExitStatus {
        let arguments = context.arguments
        var rules = FontFixer.fixableRules
        let named = arguments[Self.rule]
        if !named.isEmpty {
            rules = []
            for name in named {
                guard let rule = FontScanRule(rawValue: name), FontFixer.fixableRules.contains(rule) else {
                    let known = FontFixer.fixableRules.map(\.rawValue).sorted().joined(separator: ", ")
                    throw AuditError(.usage, "--rule \(name): --fix can rewrite \(known)")
                }
                rules.insert(rule)
            }
        }
        let dryRun = arguments[Self.dryRun]
        let notes = arguments[Self.notes]
        let result = try FontFixer.fix(
            paths: try paths(context), configuration: configuration, rules: rules, dryRun: dryRun, notes: notes)
        var text = ""
        for file in result.files {
            text += file.summaryLine + "\n"
            for change in file.changes {
                text += "  \(change.line):\(change.column): \(change.before) -> \(change.after)"
                if let review = change.review { text += notes ? "; noted above: \(review)" : "; \(review)" }
                text += "\n"
            }
            for skip in file.skipped {
                text += "  \(skip.line):\(skip.column): left \(skip.excerpt): \(skip.explanation)\n"
            }
        }
        if dryRun { text += result.files.map(\.diff).joined() }
        let files = result.files.filter { $0.status == .written || $0.status == .planned }.count
        text +=
            "\(dryRun ? "Would change" : "Changed") \(result.changedCount) site\(result.changedCount == 1 ? "" : "s") in "
            + "\(files) file\(files == 1 ? "" : "s"); left \(result.skippedCount).\n"
        context.terminal.out(text)
        for problem in result.problems { context.terminal.message(problem.line(severity: "error")) }
        return result.problems.first?.exitStatus ?? .success
    }

    /// The configuration named by `--config`, else the default file when present, else the default.
    static func loadConfiguration(_ context: CommandContext) throws -> FontScanConfiguration {
        try context.project.scanConfiguration(named: context.arguments[ProjectOptions.config])
    }

    /// The paths named, else the project file's sources.
    /// - Throws: `.usage` when neither names any.
    static func paths(_ context: CommandContext) throws -> [String] {
        if !context.arguments.positional.isEmpty { return context.arguments.positional }
        let sources = context.sources.paths
        guard !sources.isEmpty else {
            throw AuditError(
                .usage,
                "missing PATH: name the Swift sources, or give the project file's \"sources\" (auditkit init writes one)"
            )
        }
        return sources
    }
}
