import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The compact line history version 4 writes (`HistoryFile.line(of:)`): it reads back, on both readers, as
/// the very entry written; it leaves out only what the rest of the line gives back; lines of earlier
/// versions are written and read as before.
@Suite struct CompactHistoryLineTests {
    typealias D = HistoryTestData

    /// The entry both readers read from `line`, each alone and through `HistoryFile.parse`, checked to agree.
    static func readBack(_ line: Data, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> HistoryEntry
    {
        let fast = line.withUnsafeBytes { raw in HistoryLineParser.parse(raw.bindMemory(to: UInt8.self)) }
        let slow = try HistoryLineReader.read(Array(line))
        #expect(fast?.entry == slow.entry, sourceLocation: sourceLocation)
        #expect(fast?.notes == [] && slow.notes == [], sourceLocation: sourceLocation)
        let parsed = try HistoryFile.parse(line + Data("\n".utf8), path: "h.jsonl")
        #expect(parsed.entries == [slow.entry] && parsed.warnings.isEmpty, sourceLocation: sourceLocation)
        return slow.entry
    }

    /// Issues of every shape a line holds: with and without text, rect, error code, mapping (view,
    /// location, accepted with a reason, system UI, role, symbol), key, literal, image hash, an automated
    /// audit's identifier and element type, a type AuditKit does not know, texts and titles to escape.
    static func everyShape() -> HistoryEntry {
        let mappings = [
            IssueMapping(
                issueNumber: 1, origin: .rule, view: "HomeView",
                location: SourceLocation(file: "Views/Home.swift", line: 12, column: 3),
                symbol: "balanceLabel", status: .accepted(reason: "quote \" tab \t"), role: "header"),
            IssueMapping(issueNumber: 2, origin: .rule, status: .system),
            IssueMapping(issueNumber: 5, origin: .rule, location: SourceLocation(file: "Views/Settings.swift")),
        ]
        var specs = [
            D.spec(
                .dynamicType, "Caf\u{00E9} \u{0001} 1,234.56", rect: Rect(x: 44.33, y: -0.01, width: 1e21, height: 0)),
            D.spec(.other("Klang"), nil, rect: nil, code: nil),
            D.spec(.contrast, "", rect: Rect(x: 1, y: 2, width: 3, height: 4), code: -7),
            D.spec(.dynamicType, "Widgets", title: "Texte trop petit \u{1F389}"),
            D.spec(.hitRegion, "Save", group: "Settings", screen: "1"),
            D.spec(.elementDescription, nil, group: "Settings", screen: "1", code: 3),
        ]
        specs[1].typeName = nil
        var entry = D.entry(specs, day: 3, mappings: mappings)
        entry.issues[0].key = "home.\"title\"\n"
        entry.issues[0].literal = "Views/Home.swift\tCaf\u{00E9} \\(x)"
        entry.issues[1].imageHash = "0123456789abcdef"
        entry.issues[4].key = HistoryIssue.identifierKeyPrefix + "settings.save"
        entry.issues[4].elementType = "Button"
        entry.screens[0].width = 402.5
        entry.screens[0].height = 874
        entry.covers = ["Home"]
        entry.format = .html
        entry.run = 3
        entry.mappedWith = RecordedMappingInputs(rules: "../auditkit.rules.json", sources: ["../App"], target: "App")
        return entry
    }

    @Test func aCompactLineReadsBackAsTheEntryWrittenOnBothReaders() throws {
        let entry = Self.everyShape()
        #expect(entry.version == 4)
        let line = try HistoryFile.line(of: entry)
        #expect(try Self.readBack(line) == entry)
        let text = String(decoding: line, as: UTF8.self)
        // Each kind once; what the line gives back is left out.
        let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        #expect((object["kinds"] as? [Any])?.count == 6 && object["counts"] == nil, "\(text)")
        let issues = try #require(object["issues"] as? [[String: Any]])
        for member in ["number", "group", "type", "title", "errorCode"] {
            #expect(issues.allSatisfy { $0[member] == nil }, "\(member) in \(text)")
        }
        // Fingerprints are kept: computing them again costs more than reading them.
        #expect(issues.map { $0["fingerprint"] as? String } == entry.issues.map(\.fingerprint.hex))
        #expect(issues.map { $0["kind"] as? Int } == [0, 1, 2, 3, 4, 5])
        #expect(issues.map { $0["status"] as? String } == ["accepted", "system", nil, nil, nil, nil])
        #expect(text.contains("\"rect\":[44.33,-0.01,1e+21,0]"), "\(text)")
    }

    @Test func aFieldTheLineCannotGiveBackIsWrittenInFull() throws {
        var entry = Self.everyShape()
        // A version 1 fingerprint (scoped by the view), an issue out of its screen's group, numbers that skip.
        entry.issues[1].fingerprint = IssueFingerprint.version1(
            testType: .other("Klang"), errorCode: nil, elementText: nil, view: "HomeView")
        entry.issues[3].screenGroup = "Elsewhere"
        entry.issues[4].number = 9
        entry.issues[5].number = 10
        // An issue of a kind no other has, and one whose error code differs from its type's others.
        entry.issues[2].errorCode = nil
        entry.issues[3].errorCode = 15
        // Counts that are not the issues' (as a line may say): kept as written.
        entry.counts.total = 99
        let line = try HistoryFile.line(of: entry)
        #expect(try Self.readBack(line) == entry)
        let issues =
            try #require(
                try JSONSerialization.jsonObject(with: line) as? [String: Any])["issues"] as? [[String: Any]]
        #expect(issues?[1]["fingerprint"] as? String == entry.issues[1].fingerprint.hex)
        #expect(issues?[3]["group"] as? String == "Elsewhere" && issues?[2]["group"] == nil)
        #expect(issues?[4]["number"] as? Int == 9 && issues?[5]["number"] == nil)
        #expect(String(decoding: line, as: UTF8.self).contains("\"total\":99"))
    }

