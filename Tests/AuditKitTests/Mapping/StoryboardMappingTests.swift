import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A warning whose text a storyboard element shows maps to the element's start tag, its view the scene's
/// view controller; a German text found in `de.lproj/Main.strings` maps to the Base element the object ID
/// names, never to the `.strings` line; rules can name a scene.
@Suite struct StoryboardMappingTests {
    /// The fixture app's Main storyboard and German tables, and another screen's Swift code that shows
    /// "Entsperren" too (the issue's case: it went to that file at 0.9).
    static let app = MiniApp(files: [
        "App/Base.lproj/Main.storyboard": UIKitAppFixture.mainStoryboard,
        "App/de.lproj/Main.strings": UIKitAppFixture.mainStringsGerman + "\n\"Gone-00-old.text\" = \"Veraltet\";\n",
        "App/sv.lproj/Main.strings": UIKitAppFixture.mainStringsSwedish,
        "App/de.lproj/Localizable.strings": "\"vault.unlock\" = \"Entsperren\";\n\"vault.locked\" = \"Gesperrt\";\n",
        "App/UnlockViewController.swift": """
        import UIKit
        final class UnlockViewController: UIViewController {}
        """,
        "App/VaultsViewController.swift": """
        import UIKit
        final class VaultsViewController: UITableViewController {
            func configure(_ cell: UITableViewCell) {
                cell.detailTextLabel?.text = NSLocalizedString("vault.locked", value: "Locked", comment: "")
                cell.accessoryView = UIButton(primaryAction: UIAction(title: NSLocalizedString("vault.unlock", value: "Unlock", comment: "")) { _ in })
            }
        }
        """,
    ])

    static let storyboard = "App/Base.lproj/Main.storyboard"

    static func line(of marker: String) -> Int? { SymbolMappingTests.line(of: marker, in: storyboard, of: app) }

    @Test func storyboardTextsMapToTheElementsStartTagInEveryLanguage() throws {
        let index = try Self.app.index()
        for (title, button, field) in [
            ("Unlock Database", "Unlock", "Master Password"), ("Datenbank entsperren", "Entsperren", "Hauptpasswort"),
        ] {
            let report = MiniApp.report([
                (0, title, MiniApp.middle(0)), (0, button, MiniApp.middle(1)), (0, field, MiniApp.middle(2)),
            ])
            let result = IssueMatcher(index: index).map(report)
            let label = try #require(result.primary(for: 1))
            #expect(label.location?.file == Self.storyboard)
            #expect(label.location?.line == Self.line(of: #"id="UnL-lb-01a""#))
            #expect(label.view == "UnlockViewController")
            #expect(label.confidence >= 0.8)
            let unlock = try #require(result.primary(for: 2))
            #expect(
                unlock.location?.line == Self.line(of: #"id="UnB-go-05e""#), "\(result.issue(2)?.explanation ?? "")")
            #expect(unlock.role == "button")
            #expect(result.primary(for: 3)?.location?.line == Self.line(of: #"id="UnT-tf-03c""#))
            for number in 1...3 {
                let files = (result.issue(number)?.candidates ?? []).compactMap(\.location?.file)
                #expect(!files.contains { $0.hasSuffix(".strings") }, "issue \(number): \(files)")
            }
        }
    }

    @Test func aStoryboardKeyNamingNoElementIsNeverAPlace() throws {
        let result = IssueMatcher(index: try Self.app.index()).map(MiniApp.report([(0, "Veraltet", MiniApp.middle(0))]))
        #expect(result.primary(for: 1) == nil)
        #expect(result.issue(1)?.candidates.isEmpty == true)
    }

    @Test func aRuleNamesASceneByItsStoryboardIdentifierOrTitle() throws {
        let index = try Self.app.index()
        for view in ["UnlockViewController", "DatabasesViewController", "Tab Bar Controller", "Navigation Controller"] {
            let rules = try RuleFile(
                parsing: Array(#"{"version": 1, "rules": [{"id": "scene", "match": {}, "view": "\#(view)"}]}"#.utf8),
                path: "auditkit.rules.json")
            let result = IssueMatcher(rules: rules, index: index).map(
                MiniApp.report([(0, "Cancel", MiniApp.middle(0))]))
            let primary = try #require(result.primary(for: 1))
            #expect(primary.origin == .rule)
            if view == "UnlockViewController" {
                #expect(
                    primary.location?.line == Self.line(of: #"id="UnC-bb-10j""#),
                    "\(result.issue(1)?.explanation ?? "")")
            } else {
                // The scene shows no "Cancel": its storyboard, without a line, and said so.
                #expect(primary.location?.file == Self.storyboard, "\(view): \(result.issue(1)?.explanation ?? "")")
                #expect(primary.location?.line == nil)
                #expect(primary.confidence == 0.3)
            }
        }
    }
}
