import SwiftUI

struct HomeUpcomingTile: View {
    var billsDue = 3

    var body: some View {
        SectionCard(title: "Upcoming") {  // truth: home-upcoming
            HStack {
                Text("Paycheck")  // truth: home-paycheck
                Text("Planned")
                Spacer()
                AmountText(amount: 2_450)
            }
            .accessibilityElement(children: .combine)
            Text("bills.due \(billsDue)")  // truth: home-bills
            LabeledContent("Balance", value: 1_234, format: .currency(code: "USD"))  // truth: home-balance
        }
    }
}
