import Compound
import SwiftUI

struct SettingsScreen: View {
    @ObservedObject var context: SettingsScreenViewModel.Context

    var body: some View {
        Form {
            userSection
            accountSection
            generalSection
            signOutSection
        }
        .compoundList()
        .navigationTitle(L10n.commonSettings)  // truth: settings-title
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { doneButton }
    }

    private var userSection: some View {
        Section {
            ListRow(
                kind: .custom {
                    Button {
                        context.send(viewAction: .userDetails)
                    } label: {
                        UserProfileCell(
                            displayName: context.viewState.userDisplayName, userID: context.viewState.userID)
                    }
                })
        }
    }

    private var accountSection: some View {
        Section {
            ListRow(
                label: .default(title: L10n.commonAccount, icon: \.userProfile),  // truth: settings-account
                kind: .navigationLink { context.send(viewAction: .account) })
            ListRow(
                label: .default(title: L10n.screenSettingsDevices, icon: \.devices),  // truth: settings-devices
                kind: .navigationLink { context.send(viewAction: .manageDevices) })
        }
    }

    private var generalSection: some View {
        Section {
            ListRow(
                label: .default(title: L10n.commonNotifications, icon: \.notifications),  // truth: settings-notif
                kind: .navigationLink { context.send(viewAction: .notifications) })
            ListRow(
                label: .default(title: L10n.commonAnalytics, icon: \.chart),  // truth: settings-analytics
                kind: .navigationLink { context.send(viewAction: .analytics) })
            ListRow(
                label: .default(title: L10n.commonReportAProblem, icon: \.chatProblem),  // truth: settings-report
                kind: .navigationLink { context.send(viewAction: .reportBug) })
            ListRow(
                label: .default(title: L10n.commonAbout, icon: \.info),  // truth: settings-about
                kind: .navigationLink { context.send(viewAction: .about) })
            ListRow(
                label: .default(title: L10n.commonAdvancedSettings, icon: \.settings),  // truth: settings-advanced
                kind: .navigationLink { context.send(viewAction: .advancedSettings) })
            ListRow(
                label: .default(title: L10n.commonBlockedUsers, icon: \.block),  // truth: settings-blocked
                details: .counter(context.viewState.blockedUsersCount),
                kind: .navigationLink { context.send(viewAction: .blockedUsers) })
        } footer: {
            Text(L10n.screenSettingsVersion(context.viewState.appVersion))  // truth: settings-version
                .compoundListSectionFooter()
        }
    }

    private var signOutSection: some View {
        Section {
            ListRow(
                label: .action(
                    title: L10n.commonSignOut, icon: \.signOut, role: .destructive),  // truth: settings-sign-out
                kind: .button { context.send(viewAction: .logout) })
        }
    }

    private var doneButton: some ToolbarContent {
        ToolbarItem(placement: .confirmationAction) {
            Button(L10n.actionDone) {  // truth: settings-done
                context.send(viewAction: .close)
            }
        }
    }
}

/// The signed-in user at the top of the settings.
struct UserProfileCell: View {
    let displayName: String?
    let userID: String

    var body: some View {
        HStack(spacing: 12) {
            LoadableAvatarImage(name: displayName, contentID: userID, size: .user(on: .settings))
            VStack(alignment: .leading, spacing: 4) {
                Text(displayName ?? userID)
                    .font(.compound.headingMDBold)
                Text(userID)
                    .font(.compound.bodyMD)
            }
        }
    }
}

struct LoadableAvatarImage: View {
    let name: String?
    let contentID: String
    let size: AvatarSize

    var body: some View {
        Circle()
            .frame(width: size.value, height: size.value)
            .overlay(Text(String((name ?? contentID).prefix(1))))
    }
}
