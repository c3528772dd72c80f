import SwiftUI

struct BudgetsView: View {
    let budgets = Budget.samples

    var body: some View {
        NavigationStack {
            List {
                Section("Active Budgets") {
                    ForEach(budgets) { budget in
                        BudgetRow(budget: budget)
                    }
                }
                Section {
                    Text("Groceries & Dining")
                        .lineLimit(1)
                }
            }
            .navigationTitle("Budgets")
        }
    }
}
