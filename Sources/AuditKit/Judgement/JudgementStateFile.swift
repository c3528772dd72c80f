import Foundation

/// The judgement's state after the latest audit of a history (`JudgementState`), kept beside the history
/// and its record (`history.judgement-state.json`, committed with them) so a new report is judged against
/// it, not against every report again: `check NEW-REPORT-FILE` reads it, then judges that one report, and
/// `history add` of a new report (`JudgementRecordFile.add`) judges it so and extends the record and the state.
///
/// Trusted as the record is: it names the history it was made of by content (`HistoryContent`: size and
/// SHA-256 of the file) and ends with a seal (`RecordSeal`); it is read only while the history file holds
/// those bytes, the seal holds, and it was made by this judgement version and format, with these inputs and
/// this baseline. Otherwise (a line of the history edited, a report back-filled or added since, a damaged
/// file, a link) it is not used and the history is judged again, as without it.
public struct JudgementStateFile: Sendable {
    /// The state file's path.
    public var path: String
    /// The history file.
    public var history: HistoryFile

    /// The state file of the history file `history`, beside its record.
    public init(history: HistoryFile) {
        self.history = history
        let record = JudgementRecordFile(history: history).path
        path = String(record.dropLast(".json".count)) + "-state.json"
    }

    /// The first line: what the state was made of, and what reading that history tolerated.
    private struct Header: Codable {
        var format: Int
        var history: HistoryContent
        var warnings: [String]
    }

    /// Stores the state of `judgement`, made of the history of content `content` whose reading tolerated
    /// `warnings`, with the carry of its record's trend (`trend`): best effort (a state that cannot be made or
    /// written is left, and the history judged again).
    func store(_ judgement: HistoryJudgement, content: HistoryContent, warnings: [String], trend: TrendCarry?) {
        guard var state = judgement.state(), state.audits.count == content.entries else { return }
        state.trend = trend
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let header = Header(format: JudgementState.currentFormat, history: content, warnings: warnings)
        guard var data = try? encoder.encode(header), let line = try? encoder.encode(state) else { return }
        data.append(0x0A)
        data.append(line)
        data.append(0x0A)
        data.append(RecordSeal.line(sealing: data))
        _ = try? AtomicFile.write(data, to: path, onlyIfChanged: true, durability: .regenerable, namedByUser: false)
    }

    /// The judgement the stored state restores with `baseline` and `translations`, and what reading the
    /// history tolerated, when the state holds for the history file as it is now (see the type); nil
    /// otherwise. `refused` is told, in one line naming the file, why a file there is not read (a link, not
    /// a regular file). The judgement holds only what judging the next audit needs: it is used for that alone.
    func restored(baseline: Baseline, translations: StringTranslations, refused: (String) -> Void)
        -> (judgement: HistoryJudgement, warnings: [String])?
    {
        guard let stored = stored(refused: refused), stored.content.isContent(of: history.path),
            let judgement = HistoryJudgement(restoring: stored.state, baseline: baseline, translations: translations)
        else { return nil }
        return (judgement, stored.warnings)
    }

    /// The state stored, the content of the history it names and what reading that history tolerated,
    /// when its seal holds and it is of this format; nil otherwise. The history's bytes are not checked:
    /// the caller checks them (`restored`, or under the history's lock as it extends it).
    func stored(refused: (String) -> Void) -> (state: JudgementState, content: HistoryContent, warnings: [String])? {
        // Closed when the last reference goes (`OpenRecord`).
        guard let file = RecordedJudgement.openRecord(path, refuse: refused) else { return nil }
        let historySize = (try? FileManager.default.attributesOfItem(atPath: history.path)[.size]) as? Int ?? 0
        guard file.size <= RecordedJudgement.longestRecord(history: historySize), RecordSeal.holds(in: file),
            let data = file.bytes(at: 0, count: file.size - RecordSeal.length),
            let newline = data.firstIndex(of: 0x0A),
            let header = try? JSONDecoder().decode(Header.self, from: data[..<newline]),
            header.format == JudgementState.currentFormat,
            let state = try? JSONDecoder().decode(JudgementState.self, from: data[(newline + 1)...]),
            state.audits.count == header.history.entries
        else { return nil }
        return (state, header.history, header.warnings)
    }

    /// The checks (`HistoryCheck`) of the reports `entries` makes, each against the history as it is, judged
    /// against the stored state: exactly the checks the whole history judged again gives. `entries` is given
    /// the identities of the history's audits (`AuditIdentities`), and `warn` what reading the history
    /// tolerated. Nil when the state does not hold, or a report is in the history or not later than its
    /// latest audit (then the history is judged).
    public func checks(
        baseline: Baseline, translations: StringTranslations, failOn: CheckFailOn, strictBaseline: Bool,
        warn: (String) -> Void, entries: (AuditIdentities) throws -> [HistoryEntry]
    ) rethrows -> [HistoryCheck]? {
        guard let (judgement, warnings) = restored(baseline: baseline, translations: translations, refused: warn)
        else { return nil }
        let identities = AuditIdentities(claiming: judgement.reports.lazy.map { ($0.entry.sha256, $0.entry.auditDate) })
        let made = try entries(identities)
        let latest = judgement.latestReport?.entry
        guard
            made.allSatisfy({ entry in
                judgement.report(sha256: entry.sha256) == nil && latest.map { History.precedes($0, entry) } ?? true
            })
        else { return nil }
        for warning in warnings { warn(warning) }
        return made.map { entry in
            var judged = judgement
            judged.step(entry)
            return HistoryCheck(judgement: judged, failOn: failOn, strictBaseline: strictBaseline)
        }
    }
}
