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

    /// Issue 42's example: an enum's computed `title` (one case through `String(localized:)`, one a bare
    /// literal) that a `ForEach` over the cases hands to `Tab(…)` or to `Label` in `.tabItem { … }`; since issue
    /// 60 the line of the view that shows the title answers, the enum's line next.
    static func computedTitles(tabItem: Bool) -> MiniApp {
        let tab =
            tabItem
            ? """
                            NavigationStack { tab.content }
                                .tabItem { Label(tab.title, systemImage: tab.icon) }
            """
            : """
                            Tab(tab.title, systemImage: tab.icon, value: tab) { tab.content }
            """
        return MiniApp(files: [
            "App/AppTab.swift": """
            import SwiftUI
            enum AppTab: CaseIterable, Hashable {
                case trips, settings
                var title: String {
                    switch self {
                    case .trips: String(localized: "Trips", comment: "Tab title")
                    case .settings: "Settings"
                    }
                }
                var icon: String { self == .trips ? "airplane" : "gear" }
                @ViewBuilder var content: some View {
                    switch self {
                    case .trips: TripsView()
                    case .settings: SettingsView()
                    }
                }
            }
            struct RootView: View {
                @State var selection = AppTab.trips
                var body: some View {
                    TabView(selection: $selection) {
                        ForEach(AppTab.allCases, id: \\.self) { tab in
            \(tab)
                        }
                    }
                }
            }
            """,
            "App/SettingsView.swift": """
            import SwiftUI
            struct SettingsView: View {
                var body: some View {
                    Form {
                        Toggle("Notifications", isOn: .constant(true))
                        Text("Trips")
                    }
                    .navigationTitle("Settings")
                }
            }
            struct TripsView: View {
                var body: some View { List { Text("Upcoming") }.navigationTitle("Trips") }
            }
            """,
        ])
    }

    @Test(arguments: [false, true]) func computedTitlesOfAnEnumAreTabTitles(tabItem: Bool) throws {
        let app = Self.computedTitles(tabItem: tabItem)
        let index = try app.index()
        let report = MiniApp.report([
            (0, "Trips", Self.band(40)), (0, "Settings", Self.band(240)),
            (0, "Notifications", MiniApp.middle(0)), (0, "Settings", MiniApp.middle(-3)),
        ])
        let result = IssueMatcher(index: index).map(report)
        // The view that shows the enum's title (issue 60), then the enum's own line.
        let shown = SymbolMappingTests.line(of: "(tab.title, systemImage: tab.icon", in: "App/AppTab.swift", of: app)
        let trips = try #require(result.issue(1))
        #expect(trips.primary?.location?.file == "App/AppTab.swift")
        #expect(trips.primary?.location?.line == shown)
        #expect(
            trips.candidates[1].location?.line
                == SymbolMappingTests.line(of: "String(localized: \"Trips\"", in: "App/AppTab.swift", of: app))
        #expect(try #require(trips.primary?.confidence) >= IssueMatcher.firmConfidence)
        let settings = try #require(result.issue(2))
        #expect(settings.primary?.location?.line == shown)
        #expect(
            settings.candidates[1].location?.line
                == SymbolMappingTests.line(of: "case .settings: \"Settings\"", in: "App/AppTab.swift", of: app))
        #expect(settings.explanation.contains("in the tab bar"))
        // The screen's own title stays the navigation title, and the comment is no title.
        let title = try #require(result.primary(for: 4))
        #expect(title.location?.file == "App/SettingsView.swift")
        #expect(title.role == "title")
        #expect(!index.literals(exactly: "Tab title").contains { index.isTabTitle($0) })
    }
}
