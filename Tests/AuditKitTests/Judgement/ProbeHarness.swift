import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A series of audits judged audit by audit, as the held-out probes run it: each audit one report
/// written by `AuditSeries` (real painted screenshots and thumbnails) and added to a history, recording
/// what a mapping with sources records when `sourced` (each warning's view and localization key, each
/// screen's root view, and the catalogs' `translations`). Every test states, per audit, the exact element
/// ids new, resolved, residual and not re-audited; `expect` also counts them as decisions (one element's
/// change in one audit) so a series can say how many of its decisions the judgement gets right.
struct Probe {
    let series: AuditSeries
    let sourced: Bool
    /// The string catalogs' table given to the judgement (none unless a test sets it).
    var translations = StringTranslations.none
    var reports: [AuditedReport] = []
    var entries: [HistoryEntry] = []
    /// The decisions `expect` stated so far.
    var decisions = Decisions()

    /// What a probe stated against what the judgement said.
    struct Decisions {
        /// Element changes stated right, and stated in all.
        var right = 0, total = 0
        /// Gate verdicts (`check --fail-on new`) stated right, and stated in all.
        var gateRight = 0, gateTotal = 0
        /// Each wrong one: which audit, which element, expected and got.
        var wrong: [String] = []
    }

    /// How `verdictLines()` judges the whole series: one walk, unless a test judges it another way (the
    /// state carried from audit to audit, `JudgementStateTests`).
    @TaskLocal static var judging: @Sendable ([HistoryEntry], StringTranslations) -> HistoryJudgement = {
        HistoryJudgement(entries: $0, translations: $1)
    }

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

    /// Audits `layout` laid out in `configuration` (one screen, one report), `fixed` elements unflagged.
    @discardableResult
    mutating func audit(
        _ layout: ScreenLayout, in configuration: AuditConfiguration, fixed: Set<String> = [], root: String? = nil,
        views: [String: String] = [:], keys: [String: String] = [:]
    ) throws -> ReportJudgement {
        try audit(
            [layout.screen(in: configuration, fixed: fixed)], language: configuration.reportLanguage,
            dark: configuration.dark, roots: [root], views: views, keys: keys)
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

    /// Expects `judged` to say exactly `new`, `resolved`, `residual` and `notReaudited` (element ids) and
    /// the gate to fail exactly when `fails`; counts one decision per element either side names.
    mutating func expect(
        _ judged: ReportJudgement, new: Set<String> = [], resolved: Set<String> = [], residual: Set<String> = [],
        notReaudited: Set<String> = [], fails: Bool, _ audit: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let expected = [new, resolved, residual, notReaudited]
        let got = changes(judged)
        let names = ["new", "resolved", "residual", "not re-audited"]
        func state(_ sets: [Set<String>], _ id: String) -> String {
            let states = names.indices.filter { sets[$0].contains(id) }.map { names[$0] }
            return states.isEmpty ? "nothing" : states.joined(separator: " and ")
        }
        var wrong: [String] = []
        for id in Set(expected.joined()).union(got.joined()).sorted() {
            decisions.total += 1
            if state(expected, id) == state(got, id) {
                decisions.right += 1
            } else {
                wrong.append("\(audit): \(id) expected \(state(expected, id)), got \(state(got, id))")
            }
        }
        let failed = checkFails()
        decisions.gateTotal += 1
        if failed == fails {
            decisions.gateRight += 1
        } else {
            wrong.append("\(audit): the gate expected \(fails ? "to fail" : "to pass"), got the other")
        }
        decisions.wrong += wrong
        #expect(got == expected, "\(wrong.joined(separator: "; "))", sourceLocation: sourceLocation)
        #expect(failed == fails, "\(audit): check fails \(failed)", sourceLocation: sourceLocation)
    }

    /// Expects the first audit of a history to leave exactly `open` open (nothing is new without an earlier
    /// audit) and the gate to fail on them. Mutating like `expect`, so that in `p.expectFirst(try p.audit(…))`
    /// the probe is read after the audit its argument runs.
    mutating func expectFirst(
        _ judged: ReportJudgement, open: Set<String>, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(!judged.hasEarlierAudit && ids(judged.open) == open, sourceLocation: sourceLocation)
        #expect(checkFails() == !open.isEmpty, sourceLocation: sourceLocation)
    }

    /// Ends a series: expects no element to share a warning with another, and prints the tally.
    func finish(_ series: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(mispaired().isEmpty, "\(mispaired())", sourceLocation: sourceLocation)
        print(tally(series))
    }

    /// One line per series: decisions right of stated, the gate's, then each wrong one.
    func tally(_ series: String) -> String {
        ([
            "\(series) (\(sourced ? "with" : "without") sources): \(decisions.right)/\(decisions.total) decisions right, "
                + "gate \(decisions.gateRight)/\(decisions.gateTotal)"
        ] + decisions.wrong.map { "  " + $0 })
        .joined(separator: "\n")
    }

    /// Every verdict of the whole history's judgement as lines that name elements by id and audits by
    /// position: per audit, each issue's warning (by the id it was first seen as), change, status and
    /// the issue it continues, each screen's comparison and configuration, and the warnings resolved
    /// and not re-audited. Two judgements that state the same give the same lines.
    func verdictLines() -> [String] {
        let judgement = Probe.judging(entries, translations)
        var position: [String: Int] = [:]
        for (index, report) in reports.enumerated() { position[report.report.sha256] = index }
        var firstID: [String: String] = [:]
        func id(_ audit: AuditReference, _ number: Int) -> String {
            guard let at = position[audit.sha256] else { return "?" }
            return "\(reports[at].id(number))@\(at)"
        }
        func named(_ verdicts: [WarningVerdict]) -> String {
            verdicts.map { id($0.audit, $0.number) }.sorted().joined(separator: ",")
        }
        var lines: [String] = []
        for (index, judged) in judgement.reports.enumerated() {
            for screen in judged.screens {
                let configuration = screen.configuration
                lines.append(
                    "\(index) screen \(screen.index) shows \(screen.shows) compared "
                        + "\(screen.comparedWith.map { String(position[$0.sha256] ?? -1) } ?? "-") "
                        + "text ×\(String(format: "%.2f", configuration.textScale)) "
                        + "dark \(configuration.dark.map(String.init) ?? "-")")
            }
            for verdict in judged.verdicts.sorted(by: { $0.number < $1.number }) {
                let warning = firstID[verdict.warning] ?? id(verdict.audit, verdict.number)
                firstID[verdict.warning] = warning
                let continues = verdict.continues.map { "\(id($0.audit, $0.number)) by \($0.stage)" } ?? "-"
                lines.append(
                    "\(index) \(id(verdict.audit, verdict.number)) is \(warning) "
                        + "\(verdict.change?.rawValue ?? "-") \(verdict.status.kind) continues \(continues) "
                        + "since \(position[verdict.since.sha256] ?? -1)")
            }
            lines.append("\(index) resolved \(named(judged.resolvedWarnings))")
            lines.append("\(index) not re-audited \(named(judged.notReauditedWarnings))")
        }
        return lines
    }

    func remove() { series.remove() }
}
