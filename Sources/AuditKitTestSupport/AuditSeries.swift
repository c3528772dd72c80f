import AuditKit
import Foundation

/// One element of an app screen that the Inspector flags, as a series of audits sees it.
public struct AppElement: Sendable {
    /// How the element looks on the screenshot.
    public enum Look: Sendable, Hashable {
        /// A line of text.
        case label
        /// A row's disclosure chevron (text-less; every chevron looks the same).
        case chevron
        /// A coloured square icon (text-less); the number picks its colour and inner mark.
        case icon(Int)
    }

    /// What the test calls the element; never written into the report.
    public var id: String
    /// The Inspector's error code (`ReportFixture.findings`).
    public var code: Int
    /// The element text as the report gives it (nil for text-less elements).
    public var text: String?
    /// The element's rect in points.
    public var rect: Rect
    /// How it is painted.
    public var look: Look
    /// Whether the Inspector reports it twice in the same audit (the second time marked as a repeat).
    public var reportedTwice: Bool
    /// Whether the Inspector flags it; an unflagged element is only painted on the screenshot.
    public var flagged = true

    /// Creates an element.
    public init(
        _ id: String, code: Int, text: String?, rect: Rect, look: Look = .label, reportedTwice: Bool = false
    ) {
        self.id = id
        self.code = code
        self.text = text
        self.rect = rect
        self.look = look
        self.reportedTwice = reportedTwice
    }

    /// This element with another text.
    public func with(text: String?) -> AppElement {
        var copy = self
        copy.text = text
        return copy
    }

    /// This element, painted but not flagged (fixed, or never a problem).
    public func unflagged() -> AppElement {
        var copy = self
        copy.flagged = false
        return copy
    }

    /// This element moved by `dy` points.
    public func moved(dy: Double) -> AppElement {
        var copy = self
        copy.rect.y += dy
        return copy
    }
}

/// One screen of the app: its screen group and flagged elements.
public struct AppScreen: Sendable {
    /// `_axKeyScreenGroupName`.
    public var group: String
    /// The flagged elements, in the order the Inspector reports them.
    public var elements: [AppElement]
    /// The screen's size in points (an iPhone 17 Pro in portrait unless set: an iPad, landscape).
    public var size = AuditSeries.screenSize

    /// Creates a screen.
    public init(_ group: String, _ elements: [AppElement]) {
        self.group = group
        self.elements = elements
    }
}

/// A report written by `AuditSeries` and read back, with each issue's element id.
public struct AuditedReport: Sendable {
    /// The report as `ReportReader` read it.
    public var report: InspectorReport
    /// Its path.
    public var path: String
    /// Element id per issue number.
    public var ids: [Int: String]

    /// The element id of issue `number` (`?` when there is none).
    public func id(_ number: Int?) -> String { number.flatMap { ids[$0] } ?? "?" }
}

/// Writes a series of Inspector reports of one small app, with screenshots painted from the screens'
/// elements and thumbnails cropped from them (real JPEGs), into a folder, one audit a day.
public struct AuditSeries: Sendable {
    /// The folder the reports go in (`Reports/` under it).
    public let directory: TemporaryDirectory
    /// The screen size in points (pixels are points × 3, as on an iPhone 17 Pro).
    public static let screenSize = (width: 402, height: 874)

