import AuditKit
import Foundation
import Testing

/// The one escaping of untrusted text in text outputs (issue 29, items 5 and 10).
@Suite struct PrintableTextEscapingTests {
    @Test func lineBreaksAndControlCharactersBecomeVisibleEscapes() {
        #expect(PrintableText.escaped("a\nb\r\tc") == #"a\nb\r\tc"#)
        #expect(PrintableText.escaped("\u{1B}]0;t\u{07}\u{0}") == #"\u{1b}]0;t\u{7}\u{0}"#)
        #expect(PrintableText.escaped("\u{85}\u{9B}\u{2028}\u{2029}") == #"\u{85}\u{9b}\u{2028}\u{2029}"#)
        #expect(PrintableText.escaped("\u{202E}txt.exe\u{2066}") == #"\u{202e}txt.exe\u{2066}"#)
        #expect(PrintableText.escaped("Zahlen é 次 👍🏽") == "Zahlen é 次 👍🏽")
    }

    @Test func keepingLinesKeepsLineBreaksAndTabsOnly() {
        #expect(PrintableText.keepingLines("a\n\tb\u{1B}[2J") == "a\n\tb\\u{1b}[2J")
        #expect(PrintableText.keepingLines(#"a\tb"#) == #"a\tb"#)
    }

    @Test func anXcodeDiagnosticIsOneLineWithoutControlCharacters() {
        let diagnostic = XcodeDiagnostic(
            location: CodeLocation(file: "A\u{1B}.swift", line: 2, column: 3), message: "x\n::error::y\u{07}"
        )
        #expect(diagnostic.description == #"A\u{1b}.swift:2:3: warning: x\n::error::y\u{7}"#)
    }
}

/// Bidirectional controls in Markdown (issue 29, item 10): shown as their code points.
@Suite struct MarkdownBidiTests {
    @Test func bidiControlsAreShownAsCodePointsInlineAndInCodeSpans() {
        let text = "\u{202E}lmth.exe\u{202C} \u{2066}a\u{2069} \u{200E}\u{200F}\u{061C}"
        let inline = MarkdownEscaping.inline(text)
        #expect(!inline.unicodeScalars.contains(where: PrintableText.isBidiControl))
        #expect(inline.hasPrefix(#"\[U+202E\]lmth.exe\[U+202C\]"#))
        let code = MarkdownEscaping.codeSpan(text)
        #expect(code == "`[U+202E]lmth.exe[U+202C] [U+2066]a[U+2069] [U+200E][U+200F][U+061C]`")
    }
}
