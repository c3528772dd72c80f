import SwiftUI

/// The header of the sample report's home screen: its Dynamic Type warnings ("Budget Progress",
/// "$4,422.12") map here, and the fixed sizes below are their likely causes.
struct BudgetHeader: View {
    var spent: String = "$4,422.12"

    var body: some View {
        VStack(alignment: .leading) {
            Text("Budget Progress")
                .font(.system(size: 15, weight: .semibold))
            Text("$4,422.12")
                .font(.system(size: 34, weight: .bold))
        }
    }
}
