import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Values a report or a hand-edited history line may hold that no audit produces: huge, tiny and
/// non-finite rects. Every history path must take them without crashing.
@Suite struct HostileValuesTests {
    typealias D = HistoryTestData

    static let hostile: [Rect] = [
        Rect(x: 1e19, y: -1e300, width: 1e308, height: -1e19),
        Rect(x: .nan, y: 0, width: 10, height: 10),
        Rect(x: 0, y: .infinity, width: -.infinity, height: 10),
        Rect(x: -9.3e18, y: 9.3e18, width: .greatestFiniteMagnitude, height: -.greatestFiniteMagnitude),
    ]

    @Test func hostileRectsGoThroughEveryHistoryPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"))
        var entries: [HistoryEntry] = []
        for (day, rect) in Self.hostile.enumerated() {
            let specs = [
                D.spec(.dynamicType, "A", rect: rect), D.spec(.dynamicType, "A", rect: rect),
                D.spec(.contrast, nil, rect: rect), D.spec(.contrast, nil, rect: Rect(x: 1, y: 2, width: 3, height: 4)),
            ]
            entries.append(D.entry(specs, day: day))
        }
        for entry in entries {
            for issue in entry.issues {
                if let rect = issue.rect {
                    let finite = [rect.x, rect.y, rect.width, rect.height].allSatisfy { $0.isFinite }
                    #expect(finite)
                }
            }
        }
        let written = try file.append(entries)
        #expect(written == [true, true, true, true])
        let history = try file.load()
        #expect(history.entries.count == 4)
        for format in HistoryOutputFormat.allCases {
            _ = try HistoryOutput.render(Trend(entries: history.entries, by: .view), format: format)
            _ = try HistoryOutput.render(.of(old: history.entries[0], new: history.entries[3]), format: format)
        }
        _ = TrendChart.svg(Trend(entries: history.entries, by: .type))
        _ = HistoryCheck(entry: history.entries[3], history: history, baseline: Baseline(), failOn: .any)
        for (old, new) in zip(history.entries, history.entries.dropFirst()) {
            _ = ReportDiff(old: old, new: new)
            _ = ReportDiff(old: new, new: old)
        }
    }

    @Test func aHistoryLineWithAnOutOfRangeRectIsABadLineAndHugeFiniteRectsAreKept() throws {
        let line = String(
            decoding: try HistoryFile.makeEncoder().encode(D.entry([D.spec(.dynamicType, "A")], day: 1)),
            as: UTF8.self)
        #expect(line.contains("\"rect\":{\"height\":22,\"width\":120,\"x\":20,\"y\":100}"))
        for value in ["1e400", "-1e400"] {
            let hostile = line.replacingOccurrences(of: "\"x\":20", with: "\"x\":\(value)")
            let error = try #require(throws: AuditError.self) {
                try HistoryFile.parse(Data((hostile + "\n" + line + "\n").utf8), path: "h.jsonl")
            }
            // The column of the value, after `"x":`.
            let column = try #require(Array(hostile.utf8).firstRange(of: Array("\"x\":\(value)".utf8))).lowerBound + 5
            #expect(
                error.description
                    == "h.jsonl:1:\(column): error: history line is not a valid entry "
                    + "(issues[0].rect.x: expected a number a double can hold, found one out of range)")
        }
        let huge = line.replacingOccurrences(of: "\"x\":20", with: "\"x\":-1e300")
            .replacingOccurrences(of: "\"y\":100", with: "\"y\":1e19")
        let history = try HistoryFile.parse(Data((huge + "\n").utf8), path: "h.jsonl")
        #expect(history.entries.first?.issues.first?.rect == Rect(x: -1e300, y: 1e19, width: 120, height: 22))
        _ = TrendChart.svg(Trend(entries: history.entries, by: .view))
        _ = try HistoryOutput.render(Trend(entries: history.entries, by: .view), format: .json)
    }
}
