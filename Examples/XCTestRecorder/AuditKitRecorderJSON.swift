// AuditKit's XCTest recorder, part 1 of 2: the JSON. Plain Foundation, no XCTest, so AuditKit's own
// tests compile and run this very file on Linux (target `AuditKitRecorder`). Add it to your UI test
// target together with AuditKitRecorder.swift.

import Foundation

/// Writes accessibility audit issues as the JSON AuditKit reads: Appium's `mobile:
/// performAccessibilityAudit` shape (`{"value": [items]}`, each item with `auditType`,
/// `compactDescription`, `detailedDescription`, `element`, `elementDescription` and
/// `elementAttributes`), plus `screenName`, `screenshot` (a JPEG data URI drawn at one pixel per
/// point) and `screenshotScale` at the top level.
public enum AuditKitRecorderJSON {
    /// The element an issue is about, as plain values.
    public struct Element: Sendable, Equatable {
        /// The accessibility identifier (`""` or nil when unset).
        public var identifier: String?
        /// The accessibility label.
        public var label: String?
        /// The value, as text.
        public var value: String?
        /// The placeholder value of a text field.
        public var placeholderValue: String?
        /// The element type's short name (`Button`, `StaticText`; see `elementTypeName(rawValue:)`).
        public var type: String
        /// The frame in points, in screen coordinates.
        public var x: Double, y: Double, width: Double, height: Double

