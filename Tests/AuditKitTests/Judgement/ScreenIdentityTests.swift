import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Which screen a report audited, known by what it shows: per-screen reports of an app whose reports
/// name every screen alike, written with real screenshots by `AuditSeries`, each judged as `audit`
/// judges it. Every test states the exact new, resolved, residual and not re-audited warnings (by the
/// elements' ids) and the `check` verdict.
@Suite struct ScreenIdentityTests {
    static func label(_ id: String, _ text: String, y: Double, code: Int = 12) -> AppElement {
        AppElement(id, code: code, text: text, rect: Rect(x: 20, y: y, width: 180, height: 22))
    }

    static func chevron(_ id: String, y: Double) -> AppElement {
        AppElement(id, code: 17, text: nil, rect: Rect(x: 370, y: y, width: 12, height: 20), look: .chevron)
    }

    /// A screen with a title bar of painted (unflagged) labels and rows, so its screenshot has the
    /// structure a real one has.
    static func screen(_ group: String, _ elements: [AppElement], frame: [String]) -> AppScreen {
        let chrome = frame.enumerated().map { index, text in
            label("chrome.\(index)", text, y: 60 + Double(index) * 36).unflagged()
        }
        return AppScreen(group, chrome + elements)
    }

    static func home(_ group: String) -> AppScreen {
        screen(
            group,
            [
                label("home.income", "Income", y: 240), label("home.spending", "Spending", y: 300, code: 30),
                label("home.savings", "Savings goal", y: 360), chevron("home.chevron", y: 420),
            ], frame: ["Home", "Overview", "This month"])
    }

    static func budgets(_ group: String) -> AppScreen {
        screen(
            group,
            [
                label("budgets.rent", "Rent", y: 520), label("budgets.food", "Groceries", y: 600, code: 30),
                label("budgets.fun", "Going out", y: 680),
            ], frame: ["Budgets", "Active budgets", "January", "Categories", "Add a budget"])
    }

    /// A series of audits judged in order.
    struct Series {
        let series: AuditSeries
        var reports: [AuditedReport] = []
        var entries: [HistoryEntry] = []

        init() throws { series = try AuditSeries() }

        @discardableResult
        mutating func audit(
            day: Int, _ screens: [AppScreen], container: ReportFixture.Container = .html(.varAssignment),
            language: Int = 0, screenshots: Bool = true, covers: [String]? = nil, dark: Bool = false,
            views: [String: String] = [:], rootViews: [String?] = [], named: [String?] = []
        ) throws -> ReportJudgement {
            let audited = try series.audit(
                day: day, screens, container: container, language: language, screenshots: screenshots, dark: dark)
            reports.append(audited)
            var entry = HistoryEntry(report: audited.report)
            entry.covers = covers
            // What a mapping with sources would record: each element's view, each screen's root view, and
            // the names the team gave screens.
            for index in entry.issues.indices {
                entry.issues[index].view = views[audited.id(entry.issues[index].number)]
            }
            for (index, root) in rootViews.enumerated() { entry.screens[index].rootView = root }
            for (index, name) in named.enumerated() { entry.screens[index].named = name }
            entries.append(entry)
            return HistoryJudgement(entries: entries).latestReport!
        }

        /// The element ids of `verdicts`.
        func ids(_ verdicts: [WarningVerdict]) -> Set<String> {
            Set(
                verdicts.map { verdict in
                    reports.first { $0.report.sha256 == verdict.audit.sha256 }?.id(verdict.number) ?? "?"
                })
        }

        /// New, resolved, residual and not re-audited, by element id.
        func changes(_ judged: ReportJudgement) -> [Set<String>] {
            [
                ids(judged.newWarnings), ids(judged.resolvedWarnings), ids(judged.residualWarnings),
                ids(judged.notReauditedWarnings),
            ]
        }

        /// Whether `check --fail-on new` fails for the latest audit.
        func checkFails() -> Bool {
            HistoryCheck(
                entry: entries.last!, history: History(entries: entries.dropLast()), baseline: Baseline(), failOn: .new
            )
            .failed
        }

        func remove() { series.remove() }
    }

    static let homeIDs: Set<String> = ["home.income", "home.spending", "home.savings", "home.chevron"]
    static let budgetIDs: Set<String> = ["budgets.rent", "budgets.food", "budgets.fun"]

