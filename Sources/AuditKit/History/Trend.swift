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
    }

    /// The grouping of the rows.
    public var grouping: TrendGrouping
    /// The reports, oldest first.
    public var columns: [Column]
    /// The rows, by name.
    public var rows: [Row]
    /// The warnings of the latest report that were already in an earlier one, longest-lived first.
    public var residual: [ResidualWarning]
    /// The warnings of screens the latest report did not visit, as their latest report had them:
    /// not re-audited since then. Oldest audit first.
    public var notReaudited: [ResidualWarning]

    /// Builds the trend of `entries` (any order; sorted by audit date here). A warning counts as open
    /// when its recorded status is `open` and `baseline` (when given) does not accept its fingerprint.
    /// `translations` (the string catalogs) let warnings match across languages.
    public init(
        entries: [HistoryEntry], by grouping: TrendGrouping, baseline: Baseline? = nil,
        translations: StringTranslations = .none
    ) {
        let entries = entries.sorted(by: History.precedes)
        let accepted = Set(baseline?.entries.map(\.fingerprint) ?? [])
        var version1Cache: [String: Bool] = [:]
        func isAccepted(_ issue: HistoryIssue) -> Bool {
            guard !accepted.isEmpty else { return false }
            if accepted.contains(issue.fingerprint) { return true }
            guard let view = issue.view else { return false }
            let cacheKey = issue.fingerprint.hex + "\u{1F}" + view
            if let known = version1Cache[cacheKey] { return known }
            let found = accepted.contains(
                IssueFingerprint.version1(
                    testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText, view: view))
            version1Cache[cacheKey] = found
            return found
        }
        self.grouping = grouping
        var rowIndex: [String: Int] = [:]
        var counts: [[Int]] = []
        var columns: [Column] = []
        columns.reserveCapacity(entries.count)

        // Per screen group: the latest entry that covered it, its open counts per row, and the entries
        // that covered it. runStart[k][i]: the first report of the unbroken run of issue i of entry k.
        var catalogCache: [String: [String]] = [:]
        var prepared: [WarningMatcher.Prepared] = []
        prepared.reserveCapacity(entries.count)
        var runStart: [[Int]] = []
        var latest: [String: Int] = [:]
        var coveredBy: [String: [Int]] = [:]
        var groupRows: [String: [Int: Int]] = [:]
        var rowTotals: [Int] = []
        var openTotal = 0
        for (k, entry) in entries.enumerated() {
            let side = WarningMatcher.Prepared(entry).withCatalogKeys(translations, cache: &catalogCache)
            prepared.append(side)
            var starts = [Int](repeating: k, count: entry.issues.count)
            var bases: [Int: Set<String>] = [:]
            for group in side.covered { if let j = latest[group] { bases[j, default: []].insert(group) } }
            for (j, groups) in bases.sorted(by: { $0.key < $1.key }) {
                let matching = WarningMatcher.match(
                    old: prepared[j], new: side, groups: groups, translations: translations)
                for pair in matching.pairs { starts[pair.new] = runStart[j][pair.old] }
            }
            runStart.append(starts)
            // This report's open warnings replace those of the screens it covered.
            var fresh: [String: [Int: Int]] = [:]
            for group in side.covered { fresh[group] = [:] }
            for (index, issue) in entry.issues.enumerated()
            where !side.isRepeat[index] && issue.status == .open && !isAccepted(issue) {
                let name = grouping == .view ? issue.place : issue.testType.displayName
                let row: Int
                if let existing = rowIndex[name] {
                    row = existing
                } else {
                    row = counts.count
                    rowIndex[name] = row
                    counts.append([Int](repeating: 0, count: entries.count))
                    rowTotals.append(0)
                }
                fresh[side.group[index], default: [:]][row, default: 0] += 1
            }
            let partial = latest.keys.contains { !side.covered.contains($0) }
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
            for row in rowTotals.indices { counts[row][k] = rowTotals[row] }
            columns.append(
                Column(
                    fileName: entry.fileName, sha256: entry.sha256, auditDate: entry.auditDate, openCount: openTotal,
                    partial: partial))
        }
        self.columns = columns
        rows = rowIndex.map { Row(name: $0.key, counts: counts[$0.value]) }.sorted { $0.name < $1.name }

        var residual: [ResidualWarning] = []
        var notReaudited: [ResidualWarning] = []
        if let last = entries.indices.last {
            for (group, k) in latest {
                let entry = entries[k]
                let covering = coveredBy[group] ?? []
                for (index, issue) in entry.issues.enumerated()
                where prepared[k].group[index] == group && !prepared[k].isRepeat[index] {
                    let first = runStart[k][index]
                    guard k < last || first < k else { continue }
                    let start = entries[first]
                    let warning = ResidualWarning(
                        fingerprint: issue.fingerprint, issue: issue, firstSeen: start.auditDate,
                        firstSeenFileName: start.fileName,
                        reportCount: covering.count - (covering.firstIndex { $0 >= first } ?? covering.count),
                        baselined: isAccepted(issue), lastAudited: k < last ? entry.auditDate : nil,
                        lastAuditedFileName: k < last ? entry.fileName : nil)
                    if k < last { notReaudited.append(warning) } else { residual.append(warning) }
                }
            }
        }
        self.residual = residual.sorted {
            ($0.firstSeen, $0.issue.number) < ($1.firstSeen, $1.issue.number)
        }
        self.notReaudited = notReaudited.sorted {
            ($0.lastAudited ?? .distantPast, $0.issue.number) < ($1.lastAudited ?? .distantPast, $1.issue.number)
        }
    }
}
