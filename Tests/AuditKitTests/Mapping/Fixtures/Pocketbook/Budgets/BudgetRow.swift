import SwiftUI

struct BudgetRow: View {
    let name: String
    let spent: Decimal
    let limit: Decimal

    var body: some View {
        VStack(alignment: .leading) {
            Text(name)
                .font(.body)
            HStack {
                Text("Spent")  // truth: budgets-spent
                AmountText(amount: spent)
            }
            if spent > limit {
                Text("Remaining")
                    .foregroundStyle(.red)
            } else {
                Text("Remaining")  // truth: budgets-remaining
            }
        }
    }
}