    /// A series writing into a new temporary folder.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "auditkit-series")
    }

    /// Removes the folder.
    public func remove() { directory.remove() }

    /// The audit date of day `day`: 2026-01-01 12:00 UTC plus `day` days.
    public static func date(_ day: Int) -> Date {
        Date(timeIntervalSince1970: 1_767_268_800 + Double(day) * 86_400)
    }

    /// Writes the audit of `screens` on `day` (file `AuditReport_2026-01-DD_12-00-00.<ext>`) in
    /// `container` and reads it back. `language` 1 writes German titles and test type names (2 Japanese, 3 French); `dark`
    /// paints the screens in the dark appearance (every colour inverted: the edges stay, their polarity flips).
    public func audit(
        day: Int, _ screens: [AppScreen], container: ReportFixture.Container = .html(.varAssignment),
        language: Int = 0, screenshots: Bool = true, dark: Bool = false
    ) throws -> AuditedReport {
        var fixtureScreens: [ReportFixture.Screen] = []
        var ids: [Int: String] = [:]
        var number = 0
        let findings = Dictionary(uniqueKeysWithValues: ReportFixture.findings.map { ($0.code, $0) })
        for (index, screen) in screens.enumerated() {
            var canvas = AuditSeries.paint(screen)
            if dark { canvas.pixels = canvas.pixels.map { 255 - $0 } }
            var issues: [ReportFixture.Issue] = []
            for element in screen.elements where element.flagged {
                let finding = findings[element.code]!
                let crop = canvas.cropped(
                    x: Int(element.rect.x) - 6, y: Int(element.rect.y) - 6, width: Int(element.rect.width) + 12,
                    height: Int(element.rect.height) + 12)
                let issue = ReportFixture.Issue(
                    errorCode: element.code, shortTitle: finding.titles[language],
                    longDescription: finding.description.replacingOccurrences(of: "%@", with: element.text ?? "Button"),
                    elementText: element.text, testTypeName: finding.typeNames[language],
                    suggestion: finding.suggestion, isDuplicate: false, thumbnail: ReportFixture.Image(canvas: crop),
                    rect: element.rect, expectedTestType: finding.type)
                for repeatIndex in 0..<(element.reportedTwice ? 2 : 1) {
                    var copy = issue
                    copy.isDuplicate = repeatIndex > 0
                    issues.append(copy)
                    number += 1
                    ids[number] = element.id
                }
            }
            fixtureScreens.append(
                ReportFixture.Screen(
                    // Screen names never matter to matching; the day makes two audits of one app state differ.
                    name: "\(day)-\(index)", groupName: screen.group,
                    displayBounds: Rect(
                        x: 0, y: 0, width: Double(screen.size.width * 3), height: Double(screen.size.height * 3)),
                    screenshot: screenshots ? ReportFixture.Image(canvas: canvas) : nil, issues: issues))
        }
        let fixture = ReportFixture(screens: fixtureScreens)
        let stamp = String(format: "2026-01-%02d_12-00-00", day + 1)
        let ext: String
        switch container {
        case .json: ext = "json"
        case .text: ext = "txt"
        case .html: ext = "html"
        }
        let folder = directory.file("Reports")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/AuditReport_\(stamp).\(ext)"
        try fixture.write(to: path, as: container)
        return AuditedReport(report: try ReportReader.read(path: path), path: path, ids: ids)
    }

    /// The screenshot of `screen`: a grouped list background with each element painted at its rect.
    public static func paint(_ screen: AppScreen) -> FixtureCanvas {
        var canvas = FixtureCanvas(width: screen.size.width, height: screen.size.height, color: .background)
        for element in screen.elements {
            let x = Int(element.rect.x), y = Int(element.rect.y)
            let width = Int(element.rect.width), height = Int(element.rect.height)
            switch element.look {
            case .label:
                var seed: UInt64 = 1469598103934665603
                for byte in (element.text ?? "").utf8 { seed = (seed ^ UInt64(byte)) &* 1099511628211 }
                canvas.text(
                    x: x, y: y + height / 4, width: width, height: max(2, height / 2), color: .label, seed: seed)
            case .chevron:
                for step in 0..<(height / 2) {
                    canvas.fill(x: x + step / 2, y: y + step, width: 3, height: 1, color: .secondary)
                    canvas.fill(x: x + step / 2, y: y + height - 1 - step, width: 3, height: 1, color: .secondary)
                }
            case .icon(let kind):
                let colors: [FixtureCanvas.Color] = [.blue, .green, .orange, .red, .purple, .teal]
                canvas.fillRounded(
                    x: x, y: y, width: width, height: height, radius: max(1, width / 5),
                    color: colors[kind % colors.count])
                canvas.fill(
                    x: x + width / 4 + (kind % 3) * width / 8, y: y + height / 4, width: width / 3,
                    height: height / 2, color: .white)
            }
        }
        return canvas
    }
}
