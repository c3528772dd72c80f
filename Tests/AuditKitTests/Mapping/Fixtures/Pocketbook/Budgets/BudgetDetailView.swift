import SwiftUI

struct BudgetDetailView: View {
    var body: some View {
        List {
            Text("budget.details")
                .font(.headline)
            SectionCard(title: "History") {
                Text("No changes yet")
            }
        }
        .navigationTitle("Budget history")
    }
}
