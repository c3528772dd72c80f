import Foundation

/// The kind of file a report was read from, detected from its content.
public enum ReportFormat: String, Sendable, Codable, CaseIterable {
    /// The saved HTML page, with the JSON payload in a script.
    case html
    /// The bare JSON payload.
    case json
    /// The plain-text export: header and issues, no images or rects.
    case text
    /// An automated audit's result: Appium's `mobile: performAccessibilityAudit` JSON or the XCTest
    /// recorder's superset of it (see `AutomatedAuditReader`).
    case automated
}

/// Where a report's audit timestamp came from.
public enum AuditDateSource: String, Sendable, Codable {
    /// The `AuditReport_YYYY-MM-DD_HH-MM-SS` file name.
    case fileName
    /// The text export's `Time Stamp:` header.
    case textHeader
    /// The file's modification time (no better source was found).
    case modificationTime
    /// The caller set it.
    case caller

    /// Where the date came from, as a message says it: `from its file name`.
    public var phrase: String {
        switch self {
        case .fileName: return "from its file name"
        case .textHeader: return "from its Time Stamp header"
        case .modificationTime: return "its modification time"
        case .caller: return "given with --audit-date or --date"
        }
    }
}

/// Something odd the reader tolerated while reading a report: a field dropped for its type,
/// an image it could not use. Warnings never stop a report from being read.
public struct ReportWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The JSON path of the field, e.g. `_axKeyAllScreens[0]._axKeyAllIssues[3]._axKeyElementRectInScreenshotX`.
    public var path: String
    /// What is wrong with it, e.g. `expected a number, found a string`.
    public var message: String
    /// Byte offset of the value in the file, when known.
    public var byteOffset: Int?

    /// Creates a warning.
    public init(path: String, message: String, byteOffset: Int? = nil) {
        self.path = path
        self.message = message
        self.byteOffset = byteOffset
    }

    /// `path: message`, the form printed after the file name.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A whole Accessibility Inspector audit report: its screens, their issues, and what the reader noticed.
public struct InspectorReport: Sendable {
    /// The path the report was read from, as given by the caller.
    public var sourcePath: String
    /// The file's format, detected from its content.
    public var format: ReportFormat
    /// When the audit ran (see `auditDateSource`).
    public var auditDate: Date
    /// Where `auditDate` came from.
    public var auditDateSource: AuditDateSource
    /// Lowercase hex SHA-256 of the file's bytes: the report's identity in the log and the history (unless an
    /// audit of another time holds those bytes: `AuditIdentities`).
    public var sha256: String
    /// The file's size in bytes.
    public var fileSize: Int
    /// Device named by a text export's header, when there is one.
    public var device: String?
    /// The screens, in file order.
    public var screens: [Screen]
    /// What the reader tolerated, in file order.
    public var warnings: [ReportWarning]

    /// Creates a report.
    public init(
        sourcePath: String, format: ReportFormat, auditDate: Date, auditDateSource: AuditDateSource,
        sha256: String, fileSize: Int, device: String? = nil, screens: [Screen], warnings: [ReportWarning] = []
    ) {
        self.sourcePath = sourcePath
        self.format = format
        self.auditDate = auditDate
        self.auditDateSource = auditDateSource
        self.sha256 = sha256
        self.fileSize = fileSize
        self.device = device
        self.screens = screens
        self.warnings = warnings
    }

    /// Every issue of every screen, in report order (so `issues[i].number == i + 1`).
    public var issues: [Issue] { screens.flatMap(\.issues) }

    /// The file name without folders, e.g. `AuditReport_2026-01-02_11-02-25.html`.
    public var fileName: String { PathName.last(sourcePath) }

    /// The file name without its extension, e.g. `AuditReport_2026-01-02_11-02-25`.
    public var baseName: String { InspectorReport.baseName(of: sourcePath) }

    /// The file name of the report at `path` without folders and extension, before it is read.
    public static func baseName(of path: String) -> String {
        PathName.deletingExtension(PathName.last(path))
    }

    /// The report without its images' bytes, for work that keeps reports after their pictures are
    /// drawn: every image keeps its sizes and its problem (what a page or a listing says about it), so
    /// only `data` is empty, and everything else is as it was.
    public func withoutImageBytes() -> InspectorReport {
        var copy = self
        for screen in copy.screens.indices {
            copy.screens[screen].screenshot?.data = Data()
            for issue in copy.screens[screen].issues.indices {
                copy.screens[screen].issues[issue].thumbnail?.data = Data()
            }
        }
        return copy
    }
}

