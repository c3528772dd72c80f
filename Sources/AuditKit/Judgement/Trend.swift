import Foundation

/// How a trend groups warnings into rows.
public enum TrendGrouping: String, Sendable, Codable, CaseIterable {
    /// By mapped view, else by screen group.
    case view
    /// By test type.
    case type
}

/// Open warnings over the history: one column per report (by audit date), one row per view or test
/// type, the warnings of the latest report that earlier reports had too (with when they were first
/// seen), and the warnings of screens the latest report did not visit.
///
/// A report only speaks for the screens (screen groups) it covered: each screen is compared with the
/// latest earlier report that covered it, and a column counts, for each screen, the open warnings of
/// the latest report up to it that covered that screen. So a partial audit of one screen changes only
/// that screen's counts, and the other screens' warnings are "not re-audited since" their last audit,
/// never resolved.
public struct Trend: Sendable, Hashable, Codable {
    /// One report of the trend.
    public struct Column: Sendable, Hashable, Codable {
        /// The report's file name.
        public var fileName: String
        /// The report's SHA-256.
        public var sha256: String
        /// When the audit ran.
        public var auditDate: Date
        /// Open warnings as of this report, all rows together (screens it did not visit counted as their
        /// latest earlier report had them).
        public var openCount: Int
        /// Whether the report left out screens earlier reports covered.
        public var partial: Bool
    }

    /// One view or test type of the trend.
    public struct Row: Sendable, Hashable, Codable {
        /// The view, screen group or test type name.
        public var name: String
        /// Open warnings per column.
        public var counts: [Int]
    }

    /// A warning still standing: in the latest report that covered its screen.
    public struct ResidualWarning: Sendable, Hashable, Codable {
        /// Its fingerprint.
        public var fingerprint: IssueFingerprint
        /// Its record in the latest report that covered its screen.
        public var issue: HistoryIssue
        /// Where people find it (`WarningVerdict.place`): its view, else the screen it was judged on.
        public var place: String
        /// The audit date of the first report of the unbroken run of reports it is in (reports that did
        /// not cover its screen do not break the run).
        public var firstSeen: Date
        /// That report's file name.
        public var firstSeenFileName: String
        /// How many reports that covered its screen, up to the latest one, it has been in.
        public var reportCount: Int
        /// Whether the baseline accepts it.
        public var baselined: Bool
        /// For a warning of a screen the latest report did not visit: when its screen was last audited.
        public var lastAudited: Date?
        /// That report's file name.
        public var lastAuditedFileName: String?
        /// Its WCAG criterion, level and guidance links; nil for a test type AuditKit does not know.
        public var guidance: GuidanceReference?
        /// The warning's number (`WarningVerdict.identity`) and the position of the audit whose verdict
        /// it is: what the baseline applied when shown needs (`BaselineAcceptance`). Not encoded.
        var warning = -1
        var judgedIn = -1

        /// Keys in JSON output: every member but the judgement's numbers.
        enum CodingKeys: String, CodingKey {
            case fingerprint, issue, place, firstSeen, firstSeenFileName, reportCount, baselined, lastAudited
            case lastAuditedFileName, guidance
        }
    }

    /// The grouping of the rows.
    public var grouping: TrendGrouping
    /// The reports, oldest first.
    public var columns: [Column]
    /// The rows, by name.
    public var rows: [Row]
    /// The open warnings of the latest report that were already in an earlier one, longest-lived first
    /// (accepted and system UI ones are not listed, as `diff` and the session count them apart).
    public var residual: [ResidualWarning]
    /// The open warnings standing without being re-audited: those of screens the latest report did not
    /// visit, as their latest report had them, and those its screens' audits did not show. Oldest audit
    /// first.
    public var notReaudited: [ResidualWarning]

    /// A trend with every part given (one read from the judgement's record).
    init(
        grouping: TrendGrouping, columns: [Column], rows: [Row], residual: [ResidualWarning],
        notReaudited: [ResidualWarning]
    ) {
        self.grouping = grouping
        self.columns = columns
        self.rows = rows
        self.residual = residual
        self.notReaudited = notReaudited
    }

    /// Builds the trend of `entries` (any order), judged with `baseline` and `translations`
    /// (`HistoryJudgement`).
    public init(
        entries: [HistoryEntry], by grouping: TrendGrouping, baseline: Baseline? = nil,
        translations: StringTranslations = .none
    ) {
        self.init(
            judgement: HistoryJudgement(entries: entries, baseline: baseline, translations: translations), by: grouping)
    }

    /// The trend of the judged history: a column counts, for each screen, the open warnings of the
    /// latest audit up to it that covered that screen, as `judgement` judged them.
    public init(judgement: HistoryJudgement, by grouping: TrendGrouping) {
        self.init(judgement: judgement, by: grouping, withBaseline: true)
    }

