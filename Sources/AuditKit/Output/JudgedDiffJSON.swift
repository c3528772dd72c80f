import Foundation

/// `diff --format json`: a judged comparison as the JSON contract documents it (`JSONOutput.md`).
struct JudgedDiffJSON: Encodable {
    /// One warning of the comparison.
    struct Warning: Encodable {
        var warning: String
        var fingerprint: IssueFingerprint
        var oldNumber: Int?
        var newNumber: Int?
        var report: String
        var issue: HistoryIssue
        var status: String
        var change: WarningChange?
        var matchedBy: MatchStage?
        var oldText: String?
        var oldFingerprint: IssueFingerprint?
        var since: Date
        var firstSeen: Date
        var guidance: GuidanceReference?

        init(_ verdict: WarningVerdict, earlier: Bool) {
            warning = verdict.warning
            fingerprint = verdict.issue.fingerprint
            oldNumber = earlier ? verdict.number : verdict.continues?.number
            newNumber = earlier ? nil : verdict.number
            report = verdict.audit.fileName
            issue = verdict.issue
            status = verdict.status.description
            change = earlier ? nil : verdict.change
            matchedBy = earlier ? nil : verdict.continues?.stage
            if let continues = verdict.continues, !earlier {
                oldText = continues.text == verdict.issue.elementText ? nil : (continues.text ?? "")
                oldFingerprint = continues.fingerprint == verdict.issue.fingerprint ? nil : continues.fingerprint
            }
            since = verdict.since.auditDate
            firstSeen = verdict.firstSeen.auditDate
            guidance = GuidanceReference(verdict.issue)
        }
    }

    var oldFileName: String?
    var oldAuditDate: Date?
    var newFileName: String
    var newAuditDate: Date
    var counts: ChangeCounts?
    var screens: [ReportDiff.ScreenBase]
    var new: [Warning]
    var resolved: [Warning]
    var residual: [Warning]
    var notReaudited: [Warning]
    var notCounted: [Warning]
    var repeatedNumbers: [Int]

    init(_ judged: ReportJudgement) {
        oldFileName = judged.oldFileName
        oldAuditDate = judged.oldFileName == nil ? nil : (judged.oldAuditDate ?? judged.entry.auditDate)
        newFileName = judged.entry.fileName
        newAuditDate = judged.entry.auditDate
        counts = judged.counts
        screens = judged.hasEarlierAudit ? judged.comparedScreens : []
        new = judged.newWarnings.map { Warning($0, earlier: false) }
        resolved = judged.resolvedWarnings.map { Warning($0, earlier: true) }
        residual = judged.residualWarnings.map { Warning($0, earlier: false) }
        notReaudited = judged.notReauditedWarnings.map { Warning($0, earlier: true) }
        notCounted = judged.judgedWarnings.map { Warning($0, earlier: false) }
        repeatedNumbers = judged.verdicts.filter { $0.status.kind == .repeat }.map(\.number)
    }
}
