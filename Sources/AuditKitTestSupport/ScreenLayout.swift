import AuditKit

/// A device an audit is taken on: its screen in points and the insets the system keeps
/// (`configurations.md`: phones of 375–440 × 667–956 pt, status bars of 20 to 62 pt, bars anchored to the
/// bottom edge).
public struct AuditDevice: Sendable, Hashable {
    /// The screen's width in points.
    public var width: Int
    /// The screen's height in points.
    public var height: Int
    /// The status bar's height.
    public var statusBar: Double
    /// The navigation bar's height (the inline bar; a large title is the first row of the content).
    public var navigationBar: Double
    /// The bottom toolbar's height.
    public var bottomBar: Double
    /// The inset under the bottom bar (the home indicator; 0 on a phone with a home button).
    public var homeIndicator: Double
    /// The layout margin on each side.
    public var margin: Double

    /// A device from its measures.
    public init(
        width: Int, height: Int, statusBar: Double, navigationBar: Double, bottomBar: Double, homeIndicator: Double,
        margin: Double
    ) {
        self.width = width
        self.height = height
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.bottomBar = bottomBar
        self.homeIndicator = homeIndicator
        self.margin = margin
    }

    /// An iPhone 17 Pro in portrait (the size `AuditSeries` paints by default).
    public static let iPhone17Pro = AuditDevice(
        width: 402, height: 874, statusBar: 62, navigationBar: 44, bottomBar: 49, homeIndicator: 34, margin: 16)
    /// The smallest phone: an iPhone SE in portrait, with a home button.
    public static let iPhoneSE = AuditDevice(
        width: 375, height: 667, statusBar: 20, navigationBar: 44, bottomBar: 44, homeIndicator: 0, margin: 16)
    /// The largest phone: an iPhone 17 Pro Max in portrait.
    public static let iPhone17ProMax = AuditDevice(
        width: 440, height: 956, statusBar: 62, navigationBar: 44, bottomBar: 49, homeIndicator: 34, margin: 20)
    /// An 11-inch iPad in landscape: wider rows, its own bars.
    public static let iPadLandscape = AuditDevice(
        width: 1180, height: 820, statusBar: 24, navigationBar: 50, bottomBar: 50, homeIndicator: 20, margin: 20)
}

/// A Dynamic Type content size, as its Body size in points (`dynamic-type-reference.md`).
public enum TextSize: Double, Sendable, CaseIterable {
    /// The twelve categories.
    case xSmall = 14, small = 15, medium = 16, large = 17, xLarge = 19, xxLarge = 21, xxxLarge = 23
    /// The accessibility sizes.
    case ax1 = 28, ax2 = 33, ax3 = 40, ax4 = 47, ax5 = 53

    /// How much a text that follows Dynamic Type grows at this size against the default (Large).
    public var scale: Double { rawValue / 17 }
}

/// What an audit is taken in: a device, a text size, an appearance, a scroll offset and a language.
public struct AuditConfiguration: Sendable {
    /// The device.
    public var device: AuditDevice
    /// The text size.
    public var textSize: TextSize
    /// Whether the dark appearance is on.
    public var dark: Bool
    /// How far the content is scrolled up, in points (0: at its top, the large title shown).
    public var scroll: Double
    /// The app's texts in the audit's language, by their English text; a text not in it stays as it is.
    public var translations: [String: String]
    /// The language the Inspector writes titles and test type names in (`AuditSeries.audit`'s `language`).
    public var reportLanguage: Int

    /// A configuration; by default an iPhone 17 Pro at the default text size, light, unscrolled, in English.
    public init(
        device: AuditDevice = .iPhone17Pro, textSize: TextSize = .large, dark: Bool = false, scroll: Double = 0,
        translations: [String: String] = [:], reportLanguage: Int = 0
    ) {
        self.device = device
        self.textSize = textSize
        self.dark = dark
        self.scroll = scroll
        self.translations = translations
        self.reportLanguage = reportLanguage
    }
}

/// One element of a `ScreenLayout`: an `AppElement` measured at the default text size, where it is
/// anchored in its row or bar, whether it follows Dynamic Type, and in which configurations the
/// Inspector flags it.
public struct LayoutElement: Sendable {
    /// The edge the element keeps its distance to.
    public enum Anchor: Sendable {
        /// The leading layout margin (a row's title).
        case leading
        /// The trailing layout margin (a row's value, a chevron, a bar button).
        case trailing
        /// The middle of the screen.
        case center
    }

    /// When the Inspector flags the element (its `code`).
    public enum Flagging: Sendable {
        /// In every configuration that shows it (Dynamic Type, descriptions, hit regions of fixed controls).
        case always
        /// In the light appearance only (a colour that passes on the dark background).
        case inLight
        /// When its text needs more width than its row gives it (clipped text).
        case whenClipped
        /// Never: painted only.
        case never
    }

    /// The element: `rect.x` is its distance from its anchor's margin, `rect.width` and `rect.height` its
    /// size at the default text size; `rect.y` is not read (an element is centred in its row).
    public var element: AppElement
    /// Where it is anchored.
    public var anchor: Anchor
    /// Whether its size follows Dynamic Type (a semantic text style); a fixed size keeps its points.
    public var grows: Bool
    /// When it is flagged.
    public var flagging: Flagging
    /// The width its row keeps beside it (a trailing value, a chevron): its text clips when it needs more
    /// than the row's width less this.
    public var reserve: Double

