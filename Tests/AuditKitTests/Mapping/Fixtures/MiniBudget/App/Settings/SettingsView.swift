import SwiftUI

struct SettingsView {
    @State var reduceMotion = false
}

extension SettingsView: View {
    var body: some View {
        Form {
            Toggle("Reduce Motion", isOn: $reduceMotion)
            Label("About", systemImage: "info.circle")
                .accessibilityLabel(Text("settings.appInfo"))
        }
        .navigationTitle(NSLocalizedString("settings.title", comment: "Settings screen title"))
    }
}
