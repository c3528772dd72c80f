import Compound
import SwiftUI

struct HomeScreen: View {
    @ObservedObject var context: HomeScreenViewModel.Context

    var body: some View {
        ScrollView {
            LazyVStack(spacing: 0) {
                RoomListFiltersView(activeFilters: $context.activeFilters)
                if context.viewState.rooms.isEmpty {
                    HomeScreenEmptyStateView()
                } else {
                    ForEach(context.viewState.rooms, id: \.self) { room in
                        HomeScreenRoomCell(name: room)
                    }
                }
            }
        }
        .navigationTitle(L10n.screenRoomlistMainSpaceTitle)  // truth: home-title
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    context.send(viewAction: .startChat)
                } label: {
                    CompoundIcon(\.compose)
                }
                .accessibilityLabel(L10n.screenRoomlistA11yCreateMessage)  // truth: home-compose
            }
        }
    }
}

struct HomeScreenEmptyStateView: View {
    var body: some View {
        VStack(spacing: 8) {
            Text(L10n.screenRoomlistEmptyTitle)  // truth: home-empty
                .font(.compound.headingMDBold)
            Button(L10n.actionStartChat) {}  // truth: home-start-chat
        }
    }
}

struct HomeScreenRoomCell: View {
    let name: String

    var body: some View {
        HStack {
            LoadableAvatarImage(name: name, contentID: name, size: .room(on: .timeline))
            Text(name)
        }
    }
}

struct HomeScreenViewState {
    var rooms: [String] = []
}

enum HomeScreenViewAction {
    case startChat
}

final class HomeScreenViewModel {
    final class Context: ObservableObject {
        @Published var viewState = HomeScreenViewState()
        @Published var activeFilters: [RoomListFilter] = []

        func send(viewAction: HomeScreenViewAction) {}
    }

    let context = Context()
}
