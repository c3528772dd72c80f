import Foundation

/// Today's baseline applied to a judgement read from its record, when a verdict is shown: the record
/// holds whatever the baseline (its verdicts, counts and trend as the rules and the history give them),
/// so `accept` writes the baseline alone and the next command reads the record as it was.
///
/// The acceptance is `HistoryJudgement`'s: a warning is accepted from the first audit (in audit-date
/// order, then issue order) one of whose issues has a fingerprint the baseline holds, or the
/// version-1 fingerprint an older baseline used; an issue open by the rules and the history is then
/// accepted by the baseline in that audit and every later one. The record keeps, per warning, each
/// fingerprint its issues had and from which audit on (`RecordedKeys`), so the acceptance is worked
/// out from the baseline's entries alone.
public struct BaselineAcceptance: Sendable {
    /// The baseline applied.
    public let baseline: Baseline
    /// Per warning (its number, `WarningVerdict.identity`): the position of the first audit from which
    /// the baseline accepts it, and the entry that does.
    let accepted: [Int: (from: Int, entry: Baseline.Entry)]
    /// Per baseline entry: the warning (number) its fingerprint names as of the latest audit, and its
    /// normalised screen group (`HistoryJudgement.staleBaseline(for:)`).
    let named: [IssueFingerprint: (warning: Int, group: String)]
    /// Per audit (position): how many of its issues open by the rules and the history the baseline
    /// accepts (`RecordedKeys.open`), for its counts.
    let acceptedOpen: [Int: Int]
    /// The trend's columns (first, and after the last) where a warning the baseline accepts counts as
    /// open without it, and the rows it counts in (by view, by test type): subtracted from the trend
    /// recorded without the baseline (`RecordedKeys.segments`).
    let acceptedInTrend: [(from: Int, to: Int, view: String, type: String)]

    /// No baseline: nothing accepted.
    public static let noBaseline = BaselineAcceptance(baseline: Baseline(entries: []), keys: RecordedKeys())

    /// `baseline` applied to the warnings `keys` records.
    init(baseline: Baseline, keys: RecordedKeys) {
        self.baseline = baseline
        var accepted: [Int: (from: Int, entry: Baseline.Entry)] = [:]
        var order: [Int: (Int, Int, Int)] = [:]
        var lastReal: [IssueFingerprint: (order: (Int, Int), warning: Int, group: String)] = [:]
        var firstVersion1: [IssueFingerprint: (order: (Int, Int), warning: Int, group: String)] = [:]
        guard !baseline.entries.isEmpty else {
            (self.accepted, named, acceptedOpen, acceptedInTrend) = ([:], [:], [:], [])
            return
        }
        var byHex: [String: Baseline.Entry] = [:]
        for entry in baseline.entries { byHex[entry.fingerprint.hex] = entry }
        for occurrence in keys.occurrences {
            guard let entry = byHex[occurrence.hex] else { continue }
            let first = (occurrence.firstAudit, occurrence.firstIndex, occurrence.version1 ? 1 : 0)
            if order[occurrence.warning].map({ first < $0 }) ?? true {
                order[occurrence.warning] = first
                accepted[occurrence.warning] = (occurrence.firstAudit, entry)
            }
            let named = (warning: occurrence.warning, group: keys.groups[occurrence.group])
            if occurrence.version1 {
                let at = (occurrence.firstAudit, occurrence.firstIndex)
                if firstVersion1[entry.fingerprint].map({ at < $0.order }) ?? true {
                    firstVersion1[entry.fingerprint] = (at, named.warning, named.group)
                }
            } else {
                let at = (occurrence.lastAudit, occurrence.lastIndex)
                if lastReal[entry.fingerprint].map({ at > $0.order }) ?? true {
                    lastReal[entry.fingerprint] = (at, named.warning, named.group)
                }
            }
        }
        self.accepted = accepted
        // The warning a fingerprint names: where it was last seen as an issue's own, else where an issue's
        // version-1 fingerprint first was it.
        var named: [IssueFingerprint: (warning: Int, group: String)] = [:]
        for (fingerprint, found) in firstVersion1 { named[fingerprint] = (found.warning, found.group) }
        for (fingerprint, found) in lastReal { named[fingerprint] = (found.warning, found.group) }
        self.named = named
        var acceptedOpen: [Int: Int] = [:]
        for (warning, positions) in keys.openPositions(of: Set(accepted.keys)) {
            guard let from = accepted[warning]?.from else { continue }
            for position in positions where position >= from { acceptedOpen[position, default: 0] += 1 }
        }
        self.acceptedOpen = acceptedOpen
        acceptedInTrend = keys.openSegments.compactMap { segment in
            guard let from = accepted[segment.warning]?.from, max(from, segment.from) < segment.to else { return nil }
            return (max(from, segment.from), segment.to, segment.view, segment.type)
        }
    }

