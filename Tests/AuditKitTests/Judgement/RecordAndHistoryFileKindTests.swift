import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The history and its recorded judgement read only from regular files: a FIFO, a device or a link is
/// refused in one line naming the file (never waited on or read without end), and the record, bounded
/// in size, is opened once and its lines read from that one descriptor.
@Suite struct RecordAndHistoryFileKindTests {
    /// A history of two audits and its record, in `directory`.
    static func recordedHistory(in directory: TemporaryDirectory) throws -> (JudgementRecordFile, String) {
        var generator = SplitMix64(seed: 11)
        let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
        try file.append([
            try JudgementRecordTests.randomAudit(day: 0, &generator),
            try JudgementRecordTests.randomAudit(day: 1, &generator),
        ])
        let records = JudgementRecordFile(history: file)
        _ = try records.record(baseline: Baseline(entries: []), translations: .none)
        let inputs = JudgementRecord.inputsDigest(translations: .none)
        #expect(records.loadRecorded(inputs: inputs) != nil)
        return (records, inputs)
    }

    /// Replaces the file at `path` by a FIFO, or by a symbolic link to `target`.
    static func replace(_ path: String, by target: String, in directory: TemporaryDirectory) throws {
        try FileManager.default.removeItem(atPath: path)
        if target == "fifo" {
            #expect(mkfifo(path, 0o600) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
    }

    @Test(arguments: ["fifo", "/dev/zero"])
    func aHistoryThatIsNoRegularFileIsRefusedInOneLine(target: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (records, _) = try Self.recordedHistory(in: directory)
        try Self.replace(records.history.path, by: target, in: directory)
        do {
            _ = try records.history.load()
            Issue.record("read \(target)")
        } catch let error as AuditError {
            #expect(error.code == .badInput)
            #expect(
                error.description
                    == "\(records.history.path): error: the history file is not a regular file (a pipe, socket or device)"
            )
        }
    }

    @Test(arguments: ["fifo", "/dev/zero", "copy"])
    func aRecordThatIsNoRegularFileOfItsOwnIsRefusedInOneLine(target: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (records, inputs) = try Self.recordedHistory(in: directory)
        // A link to a regular file holding the very record is refused too: the record is never read through one.
        let copy = directory.file("copy.json")
        try FileManager.default.copyItem(atPath: records.path, toPath: copy)
        try Self.replace(records.path, by: target == "copy" ? copy : target, in: directory)
        var refusals: [String] = []
        #expect(records.loadRecorded(inputs: inputs, refused: { refusals.append($0) }) == nil)
        let why = target == "fifo" ? "is not a regular file (a pipe, socket or device)" : "is a symbolic link"
        #expect(refusals == ["the recorded judgement \(records.path) \(why): not used, judged again"])
        // Judged again instead, the same as before.
        #expect(try records.record(baseline: Baseline(entries: []), translations: .none).entries.count == 2)
    }

    @Test func aRecordLongerThanAnyItsHistoryMakesIsRefusedInOneLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (records, inputs) = try Self.recordedHistory(in: directory)
        let history = try #require(records.loadRecorded(inputs: inputs)).record.history.bytes
        // Sparse: the limit plus one byte costs no disk.
        let longest = RecordedJudgement.longestRecord(history: history)
        #expect(truncate(records.path, off_t(longest + 1)) == 0)
        var refusals: [String] = []
        #expect(records.loadRecorded(inputs: inputs, refused: { refusals.append($0) }) == nil)
        #expect(
            refusals == [
                "the recorded judgement \(records.path) is \(longest + 1) bytes, more than the limit of \(longest) "
                    + "for its history: not used, judged again"
            ])
        // At the limit it is read: refused only for its padding, which its seal does not cover.
        #expect(truncate(records.path, off_t(longest)) == 0)
        #expect(records.loadRecorded(inputs: inputs, refused: { refusals.append($0) }) == nil)
        #expect(refusals.count == 2 && refusals.last?.contains("its seal does not hold") == true, "\(refusals)")
    }

    @Test func aRecordIsOpenedOnceAndItsLinesReadFromThatFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (records, inputs) = try Self.recordedHistory(in: directory)
        let recorded = try #require(records.loadRecorded(inputs: inputs))
        let trend = recorded.trend(by: .view, acceptance: .noBaseline)
        #expect(trend != nil)
        // The file gone from its path, its lines are still read from the descriptor opened with it (a
        // reader that opened the path again for each line would find nothing).
        try FileManager.default.removeItem(atPath: records.path)
        #expect(recorded.trend(by: .view, acceptance: .noBaseline) == trend)
        #expect(
            recorded.judgement(at: 1, acceptance: .noBaseline, judgeAgain: { HistoryJudgement(entries: []) }) != nil)
    }
}
