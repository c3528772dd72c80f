import Foundation

/// What adding reports to a history did (`JudgementRecordFile.add`).
public struct AddedReports: Sendable {
    /// For each report given, whether its line was written (false: the history had it already).
    public var written: [Bool]
    /// The judgement of the history with the reports added. When the record was extended it is the one
    /// restored from the judgement's state and stepped with them: it states the added reports
    /// (`report(sha256:)`, its latest audits) as judging the whole history does, and holds only the
    /// places of the audits before them.
    public var judgement: HistoryJudgement
    /// What reading the history tolerated, for the caller to print.
    public var warnings: [String]
    /// Whether the history was extended (the reports judged against the stored state, the record and
    /// the state extended) rather than read and judged again whole.
    public var extended: Bool
}

extension JudgementRecordFile {
    /// Adds `entries` to the history (`HistoryFile.append`) and records its judgement with `baseline` and
    /// `translations`. When the judgement's state (`JudgementStateFile`) and the record hold for the
    /// history as it is under its lock, and the reports are new and each later than the one before (the
    /// first later than the history's latest audit), the lines are appended without reading the history,
    /// the reports judged against the state, and the record and the state extended: every file then holds
    /// exactly what judging the whole history again writes. Otherwise the history is appended to, read and
    /// judged again, as `HistoryFile.append` and `store` do. `refused` is told why a file there is not read.
    /// - Throws: `HistoryFile.append`'s `AuditError`.
    public func add(
        _ entries: [HistoryEntry], baseline: Baseline, translations: StringTranslations,
        refused: (String) -> Void = { _ in }
    ) throws -> AddedReports {
        if let extended = try extend(with: entries, baseline: baseline, translations: translations, refused: refused) {
            return extended
        }
        var after: History?
        let written = try history.append(entries, seeing: { _ in }, written: { after = $0 })
        let read = after ?? History(entries: [])
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        store(judgement, read: read)
        return AddedReports(written: written, judgement: judgement, warnings: read.warnings, extended: false)
    }

    /// What the history's lock found: the record and the state that hold for the file, the judgement
    /// stepped with the new reports, and the file's bytes hashed so far.
    private struct Known {
        var recorded: RecordedJudgement
        var warnings: [String]
        var carry: TrendCarry
        var judgement: HistoryJudgement
        var hasher: SHA256
    }

    /// `add` extending the history, its record and state; nil (nothing written) when it cannot.
    private func extend(
        with entries: [HistoryEntry], baseline: Baseline, translations: StringTranslations, refused: (String) -> Void
    ) throws -> AddedReports? {
        var seen = Set<String>()
        guard !entries.isEmpty, entries.allSatisfy({ seen.insert($0.sha256).inserted }),
            zip(entries, entries.dropFirst()).allSatisfy({ History.precedes($0, $1) })
        else { return nil }
        var extended = false
        let found = try history.append(
            knowing: { fd, size -> (Known, [HistoryEntry])? in
                guard
                    let known = known(
                        fd: fd, size: size, baseline: baseline, translations: translations, refused: refused),
                    let latest = known.judgement.latestReport?.entry, History.precedes(latest, entries[0]),
                    entries.allSatisfy({ known.judgement.report(sha256: $0.sha256) == nil })
                else { return nil }
                let run = (known.judgement.reports.compactMap(\.entry.run).max() ?? 0) + 1
                var stepped = known
                let numbered = entries.map { entry in
                    var numbered = entry
                    numbered.run = entry.run ?? run
                    stepped.judgement.step(numbered)
                    return numbered
                }
                return (stepped, numbered)
            },
            written: { known, lines, appended in
                var hasher = known.hasher
                hasher.update(appended)
                let content = HistoryContent(
                    bytes: known.recorded.record.history.bytes + appended.count, sha256: hasher.finalizeHex(),
                    entries: known.judgement.reports.count)
                extended = extendRecord(known, content: content, lines: lines)
            })
        // The lines are in the history even when the record could not be extended: the record and the
        // state name the history as it was, and the next reader judges it again.
        guard let found else { return nil }
        return AddedReports(
            written: entries.map { _ in true }, judgement: found.judgement, warnings: found.warnings,
            extended: extended)
    }

