import SwiftUI

struct HomeSpendingTile: View {
    var spent = 1_830
    var budgets = 6
    var overBudget = 2

    var body: some View {
        SectionCard(title: "Spending") {  // truth: home-spending
            ProgressRing(fraction: 0.43)
            Text("\(overBudget) of \(budgets)")  // truth: home-over-count
            Text("budgets over their limit")  // truth: home-over-label
                .font(.footnote)
        }
    }
}
