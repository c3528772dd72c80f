import AuditKit

extension History {
    /// `entry` judged against the reports of this history audited before it, as `audit` judges it.
    public func judged(_ entry: HistoryEntry, translations: StringTranslations = .none, baseline: Baseline? = nil)
        -> ReportJudgement
    {
        HistoryJudgement.judging(entry, in: self, baseline: baseline, translations: translations).latestReport!
    }
}

extension ReportJudgement {
    /// `new` judged against `old` alone.
    public static func of(old: HistoryEntry, new: HistoryEntry, baseline: Baseline? = nil) -> ReportJudgement {
        HistoryJudgement(entries: [old, new], baseline: baseline).report(sha256: new.sha256)!
    }
}
