import Foundation

struct RoomDetailsScreenViewState {
    var roomID: String
    var name: String
    var topic: String?
    var joinedMembersCount: Int
    var pinnedEventsCount: Int
    var notificationMode: RoomNotificationMode

    var notificationShortcutTitle: String {
        switch notificationMode {
        case .allMessages:
            return L10n.commonDefault
        case .mentionsAndKeywordsOnly:
            return L10n.screenRoomDetailsNotificationModeMentions
        case .mute:
            return L10n.commonMute
        }
    }
}

enum RoomNotificationMode {
    case allMessages
    case mentionsAndKeywordsOnly
    case mute
}

enum RoomDetailsScreenViewAction {
    case invite
    case call
    case share
    case addTopic
    case pinnedEvents
    case peopleList
    case notifications
    case pollsHistory
    case leave
}

final class RoomDetailsScreenViewModel {
    final class Context: ObservableObject {
        @Published var viewState: RoomDetailsScreenViewState
        @Published var isFavourite = false

        init(viewState: RoomDetailsScreenViewState) {
            self.viewState = viewState
        }

        func send(viewAction: RoomDetailsScreenViewAction) {}
    }

    let context: Context

    init(viewState: RoomDetailsScreenViewState) {
        context = Context(viewState: viewState)
    }
}
