import Compound
import SwiftUI

struct AnalyticsSettingsScreen: View {
    @ObservedObject var context: AnalyticsSettingsScreenViewModel.Context

    var body: some View {
        Form {
            Section {
                ListRow(
                    label: .plain(title: L10n.screenAnalyticsSettingsShareData),  // truth: analytics-share
                    kind: .toggle($context.enableAnalytics))
            } header: {
                Text(L10n.screenAnalyticsSettingsHelpUsImprove)  // truth: analytics-help
                    .compoundListSectionHeader()
            } footer: {
                Text(L10n.screenAnalyticsSettingsReadTerms)  // truth: analytics-terms
                    .compoundListSectionFooter()
            }
        }
        .compoundList()
        .navigationTitle(L10n.commonAnalytics)  // truth: analytics-title
        .navigationBarTitleDisplayMode(.inline)
    }
}

final class AnalyticsSettingsScreenViewModel {
    final class Context: ObservableObject {
        @Published var enableAnalytics = false
    }

    let context = Context()
}
