import SwiftUI

struct HomeGoalsTile: View {
    var body: some View {
        SectionCard(title: "Goals") {  // truth: home-goals
            GoalCard(name: "Emergency fund", saved: 1_200, target: 3_000)  // truth: home-goal-card
            Button("See all goals") {}  // truth: home-goals-all
        }
    }
}
