/// The size of a screen in points, which rule regions such as "bottom 90 pt" are measured against.
public enum ScreenGeometry {
    /// The screen's size in points, from the first source that has one:
    /// 1. the full screenshot's declared size (`_axKeyImageWidth`/`Height`, in points; element rects
    ///    are given in the screenshot's points);
    /// 2. the display bounds in pixels divided by the screenshot scale (1 when the scale is missing);
    /// 3. the screenshot JPEG's pixel size (drawn at point size).
    /// Nil when the report has none of them.
    public static func size(of screen: Screen) -> (width: Double, height: Double)? {
        if let shot = screen.screenshot, let width = shot.declaredWidth, let height = shot.declaredHeight,
            width > 0, height > 0, width.isFinite, height.isFinite
        {
            return (width, height)
        }
        if let bounds = screen.displayBounds, bounds.width > 0, bounds.height > 0, bounds.width.isFinite,
            bounds.height.isFinite
        {
            let scale = screen.screenshotScale.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 1
            return (bounds.width / scale, bounds.height / scale)
        }
        if let shot = screen.screenshot, let width = shot.pixelWidth, let height = shot.pixelHeight, width > 0,
            height > 0
        {
            return (Double(width), Double(height))
        }
        return nil
    }
}

/// Where the system draws its own UI on a screen, told from the screen's size in points: an iPad (the
/// shorter side 600 pt or more) shows a 24 pt status bar in either orientation; an iPhone a status bar of
/// up to 54 pt in portrait (the Dynamic Island's) and none in landscape, where iOS hides it.
public struct DeviceLayout: Sendable, Hashable, Codable {
    /// The kind of device a screen size belongs to.
    public enum Device: String, Sendable, Hashable, Codable {
        /// An iPhone (or a screen of unknown size).
        case phone
        /// An iPad.
        case pad
    }

    /// How the screen is held.
    public enum Orientation: String, Sendable, Hashable, Codable {
        /// Taller than wide (or of unknown size).
        case portrait
        /// Wider than tall.
        case landscape
    }

    /// The device the size belongs to.
    public var device: Device
    /// How the screen is held.
    public var orientation: Orientation

    /// The layout of a screen of `size` points; a screen of unknown size is taken for an iPhone in portrait.
    public init(screenSize size: (width: Double, height: Double)?) {
        guard let size, size.width > 0, size.height > 0 else {
            self.init(device: .phone, orientation: .portrait)
            return
        }
        self.init(
            device: min(size.width, size.height) >= 600 ? .pad : .phone,
            orientation: size.width > size.height ? .landscape : .portrait)
    }

    /// A layout from its parts.
    public init(device: Device, orientation: Orientation) {
        self.device = device
        self.orientation = orientation
    }

    /// Points from the top edge that the status bar's band takes (clock, signal, battery); 0 where there
    /// is no status bar.
    public var statusBar: Double {
        switch (device, orientation) {
        case (.pad, _): return 24
        case (.phone, .portrait): return 54
        case (.phone, .landscape): return 0
        }
    }

    /// `iPhone, portrait`, for people.
    public var description: String {
        (device == .pad ? "iPad" : "iPhone") + ", " + orientation.rawValue
    }
}

/// The safe area's insets of a screen, by its size in points: how far below the top edge an app's
/// navigation bar starts (the status bar, and a notch or Dynamic Island above it) and how far above the
/// bottom edge its toolbar or tab bar ends (the home indicator). A bar's element keeps its distance from
/// these edges from one device to another, while the content scrolls and stretches.
public struct SafeAreaInsets: Sendable, Equatable {
    /// Points from the top edge: 20 on a phone with a home button, 47 to 62 on one with a notch or a
    /// Dynamic Island (taller phones have the taller status bars), 24 on an iPad, 0 on a phone held sideways.
    public var top: Double
    /// Points from the bottom edge: 0 on a phone with a home button, 34 on one without, 20 on an iPad,
    /// 21 on a phone without a home button held sideways.
    public var bottom: Double

    /// The insets of a screen of `size` points, as the devices of each size have them.
    public init(screenSize size: (width: Double, height: Double)) {
        let layout = DeviceLayout(screenSize: size)
        let long = max(size.width, size.height)
        // Phones up to 736 points long (the SE, the Plus models) have a home button.
        let homeButton = layout.device == .phone && long <= 736
        switch (layout.device, layout.orientation) {
        case (.pad, _): (top, bottom) = (24, 20)
        case (.phone, .landscape): (top, bottom) = (0, homeButton ? 0 : 21)
        case (.phone, .portrait):
            top = homeButton ? 20 : long < 852 ? 47 : long < 874 ? 59 : 62
            bottom = homeButton ? 0 : 34
        }
    }
}

/// The bands of a screenshot the system draws in every app: the status bar's at the top (by device and
/// orientation, `DeviceLayout.statusBar`) and the tab bar's at the bottom. An element there is the
/// system's (the clock) or the app's chrome every screen shows (the tabs), not what tells a screen.
public struct SystemBands: Sendable {
    /// Points from the bottom edge whose band holds the tab bar.
    public static let tabBarHeight = 90.0
    /// Points below the status bar that an inline navigation bar takes: content scrolled up into it is
    /// under the bar.
    public static let inlineNavigationBarHeight = 44.0

    /// The screenshot's size in points, when known.
    public let screenSize: (width: Double, height: Double)?
    /// The device and orientation that size tells.
    public let layout: DeviceLayout

    /// The bands of a screenshot of `screenSize` points (unknown: a phone in portrait, no tab bar band).
    public init(screenSize: (width: Double, height: Double)?) {
        self.screenSize = screenSize
        layout = DeviceLayout(screenSize: screenSize)
    }

    /// Whether the centre of `rect` lies in the status bar's band (never where there is none).
    public func statusBarHolds(_ rect: Rect) -> Bool {
        layout.statusBar > 0 && ScreenRegion(top: layout.statusBar).contains(rect, screenSize: screenSize)
    }

    /// Whether the centre of `rect` lies in the tab bar's band; nil when the screenshot's size is unknown.
    public func tabBarHolds(_ rect: Rect) -> Bool? {
        guard screenSize != nil else { return nil }
        return ScreenRegion(bottom: Self.tabBarHeight).contains(rect, screenSize: screenSize)
    }

    /// Points below the status bar that the navigation bar's band takes: an inline bar (44 pt), a large
    /// title under it (52 pt) and room for a sheet's offset and a search field's. A navigation title is
    /// never lower.
    public static let navigationBarHeight = 140.0

    /// Whether the centre of `rect` lies in the navigation bar's band, from the top of the screen down to
    /// `navigationBarHeight` under the status bar or a fifth of the screen's height, whichever is lower; nil
    /// when the screenshot's size is unknown.
    public func navigationBarHolds(_ rect: Rect) -> Bool? {
        guard let screenSize else { return nil }
        let band = max(layout.statusBar + Self.navigationBarHeight, screenSize.height / 5)
        return ScreenRegion(top: band).contains(rect, screenSize: screenSize)
    }
}
