import SwiftUI

/// Multi-line modifier chains, nested parentheses and trailing closures.
struct Chains: View {
    var body: some View {
        VStack {
            Button {
                save()
            } label: {
                Label("Save", systemImage: "tray")
            }
            .padding(.horizontal)
            .font(
                .system(
                    size: 19,
                    weight: .medium
                )
            )
            Image(systemName: "star.fill")
                .resizable()
                .foregroundStyle(.yellow)
                .font(.system(size: 24))
            VStack { Text("a") }.font(.system(size: max(12, min(20, 14))))
            Text("Nested")
                .font(
                    .custom(
                        "Avenir", fixedSize: (16)))
        }
    }

    func save() {}
}
