import Foundation

/// One report that went through the pass, as `audit --format json` and each report of
/// `ingest --format json` print it (the JSON output article, under `ingest`). Absent parts are written
/// as null, so every documented field is always there. `init(_:historyPath:status:)` makes it from an
/// `AuditOutcome`.
public struct AuditOutcomeJSON: Encodable, Sendable {
    /// The `history` field: where the report was recorded.
    public struct HistoryPart: Encodable, Sendable {
        /// The history file's path.
        public var path: String
        /// Whether the pass added the report (false: the history had it already).
        public var added: Bool

        /// The history file's path and whether the report was added to it.
        public init(path: String, added: Bool) {
            self.path = path
            self.added = added
        }
    }

    /// The `log` field: where the report's session is and what logging did.
    public struct LogPart: Encodable, Sendable {
        /// The audit log's path.
        public var path: String
        /// What logging did: `logged`, `updated`, `already-logged` or `would-log`.
        public var action: String

        /// The audit log's path and what logging did there.
        public init(path: String, action: String) {
            self.path = path
            self.action = action
        }
    }

    /// The `comparison` field: open warnings against the earlier audits of the report's screens, as the
    /// terminal, the session and the report's page state them.
    public struct Comparison: Encodable, Sendable {
        /// The earlier report, or several joined with `, ` when screens were compared with several; nil when
        /// no screen of the report was audited before (its warnings are all new).
        public var previous: String?
        /// Open warnings not in the earlier audit of their screen.
        public var new: Int
        /// Open warnings of the earlier audits that the report no longer shows.
        public var resolved: Int
        /// Open warnings in both.
        public var residual: Int

        /// The earlier report and the three counts of open warnings.
        public init(previous: String?, new: Int, resolved: Int, residual: Int) {
            self.previous = previous
            self.new = new
            self.resolved = resolved
            self.residual = residual
        }
    }

    /// The `site` field: the report's page and the site's index.
    public struct SitePart: Encodable, Sendable {
        /// The report's page.
        public var page: String
        /// The site's `index.html`.
        public var index: String

        /// The report's page and the site's index.
        public init(page: String, index: String) {
            self.page = page
            self.index = index
        }
    }

    /// The report's status in a batch (`ingested`); not written when nil.
    public var status: String?
    /// The report's path.
    public var report: String
    /// The report's SHA-256, lowercase hex.
    public var sha256: String
    /// How many issues the report has.
    public var issues: Int
    /// How many screens the report has.
    public var screens: Int
    /// The report's evidence folder.
    public var evidence: String
    /// How many thumbnails were written or kept.
    public var thumbnails: Int
    /// How many screenshots were written or kept.
    public var screenshots: Int
    /// The index sheet's pages.
    public var indexSheet: [String]
    /// The annotated screenshots, in screen order.
    public var overlays: [String]
    /// How many issues have a mapping; null when neither rules nor sources were given.
    public var mapped: Int?
    /// Where the report was recorded; null when the pass does not record it.
    public var history: HistoryPart?
    /// Where the session was logged; null when the pass does not log.
    public var log: LogPart?
    /// The session's number, or null.
    public var session: Int?
    /// The counts against the earlier audits of the report's screens; null for the first.
    public var comparison: Comparison?
    /// The report's page and the site's index; null, as `audit` and `ingest` write the site after the
    /// batch (the batch's own `site` names it).
    public var site: SitePart?

    /// Writes every field, absent parts as null; `status` only when there is one.
    public func encode(to encoder: any Encoder) throws {
        enum Key: String, CodingKey {
            case status, report, sha256, issues, screens, evidence, thumbnails, screenshots, indexSheet, overlays
            case mapped, history, log, session, comparison, site
        }
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(report, forKey: .report)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(issues, forKey: .issues)
        try container.encode(screens, forKey: .screens)
        try container.encode(evidence, forKey: .evidence)
        try container.encode(thumbnails, forKey: .thumbnails)
        try container.encode(screenshots, forKey: .screenshots)
        try container.encode(indexSheet, forKey: .indexSheet)
        try container.encode(overlays, forKey: .overlays)
        try container.encode(mapped, forKey: .mapped)
        try container.encode(history, forKey: .history)
        try container.encode(log, forKey: .log)
        try container.encode(session, forKey: .session)
        try container.encode(comparison, forKey: .comparison)
        try container.encode(site, forKey: .site)
    }
}

