import SwiftUI

struct AccountForm: View {
    @Environment(\.dismiss) private var dismiss
    @State private var name = ""

    var body: some View {
        Form {
            TextField("Name", text: $name)
            HStack {
                Button("Cancel") { dismiss() }
                Button("Save") { dismiss() }
            }
        }
    }
}
