import SwiftUI

struct HomeView: View {
    @State private var isEditing = false
    let income: Decimal = 4_310
    let spending: Decimal = 1_980.40

    var body: some View {
        NavigationStack {
            List {
                Section("Widgets") {
                    IncomeTile(amount: income)
                    SpendingTile(amount: spending)
                    NextPlannedRow(title: "Rent", date: .now)
                }
            }
            .navigationTitle("Home")
            .toolbar {
                Button("Edit") { isEditing.toggle() }
                    .foregroundStyle(.secondary)
            }
        }
    }
}
