/// A report mapped to its views and code, as `map` renders it: its issues, their mapping, what the
/// history says of them (SARIF's fingerprints and baseline states) and their likely causes.
public struct MappedReport: Sendable {
    /// The report.
    public var report: InspectorReport
    /// Each issue's mapping.
    public var mapping: MappingResult
    /// Fingerprints and baseline states by issue number (`ReportHistoryStates.sarifExtras`).
    public var extras: [Int: SARIFWriter.IssueExtras]
    /// Fixed font sizes near Dynamic Type issues, by issue number.
    public var likelyCauses: [Int: [LikelyCause]]

    /// A mapped report from its parts.
    public init(
        report: InspectorReport, mapping: MappingResult, extras: [Int: SARIFWriter.IssueExtras] = [:],
        likelyCauses: [Int: [LikelyCause]] = [:]
    ) {
        self.report = report
        self.mapping = mapping
        self.extras = extras
        self.likelyCauses = likelyCauses
    }
}
