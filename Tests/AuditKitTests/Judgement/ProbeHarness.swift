import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A series of audits judged audit by audit, as the held-out probes run it: each audit one report
/// written by `AuditSeries` (real painted screenshots and thumbnails) and added to a history, recording
/// what a mapping with sources records when `sourced` (each warning's view and localization key, each
/// screen's root view, and the catalogs' `translations`). Every test states, per audit, the exact element
/// ids new, resolved, residual and not re-audited.
struct Probe {
    let series: AuditSeries
    let sourced: Bool
    /// The string catalogs' table given to the judgement (none unless a test sets it).
    var translations = StringTranslations.none
    var reports: [AuditedReport] = []
    var entries: [HistoryEntry] = []

    init(sourced: Bool) throws {
        series = try AuditSeries()
        self.sourced = sourced
    }

    /// Audits `screens` (one report, the next day) and judges the history so far.
    @discardableResult
    mutating func audit(
        _ screens: [AppScreen], language: Int = 0, dark: Bool = false,
        container: ReportFixture.Container = .html(.varAssignment), screenshots: Bool = true,
        roots: [String?] = [], views: [String: String] = [:], keys: [String: String] = [:], named: [String?] = []
    ) throws -> ReportJudgement {
        let audited = try series.audit(
            day: reports.count, screens, container: container, language: language, screenshots: screenshots,
            dark: dark)
        reports.append(audited)
        var entry = HistoryEntry(report: audited.report)
        if sourced {
            for index in entry.issues.indices {
                let id = audited.id(entry.issues[index].number)
                entry.issues[index].view = views[id]
                entry.issues[index].key = keys[id]
            }
            for (index, root) in roots.enumerated() where index < entry.screens.count {
                entry.screens[index].rootView = root
            }
        }
        // The names a team gives (`--screen`, declared screens) hold with or without sources.
        for (index, name) in named.enumerated() where index < entry.screens.count {
            entry.screens[index].named = name
        }
        entries.append(entry)
        return HistoryJudgement(entries: entries, translations: translations).latestReport!
    }

    func ids(_ verdicts: [WarningVerdict]) -> Set<String> {
        Set(verdicts.map { v in reports.first { $0.report.sha256 == v.audit.sha256 }?.id(v.number) ?? "?" })
    }

    /// New, resolved, residual, not re-audited.
    func changes(_ judged: ReportJudgement) -> [Set<String>] {
        [
            ids(judged.newWarnings), ids(judged.resolvedWarnings), ids(judged.residualWarnings),
            ids(judged.notReauditedWarnings),
        ]
    }

    /// Element ids that share a warning identity with another element, or that got two identities.
    func mispaired() -> [String] {
        let judgement = HistoryJudgement(entries: entries, translations: translations)
        var idsOfWarning: [String: Set<String>] = [:]
        var warningsOfID: [String: Set<String>] = [:]
        for (report, judged) in zip(reports, judgement.reports) {
            for verdict in judged.verdicts {
                if case .repeatOf = verdict.status { continue }
                let id = report.id(verdict.number)
                idsOfWarning[verdict.warning, default: []].insert(id)
                warningsOfID[id, default: []].insert(verdict.warning)
            }
        }
        return
            (idsOfWarning.values.filter { $0.count > 1 }.map { $0.sorted().joined(separator: "=") }
            + warningsOfID.filter { $0.value.count > 1 }.map { "\($0.key) split" }).sorted()
    }

    /// Whether `check --fail-on new` fails on the latest audit.
    func checkFails() -> Bool {
        HistoryCheck(
            entry: entries.last!, history: History(entries: entries.dropLast()), translations: translations,
            baseline: Baseline(), failOn: .new
        ).failed
    }

    func remove() { series.remove() }
}
