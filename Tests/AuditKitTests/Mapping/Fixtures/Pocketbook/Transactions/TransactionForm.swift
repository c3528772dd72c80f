import SwiftUI

/// The new-transaction form, presented from the home screen and from the transactions list.
struct TransactionForm: View {
    @Environment(\.dismiss) private var dismiss
    @State private var payee = ""
    @State private var amount = ""
    @State private var isIncome = false
    @State private var category = Category.groceries
    @State private var date = Date.now

    var body: some View {
        NavigationStack {
            Form {
                Section("Details") {  // truth: form-details
                    TextField("Payee", text: $payee)  // truth: form-payee
                    TextField("Amount", text: $amount)  // truth: form-amount
                    Toggle("Income", isOn: $isIncome)  // truth: form-income
                    DatePicker("Date", selection: $date, displayedComponents: .date)  // truth: form-date
                }
                Section {
                    CategoryPicker(selection: $category)
                } footer: {
                    Text("Categories help you compare months.")  // truth: form-footer
                }
            }
            .navigationTitle("New Transaction")  // truth: form-title
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }  // truth: form-cancel
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") { dismiss() }  // truth: form-save
                }
            }
        }
    }
}
