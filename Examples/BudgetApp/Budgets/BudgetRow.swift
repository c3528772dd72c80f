import SwiftUI

struct Budget: Identifiable {
    let id = UUID()
    let name: String
    let range: String

    static let samples = [
        Budget(name: "January 2026", range: "Jan 1 – 31, 2026"),
        Budget(name: "February 2026", range: "Feb 1 – 28, 2026"),
    ]
}

struct BudgetRow: View {
    let budget: Budget

    var body: some View {
        VStack(alignment: .leading) {
            Text(budget.name)
                .font(.headline)
            Text(budget.range)
                .font(.subheadline)
        }
        .accessibilityElement(children: .combine)
    }
}
