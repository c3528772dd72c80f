import Foundation

/// Builds automated audit results in code, in each shape Appium's `mobile: performAccessibilityAudit`
/// has had and in the XCTest recorder's superset, so reader tests need no files.
public struct AutomatedAuditFixture: Sendable {
    /// What wraps the items.
    public enum Wrapper: Sendable, CaseIterable {
        /// The bare array a client library returns.
        case bare
        /// The Appium server's `{"value": [...]}`.
        case appium
        /// WebDriverAgent's own reply, with `sessionId` (and `/` escaped, as Foundation writes it).
        case webDriverAgent
        /// The recorder's object: `value`, plus the screenshot and screen name when given.
        case recorder
    }

    /// Which driver version's item shape.
    public enum Version: Sendable, CaseIterable {
        /// Only `auditType`, the descriptions and `element` (before `elementAttributes`).
        case legacy
        /// `elementAttributes` with `isVisible` and `isAccessible` (before 8.12.2).
        case early
        /// `elementDescription`, `elementAttributes` with `nativeFrame`, `traits`, `placeholderValue`, ...
        case current
    }

    /// The flagged element.
    public struct Element: Sendable {
        /// `rawIdentifier` (nil: JSON null).
        public var identifier: String?
        /// `type`, e.g. `Button`.
        public var type: String
        /// `label`.
        public var label: String?
        /// `value`.
        public var value: String?
        /// The frame in points.
        public var rect: (x: Double, y: Double, width: Double, height: Double)

        /// Creates an element.
        public init(
            identifier: String? = nil, type: String = "Button", label: String? = nil, value: String? = nil,
            rect: (x: Double, y: Double, width: Double, height: Double)
        ) {
            self.identifier = identifier
            self.type = type
            self.label = label
            self.value = value
            self.rect = rect
        }
    }

    /// One item.
    public struct Item: Sendable {
        /// `auditType`: a name or a number as a string.
        public var auditType: String
        /// `compactDescription`.
        public var compact: String
        /// `detailedDescription`.
        public var detailed: String
        /// The element, or nil for an item XCTest gave no element for.
        public var element: Element?

        /// Creates an item.
        public init(auditType: String, compact: String, detailed: String = "", element: Element?) {
            self.auditType = auditType
            self.compact = compact
            self.detailed = detailed
            self.element = element
        }
    }

    /// The items in order.
    public var items: [Item]
    /// The screenshot (recorder wrapper only).
    public var screenshot: FixtureCanvas?
    /// The screen name (recorder wrapper only).
    public var screenName: String?

    /// Creates a fixture.
    public init(items: [Item], screenshot: FixtureCanvas? = nil, screenName: String? = nil) {
        self.items = items
        self.screenshot = screenshot
        self.screenName = screenName
    }

    /// `{{x, y}, {w, h}}` as `NSStringFromCGRect` writes it.
    static func frameString(_ r: (x: Double, y: Double, width: Double, height: Double)) -> String {
        "{{\(FixtureJSON.format(r.x)), \(FixtureJSON.format(r.y))}, "
            + "{\(FixtureJSON.format(r.width)), \(FixtureJSON.format(r.height))}}"
    }

    /// `element`'s `description` as XCTest writes it.
    static func describe(_ element: Element) -> String {
        var text = "\(element.type), \(frameString(element.rect))"
        if let identifier = element.identifier { text += ", identifier: '\(identifier)'" }
        if let label = element.label { text += ", label: '\(label)'" }
        if let value = element.value { text += ", value: \(value)" }
        return text
    }

    /// The JSON of `item` in `version`.
    func json(_ item: Item, version: Version) -> FixtureJSON {
        var members: [FixtureJSON.Member] = [
            .init("auditType", .string(item.auditType)),
            .init("compactDescription", .string(item.compact)),
            .init("detailedDescription", .string(item.detailed)),
            .init("element", .string(item.element.map(AutomatedAuditFixture.describe) ?? "")),
        ]
        if version == .legacy { return .object(members) }
        if version == .current {
            members.append(
                .init(
                    "elementDescription",
                    .string(item.element.map { "Attributes: " + AutomatedAuditFixture.describe($0) } ?? "")))
        }
        guard let element = item.element else {
            members.append(.init("elementAttributes", .object([])))
            return .object(members)
        }
        func text(_ value: String?) -> FixtureJSON { value.map(FixtureJSON.string) ?? .null }
        let r = element.rect
        var attributes: [FixtureJSON.Member] = [
            .init("type", .string(element.type)),
            .init("rawIdentifier", text(element.identifier)),
            .init("name", text(element.identifier ?? element.label)),
            .init("value", text(element.value)),
            .init("label", text(element.label)),
            .init(
                "rect",
                .object([
                    .init("x", .number(r.x.rounded(.down))), .init("y", .number(r.y.rounded(.down))),
                    .init("width", .number((r.x + r.width).rounded(.up) - r.x.rounded(.down))),
                    .init("height", .number((r.y + r.height).rounded(.up) - r.y.rounded(.down))),
                ])),
            .init("frame", .string(AutomatedAuditFixture.frameString(r))),
            .init("isEnabled", .string("1")),
            .init("isFocused", .string("0")),
        ]
        if version == .early {
            attributes += [.init("isVisible", .string("1")), .init("isAccessible", .string("1"))]
        } else {
            attributes += [
                .init("nativeFrame", .string(AutomatedAuditFixture.frameString(r))),
                .init("traits", .string(element.type == "Button" ? "Button" : "StaticText")),
                .init("placeholderValue", .null), .init("minValue", .null), .init("maxValue", .null),
                .init("customActions", .null),
            ]
        }
        members.append(.init("elementAttributes", .object(attributes)))
        return .object(members)
    }

    /// The file's bytes.
    public func data(_ wrapper: Wrapper, version: Version = .current) -> Data {
        let list = FixtureJSON.array(items.map { json($0, version: version) })
        let root: FixtureJSON
        switch wrapper {
        case .bare: root = list
        case .appium: root = .object([.init("value", list)])
        case .webDriverAgent:
            root = .object([.init("value", list), .init("sessionId", .string("8F1C/2A7E-0B4D-4C55"))])
        case .recorder:
            var members: [FixtureJSON.Member] = [.init("value", list)]
            if let screenName { members.append(.init("screenName", .string(screenName))) }
            if let screenshot {
                members.append(
                    .init("screenshot", .string("data:image/jpeg;base64," + screenshot.jpeg().base64EncodedString())))
                members.append(.init("screenshotScale", .number(1)))
            }
            root = .object(members)
        }
        var generator: SplitMix64?
        return Data(root.encoded(style: .pretty, shuffleWith: &generator))
    }

    /// Writes the file to `path`.
    public func write(to path: String, _ wrapper: Wrapper, version: Version = .current) throws {
        try data(wrapper, version: version).write(to: URL(fileURLWithPath: path))
    }
}
