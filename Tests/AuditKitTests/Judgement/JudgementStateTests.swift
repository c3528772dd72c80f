import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The judgement goes on from its stored state: judging audits 0..<n, storing what the next audit needs
/// (`JudgementState`), reading it back and judging audit n from it gives exactly the verdicts (and the
/// record, and the next state) of judging 0...n in one walk, for every n.
@Suite struct JudgementStateTests {
    /// `entries` judged audit by audit, each from the judgement of the ones before as `carry` passes it on;
    /// the judgement of the last, with every audit's own judgement as each step made it.
    static func judgedCarrying(
        _ entries: [HistoryEntry], translations: StringTranslations, baseline: Baseline? = nil,
        carry: (HistoryJudgement) -> HistoryJudgement
    ) -> HistoryJudgement {
        var seen = Set<String>()
        let ordered = entries.sorted(by: History.precedes).filter { seen.insert($0.sha256).inserted }
        var judgement = HistoryJudgement(entries: [], baseline: baseline, translations: translations)
        var judged: [ReportJudgement] = []
        for entry in ordered {
            judgement = carry(judgement)
            guard judgement.reports.count == judged.count else { break }
            judgement.step(entry)
            judged.append(judgement.reports[judged.count])
        }
        judgement.reports = judged
        return judgement
    }

    /// The record `judgement` makes of `entries` (written as a history file in a temporary folder), its bytes.
    static func recordBytes(_ judgement: HistoryJudgement, of entries: [HistoryEntry]) throws -> Data {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
        var written: History?
        try file.append(entries, seeing: { _ in }, written: { written = $0 })
        let records = JudgementRecordFile(history: file)
        try #require(records.store(judgement, read: try #require(written)) != nil)
        return try Data(contentsOf: URL(fileURLWithPath: records.path))
    }

    /// A random series of `days` audits (`JudgementRecordTests.randomAudit`), every fourth back-filled.
    static func randomSeries(seed: Int, days: Int = 14) throws -> [HistoryEntry] {
        var generator = SplitMix64(seed: UInt64(seed))
        var order = Array(0..<days)
        for index in stride(from: 3, to: order.count, by: 4) { order.swapAt(index, index - 1) }
        return try order.map { try JudgementRecordTests.randomAudit(day: $0, &generator) }
    }

