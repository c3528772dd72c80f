import Foundation
import Testing

@testable import AuditKit

/// The complete reader of history lines (`HistoryLineReader`), which reads what the fast parser gives
/// up on: it reads the same entries and notes the same tolerated fields, and every bad line fails with
/// one message naming `path:line:column`, the field and the problem.
@Suite struct HistoryLineReaderTests {
    typealias D = HistoryTestData

    /// A line with every kind of field: version 2 fields, a mapping's location, text needing escapes, a
    /// screen's root view and the name the team gave it.
    static func canonicalEntry() -> HistoryEntry {
        let mappings = [
            IssueMapping(
                issueNumber: 1, origin: .rule, view: "HomeView",
                location: SourceLocation(file: "Views/Home.swift", line: 12, column: 3),
                status: .accepted(reason: "quote \" tab \t")),
            IssueMapping(issueNumber: 2, origin: .rule, status: .system),
        ]
        var entry = D.entry(
            [D.spec(.dynamicType, "Caf\u{00E9} \u{0001}"), D.spec(.other("Klang"), nil, code: nil)], day: 3,
            mappings: mappings)
        entry.screens[0].width = 402.5
        entry.screens[0].height = 874
        entry.screens[0].rootView = "HomeView"
        entry.screens[0].named = "Home \u{201C}main\u{201D}"
        entry.screens[0].namedBy = .ruleFile
        entry.screens[0].appearance = .dark
        entry.issues[0].key = "home.title"
        entry.issues[0].literal = "Views/Home.swift\tCaf\u{00E9}"
        entry.issues[1].imageHash = "0123456789abcdef"
        entry.covers = ["Home"]
        entry.mappedWith = RecordedMappingInputs(
            rules: "../auditkit.rules.json", sources: ["../App", "../Kit"], target: "App")
        return entry
    }

    static func line(_ entry: HistoryEntry) throws -> String {
        String(decoding: try HistoryFile.makeEncoder().encode(entry), as: UTF8.self)
    }

    /// `value` written again with every object's keys in reverse order and white space around every token.
    static func reordered(_ value: JSONReader.Value) -> String {
        switch value.kind {
        case .object:
            let members = (value.members ?? []).reversed().map { member in
                " \t" + JSONWriter.quoted(member.key) + " :\r\t " + reordered(member.value)
            }
            return "{" + members.joined(separator: " ,") + "  }"
        case .array: return "[ " + (value.elements ?? []).map(reordered).joined(separator: " , ") + " ]"
        case .string: return JSONWriter.quoted(value.string ?? "")
        case .number: return "\(value.number ?? 0)"
        case .bool: return value.bool == true ? "true" : "false"
        case .null: return "null"
        }
    }

    @Test func aLineWithKeysReorderedAndExtraWhiteSpaceReadsAsTheCanonicalLine() throws {
        let entry = Self.canonicalEntry()
        let canonical = try Self.line(entry)
        let shuffled = Self.reordered(try JSONReader(Array(canonical.utf8)).root)
        #expect(shuffled != canonical && shuffled.hasPrefix("{ \t\"version\" :"))
        // Both readers: the fast parser, and the complete one the fast parser hands other lines to.
        let slow = try HistoryLineReader.read(Array(shuffled.utf8))
        #expect(slow.entry == entry && slow.notes.isEmpty)
        #expect(try HistoryLineReader.read(Array(canonical.utf8)).entry == entry)
        let history = try HistoryFile.parse(Data((canonical + "\n" + shuffled + "\n").utf8), path: "h.jsonl")
        #expect(history.entries == [entry] && history.warnings.isEmpty)
        // An escaped member name sends the line to the complete reader inside `HistoryFile.parse` too.
        let escaped = shuffled.replacingOccurrences(of: "\"sha256\"", with: "\"sha\\u0032\\u00356\"")
        #expect(try HistoryFile.parse(Data((escaped + "\n").utf8), path: "h.jsonl").entries == [entry])
    }

