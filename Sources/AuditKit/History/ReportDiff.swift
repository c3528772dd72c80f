import Foundation

/// What changed between earlier reports and a newer one, screen by screen: new warnings, resolved
/// warnings and residual ones (in both), each with its issue numbers, and for residual ones the
/// `WarningMatcher` stage that paired them.
///
/// A report only speaks for the screens (screen groups) it covered. Each screen of the newer report
/// is compared with one earlier report that covered it (`screens` says which); warnings on screens
/// no earlier report covered are `firstAudited`, and warnings of screens the newer report did not
/// visit are `notReaudited`: never resolved by it.
public struct ReportDiff: Sendable, Hashable, Codable {
    /// One warning in the diff.
    public struct Item: Sendable, Hashable, Codable {
        /// The warning's fingerprint (in the newer report when it is there).
        public var fingerprint: IssueFingerprint
        /// Its issue number in the older report (nil for a new warning).
        public var oldNumber: Int?
        /// Its issue number in the newer report (nil for a resolved warning).
        public var newNumber: Int?
        /// The record from the newer report when it is there, else from the older one.
        public var issue: HistoryIssue
        /// For a residual warning: the stage that paired it.
        public var matchedBy: MatchStage?
        /// For a residual warning: its fingerprint in the older report, when that differs.
        public var oldFingerprint: IssueFingerprint?
        /// For a residual warning: its element text in the older report, when that differs.
        public var oldText: String?
        /// The older report it comes from (residual, resolved and not re-audited warnings).
        public var oldFileName: String?
        /// That report's audit date.
        public var oldAuditDate: Date?

        /// Creates an item.
        public init(
            fingerprint: IssueFingerprint, oldNumber: Int?, newNumber: Int?, issue: HistoryIssue,
            matchedBy: MatchStage? = nil, oldFingerprint: IssueFingerprint? = nil, oldText: String? = nil,
            oldFileName: String? = nil, oldAuditDate: Date? = nil
        ) {
            self.fingerprint = fingerprint
            self.oldNumber = oldNumber
            self.newNumber = newNumber
            self.issue = issue
            self.matchedBy = matchedBy
            self.oldFingerprint = oldFingerprint
            self.oldText = oldText
            self.oldFileName = oldFileName
            self.oldAuditDate = oldAuditDate
        }
    }

    /// A screen group of the newer report and the earlier report it was compared with.
    public struct ScreenBase: Sendable, Hashable, Codable {
        /// The screen group as the newer report names it.
        public var group: String
        /// The earlier report's file name, or nil when no earlier report covered the screen.
        public var fileName: String?
        /// That report's audit date.
        public var auditDate: Date?
    }

    /// The older report's file name; when screens were compared with several reports, their names
    /// joined with `, ` (latest first).
    public var oldFileName: String
    /// The latest audit date of the older reports compared with.
    public var oldAuditDate: Date
    /// The newer report's file name.
    public var newFileName: String
    /// The newer report's audit date.
    public var newAuditDate: Date
    /// Each screen group of the newer report and the report it was compared with, by group.
    public var screens: [ScreenBase]
    /// Warnings only in the newer report, on screens an older report covered, in new report order.
    public var new: [Item]
    /// Warnings of the older reports gone from the newer one, by report then issue order.
    public var resolved: [Item]
    /// Warnings in both, in new report order.
    public var residual: [Item]
    /// Warnings of the newer report on screens no older report covered, in new report order.
    public var firstAudited: [Item]
    /// Warnings of older reports on screens the newer report did not visit, by report then issue order.
    public var notReaudited: [Item]
    /// Numbers of the newer report's issues that repeat an earlier issue of it (the Inspector's
    /// repeats): they count once and are in none of the lists.
    public var repeatedNumbers: [Int]

    /// Compares two history entries on the screen groups both covered (`WarningMatcher`, with the
    /// string catalogs' `translations`); the newer report's other warnings are `firstAudited`, the
    /// older report's warnings on screens the newer one did not visit are `notReaudited`.
    public init(old: HistoryEntry, new: HistoryEntry, translations: StringTranslations = .none) {
        let oldSide = WarningMatcher.Prepared(old).withCatalogKeys(translations)
        let newSide = WarningMatcher.Prepared(new).withCatalogKeys(translations)
        let shared = oldSide.covered.intersection(newSide.covered)
        self.init(
            new: new, newSide: newSide,
            bases: shared.isEmpty ? [] : [(old, oldSide, shared)],
            notVisited: [(old, oldSide, oldSide.covered.subtracting(newSide.covered))],
            translations: translations)
    }

