import SwiftUI

struct SettingsView: View {
    @AppStorage("currency") private var currency = "USD"

    var body: some View {
        NavigationStack {
            Form {
                Section("Money") {
                    NavigationLink("Accounts") { AccountsView() }
                    Picker("Currency", selection: $currency) {
                        Text("US Dollar").tag("USD")
                        Text("Euro").tag("EUR")
                    }
                }
                Section("App") {
                    NavigationLink("Notifications") { NotificationsView() }
                    NavigationLink("About") { AboutView() }
                }
            }
            .navigationTitle("Settings")
        }
    }
}
