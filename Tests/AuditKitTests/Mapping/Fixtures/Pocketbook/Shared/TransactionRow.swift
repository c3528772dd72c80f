import SwiftUI

struct TransactionRow: View {
    let payee: String
    let category: Category
    let amount: Decimal

    var body: some View {
        HStack {
            Label(category.label, systemImage: category.symbol)
                .labelStyle(.iconOnly)
            Text(payee)
            Spacer()
            AmountText(amount: amount)
        }
    }
}
