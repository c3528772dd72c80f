import AuditKit
import Foundation

extension Terminal {
    /// Writes `body` to stdout as a `--format json` output: its fields with `"version": 1` among them,
    /// sorted keys, ISO 8601 dates (`JSONWriter.document`). Numbering is the same everywhere: issue and
    /// screen `number`s count from 1, `index`es from 0.
    func json<Body: Encodable>(_ body: Body) throws {
        out(try JSONWriter.documentText(body))
    }
}

/// `audit --format json`, and each report of `ingest --format json`.
struct AuditOutcomeJSON: Encodable {
    struct HistoryPart: Encodable {
        var path: String
        var added: Bool
    }
    struct LogPart: Encodable {
        var path: String
        var action: String
    }
    struct Comparison: Encodable {
        var previous: String
        var new: Int
        var resolved: Int
        var residual: Int
    }
    struct SitePart: Encodable {
        var page: String
        var index: String
    }
    var status: String?
    var report: String
    var sha256: String
    var issues: Int
    var screens: Int
    var evidence: String
    var thumbnails: Int
    var screenshots: Int
    var indexSheet: [String]
    var overlays: [String]
    var mapped: Int?
    var history: HistoryPart?
    var log: LogPart?
    var session: Int?
    var comparison: Comparison?
    /// The report's page and the site's index (`audit`; `ingest` writes the site after the batch).
    var site: SitePart?

    init(_ outcome: AuditOutcome, historyPath: String, status: String? = nil) {
        let report = outcome.report
        let evidence = outcome.prepared.evidence
        self.status = status
        self.report = report.sourcePath
        sha256 = report.sha256
        issues = report.issues.count
        screens = report.screens.count
        self.evidence = evidence.directory
        thumbnails = evidence.thumbnails.count
        screenshots = evidence.screenshots.count
        indexSheet = evidence.indexSheetPages
        overlays = evidence.overlays.keys.sorted().map { evidence.overlays[$0]! }
        mapped = outcome.prepared.mapping.map { $0.primaries.count }
        history = outcome.addedToHistory.map { HistoryPart(path: historyPath, added: $0) }
        log = outcome.log.map { LogPart(path: $0.logPath, action: $0.action.rawValue) }
        session = outcome.log?.sessionNumber
        // The judgement's counts: open warnings, as the terminal, the session and the page state them.
        if let judged = outcome.judgement, let counts = judged.counts {
            comparison = Comparison(
                previous: judged.oldFileName, new: counts.new, resolved: counts.resolved, residual: counts.residual)
        }
    }

    // Absent parts are written as null, so every documented field is always there.
    func encode(to encoder: any Encoder) throws {
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

/// `ingest --format json`.
struct IngestJSON: Encodable {
    /// One report of the batch.
    struct Report: Encodable {
        var report: String
        var status: String
        var recordedAs: String?
        var error: String?
        var outcome: AuditOutcomeJSON?

        func encode(to encoder: any Encoder) throws {
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
    var reports: [Report]
    var ingested: Int
    var alreadyInHistory: Int
    var failed: Int
    var summary: String?
    var trend: String?
    var site: String?
}

/// `init --format json`.
struct InitJSON: Encodable {
    var created: [String]
    var updated: [String]
    var leftAsItIs: [String]
}

/// `log --format json`.
struct LogJSON: Encodable {
    var action: String
    var log: String
    var report: String?
    var sha256: String?
    var createdLog: Bool?
    var createdSection: Bool?
    var session: Int?
    var text: String?
}

/// `sheet --format json`.
struct SheetJSON: Encodable {
    struct Problem: Encodable {
        var issue: Int
        var message: String
    }
    var report: String
    var pages: [String]
    var issues: Int
    var imageProblems: [Problem]
}

/// `overlay --format json`.
struct OverlayJSON: Encodable {
    struct Skipped: Encodable {
        var screen: Int
        var name: String
        var reason: String
    }
    var report: String
    var overlays: [String]
    var skippedScreens: [Skipped]
}
