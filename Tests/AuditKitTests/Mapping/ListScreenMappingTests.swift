import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Issue 60's first case: a list screen (Settings) whose design-system rows show, through generated `L10n`
/// accessors, the titles of the screens they open, audited on a German device. A row maps to the row on the
/// audited screen, never to the destination's `.navigationTitle`; the coordinator that creates every
/// screen is never the screen; a destination title found alone for a row is not sure.
@Suite struct ListScreenMappingTests {
    static let app = MiniApp(files: [
        "App/Generated/Strings.swift": """
        // swiftlint:disable all
        // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
        import Foundation
        public enum L10n {
          /// About
          public static var commonAbout: String { return L10n.tr("Localizable", "common_about") }
          /// Advanced settings
          public static var commonAdvancedSettings: String { return L10n.tr("Localizable", "common_advanced_settings") }
          /// Analytics
          public static var commonAnalytics: String { return L10n.tr("Localizable", "common_analytics") }
          /// Settings
          public static var commonSettings: String { return L10n.tr("Localizable", "common_settings") }
          /// Show read receipts
          public static var screenAdvancedReadReceipts: String { return L10n.tr("Localizable", "screen_advanced_read_receipts") }
        }
        extension L10n {
          static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
            String(format: Bundle.main.localizedString(forKey: key, value: nil, table: table), arguments: args)
          }
        }
        """,
        "App/en.lproj/Localizable.strings": """
        "common_about" = "About";
        "common_advanced_settings" = "Advanced settings";
        "common_analytics" = "Analytics";
        "common_settings" = "Settings";
        "screen_advanced_read_receipts" = "Show read receipts";
        """,
        "App/de.lproj/Localizable.strings": """
        "common_about" = "Über";
        "common_advanced_settings" = "Erweiterte Einstellungen";
        "common_analytics" = "Analysedaten";
        "common_settings" = "Einstellungen";
        "screen_advanced_read_receipts" = "Lesebestätigungen anzeigen";
        """,
        "Compound/ListRow.swift": """
        import SwiftUI
        public struct ListRowLabel: View {
            var title: String
            public var body: some View { Text(title) }
            public static func `default`(title: String, icon: String) -> ListRowLabel { ListRowLabel(title: title) }
        }
        public struct ListRow: View {
            let label: ListRowLabel
            let action: () -> Void
            public var body: some View { Button(action: action) { label }.accessibilityElement(children: .combine) }
        }
        """,
        "App/SettingsScreen.swift": """
        import SwiftUI
        struct SettingsScreen: View {
            let open: (String) -> Void
            var body: some View {
                Form {
                    ListRow(label: .default(title: L10n.commonAnalytics, icon: "chart")) { open("analytics") }
                    ListRow(label: .default(title: L10n.commonAbout, icon: "info")) { open("about") }
                    ListRow(label: .default(title: L10n.commonAdvancedSettings, icon: "gear")) { open("advanced") }
                    ListRow(label: .default(title: userName, icon: "person")) { open("account") }
                }
                .navigationTitle(L10n.commonSettings)
            }
            var userName: String { UserDefaults.standard.string(forKey: "name") ?? "" }
        }
        """,
        "App/Destinations.swift": """
        import SwiftUI
        struct AdvancedSettingsScreen: View {
            @State private var receipts = true
            var body: some View {
                Form { Toggle(L10n.screenAdvancedReadReceipts, isOn: $receipts) }
                    .navigationTitle(L10n.commonAdvancedSettings)
            }
        }
        struct AboutScreen: View {
            var body: some View { Form { Text("Parley 1.4") }.navigationTitle(L10n.commonAbout) }
        }
        struct AnalyticsScreen: View {
            var body: some View { Form { Text("Share data") }.navigationTitle(L10n.commonAnalytics) }
        }
        /// Ana Ruiz's own page, whose title is the user's name.
        struct AccountScreen: View {
            var body: some View { Form { Text("Profile") }.navigationTitle("Ana Ruiz") }
        }
        """,
        "App/SettingsFlowCoordinator.swift": """
        import SwiftUI
        final class SettingsFlowCoordinator {
            var stack: [AnyView] = []
            func start() { stack = [AnyView(SettingsScreen(open: handle))] }
            func handle(_ route: String) {
                switch route {
                case "advanced": stack.append(AnyView(AdvancedSettingsScreen()))
                case "about": stack.append(AnyView(AboutScreen()))
                case "analytics": stack.append(AnyView(AnalyticsScreen()))
                default: stack.append(AnyView(AccountScreen()))
                }
            }
        }
        """,
    ])

    static let title = Rect(x: 130, y: 64, width: 142, height: 22)

    static func line(_ text: String, _ file: String = "App/SettingsScreen.swift") -> Int? {
        SymbolMappingTests.line(of: text, in: file, of: app)
    }

    @Test func rowsMapToTheAuditedListNotTheScreensTheyOpen() throws {
        let report = MiniApp.report([
            (0, "Einstellungen", Self.title), (0, "Analysedaten", MiniApp.middle(0)), (0, "Über", MiniApp.middle(1)),
            (0, "Erweiterte Einstellungen", MiniApp.middle(2)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        #expect(result.screenRoots[0] == "SettingsScreen")
        for (number, accessor) in [
            (2, "L10n.commonAnalytics"), (3, "L10n.commonAbout"), (4, "L10n.commonAdvancedSettings"),
        ] {
            let entry = try #require(result.issue(number))
            #expect(entry.primary?.location?.file == "App/SettingsScreen.swift", "\(entry.explanation)")
            #expect(entry.primary?.location?.line == Self.line("title: \(accessor)"), "\(entry.explanation)")
            #expect(try #require(entry.primary?.confidence) >= IssueMatcher.firmConfidence)
            #expect(entry.explanation.contains("sure: a catalog key whose value is the text"), "\(entry.explanation)")
        }
        #expect(result.primary(for: 1)?.role == "title")
    }

    @Test func theDestinationsOwnTitleIsItsTitle() throws {
        let report = MiniApp.report([
            (0, "Erweiterte Einstellungen", Self.title), (0, "Lesebestätigungen anzeigen", MiniApp.middle(0)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let entry = try #require(result.issue(1))
        #expect(
            entry.primary?.location?.line == Self.line(".navigationTitle(L10n.commonAdvanced", "App/Destinations.swift")
        )
        #expect(try #require(entry.primary?.confidence) >= IssueMatcher.firmConfidence)
    }

    @Test func anotherScreensTitleFoundAloneForARowIsNotSure() throws {
        // The account row shows the user's name, which no code holds; only the account screen's title does.
        let report = MiniApp.report([
            (0, "Einstellungen", Self.title), (0, "Analysedaten", MiniApp.middle(0)), (0, "Über", MiniApp.middle(1)),
            (0, "Ana Ruiz", MiniApp.middle(3)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let entry = try #require(result.issue(4))
        #expect(entry.primary?.location?.file == "App/Destinations.swift")
        #expect(try #require(entry.primary?.confidence) < IssueMatcher.firmConfidence)
        #expect(entry.explanation.contains("not firm: outside the screen's root subtree (SettingsScreen's"))
        #expect(!entry.explanation.contains("sure:"))
    }
}
