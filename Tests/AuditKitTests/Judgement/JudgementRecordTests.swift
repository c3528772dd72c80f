import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The judgement recorded beside the history: what it states is what judging the whole history again
/// states, and it holds only for the history file, inputs and judgement version it was made of.
@Suite struct JudgementRecordTests {
    /// A random audit of day `day`: one to three of four screens, each with warnings drawn from a small
    /// pool (so warnings recur, go and come back), some accepted by a rule.
    static func randomAudit(day: Int, _ generator: inout some RandomNumberGenerator) throws -> HistoryEntry {
        let names = ["Home", "Budgets", "Settings", "Checkout"]
        let count = Int.random(in: 1...3, using: &generator)
        let screens = names.shuffled(using: &generator).prefix(count).map { name in
            let issues = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                let item = Int.random(in: 0..<9, using: &generator)
                return ReportFixture.Issue(
                    errorCode: [1, 3, 14][item % 3], shortTitle: "Warning \(item)", elementText: "\(name) item \(item)",
                    testTypeName: ["Contrast", "Hit Region", "Dynamic Type"][item % 3],
                    rect: Rect(x: 20, y: 100 + Double(item) * 40, width: 200, height: 22))
            }
            return ReportFixture.Screen(name: "\(day)", groupName: name, issues: issues)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd_HH-mm-ss"
        let path = "Reports/AuditReport_\(formatter.string(from: AuditSeries.date(day))).json"
        let report = try ReportReader.read(
            buffer: ByteBuffer(copying: ReportFixture(screens: Array(screens)).payload(style: .minified, seed: nil)),
            path: path)
        return HistoryEntry(report: report)
    }

    /// What a record states of each entry, to compare with a judgement's.
    static func stated(_ record: JudgementRecord) -> [String] {
        record.entries.map { "\($0.sha256) \($0.fileName) \($0.counts.total) \($0.counts.open) \($0.counts.accepted)" }
    }

    static func stated(_ judgement: HistoryJudgement) -> [String] {
        judgement.reports.map {
            let counts = HistoryCounts($0)
            return "\($0.entry.sha256) \($0.entry.fileName) \(counts.total) \(counts.open) \(counts.accepted)"
        }
    }

