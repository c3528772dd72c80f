import Foundation

/// `extract --format json`: one entry per report argument, in argument order, each the report's
/// complete model or the error that stopped it (<doc:JSONOutput> has every field). Written through
/// `JSONWriter.document`, so its keys are sorted and `"version"` is among them like every other
/// `--format json` output.
///
/// Every documented field is always there: a value the report lacks is `null`. A number that is not
/// finite is written as `null` too, so encoding the document cannot fail.
public struct ExtractJSON: Encodable, Sendable {
    /// The entries, in argument order.
    public var entries: [ListingEntry]

    /// The document of `entries`.
    public init(entries: [ListingEntry]) {
        self.entries = entries
    }

    /// Writes `reports`, one object per entry.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(entries.map(EntryFields.init), forKey: "reports")
    }
}

/// A member name of the document.
private struct FieldKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

extension KeyedEncodingContainer where Key == FieldKey {
    /// `value`, or `null` when there is none: the document's keys are always there.
    fileprivate mutating func encodeOrNull<Value: Encodable>(_ value: Value?, forKey key: FieldKey) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// `value`, or `null` when there is none or it is not finite (JSON has no such numbers).
    fileprivate mutating func encodeNumber(_ value: Double?, forKey key: FieldKey) throws {
        try encodeOrNull(value.flatMap { $0.isFinite ? $0 : nil }, forKey: key)
    }
}

/// One report argument: the report, or the error that stopped it.
private struct EntryFields: Encodable {
    var entry: ListingEntry

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        guard let report = entry.report else {
            try container.encode(entry.path, forKey: "path")
            try container.encode(ErrorFields(error: entry.error), forKey: "error")
            return
        }
        let files = entry.files
        try container.encode(report.sourcePath, forKey: "path")
        try container.encode(report.fileName, forKey: "fileName")
        try container.encode(report.format.rawValue, forKey: "format")
        try container.encode(report.sha256, forKey: "sha256")
        try container.encode(report.fileSize, forKey: "fileSize")
        try container.encode(ReportListing.isoDate(report.auditDate), forKey: "auditDate")
        try container.encode(report.auditDateSource.rawValue, forKey: "auditDateSource")
        try container.encodeOrNull(report.device, forKey: "device")
        try container.encode(report.screens.count, forKey: "screenCount")
        try container.encode(report.issues.count, forKey: "issueCount")
        try container.encode(
            report.screens.map { ScreenFields(screen: $0, file: files?.screenshots[$0.index]) }, forKey: "screens")
        try container.encode(
            report.issues.map { IssueFields(issue: $0, file: files?.thumbnails[$0.number]) }, forKey: "issues")
        try container.encode(report.warnings.map(WarningFields.init), forKey: "warnings")
    }
}

/// `{code, message, byteOffset, description}` of a report that could not be read.
private struct ErrorFields: Encodable {
    var error: AuditError?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encodeOrNull(error?.code.rawValue, forKey: "code")
        try container.encodeOrNull(error?.message, forKey: "message")
        try container.encodeOrNull(error?.location?.byteOffset, forKey: "byteOffset")
        try container.encodeOrNull(error?.description, forKey: "description")
    }
}

private struct ScreenFields: Encodable {
    var screen: Screen
    var file: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(screen.index, forKey: "index")
        try container.encode(screen.index + 1, forKey: "number")
        try container.encode(screen.name, forKey: "name")
        try container.encode(screen.groupName, forKey: "groupName")
        try container.encodeOrNull(screen.displayBounds.map(RectFields.init), forKey: "displayBounds")
        try container.encodeNumber(screen.screenshotScale, forKey: "screenshotScale")
        try container.encodeNumber(screen.screenshotRotation, forKey: "screenshotRotation")
        try container.encodeOrNull(
            screen.screenshot.map { ImageFields(image: $0, file: file) }, forKey: "screenshot")
        try container.encode(screen.issues.map(\.number), forKey: "issueNumbers")
    }
}

private struct IssueFields: Encodable {
    var issue: Issue
    var file: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(issue.number, forKey: "number")
        try container.encode(issue.screenIndex, forKey: "screenIndex")
        try container.encode(issue.screenName, forKey: "screenName")
        try container.encode(issue.screenGroupName, forKey: "screenGroupName")
        try container.encode(issue.testType.key, forKey: "testType")
        try container.encode(issue.testType.displayName, forKey: "testTypeDisplayName")
        try container.encodeOrNull(issue.testTypeName, forKey: "testTypeName")
        try container.encodeOrNull(issue.errorCode, forKey: "errorCode")
        try container.encode(issue.shortTitle, forKey: "shortTitle")
        try container.encodeOrNull(issue.longDescription, forKey: "longDescription")
        try container.encodeOrNull(issue.extraInfo, forKey: "extraInfo")
        try container.encodeOrNull(issue.elementText, forKey: "elementText")
        try container.encodeOrNull(issue.identifier, forKey: "identifier")
        try container.encodeOrNull(issue.elementType, forKey: "elementType")
        try container.encodeOrNull(issue.suggestion, forKey: "suggestion")
        try container.encode(issue.isDuplicate, forKey: "isDuplicate")
        try container.encodeOrNull(issue.elementRect.map(RectFields.init), forKey: "elementRect")
        try container.encodeOrNull(issue.thumbnail.map { ImageFields(image: $0, file: file) }, forKey: "thumbnail")
        try container.encodeOrNull(issue.imageProblem?.description, forKey: "imageProblem")
    }
}

/// `{x, y, width, height}`, each number as the report gave it (whole numbers without a fraction).
private struct RectFields: Encodable {
    var rect: Rect

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encodeNumber(rect.x, forKey: "x")
        try container.encodeNumber(rect.y, forKey: "y")
        try container.encodeNumber(rect.width, forKey: "width")
        try container.encodeNumber(rect.height, forKey: "height")
    }
}

private struct ImageFields: Encodable {
    var image: ReportImage
    var file: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(image.data.count, forKey: "byteCount")
        try container.encodeNumber(image.declaredWidth, forKey: "declaredWidth")
        try container.encodeNumber(image.declaredHeight, forKey: "declaredHeight")
        try container.encodeOrNull(image.pixelWidth, forKey: "pixelWidth")
        try container.encodeOrNull(image.pixelHeight, forKey: "pixelHeight")
        try container.encodeOrNull(image.problem?.description, forKey: "problem")
        try container.encodeOrNull(file, forKey: "file")
    }
}

private struct WarningFields: Encodable {
    var warning: ReportWarning

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(warning.path, forKey: "path")
        try container.encode(warning.message, forKey: "message")
        try container.encodeOrNull(warning.byteOffset, forKey: "byteOffset")
    }
}
