import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Adding a report extends the history, its record and the judgement's state (`JudgementRecordFile.add`)
/// instead of judging every report again: report by report, every file is byte for byte what adding the
/// report and judging the whole history again writes (the state read back the same), and a history
/// changed behind the state's back is judged again.
@Suite struct HistoryExtensionTests {
    /// The files of one history: the history, its record and the judgement's state, as bytes.
    struct Files: Equatable {
        var history: Data
        var record: Data
        var state: String

        init(_ file: HistoryFile) throws {
            let records = JudgementRecordFile(history: file)
            history = try Data(contentsOf: URL(fileURLWithPath: file.path))
            record = try Data(contentsOf: URL(fileURLWithPath: records.path))
            // The state lists sets in each process's own order: compared read back.
            let stateBytes = try Data(contentsOf: URL(fileURLWithPath: JudgementStateFile(history: file).path))
            let lines = stateBytes.split(separator: 0x0A)
            state =
                try lines.count == 3
                ? String(decoding: lines[0], as: UTF8.self) + JudgementStateTests.canonical(Data(lines[1])) : ""
        }
    }

    /// `entries` added one by one to a history by `add`, and to another by today's whole judgement
    /// (`HistoryFile.append`, then `store` of the history judged again); after each, both histories'
    /// files are compared. Returns how many adds extended the history.
    static func addedOneByOne(
        _ entries: [HistoryEntry], baseline: Baseline = Baseline(entries: []),
        translations: StringTranslations = .none, label: String
    ) throws -> Int {
        try added(entries.map { [$0] }, baseline: baseline, translations: translations, label: label)
    }

    /// `batches` added batch by batch, as `addedOneByOne` adds single reports.
    static func added(
        _ batches: [[HistoryEntry]], baseline: Baseline = Baseline(entries: []),
        translations: StringTranslations = .none, label: String
    ) throws -> Int {
        let extending = try TemporaryDirectory()
        let judging = try TemporaryDirectory()
        defer {
            extending.remove()
            judging.remove()
        }
        let file = HistoryFile(path: extending.file("Reports/history.jsonl"))
        let whole = HistoryFile(path: judging.file("Reports/history.jsonl"))
        var extended = 0
        for (index, batch) in batches.enumerated() {
            let added = try JudgementRecordFile(history: file).add(
                batch, baseline: baseline, translations: translations)
            if added.extended { extended += 1 }
            var after: History?
            let written = try whole.append(batch, seeing: { _ in }, written: { after = $0 })
            let read = try #require(after)
            let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
            JudgementRecordFile(history: whole).store(judgement, read: read)
            #expect(added.written == written, "\(label) #\(index)")
            #expect(added.warnings == read.warnings, "\(label) #\(index)")
            for entry in batch {
                let judged = try #require(judgement.report(sha256: entry.sha256))
                let stated = try #require(added.judgement.report(sha256: entry.sha256))
                #expect(stated.verdicts == judged.verdicts, "\(label) #\(index)")
                #expect(HistoryCounts(stated) == HistoryCounts(judged), "\(label) #\(index)")
            }
            let (one, other) = (try Files(file), try Files(whole))
            #expect(one.history == other.history, "\(label) #\(index): the history")
            #expect(one.record == other.record, "\(label) #\(index): the record")
            #expect(one.state == other.state, "\(label) #\(index): the state")
            if one != other { break }
        }
        return extended
    }

    @Test func randomSeriesAddedOneByOneWriteWhatJudgingTheWholeHistoryWrites() throws {
        var extended = 0
        for seed in 0..<8 {
            // Every fourth back-filled: those judge the history again, the others extend it.
            let entries = try JudgementStateTests.randomSeries(seed: seed)
            extended += try Self.addedOneByOne(entries, label: "seed \(seed)")
        }
        #expect(extended >= 8 * 8, "most adds extend the history")
    }

    @Test func reportsAddedTogetherWriteWhatJudgingTheWholeHistoryWrites() throws {
        for seed in 0..<4 {
            var generator = SplitMix64(seed: UInt64(300 + seed))
            let entries = try (0..<12).map { try JudgementRecordTests.randomAudit(day: $0, &generator) }
            // One, then three at once, then two, ...: every batch after the first extends the history.
            let batches = [Array(entries[0..<1]), Array(entries[1..<4]), Array(entries[4..<6]), Array(entries[6..<12])]
            let extended = try Self.added(batches, label: "batches seed \(seed)")
            #expect(extended == batches.count - 1)
        }
    }

