import SwiftUI

enum Metrics {
    static let caption: CGFloat = 13
    static let badge: CGFloat = 14
}

/// A view spread over extensions: the stored property used only in fonts (in an extension) becomes
/// the `@ScaledMetric`, and the new property for a symbol sized by a static constant goes into the
/// declaration; a text sized by it becomes the style of its number.
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
    var badge: some View { Image(systemName: "star").font(.system(size: Metrics.badge)) }
}
