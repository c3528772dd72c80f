import SwiftUI

struct TransactionsView: View {
    enum Order: Hashable { case date, amount }

    @State private var order = Order.date
    @State private var showingForm = false

    var body: some View {
        NavigationStack {
            List {
                Picker("Sort", selection: $order) {
                    Text("Date").tag(Order.date)
                    Text("Amount").tag(Order.amount)
                }
                .pickerStyle(.segmented)
                TransactionRow(payee: "Cinema", category: .transport, amount: -24)
                NavigationLink(value: "detail") {
                    Text("Transaction details")
                }
            }
            .navigationTitle("Transactions")
            .navigationDestination(for: String.self) { _ in
                TransactionDetailView()
            }
            .toolbar {
                Button("Add") { showingForm = true }
            }
            .sheet(isPresented: $showingForm) {
                TransactionForm()
            }
            .overlay {
                EmptyStateView(message: "No transactions")
            }
        }
    }
}
