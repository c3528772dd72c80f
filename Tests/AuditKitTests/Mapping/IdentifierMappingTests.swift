import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Mapping by an element's accessibility identifier: `.accessibilityIdentifier("…")` in the sources is
/// the strongest candidate there is.
@Suite struct IdentifierMappingTests {
    static let index = SourceIndex.build(sources: [
        (
            "App/SummaryView.swift",
            """
            import SwiftUI
            struct SummaryView: View {
                var body: some View {
                    Text("Total")
                }
            }
            """
        ),
        (
            "App/BudgetView.swift",
            """
            import SwiftUI
            struct BudgetView: View {
                var body: some View {
                    VStack {
                        Text("Budget total")
                            .accessibilityIdentifier("budget.total")
                    }
                }
            }
            """
        ),
        (
            "App/LegacyCell.swift",
            """
            import UIKit
            final class LegacyCell: UITableViewCell {
                func configure() {
                    amountLabel.accessibilityIdentifier = "legacy.amount"
                }
            }
            """
        ),
    ])

    static func report(_ items: [AutomatedAuditFixture.Item]) throws -> InspectorReport {
        try AutomatedAuditReaderTests.read(AutomatedAuditFixture(items: items).data(.appium))
    }

    @Test func theIdentifierWinsOverAnotherViewThatShowsTheText() throws {
        let report = try Self.report([
            .init(
                auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
                element: .init(identifier: "budget.total", type: "StaticText", label: "Total", rect: (20, 200, 120, 24))
            ),
            .init(
                auditType: "XCUIAccessibilityAuditTypeDynamicType", compact: "Dynamic Type font sizes are unsupported",
                element: .init(identifier: "legacy.amount", type: "StaticText", label: "12", rect: (20, 300, 60, 24))),
            .init(
                auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
                element: .init(identifier: "nowhere", type: "StaticText", label: "Total", rect: (20, 400, 120, 24))),
        ])
        let result = IssueMatcher(index: Self.index).map(report)
        let first = try #require(result.issue(1)?.primary)
        #expect(first.view == "BudgetView")
        #expect(first.location?.line == 6)
        #expect(first.confidence >= 0.9)
        #expect(first.note?.contains("accessibility identifier") == true)
        #expect(result.issue(2)?.primary?.location?.file == "App/LegacyCell.swift")
        // An identifier no code sets: the text decides, as for Inspector issues.
        #expect(result.issue(3)?.primary?.view == "SummaryView")
    }
}
