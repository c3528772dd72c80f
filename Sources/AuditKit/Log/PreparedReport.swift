import Foundation

/// One report read, its evidence written and its issues mapped: the order-independent half of the pass.
public struct PreparedReport: Sendable {
    /// The report.
    public var report: InspectorReport
    /// The evidence files written (or, when the pass writes none, found on disk).
    public var evidence: EvidenceFiles
    /// How many image files were new or changed; nil when the pass wrote no evidence.
    public var imagesWritten: Int?
    /// The mapping, when a mapper was configured.
    public var mapping: MappingResult?
    /// What to tell the user about the report and its pictures, each problem once.
    public var problems: [AuditProblem]

    /// The report as the history records it, with the views and statuses its mapping concludes, so
    /// accepted/system statuses agree with `map`'s, and with the keys and literals the mapper's
    /// sources give (see `HistoryEntry.init(report:mappings:sources:)`).
    public var historyEntry: HistoryEntry
    /// Fixed font sizes near the lines its Dynamic Type warnings map to, by issue number, when the
    /// sources were scanned.
    public var likelyCauses: [Int: [LikelyCause]] = [:]

    /// Every likely cause once, in issue order (the session lists them).
    public var distinctLikelyCauses: [LikelyCause] { distinctLikelyCauses(judged: nil) }

    /// Every likely cause of a warning still open once, in issue order: a warning `judged` finds accepted
    /// (by the baseline or a rule), on system UI or a repeat asks for no fix, so none of its causes is
    /// named. Without a judgement, every cause (the mapping already leaves out those the rules accept).
    public func distinctLikelyCauses(judged: ReportJudgement?) -> [LikelyCause] {
        let verdicts = judged?.verdictsByNumber ?? [:]
        var seen = Set<LikelyCause>()
        var causes: [LikelyCause] = []
        for number in likelyCauses.keys.sorted() {
            if let verdict = verdicts[number], !verdict.status.isOpen { continue }
            for cause in likelyCauses[number]! where seen.insert(cause).inserted { causes.append(cause) }
        }
        return causes
    }
}

/// Something the pass noticed that the user should see, e.g. a damaged thumbnail.
public struct AuditProblem: Sendable, Hashable {
    /// The file it is about.
    public var path: String
    /// What is wrong.
    public var message: String
}
