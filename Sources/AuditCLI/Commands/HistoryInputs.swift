import AuditKit
import Foundation

/// What the history commands share: the `--covers` option, reading the history
/// (printing its warnings), and turning a command-line argument into a history entry.
enum HistoryInputs {
    /// `--covers SCREEN`.
    static let covers: Option<[String]> = .repeated(
        "--covers", value: "SCREEN",
        help: "For a report that shows no screen (the Inspector's empty report): a screen it audited, by the name "
            + "diff and the session give it (repeatable).")

    /// `--screen NAME`.
    static let screen: Option<String?> = .text(
        "--screen", value: "NAME",
        help: "The screen a one-screen report audited, by the name your team gives it: it decides which screen of "
            + "the history the report is, and every output uses the name.")

    /// `--audit-date DATE`.
    static let auditDate: Option<String?> = .text(
        "--audit-date", value: "DATE",
        help: "The audit's date and time for a report file whose name carries none (YYYY-MM-DD HH:MM:SS in the "
            + "machine's time zone, or ISO 8601); default: the day --date names, else the file's modification time.")

    /// How report files are read: a file whose name carries no date was audited at `--audit-date`, else
    /// on the day `--date` names (the session's), else at its modification time.
    /// - Throws: `.usage` for a date that is none.
    static func reading(_ arguments: ParsedArguments) throws -> ReportReader.Options {
        var options = ReportReader.Options()
        if let text = arguments[auditDate] {
            guard let date = parseDate(text) else {
                throw AuditError(.usage, "--audit-date expects YYYY-MM-DD HH:MM:SS or ISO 8601, got '\(text)'")
            }
            if let refusal = AuditTimestamp.refusal(of: date, now: options.now) {
                throw AuditError(.usage, "--audit-date '\(text)': \(refusal)")
            }
            options.auditDateUnlessNamed = date
        } else if let day = arguments[PassInputs.date] {
            options.auditDateUnlessNamed = AuditTimestamp.fromTextHeader(
                try SessionFacts.validatedDate(day) + " 00:00:00")
        }
        return options
    }

    /// `YYYY-MM-DD HH:MM:SS` (or with `T`) in the machine's time zone, or ISO 8601 with a zone: `Z` or an
    /// offset of at most 14 hours with fewer than 60 minutes (`+25:00`, `+00:60` are none).
    static func parseDate(_ text: String) -> Date? {
        if let date = AuditTimestamp.fromTextHeader(text.replacingOccurrences(of: "T", with: " ")),
            text.count == 19
        {
            return date
        }
        guard text.count > 19, let date = ISO8601DateFormatter().date(from: text) else { return nil }
        let zone = Array(text.utf8.dropFirst(19))
        if zone == Array("Z".utf8) { return date }
        guard zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
            zone[3] == UInt8(ascii: ":"), let hours = Int(String(decoding: zone[1...2], as: UTF8.self)),
            let minutes = Int(String(decoding: zone[4...5], as: UTF8.self)), minutes < 60,
            hours * 60 + minutes <= 14 * 60
        else { return nil }
        return date
    }

    /// The history file named by `--history` (a symbolic link there is followed), else the project
    /// file's or the default in the project's reports folder (where one is refused: the repository's
    /// files are a pull request's to change).
    static func historyFile(_ context: CommandContext) -> HistoryFile {
        let history = context.history
        return HistoryFile(path: history.path, namedByUser: history.origin == .flag)
    }

    /// The baseline path named by `--baseline`, else the one in the project's reports folder.
    static func baselinePath(_ context: CommandContext) -> String {
        context.baseline.path
    }

    /// Loads the history, printing what the reader skipped as warnings.
    static func loadHistory(_ context: CommandContext) throws -> History {
        let history = try historyFile(context).load()
        for warning in history.warnings { context.terminal.warning(warning) }
        return history
    }

