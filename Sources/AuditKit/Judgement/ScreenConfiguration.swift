import Foundation

/// What one audit of a screen was audited in, as far as the report tells: the device and orientation
/// (from the screen's size), the appearance (from its screenshot) and the text size (from how the
/// layout grew against the screen's earlier audit, `ScreenLayouts`). Which earlier warnings an audit can
/// confirm or clear depends on what each kind of warning depends on (`canReaudit(_:flaggedIn:)`): a
/// contrast warning on the appearance, a clipped text on the text size, the screen's width and the
/// language, the others on none of these.
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
    /// The language the audit was audited in, as the string catalogs or the system's titles name it
    /// (`AuditLanguages`: `en`, `de`); nil when nothing named it.
    public var language: String?

    /// A configuration from its parts.
    public init(
        layout: DeviceLayout? = nil, dark: Bool? = nil, textScale: Double = 1, width: Double? = nil,
        height: Double? = nil, language: String? = nil
    ) {
        self.layout = layout
        self.dark = dark
        self.textScale = textScale
        self.width = width
        self.height = height
        self.language = language
    }

    /// The screen's size in points, when both are known.
    var size: ScreenSize? {
        guard let width, let height else { return nil }
        return (width, height)
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
        guard let width, let theirs = other.width, width > 0, theirs > 0,
            abs(width / theirs - 1) > JudgementTolerance.sameWidth
        else {
            return 1
        }
        return width / theirs
    }

    /// Whether `other` lays the screen out as this one: the same device and orientation (an unknown one
    /// is taken for any) and the same text size (`JudgementTolerance.sameTextSize`).
    public func laysOut(as other: ScreenConfiguration) -> Bool {
        if let layout, let theirs = other.layout, layout != theirs { return false }
        let ratio = textScale / other.textScale
        return ratio <= JudgementTolerance.sameTextSize && ratio >= 1 / JudgementTolerance.sameTextSize
    }

    /// Whether an audit in `other` flags what one in this configuration does: laid out alike
    /// (`laysOut(as:)`), in the same appearance and the same language.
    func flagsAlike(_ other: ScreenConfiguration) -> Bool {
        laysOut(as: other) && dark == other.dark && language == other.language
    }

    /// How much alike this configuration lays a screen out to `other`: the device and orientation first,
    /// then the text size, the appearance and the width. An earlier warning's element is placed from the
    /// audit that flagged it laid out most like the new one ("compare like with like").
    func likeness(to other: ScreenConfiguration) -> Int {
        var score = 0
        if layout == nil || other.layout == nil || layout == other.layout { score += 8 }
        if laysOut(as: other) { score += 4 }
        if dark == nil || other.dark == nil || dark == other.dark { score += 2 }
        if widthScale(from: other) == 1 { score += 1 }
        return score
    }

    /// Whether an audit in this configuration can re-audit a warning of `testType` that an audit in
    /// `flagged` flagged, by what that kind of warning depends on:
    /// - contrast, on the appearance: the same one (either unknown: taken for the same);
    /// - a clipped or truncated text, on the language, and on the text size and the screen's width
    ///   monotonically: a text clipped at one size on one width is clipped at larger sizes and on
    ///   narrower widths, so only an audit in the same language, of the same device and orientation, at
    ///   a text size at least as large and a width at most as wide re-audits it (one flagged only at a
    ///   larger size, or in a longer language, says nothing about the default size in English);
    /// - Dynamic Type support, descriptions, traits, hit regions of fixed controls and the rest, on none
    ///   of them: any configuration that shows the element re-audits it.
    public func canReaudit(_ testType: TestType, flaggedIn flagged: ScreenConfiguration) -> Bool {
        switch testType {
        case .contrast:
            guard let dark, let theirs = flagged.dark else { return true }
            return dark == theirs
        case .clippedText:
            if let layout, let theirs = flagged.layout, layout != theirs { return false }
            if let language, let theirs = flagged.language, language != theirs { return false }
            if let width, let theirs = flagged.width, width > theirs * (1 + JudgementTolerance.sameWidth) {
                return false
            }
            return textScale * JudgementTolerance.sameTextSize >= flagged.textScale
        default:
            return true
        }
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
}
