// A stand-in for the part of UIKit the fix fixtures use (`FixTypeCheck`, as `SwiftUI.swift` beside it): the
// names and shapes of UIKit's fonts, labels and metrics, bodies that do nothing.
@_exported import Foundation

open class UIFont: @unchecked Sendable {
    public struct Weight: Sendable, Hashable {
        public static let regular = Weight()
        public static let medium = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
        public static let light = Weight()
    }
    public struct TextStyle: Sendable, Hashable {
        public static let largeTitle = TextStyle()
        public static let title1 = TextStyle()
        public static let title2 = TextStyle()
        public static let title3 = TextStyle()
        public static let headline = TextStyle()
        public static let subheadline = TextStyle()
        public static let body = TextStyle()
        public static let callout = TextStyle()
        public static let footnote = TextStyle()
        public static let caption1 = TextStyle()
        public static let caption2 = TextStyle()
    }

    public init() {}
    public init?(name: String, size: CGFloat) {}
    open class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont() }
    open class func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont() }
    open class func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont() }
    open class func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont() }
    open class func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont() }
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont { UIFont() }
}

public final class UIFontMetrics: Sendable {
    public static let `default` = UIFontMetrics(forTextStyle: .body)
    public init(forTextStyle textStyle: UIFont.TextStyle) {}
    public func scaledFont(for font: UIFont) -> UIFont { font }
    public func scaledValue(for value: CGFloat) -> CGFloat { value }
}

open class UIView {
    public init() {}
}

open class UILabel: UIView {
    open var font: UIFont!
    open var text: String?
    open var adjustsFontForContentSizeCategory = false
}

open class UIButton: UIView {
    open var titleLabel: UILabel?
}

open class UITableViewCell: UIView {}

open class UIViewController {
    public init() {}
}
