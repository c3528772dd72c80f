import SwiftUI

struct SettingsView: View {
    @State private var newsletter = false
    @State private var orderUpdates = true

    var body: some View {
        Form {
            Section(Strings.Settings.account) {  // truth: settings-account
                ChangeRow(title: Strings.Profile.email, value: "ana@example.com") {}  // truth: settings-email
                ChangeRow(title: Strings.Settings.password, value: "••••••••") {}  // truth: settings-password
            }
            Section(Strings.Settings.notifications) {  // truth: settings-notifications
                Toggle(Strings.Settings.newsletter, isOn: $newsletter)  // truth: settings-newsletter
                Toggle(Strings.Settings.orderUpdates, isOn: $orderUpdates)  // truth: settings-order-updates
            }
            Section {
                NavigationLink(Strings.Orders.title) {  // truth: settings-orders
                    OrdersView()
                }
            }
        }
        .navigationTitle(Strings.Settings.title)  // truth: settings-title
    }
}
