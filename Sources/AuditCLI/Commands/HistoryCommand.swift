import AuditKit
import Foundation

/// `auditkit history add REPORT...` and `auditkit history list`: fill and show the report history.
struct HistoryCommand: Command {
    static let name = "history"
    static let abstract = "Add reports to the warning history, or list the reports it holds."
    static let operands = Operands.forms("add REPORT... | list")
    static let discussion = """
        'history add' reads each report, fingerprints its warnings and appends one line per report to the
        history file (append-only JSON Lines; adding a report that is already there does nothing). A bad
        report is reported and the others are still added.

        'history list' prints the reports in the history, ordered by audit date, with their position (for
        'auditkit diff 1 latest'), SHA-256 prefix and counts.

        EXAMPLES:
          auditkit history add Reports/AuditReport_*.html
          auditkit history list --format json
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            ProjectOptions.history.spec,
            ProjectOptions.baseline.spec,
            HistoryInputs.covers.spec,
            HistoryInputs.screen.spec,
            HistoryInputs.auditDate.spec,
            format.spec,
        ]

    /// `--format text|json` of `history list`.
    static let format = TextOrJSON.option.withHelp("'history list' output: text (default) or json.")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let positional = context.arguments.positional
        guard let action = positional.first else {
            throw AuditError(.usage, "missing action: 'add' or 'list'")
        }
        switch action {
        case "add":
            return try add(Array(positional.dropFirst()), context)
        case "list":
            guard positional.count == 1 else { throw AuditError(.usage, "'history list' takes no arguments") }
            return try list(context)
        default:
            throw AuditError(.usage, "unknown action '\(action)'; expected 'add' or 'list'")
        }
    }

    static func add(_ paths: [String], _ context: CommandContext) throws -> ExitStatus {
        guard !paths.isEmpty else { throw AuditError(.usage, "'history add' needs at least one REPORT") }
        if context.arguments.isGiven(Self.format) {
            throw AuditError(.usage, "--format applies to 'history list' only")
        }
        let mapping = try MappingInputs(context)
        var entries: [HistoryEntry] = []
        var worst: ExitStatus = .success
        let file = HistoryInputs.historyFile(context)
        let recordFile = JudgementRecordFile(history: file)
        let inputs = JudgementRecord.inputsDigest(translations: mapping.translations)
        var refusals = Set<String>()
        let recorded = recordFile.loadRecorded(
            inputs: inputs,
            refused: {
                refusals.insert($0)
                context.terminal.warning($0)
            })
        // Each report is the audit of the history it is, or another (an audit is its file and its time): the
        // record's entries tell while it holds, else the history's.
        var identities = try recorded?.record.auditIdentities ?? file.load().auditIdentities
        for (index, path) in paths.enumerated() {
            context.terminal.progress("reading \(index + 1)/\(paths.count) \(path)")
            do {
                entries.append(
                    try HistoryInputs.entry(
                        reportAt: path, mapping: mapping, context.arguments, identities: &identities))
            } catch let error as AuditError {
                context.terminal.error(error.description)
                if worst == .success { worst = error.exitStatus }
            }
        }
        context.terminal.endProgress()
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        // Reports all in the history already: nothing to write, the recorded judgement states them (its
        // counts with the baseline applied).
        var record = recorded.flatMap { found in found.acceptance(of: baseline).map { found.counted($0) } }
        var judgement: HistoryJudgement?
        let written: [Bool]
        if let known = record, entries.allSatisfy({ known.entry(sha256: $0.sha256) != nil }) {
            for warning in known.warnings { context.terminal.warning(warning) }
            written = entries.map { _ in false }
        } else {
            // Extended from the judgement's state when it holds, else the history judged again (what the
            // record refused was told above).
            let added = try recordFile.add(
                entries, baseline: baseline, translations: mapping.translations,
                refused: { if !refusals.contains($0) { context.terminal.warning($0) } })
            for warning in added.warnings { context.terminal.warning(warning) }
            written = added.written
            record = nil
            judgement = added.judgement
        }
        for (entry, added) in zip(entries, written) {
            let judged =
                record?.entry(sha256: entry.sha256)?.counts ?? judgement?.report(sha256: entry.sha256).map(
                    HistoryCounts.init)
                ?? entry.counts
            let counts = "\(judged.total) issue\(judged.total == 1 ? "" : "s"), \(judged.open) open"
            context.terminal.line((added ? "added " : "already in the history: ") + "\(entry.fileName) (\(counts))")
        }
        return worst
    }

    static func list(_ context: CommandContext) throws -> ExitStatus {
        let format = try context.arguments[Self.format]
        let file = HistoryInputs.historyFile(context)
        // Open warnings as the judgement counts them, the same as `trend`, the site and the sessions: as
        // recorded, or judged now and recorded.
        let record = try JudgementRecordFile(history: file).record(
            baseline: try Baseline.load(path: HistoryInputs.baselinePath(context)),
            translations: try MappingInputs(context).translations, refused: { context.terminal.warning($0) })
        for warning in record.warnings { context.terminal.warning(warning) }
        switch format {
        case .json:
            struct Listing: Encodable { var reports: [ListedEntry] }
            try context.terminal.json(
                Listing(
                    reports: record.entries.enumerated().map { index, entry in
                        ListedEntry(
                            position: index + 1, sha256: entry.sha256, fileName: entry.fileName,
                            auditDate: entry.auditDate, counts: entry.counts)
                    }))
        case .text:
            if record.entries.isEmpty {
                context.terminal.line("The history \(file.path) has no reports yet.")
            }
            // One write for the listing, not one a report.
            var text = ""
            for (index, entry) in record.entries.enumerated() {
                let date = TrendChart.dateLabel(entry.auditDate)
                let judged = entry.counts
                text +=
                    "\(index + 1)  \(date)  \(entry.sha256.prefix(12))  \(entry.fileName)  "
                    + "\(judged.total) issue\(judged.total == 1 ? "" : "s"), \(judged.open) open\n"
            }
            context.terminal.out(text)
        }
        return .success
    }

    struct ListedEntry: Encodable {
        var position: Int
        var sha256: String
        var fileName: String
        var auditDate: Date
        var counts: HistoryCounts
    }
}