    /// `trend` (recorded without the baseline) with the baseline applied: the warnings it accepts no
    /// longer counted in the columns from their acceptance on, rows left with no open warning dropped,
    /// and those it accepts taken out of the residual and not re-audited lists.
    func applied(to trend: Trend) -> Trend {
        guard !accepted.isEmpty else { return trend }
        var trend = trend
        var row: [String: Int] = [:]
        for (index, made) in trend.rows.enumerated() { row[made.name] = index }
        for segment in acceptedInTrend {
            let name = trend.grouping == .view ? segment.view : segment.type
            for column in segment.from..<min(segment.to, trend.columns.count) {
                trend.columns[column].openCount -= 1
                if let index = row[name] { trend.rows[index].counts[column] -= 1 }
            }
        }
        trend.rows.removeAll { $0.counts.allSatisfy { $0 == 0 } }
        func isOpen(_ warning: Trend.ResidualWarning) -> Bool {
            status(.open, of: warning.warning, at: warning.judgedIn).isOpen
        }
        trend.residual = trend.residual.filter(isOpen)
        trend.notReaudited = trend.notReaudited.filter(isOpen)
        return trend
    }

    /// Whether the baseline accepts a warning of an audit at or before `position`: only then can a verdict
    /// of an audit up to it, or a count of it, differ from what the record states.
    func acceptsAny(upTo position: Int) -> Bool { accepted.values.contains { $0.from <= position } }

    /// `status` of warning `identity` in the audit at `position`, with the baseline applied: an open one the
    /// baseline accepts by then is accepted by the baseline, any other as it is.
    func status(_ status: WarningStatus, of identity: Int, at position: Int) -> WarningStatus {
        guard status.isOpen || status.isAcceptedByBaseline else { return status }
        guard let accepted = accepted[identity], accepted.from <= position else { return .open }
        return .accepted(reason: accepted.entry.reason, byBaseline: true)
    }

    /// `verdict` (of the audit at `position`) with the baseline applied.
    func applied(_ verdict: WarningVerdict, at position: Int) -> WarningVerdict {
        let stated = status(verdict.status, of: verdict.identity, at: position)
        return stated == verdict.status ? verdict : verdict.restated(stated)
    }

    /// `counts` of the audit at `position` as recorded (without the baseline) with the baseline applied: its
    /// open issues the baseline accepts by then counted accepted.
    func counts(_ counts: HistoryCounts, at position: Int) -> HistoryCounts {
        var counts = counts
        let times = acceptedOpen[position] ?? 0
        counts.open -= times
        counts.accepted += times
        return counts
    }

    /// The baseline entries the latest audit shows to be no longer needed, as
    /// `HistoryJudgement.staleBaseline(for:)` tells them: the warning their fingerprint names is on a
    /// screen the audit covered (`covered`) and neither among its verdicts nor those it did not re-audit
    /// (`shown`, warnings by number), or no audit ever showed their fingerprint.
    func staleBaseline(shown: Set<Int>, covered: Set<String>) -> [Baseline.Entry] {
        baseline.entries.filter { accepted in
            guard let known = named[accepted.fingerprint] else { return true }
            return covered.contains(known.group) && !shown.contains(known.warning)
        }
    }
}

/// What the record keeps of each warning for the baseline applied when shown (`BaselineAcceptance`):
/// each fingerprint an issue of it had (its own, and the version-1 one of an issue with a view), with
/// the first and last audit (position in the record, then the issue's index) that had it and its
/// normalised screen group; the audits where it has an issue open by the rules and the history; and
/// the trend's columns where it stands open, with its rows.
/// A line after the audits' lines, written anew with each record.
struct RecordedKeys: Codable, Sendable, Equatable {
    /// The screen groups the occurrences name, each once.
    var groups: [String] = []
    /// One fingerprint (hex) per occurrence.
    var keys: [String] = []
    /// Seven numbers per occurrence: warning, first audit, first index, version 1 (0 or 1), last audit,
    /// last index, group (in `groups`).
    var seen: [Int] = []
    /// Three numbers per run: warning, first audit, how many audits after it (one issue each) have the
    /// warning open by the rules and the history.
    var open: [Int] = []
    /// Five numbers per stretch of the trend's columns where a warning stands open by the rules and the
    /// history, its place and test type unchanged: warning, first column, the column after the last
    /// (its resolution, or its next state), its place and its test type's name (in `groups`).
    var segments: [Int] = []

