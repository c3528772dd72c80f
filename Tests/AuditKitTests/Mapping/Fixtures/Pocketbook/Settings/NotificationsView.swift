import SwiftUI

struct NotificationsView: View {
    @State private var bills = true
    @State private var goals = false

    var body: some View {
        Form {
            Toggle("Bills due", isOn: $bills)
            Toggle("Goal reached", isOn: $goals)
        }
        .navigationTitle("Notifications")
    }
}
