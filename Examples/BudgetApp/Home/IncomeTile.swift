import SwiftUI

struct IncomeTile: View {
    let amount: Decimal

    var body: some View {
        HStack {
            Text("Income")
                .font(.system(size: 15, weight: .semibold))
            Spacer()
            Text(amount, format: .currency(code: "USD"))
                .font(.system(size: 17))
        }
    }
}
