import Testing

@testable import AuditKit

/// `HistoryOutput`: the text and Markdown of `diff` and `trend`.
@Suite struct HistoryOutputTests {
    @Test func markdownCellsEscapePipes() {
        #expect(HistoryOutput.cell("a|b\nc") == "a\\|b c")
        #expect(HistoryOutput.cell("</script> & <b>") == "&lt;/script&gt; & &lt;b&gt;")
    }

    @Test func paddingCountsCharactersNotBytes() {
        #expect(HistoryOutput.padded("#3 \u{2192} #4", to: 13) == "#3 \u{2192} #4" + String(repeating: " ", count: 6))
        #expect(HistoryOutput.padded("Übersicht", to: 4) == "Übersicht")
        #expect(HistoryOutput.padded("", to: 2) == "  ")
    }
}
