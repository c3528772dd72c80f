import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct HistoryCheckTests {
    typealias D = HistoryTestData

    @Test func failsOnNewWarningsOnlyWithFailOnNew() {
        let previous = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit")], day: 0)
        let current = D.entry(
            [D.spec(.contrast, "Edit"), D.spec(.dynamicType, "Widgets"), D.spec(.hitRegion, nil)], day: 1)
        let history = History(entries: [previous])
        let new = HistoryCheck(entry: current, history: history, baseline: Baseline(), failOn: .new)
        #expect(new.failed)
        #expect(new.failing.map(\.number) == [3])
        let any = HistoryCheck(entry: current, history: history, baseline: Baseline(), failOn: .any)
        #expect(any.failing.map(\.number) == [1, 2, 3])
        let again = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit")], day: 2)
        let same = HistoryCheck(entry: again, history: history, baseline: Baseline(), failOn: .new)
        #expect(!same.failed)
        // With no previous report every open warning is new.
        #expect(
            HistoryCheck(entry: previous, history: History(entries: []), baseline: Baseline(), failOn: .new).failing
                .count
                == 2)
    }

    @Test func acceptedSystemAndBaselinedWarningsNeverFail() throws {
        let mappings = [
            IssueMapping(issueNumber: 1, origin: .rule, view: "HomeView", status: .accepted(reason: "false positive")),
            IssueMapping(issueNumber: 2, origin: .rule, status: .system),
        ]
        let entry = D.entry(
            [
                D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "9:41"), D.spec(.hitRegion, nil),
                D.spec(.clippedText, "Next"),
            ], day: 0, mappings: mappings)
        let baseline = try Baseline().accepting([entry.issues[2].fingerprint], reason: "judged", on: D.date(0))
        let check = HistoryCheck(entry: entry, history: History(entries: []), baseline: baseline, failOn: .any)
        #expect(check.failing.map(\.number) == [4])
        #expect(check.baselined.map(\.number) == [3])
        let lines = check.diagnostics.map(\.description)
        #expect(lines.count == 1)
        #expect(
            lines[0].hasPrefix(
                "warning: Clipped Text: Clipped Text warning \u{2018}Next\u{2019} in HomeView (issue 4 of "))
        #expect(lines[0].hasSuffix("[fingerprint \(entry.issues[3].fingerprint.hex)]"))
    }

    @Test func checksAReportWithRuleMappingsAgainstTheHistory() {
        let previous = D.entry([D.spec(.dynamicType, "Widgets")], day: 0)
        let report = D.report(
            [D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "9:41"), D.spec(.clippedText, "Next")],
            date: D.date(1))
        let mappings = [
            IssueMapping(issueNumber: 2, origin: .rule, status: .system),
            IssueMapping(issueNumber: 3, origin: .rule, status: .accepted(reason: "judged")),
        ]
        let check = HistoryCheck(
            entry: HistoryEntry(report: report, mappings: mappings), history: History(entries: [previous]),
            baseline: Baseline(), failOn: .any)
        #expect(check.previousFileName == previous.fileName)
        #expect(check.failing.map(\.number) == [1])
        let unmapped = HistoryCheck(
            entry: HistoryEntry(report: report), history: History(entries: [previous]), baseline: Baseline(),
            failOn: .new)
        #expect(unmapped.failing.map(\.number) == [2, 3])
    }

    @Test func diagnosticsPointAtMappedSourceLocations() {
        let mapping = IssueMapping(
            issueNumber: 1, origin: .rule, view: "HomeView",
            location: SourceLocation(file: "App/HomeView.swift", line: 42, column: 9))
        let entry = D.entry([D.spec(.dynamicType, "Widgets")], day: 0, mappings: [mapping])
        let check = HistoryCheck(entry: entry, history: History(entries: []), baseline: Baseline(), failOn: .any)
        #expect(
            check.diagnostics.first?.description.hasPrefix("App/HomeView.swift:42:9: warning: Dynamic Type:") == true)
    }

    @Test func strictBaselineFailsOnAcceptedWarningsThatDisappeared() throws {
        let old = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit")], day: 0)
        let new = D.entry([D.spec(.dynamicType, "Widgets")], day: 1)
        let baseline = try Baseline().accepting(old.issues.map(\.fingerprint), reason: "noise", on: D.date(0))
        let lenient = HistoryCheck(entry: new, history: History(entries: [old]), baseline: baseline, failOn: .any)
        #expect(!lenient.failed)
        #expect(lenient.staleBaseline.map(\.fingerprint) == [old.issues[1].fingerprint])
        #expect(lenient.diagnostics.first?.description.hasPrefix("note: accepted warning") == true)
        let strict = HistoryCheck(
            entry: new, history: History(entries: [old]), baseline: baseline, failOn: .any, strictBaseline: true)
        #expect(strict.failed)
        #expect(
            strict.diagnostics.first?.description.hasPrefix("error: accepted warning \(old.issues[1].fingerprint.hex)")
                == true)
    }

    @Test func baselineStatesForSARIF() {
        let previous = D.entry([D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit")], day: 0)
        let report = D.report([D.spec(.hitRegion, nil), D.spec(.dynamicType, "Widgets")], date: D.date(1))
        let states = ReportHistoryStates(report: report, history: History(entries: [previous]))
        #expect(states.issues.map(\.baselineState) == [.new, .unchanged])
        #expect(states.issues.map(\.issueNumber) == [1, 2])
        #expect(states.state(ofIssue: 2)?.fingerprint == previous.issues[0].fingerprint)
        #expect(states.absent.map(\.elementText) == ["Edit"])
        #expect(states.previousFileName == previous.fileName)
        let first = ReportHistoryStates(report: report, history: History(entries: []))
        #expect(first.issues.allSatisfy { $0.baselineState == nil })
    }
}

@Suite struct BaselineTests {
    typealias D = HistoryTestData

    @Test func acceptWritesASortedVersionedFileAndPruneRemovesVanishedEntries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("Reports/baseline.json")
        let entry = D.entry(
            [D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit"), D.spec(.hitRegion, nil)], day: 0)
        let fingerprints = entry.issues.map(\.fingerprint)
        try Baseline.update(path: path) {
            try $0.accepting(fingerprints.reversed(), reason: "Inspector noise", on: D.date(0)) { fingerprint in
                entry.issues.first { $0.fingerprint == fingerprint }.map { ($0, $0.place) }
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
        #expect(text.contains("\"acceptedOn\" : \"2026-01-01\""))
        let loaded = try Baseline.load(path: path)
        #expect(loaded.entries.map(\.fingerprint) == fingerprints.sorted())
        #expect(loaded.entry(for: fingerprints[0])?.elementText == "Widgets")
        #expect(loaded.entry(for: fingerprints[0])?.place == "Home")

        let pruned = try Baseline.update(path: path) { $0.pruned(present: [fingerprints[1]]) }
        #expect(pruned.entries.map(\.fingerprint) == [fingerprints[1]])
        #expect(try Baseline.load(path: path) == pruned)
    }

    @Test func acceptRequiresAReasonAndHexFingerprints() {
        #expect(throws: AuditError.self) {
            try Baseline().accepting([IssueFingerprint(hex: "abc")], reason: "  ", on: Date())
        }
        #expect(throws: AuditError.self) {
            try Baseline().accepting([IssueFingerprint(hex: "not-hex")], reason: "ok", on: Date())
        }
    }

    @Test func reAcceptingReplacesTheReason() throws {
        let fingerprint = IssueFingerprint(hex: "0123456789abcdef")
        let first = try Baseline().accepting([fingerprint], reason: "one", on: D.date(0))
        let second = try first.accepting([fingerprint], reason: "two", on: D.date(3))
        #expect(second.entries.count == 1)
        #expect(second.entries[0].reason == "two")
        #expect(second.entries[0].acceptedOn == "2026-01-04")
    }

    @Test func aDamagedBaselineIsBadInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("baseline.json")
        try Data("{\"version\": 1, \"entries\": [{}]}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AuditError.self) { try Baseline.load(path: path) }
        try Data("{\"version\": 7, \"entries\": []}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AuditError.self) { try Baseline.load(path: path) }
    }
}

@Suite struct BaselineFileTests {
    func loadError(_ text: String) throws -> AuditError {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("baseline.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: AuditError.self) { try Baseline.load(path: path) }
        #expect(error.code == .badInput)
        #expect(error.location?.path == path)
        return error
    }

    @Test func aMalformedBaselineNamesTheFileLineAndColumn() throws {
        let error = try loadError("{\n  \"entries\": [],\n  \"version\": 1 x\n}\n")
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 16)
        #expect(error.location?.byteOffset == 34)
        #expect(
            error.description.hasSuffix(
                ":3:16: error: not a valid baseline file (expected ',' or '}' after the value of \"version\")"))
        #expect(!error.description.contains("The given data was not valid JSON"))

        let truncated = try loadError("{\"entries\": [")
        #expect(truncated.location?.line == 1)
        #expect(truncated.description.contains("not a valid baseline file (unexpected end of file"))
    }

    @Test func aBaselineOfTheWrongShapeNamesTheFileAndTheMember() throws {
        let error = try loadError("{\"entries\": {}, \"version\": 1}")
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 13)
        #expect(
            error.description.contains(
                "baseline.json:1:13: error: not a valid baseline file (\"entries\": expected an array, found an object)"
            ))
    }
}
