import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The warnings a long history keeps standing without re-auditing them (a CI pipeline's screenshot-less
/// audits, one a day): kept once per screen and shared between the audits' judgements, they are the
/// same warnings with the same facts however long they stand and however they are read.
@Suite struct StandingWarningsTests {
    /// Day `day`'s audit of the checkout screen, without a screenshot: ten warnings every day, and the
    /// day's offer (`offer`, else the day's own), each at its own place.
    static func audit(day: Int, offer: Int? = nil) throws -> HistoryEntry {
        let shown = offer ?? day
        var issues = (0..<10).map { item in
            ReportFixture.Issue(
                errorCode: 1, shortTitle: "Contrast failed", elementText: "Item \(Self.name(item))",
                testTypeName: "Contrast", rect: Rect(x: 20, y: 100 + Double(item) * 40, width: 200, height: 22))
        }
        issues.append(
            ReportFixture.Issue(
                errorCode: 3, shortTitle: "Hit area is too small", elementText: "Offer \(Self.name(shown))",
                testTypeName: "Hit Region",
                rect: Rect(x: 20 + Double(shown % 7) * 40, y: 560 + Double(shown / 7) * 30, width: 30, height: 20)))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd_HH-mm-ss"
        // The day in the screen's name: two days that flag the same warnings are two reports.
        let fixture = ReportFixture(screens: [.init(name: "\(day)", groupName: "Checkout", issues: issues)])
        let path = "Reports/AuditReport_\(formatter.string(from: AuditSeries.date(day))).json"
        let report = try ReportReader.read(
            buffer: ByteBuffer(copying: fixture.payload(style: .minified, seed: nil)), path: path)
        return HistoryEntry(report: report)
    }

    /// Two letters for `number` (`AA`, `AB`, ...): names that differ in more than a number, so no two
    /// offers are taken for one element whose value changed.
    static func name(_ number: Int) -> String {
        String(UnicodeScalar(UInt8(65 + number / 26))) + String(UnicodeScalar(UInt8(65 + number % 26)))
    }

    @Test func aWarningBackAfterWeeksContinuesTheOneStandingSinceItsFirstAudit() throws {
        // Forty days of offers, each shown one day; on day 40 the offer of day 3 is back where it was.
        var entries = try (0..<40).map { try Self.audit(day: $0) }
        entries.append(try Self.audit(day: 40, offer: 3))
        let walked = HistoryJudgement(entries: entries)
        var added = HistoryJudgement(entries: [])
        for entry in entries { added.add(entry) }

        let last = try #require(walked.latestReport)
        let back = try #require(last.verdicts.first { $0.issue.elementText == "Offer AD" })
        #expect(back.change == .residual)
        #expect(back.continues?.audit.sha256 == entries[3].sha256)
        #expect(back.since.sha256 == entries[3].sha256)
        #expect(last.newWarnings.isEmpty && last.resolved.isEmpty)
        // The other 39 offers stand, not re-audited: each once, each as the audit that flagged it judged it.
        let standing = last.notReaudited
        #expect(standing.count == 39)
        #expect(Set(standing.map(\.issue.elementText)).count == 39)
        #expect(!standing.contains { $0.issue.elementText == "Offer AD" })
        #expect(
            standing.allSatisfy { verdict in
                entries.contains { $0.sha256 == verdict.audit.sha256 && $0.issues.contains(verdict.issue) }
            })
        #expect(last.notReauditedOpenCount == 39 && last.counts?.notReaudited == 39)
        // Day 39 stood 39 offers too: those of days 0 to 38.
        let dayBefore = try #require(walked.report(sha256: entries[39].sha256))
        #expect(Set(dayBefore.notReaudited.map(\.issue.elementText)) == Set((0..<39).map { "Offer \(Self.name($0))" }))

        // Judged in one walk or audit by audit, every audit states the same.
        #expect(walked.reports.count == added.reports.count)
        for (a, b) in zip(walked.reports, added.reports) {
            #expect(a.verdicts == b.verdicts)
            #expect(a.resolved == b.resolved)
            #expect(a.notReaudited == b.notReaudited)
        }
        // The trend counts what stands: ten items and every offer so far on each day.
        let trend = Trend(judgement: walked, by: .type)
        #expect(trend.columns.map(\.openCount) == (0..<40).map { 11 + $0 } + [50])
        #expect(trend.notReaudited.count == 39 && trend.residual.count == 11)
    }

    /// A damaged history's coordinates (1e300, infinity) are judged, never trapped on: such a warning
    /// stands where no cell of the standing warnings' grid can hold it, and is still looked at.
    @Test func warningsFarOutsideAnyScreenAreJudgedWithoutTrapping() throws {
        var entries = try (0..<4).map { try Self.audit(day: $0) }
        for day in entries.indices {
            let offer = entries[day].issues.count - 1
            entries[day].issues[offer].rect = Rect(
                x: day.isMultiple(of: 2) ? 1e300 : -.infinity, y: 1e300, width: 30, height: 20)
        }
        let judgement = HistoryJudgement(entries: entries)
        let last = try #require(judgement.latestReport)
        // Each day's offer stands from its day on, unseen by the next screenshot-less audit.
        #expect(last.notReaudited.count == 3)
        #expect(last.verdicts.count == 11)
    }
}
