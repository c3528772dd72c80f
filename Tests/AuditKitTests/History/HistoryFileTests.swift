import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct HistoryFileTests {
    typealias D = HistoryTestData

    @Test func appendsOneSortedLinePerReportWithoutImages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
        let entry = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit")], day: 0)
        #expect(try file.append(entry))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.hasPrefix("{\"auditDate\":\"2026-01-01T12:00:00Z\",\"fileName\":"))
        #expect(text.contains("\"version\":4"))
        #expect(!text.contains("base64"))
        // The append numbers the run that added it: the first.
        #expect(text.contains("\"run\":1"))
        var numbered = entry
        numbered.run = 1
        let loaded = try file.load()
        #expect(loaded.entries == [numbered])
        #expect(loaded.warnings.isEmpty)
        // The next append is the next run.
        #expect(try file.append(D.entry([D.spec(.contrast, "Edit")], day: 1)))
        #expect(try file.load().entries.map(\.run) == [1, 2])
    }

    @Test func anAutomatedAuditsElementTypeIsKeptSoEveryOutputNamesTheSameCriterion() throws {
        // An image without a description, its title not saying so: only the element type tells 1.1.1.
        let issue = Issue(
            number: 1, screenIndex: 0, screenName: "0", screenGroupName: "App",
            shortTitle: "Element has no description",
            testType: .elementDescription, elementType: "Image")
        let report = InspectorReport(
            sourcePath: "Reports/AXAudit_2026-03-02_10-00-00.json", format: .automated, auditDate: D.date(0),
            auditDateSource: .fileName, sha256: String(repeating: "a", count: 64), fileSize: 0,
            screens: [Screen(index: 0, name: "0", groupName: "App", issues: [issue])])
        let entry = HistoryEntry(report: report)
        #expect(AccessibilityGuidance.guidance(for: issue)?.criterion.number == "1.1.1")
        #expect(entry.issues[0].guidance?.criterion.number == "1.1.1")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"))
        #expect(try file.append(entry))
        let loaded = try file.load()
        #expect(loaded.entries[0].issues[0].elementType == "Image")
        #expect(loaded.entries[0].issues[0].guidance?.criterion.number == "1.1.1")
        // The complete reader the byte-level parser hands other lines to reads it too (an escaped
        // member name sends the line there).
        let line = try String(contentsOfFile: file.path, encoding: .utf8)
            .replacingOccurrences(of: "\"fileName\"", with: "\"file\\u004eame\"")
        let slow = try HistoryFile.parse(Data(line.utf8), path: "h.jsonl")
        #expect(slow.entries == loaded.entries)
        #expect(slow.entries.first?.issues[0].elementType == "Image")
    }

    /// The role and symbol the mapping gave are kept, read back by the byte-level parser and by the
    /// complete reader alike.
    @Test func theMappingsRoleAndSymbolAreKept() throws {
        let issue = Issue(
            number: 1, screenIndex: 0, screenName: "0", screenGroupName: "App", shortTitle: "Hit area is too small",
            elementText: "Spending", testType: .hitRegion)
        let report = D.report([], date: D.date(0))
        var withIssue = report
        withIssue.screens = [Screen(index: 0, name: "0", groupName: "App", issues: [issue])]
        let mapping = IssueMapping(
            issueNumber: 1, origin: .sourceText, view: "HomeView", symbol: "HomeView.spending", role: "button")
        let entry = HistoryEntry(report: withIssue, mappings: [mapping])
        #expect(entry.issues[0].role == "button" && entry.issues[0].symbol == "HomeView.spending")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"))
        #expect(try file.append(entry))
        var numbered = entry
        numbered.run = 1
        let loaded = try file.load()
        #expect(loaded.entries == [numbered])
        let line = try String(contentsOfFile: file.path, encoding: .utf8)
            .replacingOccurrences(of: "\"fileName\"", with: "\"file\\u004eame\"")
        #expect(try HistoryFile.parse(Data(line.utf8), path: "h.jsonl").entries == [numbered])
        // A role of the wrong type is dropped with a note, the line kept.
        let wrong = try String(contentsOfFile: file.path, encoding: .utf8)
            .replacingOccurrences(of: "\"role\":\"button\"", with: "\"role\":7")
        let tolerated = try HistoryFile.parse(Data(wrong.utf8), path: "h.jsonl")
        #expect(tolerated.entries.first?.issues[0].role == nil)
        #expect(tolerated.entries.first?.issues[0].symbol == "HomeView.spending")
        #expect(tolerated.warnings.contains { $0.contains("role") }, "\(tolerated.warnings)")
    }

    @Test func addingTheSameReportTwiceIsANoOp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"))
        let entry = D.entry([D.spec(.dynamicType, "Widgets")], day: 0)
        #expect(try file.append(entry))
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(try file.append(entry) == false)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
        #expect(try file.load().entries.count == 1)
    }

    @Test func entriesAreOrderedByAuditDateNotInsertion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"))
        let late = D.entry([D.spec(.dynamicType, "A")], day: 5)
        let early = D.entry([D.spec(.dynamicType, "B")], day: 1)
        let middle = D.entry([D.spec(.dynamicType, "C")], day: 3)
        #expect(try file.append([late, early, middle]) == [true, true, true])
        let history = try file.load()
        #expect(history.entries.map(\.auditDate) == [D.date(1), D.date(3), D.date(5)])
        #expect(history.entry(before: late)?.sha256 == middle.sha256)
        #expect(history.entry(before: early) == nil)
        #expect(history.entry(reference: "-1")?.sha256 == late.sha256)
        #expect(history.entry(reference: "1")?.sha256 == early.sha256)
        #expect(history.entry(reference: "latest")?.sha256 == late.sha256)
        #expect(history.entry(reference: "latest~1")?.sha256 == middle.sha256)
        #expect(history.entry(reference: "latest~3") == nil)
        #expect(history.entry(reference: String(middle.sha256.prefix(8)))?.sha256 == middle.sha256)
        #expect(history.entry(reference: middle.fileName)?.sha256 == middle.sha256)
        #expect(history.entry(reference: "9") == nil)
    }

    @Test func tornLastLineIsSkippedWithAWarningAndCutByTheNextAppend() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("history.jsonl"))
        let first = D.entry([D.spec(.dynamicType, "A")], day: 1)
        let second = D.entry([D.spec(.dynamicType, "B")], day: 2)
        try file.append([first, second])
        // Simulate a crash half-way through a third append.
        let third = D.entry([D.spec(.contrast, "C")], day: 3)
        let line = try HistoryFile.makeEncoder().encode(third)
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        handle.seekToEndOfFile()
        handle.write(line.prefix(line.count / 2))
        handle.closeFile()

        let history = try file.load()
        #expect(history.entries.map(\.sha256) == [first.sha256, second.sha256])
        #expect(history.warnings.count == 1)
        #expect(history.warnings.first?.contains("history.jsonl:3: torn last line skipped") == true)

        #expect(try file.append(third))
        let repaired = try file.load()
        #expect(repaired.entries.map(\.sha256) == [first.sha256, second.sha256, third.sha256])
        #expect(repaired.warnings.isEmpty)
    }

    @Test func aBadLineBeforeTheLastIsAnErrorNamingTheLine() throws {
        let first = try HistoryFile.makeEncoder().encode(D.entry([D.spec(.dynamicType, "A")], day: 1))
        var data = first + Data("\n{\"not\":\"an entry\"}\n".utf8) + first + Data("\n".utf8)
        #expect(throws: AuditError.self) { try HistoryFile.parse(data, path: "h.jsonl") }
        do {
            _ = try HistoryFile.parse(data, path: "h.jsonl")
        } catch let error as AuditError {
            #expect(error.code == .badInput)
            #expect(
                error.description
                    == "h.jsonl:2:1: error: history line is not a valid entry (version: missing)")
        }
        data = Data(
            String(decoding: first, as: UTF8.self).replacingOccurrences(of: "\"version\":4", with: "\"version\":5").utf8
        )
        #expect(throws: AuditError.self) { try HistoryFile.parse(data + Data("\n".utf8), path: "h.jsonl") }
    }

    /// `{"x":` then 10,000 `[`: once crashed the reader by recursing once per bracket.
    static let deepLine = Data(("{\"x\":" + String(repeating: "[", count: 10_000)).utf8)
    /// The same with a member the fast parser rejects first, so the line goes to the complete reader.
    static let deepLineAfterBadMember = Data(
        ("{\"version\":\"one\",\"x\":" + String(repeating: "[", count: 10_000)).utf8)

    @Test(arguments: [deepLine, deepLineAfterBadMember])
    func aTooDeepLineBeforeTheLastIsABadLine(deep: Data) throws {
        let first = try HistoryFile.makeEncoder().encode(D.entry([D.spec(.dynamicType, "A")], day: 1))
        let data = first + Data("\n".utf8) + deep + Data("\n".utf8) + first + Data("\n".utf8)
        let error = try #require(throws: AuditError.self) { try HistoryFile.parse(data, path: "h.jsonl") }
        #expect(error.code == .badInput)
        // The entry is the first level: the 256th bracket is the first too deep.
        let column = deep.firstIndex(of: UInt8(ascii: "["))! + 256
        #expect(
            error.description
                == "h.jsonl:2:\(column): error: history line is not a valid entry (nesting deeper than 256 levels)")
        #expect(error.location?.byteOffset == first.count + 1 + column - 1)
    }

    @Test(arguments: [deepLine, deepLineAfterBadMember])
    func aTooDeepTornLastLineIsSkippedWithAWarning(deep: Data) throws {
        let first = try HistoryFile.makeEncoder().encode(D.entry([D.spec(.dynamicType, "A")], day: 1))
        let history = try HistoryFile.parse(first + Data("\n".utf8) + deep, path: "h.jsonl")
        #expect(history.entries.count == 1)
        #expect(history.warnings == ["h.jsonl:2: torn last line skipped (\(deep.count) bytes, no newline)"])
    }

    @Test func nestingUpToTheLimitIsStillRead() throws {
        let line = String(
            decoding: try HistoryFile.makeEncoder().encode(D.entry([D.spec(.dynamicType, "A")], day: 1)),
            as: UTF8.self)
        // 1 for the entry, 254 arrays inside an unknown member: 255 levels, within the limit.
        let nested = "{\"extra\":" + String(repeating: "[", count: 254) + String(repeating: "]", count: 254) + ","
        let data = Data((nested + line.dropFirst() + "\n").utf8)
        #expect(try HistoryFile.parse(data, path: "h.jsonl").entries.count == 1)
    }

    @Test func concurrentAppendsKeepEveryLineWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.jsonl")
        let entries = (0..<16).map { D.entry([D.spec(.dynamicType, "Text \($0)")], day: $0) }
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            _ = try? HistoryFile(path: path).append(entries[index])
        }
        let history = try HistoryFile(path: path).load()
        #expect(history.entries.map(\.sha256) == entries.map(\.sha256))
        #expect(history.warnings.isEmpty)
    }

    @Test func aMissingFileIsAnEmptyHistory() throws {
        let history = try HistoryFile(path: "/nonexistent/auditkit/history.jsonl").load()
        #expect(history.entries.isEmpty)
    }

    @Test func entriesRecordMappingViewLocationAndStatus() {
        let mappings = [
            IssueMapping(
                issueNumber: 1, origin: .rule, view: "HomeView",
                location: SourceLocation(file: "Views/HomeView.swift", line: 40),
                status: .accepted(reason: "Inspector noise")),
            IssueMapping(issueNumber: 2, origin: .rule, status: .system),
        ]
        let entry = D.entry(
            [D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "9:41"), D.spec(.hitRegion, nil)], day: 0,
            mappings: mappings)
        #expect(entry.issues[0].view == "HomeView")
        #expect(entry.issues[0].location?.line == 40)
        #expect(entry.issues[0].status == .accepted)
        #expect(entry.issues[0].reason == "Inspector noise")
        #expect(entry.issues[1].status == .system)
        #expect(entry.issues[2].status == .open)
        #expect(
            entry.counts.total == 3 && entry.counts.open == 1 && entry.counts.accepted == 1 && entry.counts.system == 1)
        #expect(entry.counts.byType == ["dynamic-type": 1, "contrast": 1, "hit-region": 1])
        #expect(entry.screens.map { [$0.name, $0.group, String($0.issueCount)] } == [["0", "Home", "3"]])
        // The screenshot's signature, for telling screens apart by what they show.
        #expect(entry.screens.first?.imageHash.flatMap(ScreenSignature.init(hex:)) != nil)
    }
}

@Suite struct HistoryTextCapTests {
    @Test func keepsAtMostFiveHundredCharactersButFingerprintsTheWholeText() {
        let long = String(repeating: "x", count: 5_000)
        let report = HistoryTestData.report([HistoryTestData.spec(.contrast, long)])
        let issue = report.issues[0]
        let record = HistoryIssue(issue: issue, mapping: nil)
        #expect(record.elementText?.count == HistoryIssue.maxTextLength)
        #expect(record.elementText?.hasSuffix("…") == true)
        #expect(record.fingerprint == IssueFingerprint(issue: issue))
        let other = HistoryTestData.report([HistoryTestData.spec(.contrast, long + "y")])
        #expect(HistoryIssue(issue: other.issues[0], mapping: nil).fingerprint != record.fingerprint)
    }
}
