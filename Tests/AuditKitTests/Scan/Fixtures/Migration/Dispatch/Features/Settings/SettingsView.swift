import SwiftUI

struct SettingsView: View {
    let name: String

    var body: some View {
        VStack(alignment: .leading) {
            ProfileRow(name: name)
            SettingsRow(title: "Notifications", icon: "bell")
            SettingsRow(title: "Privacy", icon: "lock")
        }
    }
}

struct ProfileRow: View {
    let name: String

    var body: some View {
        HStack {
            Image(systemName: "person.crop.circle")
                .font(.system(size: 14))  // team: @footnote
            Text(name).font(.system(size: 13))  // team: DS.Typography.footnote
        }
    }
}

struct SettingsRow: View {
    let title: String
    let icon: String

    var body: some View {
        HStack {
            Image(systemName: icon).font(.system(size: DS.Spacing.rowIcon))  // team: @body
            Text(title).font(.system(size: 17))  // team: DS.Typography.body
            Spacer()
            Image(systemName: "chevron.right").font(.system(size: 12, weight: .semibold))  // team: @caption
        }
    }
}
