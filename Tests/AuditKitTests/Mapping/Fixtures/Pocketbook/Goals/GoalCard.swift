import SwiftUI

struct GoalCard: View {
    let name: String
    let saved: Decimal
    let target: Decimal

    var body: some View {
        VStack(alignment: .leading) {
            Text(name)
            Gauge(value: 0.4) {
                Text("Saved")
            }
            AmountText(amount: target)
        }
    }
}
