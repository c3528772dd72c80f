import Foundation

/// Everything one logged session says, gathered from a report (and, when available, its mapping
/// and a comparison with the previous logged report) before the log is touched.
///
/// Build it with `SessionFacts(report:logPath:mapping:comparison:date:scope:evidence:)` or fill it in
/// directly; `templateContext(sessionNumber:)` turns it into the `session.md` context.
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
    /// What the mapping found, per view in order of first issue; nil when there was no mapping.
    public var views: [ViewFinding]?
    /// Issues the mapping could not place (empty when there was no mapping).
    public var unmappedIssueNumbers: [Int]
    /// New / resolved / residual against the previous logged report, when a history is available.
    public var comparison: SessionComparison?
    /// Evidence files that exist, in a stable order.
    public var evidence: [EvidenceFile]

    /// Creates facts from their parts.
    public init(
        reportPath: String, reportName: String, reportSHA256: String, date: String, scope: String,
        screenNames: [String], issueCount: Int, counts: [TypeCount], views: [ViewFinding]? = nil,
        unmappedIssueNumbers: [Int] = [], comparison: SessionComparison? = nil, evidence: [EvidenceFile] = []
    ) {
        self.reportPath = reportPath
        self.reportName = reportName
        self.reportSHA256 = reportSHA256
        self.date = date
        self.scope = scope
        self.screenNames = screenNames
        self.issueCount = issueCount
        self.counts = counts
        self.views = views
        self.unmappedIssueNumbers = unmappedIssueNumbers
        self.comparison = comparison
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
}

/// One view the mapping placed issues in, with the source locations it found.
public struct ViewFinding: Sendable, Hashable {
    /// The view's name, e.g. `HomeView`.
    public var view: String
    /// The report-wide numbers of its issues, ascending.
    public var issueNumbers: [Int]
    /// Distinct source locations, in order of first issue.
    public var locations: [SourceLocation]

    /// Creates a finding.
    public init(view: String, issueNumbers: [Int], locations: [SourceLocation]) {
        self.view = view
        self.issueNumbers = issueNumbers
        self.locations = locations
    }
}

/// The report compared with the previous logged one (filled in from the history).
public struct SessionComparison: Sendable, Hashable {
    /// A warning of the previous report that this one no longer has.
    public struct ResolvedWarning: Sendable, Hashable {
        /// Its test type.
        public var testType: TestType
        /// Its short title.
        public var shortTitle: String
        /// Its element's text, when it had one.
        public var elementText: String?

        /// Creates a resolved warning.
        public init(testType: TestType, shortTitle: String, elementText: String?) {
            self.testType = testType
            self.shortTitle = shortTitle
            self.elementText = elementText
        }
    }

    /// The previous report's file name.
    public var previousReportName: String
    /// Numbers (in this report) of warnings the previous report did not have.
    public var newIssueNumbers: [Int]
    /// Warnings of the previous report gone from this one.
    public var resolved: [ResolvedWarning]
    /// Numbers (in this report) of warnings the previous report had too.
    public var residualIssueNumbers: [Int]

    /// Creates a comparison.
    public init(
        previousReportName: String, newIssueNumbers: [Int], resolved: [ResolvedWarning],
        residualIssueNumbers: [Int]
    ) {
        self.previousReportName = previousReportName
        self.newIssueNumbers = newIssueNumbers
        self.resolved = resolved
        self.residualIssueNumbers = residualIssueNumbers
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
