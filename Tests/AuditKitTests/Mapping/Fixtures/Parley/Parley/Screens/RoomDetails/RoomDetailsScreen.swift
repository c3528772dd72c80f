import Compound
import SwiftUI

struct RoomDetailsScreen: View {
    @ObservedObject var context: RoomDetailsScreenViewModel.Context

    var body: some View {
        Form {
            headerSection
            topicSection
            configurationSection
            aboutSection
            securitySection
            leaveRoomSection
        }
        .compoundList()
        .navigationTitle(L10n.screenRoomDetailsTitle)  // truth: details-title
        .navigationBarTitleDisplayMode(.inline)
    }

    private var headerSection: some View {
        VStack(spacing: 16) {
            LoadableAvatarImage(
                name: context.viewState.name, contentID: context.viewState.roomID, size: .room(on: .roomDetails))
            Text(context.viewState.name)
                .font(.compound.headingLGBold)
            HStack(spacing: 32) {
                RoomDetailsHeaderButton(title: L10n.actionInvite, icon: \.userAdd) {  // truth: details-invite-button
                    context.send(viewAction: .invite)
                }
                RoomDetailsHeaderButton(title: L10n.actionCall, icon: \.user) {  // truth: details-call-button
                    context.send(viewAction: .call)
                }
                RoomDetailsHeaderButton(title: L10n.actionShare, icon: \.share) {  // truth: details-share-button
                    context.send(viewAction: .share)
                }
            }
        }
        .frame(maxWidth: .infinity)
    }

    @ViewBuilder
    private var topicSection: some View {
        Section {
            if let topic = context.viewState.topic {
                Text(topic)
                    .font(.compound.bodySM)
            } else {
                ListRow(
                    label: .plain(title: L10n.screenRoomDetailsAddTopicTitle),  // truth: details-add-topic
                    kind: .button { context.send(viewAction: .addTopic) })
            }
        }
    }

    private var configurationSection: some View {
        Section {
            ListRow(
                label: .default(title: L10n.commonFavourite, icon: \.favourite),  // truth: details-favourite
                kind: .toggle($context.isFavourite))
            ListRow(
                label: .default(title: L10n.screenRoomDetailsPinnedEventsRowTitle, icon: \.pin),  // truth: pinned
                details: .title(String(context.viewState.pinnedEventsCount)),
                kind: .navigationLink { context.send(viewAction: .pinnedEvents) })
        }
    }

    private var aboutSection: some View {
        Section {
            ListRow(
                label: .default(title: L10n.commonPeople, icon: \.user),  // truth: details-people
                details: .title(String(context.viewState.joinedMembersCount)),
                kind: .navigationLink { context.send(viewAction: .peopleList) })
            ListRow(
                label: .default(title: L10n.commonInvitePeople, icon: \.userAdd),  // truth: details-invite-people
                kind: .navigationLink { context.send(viewAction: .invite) })
            ListRow(
                label: .default(title: L10n.commonNotifications, icon: \.notifications),  // truth: details-notif
                details: .title(context.viewState.notificationShortcutTitle),
                kind: .navigationLink { context.send(viewAction: .notifications) })
            ListRow(
                label: .default(title: L10n.commonPolls, icon: \.polls),  // truth: details-polls
                kind: .navigationLink { context.send(viewAction: .pollsHistory) })
        }
    }

    private var securitySection: some View {
        Section {
            ListRow(
                label: .default(
                    title: L10n.screenRoomDetailsEncryptionEnabledTitle,  // truth: details-encryption
                    description: L10n.screenRoomDetailsEncryptionEnabledSubtitle,
                    icon: \.lock),
                kind: .label)
        } header: {
            Text(L10n.commonSecurity)  // truth: details-security
                .compoundListSectionHeader()
        }
    }

    private var leaveRoomSection: some View {
        Section {
            ListRow(
                label: .action(
                    title: L10n.screenRoomDetailsLeaveRoomTitle,  // truth: details-leave
                    icon: \.leave, role: .destructive),
                kind: .button { context.send(viewAction: .leave) })
        }
    }
}

/// One of the round buttons under the room's name.
struct RoomDetailsHeaderButton: View {
    let title: String
    let icon: KeyPath<CompoundIcons, Image>
    let action: () -> Void

    init(title: String, icon: KeyPath<CompoundIcons, Image>, action: @escaping () -> Void) {
        self.title = title
        self.icon = icon
        self.action = action
    }

    var body: some View {
        Button(action: action) {
            VStack(spacing: 4) {
                CompoundIcon(icon)
                Text(title)
                    .font(.compound.bodyMDSemibold)
            }
        }
    }
}