    /// Compares `new` with `bases`: each older entry with the normalised screen groups
    /// (`WarningMatcher.groupKey`) it is the comparison for, latest first; `notVisited` lists older
    /// entries with groups `new` did not cover.
    init(
        new: HistoryEntry, newSide: WarningMatcher.Prepared,
        bases: [(HistoryEntry, WarningMatcher.Prepared, Set<String>)],
        notVisited: [(HistoryEntry, WarningMatcher.Prepared, Set<String>)],
        translations: StringTranslations
    ) {
        newFileName = new.fileName
        newAuditDate = new.auditDate
        let names = bases.map(\.0.fileName)
        oldFileName = names.isEmpty ? "(no earlier report)" : names.joined(separator: ", ")
        oldAuditDate = bases.map(\.0.auditDate).max() ?? new.auditDate
        var compared = [Bool](repeating: false, count: new.issues.count)
        var newItems: [Item] = []
        var resolved: [Item] = []
        var residual: [Item] = []
        let repeated = Set(WarningMatcher.repeats(in: newSide))
        var baseOfGroup: [String: HistoryEntry] = [:]
        for (entry, side, groups) in bases {
            for group in groups { baseOfGroup[group] = entry }
            let matching = WarningMatcher.match(old: side, new: newSide, groups: groups, translations: translations)
            for index in new.issues.indices where groups.contains(newSide.group[index]) { compared[index] = true }
            for index in matching.unmatchedNew {
                let issue = new.issues[index]
                newItems.append(
                    Item(fingerprint: issue.fingerprint, oldNumber: nil, newNumber: issue.number, issue: issue))
            }
            for index in matching.unmatchedOld {
                let issue = entry.issues[index]
                resolved.append(
                    Item(
                        fingerprint: issue.fingerprint, oldNumber: issue.number, newNumber: nil, issue: issue,
                        oldFileName: entry.fileName, oldAuditDate: entry.auditDate))
            }
            for pair in matching.pairs {
                let before = entry.issues[pair.old]
                let after = new.issues[pair.new]
                residual.append(
                    Item(
                        fingerprint: after.fingerprint, oldNumber: before.number, newNumber: after.number,
                        issue: after, matchedBy: pair.stage,
                        oldFingerprint: before.fingerprint == after.fingerprint ? nil : before.fingerprint,
                        oldText: before.elementText == after.elementText ? nil : (before.elementText ?? ""),
                        oldFileName: entry.fileName, oldAuditDate: entry.auditDate))
            }
        }
        var notReaudited: [Item] = []
        for (entry, side, groups) in notVisited where !groups.isEmpty {
            let repeats = Set(WarningMatcher.repeats(in: side))
            for (index, issue) in entry.issues.enumerated()
            where groups.contains(side.group[index]) && !repeats.contains(index) {
                notReaudited.append(
                    Item(
                        fingerprint: issue.fingerprint, oldNumber: issue.number, newNumber: nil, issue: issue,
                        oldFileName: entry.fileName, oldAuditDate: entry.auditDate))
            }
        }
        var firstAudited: [Item] = []
        for (index, issue) in new.issues.enumerated() where !compared[index] && !repeated.contains(index) {
            firstAudited.append(
                Item(fingerprint: issue.fingerprint, oldNumber: nil, newNumber: issue.number, issue: issue))
        }
        self.new = newItems.sorted { ($0.newNumber ?? 0) < ($1.newNumber ?? 0) }
        self.resolved = resolved
        self.residual = residual.sorted { ($0.newNumber ?? 0) < ($1.newNumber ?? 0) }
        self.firstAudited = firstAudited
        self.notReaudited = notReaudited
        repeatedNumbers = repeated.map { new.issues[$0].number }.sorted()
        var seenGroups = Set<String>()
        var screens: [ScreenBase] = []
        for screen in new.screens {
            let key = WarningMatcher.groupKey(screen.group)
            guard seenGroups.insert(key).inserted else { continue }
            let base = baseOfGroup[key]
            screens.append(ScreenBase(group: screen.group, fileName: base?.fileName, auditDate: base?.auditDate))
        }
        self.screens = screens
    }

    /// Compares two reports, each with its optional mappings.
    public init(
        old: InspectorReport, oldMappings: [IssueMapping] = [], new: InspectorReport,
        newMappings: [IssueMapping] = []
    ) {
        self.init(
            old: HistoryEntry(report: old, mappings: oldMappings), new: HistoryEntry(report: new, mappings: newMappings)
        )
    }

    /// Keys in JSON output.
    enum CodingKeys: String, CodingKey {
        case oldFileName, oldAuditDate, newFileName, newAuditDate, screens, new, resolved, residual, firstAudited
        case notReaudited, repeatedNumbers
    }
}

extension WarningMatcher {
    /// Indexes of the prepared report's issues that repeat an earlier issue of it.
    static func repeats(in side: Prepared) -> [Int] {
        side.issues.indices.filter { side.isRepeat[$0] }
    }
}
