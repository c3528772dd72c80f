import SwiftUI

struct AccountsView: View {
    @State private var showingForm = false

    var body: some View {
        List {
            NavigationLink {
                AccountDetailView()
            } label: {
                Text("Checking")
            }
            Button("Add account") { showingForm = true }
        }
        .navigationTitle("Accounts")
        .popover(isPresented: $showingForm) {
            AccountForm()
        }
    }
}
