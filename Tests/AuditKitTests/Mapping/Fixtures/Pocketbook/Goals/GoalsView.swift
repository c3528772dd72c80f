import SwiftUI

struct GoalsView: View {
    @State private var model = GoalsViewModel()
    @State private var showingForm = false

    var body: some View {
        NavigationStack {
            List {
                ForEach(model.goals, id: \.self) { goal in
                    GoalCard(name: goal, saved: 100, target: 1_000)
                }
                if model.goals.isEmpty {
                    EmptyStateView(message: model.emptyMessage)
                }
            }
            .navigationTitle("Goals")
            .toolbar {
                Button("Edit") {}
                Button("New Goal") { showingForm = true }
            }
            .fullScreenCover(isPresented: $showingForm) {
                GoalForm()
            }
        }
    }
}
