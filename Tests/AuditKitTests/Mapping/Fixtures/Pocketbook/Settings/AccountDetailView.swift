import SwiftUI

struct AccountDetailView: View {
    var body: some View {
        Form {
            LabeledContent("account.holder", value: "Alex Doe")
            Button("Edit") {}
        }
        .navigationTitle("Checking")
    }
}
