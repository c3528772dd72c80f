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

    /// Identifiers kept in constants, as teams share them with their UI tests: a static constant, a nested
    /// enum's member, an `enum … : String` case's raw value, in SwiftUI and UIKit, in another file.
    static let constants = SourceIndex.build(sources: [
        (
            "App/AccessibilityIDs.swift",
            """
            enum A11yID {
                static let pay = "checkout.pay"
                static let total: String = "checkout.total"
                enum Card {
                    static let number = "checkout.card.number"
                }
            }
            enum Field: String {
                case promo = "checkout.promo"
                case email
            }
            enum OtherScreen {
                static let pay = "other.pay"
            }
            """
        ),
        (
            "App/CheckoutView.swift",
            """
            import SwiftUI
            struct CheckoutView: View {
                var body: some View {
                    VStack {
                        Text("Total").accessibilityIdentifier(A11yID.total)
                        Button("Pay") {}
                            .accessibilityIdentifier(A11yID.pay)
                        TextField("Card", text: $card)
                            .accessibilityIdentifier(A11yID.Card.number)
                        TextField("Promo", text: $promo)
                            .accessibilityIdentifier(Field.promo.rawValue)
                        TextField("Email", text: $email).accessibilityIdentifier(Field.email.rawValue)
                    }
                }
            }
            """
        ),
        (
            "App/HelpViewController.swift",
            """
            import UIKit
            final class HelpViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    payButton.accessibilityIdentifier = A11yID.pay
                    title = "Help"
                }
            }
            """
        ),
    ])

    @Test func anIdentifierKeptInAConstantMapsToTheLineThatSetsIt() throws {
        func item(_ identifier: String, _ label: String) -> AutomatedAuditFixture.Item {
            .init(
                auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
                element: .init(identifier: identifier, label: label, rect: (20, 200, 30, 30)))
        }
        let report = try Self.report([
            item("checkout.total", "Sum"), item("checkout.card.number", "Kartennummer"),
            item("checkout.promo", "Gutschein"), item("email", "E-Mail-Adresse"), item("other.pay", "Zahlen"),
        ])
        let result = IssueMatcher(index: Self.constants).map(report)
        let expected: [(line: Int, symbol: String)] = [
            (5, "A11yID.total"), (9, "A11yID.Card.number"), (11, "Field.promo"), (12, "Field.email"),
        ]
        for (number, want) in expected.enumerated() {
            let mapping = try #require(result.issue(number + 1)?.primary, "issue \(number + 1)")
            #expect(mapping.location?.file == "App/CheckoutView.swift", "issue \(number + 1)")
            #expect(mapping.location?.line == want.line, "issue \(number + 1): \(mapping)")
            #expect(mapping.view == "CheckoutView")
            #expect(mapping.confidence >= 0.9)
            #expect(mapping.symbol == want.symbol, "issue \(number + 1)")
            #expect(
                mapping.note?.contains("accessibility identifier in accessibilityIdentifier(\(want.symbol))") == true,
                "\(mapping.note ?? "")")
        }
        // The constant no code sets as an identifier maps nowhere by identifier (its text is German).
        #expect(result.issue(5)?.primary?.note?.contains("accessibility identifier") != true)
    }

    @Test func constantsDeclaredTogetherEachKeepTheirValue() throws {
        // `case card = "…", cash = "…"` and `static let a = "…", b = "…"`: each name its own value.
        let index = SourceIndex.build(sources: [
            (
                "App/PayView.swift",
                """
                import SwiftUI
                enum Pay: String { case card = "pay.card", cash = "pay.cash" }
                enum Field { static let code = "field.code", note = "field.note" }
                struct PayView: View {
                    var body: some View {
                        VStack {
                            Button("Karte") {}.accessibilityIdentifier(Pay.card.rawValue)
                            Button("Bar") {}.accessibilityIdentifier(Pay.cash.rawValue)
                            TextField("Code", text: .constant("")).accessibilityIdentifier(Field.note)
                        }
                    }
                }
                """
            )
        ])
        func item(_ identifier: String) -> AutomatedAuditFixture.Item {
            .init(
                auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
                element: .init(identifier: identifier, label: "x", rect: (20, 200, 30, 30)))
        }
        let result = IssueMatcher(index: index).map(
            try Self.report([item("pay.card"), item("pay.cash"), item("field.note")]))
        for (number, want) in [(7, "Pay.card"), (8, "Pay.cash"), (9, "Field.note")].enumerated() {
            let mapping = try #require(result.issue(number + 1)?.primary, "issue \(number + 1)")
            #expect(mapping.location?.line == want.0 && mapping.symbol == want.1, "issue \(number + 1): \(mapping)")
        }
    }

    @Test func uikitAssignsAConstantAndAnAmbiguousNameIsLeft() throws {
        let report = try Self.report([
            .init(
                auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
                element: .init(identifier: "checkout.pay", label: "Bezahlen", rect: (20, 200, 30, 30)))
        ])
        let result = IssueMatcher(index: Self.constants).map(report)
        // `A11yID.pay` is set twice: in the SwiftUI view and in the view controller; both are found.
        let candidates = try #require(result.issue(1)?.candidates)
        let places = Set(candidates.compactMap { $0.location.map { "\($0.file):\($0.line ?? 0)" } })
        #expect(places.isSuperset(of: ["App/CheckoutView.swift:7", "App/HelpViewController.swift:5"]), "\(places)")
        let scan = SwiftLexer.scan(
            "x.accessibilityIdentifier = Ids.pay\nlet y = 1\nif a.accessibilityIdentifier == Ids.other {}")
        #expect(scan.symbolReferences.map(\.path) == ["Ids.pay"])
        #expect(scan.symbolReferences.first?.isAssignment == true)
        // A bare `.pay` could be `A11yID.pay` or `OtherScreen.pay`: not resolved.
        let ambiguous = SwiftLexer.scan("Text(\"x\").accessibilityIdentifier(.pay)")
        #expect(ambiguous.symbolReferences.map(\.path) == [".pay"])
    }
}
