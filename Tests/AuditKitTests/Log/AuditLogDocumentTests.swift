import AuditKit
import Foundation
import Testing

@Suite struct AuditLogDocumentTests {
    let session = "### Session 99\n<!-- auditkit:report sha256=00 -->\n- Date: 2026-02-05\n- Notes:\n  - inserted\n"

    @Test func findsTheAuditLogSectionAndIgnoresHeadingsInsideFences() throws {
        let document = AuditLogDocument(bytes: HandKeptLog.bytes)
        let section = try #require(document.auditLogSection)
        let heading = Array("## Audit Log".utf8)
        #expect(Array(HandKeptLog.bytes[section.lowerBound..<(section.lowerBound + heading.count)]) == heading)
        #expect(section.upperBound == HandKeptLog.prefixBytes.count)
    }

    @Test func numbersTheNextSessionAboveTheHighestDespiteDuplicates() throws {
        let document = AuditLogDocument(bytes: HandKeptLog.bytes)
        #expect(document.sessionNumbers == [1, 2, 3, 3])
        #expect(try document.nextSessionNumber(path: "audit.md") == 4)
    }

    @Test func insertsAtTheEndOfTheSectionKeepingPrefixAndSuffixByteForByte() {
        let document = AuditLogDocument(bytes: HandKeptLog.bytes)
        let result = document.inserting(session: session)
        let prefix = HandKeptLog.prefixBytes
        let suffix = HandKeptLog.suffixBytes
        #expect(Array(result.bytes.prefix(prefix.count)) == prefix)
        #expect(Array(result.bytes.suffix(suffix.count)) == suffix)
        #expect(result.inserted == prefix.count..<(result.bytes.count - suffix.count))
        // The section ends with a whitespace-only line, so the session needs no leading blank line,
        // and a blank line separates it from `## Extraction Notes`.
        let inserted = String(decoding: result.bytes[result.inserted], as: UTF8.self)
        #expect(inserted == session + "\n")
        #expect(result.createdSection == false)
    }

    @Test func writesTheSessionWithCRLFInACRLFLog() throws {
        let crlf = HandKeptLog.crlf(HandKeptLog.bytes)
        let document = AuditLogDocument(bytes: crlf)
        #expect(document.lineEnding == [0x0D, 0x0A])
        #expect(try document.nextSessionNumber(path: "audit.md") == 4)
        let result = document.inserting(session: session)
        let prefix = HandKeptLog.crlf(HandKeptLog.prefixBytes)
        let suffix = HandKeptLog.crlf(HandKeptLog.suffixBytes)
        #expect(Array(result.bytes.prefix(prefix.count)) == prefix)
        #expect(Array(result.bytes.suffix(suffix.count)) == suffix)
        let inserted = Array(result.bytes[result.inserted])
        #expect(inserted == HandKeptLog.crlf(Array((session + "\n").utf8)))
        for (index, byte) in inserted.enumerated() where byte == 0x0A {
            #expect(index > 0 && inserted[index - 1] == 0x0D)
        }
    }

    @Test func keepsAMissingFinalNewlineWhenTheLogSectionIsLast() {
        let text = "# Log\n\n## Audit Log\n\n### Session 1\n- Date:  \n- Notes: trailing spaces stay  "
        let bytes = Array(text.utf8)
        let result = AuditLogDocument(bytes: bytes).inserting(session: session)
        #expect(Array(result.bytes.prefix(bytes.count)) == bytes)
        let inserted = String(decoding: result.bytes[result.inserted], as: UTF8.self)
        #expect(inserted == "\n\n" + session.dropLast())
        #expect(result.bytes.last != 0x0A)
    }

    @Test func keepsAMissingFinalNewlineInTheSuffix() {
        let text = "## Audit Log\n### Session 2\n- Notes: no blank line after\n## Views\n- last line without newline"
        let bytes = Array(text.utf8)
        let result = AuditLogDocument(bytes: bytes).inserting(session: session)
        let suffix = Array("## Views\n- last line without newline".utf8)
        #expect(Array(result.bytes.suffix(suffix.count)) == suffix)
        let inserted = String(decoding: result.bytes[result.inserted], as: UTF8.self)
        #expect(inserted == "\n" + session + "\n")
    }

    @Test func createsTheSectionAfterSourcesWhenTheLogLacksIt() throws {
        let text = "# Audit\n\n## Sources\n- a.html\n\n## Views\n\n### HomeView\n- Status:\n"
        let result = AuditLogDocument(bytes: Array(text.utf8)).inserting(session: session)
        #expect(result.createdSection)
        let out = String(decoding: result.bytes, as: UTF8.self)
        #expect(
            out == "# Audit\n\n## Sources\n- a.html\n\n## Audit Log\n\n" + session
                + "\n## Views\n\n### HomeView\n- Status:\n")
        let again = AuditLogDocument(bytes: result.bytes)
        #expect(again.sessionNumbers == [99])
    }

    @Test func createsTheSectionAtTheEndOfALogWithoutSourcesOrViews() {
        let text = "# Notes\nfree text"
        let result = AuditLogDocument(bytes: Array(text.utf8)).inserting(session: session)
        #expect(
            String(decoding: result.bytes, as: UTF8.self) == "# Notes\nfree text\n\n## Audit Log\n\n"
                + session.dropLast())
    }

    @Test func treatsAFenceThatNeverClosesAsATypo() throws {
        let text = "## Audit Log\n\n### Session 1\n- Notes:\n  ```\n\n## Views\n- Status:\n"
        let document = AuditLogDocument(bytes: Array(text.utf8))
        let section = try #require(document.auditLogSection)
        #expect(section.upperBound == text.utf8.count - "## Views\n- Status:\n".utf8.count)
        let result = document.inserting(session: session)
        #expect(String(decoding: result.bytes, as: UTF8.self).hasSuffix("\n" + session + "\n## Views\n- Status:\n"))
    }

    @Test func findsTheSessionHoldingAReportMarker() {
        let text = "## Audit Log\n\n### Session 7\n<!-- auditkit:report sha256=ff -->\n- Date:\n"
        let document = AuditLogDocument(bytes: Array(text.utf8))
        #expect(document.containsMarker(sha256: "ff"))
        #expect(!document.containsMarker(sha256: "f"))
        #expect(document.sessionNumber(loggingSHA256: "ff") == 7)
    }

    @Test func readsSessionNumbersOnlyFromSessionHeadings() {
        let text =
            "## Audit Log\n### Session 12: HomeView\n### Sessions 40\n#### Session 50\n### session 3\n## Views\n### Session 77\n"
        #expect(AuditLogDocument(bytes: Array(text.utf8)).sessionNumbers == [12, 3])
    }
}
