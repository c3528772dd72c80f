import Foundation

/// What `AuditLogWriter.append` did.
public struct LogOutcome: Sendable, Hashable {
    /// The three results of logging a report.
    public enum Action: String, Sendable, Hashable {
        /// A session was added.
        case logged
        /// The report's marker is already in the log; nothing was written.
        case alreadyLogged = "already-logged"
        /// Dry run: the session that would have been added.
        case wouldLog = "would-log"
        /// The report's session was replaced by one computed now, under its number (`update`).
        case updated
    }

    /// What happened.
    public var action: Action
    /// The new session's number, or for `.alreadyLogged` the session holding the marker (nil when
    /// the marker sits outside any `### Session N`).
    public var sessionNumber: Int?
    /// The rendered session (with `\n` line ends); empty for `.alreadyLogged`.
    public var sessionText: String
    /// The log file.
    public var logPath: String
    /// Whether the log file was (or would be) created from the `audit.md` template.
    public var createdLog: Bool
    /// Whether the `## Audit Log` section was (or would be) added to an existing log.
    public var createdSection: Bool
    /// With `.alreadyLogged`: the session that names the report was written by hand (it has no marker;
    /// its heading lines name the report's file), `sessionNumber` its number.
    public var writtenByHand = false
}

/// Appends sessions to a hand-kept `audit.md`, keeping every byte outside the new session.
///
/// The log is re-read and replaced under an exclusive `flock` on `audit.md.lock` beside it, with
/// `AtomicFile.write` (temporary file, fsync, rename), so concurrent runs both land with distinct
/// numbers and a run killed mid-way leaves the previous file whole.
public struct AuditLogWriter: Sendable {
    /// The templates used for new logs and sessions.
    public var templates: TemplateSet
    /// Replaces the log's content; `AtomicFile.write` by default (tests substitute a failing one).
    public var replaceFile: @Sendable (Data, String) throws -> Void
    /// The title of a new log.
    public var title: String

    /// Creates a writer.
    public init(
        templates: TemplateSet = .builtin(), title: String = "Accessibility Audit",
        replaceFile: @escaping @Sendable (Data, String) throws -> Void = { try AtomicFile.write($0, to: $1) }
    ) {
        self.templates = templates
        self.title = title
        self.replaceFile = replaceFile
    }

    /// Logs one report: adds a `### Session N` at the end of the log's Audit Log section.
    /// - Parameters:
    ///   - facts: what the session says.
    ///   - logPath: the log; created from the `audit.md` template when missing.
    ///   - force: log again even when the report's marker is already in the log.
    ///   - dryRun: compute and return the session without taking the lock or writing.
    ///   - namedByUser: the user gave this very log path, so a symbolic link there is followed (the
    ///     file it points to is replaced); otherwise a link is refused.
    ///   - update: when the log has the report's session, replace it by this one under its number
    ///     (`.updated`, or `.alreadyLogged` when nothing changes) instead of saying it is logged.
    /// - Returns: what happened.
    /// - Throws: `AuditError` `.missingInput` when the log exists but cannot be read, `.badInput`
    ///   when a session number in it is too large to count on from, `.cannotWrite` when the lock or
    ///   the file cannot be written or is a refused link.
    public func append(
        _ facts: SessionFacts, to logPath: String, force: Bool = false, dryRun: Bool = false,
        namedByUser: Bool = false, update: Bool = false
    ) throws -> LogOutcome {
        if dryRun {
            var outcome = try plan(facts, logPath: logPath, force: force, update: update).outcome
            if outcome.action == .updated { outcome.action = .wouldLog }
            return outcome
        }
        try AuditLogWriter.checkFolder(of: logPath)
        let target = try Symlinks.target(of: logPath, namedByUser: namedByUser)
        return try FileLock.withExclusiveLock(at: FileLock.lockPath(for: logPath)) {
            let planned = try plan(facts, logPath: logPath, force: force, update: update)
            guard let bytes = planned.bytes else { return planned.outcome }
            try replaceFile(Data(bytes), target)
            var outcome = planned.outcome
            if outcome.action == .wouldLog { outcome.action = .logged }
            return outcome
        }
    }

    /// The session `facts` tell, numbered `number`, as `document` would get it: a residual warning is
    /// "since Session N" when the log has the session of the report it began in, and the report's
    /// marker ends it even when a custom template leaves it out.
    private func sessionText(_ facts: SessionFacts, number: Int, in document: AuditLogDocument) -> String {
        var facts = facts
        if var comparison = facts.comparison {
            for index in comparison.residual.indices {
                guard let since = comparison.residual[index].since,
                    let session = document.sessionNumber(loggingSHA256: since.sha256)
                else { continue }
                comparison.residual[index].since?.session = "Session \(session) (\(since.date))"
            }
            facts.comparison = comparison
        }
        var session = templates.render(.session, facts.templateContext(sessionNumber: number))
        if !session.contains(facts.marker) {
            // A custom session.md without {{{marker}}} would make logging the same report twice undetectable.
            while session.hasSuffix("\n") { session.removeLast() }
            session += "\n" + facts.marker + "\n"
        }
        return session
    }

    /// What `refresh` did with a report's session.
    public enum RefreshAction: String, Sendable {
        /// Replaced by the session told now, under its number.
        case refreshed
        /// Already the session told now.
        case unchanged
        /// Left as it is: it differs from the session AuditKit would have written then (people edited
        /// it, or other options or an older version wrote it), so only `auditkit log REPORT --update`
        /// replaces it.
        case edited
        /// The log has no session of the report.
        case notLogged
    }

