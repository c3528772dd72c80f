import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Issue 60: texts that non-view code gives (an enum's `localizedName`, view state's computed value, a string
/// builder, a model's memberwise initialiser, a view model assigning view state) map to the view line that
/// shows that member, the member's own line next.
@Suite struct NonViewTextMappingTests {
    static let app = MiniApp(files: [
        "App/Generated/Strings.swift": """
        // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
        import Foundation
        public enum L10n {
          public static var filterUnreads: String { return L10n.tr("Localizable", "filter_unreads") }
          public static var filterPeople: String { return L10n.tr("Localizable", "filter_people") }
          public static var modeDefault: String { return L10n.tr("Localizable", "mode_default") }
          public static var modeMute: String { return L10n.tr("Localizable", "mode_mute") }
          public static func typingOne(_ p1: Any) -> String {
            return L10n.tr("Localizable", "typing_one", String(describing: p1))
          }
          public static var privacyPolicy: String { return L10n.tr("Localizable", "privacy_policy") }
          public static var noRooms: String { return L10n.tr("Localizable", "no_rooms") }
          static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String { key }
        }
        """,
        "App/en.lproj/Localizable.strings": """
        "filter_unreads" = "Unreads";
        "filter_people" = "People";
        "mode_default" = "Default";
        "mode_mute" = "Mute";
        "typing_one" = "%@ is typing…";
        "privacy_policy" = "Privacy policy";
        "no_rooms" = "No rooms yet";
        """,
        "App/RoomListFilter.swift": """
        enum RoomListFilter: CaseIterable {
            case unreads, people
            var localizedName: String {
                switch self {
                case .unreads:
                    return L10n.filterUnreads
                case .people:
                    return L10n.filterPeople
                }
            }
        }
        struct RoomViewState {
            var muted = false
            var modeTitle: String { muted ? L10n.modeMute : L10n.modeDefault }
        }
        enum TypingText {
            static func text(for names: [String]) -> String {
                L10n.typingOne(names[0])
            }
        }
        struct LegalLink {
            let title: String
            static let all = [LegalLink(title: L10n.privacyPolicy)]
        }
        struct ListState {
            var message = ""
        }
        final class ListModel {
            var state = ListState()
            func load() {
                state.message = L10n.noRooms
            }
        }
        """,
        "App/HomeScreen.swift": """
        import SwiftUI
        struct HomeScreen: View {
            let state: RoomViewState
            let typing: [String]
            let model: ListModel
            var body: some View {
                VStack {
                    ForEach(RoomListFilter.allCases, id: \\.self) { filter in
                        Button(filter.localizedName) {}
                    }
                    Text(state.modeTitle)
                    Text(TypingText.text(for: typing))
                    ForEach(LegalLink.all, id: \\.title) { link in
                        Link(link.title, destination: URL(string: "https://example.com")!)
                    }
                    Text(model.state.message)
                }
            }
        }
        """,
    ])

    static func line(_ text: String, _ file: String) -> Int? { SymbolMappingTests.line(of: text, in: file, of: app) }

    @Test func aTextNonViewCodeGivesMapsToTheViewLineThatShowsIt() throws {
        let report = MiniApp.report([
            (0, "Unreads", Rect(x: 16, y: 200, width: 80, height: 30)),
            (0, "People", Rect(x: 110, y: 200, width: 80, height: 30)), (0, "Mute", MiniApp.middle(2)),
            (0, "Ana is typing…", MiniApp.middle(3)), (0, "Privacy policy", MiniApp.middle(4)),
            (0, "No rooms yet", MiniApp.middle(5)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let shown = [
            "Button(filter.localizedName)", "Button(filter.localizedName)", "Text(state.modeTitle)",
            "Text(TypingText.text", "Link(link.title", "Text(model.state.message)",
        ]
        let given = [
            "return L10n.filterUnreads", "return L10n.filterPeople", "muted ? L10n.modeMute", "L10n.typingOne(names",
            "LegalLink(title: L10n.privacyPolicy)", "state.message = L10n.noRooms",
        ]
        for (n, (view, member)) in zip(shown, given).enumerated() {
            let entry = try #require(result.issue(n + 1))
            #expect(entry.primary?.location?.file == "App/HomeScreen.swift", "\(entry.explanation)")
            #expect(entry.primary?.location?.line == Self.line(view, "App/HomeScreen.swift"), "\(entry.explanation)")
            #expect(entry.candidates.count >= 2)
            #expect(
                entry.candidates.dropFirst().first?.location?.line == Self.line(member, "App/RoomListFilter.swift"),
                "\(entry.candidates.map { $0.location?.description ?? "" })")
        }
        // The filter chips are one line for two texts (a template's rows): no collision, so sure.
        #expect(try #require(result.primary(for: 1)?.confidence) >= IssueMatcher.firmConfidence)
        #expect(result.primary(for: 1)?.symbol == "RoomListFilter.localizedName")
    }

    @Test func aStaticMemberIsNoValuesMember() throws {
        // `item.title` reads an instance's member: `static let title` of another type is not among its texts.
        let app = MiniApp(files: [
            "App/Texts.swift": """
            enum Screens { static let title = "Orders" }
            struct Item { let title: String; static let samples = [Item(title: "Order 42")] }
            """,
            "App/ItemView.swift": """
            import SwiftUI
            struct ItemView: View {
                let item: Item
                var body: some View { Text(item.title) }
            }
            """,
        ])
        let index = try app.index()
        let shown = index.literals.filter { $0.file == "App/ItemView.swift" }.compactMap(\.literal.plainText)
        #expect(shown == ["Order 42"])
    }
}
