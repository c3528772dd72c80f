import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// One text in two places of one screen: a chip row naming every section beside the sections' headers.
@Suite struct RepeatedTextMappingTests {
    static let app = MiniApp(files: [
        "App/FeedView.swift": """
        import SwiftUI
        struct FeedView: View {
            var body: some View {
                VStack {
                    ChipRow()
                    NewsSection()
                    SportsSection()
                }
            }
        }
        struct ChipRow: View {
            var body: some View { HStack { Text("News"); Text("Sports"); Text("Weather") } }
        }
        struct NewsSection: View {
            var body: some View { VStack { Text("News"); Text("Breaking story") } }
        }
        struct SportsSection: View {
            var body: some View { VStack { Text("Sports"); Text("Match report") } }
        }
        """
    ])

    @Test func aViewRepeatingOtherViewsTextsDoesNotWinTheirHeaders() throws {
        let report = MiniApp.report([
            (0, "News", MiniApp.middle(2)), (0, "Breaking story", MiniApp.middle(3)),
            (0, "Sports", MiniApp.middle(4)), (0, "Match report", MiniApp.middle(5)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let news = try #require(result.issue(1))
        #expect(news.primary?.location?.line == 15)
        #expect(news.explanation.contains("in NewsSection, which alone shows 1 of the screen's texts"))
        #expect(try #require(news.primary?.confidence) < IssueMatcher.firmConfidence)
        #expect(result.primary(for: 3)?.location?.line == 18)
    }

    @Test func twoElementsWithOneTextTakeTheirPlacesInScreenOrder() throws {
        let report = MiniApp.report([
            (0, "News", MiniApp.middle(3)), (0, "Breaking story", MiniApp.middle(4)),
            (0, "News", MiniApp.middle(0)), (0, "Match report", MiniApp.middle(6)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let header = try #require(result.issue(1))
        let chip = try #require(result.issue(3))
        #expect(chip.primary?.location?.line == 12)
        #expect(header.primary?.location?.line == 15)
        for entry in [header, chip] {
            #expect(try #require(entry.primary?.confidence) < IssueMatcher.firmConfidence)
            #expect(entry.explanation.contains("2 elements show this text on the screen"))
            #expect(!entry.isAmbiguous)
        }
    }
}
