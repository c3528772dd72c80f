import AuditKit
import Foundation

/// `auditkit html`: the browsable site of the audits, written again from the reports and the history.
enum HtmlCommand: Command {
    static let name = "html"
    static let abstract = "Write the browsable HTML pages of the audits: an index and a page per report."
    static let operands = Operands.any("REPORT|DIR")
    static let discussion = """
        Writes DIR/index.html (the audits in time order with their counts per test type, the trend of open
        warnings per view as a chart with its data table, and per view the latest audit's open warnings with
        since when, its accepted and system UI ones apart) and DIR/<report name>/index.html for every report
        named, or in DIR when none is named (its issues as cards with their thumbnails, grouped by view,
        filters, the changes since the previous audit, the annotated screenshots). Reports are read and
        mapped again (--rules and --source, else the project file's, else ./auditkit.rules.json, else the
        inputs the history recorded for its latest mapped audit), as ingest maps them; their pictures are the ones already in
        their evidence folders ('audit' and 'ingest' write both, and the pages too); a report whose folder is
        missing (a fresh clone, where it is git-ignored) gets its pictures drawn again. Open DIR/index.html in
        a browser: the pages use no network, only relative links, and no inline script or style. A file is
        rewritten only when its content changes; an index.html that auditkit did not write is never replaced.

        EXAMPLE: auditkit html --out Reports
        """
    static let options: [OptionSpec] =
        MappingInputs.options + [
            ProjectOptions.out.withHelp("The site's folder, where the evidence folders are (default: Reports).").spec,
            ProjectOptions.history.spec,
            ProjectOptions.baseline.spec,
            jobs.spec,
            TextOrJSON.option.spec,
        ]

    /// `--jobs N`: reports read at once.
    static let jobs = IngestCommand.jobs.withHelp("Reports read at once (default: the number of cores).")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let terminal = context.terminal
        let format = try arguments[TextOrJSON.option]
        let jobs = try arguments[Self.jobs] ?? ProcessInfo.processInfo.activeProcessorCount
        let out = context.reportsFolder
        // Check everything the user named before writing anything.
        let named = arguments.positional.isEmpty ? [out] : arguments.positional
        if arguments.positional.isEmpty, !FileManager.default.fileExists(atPath: out) {
            throw AuditError(.missingInput, "no such folder (name reports, or the site's folder with --out)", path: out)
        }
        let files = try AuditIngest.reportFiles(in: named)
        for skipped in files.skipped { context.terminal.message(skipped.note) }
        let paths = files.paths
        var site = ReportSite(root: out)
        site.rootNamedByUser = context.reports.origin == .flag
        // A link committed where the site is written (not named with --out) stops the command before its
        // first write, as it stops `ingest`.
        if !site.rootNamedByUser {
            for path in site.writtenPaths(reports: paths) { try Symlinks.refuseLinks(along: path) }
        }
        // Pages show each issue's view, code place, rule and likely causes from the project's mapping
        // inputs (the flags, else the project file's, else ./auditkit.rules.json, else those the history
        // recorded for its latest mapped audit), as `ingest` wrote them; statuses come from the history and
        // the baseline. Inputs named on the command line are said.
        let remaps = context.mappingFlagsGiven
        let history = try HistoryInputs.loadHistory(context)
        let recorded = PassInputs.recordedInputs(history, context)
        let (mapper, fontScan) = try PassInputs.mapping(context, recorded: recorded)
        var configuration = AuditPass.Configuration(mapper: mapper, evidenceRoot: out)
        configuration.fontScan = fontScan
        let pass = AuditPass(configuration)
        let baseline = try Baseline.load(path: HistoryInputs.baselinePath(context))
        let judgement = HistoryJudgement(history: history, baseline: baseline, translations: pass.translations)
        if remaps, format == .text {
            terminal.message(
                "re-mapping the reports with the rules and sources given; the history keeps what it recorded")
        }

        // A report whose evidence folder is gone (a fresh clone, where it is git-ignored) gets its
        // pictures drawn again first, so its page has them.
        let missing = paths.filter { !EvidencePaths(reportPath: $0, root: out).isOnDisk }
        if !missing.isEmpty {
            let drawing = AuditPass(
                .init(
                    renderer: try TextRenderer(explicitFontPath: nil, environment: context.environment),
                    evidenceRoot: out))
            var drawn = 0
            for path in missing {
                do {
                    _ = try drawing.prepare(reportAt: path)
                    drawn += 1
                } catch let error as AuditError {
                    terminal.error(error.description)
                }
            }
            if format == .text, drawn > 0 {
                terminal.message("drew the missing evidence of \(SessionFacts.counted(drawn, "report"))")
            }
        }

        var pages: [HtmlJSON.Page] = []
        let outcome = try site.rebuild(
            reportPaths: paths, pass: pass, judgement: judgement, jobs: jobs
        ) {
            item in
            switch item {
            case .page(let report, let file):
                pages.append(HtmlJSON.Page(report: report, page: file.path, changed: file.changed))
                if format == .text { terminal.line(file.path + (file.changed ? "" : " (unchanged)")) }
            case .failed(let path, let error):
                terminal.error(error.description)
                pages.append(HtmlJSON.Page(report: path, error: error.description))
            }
        }
        let index = outcome.index?.path ?? site.indexPath
        switch format {
        case .json:
            try terminal.json(
                HtmlJSON(
                    index: index, pages: pages, written: outcome.pages, changed: outcome.changed,
                    failed: outcome.failed))
        case .text:
            terminal.line(
                "Wrote \(index) and \(SessionFacts.counted(outcome.pages, "report page")) "
                    + "(\(outcome.changed) changed, \(outcome.failed) failed). Open \(index) in a browser.")
        }
        return outcome.firstError?.exitStatus ?? .success
    }
}
