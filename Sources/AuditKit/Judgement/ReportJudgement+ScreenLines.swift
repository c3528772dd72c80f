extension ReportJudgement {
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
