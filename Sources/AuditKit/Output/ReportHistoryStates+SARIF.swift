extension ReportHistoryStates {
    /// Each issue's fingerprint and baseline state, keyed by issue number, as `SARIFWriter` takes them.
    public var sarifExtras: [Int: SARIFWriter.IssueExtras] {
        Dictionary(
            uniqueKeysWithValues: issues.map {
                (
                    $0.issueNumber,
                    SARIFWriter.IssueExtras(
                        fingerprint: $0.fingerprint.hex, baselineState: $0.baselineState,
                        acceptedByBaseline: $0.acceptedByBaseline)
                )
            })
    }

    /// The previous report's warnings that are gone, as SARIF results with `baselineState` `absent`.
    public var sarifAbsentResults: [SARIFWriter.AbsentResult] {
        absent.map { issue in
            let text = issue.elementText.map { " \"\($0)\"" } ?? ""
            return SARIFWriter.AbsentResult(
                fingerprint: issue.fingerprint.hex, testType: issue.testType,
                message:
                    "\(issue.title)\(text) (issue \(issue.number) of \(previousFileName ?? "the previous report"), "
                    + "gone from this report)",
                location: issue.location, guidance: issue.guidance)
        }
    }
}
