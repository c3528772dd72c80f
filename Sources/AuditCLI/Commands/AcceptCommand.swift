import AuditKit
import Foundation

/// `auditkit accept FINGERPRINT... --reason TEXT` and `auditkit accept --prune`: edit the baseline.
struct AcceptCommand: Command {
    static let name = "accept"
    static let abstract =
        "Accept judged warnings by fingerprint (or all open ones) into the baseline, or prune vanished ones."
    static let operands = Operands.forms("FINGERPRINT... --reason TEXT | --all --reason TEXT | --prune")
    static let discussion = """
        Accepted warnings are recorded with the reason and the date in the baseline file (version 1, sorted
        by fingerprint, replaced atomically). 'auditkit check' does not fail on them. Fingerprints are
        printed by 'diff', 'trend' and 'check'.

        --all accepts every warning open as of the latest audits (the latest audit's, and those of screens
        it did not re-audit) with one reason: where a team adopting the tool starts, so the gate passes and
        fails only on what is new. The site's pages whose counts change, and its index, are written again.

        --prune removes accepted warnings that no longer appear in the latest report of the history (or
        in REPORT), so the baseline shrinks as fixes land. A warning still there under another fingerprint
        (another language) is kept, and so are the warnings of screens that report did not visit.

        EXAMPLES:
          auditkit accept 74eaf15932a2e640 --reason "Inspector false positive: text uses .headline"
          auditkit accept --prune
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            reason.spec, all.spec, prune.spec, report.spec, ProjectOptions.baseline.spec, ProjectOptions.history.spec,
        ]

    /// `--reason TEXT`.
    static let reason: Option<String?> = .text(
        "--reason", value: "TEXT", help: "Why the warnings are accepted (required).")
    /// `--all`.
    static let all: Option<Bool> = .flag(
        "--all", help: "Accept every warning open as of the latest audits (a baseline to start from).")
    /// `--prune`.
    static let prune: Option<Bool> = .flag("--prune", help: "Remove accepted warnings that no longer appear.")
    /// `--report REPORT`.
    static let report: Option<String?> = .text(
        "--report", value: "REPORT", help: "With --prune: the report to compare with (default: latest in the history).")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let path = HistoryInputs.baselinePath(context)
        if arguments[Self.prune] {
            guard arguments.positional.isEmpty, arguments[Self.reason] == nil, !arguments[Self.all] else {
                throw AuditError(.usage, "--prune takes no fingerprints, no --all and no --reason")
            }
            let history = try HistoryInputs.loadHistory(context)
            let mapping = try MappingInputs(context)
            var reference: HistoryEntry?
            if let report = arguments[Self.report] {
                reference = try HistoryInputs.entry(argument: report, history: history, mapping: mapping, context)
            } else if history.entries.isEmpty {
                throw AuditError(
                    .missingInput, "the history has no reports to prune against; give --report REPORT",
                    path: HistoryInputs.historyFile(context).path)
            }
            var removed: [Baseline.Entry] = []
            try Baseline.update(path: path, namedByUser: context.arguments[ProjectOptions.baseline] != nil) {
                baseline in
                // What check calls stale: the warning is on a screen the audit covered and not in it. Without
                // --report, each acceptance is judged by the latest audit of its own screen.
                let judgement = HistoryJudgement(
                    history: history, baseline: baseline, translations: mapping.translations)
                if let reference {
                    let judged = judgement.judging(reference)
                    removed = judged.staleBaseline(for: judged.latestReport!)
                } else {
                    removed = judgement.staleBaseline()
                }
                let gone = Set(removed.map(\.fingerprint))
                return Baseline(entries: baseline.entries.filter { !gone.contains($0.fingerprint) })
            }
            for entry in removed {
                context.terminal.line(
                    PrintableText.escaped(
                        "removed \(entry.fingerprint.hex)  (accepted \(entry.acceptedOn): \(entry.reason))"))
            }
            context.terminal.message(
                "\(removed.count) accepted warning(s) no longer in "
                    + "\(reference?.fileName ?? "the latest audit of their screen") removed from \(path)")
            try refreshSite(context, history: history)
            return .success
        }
        if arguments[Self.report] != nil { throw AuditError(.usage, "--report applies to --prune only") }
        let all = arguments[Self.all]
        if all, !arguments.positional.isEmpty { throw AuditError(.usage, "--all takes no FINGERPRINT") }
        if !all, arguments.positional.isEmpty {
            throw AuditError(.usage, "accept needs at least one FINGERPRINT (or --all)")
        }
        guard let reason = arguments[Self.reason] else { throw AuditError(.usage, "accept needs --reason TEXT") }
        let (audits, fingerprints, known) = try Self.described(
            all ? nil : arguments.positional.map { IssueFingerprint(hex: $0.lowercased()) }, context)
        // A mistyped fingerprint would accept nothing and sit in the baseline until pruned: when the
        // history has reports, every fingerprint must be in one of them.
        if audits > 0,
            let unknown = fingerprints.first(where: { IssueFingerprint.isWellFormed($0.hex) && known[$0] == nil })
        {
            throw AuditError(
                .badInput,
                "\(unknown.hex) is not the fingerprint of any warning in the history "
                    + "(see 'auditkit check --fail-on any' or 'auditkit map --format sarif'); nothing accepted",
                path: HistoryInputs.historyFile(context).path)
        }
        try Baseline.update(path: path, namedByUser: context.arguments[ProjectOptions.baseline] != nil) { baseline in
            try baseline.accepting(fingerprints, reason: reason, on: Date()) { known[$0] }
        }
        if all {
            context.terminal.message(
                "accepted \(fingerprints.count) warning(s) open as of the latest audits into \(path)")
        }
        for fingerprint in fingerprints {
            if let (issue, place) = known[fingerprint] {
                var text = "accepted \(fingerprint.hex)  \(issue.testType.displayName)"
                if let element = issue.elementText, !element.isEmpty { text += " \u{2018}\(element)\u{2019}" }
                context.terminal.line(PrintableText.escaped(text + " \u{2014} \(place)"))
            } else {
                context.terminal.line(PrintableText.escaped("accepted \(fingerprint.hex)"))
                context.terminal.warning(
                    "\(fingerprint.hex) is not in any report of the history (it is empty)",
                    in: HistoryInputs.historyFile(context).path)
            }
        }
        if FileManager.default.fileExists(atPath: ReportSite(root: context.reportsFolder).indexPath) {
            try refreshSite(context, history: try HistoryInputs.loadHistory(context))
        }
        return .success
    }

    /// The fingerprints to accept (`given`, else every warning open as of the latest audits) and what
    /// the history knows of each: its issue in the latest audit that had it and where people find it, and
    /// how many audits the history has. Read from the recorded judgement while one holds (the baseline
    /// is applied when shown: accepting writes the baseline alone), else the history judged.
    static func described(_ given: [IssueFingerprint]?, _ context: CommandContext) throws -> (
        audits: Int, fingerprints: [IssueFingerprint], known: [IssueFingerprint: (issue: HistoryIssue, place: String)]
    ) {
        let file = HistoryInputs.historyFile(context)
        let translations = try MappingInputs(context).translations
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        if let recorded = JudgementRecordFile(history: file).loadRecorded(
            inputs: JudgementRecord.inputsDigest(translations: translations), refused: { context.terminal.warning($0) }),
            let acceptance = recorded.acceptance(of: baseline)
        {
            let audits = recorded.record.entries.count
            var fingerprints = given ?? []
            if given == nil, audits > 0 {
                let latest = recorded.judgement(at: audits - 1, acceptance: acceptance) {
                    HistoryJudgement(
                        history: (try? file.load()) ?? History(entries: []), baseline: baseline,
                        translations: translations)
                }
                fingerprints = latest?.standingOpen.map(\.issue.fingerprint) ?? []
            }
            if let known = recorded.latestIssues(of: fingerprints) { return (audits, fingerprints, known) }
        }
        let history = try HistoryInputs.loadHistory(context)
        let judgement = HistoryJudgement(history: history, baseline: baseline, translations: translations)
        let fingerprints =
            given
            ?? (history.entry(reference: "latest").flatMap { judgement.report(sha256: $0.sha256) }?.standingOpen ?? [])
            .map(\.issue.fingerprint)
        var known: [IssueFingerprint: (issue: HistoryIssue, place: String)] = [:]
        for report in judgement.reports.reversed() {
            for verdict in report.verdicts where known[verdict.issue.fingerprint] == nil {
                known[verdict.issue.fingerprint] = (verdict.issue, verdict.place)
            }
        }
        return (history.entries.count, fingerprints, known)
    }

    /// Writes again the site's pages whose counts the baseline changed, and its index, when the site is
    /// there (its `index.html` in the reports folder): what the pages state follows the baseline without
    /// an `html` run. A page is read from its report file, mapped with the project's mapping inputs.
    static func refreshSite(_ context: CommandContext, history: History) throws {
        var site = ReportSite(root: context.reportsFolder)
        guard FileManager.default.fileExists(atPath: site.indexPath) else { return }
        site.rootNamedByUser = context.reports.origin == .flag
        if !site.rootNamedByUser { try Symlinks.refuseLinks(along: site.indexPath) }
        let (mapper, fontScan) = try PassInputs.mapping(context, recorded: PassInputs.recordedInputs(history, context))
        var configuration = AuditPass.Configuration(mapper: mapper, evidenceRoot: site.root)
        configuration.fontScan = fontScan
        configuration.reading.identities = history.auditIdentities
        let pass = AuditPass(configuration)
        let judgement = HistoryJudgement(
            history: history, baseline: try Baseline.load(path: HistoryInputs.baselinePath(context)),
            translations: pass.translations)
        let refreshed = site.refreshPages(
            of: judgement, pass: pass, files: HistoryInputs.reportFiles(context, history: history))
        for error in refreshed.errors { context.terminal.error(error.description) }
        _ = try site.writeIndex(judgement: judgement)
        context.terminal.message(
            "wrote \(site.indexPath) again and \(SessionFacts.counted(refreshed.written.count, "report page")) "
                + "whose counts the baseline changed")
    }
}
