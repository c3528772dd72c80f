import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

@Suite struct ReportDiffTests {
    typealias D = HistoryTestData

    @Test func splitsNewResolvedAndResidualWithNumbersInEachReport() throws {
        let old = D.entry(
            [D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit"), D.spec(.hitRegion, nil)], day: 0)
        let new = D.entry(
            [D.spec(.clippedText, "Next"), D.spec(.dynamicType, "Widgets"), D.spec(.hitRegion, nil)], day: 1)
        let diff = ReportDiff(old: old, new: new)
        #expect(diff.new.map(\.newNumber) == [1])
        #expect(diff.new.map(\.oldNumber) == [nil])
        #expect(diff.resolved.map(\.oldNumber) == [2])
        #expect(diff.resolved.first?.issue.elementText == "Edit")
        #expect(diff.residual.map(\.oldNumber) == [1, 3])
        #expect(diff.residual.map(\.newNumber) == [2, 3])

        let judged = ReportJudgement.of(old: old, new: new)
        let text = try HistoryOutput.render(judged, format: .text)
        #expect(text.contains("1 new, 1 resolved, 2 residual"))
        #expect(text.contains("#1 \u{2192} #2"))
        let markdown = try HistoryOutput.render(judged, format: .markdown)
        #expect(markdown.contains("### Resolved (1)"))
        #expect(markdown.contains("| 2 |  | Contrast |"))
        let json = try HistoryOutput.render(judged, format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let counts = try #require(object["counts"] as? [String: Int])
        #expect(counts["new"] == 1 && counts["resolved"] == 1 && counts["residual"] == 2)
        #expect((object["resolved"] as? [[String: Any]])?.first?["oldNumber"] as? Int == 2)
    }

    @Test func diffsReportsDirectly() {
        let old = D.report([D.spec(.dynamicType, "Widgets")], date: D.date(0))
        let new = D.report([D.spec(.dynamicType, "widgets "), D.spec(.dynamicType, "Widgets")], date: D.date(1))
        let diff = ReportDiff(old: old, new: new)
        #expect(diff.residual.count == 1)
        #expect(diff.new.count == 1)
        #expect(diff.resolved.isEmpty)
    }
}

@Suite struct TrendTests {
    typealias D = HistoryTestData

    func threeReports() -> [HistoryEntry] {
        let widgets = D.spec(.dynamicType, "Widgets")
        let edit = D.spec(.contrast, "Edit")
        let budget = D.spec(.dynamicType, "January 2026", group: "Budgets")
        let system = IssueMapping(issueNumber: 3, origin: .rule, status: .system)
        return [
            D.entry([widgets, edit, D.spec(.contrast, "9:41")], day: 0, mappings: [system]),
            D.entry([edit, widgets, budget], day: 1),
            D.entry(
                [budget, widgets], day: 2, mappings: [IssueMapping(issueNumber: 2, origin: .rule, view: "HomeView")]),
        ]
    }

    @Test func countsOpenWarningsPerTypeAndReport() {
        let trend = Trend(entries: threeReports().reversed(), by: .type)
        #expect(trend.columns.map(\.auditDate) == [D.date(0), D.date(1), D.date(2)])
        #expect(trend.columns.map(\.openCount) == [2, 3, 2])
        #expect(trend.rows.map(\.name) == ["Contrast", "Dynamic Type"])
        #expect(trend.rows[0].counts == [1, 1, 0])
        #expect(trend.rows[1].counts == [1, 2, 2])
    }

    @Test func rowsByTypeComeInTheOrderEveryOutputListsTypesIn() {
        // Issue 40: `trend --by type` sorted its rows by name (Clipped Text, Contrast, Dynamic Type, Hit
        // Region) where the session, the summary and the pages list Contrast, Hit Region, Dynamic Type, ….
        let entry = D.entry(
            [
                D.spec(.clippedText, "Caption"), D.spec(.dynamicType, "Title"), D.spec(.hitRegion, "Close"),
                D.spec(.contrast, "Edit"),
            ], day: 0)
        let trend = Trend(entries: [entry], by: .type)
        #expect(
            trend.rows.map(\.name)
                == TestType.ordered([.clippedText, .dynamicType, .hitRegion, .contrast]).map(\.displayName))
        #expect(trend.rows.map(\.name).first == "Contrast")
    }

    @Test func countsPerViewFallBackToTheScreenTheWarningWasJudgedOn() {
        let trend = Trend(entries: threeReports(), by: .view)
        // Home is the only group name of the first report, so it tells nothing: the screen is known by its
        // place in that report until a warning maps it to its root view; Budgets is named where two are.
        let home = "screen 1 of " + threeReports()[0].fileName
        #expect(trend.rows.map(\.name) == ["Budgets", "HomeView", home])
        #expect(trend.rows.first { $0.name == home }?.counts == [2, 2, 0])
        #expect(trend.rows.first { $0.name == "HomeView" }?.counts == [0, 0, 1])
    }

    @Test func residualWarningsKnowWhenTheyWereFirstSeen() {
        let entries = threeReports()
        // Day 2 maps "Widgets" to a view: the view is not part of the fingerprint, so it stays the same
        // warning, residual since day 0; "January 2026" since day 1.
        let trend = Trend(entries: entries, by: .type)
        #expect(trend.residual.map(\.issue.elementText) == ["Widgets", "January 2026"])
        #expect(trend.residual.map(\.firstSeen) == [D.date(0), D.date(1)])
        #expect(trend.residual.map(\.reportCount) == [3, 2])
        #expect(trend.notReaudited.isEmpty)

        let renamed = [
            entries[0], entries[1],
            D.entry(
                [
                    D.spec(.dynamicType, "January 2027", group: "Budgets"),
                    D.spec(.dynamicType, "Widgets 2"),
                ], day: 2),
        ]
        let second = Trend(entries: renamed, by: .type)
        // The amount in a label is not part of the fingerprint; a new word is.
        #expect(second.residual.map(\.issue.elementText) == ["January 2027"])
        #expect(second.residual.first?.firstSeen == D.date(1))
    }

    @Test func baselineRemovesAcceptedWarningsFromOpenCounts() throws {
        let entries = threeReports()
        let widgets = entries[0].issues[0].fingerprint
        let baseline = try Baseline().accepting([widgets], reason: "Inspector noise", on: D.date(0))
        let trend = Trend(entries: entries, by: .type, baseline: baseline)
        // Mapping "Widgets" to a view on day 2 keeps its fingerprint, so the baseline still accepts it.
        #expect(trend.columns.map(\.openCount) == [1, 2, 1])
    }

    /// A judgement's trend is the trend of its audits as they are: made once, and again once an audit is added.
    @Test func aJudgementsTrendFollowsItsAudits() {
        let entries = threeReports()
        var judgement = HistoryJudgement(entries: Array(entries.dropLast()))
        let copy = judgement
        for grouping in TrendGrouping.allCases {
            #expect(judgement.trend(by: grouping) == Trend(judgement: judgement, by: grouping))
            #expect(judgement.trend(by: grouping).columns.count == 2)
        }
        _ = judgement.add(entries[2])
        for grouping in TrendGrouping.allCases {
            #expect(judgement.trend(by: grouping) == Trend(entries: entries, by: grouping))
            #expect(judgement.trend(by: grouping).columns.count == 3)
            #expect(copy.trend(by: grouping).columns.count == 2)
        }
    }

    /// Both groupings asked for at once, as the record asks for them (ThreadSanitizer runs this): each is
    /// made once, and each is the trend made alone.
    @Test func bothTrendsMadeAtOnceAreTheTrendsMadeAlone() {
        let entries = threeReports()
        let alone = TrendGrouping.allCases.map { Trend(entries: entries, by: $0) }
        for _ in 0..<20 {
            let judgement = HistoryJudgement(entries: entries)
            let groupings = TrendGrouping.allCases + TrendGrouping.allCases
            let made = ParallelWork.map(groupings, parallel: true) { _, grouping in judgement.trend(by: grouping) }
            #expect(made == alone + alone)
        }
    }

    @Test func rendersTextAndMarkdownTables() throws {
        let trend = Trend(entries: threeReports(), by: .type)
        let text = try HistoryOutput.render(trend, format: .text)
        #expect(text.contains("Type          2026-01-01 12:00  2026-01-02 12:00  2026-01-03 12:00"))
        #expect(text.contains("Dynamic Type                 1                 2                 2"))
        #expect(text.contains("Residual warnings in"))
        let markdown = try HistoryOutput.render(trend, format: .markdown)
        #expect(markdown.contains("| Dynamic Type | 1 | 2 | 2 |"))
        #expect(markdown.contains("| **Total** | **2** | **3** | **2** |"))
        #expect(
            try HistoryOutput.render(Trend(entries: [], by: .view), format: .text)
                == "The history has no reports yet.\n")
    }
}

extension JSONDecoder {
    static func iso8601() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
