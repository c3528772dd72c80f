import SwiftUI

struct AmountText: View {
    let amount: Decimal

    var body: some View {
        Text(amount, format: .currency(code: "USD"))
            .monospacedDigit()
    }
}
