import Foundation
import Observation

@Observable
final class GoalsViewModel {
    var goals: [String] = []

    var emptyMessage: String {
        String(localized: "goals.empty")
    }
}
