import SwiftUI

@main
struct PocketbookApp: App {
    var body: some Scene {
        WindowGroup {
            RootTabView()
        }
    }
}
