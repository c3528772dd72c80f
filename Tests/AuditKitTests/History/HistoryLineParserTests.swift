import Foundation
import Testing

@testable import AuditKit

@Suite struct HistoryLineParserTests {
    typealias D = HistoryTestData

    func parse(_ data: Data) -> HistoryEntry? {
        data.withUnsafeBytes { raw in HistoryLineParser.parse(raw.bindMemory(to: UInt8.self))?.entry }
    }

    @Test func fastParserAgreesWithTheCompleteReaderOnEveryField() throws {
        let mappings = [
            IssueMapping(
                issueNumber: 1, origin: .rule, view: "Home\u{201C}View\u{201D}",
                location: SourceLocation(file: "Views/Ho me.swift", line: 12, column: 3),
                status: .accepted(reason: "quote \" backslash \\ tab \t newline \n emoji 🎉")),
            IssueMapping(issueNumber: 2, origin: .rule, status: .system),
        ]
        var specs = [
            D.spec(
                .dynamicType, "Caf\u{00E9} </script> \u{0001}",
                rect: Rect(x: 44.333333333333336, y: -1.5e-3, width: 1e21, height: 0)),
            D.spec(.other("Klang"), nil, group: "Gr/oup", rect: nil, code: nil),
            D.spec(.contrast, "", rect: Rect(x: 1, y: 2, width: 3, height: 4), code: -7),
        ]
        specs[1].typeName = nil
        var entry = D.entry(specs, day: 9, mappings: mappings)
        #expect(entry.issues[0].rect == Rect(x: 44.33, y: 0, width: 1e21, height: 0))
        // The fields version 2 added, with text that needs escaping.
        entry.screens[0].width = 402.5
        entry.screens[0].height = 874
        entry.issues[0].key = "home.\"title\"\n"
        entry.issues[0].literal = "Views/Ho me.swift\tCaf\u{00E9} \\(x)"
        entry.issues[1].imageHash = "0123456789abcdef"
        let line = try HistoryFile.makeEncoder().encode(entry)
        let slow = try HistoryLineReader.read(Array(line))
        #expect(slow.notes.isEmpty)
        let fast = try #require(parse(line))
        #expect(fast == slow.entry)
        #expect(fast == entry)
    }

    @Test func fastParserToleratesKeyOrderSpacingAndUnknownKeys() throws {
        let entry = D.entry([D.spec(.dynamicType, "Widgets")], day: 1)
        let object =
            try JSONSerialization.jsonObject(with: try HistoryFile.makeEncoder().encode(entry)) as! [String: Any]
        var extended = object
        extended["futureField"] = ["a": [1, 2.5, true, false, NSNull(), "x"]]
        let pretty = try JSONSerialization.data(withJSONObject: extended, options: [.prettyPrinted])
        #expect(parse(pretty) == entry)
    }

    @Test func fastParserGivesUpOnDamagedLines() throws {
        let line = try HistoryFile.makeEncoder().encode(D.entry([D.spec(.dynamicType, "Widgets")], day: 1))
        for cut in [1, line.count / 3, line.count / 2, line.count - 1] {
            #expect(parse(line.prefix(cut)) == nil, "cut at \(cut)")
        }
        #expect(parse(Data("{\"version\":1}".utf8)) == nil)
        #expect(parse(line + Data(" x".utf8)) == nil)
        var badDate = String(decoding: line, as: UTF8.self)
        badDate = badDate.replacingOccurrences(of: "2026-01-02T12:00:00Z", with: "2026-13-02T12:00:00Z")
        #expect(parse(Data(badDate.utf8)) == nil)
    }
}
