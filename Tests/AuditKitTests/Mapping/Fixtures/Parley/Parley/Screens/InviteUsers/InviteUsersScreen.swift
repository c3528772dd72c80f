import Compound
import SwiftUI

struct InviteUsersScreen: View {
    @State private var query = ""

    var body: some View {
        Form {
            Section {
                CompoundSearchField(prompt: L10n.commonSearchForSomeone, text: $query)
            }
        }
        .navigationTitle(L10n.screenInviteUsersTitle)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button(L10n.actionInvite) {}
            }
        }
    }
}
