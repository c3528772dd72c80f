import SwiftUI

struct BudgetForm: View {
    @Environment(\.dismiss) private var dismiss
    @State private var name = ""
    @State private var limit = ""

    var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $name)
                TextField("Limit", text: $limit)
                CategoryPicker(selection: .constant(.groceries))
            }
            .navigationTitle("New Budget")
            .toolbar {
                Button("Cancel") { dismiss() }
                Button("Save") { dismiss() }
            }
        }
    }
}
