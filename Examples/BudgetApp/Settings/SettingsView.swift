import SwiftUI

struct SettingsView: View {
    @AppStorage("compactWidgets") private var compactWidgets = false
    @AppStorage("currency") private var currency = "USD"

    var body: some View {
        NavigationStack {
            Form {
                Toggle("Compact widgets", isOn: $compactWidgets)
                Picker("Currency", selection: $currency) {
                    Text("USD").tag("USD")
                    Text("EUR").tag("EUR")
                }
                .pickerStyle(.segmented)
            }
            .navigationTitle("Settings")
        }
    }
}
