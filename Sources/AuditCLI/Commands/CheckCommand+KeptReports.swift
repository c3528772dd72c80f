import AuditKit
import Foundation

extension CheckCommand {
    /// `check` against what the reports say rather than what their history lines say, where the reports
    /// folder (or the log's) keeps them: the checked report's line and the lines of the audits it was
    /// compared with are each checked against the report file they name (same SHA-256), by what the
    /// report alone gives (`HistoryEntry.disagreements(with:)`). A line that states otherwise is said once
    /// and not used: the check is made again with each such line restated from its report, mapped with
    /// `mapping` (as `check REPORT-FILE` reads a file). Lines whose report is not kept are taken as
    /// recorded (the history main keeps is then the one to protect: <doc:Configuration>).
    /// `history` loads the history file, once for all the checks of a command.
    static func againstKeptReports(
        _ check: HistoryCheck, mapping: MappingInputs, baseline: Baseline, history: () throws -> History,
        _ context: CommandContext
    ) throws -> HistoryCheck {
        let files = HistoryInputs.reportFiles(context)
        let historyFile = HistoryInputs.historyFile(context)
        var restated: [String: HistoryEntry] = [:]
        func verify(_ line: HistoryEntry) {
            guard let report = reportEntry(of: line, in: files, mapping: mapping, context) else { return }
            let differing = line.disagreements(with: report)
            guard differing > 0 else { return }
            restated[line.sha256] = line.restated(from: report)
            context.terminal.warning(
                "\(line.fileName): its line does not state what its report file holds (\(differing) "
                    + "warning(s) or screen(s) differ): checked as the report file says", in: historyFile.path)
        }
        verify(check.entry)
        // The lines of the audits it was compared with are read only when one of their reports is kept.
        let kept = check.judged.comparedWith.filter { files.keeps(named: $0.fileName) }
        if !kept.isEmpty {
            let compared = Set(kept.map(\.sha256))
            for line in try history().entries where compared.contains(line.sha256) { verify(line) }
        }
        guard !restated.isEmpty else { return check }
        let entries = try history().entries.map { restated[$0.sha256] ?? $0 }
        return HistoryCheck(
            entry: restated[check.entry.sha256] ?? check.entry, history: History(entries: entries),
            translations: mapping.translations, baseline: baseline, failOn: check.failOn,
            strictBaseline: check.strictBaseline)
    }

    /// The entry made again from the report file of `line`, mapped with `mapping`; nil when no folder of
    /// `files` holds a readable report with the SHA-256 the line records.
    private static func reportEntry(
        of line: HistoryEntry, in files: HistoryReportFiles, mapping: MappingInputs, _ context: CommandContext
    ) -> HistoryEntry? {
        for path in files.candidates(of: line) where FileManager.default.fileExists(atPath: path) {
            var identities = AuditIdentities()
            guard
                let entry = try? HistoryInputs.entry(
                    reportAt: path, mapping: mapping, context.arguments, identities: &identities),
                entry.sha256 == line.sha256
            else { continue }
            return entry
        }
        return nil
    }
}