    /// Short keys: one occurrence per fingerprint of every warning of the history.
    enum CodingKeys: String, CodingKey {
        case groups = "g", keys = "k", seen = "s", open = "o", segments = "t"
    }

    /// `segments`, unpacked; none when the line is damaged.
    var openSegments: [(warning: Int, from: Int, to: Int, view: String, type: String)] {
        guard segments.count % 5 == 0,
            stride(from: 0, to: segments.count, by: 5).allSatisfy({
                groups.indices.contains(segments[$0 + 3]) && groups.indices.contains(segments[$0 + 4])
            })
        else { return [] }
        return stride(from: 0, to: segments.count, by: 5).map {
            (segments[$0], segments[$0 + 1], segments[$0 + 2], groups[segments[$0 + 3]], groups[segments[$0 + 4]])
        }
    }

    /// One occurrence (`seen`, unpacked).
    struct Occurrence {
        var hex: String
        var warning: Int
        var firstAudit: Int
        var firstIndex: Int
        var version1: Bool
        var lastAudit: Int
        var lastIndex: Int
        var group: Int
    }

    /// The occurrences; none when the line is damaged (numbers missing, or naming no group).
    var occurrences: [Occurrence] {
        guard seen.count == keys.count * 7 else { return [] }
        let made = keys.indices.map { index in
            let at = index * 7
            return Occurrence(
                hex: keys[index], warning: seen[at], firstAudit: seen[at + 1], firstIndex: seen[at + 2],
                version1: seen[at + 3] == 1, lastAudit: seen[at + 4], lastIndex: seen[at + 5], group: seen[at + 6])
        }
        return made.allSatisfy { groups.indices.contains($0.group) } ? made : []
    }

    /// Per warning of `warnings`: the positions of the audits where it has an open issue, once per issue.
    func openPositions(of warnings: Set<Int>) -> [Int: [Int]] {
        var found: [Int: [Int]] = [:]
        guard open.count % 3 == 0, !warnings.isEmpty else { return [:] }
        for at in stride(from: 0, to: open.count, by: 3) where warnings.contains(open[at]) {
            let (start, count) = (open[at + 1], open[at + 2])
            guard count > 0, count < 1 << 32 else { continue }
            found[open[at], default: []] += Array(start..<(start + count))
        }
        return found
    }
}

extension RecordedKeys {
    /// The keys of `judgement`'s warnings, audit by audit (positions as `judgement.reports` has them).
    init(_ judgement: HistoryJudgement) {
        var keys = KeysCounter(RecordedKeys())
        for (k, report) in judgement.reports.enumerated() { keys.add(report, at: k) }
        self = keys.finished(count: judgement.reports.count)
    }

    /// These keys (of the audits before `first`) with those of `judgement`'s audits from `first` on, as
    /// `init(_:)` of the whole judgement makes them; nil when the line does not hold together.
    func extended(with judgement: HistoryJudgement, from first: Int) -> RecordedKeys? {
        guard var keys = KeysCounter(resuming: self, count: first) else { return nil }
        for k in first..<judgement.reports.count { keys.add(judgement.reports[k], at: k) }
        return keys.finished(count: judgement.reports.count)
    }
}

/// Makes the keys (`RecordedKeys`) audit by audit: what it needs to go on from one audit to the next
/// can be read back from the keys it made (`init(resuming:count:)`).
private struct KeysCounter {
    var keys: RecordedKeys
    var groupNumber: [String: Int] = [:]
    var place: [String: Int] = [:]
    /// Runs of open audits per warning: its latest run's place in `open`.
    var run: [Int: Int] = [:]
    var version1Cache: [String: String] = [:]
    /// Each warning's state in the trend: from which column, where, and whether open.
    var standing: [Int: (from: Int, place: Int, type: Int, open: Bool)] = [:]

