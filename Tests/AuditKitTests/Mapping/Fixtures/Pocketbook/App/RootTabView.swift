import SwiftUI

/// The app's tabs; titles are catalog keys.
enum AppTab: Hashable, CaseIterable {
    case home, transactions, budgets, goals, settings

    var title: LocalizedStringKey {
        switch self {
        case .home: "tab.home"  // truth: tab-home
        case .transactions: "tab.transactions"
        case .budgets: "tab.budgets"  // truth: tab-budgets
        case .goals: "tab.goals"
        case .settings: "tab.settings"
        }
    }

    var symbol: String {
        switch self {
        case .home: "house"
        case .transactions: "list.bullet"
        case .budgets: "chart.pie"
        case .goals: "target"
        case .settings: "gearshape"
        }
    }
}

struct RootTabView: View {
    @State private var selection = AppTab.home

    var body: some View {
        TabView(selection: $selection) {
            Tab(AppTab.home.title, systemImage: AppTab.home.symbol, value: AppTab.home) {
                HomeView()
            }
            Tab(AppTab.transactions.title, systemImage: AppTab.transactions.symbol, value: AppTab.transactions) {
                TransactionsView()
            }
            Tab(AppTab.budgets.title, systemImage: AppTab.budgets.symbol, value: AppTab.budgets) {
                BudgetsView()
            }
            Tab(AppTab.goals.title, systemImage: AppTab.goals.symbol, value: AppTab.goals) {
                GoalsView()
            }
            Tab(AppTab.settings.title, systemImage: AppTab.settings.symbol, value: AppTab.settings) {
                SettingsView()
            }
        }
    }
}
