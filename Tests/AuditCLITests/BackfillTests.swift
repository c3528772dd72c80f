import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A report ingested late (audited before reports the history has): the later audits' sessions and
/// pages state the comparison `diff` states, not the one they were written with; a session people
/// edited is left as it is and named with the command that would tell it again.
@Suite struct BackfillTests {
    static func screen(_ texts: [String]) -> AppScreen {
        AppScreen(
            "Budgets",
            texts.enumerated().map { index, text in
                ScreenNameCommandTests.label(text.lowercased(), text, y: 200 + Double(index) * 60)
            })
    }

    /// Days 0 and 2 ingested, then day 1: day 2's comparison changes from day 0's (1 new, 1 resolved,
    /// 2 residual) to day 1's (0 new, 1 resolved, 3 residual).
    static func series() throws -> (AuditSeries, [AuditedReport]) {
        let series = try AuditSeries()
        let first = try series.audit(day: 0, [screen(["Rent", "Transport", "Groceries"])])
        let late = try series.audit(day: 1, [screen(["Rent", "Transport", "Groceries", "Savings"])])
        let last = try series.audit(day: 2, [screen(["Rent", "Transport", "Savings"])])
        try FileManager.default.removeItem(atPath: late.path)
        return (series, [first, late, last])
    }

    /// The series ingested in a project made by `init` (days 0 and 2), and its log's path.
    static func ingested() throws -> (AuditSeries, [AuditedReport], log: String) {
        let (series, reports) = try series()
        let directory = series.directory.path
        #expect(try runTool(["init"], in: directory).status == 0)
        #expect(try runTool(["ingest"], in: directory).status == 0)
        return (series, reports, series.directory.file("audit.md"))
    }

    @Test func theLaterAuditsSessionAndPageStateWhatDiffStates() throws {
        let (series, reports, log) = try Self.ingested()
        defer { series.remove() }
        let directory = series.directory.path
        let before = try String(contentsOfFile: log, encoding: .utf8)
        let lastName = PathName.last(reports[2].path)
        let lateName = PathName.last(reports[1].path)
        #expect(before.contains("1 new, 1 resolved, 2 residual"), "\(before)")

        // The late report arrives: written again where it was (the series removed it), then ingested.
        let late = try series.audit(day: 1, [Self.screen(["Rent", "Transport", "Groceries", "Savings"])])
        #expect(PathName.last(late.path) == lateName)
        let ingest = try runTool(["ingest"], in: directory)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(
            ingest.stdout.contains(
                "Session 2 of \(lastName) told again: a report audited before it was added changed its comparison."),
            "\(ingest.stdout)")

        let diff = try runTool(["diff", lateName, lastName], in: directory)
        #expect(diff.stdout.contains("0 new, 1 resolved, 3 residual"), "\(diff.stdout)")
        #expect(diff.stderr.isEmpty, "\(diff.stderr)")
        // Against another report than the history's, the counts differ from the session's, and diff says why.
        let firstName = PathName.last(reports[0].path)
        let other = try runTool(["diff", firstName, lastName], in: directory)
        #expect(other.stdout.contains("1 new, 1 resolved, 2 residual"), "\(other.stdout)")
        #expect(
            other.stderr.contains(
                "note: \(lastName) compared with \(firstName) alone; the history compares it with \(lateName), "
                    + "as its session and page state"), "\(other.stderr)")
        let after = try String(contentsOfFile: log, encoding: .utf8)
        let session2 = try #require(
            after.components(separatedBy: "### Session 2").last?.components(separatedBy: "### Session 3").first)
        #expect(session2.contains("against `\(lateName)`: 0 new, 1 resolved, 3 residual"), "\(session2)")
        #expect(!after.contains("1 new, 1 resolved, 2 residual"))
        // Every other session kept its bytes: the first, and the late report's own (appended as Session 3);
        // the Sources list gained the late report.
        func firstSession(_ log: String) -> String? {
            log.components(separatedBy: "### Session 2").first?.components(separatedBy: "### Session 1").last
        }
        #expect(firstSession(after) == firstSession(before) && firstSession(before) != nil)
        #expect(after.contains("- `Reports/\(lateName)`\n"), "\(after.prefix(600))")
        #expect(after.contains("### Session 3"))

        // The page of the later audit states it too.
        let pages = try FileManager.default.subpathsOfDirectory(atPath: series.directory.file("Reports"))
            .filter { $0.hasSuffix(".html") }
        let page = try #require(
            pages.first {
                $0.contains(lastName.replacingOccurrences(of: ".html", with: "")) && $0.hasSuffix("index.html")
            })
        let html = try String(contentsOfFile: series.directory.file("Reports/" + page), encoding: .utf8)
        #expect(html.contains("Residual (3)") && html.contains(">1 resolved"), "\(page)")
        #expect(!html.contains("Residual (2)"))
    }

    @Test func anEditedSessionIsLeftAndNamedWithTheCommandThatRetellsIt() throws {
        let (series, reports, log) = try Self.ingested()
        defer { series.remove() }
        let directory = series.directory.path
        // The team adds a line of its own to Session 2.
        let written = try String(contentsOfFile: log, encoding: .utf8)
        let edited = written.replacingOccurrences(
            of: "### Session 2\n", with: "### Session 2\n- Fix: merged in #412.\n")
        #expect(edited != written)
        try edited.write(toFile: log, atomically: true, encoding: .utf8)

        _ = try series.audit(day: 1, [Self.screen(["Rent", "Transport", "Groceries", "Savings"])])
        let ingest = try runTool(["ingest"], in: directory)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let lastName = PathName.last(reports[2].path)
        #expect(
            ingest.stdout.contains(
                "Session 2 of \(lastName) states the comparison before a report audited before it was added; it "
                    + "differs from what AuditKit wrote (edited, or written with other options), so it is left as it is "
                    + "('auditkit log Reports/\(lastName) --update' tells it again)."),
            "\(ingest.stdout)")
        // Session 2 keeps every byte the team left in it.
        func session2(_ text: String) -> String? {
            guard var rest = text.components(separatedBy: "### Session 2").last else { return nil }
            for next in ["\n### ", "\n## "] { rest = rest.components(separatedBy: next).first ?? rest }
            return rest
        }
        let after = try String(contentsOfFile: log, encoding: .utf8)
        #expect(session2(after) != nil && session2(after) == session2(edited))
        let json = try runTool(["ingest", "--format", "json"], in: directory)
        #expect(json.status == 0)
    }
}
