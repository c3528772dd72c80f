import SwiftUI

struct QuickActionsBar: View {
    var onAdd: () -> Void

    var body: some View {
        HStack {
            Button("Add transaction", action: onAdd)  // truth: home-add
            Button("Transfer") {}  // truth: home-transfer
            Button("Scan receipt") {}
        }
        .buttonStyle(.bordered)
    }
}
