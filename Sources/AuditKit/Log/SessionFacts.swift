import Foundation

/// Everything one logged session says, gathered from a report (and, when available, its mapping
/// and a comparison with the earlier reports of the same screens) before the log is touched.
///
/// What it holds follows what a team writes by hand: the scope by view, the texts each test type
/// flagged and where in the code they are, system UI and judged warnings apart, and what changed
/// since the last audit of the same screens, by text. Build it with
/// `SessionFacts(report:logPath:mapping:judgement:date:scope:evidence:likelyCauses:)`;
/// `templateContext(sessionNumber:)` turns it into the `session.md` context.
public struct SessionFacts: Sendable, Hashable {
    /// The report as the log names it (relative to the log's folder when the report is under it).
    public var reportPath: String
    /// The report's file name.
    public var reportName: String
    /// The report's SHA-256 (lowercase hex): the session's hidden marker.
    public var reportSHA256: String
    /// `YYYY-MM-DD`.
    public var date: String
    /// What the session covered.
    public var scope: String
    /// The screens' names, in report order, without repeats.
    public var screenNames: [String]
    /// How many issues the report has.
    public var issueCount: Int
    /// Issues per test type, in the Inspector's type order; types without issues left out.
    public var counts: [TypeCount]
    /// Whether rules or sources were given, so "not mapped" means something.
    public var isMapped: Bool
    /// The open warnings per test type (Inspector order) with their texts by view; system UI and
    /// accepted warnings are left out (they are in `systemUI` and `accepted`).
    public var types: [TypeFindings]
    /// System-UI warnings, one entry per kind (status bar, tab bar, …).
    public var systemUI: [SystemUIFinding]
    /// Accepted warnings, one entry per reason and test type.
    public var accepted: [AcceptedFinding]
    /// New / resolved / residual against the earlier reports of the same screens, when a history is available.
    public var comparison: SessionComparison?
    /// Fixed font sizes found near the lines Dynamic Type warnings map to (`auditkit scan`).
    public var likelyCauses: [LikelyCause]
    /// Evidence files, in a stable order.
    public var evidence: [EvidenceFile]

    /// Creates facts from their parts.
    public init(
        reportPath: String, reportName: String, reportSHA256: String, date: String, scope: String,
        screenNames: [String], issueCount: Int, counts: [TypeCount], isMapped: Bool = false,
        types: [TypeFindings] = [], systemUI: [SystemUIFinding] = [], accepted: [AcceptedFinding] = [],
        comparison: SessionComparison? = nil, likelyCauses: [LikelyCause] = [], evidence: [EvidenceFile] = []
    ) {
        self.reportPath = reportPath
        self.reportName = reportName
        self.reportSHA256 = reportSHA256
        self.date = date
        self.scope = scope
        self.screenNames = screenNames
        self.issueCount = issueCount
        self.counts = counts
        self.isMapped = isMapped
        self.types = types
        self.systemUI = systemUI
        self.accepted = accepted
        self.comparison = comparison
        self.likelyCauses = likelyCauses
        self.evidence = evidence
    }
}

/// How many issues of one test type a report has.
public struct TypeCount: Sendable, Hashable {
    /// The test type.
    public var testType: TestType
    /// How many.
    public var count: Int

    /// Creates a count.
    public init(testType: TestType, count: Int) {
        self.testType = testType
        self.count = count
    }

    /// The counts of `counts`, the test types in the Inspector's order.
    static func ordered(_ counts: [TestType: Int]) -> [TypeCount] {
        TestType.ordered(counts.keys).map { TypeCount(testType: $0, count: counts[$0]!) }
    }
}

/// One flagged text as a session or a summary names it: `button “Edit” (2)` at its line.
public struct FlaggedText: Sendable, Hashable {
    /// The element's text; nil for an element without text.
    public var text: String?
    /// What the element is when the code says so (`button`, `header`, `title`, `label`, `tab`, …).
    public var role: String?
    /// How many warnings of the group show this text at this place.
    public var count: Int
    /// Where the code shows it, as the mapping found it.
    public var location: SourceLocation?
    /// The location's file relative to the log's (or summary's) folder, as the log shows and links it.
    public var link: String?

    /// Creates a flagged text.
    public init(
        text: String?, role: String? = nil, count: Int = 1, location: SourceLocation? = nil, link: String? = nil
    ) {
        self.text = text
        self.role = role
        self.count = count
        self.location = location
        self.link = link
    }
}

/// The texts of one view, for one test type.
public struct ViewTexts: Sendable, Hashable {
    /// The view, e.g. `HomeView`.
    public var view: String
    /// How many warnings.
    public var count: Int
    /// The distinct texts, in report order (at most `SessionFacts.textLimit`).
    public var texts: [FlaggedText]
    /// How many distinct texts were left out of `texts`.
    public var moreCount: Int
}

