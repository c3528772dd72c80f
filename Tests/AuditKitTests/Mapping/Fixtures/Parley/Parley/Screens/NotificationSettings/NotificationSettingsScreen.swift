import Compound
import SwiftUI

struct NotificationSettingsScreen: View {
    @ObservedObject var context: NotificationSettingsScreenViewModel.Context

    var body: some View {
        Form {
            enableNotificationsSection
            roomsNotificationSection
            additionalSettingsSection
        }
        .compoundList()
        .navigationTitle(L10n.commonNotifications)  // truth: notifications-title
        .navigationBarTitleDisplayMode(.inline)
    }

    private var enableNotificationsSection: some View {
        Section {
            ListRow(
                label: .plain(title: L10n.screenNotificationSettingsEnableNotifications),  // truth: notif-enable
                kind: .toggle($context.enableNotifications))
        }
    }

    private var roomsNotificationSection: some View {
        Section {
            ListRow(
                label: .plain(title: L10n.screenNotificationSettingsGroupChats),  // truth: notifications-group
                details: .title(context.viewState.groupChatsMode.title),
                kind: .navigationLink { context.send(viewAction: .groupChats) })
            ListRow(
                label: .plain(title: L10n.screenNotificationSettingsDirectChats),  // truth: notifications-direct
                details: .title(context.viewState.directChatsMode.title),
                kind: .navigationLink { context.send(viewAction: .directChats) })
        }
    }

    private var additionalSettingsSection: some View {
        Section {
            ListRow(
                label: .plain(title: L10n.screenNotificationSettingsCalls),  // truth: notifications-calls
                kind: .toggle($context.callsEnabled))
            ListRow(
                label: .plain(title: L10n.screenNotificationSettingsInvitations),  // truth: notifications-invitations
                kind: .toggle($context.invitationsEnabled))
        } header: {
            Text(L10n.screenNotificationSettingsAdditionalSettings)  // truth: notifications-additional
                .compoundListSectionHeader()
        }
    }
}

enum NotificationMode {
    case allMessages
    case mentionsAndKeywordsOnly

    var title: String {
        switch self {
        case .allMessages: L10n.commonAllMessages
        case .mentionsAndKeywordsOnly: L10n.screenNotificationSettingsMentionsOnly
        }
    }
}

struct NotificationSettingsScreenViewState {
    var groupChatsMode = NotificationMode.allMessages
    var directChatsMode = NotificationMode.mentionsAndKeywordsOnly
}

final class NotificationSettingsScreenViewModel {
    final class Context: ObservableObject {
        @Published var viewState = NotificationSettingsScreenViewState()
        @Published var enableNotifications = true
        @Published var callsEnabled = true
        @Published var invitationsEnabled = true

        func send(viewAction: NotificationSettingsScreenViewAction) {}
    }

    let context = Context()
}

enum NotificationSettingsScreenViewAction {
    case groupChats
    case directChats
}
