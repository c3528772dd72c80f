import AuditKit
import Foundation

/// `auditkit diff OLD NEW`: new, resolved and residual warnings between two reports.
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Show which warnings are new, resolved or residual between two reports."
    static let operands = Operands.forms("[OLD NEW]")
    static let discussion = """
        Without OLD and NEW, the history's latest audit is shown as the history compared it (each screen
        with its latest earlier audit). OLD and NEW are report files, or reports in the history named by position (1 is the oldest; latest; latest~1
        the one before it), SHA-256 prefix (6 digits or more) or file name. Warnings are matched
        in stages, never by issue number: by fingerprint (test type, normalised element text, screen group),
        then by localization key or source literal (with --source, also through the string catalogs, so
        two languages match), then by place on the same screen, then by thumbnail for text-less elements;
        a pair made by key, geometry or image says so. Only the screens both reports covered are
        compared: warnings of screens NEW did not visit are listed as not re-audited, never resolved
        (more than 30 are counted by where they are; --format json lists each).
        When NEW is in the history and OLD is an audit the history compared it with, the comparison is the
        history's (each screen with its latest earlier audit, as the session and page state it); else the
        two reports are compared on their own, and a note says so.
        Each line shows the warning's issue number in the old and in the new report.

        EXAMPLES:
          auditkit diff Reports/AuditReport_2026-01-03_13-12-13.html Reports/AuditReport_2026-01-03_15-49-13.html
          auditkit diff latest~1 latest --format markdown
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            HistoryOutputFormat.option.spec, ProjectOptions.history.spec, ProjectOptions.baseline.spec,
        ]

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let positional = context.arguments.positional
        let format = try context.arguments[HistoryOutputFormat.option]
        guard positional.count == 2 else {
            guard positional.isEmpty else { throw AuditError(.usage, "missing NEW: diff takes OLD NEW, or nothing") }
            return try latest(context, format: format)
        }
        var cached: History?
        func history() throws -> History {
            if let cached { return cached }
            let loaded = try HistoryInputs.loadHistory(context)
            cached = loaded
            return loaded
        }
        let mapping = try MappingInputs(context)
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        // Two reports of the history, the newer compared with the older when it was judged: as recorded.
        if !positional.contains(where: HistoryInputs.isFile),
            let judged = JudgementRecordFile(history: HistoryInputs.historyFile(context)).recordedComparison(
                old: positional[0], new: positional[1], baseline: baseline, translations: mapping.translations,
                warn: { context.terminal.warning($0) })
        {
            for argument in positional { HistoryInputs.warnOfIgnoredFlags(naming: argument, context) }
            context.terminal.out(try HistoryOutput.render(judged, format: format))
            return .success
        }
        let old = try HistoryInputs.entry(argument: positional[0], history: try history(), mapping: mapping, context)
        let new = try HistoryInputs.entry(argument: positional[1], history: try history(), mapping: mapping, context)
        if History.precedes(new, old) {
            context.terminal.warning("NEW was audited before OLD: the later report is compared with the earlier one")
        }
        // NEW as the history judged it when OLD is an audit it was compared with (with the latest earlier
        // audit of each of its screens), so `diff` states what `audit`, the session and the page stated;
        // else the two reports judged on their own.
        let inHistory = (try? history()).map {
            HistoryJudgement(history: $0, baseline: baseline, translations: mapping.translations)
        }
        let judged: ReportJudgement
        if let full = inHistory?.report(sha256: new.sha256), full.wasCompared(with: old.sha256) {
            judged = full
        } else {
            judged = HistoryJudgement(entries: [old, new], baseline: baseline, translations: mapping.translations)
                .latestReport!
            // Counts that differ from the session's and the page's say why.
            if let full = inHistory?.report(sha256: new.sha256), let compared = full.oldFileName {
                context.terminal.message(
                    "note: \(new.fileName) compared with \(old.fileName) alone; the history compares it with "
                        + "\(compared), as its session and page state")
            }
        }
        context.terminal.out(try HistoryOutput.render(judged, format: format))
        return .success
    }

    /// `diff` with no operand: the latest audit as the history compared it, from the record while one holds.
    static func latest(_ context: CommandContext, format: HistoryOutputFormat) throws -> ExitStatus {
        let mapping = try MappingInputs(context)
        let checks = try JudgementRecordFile(history: HistoryInputs.historyFile(context)).checks(
            .references(["latest"]), baseline: try Baseline.load(path: HistoryInputs.baselinePath(context)),
            translations: mapping.translations, failOn: .new, strictBaseline: false, records: false,
            warn: { context.terminal.warning($0) })
        for check in checks { context.terminal.out(try HistoryOutput.render(check.judged, format: format)) }
        return .success
    }
}
