extension ReportJudgement {
    /// What every output says of an audit no earlier audit of its screens precedes (`hasEarlierAudit` is
    /// false), in the same words: `ingest`, `check`, `diff`, the session and the report's page.
    public static let firstAuditPhrase = "no earlier audit of its screens"

    /// Which earlier audit each screen was compared with and why, then the screens it did not cover:
    /// one line each, untrusted text escaped, as `diff`, the session and the report's page state them.
    public var screenLines: [String] {
        var lines = screens.map { "Screen: " + PrintableText.escaped($0.sentence) }
        if !notCovered.isEmpty {
            lines.append(
                "Not covered: " + notCovered.map { PrintableText.escaped($0.sentence) }.joined(separator: ", "))
        }
        return lines
    }
}
