import SwiftUI

struct HomeIncomeTile: View {
    var total: Decimal = 4_250

    var body: some View {
        SectionCard(title: "Income") {  // truth: home-income
            AmountText(amount: total)
            Text("This month")  // truth: home-income-month
                .font(.caption)
        }
    }
}
