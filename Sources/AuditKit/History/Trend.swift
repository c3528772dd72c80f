import Foundation

/// How a trend groups warnings into rows.
public enum TrendGrouping: String, Sendable, Codable, CaseIterable {
    /// By mapped view, else by screen group.
    case view
    /// By test type.
    case type
}

/// Open warnings over the history: one column per report (by audit date), one row per view or test
/// type, and the residual warnings of the latest report with when they were first seen.
public struct Trend: Sendable, Hashable, Codable {
    /// One report of the trend.
    public struct Column: Sendable, Hashable, Codable {
        /// The report's file name.
        public var fileName: String
        /// The report's SHA-256.
        public var sha256: String
        /// When the audit ran.
        public var auditDate: Date
        /// Open warnings in the report, all rows together.
        public var openCount: Int
    }

    /// One view or test type of the trend.
    public struct Row: Sendable, Hashable, Codable {
        /// The view, screen group or test type name.
        public var name: String
        /// Open warnings per column.
        public var counts: [Int]
    }

    /// A warning of the latest report that was already in the report before it.
    public struct ResidualWarning: Sendable, Hashable, Codable {
        /// Its fingerprint.
        public var fingerprint: IssueFingerprint
        /// Its record in the latest report.
        public var issue: HistoryIssue
        /// The audit date of the first report of the unbroken run of reports it is in.
        public var firstSeen: Date
        /// That report's file name.
        public var firstSeenFileName: String
        /// How many reports in a row, up to and including the latest, it has been in (at least 2).
        public var reportCount: Int
        /// Whether the baseline accepts it.
        public var baselined: Bool
    }

    /// The grouping of the rows.
    public var grouping: TrendGrouping
    /// The reports, oldest first.
    public var columns: [Column]
    /// The rows, by name.
    public var rows: [Row]
    /// The residual warnings of the latest report, longest-lived first.
    public var residual: [ResidualWarning]

    /// Builds the trend of `entries` (any order; sorted by audit date here). A warning counts as open
    /// when its recorded status is `open` and `baseline` (when given) does not accept its fingerprint.
    public init(entries: [HistoryEntry], by grouping: TrendGrouping, baseline: Baseline? = nil) {
        let entries = entries.sorted(by: History.precedes)
        let accepted = baseline.map { Set($0.entries.map(\.fingerprint)) } ?? []
        self.grouping = grouping
        var rowIndex: [String: Int] = [:]
        var counts: [[Int]] = []
        var columns: [Column] = []
        columns.reserveCapacity(entries.count)
        for (column, entry) in entries.enumerated() {
            var open = 0
            for issue in entry.issues where issue.status == .open && !accepted.contains(issue.fingerprint) {
                open += 1
                let name = grouping == .view ? issue.place : issue.testType.displayName
                let row: Int
                if let existing = rowIndex[name] {
                    row = existing
                } else {
                    row = counts.count
                    rowIndex[name] = row
                    counts.append([Int](repeating: 0, count: entries.count))
                }
                counts[row][column] += 1
            }
            columns.append(
                Column(
                    fileName: entry.fileName, sha256: entry.sha256, auditDate: entry.auditDate,
                    openCount: open))
        }
        self.columns = columns
        rows = rowIndex.map { Row(name: $0.key, counts: counts[$0.value]) }.sorted { $0.name < $1.name }

        // Follow each warning through the reports: first[i] is the index of the first report of the
        // unbroken run that issue i of the current report belongs to.
        var residual: [ResidualWarning] = []
        if let last = entries.indices.last {
            var first = [Int](repeating: 0, count: entries.first?.issues.count ?? 0)
            var previousChains = WarningMatcher.Chains(entries[0].issues)
            for k in entries.indices.dropFirst() {
                let chains = WarningMatcher.Chains(entries[k].issues)
                var next = [Int](repeating: k, count: entries[k].issues.count)
                let matching = WarningMatcher.match(
                    old: entries[k - 1].issues, oldChains: previousChains,
                    new: entries[k].issues, newChains: chains)
                for pair in matching.pairs { next[pair.new] = first[pair.old] }
                first = next
                previousChains = chains
            }
            for (index, issue) in entries[last].issues.enumerated() where first[index] < last {
                let start = entries[first[index]]
                residual.append(
                    ResidualWarning(
                        fingerprint: issue.fingerprint, issue: issue, firstSeen: start.auditDate,
                        firstSeenFileName: start.fileName, reportCount: last - first[index] + 1,
                        baselined: accepted.contains(issue.fingerprint)))
            }
        }
        self.residual = residual.sorted {
            ($0.firstSeen, $0.issue.number) < ($1.firstSeen, $1.issue.number)
        }
    }
}
