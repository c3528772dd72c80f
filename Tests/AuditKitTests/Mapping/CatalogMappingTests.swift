import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Catalog values the device shows: the development language's for an untranslated key, and short
/// Chinese, Japanese and Korean words around placeholders.
@Suite struct CatalogMappingTests {
    static func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }

    static let app = MiniApp(files: [
        "App/Localizable.xcstrings": """
        {"sourceLanguage": "en", "strings": {
          "settings.title": {"localizations": {"en": \(unit("Settings")), "de": \(unit("Einstellungen")),
            "ja": \(unit("設定"))}},
          "profile.title": {"localizations": {"en": \(unit("Profile")), "ja": \(unit("プロフィール"))}},
          "owner %@": {"localizations": {"en": \(unit("Owner %@")), "ja": \(unit("所有 %@"))}}
        }, "version": "1.0"}
        """,
        "App/SettingsView.swift": """
        import SwiftUI
        struct SettingsView: View {
            let name: String
            var body: some View {
                VStack {
                    Text("settings.title")
                    Text("profile.title")
                    Text("owner \\(name)")
                }
            }
        }
        """,
    ])

    @Test func anUntranslatedKeyShowsTheDevelopmentLanguagesValue() throws {
        let report = MiniApp.report([(0, "Einstellungen", MiniApp.middle(0)), (0, "Profile", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let profile = try #require(result.primary(for: 2))
        #expect(profile.location?.line == 7)
        #expect(profile.localizationKey == "profile.title")
        // Below a real translation.
        #expect(profile.confidence == 0.85)
        #expect(result.primary(for: 1)?.confidence == 0.9)
    }

    @Test func twoIdeographsAroundAPlaceholderAreEnoughToMatch() throws {
        let report = MiniApp.report([(0, "設定", MiniApp.middle(0)), (0, "所有 田中", MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let owner = try #require(result.primary(for: 2))
        #expect(owner.location?.line == 8)
        #expect(owner.localizationKey == "owner %@")
    }
}
