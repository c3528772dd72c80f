import Compound
import SwiftUI

struct PollsHistoryScreen: View {
    @State private var filter = PollsHistoryFilter.ongoing

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Picker("", selection: $filter) {
                    ForEach(PollsHistoryFilter.allCases, id: \.self) { filter in
                        Text(filter.title)  // truth: polls-filter
                    }
                }
                .pickerStyle(.segmented)
                PollsList(filter: filter)
            }
        }
        .navigationTitle(L10n.screenPollsHistoryTitle)  // truth: polls-title
    }
}

struct PollsList: View {
    let filter: PollsHistoryFilter

    var body: some View {
        LazyVStack {
            Text(filter.emptyText)
        }
    }
}

enum PollsHistoryFilter: CaseIterable {
    case ongoing
    case past

    var title: String {
        switch self {
        case .ongoing: L10n.screenPollsHistoryFilterOngoing
        case .past: L10n.screenPollsHistoryFilterPast
        }
    }

    var emptyText: String {
        switch self {
        case .ongoing: "No ongoing polls"
        case .past: "No past polls"
        }
    }
}
