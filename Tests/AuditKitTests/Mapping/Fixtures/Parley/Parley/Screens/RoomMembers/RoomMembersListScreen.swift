import Compound
import SwiftUI

struct RoomMembersListScreen: View {
    let members: [String]
    let pending: [String]
    @State private var searchQuery = ""

    var body: some View {
        Form {
            Section {
                ForEach(pending, id: \.self) { member in
                    ListRow(label: .plain(title: member), kind: .button {})
                }
            } header: {
                Text(L10n.screenRoomMemberListPendingHeader)
            }
            Section {
                ForEach(members, id: \.self) { member in
                    ListRow(label: .plain(title: member), kind: .button {})
                }
            } header: {
                Text(L10n.screenRoomMemberListRoomMembersHeader)
            }
        }
        .searchable(text: $searchQuery)
        .navigationTitle(L10n.commonPeople)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button(L10n.actionInvite) {}
            }
        }
    }
}
