import SwiftUI

struct BudgetsView: View {
    enum Scope: Hashable { case active, archived }

    @State private var scope = Scope.active
    @State private var showingForm = false
    @State private var editing = false

    var body: some View {
        NavigationStack {
            List {
                Picker("Budgets", selection: $scope) {
                    Text("Active").tag(Scope.active)  // truth: budgets-active
                    Text("Archived").tag(Scope.archived)
                }
                .pickerStyle(.segmented)
                Section("Active Budgets") {  // truth: budgets-section
                    BudgetRow(name: "Groceries", spent: 320, limit: 500)  // truth: budgets-groceries
                    BudgetRow(name: "Transport", spent: 95, limit: 150)  // truth: budgets-transport
                }
                Section {
                    BudgetProgressRow(used: 3, total: 5)
                }
                Menu("Sort") {  // truth: budgets-sort
                    Button("By name") {}
                    Button("By amount spent") {}
                }
                NavigationLink("Budget history", destination: BudgetDetailView())  // truth: budgets-history
            }
            .navigationTitle("Budgets")  // truth: budgets-title
            .toolbar {
                Button("Edit") { editing.toggle() }  // truth: budgets-edit
                Button("New Budget") { showingForm = true }  // truth: budgets-new
            }
            .sheet(isPresented: $showingForm) {
                BudgetForm()
            }
        }
    }
}
