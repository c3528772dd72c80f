import SwiftUI

struct ProfileView: View {
    @State private var profile = UserProfile.sample

    var body: some View {
        NavigationStack {
            Form {
                personalSection
                addressSection
                paymentSection
                Section {
                    Button(Strings.Settings.signOut, role: .destructive) {}  // truth: profile-sign-out
                }
            }
            .navigationTitle(Strings.Profile.title)  // truth: profile-title
            .toolbar {
                NavigationLink(Strings.Settings.title) {  // truth: profile-settings
                    SettingsView()
                }
            }
        }
    }

    private var paymentSection: some View {
        Section {
            InfoRow(title: Strings.Profile.card, value: profile.card)  // truth: profile-card
        } header: {
            SectionHeader(title: Strings.Profile.payment, actionTitle: Strings.Common.edit)  // truth: profile-payment
        }
    }

    private var addressSection: some View {
        Section {
            InfoRow(title: Strings.Profile.street, value: profile.street)  // truth: profile-street
            InfoRow(title: Strings.Profile.city, value: profile.city)  // truth: profile-city
        } header: {
            SectionHeader(title: Strings.Profile.address, actionTitle: Strings.Common.edit)  // truth: profile-address
        }
    }

    private var personalSection: some View {
        Section {
            InfoRow(title: Strings.Profile.name, value: profile.name)  // truth: profile-name
            InfoRow(title: Strings.Profile.email, value: profile.email)  // truth: profile-email
        } header: {
            SectionHeader(title: Strings.Profile.personal, actionTitle: Strings.Common.edit)  // truth: profile-personal
        }
    }
}

struct UserProfile {
    var name: String
    var email: String
    var street: String
    var city: String
    var card: String

    static let sample = UserProfile(
        name: "Ana Ruiz", email: "ana@example.com", street: "12 Harbour Lane", city: "Bristol", card: "•••• 4242")
}
