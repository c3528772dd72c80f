extension ReportJudgement {
    /// Every warning open as of this audit: its own open warnings and those of earlier audits it did not
    /// re-audit (their screens not covered, their elements not shown), each fingerprint once, in that
    /// order. For the latest audit, what stands in the whole app (`accept --all` accepts these).
    public var standingOpen: [WarningVerdict] {
        var seen = Set<IssueFingerprint>()
        return (open + notReauditedWarnings).filter { seen.insert($0.issue.fingerprint).inserted }
    }
}