    /// The trend of the judged history, the warnings the baseline accepts counted open unless
    /// `withBaseline` (as the record keeps it: the baseline is applied when shown).
    init(judgement: HistoryJudgement, by grouping: TrendGrouping, withBaseline: Bool) {
        self = Self.counted(judgement: judgement, by: grouping, withBaseline: withBaseline).trend
    }

    /// The trend of the judged history (`init(judgement:by:withBaseline:)`), and what counting its next
    /// column needs (`TrendCarry`).
    static func counted(judgement: HistoryJudgement, by grouping: TrendGrouping, withBaseline: Bool) -> (
        trend: Trend, carry: TrendCarry
    ) {
        let reports = judgement.reports
        var counter = TrendCounter(grouping: grouping, reportCount: reports.count, withBaseline: withBaseline)
        for (k, report) in reports.enumerated() { counter.add(report, at: k) }
        let rows = counter.rowIndex.map { Row(name: $0.key, counts: counter.counts[$0.value]) }
        let (residual, notReaudited) = Self.standingWarnings(of: reports, counter)
        let trend = Trend(
            grouping: grouping, columns: counter.columns, rows: counter.sorted(rows), residual: residual,
            notReaudited: notReaudited)
        return (trend, counter.carry)
    }

    /// The columns of the audits of `judgement` from `first` on, counted after the columns `rows` and
    /// `open` hold (the record's, without the baseline) as `carry` says the screens' latest audits left
    /// them: every row (those `rows` lack counted 0 before `first`), the new columns' open counts and
    /// whether each is partial, the standing warnings as of the latest audit, and the carry after.
    /// Nil when a screen's latest audit is one `judgement` does not hold whole (one restored from its
    /// state that is not the latest of its screens there).
    static func extended(
        rows: [Row], open: Int, carry: TrendCarry, judgement: HistoryJudgement, from first: Int,
        by grouping: TrendGrouping
    ) -> (
        rows: [Row], columns: [Column], residual: [ResidualWarning], notReaudited: [ResidualWarning],
        carry: TrendCarry
    )? {
        let reports = judgement.reports
        var counter = TrendCounter(
            resuming: carry, grouping: grouping, rows: rows, open: open, first: first,
            count: reports.count - first, position: judgement.position)
        for k in first..<reports.count { counter.add(reports[k], at: k) }
        let whole = judgement.basePositions
        guard
            counter.latest.allSatisfy({ group, k in
                k >= first || (whole.contains(k) && judgement.latest[group] == k)
            })
        else { return nil }
        var made: [Row] = rows
        for (name, row) in counter.rowIndex {
            if row < rows.count {
                made[row].counts += counter.counts[row]
            } else {
                made.append(Row(name: name, counts: [Int](repeating: 0, count: first) + counter.counts[row]))
            }
        }
        let (residual, notReaudited) = Self.standingWarnings(of: reports, counter)
        return (counter.sorted(made), counter.columns, residual, notReaudited, counter.carry)
    }

    /// The open warnings each screen's latest audit left: residual ones (the latest audit of all shows
    /// them, seen before it), and those not re-audited (an earlier audit's, or standing unseen), each
    /// sorted by when it was first seen or last audited.
    private static func standingWarnings(of reports: [ReportJudgement], _ counter: TrendCounter)
        -> (residual: [ResidualWarning], notReaudited: [ResidualWarning])
    {
        var residual: [ResidualWarning] = []
        var notReaudited: [ResidualWarning] = []
        guard let last = reports.indices.last else { return ([], []) }
        for (group, k) in counter.latest {
            let report = reports[k]
            let covering = counter.coveredBy[group] ?? []
            // Its open warnings in that audit, then those of its earlier audits that audit did not
            // re-audit: open ones only, as `diff`, the session and the page count residual warnings
            // (accepted and system UI ones are listed apart there).
            let shown = report.verdicts.filter { counter.counts($0.status) && $0.screen == group }
            let standing = (report.standingOfCovered[group]?.verdicts ?? []).filter { counter.counts($0.status) }
            for (offset, verdict) in (shown + standing).enumerated() {
                let first = counter.position[verdict.since.sha256] ?? k
                let isShown = offset < shown.count
                guard k < last || first < k || !isShown else { continue }
                // A warning its screen's latest audit did not see was last audited where it was seen.
                let lastAudited = isShown ? AuditReference(report.entry) : verdict.audit
                var warning = ResidualWarning(
                    fingerprint: verdict.issue.fingerprint, issue: verdict.issue, place: verdict.place,
                    firstSeen: verdict.since.auditDate, firstSeenFileName: verdict.since.fileName,
                    reportCount: covering.count - (covering.firstIndex { $0 >= first } ?? covering.count),
                    baselined: counter.withBaseline && verdict.status.isAcceptedByBaseline,
                    lastAudited: k < last || !isShown ? lastAudited.auditDate : nil,
                    lastAuditedFileName: k < last || !isShown ? lastAudited.fileName : nil,
                    guidance: GuidanceReference(verdict.issue))
                warning.warning = verdict.identity
                warning.judgedIn = counter.position[verdict.audit.sha256] ?? -1
                if k < last || !isShown { notReaudited.append(warning) } else { residual.append(warning) }
            }
        }
        // Sorted by position (ties kept in order, as a stable sort keeps them), each warning copied once.
        func sorted(_ list: [ResidualWarning], by key: (ResidualWarning) -> (Date, Int)) -> [ResidualWarning] {
            let keys = list.map(key)
            return list.indices.sorted { (keys[$0].0, keys[$0].1, $0) < (keys[$1].0, keys[$1].1, $1) }.map { list[$0] }
        }
        return (
            sorted(residual) { ($0.firstSeen, $0.issue.number) },
            sorted(notReaudited) { ($0.lastAudited ?? .distantPast, $0.issue.number) }
        )
    }
}

