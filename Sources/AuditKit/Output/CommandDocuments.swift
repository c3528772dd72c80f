import Foundation

/// `init --format json`: what setting up the project did, path by path.
public struct InitJSON: Encodable, Sendable {
    /// What was missing and is now there.
    public var created: [String]
    /// Files that were there and got the lines they lacked (`.gitignore`).
    public var updated: [String]
    /// What was there already.
    public var leftAsItIs: [String]

    /// The paths created, updated and left as they were.
    public init(created: [String], updated: [String], leftAsItIs: [String]) {
        self.created = created
        self.updated = updated
        self.leftAsItIs = leftAsItIs
    }
}

/// `log --format json`: what logging a report (or `log --init`) did. Fields without a value are not
/// written.
public struct LogJSON: Encodable, Sendable {
    /// `logged`, `updated`, `already-logged` or `would-log`; for `log --init`, `created` or `exists`.
    public var action: String
    /// The audit log's path.
    public var log: String
    /// The report's path.
    public var report: String?
    /// The report's SHA-256, lowercase hex.
    public var sha256: String?
    /// Whether the log was created from the template.
    public var createdLog: Bool?
    /// Whether the `## Audit Log` section was added.
    public var createdSection: Bool?
    /// The session's number.
    public var session: Int?
    /// With a dry run, the session that would be added.
    public var text: String?

    /// What logging did; `log --init` gives only `action` and `log`.
    public init(
        action: String, log: String, report: String? = nil, sha256: String? = nil, createdLog: Bool? = nil,
        createdSection: Bool? = nil, session: Int? = nil, text: String? = nil
    ) {
        self.action = action
        self.log = log
        self.report = report
        self.sha256 = sha256
        self.createdLog = createdLog
        self.createdSection = createdSection
        self.session = session
        self.text = text
    }
}

/// `sheet --format json`: the index sheet's pages and the thumbnails drawn as placeholders.
public struct SheetJSON: Encodable, Sendable {
    /// A thumbnail drawn as a placeholder, and why.
    public struct Problem: Encodable, Sendable {
        /// The issue's number, counting from 1.
        public var issue: Int
        /// What is wrong with its thumbnail.
        public var message: String

        /// The issue's number and its thumbnail's problem.
        public init(issue: Int, message: String) {
            self.issue = issue
            self.message = message
        }
    }

    /// The report's path.
    public var report: String
    /// The pages written.
    public var pages: [String]
    /// How many issues the sheet shows.
    public var issues: Int
    /// Each thumbnail drawn as a placeholder.
    public var imageProblems: [Problem]

    /// The sheet drawn for a report.
    public init(report: String, pages: [String], issues: Int, imageProblems: [Problem]) {
        self.report = report
        self.pages = pages
        self.issues = issues
        self.imageProblems = imageProblems
    }
}

/// `overlay --format json`: the annotated screenshots written and the screens left without one.
public struct OverlayJSON: Encodable, Sendable {
    /// A screen without an overlay, and why.
    public struct Skipped: Encodable, Sendable {
        /// The screen's number, counting from 1.
        public var screen: Int
        /// The screen's name.
        public var name: String
        /// Why it has no overlay.
        public var reason: String

        /// The screen's number and name, and why it was skipped.
        public init(screen: Int, name: String, reason: String) {
            self.screen = screen
            self.name = name
            self.reason = reason
        }
    }

    /// The report's path.
    public var report: String
    /// The files written.
    public var overlays: [String]
    /// Each screen without an overlay.
    public var skippedScreens: [Skipped]

    /// The overlays drawn for a report.
    public init(report: String, overlays: [String], skippedScreens: [Skipped]) {
        self.report = report
        self.overlays = overlays
        self.skippedScreens = skippedScreens
    }
}

/// `html --format json`: the site's index and each report's page.
public struct HtmlJSON: Encodable, Sendable {
    /// One report given: its page, or why it has none. Fields without a value are not written.
    public struct Page: Encodable, Sendable {
        /// The report's path.
        public var report: String
        /// The report's page.
        public var page: String?
        /// Whether the page changed (false: it already held the same).
        public var changed: Bool?
        /// Why the report has no page, as the line printed on stderr.
        public var error: String?

        /// A report's page, or with `error` why it has none.
        public init(report: String, page: String? = nil, changed: Bool? = nil, error: String? = nil) {
            self.report = report
            self.page = page
            self.changed = changed
            self.error = error
        }
    }

    /// The site's `index.html`.
    public var index: String
    /// One object per report, in the order given.
    public var pages: [Page]
    /// How many report pages were written or already up to date.
    public var written: Int
    /// How many files changed, the index included.
    public var changed: Int
    /// How many reports could not be read or their page not written.
    public var failed: Int

    /// The site's index, its pages and the counts.
    public init(index: String, pages: [Page], written: Int, changed: Int, failed: Int) {
        self.index = index
        self.pages = pages
        self.written = written
        self.changed = changed
        self.failed = failed
    }
}

/// `config --format json`: the project and the settings in force. Absent parts are written as null, so
/// every documented field is always there.
public struct ConfigJSON: Encodable, Sendable {
    /// One setting in force and where it came from.
    public struct Setting: Encodable, Sendable {
        /// The setting: `sources`, `target`, `rules`, `log`, `reports`, `history`, `baseline`, `scan` or
        /// `templates`.
        public var name: String
        /// Its value (a path from the working folder, the sources joined with `, `), or null.
        public var value: String?
        /// Where it came from: `flag`, `auditkit.json` or `default`.
        public var origin: String

        /// A setting, its value (nil: none) and where it came from.
        public init(name: String, value: String?, origin: String) {
            self.name = name
            self.value = value
            self.origin = origin
        }

        /// Writes `name`, `value` (null when there is none) and `origin`.
        public func encode(to encoder: any Encoder) throws {
            enum Key: String, CodingKey { case name, value, origin }
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .name)
            try container.encode(value, forKey: .value)
            try container.encode(origin, forKey: .origin)
        }
    }

    /// The project's root, an absolute path.
    public var root: String
    /// What marked the project: `auditkit.json`, `Reports/history.jsonl`, `audit.md` or `the working folder`.
    public var foundBy: String
    /// The project file's path from the working folder, or null.
    public var projectFile: String?
    /// One object per setting.
    public var settings: [Setting]

    /// The project's root, what marked it, its project file and the settings in force.
    public init(root: String, foundBy: String, projectFile: String?, settings: [Setting]) {
        self.root = root
        self.foundBy = foundBy
        self.projectFile = projectFile
        self.settings = settings
    }

    /// Writes every field, `projectFile` as null when there is none.
    public func encode(to encoder: any Encoder) throws {
        enum Key: String, CodingKey { case root, foundBy, projectFile, settings }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(root, forKey: .root)
        try container.encode(foundBy, forKey: .foundBy)
        try container.encode(projectFile, forKey: .projectFile)
        try container.encode(settings, forKey: .settings)
    }
}
