import SwiftUI

struct GoalForm: View {
    @Environment(\.dismiss) private var dismiss
    @State private var name = ""

    var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $name)
                Toggle("Remind me", isOn: .constant(true))
            }
            .navigationTitle("New Goal")
            .toolbar {
                Button("Cancel") { dismiss() }
                Button("Save") { dismiss() }
            }
        }
    }
}
