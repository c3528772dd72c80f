import SwiftUI

struct BudgetsView: View {
    var budgets: [String] = []

    var body: some View {
        List {
            Section("Active Budgets") {
                ForEach(budgets, id: \.self) { name in
                    BudgetRow(title: name)
                }
            }
            if budgets.isEmpty {
                Text(String(localized: "budgets.empty"))
            }
        }
        .toolbar {
            Button("Edit") {}
        }
        .navigationTitle("Budgets")
    }
}

struct BudgetRow: View {
    var title: String
    var spent = 3
    var total = 5

    var body: some View {
        VStack(alignment: .leading) {
            Text(title)
            Text("budgets.progress \(spent) \(total)")
        }
    }
}
