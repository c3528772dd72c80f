import SwiftUI

struct SpendingTile: View {
    let amount: Decimal

    var body: some View {
        HStack {
            Text("Spending")
                .foregroundStyle(.tertiary)
            Spacer()
            Text(amount, format: .currency(code: "USD"))
                .font(.body)
        }
    }
}
