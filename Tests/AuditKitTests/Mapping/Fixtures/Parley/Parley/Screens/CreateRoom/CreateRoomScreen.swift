import Compound
import SwiftUI

struct CreateRoomScreen: View {
    @State private var roomName = ""
    @State private var topic = ""
    @State private var isPrivate = true

    var body: some View {
        Form {
            Section {
                TextField(L10n.screenCreateRoomNameLabel, text: $roomName)  // truth: create-name
                TextField(L10n.screenCreateRoomTopicLabel, text: $topic, axis: .vertical)  // truth: create-topic
            }
            Section {
                ListRow(
                    label: .plain(
                        title: L10n.screenCreateRoomPrivateOption,  // truth: create-private
                        description: L10n.screenCreateRoomPrivateOptionDescription),
                    kind: .button { isPrivate = true })
                ListRow(
                    label: .plain(title: L10n.screenCreateRoomPublicOption),  // truth: create-public
                    kind: .button { isPrivate = false })
            }
        }
        .compoundList()
        .navigationTitle(L10n.screenCreateRoomTitle)  // truth: create-title
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button(L10n.actionCreate) {}  // truth: create-create
            }
        }
    }
}
