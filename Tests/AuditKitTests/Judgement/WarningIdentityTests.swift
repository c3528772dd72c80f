import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A series of audits of one small app, written as real reports (painted screenshots, JPEG thumbnails,
/// two or three screens) and read back, for each way warning identity goes wrong: device language,
/// Inspector repeats, text-less look-alikes, partial audits, refactors, HTML and JSON of one audit,
/// screens in another order, values inside labels, a real text change and a removed screen. Each test
/// asserts the exact new / resolved / residual sets, `since`, and whether `check` fails (exit 1).
@Suite struct WarningIdentityTests {
    // MARK: The app

    static func label(_ id: String, _ code: Int, _ text: String, _ x: Double, _ y: Double, _ width: Double)
        -> AppElement
    {
        AppElement(id, code: code, text: text, rect: Rect(x: x, y: y, width: width, height: 20))
    }

    static func chevron(_ id: String, y: Double) -> AppElement {
        AppElement(id, code: 17, text: nil, rect: Rect(x: 370, y: y, width: 10, height: 16), look: .chevron)
    }

    static var home: AppScreen {
        AppScreen(
            "Home",
            [
                label("home.title", 30, "Active Budgets", 20, 96, 190),
                label("home.spent", 31, "Spent $1,234.56", 74, 200, 150),
                label("home.updated", 13, "Updated 3 Jan 2026", 74, 252, 160),
                label("home.groceries", 32, "Groceries", 74, 304, 110),
                AppElement(
                    "home.icon", code: 19, text: nil, rect: Rect(x: 30, y: 296, width: 30, height: 30), look: .icon(1)),
                label("home.profile", 17, "Profile", 330, 800, 48),
            ])
    }

    static var budgets: AppScreen {
        AppScreen(
            "Budgets",
            [
                label("budgets.title", 30, "Budgets", 20, 96, 120),
                label("budgets.add", 44, "Add", 330, 96, 50),
                label("budgets.rent", 26, "Rent", 74, 200, 60),
                chevron("budgets.chevron1", y: 202),
                label("budgets.transport", 22, "Transport", 74, 252, 100),
                chevron("budgets.chevron2", y: 254),
                label("budgets.utilities", 36, "Utilities", 74, 304, 90),
                chevron("budgets.chevron3", y: 306),
            ])
    }

    static var cards: AppScreen {
        AppScreen(
            "Cards",
            [
                label("cards.title", 30, "Cards", 20, 96, 100),
                label("cards.limit", 31, "Limit $2,000", 74, 200, 120),
            ])
    }

    /// The app with the device in German: titles, type names and element texts translated; labels wider.
    static func german(_ screen: AppScreen) -> AppScreen {
        let texts = [
            "Active Budgets": "Aktive Budgets", "Spent $1,234.56": "Ausgegeben 1.234,56 $",
            "Updated 3 Jan 2026": "Aktualisiert am 3. Januar 2026", "Groceries": "Lebensmittel", "Profile": "Profil",
            "Add": "Hinzufügen", "Rent": "Miete", "Utilities": "Nebenkosten", "Cards": "Karten",
            "Limit $2,000": "Limit 2.000 $",
        ]
        var screen = screen
        for index in screen.elements.indices {
            guard let text = screen.elements[index].text, let translated = texts[text] else { continue }
            screen.elements[index].text = translated
            screen.elements[index].rect.width = (screen.elements[index].rect.width * 1.3).rounded()
        }
        return screen
    }

    static var allIDs: Set<String> {
        Set((home.elements + budgets.elements + cards.elements).map(\.id))
    }

    // MARK: Running a series

    /// The reports of a series so far, their history entries, and what comparing them gives.
    struct Series {
        let audits: AuditSeries
        var reports: [String: AuditedReport] = [:]
        var entries: [HistoryEntry] = []
        var translations = StringTranslations.none

        init() throws { audits = try AuditSeries() }

        /// Audits `screens` on `day` and adds the report to the history.
        @discardableResult
        mutating func audit(
            day: Int, _ screens: [AppScreen], container: ReportFixture.Container = .html(.varAssignment),
            language: Int = 0, sources: SourceIndex? = nil
        ) throws -> HistoryEntry {
            let audited = try audits.audit(day: day, screens, container: container, language: language)
            reports[audited.report.fileName] = audited
            var mappings: [IssueMapping] = []
            if let sources {
                mappings = IssueMatcher(index: sources).map(audited.report).issues.compactMap(\.primary)
            }
            let entry = HistoryEntry(report: audited.report, mappings: mappings, sources: sources)
            entries.append(entry)
            return entry
        }

        /// The judgement `audit`, `log` and `check` make of the latest entry.
        func judged() -> ReportJudgement {
            History(entries: Array(entries.dropLast())).judged(entries.last!, translations: translations)
        }

        /// The comparison `audit`, `log` and `check` make for the latest entry.
        func diff() -> ReportDiff { judged().comparison! }

        func id(_ fileName: String?, _ number: Int?) -> String {
            fileName.flatMap { reports[$0] }?.id(number) ?? "?"
        }

        func newIDs(_ items: [ReportDiff.Item]) -> Set<String> {
            Set(items.map { id(entries.last!.fileName, $0.newNumber) })
        }

        func oldIDs(_ items: [ReportDiff.Item]) -> Set<String> {
            Set(items.map { id($0.oldFileName, $0.oldNumber) })
        }

        /// Residual pairs as `old id -> new id`, and the stage of each.
        func residual(_ diff: ReportDiff) -> [String: String] {
            var pairs: [String: String] = [:]
            for item in diff.residual {
                pairs[id(item.oldFileName, item.oldNumber)] = id(entries.last!.fileName, item.newNumber)
            }
            return pairs
        }

        func stages(_ diff: ReportDiff) -> [String: MatchStage] {
            var stages: [String: MatchStage] = [:]
            for item in diff.residual { stages[id(entries.last!.fileName, item.newNumber)] = item.matchedBy }
            return stages
        }

        /// `check --fail-on new` on the latest entry: the ids of the failing warnings, and whether it
        /// fails (exit status 1).
        func check() -> (failing: Set<String>, failed: Bool) {
            let latest = entries.last!
            let check = HistoryCheck(
                entry: latest, history: History(entries: Array(entries.dropLast())), translations: translations,
                baseline: Baseline(), failOn: .new)
            return (Set(check.failing.map { id(latest.fileName, $0.number) }), check.failed)
        }

        /// `since` per element id of the trend's residual warnings (day numbers), and of its
        /// not re-audited warnings (the day of their last audit).
        func since() -> (residual: [String: Int], notReaudited: [String: Int]) {
            let trend = Trend(entries: entries, by: .view, translations: translations)
            func day(_ date: Date) -> Int { Int((date.timeIntervalSince(AuditSeries.date(0)) / 86_400).rounded()) }
            var residual: [String: Int] = [:]
            for warning in trend.residual {
                residual[id(entries.last!.fileName, warning.issue.number)] = day(warning.firstSeen)
            }
            var stale: [String: Int] = [:]
            for warning in trend.notReaudited {
                stale[id(warning.lastAuditedFileName, warning.issue.number)] = day(warning.lastAudited!)
            }
            return (residual, stale)
        }
    }

    static func identity(_ ids: Set<String>) -> [String: String] {
        Dictionary(uniqueKeysWithValues: ids.map { ($0, $0) })
    }

    // MARK: Scenarios

    @Test func deviceLanguageChangesNothing() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.budgets, Self.cards])
        try series.audit(day: 1, [Self.home, Self.budgets, Self.cards].map(Self.german), language: 1)
        let diff = series.diff()
        #expect(diff.new.isEmpty)
        #expect(diff.resolved.isEmpty)
        #expect(series.residual(diff) == Self.identity(Self.allIDs))
        let stages = series.stages(diff)
        #expect(stages["home.title"] == .geometry)
        #expect(stages["cards.title"] == .geometry)
        #expect(stages["budgets.chevron2"] == .fingerprint)
        #expect(stages["cards.limit"] == .fingerprint)  // "limit #" in both languages
        #expect(
            diff.residual.first { series.id(diff.newFileName, $0.newNumber) == "home.title" }?.oldText
                == "Active Budgets")
        let check = series.check()
        #expect(check.failing.isEmpty && !check.failed)
        // A warning accepted in English stays accepted in German, and is not stale.
        let title = series.entries[0].issues[0]
        let baseline = Baseline(entries: [
            Baseline.Entry(fingerprint: title.fingerprint, reason: "judged", acceptedOn: "2026-01-01")
        ])
        let german = HistoryCheck(
            entry: series.entries[1], history: History(entries: [series.entries[0]]), baseline: baseline, failOn: .any,
            strictBaseline: true)
        #expect(german.baselined.map(\.issue.elementText) == ["Aktive Budgets"])
        #expect(german.staleBaseline.isEmpty)

        // And back to English: still nothing changed, every warning since day 0.
        try series.audit(day: 2, [Self.home, Self.budgets, Self.cards])
        let back = series.diff()
        #expect(back.new.isEmpty && back.resolved.isEmpty)
        #expect(series.residual(back) == Self.identity(Self.allIDs))
        #expect(!series.check().failed)
        let since = series.since()
        #expect(since.residual == Dictionary(uniqueKeysWithValues: Self.allIDs.map { ($0, 0) }))
        #expect(since.notReaudited.isEmpty)
    }

    @Test func deviceLanguageMatchesByKeyThroughTheCatalogsWhenOnlyOneReportWasMapped() throws {
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "Active Budgets": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Aktive Budgets"}}}},
              "Groceries": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Lebensmittel"}}}},
              "Rent": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Miete"}}}}
            }}
            """
        let swift = """
            import SwiftUI
            struct HomeView: View {
                var body: some View { VStack { Text("Active Budgets"); Text("Groceries") } }
            }
            struct BudgetsView: View {
                var body: some View { Text("Rent") }
            }
            """
        let sources = SourceIndex.build(sources: [
            ("App/Localizable.xcstrings", catalog), ("App/Views.swift", swift),
        ])
        var series = try Series()
        defer { series.audits.remove() }
        // Only one screen of each: too few texts to call it a language change by place alone.
        let home = AppScreen("Home", Array(Self.home.elements.prefix(4)))
        let budgets = AppScreen("Budgets", Array(Self.budgets.elements.prefix(3)))
        let first = try series.audit(day: 0, [home, budgets], sources: sources)
        #expect(first.issues[0].key == "Active Budgets")
        #expect(first.issues[0].literal == "App/Views.swift\tActive Budgets")
        // The German report is not mapped; the catalogs translate its texts.
        series.translations = StringTranslations(sources.localizedStrings)
        try series.audit(day: 1, [Self.german(home), Self.german(budgets)], language: 1)
        let diff = series.diff()
        let stages = series.stages(diff)
        #expect(stages["home.title"] == .key)
        #expect(stages["home.groceries"] == .key)
        #expect(stages["budgets.rent"] == .key)
        #expect(stages["budgets.title"] == .fingerprint)
        // "Spent" and "Updated" have no catalog entry: they pair by place because the report changed language.
        #expect(stages["home.spent"] == .geometry)
        #expect(diff.new.isEmpty && diff.resolved.isEmpty)
        #expect(series.residual(diff).count == 7)
        #expect(!series.check().failed)
    }

    @Test func inspectorRepeatsCountOnce() throws {
        var series = try Series()
        defer { series.audits.remove() }
        var repeated = Self.home
        repeated.elements[1].reportedTwice = true  // "Spent $1,234.56" twice, same rect
        try series.audit(day: 0, [repeated, Self.budgets])
        try series.audit(day: 1, [Self.home, Self.budgets])
        let once = series.diff()
        #expect(once.new.isEmpty && once.resolved.isEmpty)
        #expect(once.residual.count == Self.home.elements.count + Self.budgets.elements.count)
        #expect(!series.check().failed)
        try series.audit(day: 2, [repeated, Self.budgets])
        let twice = series.diff()
        #expect(twice.new.isEmpty && twice.resolved.isEmpty)
        #expect(twice.repeatedNumbers == [3])
        #expect(series.check().failing.isEmpty)
        #expect(series.since().residual["home.spent"] == 0)
        let trend = Trend(entries: series.entries, by: .view)
        #expect(trend.columns.map(\.openCount) == [14, 14, 14])
    }

    @Test func aTextlessLookAlikeInsertedAboveIsTheNewOne() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.budgets])
        // A new row with its own chevron goes in at the top of the list; every row below moves down 60 pt.
        var budgets = Self.budgets
        budgets.elements = budgets.elements.map { $0.rect.y >= 200 ? $0.moved(dy: 60) : $0 }
        budgets.elements.insert(Self.chevron("budgets.chevronNew", y: 202), at: 2)
        try series.audit(day: 1, [Self.home, budgets])
        let diff = series.diff()
        #expect(series.newIDs(diff.new) == ["budgets.chevronNew"])
        #expect(diff.resolved.isEmpty)
        #expect(series.residual(diff) == Self.identity(Set((Self.home.elements + Self.budgets.elements).map(\.id))))
        let check = series.check()
        #expect(check.failing == ["budgets.chevronNew"] && check.failed)
        let since = series.since().residual
        #expect(since["budgets.chevron1"] == 0 && since["budgets.chevron3"] == 0)
        #expect(since["budgets.chevronNew"] == nil)
    }

    @Test func theWholeHistoryIsJudgedAsAuditAfterAuditIs() throws {
        // Full, partial, full with new warnings, translated, and a partial audit with a moved element: the
        // walk that places and judges on one thread while another matches decides as adding one audit
        // after the other.
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.budgets, Self.cards])
        var home = Self.home
        home.elements.removeAll { $0.id == "home.groceries" }
        home.elements.append(Self.label("home.savings", 30, "Savings", 74, 356, 90))
        try series.audit(day: 1, [home])
        var budgets = Self.budgets
        budgets.elements.append(Self.label("budgets.savings", 31, "Savings goal", 74, 356, 110))
        try series.audit(day: 2, [home, budgets, Self.cards])
        try series.audit(day: 3, [Self.german(home), Self.german(budgets), Self.german(Self.cards)], language: 1)
        budgets.elements = budgets.elements.filter { $0.id != "budgets.rent" }.map { $0.moved(dy: 8) }
        try series.audit(day: 4, [budgets])

        let whole = HistoryJudgement(entries: series.entries.shuffled())
        var added = HistoryJudgement(entries: [series.entries[0]])
        for entry in series.entries.dropFirst() { added.add(entry) }
        #expect(whole.reports.count == 5 && added.reports.count == 5)
        for (a, b) in zip(whole.reports, added.reports) {
            #expect(a.entry.sha256 == b.entry.sha256)
            #expect(a.verdicts == b.verdicts)
            #expect(a.screens == b.screens)
            #expect(a.notCovered == b.notCovered)
            #expect(a.resolved == b.resolved)
            #expect(a.notReaudited == b.notReaudited)
            #expect(a.comparedWith == b.comparedWith)
        }
        // The series has each kind of fact to compare.
        #expect(whole.reports.contains { !$0.resolved.isEmpty } && whole.reports.contains { !$0.notReaudited.isEmpty })
        #expect(whole.reports.contains { !$0.notCovered.isEmpty })
        #expect(whole.reports.last!.verdicts.contains { $0.change == .residual })
    }

    @Test func partialAuditsSpeakOnlyForTheScreensTheyVisited() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.budgets, Self.cards])
        // Day 1 audits Home only: "Groceries" fixed, a new "Savings" warning.
        var home = Self.home
        home.elements.removeAll { $0.id == "home.groceries" }
        home.elements.append(Self.label("home.savings", 30, "Savings", 74, 356, 90))
        try series.audit(day: 1, [home])
        let partial = series.diff()
        #expect(series.newIDs(partial.new) == ["home.savings"])
        #expect(series.oldIDs(partial.resolved) == ["home.groceries"])
        #expect(series.oldIDs(partial.notReaudited) == Set((Self.budgets.elements + Self.cards.elements).map(\.id)))
        #expect(series.check().failing == ["home.savings"])
        // An accepted warning of a screen the partial audit did not visit is not stale (prune keeps it).
        let rent = series.entries[0].issues.first { $0.elementText == "Rent" }!
        let baseline = Baseline(entries: [
            Baseline.Entry(fingerprint: rent.fingerprint, reason: "judged", acceptedOn: "2026-01-01")
        ])
        let partialCheck = HistoryCheck(
            entry: series.entries[1], history: History(entries: [series.entries[0]]), baseline: baseline, failOn: .new,
            strictBaseline: true)
        #expect(partialCheck.staleBaseline.isEmpty)
        #expect(partialCheck.failing.map(\.issue.elementText) == ["Savings"])
        let afterPartial = series.since()
        #expect(afterPartial.notReaudited["budgets.rent"] == 0 && afterPartial.notReaudited["cards.limit"] == 0)
        #expect(afterPartial.residual["home.title"] == 0)

        // Day 2 is a full audit again with three new warnings: only they fail, and the other screens are
        // compared with day 0, Home with day 1.
        var budgets = Self.budgets
        budgets.elements.append(Self.label("budgets.savings", 31, "Savings goal", 74, 356, 110))
        var cards = Self.cards
        cards.elements.append(Self.label("cards.freeze", 44, "Freeze", 330, 96, 60))
        home.elements.append(Self.label("home.income", 12, "Income", 74, 408, 70))
        try series.audit(day: 2, [home, budgets, cards])
        let full = series.diff()
        #expect(series.newIDs(full.new) == ["budgets.savings", "cards.freeze", "home.income"])
        #expect(full.resolved.isEmpty && full.notReaudited.isEmpty && full.firstAudited.isEmpty)
        #expect(
            full.screens.map(\.fileName) == [
                series.entries[1].fileName, series.entries[0].fileName, series.entries[0].fileName,
            ])
        let check = series.check()
        #expect(check.failing == ["budgets.savings", "cards.freeze", "home.income"] && check.failed)
        let since = series.since()
        #expect(since.residual["budgets.rent"] == 0 && since.residual["home.savings"] == 1)
        #expect(since.notReaudited.isEmpty)

        // A session for a report of Budgets alone lists no Home warning as resolved.
        try series.audit(day: 3, [Self.budgets])
        let session = try #require(SessionComparison(series.judged()))
        #expect(series.oldIDs(series.diff().resolved) == ["budgets.savings"])
        #expect(session.resolved.map(\.text) == ["Savings goal"])
        #expect(session.previousReportName == series.entries[2].fileName)
    }

    /// A report of a screen no earlier audit covered: its session says so in words, never names a
    /// placeholder as if it were a report file.
    @Test func aSessionOfScreensNotAuditedBeforeSaysSoInWords() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home])
        try series.audit(day: 1, [Self.budgets])
        let judged = series.judged()
        #expect(judged.hasEarlierAudit && judged.comparedWith.isEmpty)
        let comparison = try #require(SessionComparison(judged))
        #expect(comparison.previousReportName.isEmpty)
        var facts = SessionFacts(report: series.reports[judged.entry.fileName]!.report, logPath: "audit.md")
        facts.comparison = comparison
        let session = TemplateSet.builtin().render(.session, facts.templateContext(sessionNumber: 2))
        #expect(session.contains("Open warnings against no earlier audit of its screens: "))
        #expect(!session.contains("(no earlier report)"))
    }

    @Test func aTextMovedIntoANewSubviewKeepsItsFingerprint() throws {
        let before = """
            import SwiftUI
            struct BudgetsView: View {
                var body: some View { List { Text("Rent"); Text("Transport") } }
            }
            """
        let after = """
            import SwiftUI
            struct BudgetsView: View {
                var body: some View { List { BudgetRow(); Text("Transport") } }
            }
            """
        let row = """
            import SwiftUI
            struct BudgetRow: View {
                var body: some View { Text("Rent") }
            }
            """
        var series = try Series()
        defer { series.audits.remove() }
        let first = try series.audit(
            day: 0, [Self.home, Self.budgets], sources: SourceIndex.build(sources: [("App/BudgetsView.swift", before)]))
        let second = try series.audit(
            day: 1, [Self.home, Self.budgets],
            sources: SourceIndex.build(sources: [("App/BudgetsView.swift", after), ("App/BudgetRow.swift", row)]))
        let rent = { (entry: HistoryEntry) in entry.issues.first { $0.elementText == "Rent" }! }
        #expect(rent(first).view == "BudgetsView" && rent(second).view == "BudgetRow")
        #expect(rent(first).fingerprint == rent(second).fingerprint)
        let diff = series.diff()
        #expect(diff.new.isEmpty && diff.resolved.isEmpty)
        #expect(series.stages(diff)["budgets.rent"] == .fingerprint)
        #expect(!series.check().failed)
        #expect(series.since().residual["budgets.rent"] == 0)
    }

    @Test func theSameAuditAsHTMLAndAsJSONIsTheSameWarnings() throws {
        var series = try Series()
        defer { series.audits.remove() }
        let html = try series.audit(day: 0, [Self.home, Self.budgets], container: .html(.varAssignment))
        let json = try series.audit(day: 0, [Self.home, Self.budgets], container: .json)
        #expect(html.sha256 != json.sha256)
        #expect(html.issues.map(\.imageHash) == json.issues.map(\.imageHash))
        #expect(html.issues.contains { $0.imageHash != nil })
        let diff = series.diff()
        #expect(diff.new.isEmpty && diff.resolved.isEmpty)
        #expect(Set(series.stages(diff).values) == [.fingerprint])
        #expect(series.residual(diff).count == Self.home.elements.count + Self.budgets.elements.count)
        #expect(!series.check().failed)
    }

    @Test func screensVisitedInAnotherOrderChangeNothing() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.budgets, Self.cards])
        try series.audit(day: 1, [Self.cards, Self.budgets, Self.home])
        let diff = series.diff()
        #expect(diff.new.isEmpty && diff.resolved.isEmpty)
        #expect(series.residual(diff) == Self.identity(Self.allIDs))
        #expect(!series.check().failed)
        #expect(series.since().residual == Dictionary(uniqueKeysWithValues: Self.allIDs.map { ($0, 0) }))
    }

    @Test func amountsAndDatesInsideLabelsAreTheSameElement() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.cards])
        var home = Self.home
        home.elements[1] = home.elements[1].with(text: "Spent $87.10")
        home.elements[2] = home.elements[2].with(text: "Updated 14 Feb 2026")
        var cards = Self.cards
        cards.elements[1] = cards.elements[1].with(text: "Limit $2,500")
        try series.audit(day: 1, [home, cards])
        let diff = series.diff()
        #expect(diff.new.isEmpty && diff.resolved.isEmpty)
        #expect(series.residual(diff) == Self.identity(Set((Self.home.elements + Self.cards.elements).map(\.id))))
        let stages = series.stages(diff)
        #expect(stages["home.spent"] == .fingerprint && stages["cards.limit"] == .fingerprint)
        #expect(stages["home.updated"] == .geometry)
        #expect(!series.check().failed)
        #expect(series.since().residual["home.updated"] == 0)
    }

    @Test func aTextThatReallyChangedIsNewAndResolved() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.budgets])
        var budgets = Self.budgets
        budgets.elements[1] = budgets.elements[1].with(text: "Create")  // "Add" -> "Create", same place
        try series.audit(day: 1, [Self.home, budgets])
        let diff = series.diff()
        #expect(series.newIDs(diff.new) == ["budgets.add"])
        #expect(series.oldIDs(diff.resolved) == ["budgets.add"])
        var others = Self.identity(Set((Self.home.elements + Self.budgets.elements).map(\.id)))
        others["budgets.add"] = nil
        #expect(series.residual(diff) == others)
        let check = series.check()
        #expect(check.failing == ["budgets.add"] && check.failed)
        #expect(series.since().residual["budgets.add"] == nil)
    }

    @Test func aScreenRemovedFromTheAppIsNotReauditedNotResolved() throws {
        var series = try Series()
        defer { series.audits.remove() }
        try series.audit(day: 0, [Self.home, Self.budgets, Self.cards])
        try series.audit(day: 1, [Self.home, Self.budgets])
        let diff = series.diff()
        #expect(diff.new.isEmpty && diff.resolved.isEmpty)
        #expect(series.oldIDs(diff.notReaudited) == ["cards.title", "cards.limit"])
        #expect(series.residual(diff).count == Self.home.elements.count + Self.budgets.elements.count)
        #expect(!series.check().failed)
        let since = series.since()
        #expect(since.notReaudited == ["cards.title": 0, "cards.limit": 0])
        let text = try HistoryOutput.render(Trend(entries: series.entries, by: .view), format: .text)
        #expect(text.contains("not re-audited since 2026-01-01 12:00 (AuditReport_2026-01-01_12-00-00.html)"))
    }
}

extension WarningIdentityTests {
    @Test func textlessIconsThatSwappedPlacesAreFollowedByTheirThumbnails() throws {
        func icon(_ id: String, _ look: Int, x: Double, y: Double) -> AppElement {
            AppElement(id, code: 19, text: nil, rect: Rect(x: x, y: y, width: 30, height: 30), look: .icon(look))
        }
        let before = AppScreen(
            "Settings",
            [
                Self.label("settings.title", 30, "Settings", 20, 96, 120),
                icon("settings.bell", 1, x: 30, y: 296), icon("settings.gear", 2, x: 30, y: 348),
                icon("settings.star", 3, x: 30, y: 400),
            ])
        // The gear stays; the bell and the star move to the other end of the screen, the star above the bell.
        let after = AppScreen(
            "Settings",
            [
                Self.label("settings.title", 30, "Settings", 20, 96, 120),
                icon("settings.gear", 2, x: 30, y: 348), icon("settings.star", 3, x: 300, y: 600),
                icon("settings.bell", 1, x: 300, y: 700),
            ])
        var series = try Series()
        defer { series.audits.remove() }
        let first = try series.audit(day: 0, [Self.home, before])
        // Four text-less elements with thumbnails; home.icon looks like the bell.
        #expect(first.issues.compactMap(\.imageHash).count == 4)
        #expect(Set(first.issues.compactMap(\.imageHash)).count == 3)
        try series.audit(day: 1, [Self.home, after])
        let diff = series.diff()
        #expect(diff.new.isEmpty && diff.resolved.isEmpty)
        #expect(series.residual(diff) == Self.identity(Set((Self.home.elements + before.elements).map(\.id))))
        let stages = series.stages(diff)
        #expect(stages["settings.bell"] == .image && stages["settings.star"] == .image)
        #expect(stages["settings.gear"] == .fingerprint)
        #expect(!series.check().failed)
        let text = try HistoryOutput.render(series.judged(), format: .text)
        #expect(text.contains("recognised 2 by thumbnail"))
        #expect(text.contains(" \u{2014} same element by its thumbnail\n"))
    }
}
