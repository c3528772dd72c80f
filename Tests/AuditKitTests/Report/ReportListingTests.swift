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
