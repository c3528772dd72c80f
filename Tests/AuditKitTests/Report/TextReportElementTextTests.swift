import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The text export has no element text field: the reader takes the text the description quotes
/// where the Inspector names the element, so a text export's warnings are the same warnings as the
/// HTML report's, and map by their text.
@Suite struct TextReportElementTextTests {
    @Test func theElementIsTheTextQuotedWhereTheDescriptionNamesIt() {
        let named: [(String, String?)] = [
            ("“Income” scales with some Dynamic Type sizes but stops growing.", "Income"),
            ("The text of “Budget Progress” is clipped and can't be read in full.", "Budget Progress"),
            ("„34 %“ verwendet eine Schriftgröße, die sich nicht mit „Dynamische Schrift“ ändert.", "34 %"),
            ("Der Text von „Suchen“ ist abgeschnitten und nicht vollständig lesbar.", "Suchen"),
            ("「次の予定支出」のテキストが切り取られています。", "次の予定支出"),
            ("« Revenus » utilise une taille fixe.", "Revenus"),
            ("\"Total\" has a contrast ratio of 3.1:1.", "Total"),
            // No text: the element is named by its kind, and a quote further on names something else.
            ("Button has no accessibility label or value, so VoiceOver can't describe it.", nil),
            ("Taste wirkt deaktiviert, hat aber nicht das Merkmal „Nicht aktiviert“.", nil),
            ("Element uses a font size that doesn't scale with “Dynamic Type”.", nil),
            // Unclosed, closed on another line, or empty.
            ("“Income uses a font size", nil),
            ("“Income\n” uses a font size", nil),
            ("“ ” has a contrast ratio of 3.1:1.", nil),
            ("", nil),
        ]
        for (description, expected) in named {
            #expect(TextReportReader.elementText(quotedIn: description) == expected, "\(description)")
        }
    }

    @Test func aTextExportsWarningsAreTheHTMLReportsWarnings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Reports whose descriptions quote the element as the Inspector does ("“%@” uses …").
        for seed in UInt64(1)...UInt64(20) {
            let fixture = ReportFixture.random(seed: seed, images: false)
            let json = directory.file("report-\(seed).json")
            let text = directory.file("report-\(seed).txt")
            try fixture.write(to: json, as: .json)
            try fixture.write(to: text, as: .text)
            let fromJSON = try ReportReader.read(path: json).issues
            let fromText = try ReportReader.read(path: text).issues
            #expect(fromJSON.count == fromText.count)
            for (whole, exported) in zip(fromJSON, fromText) {
                guard let description = whole.longDescription else { continue }
                if let shown = whole.elementText, !shown.isEmpty, description.contains("“\(shown)”") {
                    #expect(exported.elementText == shown, "seed \(seed), issue \(whole.number)")
                } else if !description.contains("“") {
                    #expect(exported.elementText == nil, "seed \(seed), issue \(whole.number)")
                }
            }
        }
    }
}
