import AuditKit
import Foundation

/// `auditkit ingest`: the whole pass over every report in the files and folders given, oldest first.
enum IngestCommand: Command {
    static let name = "ingest"
    static let abstract = "Do the whole pass on every report in the files and folders given, oldest first."
    static let operands = Operands.any("REPORT|DIR")
    static let discussion = """
        Every report named, and every report in the folders named (.html, .htm, .json and .txt files, not
        their subfolders), goes through the pass of 'auditkit audit' in the order of its audit time, so a
        batch builds the same history and log as one 'audit' per report in that order. Reports the history
        already has are skipped and said so, unless the log lacks their session: a run stopped between the
        history and the log is completed (also for the history's reports found in the reports folder). Reading, pictures and mapping run --jobs reports at a time;
        the history and the log are written one report at a time, in order: the output and every file are
        the same for any --jobs. An unreadable report is named and skipped; the others complete and the
        exit status says one failed. Each session is dated by its report's audit day unless --date is given.
        After the batch, DIR/summary.md (per view, over every audit of the history), DIR/trend.svg (the history's
        open warnings per view) and the HTML site (DIR/index.html and a page per report named in its
        evidence folder; see 'auditkit html') are refreshed. Without an operand, the reports folder the
        project file names is ingested.

        EXAMPLE: auditkit ingest Reports/ --rules Examples/BudgetApp/auditkit.rules.json --source Examples/BudgetApp
        """
    static let options: [OptionSpec] =
        PassInputs.options(dateHelp: "Every session's date (default: its report's audit day).") + [
            ProjectOptions.out.spec, jobs.spec, TextOrJSON.option.spec,
        ]

    /// `--jobs N`: reports prepared at once.
    static let jobs: Option<Int?> = .integer(
        "--jobs", value: "N", in: 1...256, help: "Reports prepared at once (default: the number of cores).")

