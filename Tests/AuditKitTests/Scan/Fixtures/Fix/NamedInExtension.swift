import SwiftUI

enum Metrics {
    static let caption: CGFloat = 13
}

/// A view spread over extensions: the stored property used only in fonts (in an extension) becomes
/// the `@ScaledMetric`, and the new property for a static constant goes into the declaration.
struct Card {
    let title: String
    private let titleSize: CGFloat = 26
}

extension Card: View {
    var body: some View {
        VStack {
            header
            footer
        }
    }
}

extension Card {
    var header: some View { Text(title).font(.system(size: titleSize)) }
    var footer: some View { Text("More").font(.system(size: Metrics.caption)) }
}
