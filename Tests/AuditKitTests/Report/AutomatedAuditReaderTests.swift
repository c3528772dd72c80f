import AuditKitScan
import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Reading automated audit results (Appium's `mobile: performAccessibilityAudit`, the XCTest recorder)
/// into the report model.
@Suite struct AutomatedAuditReaderTests {
    static let items: [AutomatedAuditFixture.Item] = [
        .init(
            auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
            detailed: "The text's contrast ratio is 2.1:1.",
            element: .init(
                identifier: "budget.total", type: "StaticText", label: "Total", rect: (20, 200.5, 120, 24))),
        .init(
            auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
            element: .init(type: "Button", label: "Add", rect: (340, 60, 24, 24))),
        .init(auditType: "524288", compact: "Something new", element: nil),
        .init(auditType: "XCUIAccessibilityAuditTypeTextClipped", compact: "Text clipped", element: nil),
    ]

    static func read(_ data: Data, name: String = "AXAudit_2026-03-02_10-00-00.json") throws -> InspectorReport {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return try ReportReader.read(path: path, options: .init(timeZone: TimeZone(identifier: "UTC")!))
    }

    @Test(arguments: AutomatedAuditFixture.Wrapper.allCases, AutomatedAuditFixture.Version.allCases)
    func everyShapeReadsToTheSameIssues(
        wrapper: AutomatedAuditFixture.Wrapper, version: AutomatedAuditFixture.Version
    ) throws {
        let report = try Self.read(AutomatedAuditFixture(items: Self.items).data(wrapper, version: version))
        #expect(report.format == .automated)
        #expect(report.screens.count == 1)
        let issues = report.issues
        try #require(issues.count == 4)
        #expect(issues.map(\.testType) == [.contrast, .hitRegion, .other("524288"), .clippedText])
        #expect(issues.map(\.number) == [1, 2, 3, 4])
        #expect(issues[0].shortTitle == "Contrast failed")
        #expect(issues[0].longDescription == "The text's contrast ratio is 2.1:1.")
        #expect(issues[0].elementText == "Total")
        #expect(issues[0].identifier == "budget.total")
        #expect(issues[0].elementType == "StaticText")
        #expect(issues[0].elementRect == Rect(x: 20, y: 200.5, width: 120, height: 24))
        #expect(issues[1].identifier == nil)
        #expect(issues[1].elementText == "Add")
        #expect(issues[2].elementText == nil && issues[2].elementRect == nil && issues[2].identifier == nil)
        #expect(issues[2].testTypeName == "524288")
        #expect(report.warnings.isEmpty)
        #expect(report.auditDateSource == .fileName)
        #expect(report.auditDate == Date(timeIntervalSince1970: 1_772_445_600))
    }

    @Test func extractJSONNamesTheIdentifierAndTheElementType() throws {
        let report = try Self.read(AutomatedAuditFixture(items: Self.items).data(.appium))
        let text = ReportListing.render([ListingEntry(path: report.sourcePath, report: report)], format: .json)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let first = try #require((json["reports"] as? [[String: Any]])?.first)
        #expect(first["format"] as? String == "automated")
        let issue = try #require((first["issues"] as? [[String: Any]])?.first)
        #expect(issue["identifier"] as? String == "budget.total")
        #expect(issue["elementType"] as? String == "StaticText")
    }

    @Test func anEmptyResultIsAnAuditWithNoIssues() throws {
        let report = try Self.read(Data("{\"value\":[],\"sessionId\":\"x\"}".utf8))
        #expect(report.format == .automated)
        #expect(report.issues.isEmpty)
        #expect(report.screens.count == 1)
    }

    @Test func anAppiumErrorReplyIsBadInputThatQuotesTheDriver() throws {
        let data = Data(
            #"{"value":{"error":"unknown error","message":"Accessibility audit is only supported since iOS 17"}}"#.utf8)
        let error = try #require(throws: AuditError.self) { try Self.read(data) }
        #expect(error.code == .badInput)
        #expect(error.message.contains("not an array of audit issues"))
        #expect(error.message.contains("only supported since iOS 17"))
        #expect(error.location?.byteOffset == 9)
    }

    @Test func aFieldOfTheWrongTypeIsDroppedWithAWarningNamingItsPath() throws {
        let data = Data(
            #"[{"auditType":"XCUIAccessibilityAuditTypeTrait","compactDescription":"Trait","detailedDescription":"","element":"","elementAttributes":{"type":"Button","rawIdentifier":"ok","label":["x"],"rect":{"x":"1","y":2,"width":3,"height":4}}}, 7]"#
                .utf8)
        let report = try Self.read(data)
        #expect(report.issues.count == 1)
        #expect(report.issues[0].identifier == "ok")
        #expect(report.issues[0].elementText == nil)
        #expect(report.issues[0].elementRect == nil)
        let paths = report.warnings.map(\.path)
        #expect(paths.contains("[0].elementAttributes.label"))
        #expect(paths.contains("[0].elementAttributes.rect.x"))
        #expect(paths.contains("[1]"))
    }

    @Test func theRecordersScreenshotGivesTheScreenAndCroppedThumbnails() throws {
        var canvas = FixtureCanvas(width: 402, height: 874, color: .background)
        canvas.fill(x: 20, y: 200, width: 120, height: 24, color: .red)
        let fixture = AutomatedAuditFixture(items: Self.items, screenshot: canvas, screenName: "Budgets")
        let report = try Self.read(fixture.data(.recorder))
        let screen = try #require(report.screens.first)
        #expect(screen.name == "Budgets")
        #expect(screen.screenshot?.isUsable == true)
        #expect(screen.screenshot?.declaredWidth == 402)
        let thumbnail = try #require(report.issues[0].thumbnail)
        #expect(thumbnail.isUsable)
        #expect(thumbnail.pixelWidth == 120 && thumbnail.pixelHeight == 25)
        let raster = try JPEGCodec.decode(thumbnail.data)
        let middle = (raster.width * (raster.height / 2) + raster.width / 2) * 4
        #expect(raster.pixels[middle] > 200 && raster.pixels[middle + 1] < 100)
        #expect(report.issues[2].thumbnail == nil)
    }

    @Test func withoutAScreenshotIssuesHaveNoImages() throws {
        let report = try Self.read(AutomatedAuditFixture(items: Self.items).data(.appium))
        #expect(report.screens[0].screenshot == nil)
        #expect(report.issues.allSatisfy { $0.thumbnail == nil })
    }

    @Test func auditTypesAreKnownByNameAndByNumber() {
        #expect(
            TestType(automatedAuditType: "XCUIAccessibilityAuditTypeSufficientElementDescription")
                == .elementDescription)
        #expect(TestType(automatedAuditType: "DynamicType") == .dynamicType)
        #expect(TestType(automatedAuditType: "131072") == .clippedText)
        #expect(TestType(automatedAuditType: "8589934592") == .parentChild)
        #expect(TestType(automatedAuditType: "4294967296") == .action)
        #expect(TestType(automatedAuditType: "524288") == .other("524288"))
    }

    @Test func aFileNameTimestampAfterAnyPrefixGivesTheAuditDate() {
        let utc = TimeZone(identifier: "UTC")!
        #expect(
            AuditTimestamp.fromFileName("AXAudit_2026-03-02_10-00-00.json", timeZone: utc)
                == Date(timeIntervalSince1970: 1_772_445_600))
        #expect(
            AuditTimestamp.fromFileName("2026-03-02_10-00-00.json", timeZone: utc)
                == Date(timeIntervalSince1970: 1_772_445_600))
        #expect(AuditTimestamp.fromFileName("run-12026-03-02_10-00-00.json", timeZone: utc) == nil)
        #expect(AuditTimestamp.fromFileName("audit.json", timeZone: utc) == nil)
    }

    @Test func withoutADateInTheNameTheModificationTimeIsUsed() throws {
        let report = try Self.read(AutomatedAuditFixture(items: Self.items).data(.bare), name: "audit.json")
        #expect(report.auditDateSource == .modificationTime)
    }

    @Test func anInspectorJSONPayloadIsStillAnInspectorReport() throws {
        let fixture = ReportFixture(screens: [.init(name: "0", groupName: "Home", issues: [])])
        let report = try Self.read(fixture.data(.json))
        #expect(report.format == .json)
    }

    @Test func anArrayOfSomethingElseIsNotAReport() throws {
        for json in [#"[{"name": "x"}]"#, #"{"value": [{"id": 1, "element": "e"}]}"#, #"[1, 2]"#] {
            #expect(throws: AuditError.self, "\(json)") {
                do { _ = try Self.read(Data(json.utf8)) } catch let error as AuditError {
                    #expect(error.code == .notAReport, "\(json): \(error)")
                    #expect(error.message.hasPrefix("not a report: an array of something else"), "\(error)")
                    throw error
                }
            }
        }
        // A JSON object of something else is no report either.
        do {
            _ = try Self.read(Data(#"{"name": "x"}"#.utf8))
            Issue.record("read as a report")
        } catch let error as AuditError {
            #expect(error.code == .notAReport)
            #expect(error.description.hasSuffix("at byte 0"), "\(error)")
        }
    }

    @Test func aCleanRunIsAReportAndStrayItemsAreSkippedWithAWarning() throws {
        let clean = try Self.read(Data("[]".utf8))
        #expect(clean.format == .automated && clean.issues.isEmpty)
        let mixed = try Self.read(
            Data(
                #"[{"auditType": "XCUIAccessibilityAuditTypeContrast", "compactDescription": "c", "element": "Button, {{1, 2}, {3, 4}}"}, {"name": "x"}]"#
                    .utf8))
        #expect(mixed.issues.count == 1)
        #expect(mixed.warnings.map(\.path) == ["[1]"])
    }

    @Test func skippedItemsCostOneCountedWarningPerReasonNotOnePerItem() throws {
        // One issue followed by 200,000 zeros and two stray objects, as a hostile or broken export holds.
        let issue =
            #"{"auditType": "XCUIAccessibilityAuditTypeContrast", "compactDescription": "c", "element": "Button, {{1, 2}, {3, 4}}"}"#
        let zeros = String(repeating: ", 0", count: 200_000)
        let report = try Self.read(Data(("[" + issue + zeros + #", {"name": "x"}, {"name": "y"}]"#).utf8))
        #expect(report.issues.count == 1)
        #expect(report.warnings.map(\.path) == ["[1]", "[200001]"])
        #expect(
            report.warnings.first?.message
                == "expected an object, found a number; issue skipped (and 199999 more item(s) skipped so)",
            "\(report.warnings)")
        #expect(report.warnings.last?.message.hasSuffix("skipped (and 1 more item(s) skipped so)") == true)
    }

    @Test func itemsAreReadOneAtATimeAndThoseSkippedAreNeverLaidOut() throws {
        let issue =
            #"{"auditType": "XCUIAccessibilityAuditTypeContrast", "compactDescription": "c", "element": "Button, {{1, 2}, {3, 4}}", "extra": [0, 0, 0]}"#
        let zeros = String(repeating: ", 0", count: 20_000)
        let items = "[" + issue + zeros + #", [0, [0, 0]], {"name": [1, 2, 3]}]"#
        for (text, nodes) in [(items, 1), (#"{"value": "# + items + #", "sessionId": "s"}"#, 5)] {
            let buffer = ByteBuffer(copying: Array(text.utf8))
            // The items' array is one node (the root's, or the root object's with its key and sessionId's).
            let document = try ReportReader.jsonDocument(buffer, from: 0, path: "a.json", options: .init())
            #expect(document.nodes.count == nodes)
            let report = try ReportReader.read(
                buffer: buffer, path: "AXAudit_2026-03-02_10-00-00.json",
                options: .init(timeZone: TimeZone(identifier: "UTC")!))
            #expect(report.issues.map(\.shortTitle) == ["c"])
            #expect(report.issues.first?.elementRect == Rect(x: 1, y: 2, width: 3, height: 4))
            let prefix = nodes == 1 ? "" : "value"
            #expect(report.warnings.map(\.path) == [prefix + "[1]", prefix + "[20001]", prefix + "[20002]"])
            #expect(
                report.warnings.map(\.message) == [
                    "expected an object, found a number; issue skipped (and 19999 more item(s) skipped so)",
                    "expected an object, found an array; issue skipped",
                    "not an audit issue (no auditType or compactDescription with an element); skipped",
                ])
            let afterIssue = text.utf8.count - text[text.range(of: issue)!.upperBound...].utf8.count
            #expect(report.warnings.first?.byteOffset == afterIssue + 2)
        }
    }
}
