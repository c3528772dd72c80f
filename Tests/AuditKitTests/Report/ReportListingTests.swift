import AuditKitTestSupport
import Testing

@testable import AuditKit

@Suite struct CSVFieldTests {
    @Test func quotesSeparatorsAndDefusesFormulasButKeepsNumbers() {
        #expect(ReportListing.csvField("a,b") == "\"a,b\"")
        #expect(ReportListing.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(ReportListing.csvField("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(ReportListing.csvField("@SUM(A1)") == "'@SUM(A1)")
        #expect(ReportListing.csvField("-4") == "-4")
        #expect(ReportListing.csvField("+1.5") == "+1.5")
    }
}

@Suite struct CSVRectTests {
    /// A rect of thirds prints in whole points in the CSV, the same numbers as the text output.
    @Test func rectValuesAreRoundedAsInTheTextOutput() throws {
        let rect = Rect(x: 156.66666666666674, y: 20.5, width: 100.0 / 3, height: 44)
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(
                name: "0", groupName: "Home",
                issues: [ReportFixture.Issue(errorCode: 12, shortTitle: "Contrast failed", rect: rect)])
        ])
        let report = try ReportReader.read(
            buffer: ByteBuffer(copying: [UInt8](fixture.data(.json))),
            path: "Reports/AuditReport_2026-01-02_11-02-25.json")
        let row = ReportListing.csvRows(report)
        #expect(!row.contains("156.666"))
        #expect(row.hasSuffix(",157,21,33,44,false,\r\n"))
        #expect(ReportListing.text(report).contains("[x 157 y 21  33x44]"))
    }
}

@Suite struct PrintableTextTests {
    @Test func controlCharactersBecomeEscapesAndEverythingElseStays() {
        #expect(ReportListing.printable("Budget Progress") == "Budget Progress")
        #expect(ReportListing.printable("次の予定 😀 €") == "次の予定 😀 €")
        #expect(ReportListing.printable("a\nb\r\tc") == "a\\nb\\r\\tc")
        #expect(ReportListing.printable("x\u{01}y\u{7F}") == "x\\u{1}y\\u{7f}")
        // C1 controls (UTF-8 C2 80-9F), next to characters whose UTF-8 also starts with C2.
        #expect(ReportListing.printable("\u{85}next £ \u{9F}") == "\\u{85}next £ \\u{9f}")
        #expect(ReportListing.printable("\u{A0}\u{A3}") == "\u{A0}\u{A3}")
    }
}
