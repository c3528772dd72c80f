import SwiftUI

/// Pushes the settings screens onto the navigation stack.
final class SettingsFlowCoordinator {
    private let navigationStack: NavigationStackCoordinator
    private let userSession: UserSession

    init(navigationStack: NavigationStackCoordinator, userSession: UserSession) {
        self.navigationStack = navigationStack
        self.userSession = userSession
    }

    func start() {
        let viewModel = SettingsScreenViewModel(userSession: userSession)
        navigationStack.setRoot(AnyView(SettingsScreen(context: viewModel.context)))
    }

    func handle(_ action: SettingsScreenViewAction) {
        switch action {
        case .advancedSettings:
            navigationStack.push(AnyView(AdvancedSettingsScreen(context: AdvancedSettingsScreenViewModel().context)))
        case .analytics:
            navigationStack.push(AnyView(AnalyticsSettingsScreen(context: AnalyticsSettingsScreenViewModel().context)))
        case .about:
            navigationStack.push(AnyView(AboutScreen(openURL: { _ in })))
        case .notifications:
            navigationStack.push(
                AnyView(NotificationSettingsScreen(context: NotificationSettingsScreenViewModel().context)))
        default:
            break
        }
    }
}

/// Holds the screens pushed onto one navigation stack.
final class NavigationStackCoordinator: ObservableObject {
    @Published private(set) var root: AnyView?
    @Published private(set) var stack: [AnyView] = []

    func setRoot(_ view: AnyView) {
        root = view
    }

    func push(_ view: AnyView) {
        stack.append(view)
    }
}
