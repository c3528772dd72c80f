import AuditKit
import AuditKitRecorder
import AuditKitTestSupport
import Foundation
import Testing

/// The XCTest recorder's JSON function (Examples/XCTestRecorder/AuditKitRecorderJSON.swift, compiled
/// here as it is in a team's UI test target) on plain values, and AuditKit reading what it writes.
@Suite struct AuditKitRecorderJSONTests {
    static let issues: [AuditKitRecorderJSON.Issue] = [
        .init(
            auditType: 1 << 0, compactDescription: "Contrast failed", detailedDescription: "Ratio 2.1:1.",
            element: .init(
                identifier: "budget.total", label: "Total", value: nil,
                type: AuditKitRecorderJSON.elementTypeName(rawValue: 48),
                x: 20, y: 200.5, width: 120, height: 24)),
        .init(
            auditType: 1 << 2, compactDescription: "Hit area is too small", detailedDescription: "",
            element: .init(
                identifier: "", label: "Add", value: "3", type: "Button", x: 340, y: 60, width: 24, height: 24)),
        .init(auditType: 1 << 19, compactDescription: "New check", detailedDescription: "", element: nil),
    ]

    @Test func theItemsHaveAppiumsShape() throws {
        let data = AuditKitRecorderJSON.json(issues: Self.issues, screenName: "Budgets")
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["screenName"] as? String == "Budgets")
        #expect(root["screenshot"] == nil)
        let items = try #require(root["value"] as? [[String: Any]])
        try #require(items.count == 3)
        #expect(
            items.map { $0["auditType"] as? String } == [
                "XCUIAccessibilityAuditTypeContrast", "XCUIAccessibilityAuditTypeHitRegion", "524288",
            ])
        let first = try #require(items[0]["elementAttributes"] as? [String: Any])
        #expect(first["type"] as? String == "StaticText")
        #expect(first["rawIdentifier"] as? String == "budget.total")
        #expect(first["frame"] as? String == "{{20, 200.5}, {120, 24}}")
        let rect = try #require(first["rect"] as? [String: Double])
        #expect(rect == ["x": 20, "y": 200, "width": 120, "height": 25])
        #expect(
            items[0]["element"] as? String
                == "StaticText, {{20, 200.5}, {120, 24}}, identifier: 'budget.total', label: 'Total'")
        let second = try #require(items[1]["elementAttributes"] as? [String: Any])
        #expect(second["rawIdentifier"] is NSNull)
        #expect(second["value"] as? String == "3")
        #expect((items[2]["elementAttributes"] as? [String: Any])?.isEmpty == true)
        #expect(items[2]["element"] as? String == "")
    }

    @Test func auditKitReadsWhatTheRecorderWritesWithItsScreenshot() throws {
        var canvas = FixtureCanvas(width: 402, height: 874, color: .background)
        canvas.fill(x: 340, y: 60, width: 24, height: 24, color: .blue)
        let data = AuditKitRecorderJSON.json(
            issues: Self.issues, screenName: "Budgets", screenshotJPEG: canvas.jpeg(), screenshotScale: 1)
        let name = AuditKitRecorderJSON.fileName(
            for: Date(timeIntervalSince1970: 1_772_445_600.25), timeZone: TimeZone(identifier: "UTC")!)
        #expect(name == "AXAudit_2026-03-02_10-00-00.250.json")
        let report = try AutomatedAuditReaderTests.read(data, name: name)
        #expect(report.format == .automated)
        #expect(report.auditDate == Date(timeIntervalSince1970: 1_772_445_600.25))
        #expect(report.screens.first?.name == "Budgets")
        #expect(report.issues.map(\.testType) == [.contrast, .hitRegion, .other("524288")])
        #expect(report.issues.map(\.identifier) == ["budget.total", nil, nil])
        #expect(report.issues[0].elementRect == Rect(x: 20, y: 200.5, width: 120, height: 24))
        #expect(report.issues[1].elementText == "Add")
        #expect(report.issues[1].thumbnail?.pixelWidth == 24)
        #expect(report.warnings.isEmpty)
    }

    @Test func unknownRawValuesAreNamedByTheirNumber() {
        #expect(AuditKitRecorderJSON.auditTypeName(rawValue: 1 << 33) == "XCUIAccessibilityAuditTypeParentChild")
        #expect(AuditKitRecorderJSON.auditTypeName(rawValue: 1 << 40) == "1099511627776")
        #expect(AuditKitRecorderJSON.elementTypeName(rawValue: 9) == "Button")
        #expect(AuditKitRecorderJSON.elementTypeName(rawValue: 43) == "Image")
        #expect(AuditKitRecorderJSON.elementTypeName(rawValue: 75) == "Cell")
        #expect(AuditKitRecorderJSON.elementTypeName(rawValue: 999) == "Other")
    }

    @Test func twoRecordingsInOneMillisecondGetTwoNamesInTheirOrder() throws {
        let date = Date(timeIntervalSince1970: 1_772_445_600.007)
        let utc = TimeZone(identifier: "UTC")!
        var taken: Set<String> = []
        let names = (0..<3).map { _ in
            let name = AuditKitRecorderJSON.fileName(for: date, timeZone: utc) { taken.contains($0) }
            taken.insert(name)
            return name
        }
        #expect(
            names == [
                "AXAudit_2026-03-02_10-00-00.007.json", "AXAudit_2026-03-02_10-00-00.007-2.json",
                "AXAudit_2026-03-02_10-00-00.007-3.json",
            ])
        // Each reads back as the same time, to the millisecond; the file names order them.
        for name in names {
            let read = try #require(AuditTimestamp.fromFileName(name, timeZone: utc))
            #expect(abs(read.timeIntervalSince(date)) < 0.000_5, "\(name)")
        }
        // Seconds only, or four digits after the point, read as before.
        #expect(
            AuditTimestamp.fromFileName("AXAudit_2026-03-02_10-00-00.json", timeZone: utc)
                == Date(timeIntervalSince1970: 1_772_445_600))
        #expect(
            AuditTimestamp.fromFileName("AXAudit_2026-03-02_10-00-00.1234.json", timeZone: utc)
                == Date(timeIntervalSince1970: 1_772_445_600))
    }
}
