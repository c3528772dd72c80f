import SwiftUI

/// Stored properties of the view used only as font sizes: each declaration becomes the
/// `@ScaledMetric`, and its uses stay.
struct InboxRow: View {
    let title: String
    private let iconSize: CGFloat = 24
    fileprivate let badgeSize = 15.0  // the unread count
    var captionSize: CGFloat = 11

    var body: some View {
        HStack {
            Image(systemName: "tray").font(.system(size: iconSize))
            Text(title).font(.system(size: self.badgeSize, weight: .bold))
            Text("2 new").font(.system(size: captionSize))
            Image(systemName: "chevron.right").font(.system(size: iconSize))
        }
    }
}