        /// Creates an element.
        public init(
            identifier: String?, label: String?, value: String?, placeholderValue: String? = nil, type: String,
            x: Double, y: Double, width: Double, height: Double
        ) {
            self.identifier = identifier
            self.label = label
            self.value = value
            self.placeholderValue = placeholderValue
            self.type = type
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// One audit issue, as plain values.
    public struct Issue: Sendable, Equatable {
        /// The audit type's raw value (`XCUIAccessibilityAuditType.rawValue`).
        public var auditType: UInt64
        /// The issue's compact description.
        public var compactDescription: String
        /// The issue's detailed description.
        public var detailedDescription: String
        /// The element, or nil when XCTest gave none.
        public var element: Element?

        /// Creates an issue.
        public init(auditType: UInt64, compactDescription: String, detailedDescription: String, element: Element?) {
            self.auditType = auditType
            self.compactDescription = compactDescription
            self.detailedDescription = detailedDescription
            self.element = element
        }
    }

    /// The names WebDriverAgent gives the audit types, by raw value.
    static let auditTypeNames: [UInt64: String] = [
        1 << 0: "XCUIAccessibilityAuditTypeContrast", 1 << 1: "XCUIAccessibilityAuditTypeElementDetection",
        1 << 2: "XCUIAccessibilityAuditTypeHitRegion", 1 << 3: "XCUIAccessibilityAuditTypeSufficientElementDescription",
        1 << 16: "XCUIAccessibilityAuditTypeDynamicType", 1 << 17: "XCUIAccessibilityAuditTypeTextClipped",
        1 << 18: "XCUIAccessibilityAuditTypeTrait", 1 << 32: "XCUIAccessibilityAuditTypeAction",
        1 << 33: "XCUIAccessibilityAuditTypeParentChild",
    ]

    /// The audit type's name as WebDriverAgent writes it, or its number as text for a type it does not know.
    public static func auditTypeName(rawValue: UInt64) -> String {
        auditTypeNames[rawValue] ?? String(rawValue)
    }

    /// `XCUIElement.ElementType` short names by raw value, as WebDriverAgent writes them.
    static let elementTypeNames: [String] = [
        "Any", "Other", "Application", "Group", "Window", "Sheet", "Drawer", "Alert", "Dialog", "Button",
        "RadioButton", "RadioGroup", "CheckBox", "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton",
        "ToolbarButton", "Popover", "Keyboard", "Key", "NavigationBar", "TabBar", "TabGroup", "Toolbar",
        "StatusBar", "Table", "TableRow", "TableColumn", "Outline", "OutlineRow", "Browser", "CollectionView",
        "Slider", "PageIndicator", "ProgressIndicator", "ActivityIndicator", "SegmentedControl", "Picker",
        "PickerWheel", "Switch", "Toggle", "Link", "Image", "Icon", "SearchField", "ScrollView", "ScrollBar",
        "StaticText", "TextField", "SecureTextField", "DatePicker", "TextView", "Menu", "MenuItem", "MenuBar",
        "MenuBarItem", "Map", "WebView", "IncrementArrow", "DecrementArrow", "Timeline", "RatingIndicator",
        "ValueIndicator", "SplitGroup", "Splitter", "RelevanceIndicator", "ColorWell", "HelpTag", "Matte",
        "DockItem", "Ruler", "RulerMarker", "Grid", "LevelIndicator", "Cell", "LayoutArea", "LayoutItem",
        "Handle", "Stepper", "Tab", "TouchBar", "StatusItem",
    ]

    /// The short name of an `XCUIElement.ElementType` raw value (`9` → `Button`); `Other` when unknown.
    public static func elementTypeName(rawValue: UInt) -> String {
        rawValue < elementTypeNames.count ? elementTypeNames[Int(rawValue)] : "Other"
    }

    /// A number as `NSStringFromCGRect` writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value.isFinite && value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `{{x, y}, {w, h}}`.
    static func frameString(_ e: Element) -> String {
        "{{\(number(e.x)), \(number(e.y))}, {\(number(e.width)), \(number(e.height))}}"
    }

    /// The element's one-line description, in XCTest's layout.
    static func describe(_ e: Element) -> String {
        var text = "\(e.type), \(frameString(e))"
        if let id = e.identifier, !id.isEmpty { text += ", identifier: '\(id)'" }
        if let label = e.label, !label.isEmpty { text += ", label: '\(label)'" }
        if let value = e.value, !value.isEmpty { text += ", value: \(value)" }
        return text
    }

    /// The item of one issue, as a JSON object.
    static func item(_ issue: Issue) -> [String: Any] {
        var item: [String: Any] = [
            "auditType": auditTypeName(rawValue: issue.auditType),
            "compactDescription": issue.compactDescription,
            "detailedDescription": issue.detailedDescription,
            "element": issue.element.map(describe) ?? "",
            "elementDescription": issue.element.map(describe) ?? "",
        ]
        guard let e = issue.element else {
            item["elementAttributes"] = [String: Any]()
            return item
        }
        func orNull(_ text: String?) -> Any { text.flatMap { $0.isEmpty ? nil : $0 } ?? NSNull() }
        // `rect` in whole points, rounded outward as WebDriverAgent rounds it.
        let left = e.x.rounded(.down), top = e.y.rounded(.down)
        item["elementAttributes"] =
            [
                "type": e.type,
                "rawIdentifier": orNull(e.identifier),
                "name": orNull(e.identifier.flatMap { $0.isEmpty ? nil : $0 } ?? e.label),
                "label": orNull(e.label),
                "value": orNull(e.value),
                "placeholderValue": orNull(e.placeholderValue),
                "rect": [
                    "x": left, "y": top, "width": (e.x + e.width).rounded(.up) - left,
                    "height": (e.y + e.height).rounded(.up) - top,
                ],
                "frame": frameString(e),
                "nativeFrame": frameString(e),
            ] as [String: Any]
        return item
    }

    /// The JSON AuditKit reads for one audit: the issues in order, the screen's name, and the
    /// screenshot when given.
    /// - Parameters:
    ///   - issues: the audit's issues.
    ///   - screenName: a name for the audited screen (`Budgets`), shown by AuditKit.
    ///   - screenshotJPEG: the screen as a JPEG, ideally drawn at one pixel per point.
    ///   - screenshotScale: the JPEG's pixels per point (1 when drawn at one pixel per point).
    /// - Returns: pretty-printed JSON with sorted keys.
    public static func json(
        issues: [Issue], screenName: String? = nil, screenshotJPEG: Data? = nil, screenshotScale: Double = 1
    ) -> Data {
        var root: [String: Any] = ["value": issues.map(item)]
        if let screenName { root["screenName"] = screenName }
        if let screenshotJPEG, !screenshotJPEG.isEmpty {
            root["screenshot"] = "data:image/jpeg;base64," + screenshotJPEG.base64EncodedString()
            root["screenshotScale"] = screenshotScale
        }
        return (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    /// `AXAudit_2026-03-02_10-00-00.123.json`: a file name whose timestamp, to the millisecond, AuditKit
    /// reads as the audit's time (in the machine's time zone, as the Inspector's names are). When
    /// `isTaken` says a name is used already (two audits in one millisecond), `-2`, `-3`, … follow the
    /// time: a recording never overwrites another.
    public static func fileName(
        for date: Date, timeZone: TimeZone = .current, isTaken: (String) -> Bool = { _ in false }
    ) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
        let milliseconds = String(format: "%03d", min(999, ((c.nanosecond ?? 0) + 500_000) / 1_000_000))
        let stem =
            "AXAudit_\(String(format: "%04d", c.year ?? 0))-\(two(c.month))-\(two(c.day))_"
            + "\(two(c.hour))-\(two(c.minute))-\(two(c.second)).\(milliseconds)"
        var name = stem + ".json"
        var number = 2
        while isTaken(name) {
            name = "\(stem)-\(number).json"
            number += 1
        }
        return name
    }
}
