import AuditKit
import Foundation
import Testing

/// Reading histories written before version 2, and lines whose version 2 fields are damaged: every
/// line is read, with a warning that names it; nothing is dropped silently and nothing is rewritten.
@Suite struct HistoryVersionTests {
    typealias D = HistoryTestData

    /// A version 1 line for `entry`: no sizes, keys, literals or image hashes, and mapped issues
    /// fingerprinted by their view, as auditkit wrote them before.
    static func version1Line(_ entry: HistoryEntry) throws -> String {
        var old = entry
        for index in old.issues.indices {
            let issue = old.issues[index]
            if let view = issue.view {
                old.issues[index].fingerprint = IssueFingerprint.version1(
                    testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText, view: view)
            }
        }
        let line = String(decoding: try HistoryFile.makeEncoder().encode(old), as: UTF8.self)
        return line.replacingOccurrences(of: "\"version\":4", with: "\"version\":1")
    }

    @Test func version1LinesReadWithOneWarningAndMatchTheirVersion2Successors() throws {
        let mapping = IssueMapping(issueNumber: 1, origin: .rule, view: "HomeView")
        let first = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit")], day: 0, mappings: [mapping])
        let second = D.entry([D.spec(.dynamicType, "Widgets")], day: 1, mappings: [mapping])
        let third = D.entry([D.spec(.dynamicType, "Widgets")], day: 2, mappings: [mapping])
        let text = try Self.version1Line(first) + "\n" + Self.version1Line(second) + "\n"
        let encoded = String(decoding: try HistoryFile.makeEncoder().encode(third), as: UTF8.self)
        let data = Data((text + encoded + "\n").utf8)
        #expect(
            text.contains(
                IssueFingerprint.version1(
                    testType: .dynamicType, errorCode: 14, elementText: "Widgets", view: "HomeView"
                ).hex))
        let history = try HistoryFile.parse(data, path: "Reports/history.jsonl")
        #expect(history.entries.map(\.version) == [1, 1, HistoryEntry.currentVersion])
        // The mapped "Widgets" has the version 2 fingerprint in memory.
        #expect(Set(history.entries.map { $0.issues[0].fingerprint }) == [third.issues[0].fingerprint])
        #expect(history.warnings.count == 1)
        #expect(
            history.warnings[0].hasPrefix(
                "Reports/history.jsonl:1: 2 lines from line 1 written by an earlier auditkit (history version 1) lack"))
        let diff = try #require(
            History(entries: Array(history.entries.prefix(2))).judged(history.entries[2]).comparison)
        #expect(diff.new.isEmpty && diff.resolved.isEmpty && diff.residual.count == 1)
        let trend = Trend(entries: history.entries, by: .type)
        #expect(trend.residual.first?.firstSeen == D.date(0))
        // An old baseline entry for the view-scoped fingerprint still accepts the warning.
        let baseline = Baseline(entries: [
            Baseline.Entry(
                fingerprint: IssueFingerprint.version1(
                    testType: .dynamicType, errorCode: 14, elementText: "Widgets", view: "HomeView"),
                reason: "judged", acceptedOn: "2026-01-01")
        ])
        let check = HistoryCheck(entry: third, history: history, baseline: baseline, failOn: .any)
        #expect(check.baselined.map(\.number) == [1] && !check.failed && check.staleBaseline.isEmpty)
    }

    @Test(arguments: [false, true])
    func wrongTypesInTheNewFieldsAreDroppedWithAWarningNamingTheLine(slowPath: Bool) throws {
        let entry = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.hitRegion, nil)], day: 0)
        var line = String(decoding: try HistoryFile.makeEncoder().encode(entry), as: UTF8.self)
        line = line.replacingOccurrences(
            of: "\"text\":\"Widgets\"", with: "\"key\":[1],\"literal\":7,\"text\":\"Widgets\"")
        line = line.replacingOccurrences(
            of: "\"number\":2,", with: "\"imageHash\":\"not hex at all!\",\"number\":2,")
        line = line.replacingOccurrences(
            of: "\"issueCount\":2,", with: "\"height\":-3,\"issueCount\":2,\"width\":\"wide\",")
        if slowPath {
            // An escaped member name makes the fast reader hand the line to the complete reader.
            line = line.replacingOccurrences(of: "\"fileName\"", with: "\"file\\u004eame\"")
        }
        let good = String(
            decoding: try HistoryFile.makeEncoder().encode(D.entry([D.spec(.contrast, "Edit")], day: 1)), as: UTF8.self)
        let history = try HistoryFile.parse(Data((good + "\n" + line + "\n").utf8), path: "h.jsonl")
        #expect(history.entries.count == 2)
        let read = try #require(history.entries.first { $0.sha256 == entry.sha256 })
        #expect(read.issues.map(\.elementText) == ["Widgets", nil])
        #expect(read.issues[0].key == nil && read.issues[0].literal == nil && read.issues[1].imageHash == nil)
        #expect(read.screens[0].width == nil && read.screens[0].height == nil)
        #expect(
            Set(history.warnings) == [
                "h.jsonl:2: screens[0].height: expected a positive number; ignored",
                "h.jsonl:2: screens[0].width: expected a number; ignored",
                "h.jsonl:2: issues[0].key: expected a string; ignored",
                "h.jsonl:2: issues[0].literal: expected a string; ignored",
                "h.jsonl:2: issues[1].imageHash: expected 16 hex digits; ignored",
            ])
    }

    @Test func version2LinesKeepSizesKeysLiteralsAndImageHashes() throws {
        var entry = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.hitRegion, nil)], day: 0)
        entry.screens[0].width = 402
        entry.screens[0].height = 874
        entry.issues[0].key = "home.widgets"
        entry.issues[0].literal = "App/Home.swift\tWidgets"
        entry.issues[1].imageHash = "00ff00ff00ff00ff"
        let data = try HistoryFile.makeEncoder().encode(entry) + Data("\n".utf8)
        let history = try HistoryFile.parse(data, path: "h.jsonl")
        #expect(history.entries == [entry])
        #expect(history.warnings.isEmpty)
    }

    @Test func aVersionThisCodeDoesNotKnowIsAnError() throws {
        let line = String(
            decoding: try HistoryFile.makeEncoder().encode(D.entry([D.spec(.dynamicType, "A")], day: 0)), as: UTF8.self)
        let data = Data((line.replacingOccurrences(of: "\"version\":4", with: "\"version\":5") + "\n").utf8)
        let error = try #require(throws: AuditError.self) { try HistoryFile.parse(data, path: "h.jsonl") }
        #expect(
            error.description == "h.jsonl:1:1: error: history line has version 5; this auditkit reads versions 1 to 4")
    }
}