/// `ingest --format json` (and `audit --format json`, a batch of one): every report of the batch and what
/// was written after it.
public struct IngestJSON: Encodable, Sendable {
    /// One report of the batch: the fields of `AuditOutcomeJSON` when it went through the pass, else
    /// `report` and `status` with `recordedAs` or `error`.
    public struct Report: Encodable, Sendable {
        /// The report's path.
        public var report: String
        /// `ingested`, `already-in-history` or `failed`.
        public var status: String
        /// For `already-in-history`: the file name the history recorded it as.
        public var recordedAs: String?
        /// For `failed`: why, as the line printed on stderr.
        public var error: String?
        /// For `ingested`: the pass's outcome, written in place of the fields above.
        public var outcome: AuditOutcomeJSON?

        /// One report of the batch; give `outcome` for one that went through the pass.
        public init(
            report: String, status: String, recordedAs: String? = nil, error: String? = nil,
            outcome: AuditOutcomeJSON? = nil
        ) {
            self.report = report
            self.status = status
            self.recordedAs = recordedAs
            self.error = error
            self.outcome = outcome
        }

        /// Writes the outcome's fields when there is one, else `report`, `status` and whichever of
        /// `recordedAs` and `error` there is.
        public func encode(to encoder: any Encoder) throws {
            if let outcome {
                try outcome.encode(to: encoder)
                return
            }
            enum Key: String, CodingKey { case report, status, recordedAs, error }
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(report, forKey: .report)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(recordedAs, forKey: .recordedAs)
            try container.encodeIfPresent(error, forKey: .error)
        }
    }

    /// One object per report, in batch order.
    public var reports: [Report]
    /// How many reports went through the pass.
    public var ingested: Int
    /// How many the history had already.
    public var alreadyInHistory: Int
    /// How many could not be read or written.
    public var failed: Int
    /// The summary written after the batch, or null.
    public var summary: String?
    /// The trend chart written after the batch, or null.
    public var trend: String?
    /// The site's `index.html` written after the batch, or null.
    public var site: String?
    /// The audits the history had whose comparison a report of the batch changed (it was audited before
    /// them): told again, their sessions refreshed where AuditKit's own, their pages written again.
    public var retold: [Retold] = []
    /// The reports the history had whose evidence folder was missing, drawn again from the report.
    public var evidenceRedrawn: [String] = []

    /// One audit told again after a report audited before it was added.
    public struct Retold: Encodable, Sendable {
        /// Its report's file name.
        public var report: String
        /// Its report file, or null when it was not found.
        public var path: String?
        /// `refreshed`, `unchanged`, `edited` (left as people wrote it) or `notLogged`.
        public var session: String
        /// The session's number, or null.
        public var sessionNumber: Int?

        /// The object of `retold`: the report's file name, its path, what became of its session
        /// (`AuditLogWriter.RefreshAction`) and the session's number.
        public init(report: String, path: String?, session: AuditLogWriter.RefreshAction, sessionNumber: Int?) {
            self.report = report
            self.path = path
            self.session = session.rawValue
            self.sessionNumber = sessionNumber
        }

        enum CodingKeys: String, CodingKey { case report, path, session, sessionNumber }

        /// Writes every field, null included.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(report, forKey: .report)
            try container.encode(path, forKey: .path)
            try container.encode(session, forKey: .session)
            try container.encode(sessionNumber, forKey: .sessionNumber)
        }
    }

    /// The batch's document: its reports, its counts and what was written after it.
    public init(
        reports: [Report], ingested: Int, alreadyInHistory: Int, failed: Int, summary: String?, trend: String?,
        site: String?
    ) {
        self.reports = reports
        self.ingested = ingested
        self.alreadyInHistory = alreadyInHistory
        self.failed = failed
        self.summary = summary
        self.trend = trend
        self.site = site
    }
}
