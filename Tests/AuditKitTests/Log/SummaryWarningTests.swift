import Testing

@testable import AuditKit

/// `AuditSummary`: how a summary names where each warning was seen.
@Suite struct SummaryWarningTests {
    static func seen(_ count: Int) -> [AuditSummary.Occurrence] {
        (0..<count).map {
            AuditSummary.Occurrence(
                reportIndex: $0, reportName: "AuditReport_2026-01-\(10 + $0)_12-00-00.html", issueNumber: $0 + 1)
        }
    }

    /// A warning seen in a few reports names each; one seen in thousands names the first three and the
    /// last two around how many more, so a warning's line does not grow with the history.
    @Test func seenInNamesEveryReportUpToSixThenTheEnds() {
        #expect(AuditSummary.seenIn([]) == "")
        #expect(
            AuditSummary.seenIn(Self.seen(2))
                == "AuditReport_2026-01-10_12-00-00 #1, AuditReport_2026-01-11_12-00-00 #2")
        #expect(AuditSummary.seenIn(Self.seen(6)).split(separator: ",").count == 6)
        let many = AuditSummary.seenIn(Self.seen(40))
        #expect(
            many
                == "AuditReport_2026-01-10_12-00-00 #1, AuditReport_2026-01-11_12-00-00 #2, "
                + "AuditReport_2026-01-12_12-00-00 #3, … 35 more, AuditReport_2026-01-48_12-00-00 #39, "
                + "AuditReport_2026-01-49_12-00-00 #40")
    }
}