/// One audited screen of a report.
public struct Screen: Sendable {
    /// Zero-based position of the screen in the report.
    public var index: Int
    /// `_axKeyScreenName` ("0", "1", "Screen1", ...).
    public var name: String
    /// `_axKeyScreenGroupName`.
    public var groupName: String
    /// The display bounds in pixels, when the report has them.
    public var displayBounds: Rect?
    /// `_axKeyScreenshotScale` (e.g. 3), when present.
    public var screenshotScale: Double?
    /// `_axKeyScreenshotRotation`, when present.
    public var screenshotRotation: Double?
    /// The full screenshot, when the report has one.
    public var screenshot: ReportImage?
    /// The screen's issues, in file order.
    public var issues: [Issue]
    /// The name the team gave the screen in the file itself (the XCTest recorder's `screenName`); nil
    /// for Inspector reports, whose screen names are the Inspector's. It names the screen in the
    /// history as `--screen NAME` does.
    public var teamName: String?

    /// Creates a screen.
    public init(
        index: Int, name: String, groupName: String, displayBounds: Rect? = nil, screenshotScale: Double? = nil,
        screenshotRotation: Double? = nil, screenshot: ReportImage? = nil, issues: [Issue] = []
    ) {
        self.index = index
        self.name = name
        self.groupName = groupName
        self.displayBounds = displayBounds
        self.screenshotScale = screenshotScale
        self.screenshotRotation = screenshotRotation
        self.screenshot = screenshot
        self.issues = issues
    }
}

/// One issue (warning) the Inspector reported on a screen.
public struct Issue: Sendable {
    /// Report-wide number, 1-based, in order of appearance across screens; stable for the same file.
    public var number: Int
    /// Zero-based index of the screen the issue belongs to.
    public var screenIndex: Int
    /// The issue's screen name (`_axKeyScreenName`, else the screen's).
    public var screenName: String
    /// The issue's screen group (`_axKeyScreenGroupName`, else the screen's).
    public var screenGroupName: String
    /// `_axKeyErrorCode`, the classification code, when present.
    public var errorCode: Int?
    /// `_axKeyShortDesc`, e.g. "Dynamic Type font sizes are unsupported" (localized).
    public var shortTitle: String
    /// `_axKeyLongDesc`.
    public var longDescription: String?
    /// `_axKeyLongDescExtraInfo`.
    public var extraInfo: String?
    /// `_axKeyElementText`: the flagged element's text.
    public var elementText: String?
    /// The test category, derived from the test type name, error code or title.
    public var testType: TestType
    /// `_axKeyIssueTestType` as written in the report (localized), when present.
    public var testTypeName: String?
    /// `_axKeyIssueSuggestion`.
    public var suggestion: String?
    /// `_axKeyIssueIsDuplicate`: the Inspector considers this issue a repeat.
    public var isDuplicate: Bool
    /// The crop around the element, when the report has one (possibly with a problem).
    public var thumbnail: ReportImage?
    /// The element's rect in the full screenshot, in points, origin top left.
    public var elementRect: Rect?
    /// The element's accessibility identifier, when the report gives one (automated audits'
    /// `rawIdentifier`): stable across languages and layouts, so it decides the warning's identity.
    public var identifier: String?
    /// The element's type as an automated audit names it (`Button`, `StaticText`), when given.
    public var elementType: String?

    /// Creates an issue.
    public init(
        number: Int, screenIndex: Int, screenName: String, screenGroupName: String, errorCode: Int? = nil,
        shortTitle: String, longDescription: String? = nil, extraInfo: String? = nil, elementText: String? = nil,
        testType: TestType, testTypeName: String? = nil, suggestion: String? = nil, isDuplicate: Bool = false,
        thumbnail: ReportImage? = nil, elementRect: Rect? = nil, identifier: String? = nil,
        elementType: String? = nil
    ) {
        self.number = number
        self.screenIndex = screenIndex
        self.screenName = screenName
        self.screenGroupName = screenGroupName
        self.errorCode = errorCode
        self.shortTitle = shortTitle
        self.longDescription = longDescription
        self.extraInfo = extraInfo
        self.elementText = elementText
        self.testType = testType
        self.testTypeName = testTypeName
        self.suggestion = suggestion
        self.isDuplicate = isDuplicate
        self.thumbnail = thumbnail
        self.elementRect = elementRect
        self.identifier = identifier
        self.elementType = elementType
    }

    /// The thumbnail's problem, if the issue has a thumbnail that cannot be used.
    public var imageProblem: ImageProblem? { thumbnail?.problem }
}

/// A rectangle in points (element rects) or pixels (display bounds), origin at the top left.
public struct Rect: Sendable, Hashable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rect.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether all four values are finite (a report's JSON may say NaN or infinity; no element is there).
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// `x 12 y 340  200x22`: the compact form used on index sheets and in text output
    /// (values rounded to whole points).
    public var compactDescription: String {
        let n = Self.wholePoints
        return "x \(n(x)) y \(n(y))  \(n(width))x\(n(height))"
    }

    /// One rect value as the outputs print it: rounded to a whole point (`156.67` is `157`), or `?`
    /// when it is not a finite number a line can hold. The text, CSV and index-sheet outputs share it.
    public static func wholePoints(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? String(Int(value.rounded())) : "?"
    }
}
