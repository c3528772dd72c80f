import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

import struct AuditKit.Issue

/// `diff`, `check` and `trend` on a series of real reports: the stage of each pair in JSON and text,
/// check's exit status, and a history with damaged or old lines.
@Suite struct IdentityCommandsTests {
    static let home = AppScreen(
        "Home",
        [
            AppElement("title", code: 30, text: "Active Budgets", rect: Rect(x: 20, y: 96, width: 190, height: 20)),
            AppElement("spent", code: 31, text: "Spent $1,234.56", rect: Rect(x: 74, y: 200, width: 150, height: 20)),
            AppElement("rent", code: 26, text: "Rent", rect: Rect(x: 74, y: 252, width: 60, height: 20)),
            AppElement(
                "chevron", code: 17, text: nil, rect: Rect(x: 370, y: 254, width: 10, height: 16), look: .chevron),
        ])
    static let german = AppScreen(
        "Home",
        [
            AppElement("title", code: 30, text: "Aktive Budgets", rect: Rect(x: 20, y: 96, width: 230, height: 20)),
            AppElement(
                "spent", code: 31, text: "Ausgegeben 1.234,56 $", rect: Rect(x: 74, y: 200, width: 190, height: 20)),
            AppElement("rent", code: 26, text: "Miete", rect: Rect(x: 74, y: 252, width: 70, height: 20)),
            AppElement(
                "chevron", code: 17, text: nil, rect: Rect(x: 370, y: 254, width: 10, height: 16), look: .chevron),
        ])

    @Test func diffAndCheckNameTheStageOfEveryPair() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let english = try series.audit(day: 0, [Self.home])
        let deutsch = try series.audit(day: 1, [Self.german], language: 1)
        let dir = series.directory.path
        #expect(try runTool(["history", "add", english.path], in: dir).status == 0)

        let json = try runTool(["diff", english.path, deutsch.path, "--format", "json"], in: dir)
        #expect(json.status == 0)
        let diff = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let residual = diff?["residual"] as? [[String: Any]] ?? []
        #expect((diff?["new"] as? [Any])?.isEmpty == true && (diff?["resolved"] as? [Any])?.isEmpty == true)
        #expect(
            residual.compactMap { $0["matchedBy"] as? String } == ["geometry", "geometry", "geometry", "fingerprint"])
        #expect(residual.first?["oldText"] as? String == "Active Budgets")

        let text = try runTool(["diff", english.path, deutsch.path], in: dir)
        #expect(text.stdout.contains("0 new, 0 resolved, 4 residual (recognised 3 by place on the screen)"))
        #expect(
            text.stdout.contains(
                "\u{2014} same element by its place on the screen, text now \u{201C}Aktive Budgets\u{201D}\n"))

        let check = try runTool(["check", deutsch.path], in: dir)
        #expect(check.status == 0)
        #expect(
            check.stdout.contains(
                "note: issue 1 \u{2018}Aktive Budgets\u{2019} is the same element as issue 1 \u{2018}Active Budgets\u{2019} "
                    + "of \(english.report.fileName) (recognised by its place on the screen)"))
        let checkJSON = try runTool(["check", deutsch.path, "--format", "json"], in: dir)
        #expect(checkJSON.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(checkJSON.stdout.utf8)) as? [String: Any]
        #expect(object?["failed"] as? Bool == false)
        #expect((object?["failing"] as? [Any])?.isEmpty == true)
        let reports = object?["reports"] as? [[String: Any]] ?? []
        #expect(reports.count == 1)
        let pairs = reports.first?["pairs"] as? [[String: Any]] ?? []
        #expect(pairs.map { $0["matchedBy"] as? String } == ["geometry", "geometry", "geometry", "fingerprint"])
        #expect(pairs.map { $0["newNumber"] as? Int } == [1, 2, 3, 4])
    }

    @Test func checkFailsOnlyOnTheLookAlikeThatIsReallyNew() throws {
        let series = try AuditSeries()
        defer { series.remove() }
        let before = try series.audit(day: 0, [Self.home])
        var moved = Self.home
        moved.elements = moved.elements.map { $0.rect.y >= 200 ? $0.moved(dy: 60) : $0 }
        moved.elements.append(
            AppElement("new", code: 17, text: nil, rect: Rect(x: 370, y: 254, width: 10, height: 16), look: .chevron))
        let after = try series.audit(day: 1, [moved])
        let dir = series.directory.path
        #expect(try runTool(["history", "add", before.path], in: dir).status == 0)
        let check = try runTool(["check", after.path, "--format", "json"], in: dir)
        #expect(check.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any]
        let failing = object?["failing"] as? [[String: Any]] ?? []
        #expect(failing.map { $0["number"] as? Int } == [5])
        #expect(after.id(5) == "new")
    }

    @Test func trendReadsOldAndDamagedLinesWithWarningsNamingThem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let issue = Issue(
            number: 1, screenIndex: 0, screenName: "0", screenGroupName: "Home", errorCode: 14,
            shortTitle: "Dynamic Type warning", elementText: "Widgets", testType: .dynamicType,
            elementRect: Rect(x: 1, y: 2, width: 3, height: 4))
        func entry(_ day: Int) -> HistoryEntry {
            HistoryEntry(
                report: InspectorReport(
                    sourcePath: "Reports/AuditReport_2026-01-0\(day)_12-00-00.html", format: .html,
                    auditDate: Date(timeIntervalSince1970: 1_767_268_800 + Double(day) * 86_400),
                    auditDateSource: .fileName, sha256: String(repeating: "\(day)", count: 64), fileSize: 1,
                    screens: [Screen(index: 0, name: "0", groupName: "Home", issues: [issue])]))
        }
        let encoder = HistoryFile.makeEncoder()
        let old = String(decoding: try encoder.encode(entry(1)), as: UTF8.self)
            .replacingOccurrences(of: "\"version\":4", with: "\"version\":1")
        let damaged = String(decoding: try encoder.encode(entry(2)), as: UTF8.self)
            .replacingOccurrences(of: "\"text\":", with: "\"imageHash\":false,\"text\":")
        try FileManager.default.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        try (old + "\n" + damaged + "\n").write(
            toFile: directory.file("Reports/history.jsonl"), atomically: true, encoding: .utf8)
        let result = try runTool(["trend"], in: directory.path)
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("Reports/history.jsonl:1: line 1 written by an earlier auditkit (history version 1)")
        )
        #expect(result.stderr.contains("Reports/history.jsonl:2: issues[0].imageHash: expected a string; ignored"))
        #expect(result.stdout.contains("since 2026-01-02 12:00, in 2 reports"))
    }
}
