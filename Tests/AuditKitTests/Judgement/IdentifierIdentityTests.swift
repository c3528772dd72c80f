import AuditKit
import Foundation
import Testing

/// An element's accessibility identifier (automated audits' `rawIdentifier`) decides its warning's
/// identity; without one, the text does, as for Inspector issues.
@Suite struct IdentifierIdentityTests {
    static func issue(text: String?, identifier: String?, group: String = "") -> ReportIssue {
        ReportIssue(
            number: 1, screenIndex: 0, screenName: "0", screenGroupName: group, shortTitle: "Contrast failed",
            elementText: text, testType: .contrast, identifier: identifier)
    }

    @Test func theSameIdentifierInAnotherLanguageHasTheSameFingerprint() {
        #expect(
            IssueFingerprint(issue: Self.issue(text: "Total", identifier: "budget.total"))
                == IssueFingerprint(issue: Self.issue(text: "Gesamt", identifier: "budget.total")))
    }

    @Test func twoIdentifiersWithOneTextAreTwoWarnings() {
        #expect(
            IssueFingerprint(issue: Self.issue(text: "Total", identifier: "budget.total"))
                != IssueFingerprint(issue: Self.issue(text: "Total", identifier: "report.total")))
    }

    @Test func withoutAnIdentifierTheTextDecidesAsBefore() {
        let plain = IssueFingerprint(issue: Self.issue(text: "Total", identifier: nil))
        #expect(plain == IssueFingerprint(testType: .contrast, errorCode: nil, elementText: "Total", screenGroup: ""))
        #expect(plain == IssueFingerprint(issue: Self.issue(text: "Total", identifier: "")))
        #expect(plain != IssueFingerprint(issue: Self.issue(text: "Total", identifier: "budget.total")))
    }

    @Test func theHistoryRecordsTheIdentifierAsTheIssuesKey() {
        let report = InspectorReport(
            sourcePath: "a.json", format: .automated, auditDate: Date(), auditDateSource: .caller, sha256: "",
            fileSize: 0,
            screens: [
                Screen(
                    index: 0, name: "0", groupName: "",
                    issues: [
                        Self.issue(text: "Total", identifier: "budget.total"), Self.issue(text: "Add", identifier: nil),
                    ])
            ])
        let entry = HistoryEntry(report: report)
        #expect(entry.issues.map(\.key) == ["id:budget.total", nil])
    }
}
