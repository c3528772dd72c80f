import SwiftUI

struct HomeView: View {
    @State private var showingNewTransaction = false
    @State private var editing = false

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 16) {
                    HomeHeader(greeting: "Good morning")  // truth: home-greeting
                    HomeIncomeTile()
                    HomeSpendingTile()
                    HomeGoalsTile()
                    HomeUpcomingTile()
                    QuickActionsBar(onAdd: { showingNewTransaction = true })
                    RecentTransactionsSection()
                }
                .padding()
            }
            .navigationTitle("Overview")  // truth: home-title
            .toolbar {
                Button("Edit") { editing.toggle() }  // truth: home-edit
            }
            .sheet(isPresented: $showingNewTransaction) {
                TransactionForm()
            }
        }
    }
}

#Preview {
    HomeView()
}
