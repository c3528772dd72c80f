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
