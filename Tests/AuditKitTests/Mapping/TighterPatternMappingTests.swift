import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Two interpolation patterns that both match an element text: the one whose fixed text explains more of the
/// text wins, wherever it is declared (a pattern whose fixed text is less than half the text ranks lower by
/// that share, issue 60).
@Suite struct TighterPatternMappingTests {
    /// A view showing `first` on line 6 and `second` on line 7, and `Text("Summary")` on line 8.
    static func app(_ first: String, _ second: String) -> MiniApp {
        MiniApp(files: [
            "App/PaymentView.swift": """
            import SwiftUI
            struct PaymentView: View {
                let name = "Ana", amount = 5, date = "Monday", label = "Sum"
                var body: some View {
                    VStack {
                        Text("\(first)")
                        Text("\(second)")
                        Text("Summary")
                    }
                }
            }
            """
        ])
    }

    static let loose = #"\(name) paid \(amount)"#
    static let tight = #"\(name) paid \(amount) on \(date)"#

    @Test(arguments: [(loose, tight, 7), (tight, loose, 6)])
    func theTighterOfTwoPatternsWins(first: String, second: String, line: Int) throws {
        let report = MiniApp.report([(0, "Ana paid 5 on Monday", MiniApp.middle(0)), (0, "Summary", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app(first, second).index()).map(report)
        let entry = try #require(result.issue(1))
        #expect(entry.primary?.location?.line == line)
        #expect(!entry.isAmbiguous)
        // The looser pattern explains 6 of the 20 characters: 0.7 × (0.5 + 6 / 20).
        #expect(entry.primary?.confidence == 0.7)
        #expect(entry.candidates.last?.confidence == 0.56)
    }

    @Test(arguments: [
        (#"\(label): \(amount)"#, #"Total: \(amount)"#, 7), (#"Total: \(amount)"#, #"\(label): \(amount)"#, 6),
    ])
    func aPatternWithWordsBeatsOneWithOnlyPunctuation(first: String, second: String, line: Int) throws {
        let report = MiniApp.report([(0, "Total: 42", MiniApp.middle(0)), (0, "Summary", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app(first, second).index()).map(report)
        let entry = try #require(result.issue(1))
        #expect(entry.primary?.location?.line == line)
        #expect(!entry.isAmbiguous)
        // ": " explains 2 of the 9 characters: 0.7 × (0.5 + 2 / 9).
        #expect(entry.primary?.confidence == 0.7)
        #expect(entry.candidates.last?.confidence == 0.51)
    }
}
