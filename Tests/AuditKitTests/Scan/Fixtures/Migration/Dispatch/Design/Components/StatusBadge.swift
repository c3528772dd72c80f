import SwiftUI

enum StatusBadge: View {
    case open, done

    var body: some View {
        Text(self == .open ? "Open" : "Done")
            .font(.system(size: 12, weight: .medium))  // team: DS.Typography.caption
    }
}
