import SwiftUI

/// Widget kinds shown on the home screen.
enum HomeWidgetKind: CaseIterable {
    case income, expenses

    static let incomeTitle = "Income"

    var titleColor: Color {
        switch self {
        case .income: return .green
        case .expenses: return .red
        }
    }
}

struct HomeView: View {
    @State private var count = 3

    var body: some View {
        NavigationStack {
            List {
                Section {
                    Text("Widgets")
                        .font(.headline)
                    Button("Edit") {}
                    Text(HomeWidgetKind.incomeTitle)
                    Text("\(count) items")
                    Text("Next")
                        .accessibilityLabel("Next planned expense")
                }
            }
            .navigationTitle("Home")
        }
    }
}

#Preview {
    Text("Widgets")
}