    @Test func aBaselineIsAppliedAsJudgingTheWholeHistoryAppliesIt() throws {
        for seed in 0..<3 {
            let (entries, baseline) = try JudgementStateFileTests.tenAudits(seed: 200 + seed, accepting: 3)
            let extended = try Self.addedOneByOne(entries, baseline: baseline, label: "baseline seed \(seed)")
            #expect(extended == entries.count - 1)
        }
    }

    @Test func theFixedSeriesAddedOneByOneWriteWhatJudgingTheWholeHistoryWrites() throws {
        let series = Counter()
        _ = try Probe.$judging.withValue({ entries, translations in
            let ordered = entries.sorted(by: History.precedes)
            series.count += 1
            let extended =
                (try? Self.addedOneByOne(ordered, translations: translations, label: "series \(series.count)"))
            #expect(extended == ordered.count - 1, "series \(series.count)")
            return HistoryJudgement(entries: entries, translations: translations)
        }) {
            try JudgementVersionTests.verdictLines()
        }
        #expect(series.count >= 6)
    }

    final class Counter: @unchecked Sendable { var count = 0 }

    @Test func aHistoryChangedBehindTheStatesBackIsJudgedAgain() throws {
        var generator = SplitMix64(seed: 11)
        let entries = try (0..<9).map { try JudgementRecordTests.randomAudit(day: $0, &generator) }
        for change in ["edited", "back-filled", "appended", "state", "record"] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
            let records = JudgementRecordFile(history: file)
            for entry in [entries[0], entries[1], entries[2], entries[4], entries[5]] {
                _ = try records.add([entry], baseline: Baseline(entries: []), translations: .none)
            }
            switch change {
            case "edited":
                // A report's SHA-256 edited (one digit), its line still read.
                var text = try String(contentsOfFile: file.path, encoding: .utf8)
                let key = try #require(text.range(of: "\"sha256\":\""))
                let digit = text.index(after: key.upperBound)
                text.replaceSubrange(digit...digit, with: text[digit] == "0" ? "1" : "0")
                try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
            case "back-filled": _ = try file.append(entries[3])
            case "appended": _ = try file.append(entries[6])
            case "state":
                // A state whose seal still holds, made of another history: it names other bytes.
                let other = try TemporaryDirectory()
                defer { other.remove() }
                let elsewhere = HistoryFile(path: other.file("Reports/history.jsonl"))
                _ = try JudgementRecordFile(history: elsewhere).add(
                    [entries[0], entries[5]], baseline: Baseline(entries: []), translations: .none)
                let path = JudgementStateFile(history: file).path
                try FileManager.default.removeItem(atPath: path)
                try FileManager.default.copyItem(atPath: JudgementStateFile(history: elsewhere).path, toPath: path)
            default:
                // The record's audits' lines edited (its seal broken), the history as it was.
                var bytes = try Data(contentsOf: URL(fileURLWithPath: records.path))
                let at = try #require(bytes.lastIndex(of: UInt8(ascii: "\"")))
                bytes[at - 1] = bytes[at - 1] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
                try bytes.write(to: URL(fileURLWithPath: records.path))
                try? FileManager.default.removeItem(atPath: records.localStampPath)
            }
            let added = try records.add([entries[7]], baseline: Baseline(entries: []), translations: .none)
            #expect(!added.extended, "\(change)")
            // What is written is what judging the history as it is now writes.
            let now = try file.load()
            #expect(now.entries.contains { $0.sha256 == entries[7].sha256 }, "\(change)")
            let expected = try JudgementStateTests.recordBytes(
                HistoryJudgement(history: now), ofHistory: Data(contentsOf: URL(fileURLWithPath: file.path)))
            #expect(try Data(contentsOf: URL(fileURLWithPath: records.path)) == expected, "\(change)")
            // And the next report extends it again.
            let next = try records.add([entries[8]], baseline: Baseline(entries: []), translations: .none)
            #expect(next.extended, "\(change)")
        }
    }
}

extension JudgementStateTests {
    /// The record `judgement` makes of the history file of bytes `history` (written in a temporary folder).
    static func recordBytes(_ judgement: HistoryJudgement, ofHistory history: Data) throws -> Data {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
        try FileManager.default.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        try history.write(to: URL(fileURLWithPath: file.path))
        let read = try file.load()
        let records = JudgementRecordFile(history: file)
        try #require(records.store(judgement, read: read) != nil)
        return try Data(contentsOf: URL(fileURLWithPath: records.path))
    }
}