    /// Reads the report at `path` and makes its history entry, with the views and statuses `mapping`
    /// concludes (rules, sources), so fingerprints and accepted/system statuses match `map`'s; it is the
    /// audit `identities` (the history's, and the reports read before it) say it is, and then holds its bytes.
    static func entry(
        reportAt path: String, mapping: MappingInputs, _ arguments: ParsedArguments,
        identities: inout AuditIdentities
    ) throws -> HistoryEntry {
        var configuration = AuditPass.Configuration(mapper: mapping.mapper)
        configuration.covers = arguments[covers]
        configuration.screenName = arguments[screen]
        configuration.reading = try reading(arguments)
        var report = try ReportReader.read(path: path, options: configuration.reading)
        report.sha256 = identities.claim(fileSHA256: report.sha256, auditDate: report.auditDate)
        return try AuditPass(configuration).prepare(report: report).historyEntry
    }

    /// Warns that the mapping flags and `--screen` do not apply to `argument`, a report in the history.
    static func warnOfIgnoredFlags(naming argument: String, _ context: CommandContext) {
        if context.mappingFlagsGiven {
            context.terminal.warning(
                "names a report in the history: its issues keep the views and statuses they were added with; "
                    + "--rules and --source apply to report files", in: argument)
        }
        if context.arguments[screen] != nil {
            context.terminal.warning(
                "names a report in the history: its screens keep the names they were added with; --screen "
                    + "applies to report files", in: argument)
        }
    }

    /// Where the report files of the history's audits are looked for: the reports folder, then the log's
    /// folder; with `history`, a file found is read with its audits' identities.
    static func reportFiles(_ context: CommandContext, history: History? = nil) -> HistoryReportFiles {
        var reading = ReportReader.Options()
        if let history { reading.identities = history.auditIdentities }
        return HistoryReportFiles(folders: [context.reportsFolder, PathName.parent(context.logPath)], reading: reading)
    }

    /// A report a command reads: a report file, or an audit of the history whose file is in neither the
    /// reports folder nor the log's (the command works from what the history recorded of it).
    enum ReportSource {
        /// A report file.
        case file(String)
        /// An audit of the history, with where its file would be.
        case recorded(HistoryEntry, path: String)
    }

    /// The reports `arguments` name: each existing file as it is, each other argument a report of the
    /// history (`History.entry(reference:now:)`), its file found by `reportFiles`, else as recorded;
    /// without arguments, the reports of the history's latest run.
    /// - Throws: `.missingInput` for an argument that names neither; `.usage` when the history has no
    ///   audit and nothing is named.
    static func reportSources(_ arguments: [String], _ context: CommandContext) throws -> [ReportSource] {
        if !arguments.isEmpty, arguments.allSatisfy(isFile) { return arguments.map { .file($0) } }
        let history = try loadHistory(context)
        let files = reportFiles(context, history: history)
        func source(_ entry: HistoryEntry) -> ReportSource {
            if let found = files.identity(of: entry) { return .file(found.path) }
            return .recorded(entry, path: files.candidates(of: entry).first ?? entry.fileName)
        }
        guard !arguments.isEmpty else {
            let run = try history.entries(.latestRun)
            guard !run.isEmpty else {
                throw AuditError(
                    .usage, "missing REPORT: the history has no audit yet (auditkit ingest adds one)",
                    path: historyFile(context).path)
            }
            return run.map(source)
        }
        return try arguments.map { argument in
            if isFile(argument) { return .file(argument) }
            return source(try history.entries(.references([argument]))[0])
        }
    }

    /// Whether `argument` names an existing file (a report to read), not a report in the history.
    static func isFile(_ argument: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// The entry an argument names: an existing file is read as a report; anything else is looked up
    /// in the history (position, `latest`, `latest~N`, SHA-256 prefix or file name).
    /// - Throws: `.missingInput` when it is neither.
    static func entry(
        argument: String, history: @autoclosure () throws -> History, mapping: MappingInputs, _ context: CommandContext
    ) throws -> HistoryEntry {
        if isFile(argument) {
            var identities = try history().auditIdentities
            return try entry(reportAt: argument, mapping: mapping, context.arguments, identities: &identities)
        }
        if let found = try history().entry(reference: argument) {
            warnOfIgnoredFlags(naming: argument, context)
            return found
        }
        throw AuditError(
            .missingInput,
            "no such report file, and no history entry with that position, "
                + "SHA-256 prefix or file name", path: argument)
    }
}

extension HistoryOutputFormat {
    /// `--format text|markdown|json`, declared once for `diff` and `trend`.
    static let option: Option<HistoryOutputFormat> = .choice(
        "--format", default: .text, help: "text (default), markdown or json.")
}
