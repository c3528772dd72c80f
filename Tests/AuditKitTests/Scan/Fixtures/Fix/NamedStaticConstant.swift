import SwiftUI

/// The design's metrics, also used for layout.
enum Metrics {
    static let icon: CGFloat = 24
    static let spacing: CGFloat = 8
}

/// A static constant of another type sizing symbols: a new `@ScaledMetric` starts from it; one of the view
/// itself sizing a text: the style of its number.
struct Toolbar: View {
    static let titleSize: CGFloat = 28

    var body: some View {
        HStack(spacing: Metrics.spacing) {
            Image(systemName: "gear").font(.system(size: Metrics.icon))
            Image(systemName: "bell").font(.system(size: Metrics.icon))
            Text("Settings").font(.system(size: Self.titleSize, weight: .bold))
        }
        .padding(Metrics.icon)
    }
}