    /// An element of a layout.
    public init(
        _ element: AppElement, _ anchor: Anchor = .leading, grows: Bool, flagging: Flagging, reserve: Double = 0
    ) {
        self.element = element
        self.anchor = anchor
        self.grows = grows
        self.flagging = flagging
        self.reserve = reserve
    }
}

/// One row of a `ScreenLayout`'s content.
public struct LayoutRow: Sendable {
    /// The row's height at the default text size.
    public var height: Double
    /// The height of the row's growing text at the default size: the row grows by `line × (scale − 1)`
    /// (0: a row of fixed-size text keeps its height).
    public var line: Double
    /// Its elements.
    public var elements: [LayoutElement]

    /// A row.
    public init(height: Double, line: Double, _ elements: [LayoutElement]) {
        self.height = height
        self.line = line
        self.elements = elements
    }
}

/// A screen as an app lays it out: a navigation bar under the status bar, a large title and rows stacked
/// under it, and a toolbar anchored to the bottom edge. `screen(in:fixed:)` lays it out in one
/// configuration the way `configurations.md` says iOS does: growing texts scale with the text size and
/// their rows get taller, so everything below moves down progressively and falls off the bottom; a text
/// that needs more than its row's width clips; leading elements keep the leading margin and trailing ones
/// the trailing margin on any width; bars keep their distance from their edge; scrolled content moves up
/// under the navigation bar, the large title collapsing into it; translated texts are as much wider as
/// they are longer.
public struct ScreenLayout: Sendable {
    /// The report's screen group (real teams leave it "0").
    public var group: String
    /// The navigation title (a large title at the top of the content).
    public var title: String
    /// The navigation bar's items.
    public var topBar: [LayoutElement]
    /// The content's rows, from the top.
    public var rows: [LayoutRow]
    /// The bottom toolbar's items (none: no toolbar).
    public var bottomBar: [LayoutElement]

    /// A screen layout.
    public init(
        group: String = "0", title: String, topBar: [LayoutElement] = [], rows: [LayoutRow],
        bottomBar: [LayoutElement] = []
    ) {
        self.group = group
        self.title = title
        self.topBar = topBar
        self.rows = rows
        self.bottomBar = bottomBar
    }

    /// The screen in `configuration`: every element it shows, placed, with the ones the Inspector flags
    /// there flagged unless their id is in `fixed`.
    public func screen(in configuration: AuditConfiguration, fixed: Set<String> = []) -> AppScreen {
        let device = configuration.device
        let top = device.statusBar + device.navigationBar
        let bottom =
            Double(device.height) - device.homeIndicator - (bottomBar.isEmpty ? 0 : device.bottomBar)
        let titleElement = AppElement(
            "c.title", code: 12, text: title,
            rect: Rect(x: 0, y: 0, width: Double(title.count) * 20, height: 41))
        let titleRow = LayoutRow(height: 52, line: 41, [LayoutElement(titleElement, grows: true, flagging: .never)])
        var placed: [AppElement] = []
        var y = top - configuration.scroll
        for row in [titleRow] + rows {
            let height = row.height + row.line * (configuration.textSize.scale - 1)
            for item in row.elements {
                let element = place(item, rowTop: y, rowHeight: height, in: configuration, fixed: fixed)
                if element.rect.y >= top && element.rect.y + element.rect.height <= bottom { placed.append(element) }
            }
            y += height
        }
        if configuration.scroll > 0 {
            let inline = AppElement(
                "c.inline", code: 12, text: title, rect: Rect(x: 0, y: 0, width: Double(title.count) * 10, height: 22))
            placed.append(
                place(
                    LayoutElement(inline, .center, grows: false, flagging: .never), rowTop: device.statusBar,
                    rowHeight: device.navigationBar, in: configuration, fixed: fixed))
        }
        for item in topBar {
            placed.append(
                place(item, rowTop: device.statusBar, rowHeight: device.navigationBar, in: configuration, fixed: fixed))
        }
        for item in bottomBar {
            placed.append(
                place(item, rowTop: bottom, rowHeight: device.bottomBar, in: configuration, fixed: fixed))
        }
        var screen = AppScreen(group, placed)
        screen.size = (device.width, device.height)
        return screen
    }

    /// `item` placed in a row (or bar) at `rowTop`, `rowHeight` tall, in `configuration`.
    func place(
        _ item: LayoutElement, rowTop: Double, rowHeight: Double, in configuration: AuditConfiguration,
        fixed: Set<String>
    ) -> AppElement {
        let device = configuration.device
        let scale = item.grows ? configuration.textSize.scale : 1
        var element = item.element
        var widthFactor = 1.0
        if let text = element.text, let translated = configuration.translations[text] {
            element.text = translated
            widthFactor = Double(translated.count) / Double(max(1, text.count))
        }
        let available = Double(device.width) - 2 * device.margin - item.reserve - element.rect.x
        let needed = element.rect.width * scale * widthFactor
        let width = min(needed, available)
        let height = element.rect.height * scale
        let x: Double
        switch item.anchor {
        case .leading: x = device.margin + element.rect.x
        case .trailing: x = Double(device.width) - device.margin - element.rect.x - width
        case .center: x = (Double(device.width) - width) / 2 + element.rect.x
        }
        element.rect = Rect(
            x: x.rounded(), y: (rowTop + (rowHeight - height) / 2).rounded(), width: width.rounded(),
            height: height.rounded())
        let flagged: Bool
        switch item.flagging {
        case .always: flagged = true
        case .inLight: flagged = !configuration.dark
        case .whenClipped: flagged = needed > available
        case .never: flagged = false
        }
        element.flagged = flagged && !fixed.contains(element.id)
        return element
    }
}
