import Compound
import SwiftUI

struct RoomNotificationSettingsScreen: View {
    @State private var mode = RoomNotificationMode.allMessages

    var body: some View {
        Form {
            Section {
                ListRow(label: .plain(title: L10n.commonAllMessages), kind: .button { mode = .allMessages })
                ListRow(
                    label: .plain(title: L10n.screenRoomDetailsNotificationModeMentions),
                    kind: .button { mode = .mentionsAndKeywordsOnly })
                ListRow(label: .plain(title: L10n.commonMute), kind: .button { mode = .mute })
            }
        }
        .compoundList()
        .navigationTitle(L10n.commonNotifications)
    }
}
