import SwiftUI

/// The design system's namespace.
enum DS {}

extension DS {
    /// The typography tokens every screen uses.
    enum Typography {
        static let largeTitle = Font.largeTitle.weight(.bold)
        static let title = Font.title2.weight(.semibold)
        static let title3 = Font.title3.weight(.semibold)
        static let headline = Font.headline
        static let body = Font.body
        static let callout = Font.callout
        static let bodySecondary = Font.subheadline
        static let footnote = Font.footnote
        static let caption = Font.caption
        static let captionSecondary = Font.caption2
    }
}
