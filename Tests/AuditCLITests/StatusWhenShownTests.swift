import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Acceptance is applied when a verdict is shown (issue 58): the recorded judgement holds whatever the
/// baseline, so `accept` writes the baseline and nothing else, and every command after it reads the
/// record as it was and states what judging the history again with that baseline states.
@Suite struct StatusWhenShownTests {
    /// The commands that state verdicts or counts from the record.
    static let commands = [
        ["check", "latest"], ["check", "latest", "--fail-on", "any", "--format", "json"], ["check", "2"],
        ["diff", "latest~1", "latest"], ["diff", "1", "latest", "--format", "json"], ["diff"],
        ["history", "list"], ["history", "list", "--format", "json"], ["trend"],
    ]

    /// The record's bytes and modification date.
    static func stamp(_ path: String) throws -> (Data, Date?) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        return (data, date)
    }

    /// What each command prints judged afresh: the record removed before and after each.
    static func judgedAfresh(_ commands: [[String]], in directory: TemporaryDirectory, record: String) throws
        -> [ToolResult]
    {
        try commands.map {
            try? FileManager.default.removeItem(atPath: record)
            let result = try runTool($0, in: directory.path)
            try? FileManager.default.removeItem(atPath: record)
            return result
        }
    }

    /// `commands` run on the record as it is: it is neither rewritten nor replaced by any of them.
    static func readingTheRecord(_ commands: [[String]], in directory: TemporaryDirectory, record: String)
        throws -> [ToolResult]
    {
        let before = try stamp(record)
        let results = try commands.map { try runTool($0, in: directory.path) }
        let after = try stamp(record)
        #expect(after.0 == before.0 && after.1 == before.1, "the record was written again")
        return results
    }

    @Test func acceptWritesTheBaselineAloneAndTheNextCommandsReadTheRecord() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try HistoryCommandsTests.makeHistory(in: directory)
        let record = directory.file("Reports/history.judgement.json")
        #expect(try runTool(["history", "list"], in: directory.path).status == 0)
        let (written, _) = try Self.stamp(record)
        let hitRegion = try #require(entries[2].issues.first { $0.testType == .hitRegion }).fingerprint.hex

        // (a) accept: the record byte for byte as it was.
        let accept = try runTool(["accept", hitRegion, "--reason", "false positive"], in: directory.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(accept.stdout.hasPrefix("accepted \(hitRegion)  Hit Region"))
        #expect(try Self.stamp(record).0 == written)
        let read = try Self.readingTheRecord(Self.commands, in: directory, record: record)
        #expect(try Self.stamp(record).0 == written)
        #expect(read[0].status == 0, "\(read[0].stdout)\(read[0].stderr)")
        #expect(read[6].stdout.split(separator: "\n").last?.hasSuffix("2 issues, 1 open") == true)
        #expect(read[1].stdout.contains("accepted by the baseline") || read[1].stdout.contains("\"baselined\""))
        // The same verdicts as a judgement of the history made now with that baseline.
        let fresh = try Self.judgedAfresh(Self.commands, in: directory, record: record)
        for (recorded, judged) in zip(read, fresh) {
            #expect(recorded.status == judged.status && recorded.stdout == judged.stdout, "\(recorded.stdout)")
        }
        // The outputs were read from the record: a place renamed in it is the place they name.
        #expect(try runTool(["history", "list"], in: directory.path).status == 0)
        let lines = try String(contentsOfFile: record, encoding: .utf8)
        #expect(lines.contains("\"screen 1 of "))
        try lines.replacingOccurrences(of: "\"screen 1 of ", with: "\"screen 9 of ").resealedRecord
            .write(toFile: record, atomically: false, encoding: .utf8)
        let renamed = try runTool(["check", "latest", "--fail-on", "any"], in: directory.path)
        #expect(renamed.stdout.contains(" in screen 9 of ") && !renamed.stdout.contains(" in screen 1 of "))
        let trend = try runTool(["trend"], in: directory.path).stdout
        #expect(trend.contains("screen 9 of ") && !trend.contains("screen 1 of "), "\(trend)")

        // (c) The entry removed from the baseline: the warning is open again at once, the record unchanged.
        try Data("{\"entries\":[],\"version\":1}\n".utf8).write(
            to: URL(fileURLWithPath: directory.file("Reports/baseline.json")))
        let again = try Self.readingTheRecord(Self.commands, in: directory, record: record)
        #expect(again[0].status == 1 && again[0].stdout.contains(hitRegion))
        #expect(again[6].stdout.split(separator: "\n").last?.hasSuffix("2 issues, 2 open") == true)
    }

    @Test func diffWithAndWithoutABaselineReadsOneRecord() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try HistoryCommandsTests.makeHistory(in: directory)
        let record = directory.file("Reports/history.judgement.json")
        let widgets = entries[2].issues[0].fingerprint.hex
        let baseline = Baseline(entries: [
            Baseline.Entry(fingerprint: IssueFingerprint(hex: widgets), reason: "by design", acceptedOn: "2026-01-01")
        ])
        try JSONWriter.encoder(pretty: true).encode(baseline).write(
            to: URL(fileURLWithPath: directory.file("accepted.json")))
        let commands = [
            ["diff", "latest~1", "latest"], ["diff", "latest~1", "latest", "--baseline", "accepted.json"],
            ["diff", "latest~1", "latest", "--baseline", "accepted.json", "--format", "json"],
            ["check", "latest", "--baseline", "accepted.json", "--fail-on", "any"],
            ["history", "list", "--baseline", "accepted.json"], ["diff", "latest~1", "latest"],
        ]
        let fresh = try Self.judgedAfresh(commands, in: directory, record: record)
        #expect(try runTool(["history", "list"], in: directory.path).status == 0)
        let read = try Self.readingTheRecord(commands, in: directory, record: record)
        #expect(read[0].stdout == read[5].stdout)
        #expect(read[0].stdout != read[1].stdout && read[1].stdout.contains("accepted"))
        #expect(read[4].stdout.split(separator: "\n").last?.hasSuffix("2 issues, 1 open") == true)
        for (recorded, judged) in zip(read, fresh) {
            #expect(recorded.status == judged.status && recorded.stdout == judged.stdout, "\(recorded.stdout)")
        }
        // Both read the record: a place renamed in it is the place each names.
        let lines = try String(contentsOfFile: record, encoding: .utf8)
        #expect(lines.contains("\"screen 1 of "))
        try lines.replacingOccurrences(of: "\"screen 1 of ", with: "\"screen 9 of ").resealedRecord
            .write(toFile: record, atomically: false, encoding: .utf8)
        for command in [commands[0], commands[1]] {
            let output = try runTool(command, in: directory.path).stdout
            #expect(output.contains("screen 9 of ") && !output.contains("screen 1 of "), "\(command)")
        }
    }

    @Test func anOlderBaselinesVersion1FingerprintAcceptsFromTheRecord() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var entries = [
            HistoryEntry(
                report: HistoryCommandsTests.report(
                    day: 0,
                    [
                        HistoryCommandsTests.issue(1, .dynamicType, "Widgets"),
                        HistoryCommandsTests.issue(2, .contrast, "Edit"),
                    ])),
            HistoryEntry(
                report: HistoryCommandsTests.report(
                    day: 1,
                    [
                        HistoryCommandsTests.issue(1, .dynamicType, "Widgets"),
                        HistoryCommandsTests.issue(2, .contrast, "Edit"),
                    ])),
        ]
        for index in entries.indices {
            for issue in entries[index].issues.indices { entries[index].issues[issue].view = "WidgetsView" }
        }
        _ = try HistoryFile(path: directory.file("Reports/history.jsonl")).append(entries)
        let record = directory.file("Reports/history.judgement.json")
        #expect(try runTool(["history", "list"], in: directory.path).status == 0)
        // An older baseline: the version-1 fingerprint (scoped by the view) of the Widgets warning.
        let issue = entries[0].issues[0]
        let version1 = IssueFingerprint.version1(
            testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText, view: "WidgetsView")
        #expect(version1 != issue.fingerprint)
        let baseline = Baseline(entries: [
            Baseline.Entry(fingerprint: version1, reason: "accepted long ago", acceptedOn: "2025-01-01")
        ])
        try JSONWriter.encoder(pretty: true).encode(baseline).write(
            to: URL(fileURLWithPath: directory.file("Reports/baseline.json")))
        let commands = [
            ["check", "latest", "--fail-on", "any", "--strict-baseline"], ["history", "list"],
            ["diff", "latest~1", "latest", "--format", "json"],
        ]
        let read = try Self.readingTheRecord(commands, in: directory, record: record)
        #expect(read[0].status == 1 && !read[0].stdout.contains(issue.fingerprint.hex))
        #expect(!read[0].stdout.contains("no longer appears"))
        #expect(read[1].stdout.split(separator: "\n").last?.hasSuffix("2 issues, 1 open") == true)
        let fresh = try Self.judgedAfresh(commands, in: directory, record: record)
        for (recorded, judged) in zip(read, fresh) {
            #expect(recorded.status == judged.status && recorded.stdout == judged.stdout, "\(recorded.stdout)")
        }
    }
}