    init(_ keys: RecordedKeys) { self.keys = keys }

    /// Goes on from `keys`, made of `count` audits: the stretches it closed at their end (the open warnings
    /// standing then) are open again; a warning standing not open made no stretch, and needs none (it makes
    /// none when it goes on or changes). Nil when the keys do not hold together.
    init?(resuming keys: RecordedKeys, count: Int) {
        self.init(keys)
        guard keys.seen.count == keys.keys.count * 7, keys.open.count % 3 == 0, keys.segments.count % 5 == 0 else {
            return nil
        }
        for (number, name) in keys.groups.enumerated() { groupNumber[name] = number }
        for index in keys.keys.indices {
            let at = index * 7
            place[Self.key(keys.keys[index], warning: keys.seen[at], version1: keys.seen[at + 3] == 1)] = at
        }
        for at in stride(from: 0, to: keys.open.count, by: 3) { run[keys.open[at]] = at }
        var segments = keys.segments
        while segments.count >= 5, segments[segments.count - 3] == count {
            let at = segments.count - 5
            standing[segments[at]] = (segments[at + 1], segments[at + 3], segments[at + 4], true)
            segments.removeLast(5)
        }
        guard !stride(from: 2, to: segments.count, by: 5).contains(where: { segments[$0] >= count }) else {
            return nil
        }
        self.keys.segments = segments
    }

    static func key(_ hex: String, warning: Int, version1: Bool) -> String { "\(hex)\u{0}\(warning)\u{0}\(version1)" }

    mutating func group(_ name: String) -> Int {
        if let known = groupNumber[name] { return known }
        groupNumber[name] = keys.groups.count
        keys.groups.append(name)
        return keys.groups.count - 1
    }

    mutating func note(_ hex: String, _ verdict: WarningVerdict, k: Int, index: Int, version1: Bool) {
        let key = Self.key(hex, warning: verdict.identity, version1: version1)
        if let at = place[key] {
            guard !version1 else { return }
            keys.seen[at + 4] = k
            keys.seen[at + 5] = index
            keys.seen[at + 6] = group(verdict.screen)
            return
        }
        place[key] = keys.seen.count
        keys.keys.append(hex)
        keys.seen += [verdict.identity, k, index, version1 ? 1 : 0, k, index, group(verdict.screen)]
    }

    mutating func close(_ warning: Int, at k: Int) {
        guard let state = standing.removeValue(forKey: warning), state.open, state.from < k else { return }
        keys.segments += [warning, state.from, k, state.place, state.type]
    }

    /// Adds the audit at position `k`.
    mutating func add(_ report: ReportJudgement, at k: Int) {
        for verdict in report.resolved { close(verdict.identity, at: k) }
        for verdict in report.verdicts where verdict.status.kind != .repeat {
            let state = (
                from: k, place: group(verdict.place), type: group(verdict.testType.displayName),
                open: verdict.status.isOpenUnlessBaselined
            )
            if let now = standing[verdict.identity], now.place == state.place, now.type == state.type,
                now.open == state.open
            {
                continue
            }
            close(verdict.identity, at: k)
            standing[verdict.identity] = state
        }
        for (index, verdict) in report.verdicts.enumerated() {
            note(verdict.fingerprint.hex, verdict, k: k, index: index, version1: false)
            if let view = verdict.issue.view {
                let issue = verdict.issue
                let text =
                    "\(issue.testType.key)\u{0}\(issue.errorCode ?? -1)\u{0}\(issue.elementText ?? "")\u{0}\(view)"
                let hex =
                    version1Cache[text]
                    ?? IssueFingerprint.version1(
                        testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText,
                        view: view
                    ).hex
                version1Cache[text] = hex
                note(hex, verdict, k: k, index: index, version1: true)
            }
            guard verdict.status.isOpen || verdict.status.isAcceptedByBaseline else { continue }
            if let at = run[verdict.identity], keys.open[at + 1] + keys.open[at + 2] == k {
                keys.open[at + 2] += 1
            } else {
                run[verdict.identity] = keys.open.count
                keys.open += [verdict.identity, k, 1]
            }
        }
    }

    /// The keys of the `count` audits added, the stretches still open closed at the end.
    mutating func finished(count: Int) -> RecordedKeys {
        for warning in standing.keys.sorted() { close(warning, at: count) }
        return keys
    }
}
