extension HistoryCheck {
    /// The lines to print: one `warning:` per failing warning (at its mapped source location when
    /// known, with its WCAG criterion and the criterion's "Understanding" page), one `note:` per warning
    /// paired with an earlier one by key, geometry or image, then one per stale baseline entry (`error:`
    /// with `strictBaseline`, else `note:`).
    public var diagnostics: [XcodeDiagnostic] {
        var lines = failing.map { verdict -> XcodeDiagnostic in
            let issue = verdict.issue
            var message = "\(issue.testType.displayName): \(issue.title)"
            if let text = issue.elementText, !text.isEmpty { message += " \u{2018}\(text)\u{2019}" }
            message += " in \(verdict.place) (issue \(issue.number) of \(entry.fileName)"
            message += failOn == .new ? ", new" : ""
            message += ")"
            if let guidance = GuidanceReference(issue) {
                message += " [\(guidance.label): \(guidance.understandingURL)]"
            }
            message += " [fingerprint \(issue.fingerprint.hex)]"
            return XcodeDiagnostic(location: issue.location, severity: .warning, message: message)
        }
        for verdict in judged.verdicts where (verdict.continues?.stage ?? .fingerprint) != .fingerprint {
            lines.append(
                XcodeDiagnostic(
                    location: verdict.issue.location, severity: .note, message: HistoryCheck.pairNote(verdict)))
        }
        for stale in staleBaseline {
            var message = "accepted warning \(stale.fingerprint.hex) no longer appears in \(entry.fileName)"
            if let text = stale.elementText, !text.isEmpty { message += " (\u{2018}\(text)\u{2019})" }
            message += ", which audited its screen; prune it from the baseline"
            lines.append(XcodeDiagnostic(location: nil, severity: strictBaseline ? .error : .note, message: message))
        }
        return lines
    }
}
