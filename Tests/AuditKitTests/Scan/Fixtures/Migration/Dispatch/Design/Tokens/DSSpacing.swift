import SwiftUI

extension DS {
    /// Sizes of the design system that are not text.
    enum Spacing {
        static let bottomToolbarIconSize: CGFloat = 18
        static let rowIcon: CGFloat = 18
        static let badgeIcon: CGFloat = 10
        static let gap: CGFloat = 8
    }
}
