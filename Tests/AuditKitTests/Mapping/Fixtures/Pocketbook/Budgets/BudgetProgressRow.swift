import SwiftUI

struct BudgetProgressRow: View {
    let used: Int
    let total: Int

    var body: some View {
        HStack {
            Text("Budgets used")  // truth: budgets-used
            Spacer()
            Text("\(used) of \(total)")  // truth: budgets-used-count
        }
    }
}
