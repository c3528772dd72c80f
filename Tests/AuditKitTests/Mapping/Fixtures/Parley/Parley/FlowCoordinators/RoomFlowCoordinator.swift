import SwiftUI

/// Pushes a room, its details and what they open.
final class RoomFlowCoordinator {
    private let navigationStack: NavigationStackCoordinator

    init(navigationStack: NavigationStackCoordinator) {
        self.navigationStack = navigationStack
    }

    func presentRoom() {
        navigationStack.push(AnyView(RoomScreen(context: RoomScreenViewModel().context)))
    }

    func presentRoomDetails(_ viewState: RoomDetailsScreenViewState) {
        navigationStack.push(
            AnyView(RoomDetailsScreen(context: RoomDetailsScreenViewModel(viewState: viewState).context)))
    }

    func handle(_ action: RoomDetailsScreenViewAction) {
        switch action {
        case .peopleList:
            navigationStack.push(AnyView(RoomMembersListScreen(members: [], pending: [])))
        case .invite:
            navigationStack.push(AnyView(InviteUsersScreen()))
        case .notifications:
            navigationStack.push(AnyView(RoomNotificationSettingsScreen()))
        case .pollsHistory:
            navigationStack.push(AnyView(PollsHistoryScreen()))
        default:
            break
        }
    }
}

/// Starts a chat: the start screen, then creating a room.
final class StartChatFlowCoordinator {
    private let navigationStack: NavigationStackCoordinator

    init(navigationStack: NavigationStackCoordinator) {
        self.navigationStack = navigationStack
    }

    func start() {
        navigationStack.setRoot(AnyView(StartChatScreen(context: StartChatScreenViewModel().context)))
    }

    func createRoom() {
        navigationStack.push(AnyView(CreateRoomScreen()))
    }

    func home() -> some View {
        HomeScreen(context: HomeScreenViewModel().context)
    }
}