    @Test(arguments: ["BudgetApp", "", "0"])
    func perScreenReportsNamedAlikeResolveOnlyTheScreenTheyShow(group: String) throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home(group)])
        // The Budgets screen, named like Home: nothing of Home is resolved; Budgets is audited for the first time.
        let budgets = try series.audit(day: 1, [Self.budgets(group)])
        #expect(series.changes(budgets) == [Self.budgetIDs, [], [], Self.homeIDs])
        #expect(budgets.screens.map(\.comparedWith) == [nil])
        // Home again with the same findings: nothing new, the check passes.
        let home = try series.audit(day: 2, [Self.home(group)])
        #expect(series.changes(home) == [[], [], Self.homeIDs, Self.budgetIDs])
        #expect(home.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(home.screens.first?.evidence?.contains("screenshot") == true)
        #expect(!series.checkFails())
        // The summary by screen: two screens (as judged), though every report numbers its screen 0.
        let summary = AuditSummary(
            inputs: series.reports.map { SummaryInput(report: $0.report) }, grouping: .screen)
        let first = "screen 1 of \(series.reports[0].report.fileName)"
        let second = "screen 1 of \(series.reports[1].report.fileName)"
        #expect(summary.sections.map(\.name) == [first, second])
        #expect(summary.sections.map(\.warnings.count) == [4, 3])
    }

    @Test func numberedGroupsOfOneReportDoNotFoldIntoOne() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("0"), Self.budgets("1")])
        // Only screen 0 (Home) audited again, its chevron fixed.
        var home = Self.home("0")
        home.elements.removeAll { $0.id == "home.chevron" }
        let judged = try series.audit(day: 1, [home])
        #expect(
            series.changes(judged) == [
                [], ["home.chevron"], Self.homeIDs.subtracting(["home.chevron"]), Self.budgetIDs,
            ])
    }

    @Test func theSameScreenInAnotherLanguageIsTheSameScreen() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("BudgetApp")])
        var german = Self.home("BudgetApp")
        german.elements = german.elements.map {
            let texts = ["Income": "Einnahmen", "Spending": "Ausgaben", "Savings goal": "Sparziel"]
            return $0.with(text: $0.text.map { texts[$0] ?? $0 })
        }
        let judged = try series.audit(day: 1, [german], language: 1)
        #expect(judged.screens.first?.comparedWith != nil)
        #expect(series.changes(judged)[0].isEmpty && series.changes(judged)[1].isEmpty)
        #expect(!series.checkFails())
    }

    /// Home and Budgets with German texts: no text is shared with the English audits.
    static func german(_ screen: AppScreen) -> AppScreen {
        var german = screen
        let texts = [
            "Income": "Einnahmen", "Spending": "Ausgaben", "Savings goal": "Sparziel", "Home": "Start",
            "Overview": "Übersicht", "This month": "Dieser Monat", "Rent": "Miete", "Groceries": "Lebensmittel",
            "Going out": "Ausgehen", "Budgets": "Budgets", "Active budgets": "Aktive Budgets", "January": "Januar",
            "Categories": "Kategorien", "Add a budget": "Budget hinzufügen",
        ]
        german.elements = german.elements.map { $0.with(text: $0.text.map { texts[$0] ?? $0 }) }
        return german
    }

    @Test func theSameScreenInTheOtherAppearanceAndLanguageIsTheSameScreen() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("BudgetApp")])
        try series.audit(day: 1, [Self.budgets("BudgetApp")])
        // Home in the dark appearance and in German: no text in common, the screenshot's edges
        // where they were with the other polarity.
        let dark = try series.audit(day: 2, [Self.german(Self.home("BudgetApp"))], language: 1, dark: true)
        #expect(dark.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(dark.screens.first?.evidence == "matched by screenshot")
        #expect(series.changes(dark) == [[], [], Self.homeIDs, Self.budgetIDs])
        #expect(!series.checkFails())
        // Budgets in the dark is not Home in the dark.
        let budgets = try series.audit(day: 3, [Self.german(Self.budgets("BudgetApp"))], language: 1, dark: true)
        #expect(budgets.screens.first?.comparedWith?.fileName == series.reports[1].report.fileName)
        #expect(series.changes(budgets) == [[], [], Self.budgetIDs, Self.homeIDs])
    }

    @Test func aScreenLooksLikeAnyOfItsEarlierScreenshots() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("BudgetApp")])
        // Home with a banner over its rows: paired by its texts, its screenshot unlike the first.
        var banner = Self.home("BudgetApp")
        banner.elements += (0..<6).map { row in
            Self.label("banner.\(row)", "Offline", y: 460 + Double(row) * 30).unflagged()
        }
        let withBanner = try series.audit(day: 1, [banner])
        #expect(withBanner.screens.first?.comparedWith != nil)
        // Home in German without the banner: no text in common; it looks like the first audit.
        let german = try series.audit(day: 2, [Self.german(Self.home("BudgetApp"))], language: 1)
        #expect(german.screens.first?.comparedWith?.fileName == series.reports[1].report.fileName)
        #expect(german.screens.first?.evidence == "matched by screenshot")
        #expect(series.changes(german) == [[], [], Self.homeIDs, []])
    }

    @Test func aReportWithoutScreenshotsInAnEarlierLanguageIsTheScreenOfThatLanguage() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("BudgetApp")])
        // Home in German (paired by its screenshot), then in English again without screenshots, as the
        // Inspector's text export has it: only its texts tell the screen, and they are the first audit's.
        try series.audit(day: 1, [Self.german(Self.home("BudgetApp"))], language: 1)
        let english = try series.audit(day: 2, [Self.home("BudgetApp")], screenshots: false)
        #expect(english.screens.first?.comparedWith?.fileName == series.reports[1].report.fileName)
        #expect(english.screens.first?.evidence == "matched by 3 of 3 texts")
        #expect(series.changes(english)[1].isEmpty, "a report without screenshots resolves nothing")
        #expect(series.changes(english)[3].isEmpty, "Home was covered")
        // The sessions name the screen as the judgement does, not by the report's group name.
        let files = series.reports.map(\.report.fileName)
        let first = HistoryJudgement(entries: [series.entries[0]]).latestReport
        #expect(
            SessionFacts(report: series.reports[0].report, logPath: "audit.md", judgement: first).scope
                == "screen 1 (\(files[0]))")
        #expect(
            SessionFacts(report: series.reports[2].report, logPath: "audit.md", judgement: english).scope
                == "screen 1 of \(files[0]) (\(files[2]))")
        // A screen of other texts, without screenshots, is still a screen not audited before.
        let budgets = try series.audit(day: 3, [Self.budgets("BudgetApp")], screenshots: false)
        #expect(budgets.screens.first?.comparedWith == nil)
    }

    @Test func reportsWithoutScreenshotsSharingOnlyTabBarLabelsAreDifferentScreens() throws {
        var series = try Series()
        defer { series.remove() }
        // The tab bar's labels are flagged on every screen: two of each screen's four texts.
        let tabs = [
            Self.label("tab.home", "Start", y: 800, code: 30), Self.label("tab.cards", "Cards", y: 830, code: 30),
        ]
        let home = Self.screen(
            "BudgetApp",
            tabs + [Self.label("home.income", "Income", y: 240), Self.label("home.spending", "Spending", y: 300)],
            frame: ["Home"])
        let budgets = Self.screen(
            "BudgetApp",
            tabs + [Self.label("budgets.rent", "Rent", y: 240), Self.label("budgets.food", "Groceries", y: 300)],
            frame: ["Budgets"])
        try series.audit(day: 0, [home], screenshots: false)
        let judged = try series.audit(day: 1, [budgets], screenshots: false)
        #expect(judged.screens.first?.comparedWith == nil)
        #expect(series.changes(judged)[3] == ["tab.home", "tab.cards", "home.income", "home.spending"])
        // Home again: three of its four texts still there (one fixed) say it is Home.
        var again = home
        again.elements.removeAll { $0.id == "home.spending" }
        let homeAgain = try series.audit(day: 2, [again], screenshots: false)
        #expect(homeAgain.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
    }

    /// Home with a footer row at the bottom of the screenshot.
    static var tallHome: AppScreen {
        var tall = home("BudgetApp")
        tall.elements += [label("home.footer", "Last updated today", y: 800)]
        return tall
    }

    /// `tallHome` scrolled by 220 points: the title rows and Income leave the top.
    static var scrolledHome: AppScreen {
        var scrolled = tallHome
        scrolled.elements = scrolled.elements.map { $0.moved(dy: -220) }.filter { $0.rect.y >= 40 }
        return scrolled
    }

    @Test func warningsScrolledOutOfTheScreenshotAreNotReauditedNotResolved() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.tallHome])
        // Scrolled by 220 points: the title rows and Income leave the top, a new row comes in at the bottom.
        var scrolled = Self.scrolledHome
        scrolled.elements.append(Self.label("home.more", "More accounts", y: 800))
        let judged = try series.audit(day: 1, [scrolled])
        let changes = series.changes(judged)
        #expect(changes[0] == ["home.more"])
        #expect(changes[1].isEmpty, "nothing scrolled away is resolved")
        #expect(changes[2] == ["home.spending", "home.savings", "home.chevron", "home.footer"])
        #expect(changes[3] == ["home.income"])
    }

    @Test func warningsScrolledBackIntoTheScreenshotAreResidualOrResolved() throws {
        var series = try Series()
        defer { series.remove() }
        let tall = Self.tallHome
        let scrolled = Self.scrolledHome
        try series.audit(day: 0, [tall])
        let away = try series.audit(day: 1, [scrolled])
        // Income still stands while scrolled away: the trend counts it, as not re-audited.
        let trend = Trend(entries: series.entries, by: .view)
        #expect(trend.columns.map(\.openCount) == [5, 5])
        #expect(trend.columns[1].openCount == away.verdicts.count + away.notReauditedWarnings.count)
        #expect(trend.notReaudited.map(\.issue.elementText) == ["Income"])
        #expect(trend.residual.count == 4)
        // An acceptance of Income is not stale while Income is scrolled away.
        let income = try #require(series.entries[0].issues.first { $0.elementText == "Income" })
        let accepted = Baseline(entries: [
            Baseline.Entry(fingerprint: income.fingerprint, reason: "r", acceptedOn: "2026-01-01")
        ])
        let judged = HistoryJudgement(entries: series.entries, baseline: accepted)
        #expect(judged.staleBaseline(for: judged.latestReport!).isEmpty)
        #expect(judged.staleBaseline().isEmpty)
        // Scrolled back: Income, not re-audited the day before, is there as it was.
        let back = try series.audit(day: 2, [tall])
        #expect(series.changes(back) == [[], [], Self.homeIDs.union(["home.footer"]), []])
        let since = back.verdicts.first { $0.issue.elementText == "Income" }?.since
        #expect(since?.fileName == series.reports[0].report.fileName)
        #expect(!series.checkFails())
        // Scrolled back again after a fix of Income: it is resolved.
        try series.audit(day: 3, [scrolled])
        var fixed = tall
        fixed.elements = tall.elements.map { $0.id == "home.income" ? $0.unflagged() : $0 }
        let resolved = try series.audit(day: 4, [fixed])
        #expect(series.changes(resolved)[1] == ["home.income"])
        #expect(series.changes(resolved)[0].isEmpty)
    }

    @Test func aReportWithoutScreenshotsCoversOnlyWhatItFlags() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("BudgetApp")])
        var partial = Self.home("BudgetApp")
        partial.elements.removeAll { $0.id == "home.savings" }
        let judged = try series.audit(day: 1, [partial], screenshots: false)
        #expect(series.changes(judged) == [[], [], Self.homeIDs.subtracting(["home.savings"]), ["home.savings"]])
        #expect(judged.screens.first?.coversWholeScreen == false)
        // The next audit with its screenshot still has Savings goal: residual, not new.
        let full = try series.audit(day: 2, [Self.home("BudgetApp")])
        #expect(series.changes(full) == [[], [], Self.homeIDs, []])
        #expect(!series.checkFails())
    }

    @Test func theInspectorsEmptyReportShowsNoScreenAndResolvesNothing() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("BudgetApp")])
        let judged = try series.audit(day: 1, [AppScreen("Screen1", [])], screenshots: false)
        #expect(series.changes(judged) == [[], [], [], Self.homeIDs])
        #expect(judged.screens.map(\.shows) == [false])
        #expect(judged.covered.isEmpty)
        #expect(judged.screens.first?.sentence.contains("shows nothing") == true)
    }

    @Test func anEmptyReportCoversTheScreensTheUserNames() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("Home"), Self.budgets("Budgets")])
        let judged = try series.audit(day: 1, [AppScreen("Screen1", [])], screenshots: false, covers: ["home"])
        #expect(series.changes(judged) == [[], Self.homeIDs, [], Self.budgetIDs])
        #expect(
            judged.screens.last?.sentence
                == "Home compared with \(series.reports[0].report.fileName): named as covered (“home”)")
    }

    @Test func aCleanReauditWithItsScreenshotResolvesTheScreen() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("BudgetApp"), Self.budgets("BudgetApp")])
        var clean = Self.home("BudgetApp")
        clean.elements = clean.elements.map { $0.unflagged() }
        let judged = try series.audit(day: 1, [clean])
        #expect(series.changes(judged) == [[], Self.homeIDs, [], Self.budgetIDs])
        #expect(judged.screens.first?.comparedWith != nil)
    }

    @Test func aDetailScreenReachedFromTwoParentsIsOneScreen() throws {
        var series = try Series()
        defer { series.remove() }
        let detail = Self.screen(
            "BudgetApp", [Self.label("detail.amount", "Amount", y: 300), Self.label("detail.note", "Note", y: 360)],
            frame: ["Transaction", "Details", "Edit"])
        try series.audit(day: 0, [Self.home("BudgetApp"), detail])
        let judged = try series.audit(day: 1, [Self.budgets("BudgetApp"), detail])
        #expect(series.changes(judged) == [Self.budgetIDs, [], ["detail.amount", "detail.note"], Self.homeIDs])
    }

    @Test func anInsertedLookAlikeAboveTwoOthersIsTheNewOne() throws {
        var series = try Series()
        defer { series.remove() }
        var before = Self.home("BudgetApp")
        before.elements += [Self.chevron("row.a", y: 480), Self.chevron("row.b", y: 520)]
        try series.audit(day: 0, [before])
        // A row inserted above the two: everything below it moves down one row (40 points).
        var after = before
        after.elements = before.elements.map { $0.rect.y >= 420 ? $0.moved(dy: 40) : $0 }
        after.elements.append(Self.chevron("row.new", y: 420))
        let judged = try series.audit(day: 1, [after])
        #expect(series.changes(judged) == [["row.new"], [], Self.homeIDs.union(["row.a", "row.b"]), []])
    }

    @Test func aWidgetMovedIntoAnotherWidgetsPlaceIsNotTheSameElement() throws {
        var series = try Series()
        defer { series.remove() }
        var before = Self.home("BudgetApp")
        before.elements.append(Self.label("widget.percent", "34 %", y: 480))
        try series.audit(day: 0, [before])
        var after = Self.home("BudgetApp")
        after.elements.append(Self.label("widget.counter", "12", y: 480))
        let judged = try series.audit(day: 1, [after])
        #expect(series.changes(judged) == [["widget.counter"], ["widget.percent"], Self.homeIDs, []])
    }

    @Test func aHistoryWrittenByTheReleaseBeforeKeepsComparingItsScreensByName() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.home("Home"), Self.budgets("Budgets")])
        // As the release before screen signatures wrote it: version 2, no signature, read back from its line.
        var old = series.entries[0]
        old.version = 2
        for index in old.screens.indices { old.screens[index].imageHash = nil }
        let line = try HistoryFile.makeEncoder().encode(old)
        series.entries[0] = try #require(HistoryFile.parse(line + Data("\n".utf8), path: "h.jsonl").entries.first)
        #expect(series.entries[0].knowsScreensByName)
        var home = Self.home("Home")
        home.elements.removeAll { $0.id == "home.savings" }
        let judged = try series.audit(day: 1, [home])
        #expect(
            series.changes(judged) == [
                [], ["home.savings"], Self.homeIDs.subtracting(["home.savings"]), Self.budgetIDs,
            ])
        #expect(judged.screens.first?.evidence?.contains("recorded before screenshots were compared") == true)
    }
}