    @Test func screensWhoseCountsDoNotAddUpKeepEveryGroup() throws {
        var entry = Self.everyShape()
        entry.screens[1].issueCount += 1
        let line = try HistoryFile.line(of: entry)
        #expect(try Self.readBack(line) == entry)
        let issues =
            try #require(
                try JSONSerialization.jsonObject(with: line) as? [String: Any])["issues"] as? [[String: Any]]
        #expect(issues?.allSatisfy { $0["group"] != nil } == true)
    }

    @Test func anEntryOfAnEarlierVersionIsWrittenAndReadAsThatVersionWroteIt() throws {
        var entry = Self.everyShape()
        entry.version = 3
        let old = try HistoryFile.makeEncoder().encode(entry)
        #expect(try HistoryFile.line(of: entry) == old)
        #expect(try Self.readBack(old) == entry)
        // A version 4 line with every field (as a person or another tool may write it) reads the same.
        entry.version = 4
        #expect(try Self.readBack(try HistoryFile.makeEncoder().encode(entry)) == entry)
    }

    @Test func aLineOfAnEarlierVersionMayNotLeaveFieldsOut() throws {
        let compact = try HistoryFile.line(of: Self.everyShape())
        let relabelled = String(decoding: compact, as: UTF8.self).replacingOccurrences(
            of: "\"version\":4", with: "\"version\":3")
        let error = try #require(throws: AuditError.self) {
            try HistoryFile.parse(Data((relabelled + "\n").utf8), path: "h.jsonl")
        }
        #expect(error.description.contains("h.jsonl:1:"), "\(error)")
        #expect(error.description.contains("(counts: missing)"), "\(error)")
    }

    /// The error `HistoryFile.parse` gives for a line, which names `h.jsonl:1:column`.
    func error(_ line: String) throws -> String {
        let error = try #require(throws: AuditError.self) {
            try HistoryFile.parse(Data((line + "\n").utf8), path: "h.jsonl")
        }
        #expect(error.code == .badInput && !error.description.contains("\n"))
        return error.description
    }

    @Test func aDamagedCompactLineSaysWhereAndWhat() throws {
        let line = String(decoding: try HistoryFile.line(of: Self.everyShape()), as: UTF8.self)
        let kinds = line.components(separatedBy: "\"kind\":").count - 1
        #expect(kinds == 6)
        // An issue naming a kind the line does not list: at its value.
        let unknown = line.replacingOccurrences(of: "\"kind\":1,", with: "\"kind\":17,")
        let at = try #require(Array(unknown.utf8).firstRange(of: Array("\"kind\":17".utf8))).lowerBound + 8
        #expect(
            try error(unknown)
                == "h.jsonl:1:\(at): error: history line is not a valid entry "
                + "(issues[1].kind: expected an index of kinds (0 to 5), found 17)")
        // A rect of three numbers.
        let rect = line.replacingOccurrences(of: "[1,2,3,4]", with: "[1,2,3]")
        #expect(try error(rect).contains("(issues[2].rect: expected [x, y, width, height], found 3 values)"))
        // A group left out where the screens' counts do not tell it.
        let counts = line.replacingOccurrences(of: "\"issueCount\":4", with: "\"issueCount\":5")
        #expect(counts != line)
        #expect(
            try error(counts).contains(
                "(issues[0].group: missing (the screens' issue counts do not add up to the issues))"))
    }

    @Test func theHistoryAppendsCompactLinesAndKeepsEarlierLinesByteForByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.jsonl")
        var old = D.entry([D.spec(.dynamicType, "A")], day: 1)
        old.version = 3
        old.run = 1
        let oldLine = try HistoryFile.makeEncoder().encode(old) + Data("\n".utf8)
        try oldLine.write(to: URL(fileURLWithPath: path))
        var new = Self.everyShape()
        new.run = nil
        let earlier = D.entry([D.spec(.contrast, "B")], day: 0)
        #expect(try HistoryFile(path: path).append([new, earlier]) == [true, true])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.range(of: oldLine) != nil)
        let history = try HistoryFile(path: path).load()
        var numbered = new
        numbered.run = 2
        var numberedEarlier = earlier
        numberedEarlier.run = 2
        #expect(history.entries == [numberedEarlier, old, numbered])
        #expect(data.range(of: try HistoryFile.line(of: numbered)) != nil)
    }

    /// The benchmark's shape (`auditkit-bench history-scale`): 200 warnings over six screens, no mapping.
    @Test func aReportOfTheBenchmarkTakesAtMostHalfItsFormerLine() throws {
        let types = Array(TestType.known.prefix(4))
        let specs = (0..<200).map { index -> D.Spec in
            let type = types[index * 7 % 5 % 4]
            return D.spec(
                type, index % 10 == 0 ? nil : "Budget Income \(index)", group: "Screen \(index % 6)",
                screen: "\(index % 6)", rect: Rect(x: Double(index), y: 500, width: 120, height: 22),
                title: "\(type.displayName) warning")
        }.sorted { $0.group < $1.group }
        let entry = D.entry(specs, day: 1)
        let full = try HistoryFile.makeEncoder().encode(entry)
        let compact = try HistoryFile.line(of: entry)
        #expect(compact.count * 2 <= full.count, "\(compact.count) of \(full.count) bytes")
        #expect(try Self.readBack(compact) == entry)
    }
}
