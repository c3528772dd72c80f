import Foundation

/// What one audit of a screen was audited in, as far as the report tells: the device and orientation
/// (from the screen's size), the appearance (from its screenshot) and the text size (from how much
/// larger the texts it shares with the screen's earlier audit are). An earlier warning can be
/// re-audited only by an audit that lays the screen out as the one that flagged it: an audit at an
/// accessibility text size pushes rows off screen unevenly and clips captions the default size never
/// clips, an iPad or landscape layout places everything elsewhere, and a contrast warning of one
/// appearance says nothing of the other.
public struct ScreenConfiguration: Sendable, Hashable, Codable {
    /// The device and orientation; nil when the report gave no screen size.
    public var layout: DeviceLayout?
    /// Whether the screenshot shows the dark appearance; nil without a usable screenshot.
    public var dark: Bool?
    /// The texts' size against the screen's first audit (1: the same).
    public var textScale: Double
    /// The screen's width in points; nil when the report gave no screen size. Phones of one layout
    /// differ in it (375 to 440 pt in portrait): what is laid out across the width keeps its share of it.
    public var width: Double?
    /// The screen's height in points; nil when the report gave no screen size. Phones of one layout differ
    /// in it (667 to 956 pt in portrait): what the system anchors to the bottom edge (a tab bar, a
    /// toolbar) keeps its distance from that edge.
    public var height: Double?

    /// A configuration from its parts.
    public init(
        layout: DeviceLayout? = nil, dark: Bool? = nil, textScale: Double = 1, width: Double? = nil,
        height: Double? = nil
    ) {
        self.layout = layout
        self.dark = dark
        self.textScale = textScale
        self.width = width
        self.height = height
    }

    /// The configuration `screen` shows, at `textScale`.
    init(_ screen: HistoryScreen?, textScale: Double) {
        var size: (width: Double, height: Double)?
        if let width = screen?.width, let height = screen?.height { size = (width, height) }
        self.init(
            layout: size.map { DeviceLayout(screenSize: $0) },
            dark: screen?.appearance.map { $0 == .dark }, textScale: textScale, width: size?.width,
            height: size?.height)
    }

    /// How much wider this configuration's screen is than `other`'s, when both widths are known and
    /// differ by more than 1 %; else 1. Between audits that lay the screen out alike, an element's
    /// horizontal place scales with it.
    func widthScale(from other: ScreenConfiguration) -> Double {
        guard let width, let theirs = other.width, width > 0, theirs > 0, abs(width / theirs - 1) > 0.01 else {
            return 1
        }
        return width / theirs
    }

    /// How much taller this configuration's screen is than `other`'s in points, when both heights are
    /// known and differ by more than 1 %; nil otherwise. Between audits that lay the screen out alike, a
    /// bar anchored to the bottom edge moves by it.
    func heightChange(from other: ScreenConfiguration) -> Double? {
        guard let height, let theirs = other.height, height > 0, theirs > 0, abs(height / theirs - 1) > 0.01 else {
            return nil
        }
        return height - theirs
    }

    /// Two text scales within this factor of each other are one text size: a step of Dynamic Type
    /// (Large to xLarge is 1.12) keeps the layout; xxLarge (1.24) and the accessibility sizes do not.
    static let sameTextSize = 1.18

    /// Whether `other` lays the screen out as this one: the same device and orientation (an unknown one
    /// is taken for any) and the same text size.
    public func laysOut(as other: ScreenConfiguration) -> Bool {
        if let layout, let theirs = other.layout, layout != theirs { return false }
        let ratio = textScale / other.textScale
        return ratio <= Self.sameTextSize && ratio >= 1 / Self.sameTextSize
    }

    /// Whether an audit in this configuration can re-audit a warning of `testType` that an audit in
    /// `flagged` flagged: it lays the screen out alike and, for contrast, shows the same appearance.
    public func canReaudit(_ testType: TestType, flaggedIn flagged: ScreenConfiguration) -> Bool {
        guard laysOut(as: flagged) else { return false }
        if testType == .contrast, let dark, let theirs = flagged.dark, dark != theirs { return false }
        return true
    }

    /// What differs from an iPhone in portrait, in the light appearance, at the first audit's text size,
    /// for people: `iPad, landscape; dark; text ×1.4`; empty when nothing does.
    public var notes: [String] {
        var notes: [String] = []
        if let layout, layout != DeviceLayout(device: .phone, orientation: .portrait) {
            notes.append(layout.description)
        }
        if dark == true { notes.append("dark") }
        if !laysOut(as: ScreenConfiguration(layout: layout, dark: dark)) {
            notes.append("text ×" + String(format: "%.1f", textScale))
        }
        return notes
    }

    /// The text scale of an audit whose continued texts were `ratios` times the height they had in the
    /// audit compared with (at `base`): the median ratio when at least two texts tell, else the default
    /// size (1), the size most audits are made at (an audit that fixed most of a large-text audit's
    /// warnings is not taken for another large-text audit).
    static func textScale(base: Double, ratios: [Double]) -> Double {
        guard ratios.count >= 2 else { return 1 }
        let sorted = ratios.sorted()
        return base * sorted[sorted.count / 2]
    }
}
