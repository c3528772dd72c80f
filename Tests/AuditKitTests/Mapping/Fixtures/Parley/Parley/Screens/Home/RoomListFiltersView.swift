import Compound
import SwiftUI

struct RoomListFiltersView: View {
    @Binding var activeFilters: [RoomListFilter]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 8) {
                ForEach(RoomListFilter.allCases) { filter in
                    RoomListFilterView(filter: filter, isActive: activeFilters.contains(filter)) {
                        toggle(filter)
                    }
                }
            }
            .padding(.horizontal, 16)
        }
    }

    private func toggle(_ filter: RoomListFilter) {
        if let index = activeFilters.firstIndex(of: filter) {
            activeFilters.remove(at: index)
        } else {
            activeFilters.append(filter)
        }
    }
}

struct RoomListFilterView: View {
    let filter: RoomListFilter
    let isActive: Bool
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            Text(filter.localizedName)  // truth: home-filter
                .font(.compound.bodyLGSemibold)
                .padding(.horizontal, 12)
                .padding(.vertical, 6)
        }
        .accessibilityAddTraits(isActive ? .isSelected : [])
    }
}
