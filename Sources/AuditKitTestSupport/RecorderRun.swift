import Foundation

/// A CI run of an app's UI tests as the XCTest recorder writes it: one automated audit per screen, each
/// named by its screen (`screenName`), the screens audited a second apart in the order given. Each
/// warning is a text element with too little contrast, known by its label (its identifier
/// `screen.label`), so a test says which warnings each screen shows run by run.
public struct RecorderRun: Sendable {
    /// One audited screen: its name and the labels of the elements flagged on it, top to bottom.
    public struct Screen: Sendable {
        /// The screen's name (`screenName`).
        public var name: String
        /// The flagged elements' labels.
        public var warnings: [String]

        /// A screen and its warnings.
        public init(_ name: String, _ warnings: [String]) {
            self.name = name
            self.warnings = warnings
        }
    }

    /// The screens, in the order the run audits them.
    public var screens: [Screen]

    /// A run auditing `screens` in this order.
    public init(_ screens: [Screen]) { self.screens = screens }

    /// The automated audit of `screen`.
    public static func audit(_ screen: Screen) -> AutomatedAuditFixture {
        AutomatedAuditFixture(
            items: screen.warnings.enumerated().map { row, label in
                .init(
                    auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
                    element: .init(
                        identifier: "\(screen.name.lowercased()).\(label.lowercased())", type: "StaticText",
                        label: label, rect: (20, 120 + Double(row) * 60, 160, 30)))
            }, screenName: screen.name)
    }

    /// Writes the run's audits into `folder` as `AXAudit_<day>_<hour>-<minute>-<SS>.json`, the first screen at
    /// second 00, the next at 01, and so on; returns their paths in that order.
    @discardableResult
    public func write(into folder: String, day: String, hour: Int, minute: Int = 0) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try screens.enumerated().map { second, screen in
            let time = String(format: "%02d-%02d-%02d", hour, minute, second)
            let path = folder + "/AXAudit_\(day)_\(time).json"
            try Self.audit(screen).write(to: path, .recorder)
            return path
        }
    }
}
