import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A team that adopts AuditKit with the log it already keeps: a report its own sessions name gets no
/// second session, and its `## Sources` list names each report logged.
@Suite struct AdoptedLogTests {
    /// A hand-written log shaped like a real team's: an intro, a `## Sources` list mixing documents and
    /// reports, sessions with empty dates, a session number used twice, reports named in a Scope line
    /// and in a first note, no AuditKit marker anywhere, then sections of the team's own.
    static let handWrittenLog = """
        # Accessibility Audit

        This file tracks accessibility findings and fixes view-by-view.

        ## Sources
        - /Documentation/AccessibilityGuidelines.md
        - Reports/AuditReport_2026-01-02_11-02-25.html

        ## Audit Log

        ### Session 1
        - Date:
        - Scope:
        - Notes:
          - Parsed Accessibility Inspector HTML report for HomeView and extracted per-issue metadata.

        ### Session 4
        - Date:
        - Scope: Expense import menus (button shapes)
        - Notes:
          - Fix: apply `.buttonStyle(.plain)` to Menu labels.

        ### Session 4
        - Date: 2026-01-03
        - Scope: HomeView layout refactor
        - Notes:
          - Extracted the index sheet of AuditReport_2026-01-02_11-02-25.html.
          - Mentions AuditReport_2026-01-04_09-00-00.html only deep in the notes, which is no heading line.

        ### Session 6
        - Date: 2026-01-03
        - Scope: BudgetsView (AuditReport_2026-01-03_09-00-00.json)
        - Notes:
          - Mapped 3 Dynamic Type warnings to section headers.

        ## Patterns and Heuristics
        - Fixed frames near text are the usual Dynamic Type culprit.

        ## Views

        ### HomeView
        - Contrast on widget titles.

        """

    @Test func reportsTheTeamsSessionsNameAreNotLoggedAgainAndTheSourcesListGrows() throws {
        let project = try IngestCommandTests.makeProject()
        defer { project.remove() }
        try Self.handWrittenLog.write(toFile: project.file("audit.md"), atomically: true, encoding: .utf8)
        let result = try runTool(["ingest", "Reports"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        // Named in Session 6's Scope line and in the second Session 4's first note.
        #expect(
            result.stdout.contains(
                "AuditReport_2026-01-03_09-00-00.json is in Session 6 of audit.md, written by hand; "
                    + "not logged again (--force logs it)."), "\(result.stdout)")
        #expect(
            result.stdout.contains("AuditReport_2026-01-02_11-02-25.html is in Session 4 of audit.md, written by hand"))
        // Named nowhere in a heading line: logged, numbered after the team's highest.
        #expect(result.stdout.contains("Logged session 7 in audit.md."), "\(result.stdout)")

        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(log.components(separatedBy: "<!-- auditkit:report").count == 2, "one session added: \(log)")
        #expect(
            log.contains(
                "## Sources\n- /Documentation/AccessibilityGuidelines.md\n- Reports/AuditReport_2026-01-02_11-02-25.html\n"
                    + "- Reports/AuditReport_2026-01-04_09-00-00.html\n\n## Audit Log"), "\(log)")
        // Every byte the team wrote is still there, in order, around what was added.
        let session7 = try #require(log.range(of: "### Session 7"))
        let added = log[session7.lowerBound...].range(of: "## Patterns and Heuristics")!.lowerBound
        let withoutAdditions =
            String(log[..<session7.lowerBound]).replacingOccurrences(
                of: "- Reports/AuditReport_2026-01-04_09-00-00.html\n", with: "") + String(log[added...])
        #expect(withoutAdditions == Self.handWrittenLog)

        // A second run adds nothing.
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        #expect(try String(contentsOfFile: project.file("audit.md"), encoding: .utf8) == log)
        // --force logs a report the team's session names.
        let forced = try runTool(["log", "Reports/AuditReport_2026-01-03_09-00-00.json", "--force"], in: project.path)
        #expect(forced.stdout.contains("as session 8"), "\(forced.stdout)")
    }

    @Test func aHandWrittenSessionIsFoundByItsHeadingLinesOnly() {
        let document = AuditLogDocument(bytes: Array(Self.handWrittenLog.utf8))
        #expect(document.handWrittenSession(naming: "AuditReport_2026-01-03_09-00-00.json") == 6)
        #expect(document.handWrittenSession(naming: "AuditReport_2026-01-02_11-02-25.html") == 4)
        #expect(document.handWrittenSession(naming: "AuditReport_2026-01-04_09-00-00.html") == nil)
        // A Sources list without the report gets it; one that names it, or a section of text without a
        // list, is left alone; an empty section (the log `init` writes) gets its first item.
        let added = document.addingSource("Reports/New.html", fileName: "New.html")
        #expect(
            added.map { String(decoding: $0, as: UTF8.self) }?.contains(".html\n- Reports/New.html\n\n## Audit") == true
        )
        #expect(
            document.addingSource(
                "Reports/AuditReport_2026-01-02_11-02-25.html", fileName: "AuditReport_2026-01-02_11-02-25.html") == nil
        )
        #expect(
            AuditLogDocument(bytes: Array("## Sources\nSee the guidelines.\n\n## Audit Log\n".utf8)).addingSource(
                "a.html", fileName: "a.html") == nil)
        #expect(
            AuditLogDocument(bytes: Array("## Sources\n\n## Audit Log\n".utf8)).addingSource(
                "Reports/a.html", fileName: "a.html"
            ).map { String(decoding: $0, as: UTF8.self) }
                == "## Sources\n- `Reports/a.html`\n\n## Audit Log\n")
        #expect(
            AuditLogDocument(bytes: Array("## Sources\r\n\r\n## Audit Log\r\n".utf8)).addingSource(
                "a.html", fileName: "a.html"
            ).map { String(decoding: $0, as: UTF8.self) }
                == "## Sources\r\n- `a.html`\r\n\r\n## Audit Log\r\n")
        // CRLF lines get a CRLF item.
        let crlf = AuditLogDocument(bytes: Array("## Sources\r\n- a.html\r\n\r\n## Audit Log\r\n".utf8))
        #expect(
            crlf.addingSource("b.html", fileName: "b.html").map { String(decoding: $0, as: UTF8.self) }
                == "## Sources\r\n- a.html\r\n- b.html\r\n\r\n## Audit Log\r\n")
        // A list in code spans (as a log AuditKit created names its first report) stays in code spans.
        let coded = AuditLogDocument(bytes: Array("## Sources\n- `Reports/a.html`\n\n## Audit Log\n".utf8))
        #expect(
            coded.addingSource("Reports/b.html", fileName: "b.html").map { String(decoding: $0, as: UTF8.self) }
                == "## Sources\n- `Reports/a.html`\n- `Reports/b.html`\n\n## Audit Log\n")
    }
}
