import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Rule regexes with a time limit (issue 29, item 6): a pattern that backtracks without end is
/// abandoned, counts as not matching, is tried once per report and is named.
@Suite struct RulePatternTimeLimitTests {
    static let sentence = "This is a fairly long sentence like element text with many words in it!"

    @Test func aBacktrackingPatternIsAbandonedAfterTheTimeLimit() throws {
        let pattern = try RulePattern(#"^(\w+\s?)+$"#)
        let start = Date()
        #expect(pattern.match(Self.sentence) == .timedOut)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(pattern.match("Pay now") == .matched)
        #expect(pattern.match("Pay!") == .notMatched)
    }

    @Test func aSlowRuleIsSkippedForTheRestOfTheReportAndNamed() throws {
        let rules = try RuleFile(
            parsing: Array(
                #"""
                { "version": 1, "rules": [
                  { "id": "slow", "match": { "textMatches": "^(\\w+\\s?)+$" }, "view": "SlowView" },
                  { "id": "fallback", "match": { "testType": "contrast" }, "view": "HomeView" } ] }
                """#.utf8), path: "rules.json")
        let issues = (0..<40).map { n in
            ReportFixture.Issue(
                errorCode: 12, shortTitle: "Contrast failed", elementText: Self.sentence + " \(n)",
                testTypeName: "Contrast", rect: Rect(x: 20, y: 200, width: 120, height: 22))
        }
        let fixture = ReportFixture(screens: [ReportFixture.Screen(name: "0", groupName: "Home", issues: issues)])
        let report = try ReportReader.read(
            buffer: ByteBuffer(copying: [UInt8](fixture.data(.json))),
            path: "Reports/AuditReport_2026-01-02_11-02-25.json")
        let start = Date()
        let result = IssueMatcher(rules: rules).map(report)
        // 40 issues at a second each without the limit; one time limit with it.
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(result.ruleTimeouts.map(\.ruleID) == ["slow"])
        #expect(result.ruleTimeouts.first?.definedAt?.line == 2)
        #expect(result.issues.allSatisfy { $0.primary?.view == "HomeView" })
        #expect(result.issues[0].explanation.contains(#"rule "slow" skipped: its regular expression ran past"#))
    }
}