/// What counting a trend's next column needs of the columns counted so far (`Trend.counted`), stored
/// with the judgement's state (`JudgementState.trend`) so the record's trend is extended by a new audit:
/// each screen group's audits that covered it (positions, oldest first: the last is its latest), and that
/// latest audit's open warnings of the group by row, by view and by test type, with each test type's rank.
struct TrendCarry: Codable, Sendable, Equatable {
    var coveredBy: [String: [Int]] = [:]
    var byView: [String: [String: Int]] = [:]
    var byType: [String: [String: Int]] = [:]
    var ranks: [String: Int] = [:]

    /// The carry of both groupings: `view`'s, with `type`'s rows and ranks.
    static func merged(view: TrendCarry, type: TrendCarry) -> TrendCarry {
        TrendCarry(coveredBy: view.coveredBy, byView: view.byView, byType: type.byType, ranks: type.ranks)
    }
}

/// The trend's columns counted audit by audit: each audit's open warnings (and those standing on its
/// screens unseen) replace those of the screens it covered, row by row.
struct TrendCounter {
    let grouping: TrendGrouping
    let reportCount: Int
    /// Whether the baseline's acceptances are applied; if not, the warnings it accepts count as open.
    let withBaseline: Bool
    var rowIndex: [String: Int] = [:]
    var counts: [[Int]] = []
    var columns: [Trend.Column] = []
    var position: [String: Int] = [:]
    /// Each screen's latest audit, and every audit that covered it.
    var latest: [String: Int] = [:]
    var coveredBy: [String: [Int]] = [:]
    var groupRows: [String: [Int: Int]] = [:]
    var rowTotals: [Int] = []
    var openTotal = 0
    /// Each standing chunk's open warnings by row name, worked out once (the chunk kept alive, so its
    /// identity names it).
    var chunkRows: [ObjectIdentifier: (chunk: StandingChunk, rows: [(name: String, count: Int)])] = [:]
    /// Each test type's row and where it sorts (`TestType.rank`), kept as its name is first met.
    var rankOfType: [String: Int] = [:]

    /// The position of the first column counted here.
    var first = 0

    init(grouping: TrendGrouping, reportCount: Int, withBaseline: Bool) {
        self.grouping = grouping
        self.reportCount = reportCount
        self.withBaseline = withBaseline
        columns.reserveCapacity(reportCount)
    }

    /// A counter of `count` columns from position `first` on, after columns whose rows are `rows` (the
    /// last count of each its total) and whose last open count is `open`, the screens' latest audits as
    /// `carry` says; `position` gives every audit's position. Counts without the baseline, as the record.
    init(
        resuming carry: TrendCarry, grouping: TrendGrouping, rows: [Trend.Row], open: Int, first: Int, count: Int,
        position: [String: Int]
    ) {
        self.init(grouping: grouping, reportCount: count, withBaseline: false)
        self.first = first
        self.position = position
        rankOfType = carry.ranks
        for row in rows {
            rowTotals[self.row(named: row.name)] = row.counts.last ?? 0
        }
        openTotal = open
        coveredBy = carry.coveredBy
        for (group, audits) in carry.coveredBy { latest[group] = audits.last }
        for (group, byName) in grouping == .view ? carry.byView : carry.byType {
            var rows: [Int: Int] = [:]
            for (name, number) in byName { rows[row(named: name)] = number }
            groupRows[group] = rows
        }
    }