    /// `judgement`'s state stored as bytes, read back and restored; nil (an issue recorded) when any step fails.
    static func storedAndRestored(_ judgement: HistoryJudgement) -> HistoryJudgement? {
        guard let state = judgement.state() else {
            Issue.record("no state of the judgement of \(judgement.reports.count) audits")
            return nil
        }
        do {
            let bytes = try JSONEncoder().encode(state)
            let read = try JSONDecoder().decode(JudgementState.self, from: bytes)
            guard
                let restored = HistoryJudgement(
                    restoring: read, baseline: judgement.baseline, translations: judgement.translations)
            else {
                Issue.record("the state of \(judgement.reports.count) audits not restored")
                return nil
            }
            // What the restored judgement would store is what was stored.
            let again = try JSONEncoder().encode(try #require(restored.state()))
            let same = try canonical(again) == canonical(bytes)
            #expect(same, "the state of \(judgement.reports.count) audits stored again differs")
            return restored
        } catch {
            Issue.record(error)
            return nil
        }
    }

    /// A stored state's JSON in one form whatever the order of its objects' keys and of its arrays (the
    /// state lists sets, whose order is each process's own): two states that hold the same give the same.
    static func canonical(_ data: Data) throws -> String {
        func text(_ value: Any) -> String {
            if let object = value as? [String: Any] {
                return "{" + object.keys.sorted().map { "\($0):\(text(object[$0]!))" }.joined(separator: ",") + "}"
            }
            if let array = value as? [Any] { return "[" + array.map(text).sorted().joined(separator: ",") + "]" }
            return "\(value)"
        }
        return text(try JSONSerialization.jsonObject(with: data))
    }

    /// Carries the judgement from audit to audit through its stored state.
    static func throughTheStoredState(_ judgement: HistoryJudgement) -> HistoryJudgement {
        storedAndRestored(judgement) ?? HistoryJudgement(entries: [], baseline: judgement.baseline)
    }

    @Test func theFixedSeriesStateTheSameVerdictsFromTheStoredState() throws {
        let walked = try JudgementVersionTests.verdictLines()
        let carried = try Probe.$judging.withValue({ entries, translations in
            Self.judgedCarrying(entries, translations: translations, carry: Self.throughTheStoredState)
        }) {
            try JudgementVersionTests.verdictLines()
        }
        #expect(walked.count > 300)
        #expect(carried == walked)
    }

    @Test func randomSeriesRecordTheSameFromTheStoredState() throws {
        for seed in 0..<8 {
            let entries = try Self.randomSeries(seed: seed)
            let walked = HistoryJudgement(entries: entries)
            let carried = Self.judgedCarrying(entries, translations: .none, carry: Self.throughTheStoredState)
            #expect(carried.reports.count == entries.count)
            for (one, other) in zip(walked.reports, carried.reports) {
                #expect(one.verdicts == other.verdicts, "seed \(seed)")
                #expect(one.resolved == other.resolved && one.notReaudited == other.notReaudited, "seed \(seed)")
            }
            #expect(try Self.recordBytes(carried, of: entries) == Self.recordBytes(walked, of: entries), "seed \(seed)")
            // The state after the last audit is the one the whole walk leaves.
            let fromWalk = try Self.canonical(JSONEncoder().encode(try #require(walked.state())))
            let fromCarried = try Self.canonical(JSONEncoder().encode(try #require(carried.state())))
            let same = fromWalk == fromCarried
            #expect(same, "seed \(seed)")
        }
    }
}

/// The stored state beside the history (`JudgementStateFile`): written with the record, read for a new
/// report while the history holds the bytes it was made of, and not used otherwise.
@Suite struct JudgementStateFileTests {
    /// A history of `entries` appended one by one, each recorded (so each writes the state), and its files.
    static func recorded(_ entries: [HistoryEntry], baseline: Baseline, in directory: TemporaryDirectory) throws -> (
        file: HistoryFile, states: JudgementStateFile
    ) {
        let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
        var written: History?
        try file.append(entries, seeing: { _ in }, written: { written = $0 })
        let history = try #require(written)
        JudgementRecordFile(history: file).store(
            HistoryJudgement(history: history, baseline: baseline), read: history)
        return (file, JudgementStateFile(history: file))
    }

    static func checks(
        _ states: JudgementStateFile, _ entry: HistoryEntry, baseline: Baseline, warnings: inout [String]
    ) -> [HistoryCheck]? {
        states.checks(
            baseline: baseline, translations: .none, failOn: .new, strictBaseline: true, warn: { warnings.append($0) },
            entries: { _ in [entry] })
    }

    /// Ten random audits (`JudgementRecordTests.randomAudit`) and a baseline accepting the first `accepting`
    /// issues of the first.
    static func tenAudits(seed: Int, accepting: Int) throws -> (entries: [HistoryEntry], baseline: Baseline) {
        var generator = SplitMix64(seed: UInt64(seed))
        let entries = try (0..<10).map { try JudgementRecordTests.randomAudit(day: $0, &generator) }
        let baseline = Baseline(
            entries: entries[0].issues.prefix(accepting).enumerated().map {
                Baseline.Entry(fingerprint: $1.fingerprint, reason: "decorative \($0)", acceptedOn: "2026-01-01")
            })
        return (entries, baseline)
    }

    @Test func aNewReportIsCheckedFromTheStateAsTheWholeHistoryChecksIt() throws {
        for seed in 0..<6 {
            let (entries, baseline) = try Self.tenAudits(seed: 100 + seed, accepting: 2)
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (file, states) = try Self.recorded(Array(entries.dropLast()), baseline: baseline, in: directory)
            #expect(FileManager.default.fileExists(atPath: states.path))
            var warnings: [String] = []
            let fromState = try #require(Self.checks(states, entries[9], baseline: baseline, warnings: &warnings))
            let whole = HistoryCheck(
                entry: entries[9], history: try file.load(), baseline: baseline, failOn: .new, strictBaseline: true)
            let check = try #require(fromState.first)
            #expect(check.judged.verdicts == whole.judged.verdicts, "seed \(seed)")
            #expect(check.judged.resolved == whole.judged.resolved, "seed \(seed)")
            #expect(check.judged.notReaudited == whole.judged.notReaudited, "seed \(seed)")
            #expect(
                check.judged.screens == whole.judged.screens && check.judged.comparedWith == whole.judged.comparedWith)
            #expect(check.failing == whole.failing && check.staleBaseline == whole.staleBaseline, "seed \(seed)")
            #expect(check.comparison == whole.comparison, "seed \(seed)")
            // Another baseline: the state judged with this one is not used.
            #expect(Self.checks(states, entries[9], baseline: Baseline(entries: []), warnings: &warnings) == nil)
        }
    }

    @Test func aStateWhoseHistoryChangedIsNotUsed() throws {
        var generator = SplitMix64(seed: 7)
        let entries = try (0..<8).map { try JudgementRecordTests.randomAudit(day: $0, &generator) }
        let baseline = Baseline(entries: [])
        var warnings: [String] = []
        // A report already in the history, or dated before its latest (back-filled): judged from the history.
        do {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (_, states) = try Self.recorded(
                Array(entries.prefix(6)) + [entries[7]], baseline: baseline, in: directory)
            #expect(Self.checks(states, entries[7], baseline: baseline, warnings: &warnings) == nil)
            #expect(Self.checks(states, entries[6], baseline: baseline, warnings: &warnings) == nil)
            #expect(Self.checks(states, entries[3], baseline: baseline, warnings: &warnings) == nil)
        }
        // A line of the history edited (one byte), a report back-filled or added since: not used.
        for change in ["edited", "back-filled", "added"] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (file, states) = try Self.recorded(
                Array(entries.prefix(4)) + [entries[5], entries[6]], baseline: baseline, in: directory)
            #expect(Self.checks(states, entries[7], baseline: baseline, warnings: &warnings) != nil, "\(change)")
            switch change {
            case "edited":
                var bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
                let at = try #require(bytes.firstIndex(of: UInt8(ascii: "0")))
                bytes[at] = UInt8(ascii: "1")
                try bytes.write(to: URL(fileURLWithPath: file.path))
            case "back-filled": _ = try file.append(entries[4])
            default: _ = try file.append(entries[7])
            }
            #expect(Self.checks(states, entries[7], baseline: baseline, warnings: &warnings) == nil, "\(change)")
        }
        // A damaged state (its seal no longer holds) is not used either.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, states) = try Self.recorded(Array(entries.prefix(6)), baseline: baseline, in: directory)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: states.path))
        let middle = bytes.count / 2
        bytes[middle] = bytes[middle] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        try bytes.write(to: URL(fileURLWithPath: states.path))
        #expect(Self.checks(states, entries[7], baseline: baseline, warnings: &warnings) == nil)
    }
}
