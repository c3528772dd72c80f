import SwiftUI

/// A section's title with an optional action at its trailing edge ("See all", "Edit").
struct SectionHeader: View {
    let title: String
    var actionTitle: String?
    var action: () -> Void = {}

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Text(title)
                .font(.title3.bold())
                .accessibilityAddTraits(.isHeader)
            Spacer()
            if let actionTitle {
                Button(actionTitle, action: action)
                    .font(.subheadline)
            }
        }
    }
}
