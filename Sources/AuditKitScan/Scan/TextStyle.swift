/// A font weight as SwiftUI and UIKit name it, ordered from thinnest to heaviest.
public enum FontWeight: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// Its position from thinnest (0) to heaviest (8), for "nearest weight" comparisons.
    public var rank: Int { FontWeight.allCases.firstIndex(of: self) ?? 3 }

    /// Compares by thickness.
    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.rank < b.rank }
}

/// One of Apple's Dynamic Type text styles with its default ("Large") size and weight.
public struct TextStyle: Sendable, Hashable {
    /// The SwiftUI name without the dot: `headline`, `title`, `caption`.
    public var name: String
    /// The UIKit `UIFont.TextStyle` name without the dot: `title1`, `caption1`.
    public var uiKitName: String
    /// Size at the default content size, in points.
    public var size: Double
    /// Default weight.
    public var weight: FontWeight

    /// Creates a style record.
    public init(name: String, uiKitName: String, size: Double, weight: FontWeight) {
        self.name = name
        self.uiKitName = uiKitName
        self.size = size
        self.weight = weight
    }

    /// The eleven iOS text styles, largest first (the visionOS-only extra large titles are left out, so an
    /// iOS app is never told to use them).
    public static let iOS: [TextStyle] = [
        TextStyle(name: "largeTitle", uiKitName: "largeTitle", size: 34, weight: .regular),
        TextStyle(name: "title", uiKitName: "title1", size: 28, weight: .regular),
        TextStyle(name: "title2", uiKitName: "title2", size: 22, weight: .regular),
        TextStyle(name: "title3", uiKitName: "title3", size: 20, weight: .regular),
        TextStyle(name: "headline", uiKitName: "headline", size: 17, weight: .semibold),
        TextStyle(name: "body", uiKitName: "body", size: 17, weight: .regular),
        TextStyle(name: "callout", uiKitName: "callout", size: 16, weight: .regular),
        TextStyle(name: "subheadline", uiKitName: "subheadline", size: 15, weight: .regular),
        TextStyle(name: "footnote", uiKitName: "footnote", size: 13, weight: .regular),
        TextStyle(name: "caption", uiKitName: "caption1", size: 12, weight: .regular),
        TextStyle(name: "caption2", uiKitName: "caption2", size: 11, weight: .regular),
    ]

    /// The style whose default size is nearest `size`; among equally near sizes the one whose weight is
    /// nearest `weight` (regular when unknown), then the smaller style. 17 semibold is `headline`, 17 is
    /// `body`, 14 is `footnote`.
    public static func nearest(size: Double, weight: FontWeight?) -> TextStyle {
        nearestEntry(in: iOS, size: size, weight: weight, sizeOf: \.size, weightOf: \.weight) ?? iOS[5]
    }

    /// Body's size at each content-size category from xSmall to AX5 (Apple's published curve; other
    /// styles follow the same shape relative to their own default size).
    public static let bodyCurve: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]

    /// About how large a `size` that scaled like the text styles would be at the largest accessibility
    /// size (AX5): `size × 53 / 17`, rounded to a tenth of a point.
    public static func ax5Size(for size: Double) -> Double { (size * 53 / 17 * 10).rounded() / 10 }
}

/// The entry of `entries` nearest in size, then in weight, then the smaller (then the first).
func nearestEntry<T>(
    in entries: [T], size: Double, weight: FontWeight?, sizeOf: (T) -> Double, weightOf: (T) -> FontWeight
) -> T? {
    let wanted = (weight ?? .regular).rank
    var best: T?
    var bestKey: (Double, Int, Double) = (.infinity, .max, .infinity)
    for entry in entries {
        let key = (abs(sizeOf(entry) - size), abs(weightOf(entry).rank - wanted), sizeOf(entry))
        if key.0 < bestKey.0 - 1e-9
            || (abs(key.0 - bestKey.0) <= 1e-9 && (key.1 < bestKey.1 || (key.1 == bestKey.1 && key.2 < bestKey.2)))
        {
            best = entry
            bestKey = key
        }
    }
    return best
}

/// Formats a point size without a trailing `.0`: `15`, `40.5`.
func pointText(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    let tenths = (value * 100).rounded() / 100
    var text = String(tenths)
    while text.hasSuffix("0") && text.contains(".") { text.removeLast() }
    return text
}
