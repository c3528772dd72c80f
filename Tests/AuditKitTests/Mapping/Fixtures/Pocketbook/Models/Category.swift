/// Spending categories; their labels are shown through `Label(category.label, …)`.
enum Category: String, CaseIterable, Identifiable {
    case groceries, housing, transport, income

    var id: String { rawValue }

    var label: String {
        switch self {
        case .groceries: return "Groceries"
        case .housing: return "Housing"
        case .transport: return "Transport"
        case .income: return "Income"
        }
    }

    var symbol: String {
        switch self {
        case .groceries: return "cart"
        case .housing: return "house"
        case .transport: return "car"
        case .income: return "banknote"
        }
    }
}