    /// The reports and folders named, else the reports folder the project file names.
    /// - Throws: `.usage` when neither is there.
    static func operands(_ context: CommandContext) throws -> [String] {
        let named = context.arguments.positional
        guard named.isEmpty else { return named }
        guard context.project.file?.reports != nil else {
            throw AuditError(
                .usage,
                "missing REPORT|DIR: name reports or folders, or run 'auditkit init' to make a project file "
                    + "that names the reports folder")
        }
        return [context.reportsFolder]
    }

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let jobs = try context.arguments[Self.jobs] ?? ProcessInfo.processInfo.activeProcessorCount
        return try ingest(context, jobs: jobs, scope: nil)
    }

    /// The batch over the operands, as `ingest` and `audit` (a batch of one report) run it: the evidence
    /// of every report goes to `--out` (default `Reports`) wherever the report is, then the summary, the
    /// trend and the site are refreshed there.
    /// - Parameter scope: every session's scope (`audit --scope`); nil lets each session describe its report.
    static func ingest(_ context: CommandContext, jobs: Int, scope: String?) throws -> ExitStatus {
        let arguments = context.arguments
        let terminal = context.terminal
        let format = try arguments[TextOrJSON.option]
        let out = context.reportsFolder
        let historyFile = HistoryInputs.historyFile(context)
        // Check everything the user named before writing anything.
        let files = try AuditIngest.reportFiles(in: try operands(context))
        for skipped in files.skipped { terminal.message(skipped.note) }
        let paths = files.paths
        var configuration = try PassInputs.configuration(context, evidenceRoot: out, defaultDate: .auditDate)
        configuration.scope = scope
        let pass = AuditPass(configuration)
        for warning in try historyFile.load().warnings { terminal.warning(warning) }

        var reports: [IngestJSON.Report] = []
        var batch = AuditIngest(pass: pass, jobs: jobs, outputDirectory: out)
        batch.outputNamedByUser = context.reports.origin == .flag
        let outcome = try batch.run(
            paths: paths, listed: files.listed,
            progress: { step in
                terminal.progress(
                    "report \(step.position) of \(step.count): \(step.stage.rawValue) "
                        + PathName.last(step.path))
            },
            onItem: { item in
                switch item {
                case .ingested(let done):
                    terminal.problems(done.prepared.problems)
                    if format == .json {
                        reports.append(
                            IngestJSON.Report(
                                report: done.report.sourcePath, status: "ingested",
                                outcome: AuditOutcomeJSON(done, historyPath: historyFile.path, status: "ingested")))
                    } else {
                        terminal.line("== \(done.report.sourcePath)")
                        for line in AuditOutcomeRendering.lines(done, historyPath: historyFile.path) {
                            terminal.line(line)
                        }
                    }
                case .alreadyInHistory(let path, let recordedAs):
                    if format == .json {
                        reports.append(.init(report: path, status: "already-in-history", recordedAs: recordedAs))
                    } else {
                        let same = PathName.last(path) == recordedAs ? "" : " (as \(recordedAs))"
                        // Mapping inputs given now cannot change a session already written: say how they can.
                        let update =
                            context.mappingFlagsGiven
                            ? " 'auditkit log \(path) --update' brings its session up to date with these rules and sources."
                            : ""
                        terminal.line("== \(path)\nAlready in \(historyFile.path)\(same); skipped.\(update)")
                    }
                case .failed(let path, let error):
                    terminal.error(error.description)
                    if format == .json {
                        reports.append(.init(report: path, status: "failed", error: error.description))
                    }
                case .notAReport(let path, let error):
                    terminal.message("note: skipped \(path): \(error.message)")
                    if format == .json {
                        reports.append(.init(report: path, status: "not-a-report", error: error.description))
                    }
                }
            })
        terminal.endProgress()

        switch format {
        case .json:
            var document = IngestJSON(
                reports: reports, ingested: outcome.ingested, alreadyInHistory: outcome.alreadyInHistory,
                failed: outcome.failed, summary: outcome.summaryPath, trend: outcome.trendPath,
                site: outcome.sitePath)
            document.evidenceRedrawn = outcome.evidenceRedrawn
            document.retold = outcome.retold.map {
                IngestJSON.Retold(
                    report: $0.fileName, path: $0.path, session: $0.session, sessionNumber: $0.sessionNumber)
            }
            try terminal.json(document)
        case .text:
            if !outcome.evidenceRedrawn.isEmpty {
                terminal.line(
                    "Drew the missing evidence of \(SessionFacts.counted(outcome.evidenceRedrawn.count, "report")) "
                        + "already in the history.")
            }
            for retold in outcome.retold {
                if let error = retold.error {
                    terminal.error(error.description)
                } else {
                    terminal.line(Self.line(retold))
                }
            }
            var closing =
                "Ingested \(SessionFacts.counted(outcome.ingested, "report")); "
                + "\(outcome.alreadyInHistory) already in the history; \(outcome.failed) failed"
                + (outcome.notReports > 0
                    ? "; \(SessionFacts.counted(outcome.notReports, "file")) skipped, not reports." : ".")
            let written = [outcome.summaryPath, outcome.trendPath, outcome.sitePath].compactMap { $0 }
            if let last = written.last {
                let list = written.count == 1 ? last : written.dropLast().joined(separator: ", ") + " and " + last
                closing += " Wrote \(list)."
            }
            terminal.line(closing)
        }
        return outcome.firstError?.exitStatus ?? .success
    }

    /// What the text output says of an audit told again after a report audited before it was added.
    static func line(_ retold: AuditIngest.Retold) -> String {
        let name = retold.fileName
        let session = retold.sessionNumber.map { "Session \($0)" } ?? "The session"
        guard let path = retold.path else {
            return "\(name): its comparison changed (a report audited before it was added), but its report file "
                + "is not here to tell it again; its session and page keep the old one."
        }
        switch retold.session {
        case .refreshed:
            return "\(session) of \(name) told again: a report audited before it was added changed its comparison."
        case .edited:
            return "\(session) of \(name) states the comparison before a report audited before it was added; "
                + "it differs from what AuditKit wrote (edited, or written with other options), so it is left as "
                + "it is ('auditkit log \(path) --update' tells it again)."
        case .unchanged, .notLogged:
            return "\(name): its comparison changed (a report audited before it was added); its page tells it again."
        }
    }
}