    @Test func aDateWithATimeZoneOffsetReadsAsTheSameInstant() throws {
        let entry = Self.canonicalEntry()
        let line = try Self.line(entry).replacingOccurrences(
            of: "\"2026-01-04T12:00:00Z\"", with: "\"2026-01-04T13:30:00+01:30\"")
        #expect(line.contains("+01:30"))
        #expect(try HistoryFile.parse(Data((line + "\n").utf8), path: "h.jsonl").entries == [entry])
    }

    @Test func aWrongTypedOptionalFieldGivesTheSameWarningOnBothReaders() throws {
        let line = try Self.line(Self.canonicalEntry())
            .replacingOccurrences(of: "\"literal\":\"Views/Home.swift\\tCafé\"", with: "\"literal\":7")
            .replacingOccurrences(of: "\"height\":874", with: "\"height\":\"tall\"")
            .replacingOccurrences(of: "\"appearance\":\"dark\"", with: "\"appearance\":\"dim\"")
            .replacingOccurrences(of: "\"namedBy\":\"ruleFile\"", with: "\"namedBy\":\"the team\"")
            .replacingOccurrences(of: "\"sources\":[\"../App\"", with: "\"sources\":[1")
        #expect(line.contains("\"literal\":7") && line.contains("\"height\":\"tall\"") && line.contains("dim"))
        #expect(line.contains("\"namedBy\":\"the team\""), "\(line)")
        #expect(line.contains("\"sources\":[1"), "\(line)")
        let slowLine = line.replacingOccurrences(of: "\"fileName\"", with: "\"file\\u004eame\"")
        let fast = try HistoryFile.parse(Data((line + "\n").utf8), path: "h.jsonl")
        let slow = try HistoryFile.parse(Data((slowLine + "\n").utf8), path: "h.jsonl")
        let expected = [
            "h.jsonl:1: issues[0].literal: expected a string; ignored",
            "h.jsonl:1: mappedWith: expected an object of a \"rules\" string, a \"sources\" array of strings and a "
                + "\"target\" string; ignored",
            "h.jsonl:1: screens[0].appearance: expected \"light\" or \"dark\"; ignored",
            "h.jsonl:1: screens[0].height: expected a number; ignored",
            "h.jsonl:1: screens[0].namedBy: expected \"ruleFile\", \"option\", \"report\"; ignored",
        ]
        #expect(fast.warnings.sorted() == expected)
        #expect(slow.warnings.sorted() == expected)
        #expect(fast.entries == slow.entries)
        #expect(slow.entries.first?.issues[0].literal == nil && slow.entries.first?.screens[0].height == nil)
        #expect(slow.entries.first?.mappedWith == nil)
    }

    @Test func aLoneSurrogateEscapeReadsAsTheReplacementCharacterOnBothReaders() throws {
        let line = try Self.line(Self.canonicalEntry())
            .replacingOccurrences(of: "\"reason\":\"quote", with: "\"reason\":\"\\ud800quote")
        let slowLine = line.replacingOccurrences(of: "\"fileName\"", with: "\"file\\u004eame\"")
        for text in [line, slowLine] {
            let history = try HistoryFile.parse(Data((text + "\n").utf8), path: "h.jsonl")
            #expect(history.entries.first?.issues[0].reason == "\u{FFFD}quote \" tab \t")
        }
    }

