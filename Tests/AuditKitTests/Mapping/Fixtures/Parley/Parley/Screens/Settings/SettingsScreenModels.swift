import Foundation

struct SettingsScreenViewState {
    var userID: String
    var userDisplayName: String?
    var appVersion: String
    var blockedUsersCount = 0
}

enum SettingsScreenViewAction {
    case close
    case userDetails
    case account
    case manageDevices
    case notifications
    case analytics
    case reportBug
    case about
    case advancedSettings
    case blockedUsers
    case logout
}

enum AvatarSize {
    case user(on: AvatarPlace)
    case room(on: AvatarPlace)

    var value: CGFloat {
        switch self {
        case .user(let place), .room(let place):
            place == .settings ? 52 : 32
        }
    }
}

enum AvatarPlace {
    case settings
    case roomDetails
    case timeline
}
