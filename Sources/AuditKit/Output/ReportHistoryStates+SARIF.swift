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
}