    @Test func recordedAuditByAuditStatesWhatJudgingTheWholeHistoryAgainStates() throws {
        var accepting = 0
        defer { #expect(accepting >= 4, "most seeds' baselines accept a warning of the pool") }
        for seed in 0..<6 {
            var generator = SplitMix64(seed: UInt64(seed))
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
            let records = JudgementRecordFile(history: file)
            // A baseline accepting up to three warnings of the pool, so open and accepted both count (and
            // one fingerprint no audit has: a stale entry).
            let pool = try Self.randomAudit(day: 0, &generator).issues.prefix(3).map(\.fingerprint)
            let baseline = Baseline(
                entries: (pool + [IssueFingerprint(hex: "0123456789abcdef")]).enumerated().map {
                    Baseline.Entry(fingerprint: $1, reason: "decorative \($0)", acceptedOn: "2026-01-01")
                })
            var accepted = false
            // Appended as a pipeline does, one audit a run, each recorded; every fourth arrives late
            // (a back-filled audit, dated before the latest).
            var judgement = HistoryJudgement(entries: [], baseline: baseline)
            var days = Array(0..<14)
            for index in stride(from: 3, to: days.count, by: 4) { days.swapAt(index, index - 1) }
            for day in days {
                let entry = try Self.randomAudit(day: day, &generator)
                var written: History?
                try file.append([entry], seeing: { _ in }, written: { written = $0 })
                judgement.add(entry)
                records.store(judgement, read: try #require(written))
                // Each time, the record holds for the file as it is now, and states what judging the
                // whole history again states: every audit's counts, and every audit's verdicts, screens and
                // comparison (the latest's check too) as read back from the record.
                let inputs = JudgementRecord.inputsDigest(translations: .none)
                let recorded = try #require(records.loadRecorded(inputs: inputs), "seed \(seed) day \(day)")
                // The baseline applied when read (the record holds whatever the baseline).
                let acceptance = try #require(recorded.acceptance(of: baseline))
                accepted = accepted || !acceptance.accepted.isEmpty
                let again = HistoryJudgement(history: try file.load(), baseline: baseline)
                #expect(Self.stated(recorded.counted(acceptance)) == Self.stated(again), "seed \(seed) day \(day)")
                for (position, replayed) in again.reports.enumerated() {
                    let whole = again
                    let found = recorded.check(
                        at: position, acceptance: acceptance, failOn: .new, strictBaseline: true,
                        judgeAgain: { whole })
                    let check = try #require(found)
                    let read = check.judged
                    #expect(read.verdicts == replayed.verdicts, "seed \(seed) day \(day) audit \(position)")
                    #expect(read.screens == replayed.screens && read.notCovered == replayed.notCovered)
                    #expect(read.comparedWith == replayed.comparedWith)
                    #expect(read.counts?.text == replayed.counts?.text && read.counts == replayed.counts)
                    let judgedThen = again.judging(replayed.entry)
                    let checkThen = HistoryCheck(judgement: judgedThen, failOn: .new, strictBaseline: true)
                    #expect(check.failing == checkThen.failing && check.staleBaseline == checkThen.staleBaseline)
                    // The lists the record keeps no copy of are judged again when asked for.
                    #expect(read.resolved == replayed.resolved && read.notReaudited == replayed.notReaudited)
                }
                // The latest audit's lists of earlier warnings and the trend are recorded as well: read, not
                // judged again.
                let last = again.reports.count - 1
                let judgedAgain: @Sendable () -> HistoryJudgement = {
                    Issue.record("the latest audit judged again")
                    return again
                }
                let read = recorded.judgement(at: last, acceptance: acceptance, judgeAgain: judgedAgain)
                let latest = try #require(read)
                #expect(latest.resolved == again.reports[last].resolved, "seed \(seed) day \(day)")
                #expect(latest.notReaudited == again.reports[last].notReaudited, "seed \(seed) day \(day)")
                // Told by place from the record (`diff` of thousands), as the replay tells them.
                #expect(latest.notReauditedPlaces == again.reports[last].notReauditedPlaces, "seed \(seed)")
                #expect(
                    latest.notReauditedPlaces.map(\.count).reduce(0, +)
                        == again.reports[last].notReauditedWarnings.count)
                #expect(latest.comparison == again.reports[last].comparison)
                // The trend is recorded without the baseline, and read with it applied.
                for grouping in TrendGrouping.allCases {
                    let trend = recorded.trend(by: grouping, acceptance: acceptance)
                    #expect(trend == Trend(judgement: again, by: grouping), "seed \(seed) day \(day) \(grouping)")
                }
                // Without the baseline, the same record states the judgement without it.
                let none = HistoryJudgement(history: try file.load())
                #expect(Self.stated(recorded.counted(.noBaseline)) == Self.stated(none), "seed \(seed) day \(day)")
                let plain = recorded.judgement(at: last, acceptance: .noBaseline, judgeAgain: judgedAgain)
                #expect(plain?.verdicts == none.reports[last].verdicts && plain?.counts == none.reports[last].counts)
                for grouping in TrendGrouping.allCases {
                    #expect(
                        recorded.trend(by: grouping, acceptance: .noBaseline) == Trend(judgement: none, by: grouping))
                }
            }
            #expect(judgement.reports.map(\.entry.sha256) == (try file.load()).entries.map(\.sha256))
            accepting += accepted ? 1 : 0
        }
    }

    @Test func aRecordHoldsOnlyForTheFileInputsAndVersionItWasMadeOf() throws {
        var generator = SplitMix64(seed: 7)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
        let records = JudgementRecordFile(history: file)
        #expect(records.path == directory.file("Reports/history.judgement.json"))
        try file.append([try Self.randomAudit(day: 0, &generator), try Self.randomAudit(day: 1, &generator)])
        let none = JudgementRecord.inputsDigest(translations: .none)
        // Migrated on first use: no record yet, then one made by judging the history.
        #expect(records.load(inputs: none) == nil)
        let made = try records.record(baseline: Baseline(entries: []), translations: .none)
        #expect(made.entries.count == 2)
        #expect(records.load(inputs: none) == made)

        // Other inputs: other translations (the baseline is none: it is applied when shown).
        let translations = StringTranslations([
            LocalizedString(
                key: "home.title", value: "Home", language: "en", location: SourceLocation(file: "Home.xcstrings"))
        ])
        #expect(
            records.load(
                inputs: JudgementRecord.inputsDigest(translations: translations))
                == nil)

        // Another judgement version, or a damaged record: judged again, never an error.
        let text = try String(contentsOfFile: records.path, encoding: .utf8)
        let version = "\"judgementVersion\":\(JudgementRecord.currentJudgementVersion)"
        #expect(text.contains(version))
        try text.replacingOccurrences(of: version, with: "\"judgementVersion\":0")
            .write(toFile: records.path, atomically: true, encoding: .utf8)
        #expect(records.load(inputs: none) == nil)
        try Data("{\"judgementVersion\":1,".utf8).write(to: URL(fileURLWithPath: records.path))
        #expect(records.load(inputs: none) == nil)
        #expect(try records.record(baseline: Baseline(entries: []), translations: .none) == made)