    /// Brings the session AuditKit wrote for a report up to date after the judgement changed (a report
    /// audited before it was added later): when the log still holds the session exactly as `previous`
    /// tells it, it is replaced by the one `facts` tell, under its number, every other byte kept; a
    /// session that differs (people edited it) is left as it is.
    /// - Parameters:
    ///   - facts: the session as the judgement tells it now.
    ///   - previous: the session as the judgement told it when it was written.
    ///   - logPath: the log.
    ///   - namedByUser: as for `append`.
    /// - Returns: what happened, and the session's number when the log has it.
    /// - Throws: `AuditError` `.missingInput` when the log cannot be read, `.cannotWrite` when it cannot
    ///   be written or is a refused link.
    public func refresh(
        _ facts: SessionFacts, was previous: SessionFacts, in logPath: String, namedByUser: Bool = false
    ) throws -> (action: RefreshAction, session: Int?) {
        guard FileManager.default.fileExists(atPath: logPath) else { return (.notLogged, nil) }
        let target = try Symlinks.target(of: logPath, namedByUser: namedByUser)
        return try FileLock.withExclusiveLock(at: FileLock.lockPath(for: logPath)) {
            guard let data = FileManager.default.contents(atPath: logPath) else {
                throw AuditError(.missingInput, "cannot read the log", path: logPath)
            }
            let existing = [UInt8](data)
            let document = AuditLogDocument(bytes: existing)
            guard let logged = document.session(loggingSHA256: facts.reportSHA256) else { return (.notLogged, nil) }
            let was = sessionText(previous, number: logged.number, in: document)
            guard document.replacing(logged.range, with: was) == existing else { return (.edited, logged.number) }
            let bytes = document.replacing(logged.range, with: sessionText(facts, number: logged.number, in: document))
            guard bytes != existing else { return (.unchanged, logged.number) }
            try replaceFile(Data(bytes), target)
            return (.refreshed, logged.number)
        }
    }

    /// Creates the log from the `audit.md` template when it does not exist yet.
    /// - Parameters:
    ///   - logPath: the log to create.
    ///   - sources: paths listed under `## Sources`.
    ///   - date: the log's date, `YYYY-MM-DD`.
    ///   - namedByUser: as for `append`: only a log path the user named may be a symbolic link.
    /// - Returns: whether the file was created.
    /// - Throws: `AuditError` `.cannotWrite`.
    @discardableResult
    public func createLog(
        at logPath: String, sources: [String] = [], date: String = SessionFacts.today(), namedByUser: Bool = false
    ) throws -> Bool {
        try AuditLogWriter.checkFolder(of: logPath)
        let target = try Symlinks.target(of: logPath, namedByUser: namedByUser)
        return try FileLock.withExclusiveLock(at: FileLock.lockPath(for: logPath)) {
            guard !FileManager.default.fileExists(atPath: logPath) else { return false }
            try replaceFile(Data(newLogText(sources: sources, date: date).utf8), target)
            return true
        }
    }

    /// The text of a new log from the `audit.md` template.
    public func newLogText(sources: [String], date: String) -> String {
        templates.render(
            .auditLog,
            [
                "title": .text(title),
                "date": .text(date),
                "sources": .list(TemplateValue.items(sources.map { ["path": .code($0)] })),
            ])
    }

    /// Fails with a clear message when the log's folder does not exist (rather than on its lock file).
    private static func checkFolder(of logPath: String) throws {
        let folder = URL(fileURLWithPath: logPath).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw AuditError(.cannotWrite, "the log's folder does not exist", path: logPath)
        }
    }

    private func plan(_ facts: SessionFacts, logPath: String, force: Bool, update: Bool) throws -> (
        outcome: LogOutcome, bytes: [UInt8]?
    ) {
        var createdLog = false
        let existing: [UInt8]
        if FileManager.default.fileExists(atPath: logPath) {
            guard let data = FileManager.default.contents(atPath: logPath) else {
                throw AuditError(.missingInput, "cannot read the log", path: logPath)
            }
            existing = [UInt8](data)
        } else {
            createdLog = true
            existing = Array(newLogText(sources: [facts.reportPath], date: facts.date).utf8)
        }
        let document = AuditLogDocument(bytes: existing)
        let updating = update ? document.session(loggingSHA256: facts.reportSHA256) : nil
        if !force && updating == nil && document.containsMarker(sha256: facts.reportSHA256) {
            let outcome = LogOutcome(
                action: .alreadyLogged, sessionNumber: document.sessionNumber(loggingSHA256: facts.reportSHA256),
                sessionText: "", logPath: logPath, createdLog: false, createdSection: false)
            return (outcome, nil)
        }
        if !force, updating == nil, let session = document.handWrittenSession(naming: facts.reportName) {
            var outcome = LogOutcome(
                action: .alreadyLogged, sessionNumber: session, sessionText: "", logPath: logPath, createdLog: false,
                createdSection: false)
            outcome.writtenByHand = true
            return (outcome, nil)
        }
        let number = try updating?.number ?? document.nextSessionNumber(path: logPath)
        let session = sessionText(facts, number: number, in: document)
        if let updating {
            let bytes = document.replacing(updating.range, with: session)
            let unchanged = bytes == existing
            let outcome = LogOutcome(
                action: unchanged ? .alreadyLogged : .updated, sessionNumber: number, sessionText: session,
                logPath: logPath, createdLog: false, createdSection: false)
            return (outcome, unchanged ? nil : bytes)
        }
        let result = document.inserting(session: session)
        let outcome = LogOutcome(
            action: .wouldLog, sessionNumber: number, sessionText: session, logPath: logPath, createdLog: createdLog,
            createdSection: result.createdSection)
        // A team's own `## Sources` list names every report logged.
        let listed = AuditLogDocument(bytes: result.bytes).addingSource(facts.reportPath, fileName: facts.reportName)
        return (outcome, listed ?? result.bytes)
    }
}
