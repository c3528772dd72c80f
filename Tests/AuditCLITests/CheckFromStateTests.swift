import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `check NEW-REPORT-FILE` judges the new report against the judgement's stored state
/// (`Reports/history.judgement-state.json`, written by `history add`) and prints exactly what judging the
/// whole history prints.
@Suite struct CheckFromStateTests {
    /// Day `day`'s audit: Home and Settings, warnings drawn from a small pool so they recur, go and return.
    static func writeReport(day: Int, into directory: TemporaryDirectory) throws -> String {
        var generator = SplitMix64(seed: UInt64(day))
        let screens = ["Home", "Settings"].map { name in
            ReportFixture.Screen(
                name: name, groupName: name,
                issues: (0..<6).compactMap { item in
                    guard Int.random(in: 0..<3, using: &generator) > 0 else { return nil }
                    return ReportFixture.Issue(
                        errorCode: [1, 3, 14][item % 3], shortTitle: "Warning \(item)", elementText: "\(name) \(item)",
                        testTypeName: ["Contrast", "Hit Region", "Dynamic Type"][item % 3],
                        rect: Rect(x: 20, y: 100 + Double(item) * 40, width: 200, height: 22))
                })
        }
        var fixture = ReportFixture(screens: screens)
        fixture.timestamp = String(format: "2026-01-%02d 12:00:00", day + 1)
        let path = String(format: "Reports/AuditReport_2026-01-%02d_12-00-00.json", day + 1)
        try fixture.write(to: directory.file(path), as: .json)
        return path
    }

    @Test func aNewReportIsCheckedFromTheStateAsFromTheWholeHistory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        for day in 0..<6 {
            let added = try runTool(
                ["history", "add", try Self.writeReport(day: day, into: directory)], in: directory.path)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let state = directory.file("Reports/history.judgement-state.json")
        #expect(FileManager.default.fileExists(atPath: state))
        let new = try Self.writeReport(day: 6, into: directory)
        let commands = [["check", new], ["check", new, "--fail-on", "any", "--format", "json"]]
        let fromState = try commands.map { try runTool($0, in: directory.path) }
        // The same commands with no state: the whole history judged.
        try FileManager.default.removeItem(atPath: state)
        let judged = try commands.map { try runTool($0, in: directory.path) }
        for (one, other) in zip(fromState, judged) {
            #expect(one.status == other.status && one.stdout == other.stdout && one.stderr == other.stderr)
            #expect((one.stdout + one.stderr).contains("AuditReport_2026-01-07"))
        }
    }

    /// `history add` of each new report extends the history, its record and the state, and prints what
    /// adding it and judging the whole history prints: the same output and the same files as a history
    /// whose state is removed before each add (so it is judged whole).
    @Test func historyAddPrintsAndWritesWhatJudgingTheWholeHistoryDoes() throws {
        let extending = try TemporaryDirectory()
        let judging = try TemporaryDirectory()
        defer {
            extending.remove()
            judging.remove()
        }
        for directory in [extending, judging] {
            try FileManager.default.createDirectory(
                atPath: directory.file("Reports"), withIntermediateDirectories: true)
        }
        for day in 0..<8 {
            let added = try runTool(
                ["history", "add", try Self.writeReport(day: day, into: extending)], in: extending.path)
            try? FileManager.default.removeItem(atPath: judging.file("Reports/history.judgement-state.json"))
            let judged = try runTool(
                ["history", "add", try Self.writeReport(day: day, into: judging)], in: judging.path)
            #expect(added.status == 0 && added.stdout.contains("added AuditReport_"), "\(added.stderr)")
            #expect(added.status == judged.status && added.stdout == judged.stdout && added.stderr == judged.stderr)
            for name in ["history.jsonl", "history.judgement.json"] {
                let one = try Data(contentsOf: URL(fileURLWithPath: extending.file("Reports/" + name)))
                let other = try Data(contentsOf: URL(fileURLWithPath: judging.file("Reports/" + name)))
                #expect(one == other, "day \(day): \(name)")
            }
        }
    }
}