        // Places in the files that cannot be (a negative length, an offset near overflowing): not a record.
        let good = try String(contentsOfFile: records.path, encoding: .utf8)
        for (from, to) in [
            ("\"line\":[0,", "\"line\":[0,-"), ("\"recorded\":[0,", "\"recorded\":[9223372036854775000,"),
        ] {
            #expect(good.contains(from))
            try good.replacingOccurrences(of: from, with: to).write(
                toFile: records.path, atomically: true, encoding: .utf8)
            #expect(records.loadRecorded(inputs: none) == nil)
            let checks = try records.checks(
                .references(["latest"]), baseline: Baseline(entries: []), translations: .none, failOn: .any,
                strictBaseline: false, warn: { _ in })
            #expect(checks.map(\.entry.sha256) == [made.entries.last?.sha256])
        }

        // The history appended to by another run (or an older release): the record no longer holds.
        let madeOf = try #require(try file.load().stamp)
        try file.append([try Self.randomAudit(day: 2, &generator)])
        #expect(records.load(inputs: none) == nil)
        let after = try records.record(baseline: Baseline(entries: []), translations: .none)
        #expect(after.entries.count == 3 && Array(after.entries.prefix(2)) == made.entries)
        // A judgement of a file that changed since is not recorded as the file's.
        var stale = try file.load()
        stale.stamp = madeOf
        records.store(HistoryJudgement(history: stale), read: stale)
        #expect(records.load(inputs: none) == after)
    }

    /// A history of four random audits (seed 11) in `directory`, and its record file.
    static func fourAudits(in directory: TemporaryDirectory) throws -> (HistoryFile, JudgementRecordFile) {
        var generator = SplitMix64(seed: 11)
        let file = HistoryFile(path: directory.file("Reports/history.jsonl"))
        try file.append((0..<4).map { try Self.randomAudit(day: $0, &generator) })
        return (file, JudgementRecordFile(history: file))
    }

    @Test func aRecordWrittenWithTheBaselineAppliedIsJudgedAgainOnceAndWrittenWithout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (file, records) = try Self.fourAudits(in: directory)
        let fingerprint = try #require(try file.load().entries.last?.issues.first?.fingerprint)
        let baseline = Baseline(entries: [
            Baseline.Entry(fingerprint: fingerprint, reason: "decorative", acceptedOn: "2026-01-01")
        ])
        _ = try records.record(baseline: baseline, translations: .none)
        let current = try String(contentsOfFile: records.path, encoding: .utf8)
        // As the release before wrote it: its inputs the digest of the baseline's entries and the
        // translations, no line of fingerprints, the baseline's acceptances recorded as statuses.
        var hash = SHA256()
        hash.update(Data("accepted\t\(fingerprint.hex)\tdecorative\n".utf8))
        hash.update(Data("translations\t\(StringTranslations.none.digest)\n".utf8))
        let inputs = JudgementRecord.inputsDigest(translations: .none)
        let keys = try #require(current.range(of: #","keys":\[[0-9]+,[0-9]+\]"#, options: .regularExpression))
        var older = current
        older.removeSubrange(keys)
        older = older.replacingOccurrences(of: inputs, with: hash.finalizeHex())
        #expect(older != current && !older.contains(inputs))
        try older.write(toFile: records.path, atomically: false, encoding: .utf8)
        #expect(records.loadRecorded(inputs: inputs) == nil)
        // Judged again once and written anew, then read as it is whatever the baseline.
        let judged = try records.record(baseline: baseline, translations: .none)
        let again = HistoryJudgement(history: try file.load(), baseline: baseline)
        #expect(Self.stated(judged) == Self.stated(again))
        let rewritten = try String(contentsOfFile: records.path, encoding: .utf8)
        #expect(rewritten == current)
        for other in [Baseline(entries: []), baseline] {
            let read = try records.record(baseline: other, translations: .none)
            #expect(Self.stated(read) == Self.stated(HistoryJudgement(history: try file.load(), baseline: other)))
            #expect(try String(contentsOfFile: records.path, encoding: .utf8) == rewritten)
        }
    }

    @Test func theIndexReadFastIsTheIndexTheDecoderReads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (file, records) = try Self.fourAudits(in: directory)
        let made = try records.record(baseline: Baseline(entries: []), translations: .none)
        let text = try String(contentsOfFile: records.path, encoding: .utf8)
        let first = Data(try #require(text.split(separator: "\n").first).utf8)
        let decoded = try JSONDecoder.forRecords.decode(JudgementRecord.self, from: first)
        #expect(decoded == made && !made.latest.isEmpty && made.history.sha256.count == 64)
        #expect(JudgementRecord.fastRead(first) == decoded)
        // So are the lines of what holds as of the latest audit.
        let bytes = Data(text.utf8)
        func line(_ place: [Int]) -> Data {
            bytes.subdata(in: (first.count + 1 + place[0])..<(first.count + 1 + place[0] + place[1]))
        }
        let latest = try JSONDecoder.forRecords.decode(RecordedLatest.self, from: line(made.latest))
        #expect(!latest.notReaudited.isEmpty && RecordedLatest.fastRead(line(made.latest)) == latest)
        // Read for `diff`: all but the warnings not re-audited, and only the issues the resolved ones name.
        var head = latest
        head.notReaudited = []
        #expect(RecordedLatest.fastRead(line(made.latest), listingNotReaudited: false) == head)
        #expect(!latest.notReauditedByPlace.isEmpty)
        let allIssues = try #require(RecordedIssues.read(line(made.issues)))
        #expect(RecordedIssues.read(line(made.issues), first: 2) == Array(allIssues.prefix(2)))
        #expect(RecordedIssues.read(line(made.issues), first: 0) == [])
        let trend = try JSONDecoder.forRecords.decode(RecordedTrend.self, from: line(made.trend))
        #expect(!trend.byType.isEmpty && RecordedTrend.fastRead(line(made.trend)) == trend)
        #expect(RecordedIssues.read(line(made.issues))?.isEmpty == false)
        // Each audit's line is what the package's encoder writes, byte for byte, its verdicts written by hand.
        let judgement = HistoryJudgement(history: try file.load())
        var position: [String: Int] = [:]
        for (index, judged) in judgement.reports.enumerated() { position[judged.entry.sha256] = index }
        let encoder = JSONWriter.encoder(pretty: false)
        for (index, judged) in judgement.reports.enumerated() {
            var recorded = RecordedReport(judged, position: position)
            // Every member a verdict may have, strings to escape among them.
            recorded.verdicts.append(
                RecordedReport.Verdict(
                    warning: "a \"quoted\" / warning\u{1}", identity: 3, screen: 0, place: 0, status: "accepted",
                    reason: "ü \\ reason", repeatOf: 2, change: .firstAudited,
                    continues: RecordedReport.Continued(audit: 0, index: 1, stage: .geometry), since: 0, firstSeen: 0))
            #expect(try recorded.line(encoder: encoder) == encoder.encode(recorded), "audit \(index)")
            // The record holds those lines.
            let written = RecordedReport(judged, position: position)
            #expect(line(made.entries[index].recorded) == (try encoder.encode(written)))
        }
        // Keys in another order, spaces, a member it does not know: the same record.
        let object = try JSONSerialization.jsonObject(with: first) as? [String: Any]
        var reordered = try #require(object)
        reordered["comment"] = ["a", 1]
        let written = try JSONSerialization.data(withJSONObject: reordered, options: [.prettyPrinted])
        #expect(JudgementRecord.fastRead(written)?.entries == decoded.entries)
        // What it cannot read exactly is left to the decoder: a fraction, a number past 64 bits, a member
        // missing, a truncated line.
        let size = "\"bytes\":\(made.history.bytes)"
        #expect(text.contains(size))
        for damaged in [
            text.replacingOccurrences(of: size, with: size + ".5"),
            text.replacingOccurrences(of: size, with: "\"bytes\":99999999999999999999"),
            text.replacingOccurrences(of: "\"inputs\":", with: "\"input\":"),
            String(text.prefix(first.count / 2)),
        ] {
            #expect(JudgementRecord.fastRead(Data(damaged.prefix { $0 != "\n" }.utf8)) == nil)
        }
    }

    @Test func theSameAuditsAreJudgedAlikeEveryTimeWalkedOrAddedOneByOne() throws {
        // Look-alikes whose texts differ in a number only ("Settings item 2", "item 5") share a
        // fingerprint: how far they moved was voted on, and two offsets as far up as down tied, the
        // dictionary's order deciding between them (each judgement of the same audits could pair them
        // otherwise).
        for seed in 0..<12 {
            var generator = SplitMix64(seed: UInt64(seed))
            let entries = try (0..<9).map { try Self.randomAudit(day: $0, &generator) }
            let walked = [HistoryJudgement(entries: entries), HistoryJudgement(entries: entries)]
            var added = [HistoryJudgement(entries: []), HistoryJudgement(entries: [])]
            for entry in entries {
                added[0].add(entry)
                added[1].add(entry)
            }
            for k in entries.indices {
                let verdicts = walked[0].reports[k].verdicts
                #expect(walked[1].reports[k].verdicts == verdicts, "seed \(seed) audit \(k)")
                #expect(added[0].reports[k].verdicts == verdicts && added[1].reports[k].verdicts == verdicts)
            }
        }
    }
}
