import SwiftUI

/// A title that shrinks as the list under it scrolls.
struct CollapsibleHeader: View {
    let title: String
    let collapseProgress: CGFloat

    var body: some View {
        Text(title)
            .font(.system(size: lerp(32, 18, collapseProgress), weight: .bold))  // team: @largeTitle @headline
    }
}
