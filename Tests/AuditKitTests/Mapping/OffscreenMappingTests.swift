import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// What is not on screen: menu content, context menus, dialogs and swipe actions rank like hidden labels,
/// and literals no text call receives come after every text.
@Suite struct OffscreenMappingTests {
    static let app = MiniApp(files: [
        "App/ListView.swift": """
        import SwiftUI
        struct ListView: View {
            @AppStorage("Drafts") var drafts = false
            var body: some View {
                List {
                    Text("Inbox")
                        .contextMenu { Button("Archive") {} }
                        .swipeActions { Button("Delete") {} }
                    Menu {
                        Button("Rename") {}
                    } label: {
                        Text("More")
                    }
                }
                .confirmationDialog("Sure?", isPresented: .constant(false)) { Button("Erase") {} }
            }
        }
        """,
        "App/Toolbar.swift": """
        import SwiftUI
        struct Toolbar: View {
            var body: some View { HStack { Button("Archive") {}; Text("Drafts"); Text("Rename") } }
        }
        """,
    ])

    @Test func menuDialogAndSwipeContentIsMarkedNotShown() throws {
        let index = try Self.app.index()
        func hidden(_ text: String, _ file: String) -> Bool? {
            index.literals(exactly: text).first { $0.file == file }?.literal.isHiddenLabel
        }
        #expect(hidden("Archive", "App/ListView.swift") == true)
        #expect(hidden("Delete", "App/ListView.swift") == true)
        #expect(hidden("Rename", "App/ListView.swift") == true)
        #expect(hidden("Erase", "App/ListView.swift") == true)
        #expect(hidden("More", "App/ListView.swift") == false)
        #expect(hidden("Inbox", "App/ListView.swift") == false)
        #expect(hidden("Rename", "App/Toolbar.swift") == false)
    }

    @Test func aTextOutsideTheSubtreeBeatsAStorageKeyInside() throws {
        let report = MiniApp.report([
            (0, "Inbox", MiniApp.middle(0)), (0, "More", MiniApp.middle(1)), (0, "Drafts", MiniApp.middle(2)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        // ListView's "Drafts" is a storage key: the text outside the screen's subtree comes first.
        #expect(result.primary(for: 3)?.location?.file == "App/Toolbar.swift")
    }
}
