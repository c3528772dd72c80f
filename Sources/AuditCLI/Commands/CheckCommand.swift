import AuditKit
import Foundation

/// `auditkit check [REPORT...]`: the CI gate over reports (by default every report the latest run added),
/// the history and the baseline.
struct CheckCommand: Command {
    static let name = "check"
    static let abstract =
        "Fail (exit 1) when a run's reports have warnings that are not accepted, not system UI and new."
    static let operands = Operands.any("REPORT")
    static let discussion = """
        Without REPORT, every report the latest run added to the history is checked (the reports one \
        'ingest', 'audit' or 'history add' added: a CI run that audits several screens, one report each, \
        is gated whole, whichever screen was audited last); --since REF checks every report audited after \
        the one REF names instead. A warning fails the check when no rule accepted it, it is not system UI, \
        the baseline does not accept it, and (with --fail-on new, the default) no earlier report had it: \
        each screen of a report is compared with the latest report of the history audited before it that \
        covered that screen, so a partial audit in between changes nothing. Warnings on a screen no earlier \
        report covered are new. The Inspector's repeats of one element count once. Failing warnings are \
        printed on stdout as Xcode diagnostics ('path:line:col: warning: ...') so a CI log shows them \
        inline, followed by a 'note:' for each warning recognised by localization key, place on the screen \
        or thumbnail rather than by fingerprint; stderr has one line per report checked. --format json \
        prints the same as one JSON object, with the stage of every pair.

        --strict-baseline also fails when an accepted warning no longer appears in a checked report; remove
        such entries with 'auditkit accept --prune'.

        A REPORT is a report file or a report in the history (position, latest, latest~N, SHA-256 prefix,
        file name); 'latest' is never an audit dated more than 26 hours after this run's clock.
        Exit status: 0 passed, 1 failed, 64 usage, 65 bad input, 66 missing input.

        EXAMPLES:
          auditkit ingest Reports && auditkit check
          auditkit check Reports/AuditReport_2026-01-04_17-49-22.html --fail-on any --strict-baseline
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            failOn.spec, since.spec, strictBaseline.spec, ProjectOptions.history.spec, ProjectOptions.baseline.spec,
            HistoryInputs.screen.spec, HistoryInputs.auditDate.spec, TextOrJSON.option.spec,
        ]

    /// `--fail-on new|any`.
    static let failOn: Option<CheckFailOn> = .choice(
        "--fail-on", default: .new, help: "new (default): only warnings not in the previous report; any: all.")
    /// `--strict-baseline`.
    static let strictBaseline: Option<Bool> = .flag(
        "--strict-baseline", help: "Also fail when an accepted warning no longer appears.")
    /// `--since REF`.
    static let since: Option<String?> = .text(
        "--since", value: "REF",
        help: "Check every report of the history audited after the one REF names (default: the latest run's).")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let failOn = try context.arguments[Self.failOn]
        let format = try context.arguments[TextOrJSON.option]
        let checks = try Self.checks(context, failOn: failOn)
        if format == .json {
            try context.terminal.json(CheckJSON(checks, failOn: failOn))
        } else {
            for check in checks {
                for diagnostic in check.diagnostics { context.terminal.line(diagnostic.description) }
            }
        }
        for check in checks { context.terminal.message(Self.summary(check)) }
        let failed = checks.filter(\.failed)
        if checks.count > 1 {
            let failing = checks.map(\.failing.count).reduce(0, +)
            context.terminal.message(
                "checked \(checks.count) reports: \(failing) failing warning(s) in \(failed.count) of them"
                    + (failed.isEmpty ? "; passed" : "; FAILED"))
        }
        return failed.isEmpty ? .success : .findings
    }

    /// The checks of the reports named, else of those `--since` or the latest run selects, each against
    /// the report files the history's lines name where they are kept (`againstKeptReports`), each
    /// warning's status as the rule file and the baseline give it (`RuledStatuses`): a line or a status
    /// the history or its record carries and they do not give is said, once per report, and not believed.
    static func checks(_ context: CommandContext, failOn: CheckFailOn) throws -> [HistoryCheck] {
        let mapping = try MappingInputs(context)
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        let statuses = RuledStatuses(rules: mapping.matcher.rules, mapped: mapping.isConfigured)
        let file = HistoryInputs.historyFile(context)
        var loaded: History?
        func history() throws -> History {
            if let loaded { return loaded }
            let read = try file.load()
            loaded = read
            return read
        }
        return try recordedChecks(context, mapping: mapping, baseline: baseline, failOn: failOn).map { check in
            let verified = try againstKeptReports(
                check, mapping: mapping, baseline: baseline, history: history, context)
            let (ruled, overruled) = verified.ruled(by: statuses, baseline: baseline)
            if overruled > 0 {
                context.terminal.warning(
                    "\(check.entry.fileName): \(overruled) warning(s) recorded as accepted or system UI that "
                        + "neither the rule file nor the baseline accepts: checked as open", in: file.path)
            }
            return ruled
        }
    }

    /// The checks of the reports named, else of those `--since` or the latest run selects, as the history
    /// (or its record) states them.
    private static func recordedChecks(
        _ context: CommandContext, mapping: MappingInputs, baseline: Baseline, failOn: CheckFailOn
    ) throws -> [HistoryCheck] {
        let positional = context.arguments.positional
        let since = context.arguments[Self.since]
        if since != nil, !positional.isEmpty { throw AuditError(.usage, "--since takes the place of REPORT") }
        let strictBaseline = context.arguments[Self.strictBaseline]
        let file = HistoryInputs.historyFile(context)
        if !positional.contains(where: HistoryInputs.isFile) {
            // Reports of the history: as their judgement was recorded (judged, not recorded, when it was not:
            // `check` writes nothing).
            let selection: HistorySelection =
                since.map { .since($0) } ?? (positional.isEmpty ? .latestRun : .references(positional))
            for argument in positional { HistoryInputs.warnOfIgnoredFlags(naming: argument, context) }
            // A committed record is not believed of a report the reports folder keeps (its line is checked
            // against that file): such a report is judged from the history.
            let files = HistoryInputs.reportFiles(context)
            let checks = try JudgementRecordFile(history: file).checks(
                selection, baseline: baseline, translations: mapping.translations, failOn: failOn,
                strictBaseline: strictBaseline, records: false,
                keptReport: files.keeps(named:),
                warn: { context.terminal.warning($0) })
            guard !checks.isEmpty || since != nil else {
                throw AuditError(
                    .usage, "missing REPORT: the history has no audit to check yet (auditkit ingest adds one)",
                    path: file.path)
            }
            return checks
        }
        // Report files (and references among them), each checked against the history as it is: new reports
        // against the judgement's stored state while it holds, else the history judged.
        if positional.allSatisfy(HistoryInputs.isFile),
            let checks = try JudgementStateFile(history: file).checks(
                baseline: baseline, translations: mapping.translations, failOn: failOn,
                strictBaseline: strictBaseline, warn: { context.terminal.warning($0) },
                entries: { identities in
                    try positional.map { path in
                        var claimed = identities
                        return try HistoryInputs.entry(
                            reportAt: path, mapping: mapping, context.arguments, identities: &claimed)
                    }
                })
        {
            return checks
        }
        let history = try HistoryInputs.loadHistory(context)
        return try positional.map { argument in
            let entry = try HistoryInputs.entry(argument: argument, history: history, mapping: mapping, context)
            return HistoryCheck(
                entry: entry, history: history, translations: mapping.translations, baseline: baseline,
                failOn: failOn, strictBaseline: strictBaseline)
        }
    }

    /// `check REPORT: N failing warning(s) new since OLD, M in the baseline; passed`.
    static func summary(_ check: HistoryCheck) -> String {
        var summary = "check \(check.entry.fileName): \(check.failing.count) failing warning(s)"
        if check.failOn == .new {
            summary += check.previousFileName.map { " new since \($0)" } ?? " new (\(ReportJudgement.firstAuditPhrase))"
        }
        summary += ", \(check.baselined.count) in the baseline"
        if !check.staleBaseline.isEmpty {
            summary += ", \(check.staleBaseline.count) accepted warning(s) no longer present"
        }
        return summary + (check.failed ? "; FAILED" : "; passed")
    }
}