    /// What counting the next column needs (`TrendCarry`) of this grouping.
    var carry: TrendCarry {
        var name = [String](repeating: "", count: counts.count)
        for (row, index) in rowIndex { name[index] = row }
        let byName = groupRows.mapValues { rows in
            Dictionary(uniqueKeysWithValues: rows.map { (name[$0.key], $0.value) })
        }
        return TrendCarry(
            coveredBy: coveredBy, byView: grouping == .view ? byName : [:], byType: grouping == .type ? byName : [:],
            ranks: grouping == .type ? rankOfType : [:])
    }

    /// `rows` in the order every output lists them: views by name, test types by `TestType.rank`.
    func sorted(_ rows: [Trend.Row]) -> [Trend.Row] {
        rows.sorted { (rankOfType[$0.name] ?? 0, $0.name) < (rankOfType[$1.name] ?? 0, $1.name) }
    }

    /// Whether a warning of `status` counts: open (or accepted by the baseline, without it).
    func counts(_ status: WarningStatus) -> Bool { withBaseline ? status.isOpen : status.isOpenUnlessBaselined }

    /// The row a verdict counts in: its place (by view) or its test type's name.
    mutating func rowName(_ verdict: WarningVerdict) -> String {
        guard grouping == .type else { return verdict.place }
        let name = verdict.testType.displayName
        if rankOfType[name] == nil { rankOfType[name] = verdict.testType.rank }
        return name
    }

    /// The row named `name`, made when first met.
    mutating func row(named name: String) -> Int {
        if let existing = rowIndex[name] { return existing }
        let row = counts.count
        rowIndex[name] = row
        counts.append([Int](repeating: 0, count: reportCount))
        rowTotals.append(0)
        return row
    }

    /// Counts audit `k`: its column.
    mutating func add(_ report: ReportJudgement, at k: Int) {
        position[report.entry.sha256] = k
        let groups = report.covered
        var fresh = openRows(of: report, covering: groups)
        addStanding(of: report, covering: groups, to: &fresh)
        let partial = latest.keys.contains { !groups.contains($0) }
        for (group, rows) in fresh {
            for (row, count) in groupRows[group] ?? [:] {
                rowTotals[row] -= count
                openTotal -= count
            }
            for (row, count) in rows {
                rowTotals[row] += count
                openTotal += count
            }
            groupRows[group] = rows
            latest[group] = k
            coveredBy[group, default: []].append(k)
        }
        for row in rowTotals.indices { counts[row][k - first] = rowTotals[row] }
        columns.append(
            Trend.Column(
                fileName: report.entry.fileName, sha256: report.entry.sha256, auditDate: report.entry.auditDate,
                openCount: openTotal, partial: partial))
    }

    /// The report's open warnings by screen and row; every screen it covered has an entry, so its counts
    /// replace the screen's earlier ones.
    mutating func openRows(of report: ReportJudgement, covering groups: Set<String>) -> [String: [Int: Int]] {
        var fresh: [String: [Int: Int]] = [:]
        for group in groups { fresh[group] = [:] }
        // Consecutive verdicts mostly share their screen and row: each run is added to `fresh` once.
        var run: (screen: String, name: String, row: Int, count: Int)?
        for verdict in report.verdicts where counts(verdict.status) {
            let name = rowName(verdict)
            if let current = run, current.name == name, current.screen == verdict.screen {
                run?.count += 1
                continue
            }
            if let run { fresh[run.screen, default: [:]][run.row, default: 0] += run.count }
            run = (verdict.screen, name, row(named: name), 1)
        }
        if let run { fresh[run.screen, default: [:]][run.row, default: 0] += run.count }
        return fresh
    }

    /// Adds the warnings of the report's screens it did not re-audit (scrolled away, or not flagged by a
    /// report without the screenshot): they still stand, counted chunk by chunk, each chunk once however
    /// many audits keep it.
    mutating func addStanding(
        of report: ReportJudgement, covering groups: Set<String>, to fresh: inout [String: [Int: Int]]
    ) {
        for (group, list) in report.standingOfCovered where groups.contains(group) {
            for chunk in list.chunks {
                let key = ObjectIdentifier(chunk)
                if chunkRows[key] == nil {
                    var rows: [(name: String, count: Int)] = []
                    for item in chunk.items where counts(item.verdict.status) {
                        let name = rowName(item.verdict)
                        if let last = rows.indices.last, rows[last].name == name {
                            rows[last].count += 1
                        } else {
                            rows.append((name, 1))
                        }
                    }
                    chunkRows[key] = (chunk, rows)
                }
                for (name, number) in chunkRows[key]!.rows {
                    fresh[group, default: [:]][row(named: name), default: 0] += number
                }
            }
        }
    }
}
