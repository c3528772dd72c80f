import Compound
import SwiftUI

struct StartChatScreen: View {
    @ObservedObject var context: StartChatScreenViewModel.Context

    var body: some View {
        Form {
            if context.searchQuery.isEmpty {
                mainContent
            } else {
                searchContent
            }
        }
        .compoundList()
        .navigationTitle(L10n.screenStartChatTitle)  // truth: start-title
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { toolbar }
        .searchable(text: $context.searchQuery, prompt: L10n.commonSearchForSomeone)  // truth: start-search
    }

    @ViewBuilder
    private var mainContent: some View {
        createRoomSection
        inviteFriendsSection
        joinByAddressSection
        suggestionsSection
    }

    private var createRoomSection: some View {
        Section {
            ListRow(
                label: .default(title: L10n.screenStartChatCreateRoom, icon: \.plus),  // truth: start-create-room
                kind: .navigationLink { context.send(viewAction: .createRoom) })
        }
    }

    private var inviteFriendsSection: some View {
        Section {
            ListRow(
                label: .default(title: L10n.screenStartChatInviteFriends, icon: \.share),  // truth: start-invite
                kind: .button { context.send(viewAction: .inviteFriends) })
        }
    }

    private var joinByAddressSection: some View {
        Section {
            ListRow(
                label: .default(title: L10n.screenStartChatJoinByAddress, icon: \.link),  // truth: start-join
                kind: .navigationLink { context.send(viewAction: .joinRoomByAddress) })
        }
    }

    private var suggestionsSection: some View {
        Section {
            ForEach(context.viewState.suggestions, id: \.self) { user in
                ListRow(label: .plain(title: user), kind: .button { context.send(viewAction: .selectUser(user)) })
            }
        } header: {
            Text(L10n.commonSuggestions)  // truth: start-suggestions
                .compoundListSectionHeader()
        }
    }

    private var searchContent: some View {
        Section {
            ForEach(context.viewState.searchResults, id: \.self) { user in
                ListRow(label: .plain(title: user), kind: .button { context.send(viewAction: .selectUser(user)) })
            }
        }
    }

    @ToolbarContentBuilder
    private var toolbar: some ToolbarContent {
        ToolbarItem(placement: .cancellationAction) {
            Button(L10n.actionCancel) {  // truth: start-cancel
                context.send(viewAction: .close)
            }
        }
    }
}

struct StartChatScreenViewState {
    var suggestions: [String] = []
    var searchResults: [String] = []
}

enum StartChatScreenViewAction {
    case close
    case createRoom
    case inviteFriends
    case joinRoomByAddress
    case selectUser(String)
}

final class StartChatScreenViewModel {
    final class Context: ObservableObject {
        @Published var viewState = StartChatScreenViewState()
        @Published var searchQuery = ""

        func send(viewAction: StartChatScreenViewAction) {}
    }

    let context = Context()
}