    /// One bad line before a good one: the error, which must be one line naming path:line:column.
    func error(_ bad: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let good = try Self.line(Self.canonicalEntry())
        let data = Data((good + "\n" + bad + "\n" + good + "\n").utf8)
        let error = try #require(
            throws: AuditError.self, sourceLocation: sourceLocation
        ) { try HistoryFile.parse(data, path: "h.jsonl") }
        #expect(error.code == .badInput, sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
        let offset = error.location?.byteOffset ?? -1
        #expect(offset == good.utf8.count + 1 + (error.location?.column ?? 0) - 1, sourceLocation: sourceLocation)
        return error.description
    }

    /// The 1-based column of the first `needle` in `line`, plus `after` bytes.
    func column(of needle: String, in line: String, after: Int = 0) throws -> Int {
        try #require(Array(line.utf8).firstRange(of: Array(needle.utf8))).lowerBound + 1 + after
    }

    @Test func aTruncatedLineSaysWhereItEnds() throws {
        let line = try Self.line(Self.canonicalEntry())
        let cut = String(line.prefix(line.count / 2))
        #expect(
            try error(cut)
                == "h.jsonl:2:\(cut.utf8.count + 1): error: history line is not a valid entry "
                + "(the line ends before the entry does)")
    }

    @Test func aWrongTypeInARequiredFieldNamesTheFieldAndItsColumn() throws {
        let line = try Self.line(Self.canonicalEntry())
        let bad = line.replacingOccurrences(of: "\"number\":2,", with: "\"number\":\"two\",")
        let at = try column(of: "\"number\":\"two\"", in: bad, after: 9)
        #expect(
            try error(bad)
                == "h.jsonl:2:\(at): error: history line is not a valid entry "
                + "(issues[1].number: expected a whole number, found a string)")
        let status = line.replacingOccurrences(of: "\"status\":\"system\"", with: "\"status\":\"fixed\"")
        let statusAt = try column(of: "\"status\":\"fixed\"", in: status, after: 9)
        #expect(
            try error(status)
                == "h.jsonl:2:\(statusAt): error: history line is not a valid entry "
                + "(issues[1].status: expected open, accepted, system, found \"fixed\")")
        // Without its group, the first screen is where the entry stops being one.
        let missing = line.replacingOccurrences(of: "\"group\":\"Home\",", with: "")
        let screen = try column(of: "\"screens\":[", in: missing, after: 11)
        #expect(
            try error(missing)
                == "h.jsonl:2:\(screen): error: history line is not a valid entry (screens[0].group: missing)")
    }

    @Test func aBadEscapeNamesItsColumn() throws {
        let line = try Self.line(Self.canonicalEntry())
        let bad = line.replacingOccurrences(of: "\"reason\":\"quote", with: "\"reason\":\"\\ud80Xquote")
        let at = try column(of: "\\ud80X", in: bad)
        #expect(
            try error(bad)
                == "h.jsonl:2:\(at): error: history line is not a valid entry "
                + "(invalid \\u escape in a string (\\u needs four hex digits))")
    }

    @Test func aTooDeepLineNamesTheFirstBracketTooDeep() throws {
        let line = try Self.line(Self.canonicalEntry())
        let bad =
            "{\"x\":" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + ","
            + line.dropFirst()
        // The entry is the first level, so the 256th bracket is the first too deep.
        #expect(
            try error(bad)
                == "h.jsonl:2:\(5 + 256): error: history line is not a valid entry (nesting deeper than 256 levels)")
    }
}

extension HistoryLineReaderTests {
    @Test func countsByTypeAreReadMemberByMemberAndAWrongCountNamesItsType() throws {
        let line = try Self.line(Self.canonicalEntry())
        let byType = "\"byType\":{\"dynamic-type\":1,"
        #expect(line.contains(byType))
        // A repeated type keeps its last count, as the fast parser keeps it.
        let repeated = line.replacingOccurrences(of: byType, with: "\"byType\":{\"dynamic-type\":7,\"dynamic-type\":1,")
        #expect(try HistoryLineReader.read(Array(repeated.utf8)).entry == Self.canonicalEntry())
        let wrong = line.replacingOccurrences(of: byType, with: "\"byType\":{\"contrast\":\"one\",\"dynamic-type\":1,")
        let at = try column(of: "\"contrast\":\"one\"", in: wrong, after: 11)
        #expect(
            try error(wrong)
                == "h.jsonl:2:\(at): error: history line is not a valid entry "
                + "(counts.byType.contrast: expected a whole number, found a string)")
    }
}
