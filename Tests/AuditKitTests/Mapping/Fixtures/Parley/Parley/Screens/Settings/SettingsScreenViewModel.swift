import Combine
import Foundation

final class SettingsScreenViewModel: ObservableObject {
    final class Context: ObservableObject {
        @Published var viewState: SettingsScreenViewState
        var actions = PassthroughSubject<SettingsScreenViewAction, Never>()

        init(viewState: SettingsScreenViewState) {
            self.viewState = viewState
        }

        func send(viewAction: SettingsScreenViewAction) {
            actions.send(viewAction)
        }
    }

    let context: Context

    init(userSession: UserSession) {
        context = Context(
            viewState: SettingsScreenViewState(
                userID: userSession.userID, userDisplayName: userSession.displayName,
                appVersion: Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? ""))
    }
}

struct UserSession {
    let userID: String
    let displayName: String?
}
