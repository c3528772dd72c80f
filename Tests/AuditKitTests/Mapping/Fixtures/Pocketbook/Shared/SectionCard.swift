import SwiftUI

/// A titled card that the home tiles and detail screens share.
struct SectionCard<Content: View>: View {
    let title: LocalizedStringKey
    @ViewBuilder var content: Content

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(title)
                .font(.headline)
            content
        }
        .padding()
        .background(.background.secondary, in: .rect(cornerRadius: 12))
    }
}