/// The open warnings of one test type: their texts by view, then those the mapping could not place.
public struct TypeFindings: Sendable, Hashable {
    /// The test type.
    public var testType: TestType
    /// How many open warnings.
    public var count: Int
    /// The guidance rows of the open warnings, one per WCAG criterion (`AccessibilityGuidance.ruleID`),
    /// the type's main row first: an image without a description is 1.1.1 beside another element's 4.1.2.
    public var guidance: [AccessibilityGuidance] = []
    /// Views by number of warnings, most first.
    public var views: [ViewTexts]
    /// Texts of warnings without a view (all of them when there was no mapping).
    public var unmapped: [FlaggedText]
    /// How many distinct unmapped texts were left out of `unmapped`.
    public var moreUnmapped: Int
}

/// System-UI warnings of one kind (status bar, tab bar, keyboard, …).
public struct SystemUIFinding: Sendable, Hashable {
    /// The kind, as the rule or the mapping names it.
    public var kind: String
    /// How many warnings.
    public var count: Int
    /// Their distinct texts.
    public var texts: [FlaggedText]
}

/// Warnings accepted with one reason, of one test type.
public struct AcceptedFinding: Sendable, Hashable {
    /// The reason, as the team wrote it in the rule file.
    public var reason: String
    /// The test type.
    public var testType: TestType
    /// How many warnings.
    public var count: Int
    /// The views they map to, most first.
    public var views: [String]
    /// Their distinct texts.
    public var texts: [FlaggedText]
}

/// The report compared with the earlier reports of the same screens (from the history).
public struct SessionComparison: Sendable, Hashable {
    /// A warning as the comparison names it.
    public struct Warning: Sendable, Hashable {
        /// Its test type.
        public var testType: TestType
        /// Its element's text, when it has one.
        public var text: String?
        /// The view or screen group it belongs to.
        public var place: String
        /// For a residual warning: the first report of the run of reports that had it.
        public var since: Since?
        /// How the pair was made when not by fingerprint (`key`, `geometry`, `image`), for a residual one.
        public var matchedBy: String?

        /// Creates a warning.
        public init(testType: TestType, text: String?, place: String, since: Since? = nil, matchedBy: String? = nil) {
            self.testType = testType
            self.text = text
            self.place = place
            self.since = since
            self.matchedBy = matchedBy
        }
    }

    /// The report a residual warning has been there since.
    public struct Since: Sendable, Hashable {
        /// Its SHA-256, to find its session in the log.
        public var sha256: String
        /// Its file name.
        public var fileName: String
        /// Its audit day, `YYYY-MM-DD`.
        public var date: String
        /// `Session 3 (2026-01-02)` once the log writer found the report's session; nil before.
        public var session: String?

        /// Creates a since.
        public init(sha256: String, fileName: String, date: String, session: String? = nil) {
            self.sha256 = sha256
            self.fileName = fileName
            self.date = date
            self.session = session
        }
    }

    /// The previous report's file name (the latest earlier report of these screens); empty when no
    /// earlier audit covered them (the session then says so in words).
    public var previousReportName: String
    /// Warnings the earlier reports did not have.
    public var new: [Warning]
    /// Warnings of the earlier reports, on the screens this one covers, gone from this one.
    public var resolved: [Warning]
    /// Warnings the earlier reports had too.
    public var residual: [Warning]
    /// The comparison in numbers, as every output states it.
    public var counts: ChangeCounts
    /// Which earlier audit each screen was compared with and why, then the screens not covered
    /// (`ReportJudgement.screenLines`).
    public var screens: [String] = []

    /// Creates a comparison; `counts` defaults to the lists' lengths.
    public init(
        previousReportName: String, new: [Warning], resolved: [Warning], residual: [Warning],
        counts: ChangeCounts? = nil
    ) {
        self.previousReportName = previousReportName
        self.new = new
        self.resolved = resolved
        self.residual = residual
        self.counts = counts ?? ChangeCounts(new: new.count, resolved: resolved.count, residual: residual.count)
    }
}

/// An evidence file a session points to.
public struct EvidenceFile: Sendable, Hashable {
    /// What it is: `Index sheet`, `Overlay, screen 1`, `Thumbnails`, ...
    public var label: String
    /// Its path as the log names it.
    public var path: String
    /// A detail such as `12 files`, when useful.
    public var detail: String?

    /// Creates an evidence entry.
    public init(label: String, path: String, detail: String? = nil) {
        self.label = label
        self.path = path
        self.detail = detail
    }
}
