import SwiftUI

struct TransactionDetailView: View {
    var body: some View {
        Form {
            LabeledContent("Payee", value: "Cinema")
            LabeledContent("Category", value: "Transport")
            Button("Edit") {}
            Button("Delete", role: .destructive) {}
        }
        .navigationTitle("Details")
    }
}
