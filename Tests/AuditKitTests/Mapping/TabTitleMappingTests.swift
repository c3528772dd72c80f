import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Tab titles written the ways real apps write them: a `label:` closure, a selection `value:`, a `label`
/// property one hop away, titles wrapped in localization calls.
@Suite struct TabTitleMappingTests {
    static let app = MiniApp(files: [
        "App/RootView.swift": """
        import SwiftUI
        enum AppTab: String, CaseIterable {
            case library = "Library"
            case search = "Search"
            var title: String {
                switch self {
                case .library: "Books"
                case .search: "Find"
                }
            }
            var label: some View { Label(title, systemImage: "book") }
        }
        struct RootView: View {
            @State var tab = AppTab.library
            var body: some View {
                TabView(selection: $tab) {
                    Tab(value: AppTab.library) {
                        LibraryView()
                    } label: {
                        AppTab.library.label
                    }
                    Tab(value: AppTab.search) {
                        SearchView()
                    } label: {
                        Label(String(localized: "Lookup"), systemImage: "magnifyingglass")
                    }
                    Tab(String(localized: "Profile"), systemImage: "person", value: AppTab.search) {
                        ProfileView()
                    }
                    Tab(LocalizedStringKey("Extras"), systemImage: "star", value: AppTab.search) {
                        ProfileView()
                    }
                }
            }
        }
        """,
        "App/LibraryView.swift": """
        import SwiftUI
        struct LibraryView: View {
            var body: some View { VStack { Text("Books"); Text("Library"); Text("Lookup"); Text("Shelf") } }
        }
        struct SearchView: View {
            var body: some View { Text("Search") }
        }
        struct ProfileView: View {
            var body: some View { VStack { Text("Profile"); Text("Extras") } }
        }
        """,
    ])

    static func band(_ x: Double) -> Rect { Rect(x: x, y: 830, width: 60, height: 40) }

    @Test func titlesInLabelClosuresWrappersAndOneHopAwayAreTabTitles() throws {
        let index = try Self.app.index()
        func isTab(_ text: String, line: Int) -> Bool {
            index.literals(exactly: text).contains { $0.location.line == line && index.isTabTitle($0) }
        }
        #expect(isTab("Books", line: 7))
        #expect(isTab("Lookup", line: 25))
        #expect(isTab("Profile", line: 27))
        #expect(isTab("Extras", line: 30))
        // The selection value's raw value is not a title.
        #expect(!isTab("Library", line: 3))
        #expect(!isTab("Search", line: 4))
        // Nor is the content of a tab.
        #expect(!index.literals(exactly: "Shelf").contains { index.isTabTitle($0) })
    }

    @Test func tabBarElementsMapToTheTabsAndDoNotMakeTheContainerTheRoot() throws {
        let index = try Self.app.index()
        let report = MiniApp.report([
            (0, "Books", Self.band(10)), (0, "Lookup", Self.band(110)), (0, "Profile", Self.band(210)),
            (0, "Extras", Self.band(310)), (0, "Shelf", MiniApp.middle(0)), (0, "Library", MiniApp.middle(1)),
        ])
        let result = IssueMatcher(index: index).map(report)
        #expect(result.primary(for: 1)?.location?.line == 7)
        #expect(result.primary(for: 2)?.location?.line == 25)
        #expect(result.primary(for: 3)?.location?.line == 27)
        #expect(result.primary(for: 4)?.location?.line == 30)
        // The content's "Library" is the text in LibraryView, not the enum's raw value.
        let library = try #require(result.issue(6))
        #expect(library.primary?.location?.file == "App/LibraryView.swift")
        #expect(library.explanation.contains("inside LibraryView's subtree"))
    }
}