    /// The record and state that hold for the history file `fd` of `size` bytes (its lines ending with a
    /// line feed), the judgement restored from the state, and the file hashed; nil when either does not hold.
    private func known(
        fd: Int32, size: Int, baseline: Baseline, translations: StringTranslations, refused: (String) -> Void
    ) -> Known? {
        let inputs = JudgementRecord.inputsDigest(translations: translations)
        guard let recorded = RecordedJudgement(path: path, history: history, refuse: refused),
            recorded.record.judgementVersion == JudgementRecord.currentJudgementVersion,
            recorded.record.inputs == inputs, recorded.record.entries.count == recorded.record.history.entries,
            recorded.record.history.bytes == size,
            let stored = JudgementStateFile(history: history).stored(refused: refused),
            stored.content == recorded.record.history, let carry = stored.state.trend
        else { return nil }
        // The history hashed (the hash goes on over the appended lines) while the record's seal is checked,
        // unless this machine wrote the record of this very file (its note).
        let writtenHere = LocalRecordStamp.read(localStampPath)?.names(history: history.path, record: path) == true
        let checks = ParallelWork.map([0, 1], parallel: true) { _, which -> SHA256? in
            if which == 1 { return writtenHere || recorded.sealHolds ? SHA256() : nil }
            return SHA256.hashing(file: fd, count: size)
        }
        guard let hasher = checks[0], checks[1] != nil else { return nil }
        var digest = hasher
        guard digest.finalizeHex() == stored.content.sha256,
            let judgement = HistoryJudgement(restoring: stored.state, baseline: baseline, translations: translations)
        else { return nil }
        return Known(
            recorded: recorded, warnings: stored.warnings, carry: carry, judgement: judgement, hasher: hasher)
    }

    /// Writes the record of `known.judgement` extended from the recorded one: the audits' lines recorded
    /// kept as they are, the new audits' lines added, the lines after them made anew, and the state after
    /// it; false when the record cannot be extended so (nothing is written then).
    private func extendRecord(_ known: Known, content: HistoryContent, lines: [Range<Int>]) -> Bool {
        let judgement = known.judgement
        let first = known.recorded.record.entries.count
        guard let recordedLines = known.recorded.reportLines(), let keys = known.recorded.recordedKeys(),
            let keys = keys.extended(with: judgement, from: first), let trend = known.recorded.recordedTrend(),
            lines.count == judgement.reports.count - first
        else { return false }
        var record = known.recorded.record
        record.history = content
        let encoder = JSONWriter.encoder(pretty: false)
        var added = Data()
        for (k, line) in zip(first..<judgement.reports.count, lines) {
            let judged = judgement.reports[k]
            guard let made = try? RecordedReport(judged, position: judgement.position).line(encoder: encoder) else {
                return false
            }
            record.entries.append(
                JudgementRecord.Entry(
                    sha256: judged.entry.sha256, fileName: judged.entry.fileName, auditDate: judged.entry.auditDate,
                    counts: HistoryCounts(judged, withBaseline: false), run: judged.entry.run,
                    line: [line.lowerBound, line.count], recorded: [recordedLines.count + added.count, made.count]))
            added.append(made)
            added.append(0x0A)
        }
        var issues = RecordedIssues(position: judgement.position)
        let latest = RecordedLatest(judgement.reports.last, issues: &issues)
        guard
            let (extendedTrend, carry) = trend.extended(
                carry: known.carry, judgement: judgement, from: first, issues: &issues),
            let data = Self.sealed(
                &record, reports: [recordedLines, added], issues: issues, latest: latest, trend: extendedTrend,
                keys: keys),
            (try? AtomicFile.write(data, to: path, durability: .regenerable, namedByUser: false)) != nil
        else { return false }
        if var stamp = HistoryStamp(path: history.path) {
            stamp.entries = content.entries
            noteWritten(history: stamp, bytes: data.count)
        }
        JudgementStateFile(history: history).store(
            judgement, content: content, warnings: known.warnings, trend: carry)
        return true
    }
}
