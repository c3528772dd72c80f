import Foundation

enum RoomListFilter: Int, CaseIterable, Identifiable {
    case unreads
    case people
    case rooms
    case favourites
    case invites

    var id: Int { rawValue }

    var localizedName: String {
        switch self {
        case .unreads:
            return L10n.screenRoomlistFilterUnreads
        case .people:
            return L10n.screenRoomlistFilterPeople
        case .rooms:
            return L10n.screenRoomlistFilterRooms
        case .favourites:
            return L10n.screenRoomlistFilterFavourites
        case .invites:
            return L10n.screenRoomlistFilterInvites
        }
    }

    var incompatibleFilter: RoomListFilter? {
        switch self {
        case .people: .rooms
        case .rooms: .people
        default: nil
        }
    }
}
