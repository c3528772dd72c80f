import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The recorded judgement is committed beside the history: a record copied to another folder (a fresh
/// clone: other inodes and times) is read there without judging again, while a history line or a record
/// line edited by hand is seen and the history judged again.
@Suite struct CommittedRecordTests {
    static let inputs = JudgementRecord.inputsDigest(translations: .none)

    /// The history and record of `records` copied into `clone` as `git clone` makes them: new files,
    /// so other inodes and times; the record file of the copy.
    static func copied(_ records: JudgementRecordFile, into clone: TemporaryDirectory) throws -> JudgementRecordFile {
        try FileManager.default.createDirectory(atPath: clone.file("Reports"), withIntermediateDirectories: true)
        for (from, to) in [
            (records.history.path, "Reports/history.jsonl"), (records.path, "Reports/history.judgement.json"),
        ] {
            try Data(contentsOf: URL(fileURLWithPath: from)).write(to: URL(fileURLWithPath: clone.file(to)))
        }
        return JudgementRecordFile(history: HistoryFile(path: clone.file("Reports/history.jsonl")))
    }

    /// Rewrites the file at `path` in place (same inode, same size) with `edit` applied, its modification
    /// time put back as it was: only its bytes tell it changed.
    static func editInPlace(_ path: String, _ edit: (String) -> String) throws {
        var before = stat()
        #expect(stat(path, &before) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = edit(text)
        #expect(edited != text && edited.utf8.count == text.utf8.count)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// What a record states, to compare with what judging the history again states: every audit's
    /// counts, and each audit's verdicts as read back.
    static func expectStatesTheJudgement(_ recorded: RecordedJudgement, of file: HistoryFile) throws {
        let again = HistoryJudgement(history: try file.load())
        #expect(JudgementRecordTests.stated(recorded.record) == JudgementRecordTests.stated(again))
        for (position, replayed) in again.reports.enumerated() {
            let judged = recorded.judgement(at: position, acceptance: .noBaseline, judgeAgain: { again })
            #expect(judged?.verdicts == replayed.verdicts, "audit \(position)")
        }
        for grouping in TrendGrouping.allCases {
            #expect(recorded.trend(by: grouping, acceptance: .noBaseline) == Trend(judgement: again, by: grouping))
        }
    }

    @Test func aRecordCopiedToAnotherFolderIsReadThereAsItStatesTheJudgement() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (file, records) = try JudgementRecordTests.fourAudits(in: directory)
        _ = try records.record(baseline: Baseline(entries: []), translations: .none)
        let clone = try TemporaryDirectory()
        defer { clone.remove() }
        let copy = try Self.copied(records, into: clone)
        let original = try #require(HistoryStamp(path: file.path))
        #expect(HistoryStamp(path: copy.history.path)?.isSameFile(as: original) == false)
        // Read in the copy as it is, nothing judged again.
        let recorded = try #require(copy.loadRecorded(inputs: Self.inputs), "the copied record holds")
        try Self.expectStatesTheJudgement(recorded, of: copy.history)
        let checks = try copy.checks(
            .references(["latest"]), baseline: Baseline(entries: []), translations: .none, failOn: .new,
            strictBaseline: false, warn: { Issue.record("warned: \($0)") })
        let again = HistoryJudgement(history: try copy.history.load())
        let latest = try #require(again.reports.last)
        let replayed = HistoryCheck(judgement: again.judging(latest.entry), failOn: .new, strictBaseline: false)
        #expect(checks.map(\.failing) == [replayed.failing])
        // The copy's record is the original's, byte for byte: nothing in it names a machine's file.
        #expect(FileManager.default.contentsEqual(atPath: records.path, andPath: copy.path))
        // Written here in the first folder (its note names both files, nothing hashed); read by its content in
        // the copy, even with the note copied along (it names the first folder's files).
        #expect(records.loadRecorded(inputs: Self.inputs)?.writtenHere == true && !recorded.writtenHere)
        try FileManager.default.copyItem(atPath: records.localStampPath, toPath: copy.localStampPath)
        #expect(copy.loadRecorded(inputs: Self.inputs)?.writtenHere == false)
    }

    @Test func aHistoryLineEditedByHandIsJudgedAgain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (file, records) = try JudgementRecordTests.fourAudits(in: directory)
        _ = try records.record(baseline: Baseline(entries: []), translations: .none)
        // A warning's text changed in an earlier audit's line: same size, same file, same time.
        try Self.editInPlace(file.path) { text in
            var lines = text.components(separatedBy: "\n")
            lines[1] = lines[1].replacingOccurrences(of: "item", with: "itam")
            return lines.joined(separator: "\n")
        }
        #expect(records.loadRecorded(inputs: Self.inputs) == nil)
        let stated = try records.record(baseline: Baseline(entries: []), translations: .none)
        #expect(
            JudgementRecordTests.stated(stated)
                == JudgementRecordTests.stated(HistoryJudgement(history: try file.load())))
        // Recorded again, and that record holds.
        let recorded = try #require(records.loadRecorded(inputs: Self.inputs))
        try Self.expectStatesTheJudgement(recorded, of: file)
    }

    @Test func aRecordLineEditedByHandIsSaidAndJudgedAgain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (file, records) = try JudgementRecordTests.fourAudits(in: directory)
        _ = try records.record(baseline: Baseline(entries: []), translations: .none)
        // The first audit's count of open warnings, one digit changed in the record's first line.
        try Self.editInPlace(records.path) { text in
            guard let range = text.range(of: #""open":[0-9]"#, options: .regularExpression) else { return text }
            let digit = text[text.index(before: range.upperBound)]
            return text.replacingCharacters(
                in: text.index(before: range.upperBound)..<range.upperBound, with: digit == "7" ? "8" : "7")
        }
        var said: [String] = []
        let stated = try records.record(
            baseline: Baseline(entries: []), translations: .none, refused: { said.append($0) })
        #expect(
            JudgementRecordTests.stated(stated)
                == JudgementRecordTests.stated(HistoryJudgement(history: try file.load())))
        #expect(said.count == 1 && said.allSatisfy { $0.contains(records.path) })
        try Self.expectStatesTheJudgement(try #require(records.loadRecorded(inputs: Self.inputs)), of: file)
    }

    @Test func aRecordOfTheFormatBeforeIsJudgedAgainOnceAndWrittenAnew() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (file, records) = try JudgementRecordTests.fourAudits(in: directory)
        _ = try records.record(baseline: Baseline(entries: []), translations: .none)
        let current = try String(contentsOfFile: records.path, encoding: .utf8)
        // As the release before wrote it: the history file named by its stamp, the inputs' digest of format
        // 2, no seal; and no note of this machine's.
        let stamp = try #require(HistoryStamp(path: file.path))
        var hash = SHA256()
        hash.update(Data("format\t2\n".utf8))
        hash.update(Data("translations\t\(StringTranslations.none.digest)\n".utf8))
        let content = try #require(current.range(of: #""history":\{[^}]*\}"#, options: .regularExpression))
        var older = current.replacingCharacters(
            in: content,
            with: "\"history\":{\"bytes\":\(stamp.bytes),\"device\":\(stamp.device),\"entries\":4,"
                + "\"inode\":\(stamp.inode),\"modified\":\(stamp.modified)}")
        older = older.replacingOccurrences(of: Self.inputs, with: hash.finalizeHex())
        older = older.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
        try older.write(toFile: records.path, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: records.localStampPath)
        #expect(records.loadRecorded(inputs: Self.inputs) == nil)
        // Judged again once, written as this release writes it, then read as it is.
        let judged = try records.record(baseline: Baseline(entries: []), translations: .none)
        #expect(
            JudgementRecordTests.stated(judged)
                == JudgementRecordTests.stated(HistoryJudgement(history: try file.load())))
        #expect(try String(contentsOfFile: records.path, encoding: .utf8) == current)
        #expect(records.loadRecorded(inputs: Self.inputs)?.writtenHere == true)
    }
}
