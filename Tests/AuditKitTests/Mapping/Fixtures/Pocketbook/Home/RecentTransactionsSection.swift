import SwiftUI

struct RecentTransactionsSection: View {
    var body: some View {
        SectionCard(title: "Recent") {  // truth: home-recent
            TransactionRow(payee: "Grocer's Market", category: .groceries, amount: -54)
            TransactionRow(payee: "Rent", category: .housing, amount: -1_200)  // truth: home-rent
            NavigationLink("Show all") {  // truth: home-show-all
                TransactionsView()
            }
        }
    }
}
