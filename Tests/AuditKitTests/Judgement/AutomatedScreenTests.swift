import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// An automated audit audits its whole screen: what the history records of it, and what lines written
/// before the report's format was recorded are taken to be.
@Suite struct AutomatedScreenTests {
    static let items: [AutomatedAuditFixture.Item] = [
        .init(
            auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
            element: .init(identifier: "pay.total", type: "StaticText", label: "Total", rect: (20, 200, 120, 24))),
        .init(
            auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
            element: .init(identifier: "pay.add", label: "Add", rect: (340, 60, 24, 24))),
        .init(
            auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
            element: .init(identifier: "pay.help", label: "Help", rect: (340, 120, 24, 24))),
    ]

    static func entry(_ items: [AutomatedAuditFixture.Item], day: Int, screenName: String? = nil) throws
        -> HistoryEntry
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("AXAudit_2026-03-0\(day)_10-00-00.json")
        try AutomatedAuditFixture(items: items, screenName: screenName).write(to: path, .recorder)
        let report = try ReportReader.read(path: path, options: .init(timeZone: TimeZone(identifier: "UTC")!))
        return HistoryEntry(report: report)
    }

    @Test func theHistoryRecordsTheFormatAndTheRecordersScreenName() throws {
        let entry = try Self.entry(Self.items, day: 1, screenName: "  Payment ")
        #expect(entry.format == .automated)
        #expect(entry.isAutomatedAudit)
        #expect(entry.screens.map(\.named) == ["Payment"])
        // Written and read back by the history file.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"), namedByUser: true)
        _ = try file.append(entry)
        let read = try file.load()
        #expect(read.entries.first?.format == .automated)
        #expect(read.entries.first?.screens.first?.named == "Payment")
        #expect(read.warnings.isEmpty)
    }

    @Test func aFormatThisVersionDoesNotKnowIsDroppedWithANote() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"), namedByUser: true)
        _ = try file.append(try Self.entry(Self.items, day: 1))
        var text = try String(contentsOfFile: file.path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"format\":\"automated\"", with: "\"format\":\"pdf\"")
        try text.write(toFile: file.path, atomically: true, encoding: .utf8)
        let read = try file.load()
        #expect(read.entries.first?.format == nil)
        #expect(read.warnings.contains { $0.contains("format: expected \"html\", \"json\", \"text\", \"automated\"") })
        // Told by its issues' element types all the same.
        #expect(read.entries.first?.isAutomatedAudit == true)
    }

    @Test(arguments: [true, false])
    func aRunWithoutAScreenshotResolvesWhatItNoLongerFlags(formatRecorded: Bool) throws {
        var first = try Self.entry(Self.items, day: 1)
        var second = try Self.entry(Array(Self.items.dropFirst()), day: 2)
        if !formatRecorded {
            // As a line written before the format was recorded reads.
            first.format = nil
            second.format = nil
        }
        let judged = try #require(HistoryJudgement(entries: [first, second]).latestReport)
        #expect(judged.screens.map(\.coversWholeScreen) == [true])
        #expect(judged.resolvedWarnings.map(\.issue.elementText) == ["Total"])
        #expect(judged.residualWarnings.count == 2)
        #expect(judged.notReauditedWarnings.isEmpty)
    }

    @Test func oneWarningLeftStillPlacesTheRunByItsIdentifier() throws {
        let first = try Self.entry(Self.items, day: 1)
        let last = try Self.entry([Self.items[2]], day: 2)
        let judged = try #require(HistoryJudgement(entries: [first, last]).latestReport)
        #expect(judged.screens.first?.evidence?.contains("1 of 1 identifiers") == true, "\(judged.screens)")
        #expect(judged.resolvedWarnings.count == 2)
        #expect(judged.newWarnings.isEmpty)
    }

    /// The items without their identifiers (an app that sets none).
    static var unidentified: [AutomatedAuditFixture.Item] {
        items.map { item in
            var item = item
            item.element?.identifier = nil
            return item
        }
    }

    @Test func withoutIdentifiersTheLastTextLeftPlacesTheRunWhenNoOtherScreenShowedIt() throws {
        let entries = [
            try Self.entry(Self.unidentified, day: 1), try Self.entry(Array(Self.unidentified.dropFirst()), day: 2),
            try Self.entry([Self.unidentified[2]], day: 3),
        ]
        let judged = HistoryJudgement(entries: entries)
        let last = try #require(judged.latestReport)
        #expect(last.screens.first?.comparedWith != nil, "\(last.screens)")
        #expect(last.resolvedWarnings.map(\.issue.elementText) == ["Add"])
        #expect(last.residualWarnings.map(\.issue.elementText) == ["Help"])
        #expect(last.newWarnings.isEmpty)
    }

    @Test func aTextAnotherScreenShowedTooDoesNotPlaceAOneWarningRun() throws {
        // Another screen with the same “Help” button, then a run with that warning only: which screen it
        // is cannot be told, so it is a screen not audited before and nothing is resolved.
        let other: [AutomatedAuditFixture.Item] = [
            Self.unidentified[2],
            .init(
                auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
                element: .init(type: "StaticText", label: "Profile", rect: (20, 100, 120, 24))),
            .init(
                auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
                element: .init(type: "StaticText", label: "Email", rect: (20, 140, 120, 24))),
        ]
        let entries = [
            try Self.entry(Self.unidentified, day: 1), try Self.entry(other, day: 2),
            try Self.entry([Self.unidentified[2]], day: 3),
        ]
        let last = try #require(HistoryJudgement(entries: entries).latestReport)
        #expect(last.screens.first?.comparedWith == nil, "\(last.screens)")
        #expect(last.screens.first?.suggestsNaming == true)
        #expect(last.resolvedWarnings.isEmpty)
    }
}
