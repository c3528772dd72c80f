import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Accessibility text built by concatenating `Text`s matches no literal whole: catalog values of the report's
/// language found inside it at word boundaries lead to the code using their keys, below firm confidence.
@Suite struct ConcatenatedTextMappingTests {
    static func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }

    static let app = MiniApp(files: [
        "App/Localizable.xcstrings": """
        {"sourceLanguage": "en", "strings": {
          "Overdue": {"localizations": {"en": \(unit("Overdue")), "de": \(unit("Überfällig")),
            "ja": \(unit("期限切れ"))}},
          "Due": {"localizations": {"en": \(unit("Due")), "de": \(unit("fällig")), "ja": \(unit("期限"))}},
          "invoices.title": {"localizations": {"en": \(unit("Invoices")), "de": \(unit("Rechnungen")),
            "ja": \(unit("請求書"))}},
          "Paid": {"localizations": {"en": \(unit("Paid"))}}
        }, "version": "1.0"}
        """,
        "App/InvoicesView.swift": """
        import SwiftUI
        struct InvoiceRow: View {
            let name: String
            var body: some View {
                Text(name)
                    .accessibilityLabel(Text(name) + Text(", ") + Text("Overdue"))
            }
        }
        struct DueRow: View {
            let name: String
            var body: some View {
                Text(name + " ")
                    + Text("Due")
            }
        }
        struct InvoicesView: View {
            let names: [String]
            var body: some View {
                List {
                    Text("invoices.title")
                    InvoiceRow(name: names[0])
                    DueRow(name: names[1])
                }
            }
        }
        struct PaidRow: View {
            let name: String
            var body: some View { Text(name) + Text(" ") + Text("Paid") }
        }
        """,
    ])

    @Test func aCatalogValueInsideTheTextLeadsToTheCodeUsingItsKey() throws {
        let report = MiniApp.report([
            (0, "Rechnungen", MiniApp.middle(0)), (0, "Rechnung, Überfällig", MiniApp.middle(1)),
            (0, "Rechnung Überfällig", MiniApp.middle(2)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        for number in [2, 3] {
            let entry = try #require(result.issue(number))
            #expect(entry.primary?.location?.line == 6)
            #expect(entry.primary?.localizationKey == "Overdue")
            #expect((entry.primary?.confidence ?? 1) < IssueMatcher.firmConfidence)
            #expect(entry.explanation.contains(#"part of the text (‘Überfällig’) from key "Overdue""#))
            #expect(entry.primary?.note?.hasPrefix("part of the text (‘Überfällig’) from localized key") == true)
            // "fällig" sits inside the word "Überfällig": not a part.
            #expect(!entry.candidates.contains { $0.location?.line == 13 })
        }
    }

    @Test func aValueStandingAsAWordOfItsOwnCounts() throws {
        let report = MiniApp.report([(0, "Rechnungen", MiniApp.middle(0)), (0, "Rechnung fällig", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let entry = try #require(result.issue(2))
        #expect(entry.primary?.location?.line == 13)
        #expect(entry.primary?.localizationKey == "Due")
    }

    @Test func ideographsAreWordsOfTheirOwnAndTheLongestValueWins() throws {
        let report = MiniApp.report([(0, "請求書", MiniApp.middle(0)), (0, "請求書期限切れ", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let entry = try #require(result.issue(2))
        #expect(entry.primary?.location?.line == 6)
        #expect(entry.primary?.localizationKey == "Overdue")
        // "期限" is inside the longer value "期限切れ" found at the same place.
        #expect(!entry.candidates.contains { $0.location?.line == 13 })
        #expect(entry.explanation.contains(#"part of the text (‘期限切れ’) from key "Overdue""#))
    }

    @Test func aKeyWithoutAGermanValueShowsTheEnglishOneInside() throws {
        let report = MiniApp.report([(0, "Rechnungen", MiniApp.middle(0)), (0, "Rechnung Paid", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let entry = try #require(result.issue(2))
        #expect(entry.primary?.location?.line == 28)
        #expect(entry.primary?.localizationKey == "Paid")
        // The development language's value, shown instead of a missing translation: 0.85 × 0.8 × 4/12.
        #expect(entry.primary?.confidence == 0.23)
    }

    @Test func anEnglishValueDoesNotCountOnAGermanDevice() throws {
        let report = MiniApp.report([(0, "Rechnungen", MiniApp.middle(0)), (0, "Rechnung Overdue", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        #expect(result.issue(2)?.primary == nil)
    }
}
