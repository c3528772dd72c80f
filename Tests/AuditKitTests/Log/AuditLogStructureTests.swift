import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Hand-kept logs that quote Markdown: headings and session numbers come from the document's block
/// structure (fenced and indented code, HTML blocks, list items), never from a line that only looks
/// like a heading; line endings follow the lines around the insertion; numbers of any length.
@Suite struct AuditLogStructureTests {
    let session = "### Session 13\n- Date: 2026-11-23\n"

    /// A log whose real section has session 12 and ends before `## Views`, with `quote` before it.
    func log(quoting quote: String) -> String {
        "# Audit\n\n" + quote + "\n## Audit Log\n\n### Session 12\n- Date: 2026-11-20\n\n## Views\n- Status:\n"
    }

    func expectSessionGoesInTheRealSection(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let document = AuditLogDocument(bytes: Array(text.utf8))
        #expect(document.sessionNumbers == [12], sourceLocation: sourceLocation)
        #expect(try document.nextSessionNumber(path: "audit.md") == 13, sourceLocation: sourceLocation)
        let result = document.inserting(session: session)
        let out = String(decoding: result.bytes, as: UTF8.self)
        #expect(
            out.hasSuffix("### Session 12\n- Date: 2026-11-20\n\n" + session + "\n## Views\n- Status:\n"),
            sourceLocation: sourceLocation)
        #expect(result.createdSection == false, sourceLocation: sourceLocation)
    }

    @Test func aHeadingQuotedInABacktickFenceIsNotTheSection() throws {
        try expectSessionGoesInTheRealSection(log(quoting: "```markdown\n## Audit Log\n\n### Session 99\n```\n"))
    }

    @Test func aHeadingQuotedInATildeFenceIsNotTheSection() throws {
        try expectSessionGoesInTheRealSection(log(quoting: "~~~\n## Audit Log\n### Session 99\n~~~\n"))
    }

    @Test func aLongerFenceHoldsAShorterOneAndWhatFollowsIt() throws {
        // The inner ``` neither closes the ```` fence nor opens one; the ```` line does close it.
        let quote = "````markdown\n```\n## Audit Log\n```\n### Session 99\n````\n"
        try expectSessionGoesInTheRealSection(log(quoting: quote))
    }

    @Test func aTildeFenceIsNotClosedByBackticksNorByAShorterTildeRun() throws {
        let quote = "~~~~\n```\n~~~\n## Audit Log\n### Session 99\n~~~~~\n"
        try expectSessionGoesInTheRealSection(log(quoting: quote))
    }

    @Test func aHeadingInsideAnHTMLCommentIsNotTheSection() throws {
        try expectSessionGoesInTheRealSection(log(quoting: "<!--\n## Audit Log\n\n### Session 99\n-->\n"))
        try expectSessionGoesInTheRealSection(
            log(quoting: "Text before.\n<!-- old log:\n## Audit Log\n### Session 99 -->"))
    }

    @Test func aHeadingInsideAnHTMLBlockIsNotTheSection() throws {
        try expectSessionGoesInTheRealSection(log(quoting: "<details>\n## Audit Log\n### Session 99\n</details>\n"))
        try expectSessionGoesInTheRealSection(log(quoting: "<pre>\n\n## Audit Log\n\n### Session 99\n</pre>\n"))
    }

    @Test func aHeadingInsideAListItemIsNotASection() throws {
        try expectSessionGoesInTheRealSection(
            log(quoting: "- quoted from the old log:\n\n  ## Audit Log\n  ### Session 99\n"))
    }

    @Test func indentedCodeNeitherOpensAFenceNorHoldsAHeading() throws {
        try expectSessionGoesInTheRealSection(log(quoting: "Example:\n\n    ```\n    ### Session 99\n"))
    }

    @Test func aSetextUnderlinedTitleEndsTheSection() throws {
        let text = "## Audit Log\n\n### Session 4\n- Date:\n\nViews\n-----\n- Status:\n"
        let document = AuditLogDocument(bytes: Array(text.utf8))
        let section = try #require(document.auditLogSection)
        #expect(section.upperBound == text.utf8.count - "Views\n-----\n- Status:\n".utf8.count)
        let setext = "Audit Log\n=========\n\n### Session 4\n\nAudit Log\n---------\n\n### Session 5\n"
        #expect(AuditLogDocument(bytes: Array(setext.utf8)).sessionNumbers == [5])
    }

    @Test func anHTMLCommentThatNeverClosesIsTakenForATypo() throws {
        let text = "<!-- draft\n\n## Audit Log\n\n### Session 2\n"
        let document = AuditLogDocument(bytes: Array(text.utf8))
        #expect(document.sessionNumbers == [2])
    }

    // MARK: - Line endings

    @Test func writesTheLineEndingOfTheLinesAroundTheInsertion() {
        // The first line ends in LF, every other line in CRLF.
        let text = "# Audit\n\r\n## Audit Log\r\n\r\n### Session 1\r\n- Date:\r\n\r\n## Views\r\n- Status:\r\n"
        let document = AuditLogDocument(bytes: Array(text.utf8))
        #expect(document.lineEnding == [0x0D, 0x0A])
        let result = document.inserting(session: "### Session 2\n- Date:\n")
        let inserted = Array(result.bytes[result.inserted])
        #expect(inserted == Array("### Session 2\r\n- Date:\r\n\r\n".utf8))
        var removed = result.bytes
        removed.removeSubrange(result.inserted)
        #expect(removed == Array(text.utf8))
    }

    @Test func writesLFInAnLFLogWhoseFirstLineEndsInCRLF() {
        let text = "# Audit\r\n\n## Audit Log\n\n### Session 1\n- Date:\n"
        let result = AuditLogDocument(bytes: Array(text.utf8)).inserting(session: "### Session 2\n- Date:\n")
        #expect(Array(result.bytes[result.inserted]) == Array("\n### Session 2\n- Date:\n".utf8))
    }

    // MARK: - Session numbers

    @Test func readsSessionNumbersOfAnyLength() throws {
        let text = "## Audit Log\n\n### Session 999999999\n\n### Session 0000000000007\n"
        let document = AuditLogDocument(bytes: Array(text.utf8))
        #expect(document.sessionNumbers == [999_999_999, 7])
        #expect(try document.nextSessionNumber(path: "audit.md") == 1_000_000_000)
        let once = document.inserting(session: "### Session 1000000000\n")
        #expect(try AuditLogDocument(bytes: once.bytes).nextSessionNumber(path: "audit.md") == 1_000_000_001)
    }

    @Test func refusesASessionNumberTooLargeToCountOnFrom() throws {
        for number in ["9223372036854775807", "123456789012345678901234567890"] {
            let text = "# Audit\n## Audit Log\n\n### Session 3\n\n### Session \(number)\n"
            let document = AuditLogDocument(bytes: Array(text.utf8))
            let error = try #require(throws: AuditError.self) { try document.nextSessionNumber(path: "audit.md") }
            #expect(error.code == .badInput)
            #expect(error.location == InputLocation(path: "audit.md", line: 6, column: 13))
            #expect(error.description.contains("too large"), "\(error)")
        }
    }

    @Test func theWriterRefusesATooLargeSessionNumberAndLeavesTheLogAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        let text = "## Audit Log\n\n### Session 99999999999999999999\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: log))
        let facts = SessionFacts(report: SampleReports.first(), logPath: log, date: "2026-11-23")
        #expect(throws: AuditError.self) { try AuditLogWriter().append(facts, to: log) }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == text)
    }
}
