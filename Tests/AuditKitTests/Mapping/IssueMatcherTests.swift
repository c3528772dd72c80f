import AuditKit
import Foundation
import Testing

/// Mapping on the small SwiftUI project in Fixtures/MiniBudget (three views, a string catalog, a German
/// `Localizable.strings`, "Edit" in two views, a preview repeating "Widgets").
@Suite struct IssueMatcherTests {
    static let projectPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MiniBudget").path

    static func index() throws -> SourceIndex {
        try SourceIndex.build(roots: [projectPath + "/App"], workingDirectory: projectPath)
    }

    static func issue(
        _ number: Int, _ text: String?, type: TestType = .dynamicType, screen: Int = 0,
        rect: Rect? = nil
    ) -> ReportIssue {
        ReportIssue(
            number: number, screenIndex: screen, screenName: "\(screen)", screenGroupName: "Main",
            shortTitle: "Dynamic Type font sizes are unsupported", elementText: text, testType: type,
            elementRect: rect)
    }

    static func report(_ issues: [ReportIssue]) -> InspectorReport {
        let screenIndices = Set(issues.map(\.screenIndex)).sorted()
        let screens = screenIndices.map { index in
            Screen(
                index: index, name: "\(index)", groupName: "Main",
                displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622),
                screenshotScale: 3, issues: issues.filter { $0.screenIndex == index })
        }
        return InspectorReport(
            sourcePath: "Reports/AuditReport_2026-01-03_16-28-16.html", format: .html,
            auditDate: Date(timeIntervalSince1970: 0), auditDateSource: .caller, sha256: "",
            fileSize: 0, screens: screens)
    }

    @Test func indexesViewsLiteralsAndCatalogsInStableOrder() throws {
        let index = try Self.index()
        #expect(
            index.swiftFiles == [
                "App/Budgets/BudgetsView.swift", "App/Home/HomeView.swift",
                "App/Settings/SettingsView.swift",
            ])
        #expect(index.viewTypes == ["BudgetRow", "BudgetsView", "HomeView", "SettingsView"])
        #expect(index.problems.isEmpty)
        let widgets = index.literals(exactly: "Widgets")
        #expect(
            widgets.map(\.location) == [
                SourceLocation(file: "App/Home/HomeView.swift", line: 24, column: 26),
                SourceLocation(file: "App/Home/HomeView.swift", line: 39, column: 10),
            ])
        #expect(widgets.map(\.isTextBearing) == [true, true])
        #expect(widgets.map(\.literal.inPreview) == [false, true])
        #expect(
            index.localizedStrings.contains {
                $0.key == "settings.title" && $0.value == "Einstellungen"
                    && $0.language == "de" && $0.location.line == 2
            })
        #expect(index.localizedStrings.contains { $0.key == "budgets.empty" && $0.language == "de" })
        // The same index built again is identical (parallel lexing keeps order).
        let again = try Self.index()
        #expect(again.literals == index.literals)
    }

    @Test func exactTextInATextCallWinsOverThePreview() throws {
        let result = IssueMatcher(index: try Self.index()).map(Self.report([Self.issue(1, "Widgets")]))
        let entry = try #require(result.issue(1))
        #expect(entry.primary?.location == SourceLocation(file: "App/Home/HomeView.swift", line: 24, column: 26))
        #expect(entry.primary?.view == "HomeView")
        #expect(entry.primary?.origin == .sourceText)
        #expect(entry.primary?.confidence == 0.9)
        #expect(entry.candidates.count == 2)
        #expect(entry.candidates[1].confidence < 0.9)
        #expect(!entry.isAmbiguous)
    }

    @Test func repeatedTextIsAmbiguousUntilTheScreenTellsTheViewsApart() throws {
        let index = try Self.index()
        let alone = IssueMatcher(index: index).map(Self.report([Self.issue(1, "Edit")]))
        let entry = try #require(alone.issue(1))
        #expect(entry.isAmbiguous)
        #expect(Set(entry.candidates.prefix(2).compactMap(\.view)) == ["HomeView", "BudgetsView"])
        #expect(entry.primary?.confidence == 0.45)
        #expect(entry.explanation.contains("ambiguous: 2 places"))

        // "Widgets" on the same screen maps to HomeView without doubt, so "Edit" there is HomeView's.
        let withContext = IssueMatcher(index: index).map(
            Self.report([Self.issue(1, "Widgets"), Self.issue(2, "Edit")]))
        let edit = try #require(withContext.issue(2))
        #expect(!edit.isAmbiguous)
        #expect(edit.primary?.view == "HomeView")
        #expect(edit.primary?.location?.line == 26)
    }

    @Test func localizedReportTextMapsBackThroughTheCatalogKeys() throws {
        let index = try Self.index()
        let result = IssueMatcher(index: index).map(
            Self.report([
                Self.issue(1, "Aktive Budgets"), Self.issue(2, "Noch keine Budgets"),
                Self.issue(3, "3 von 5 ausgegeben"),
                Self.issue(4, "Einstellungen"), Self.issue(5, "App-Info"),
            ]))
        let section = try #require(result.issue(1)?.primary)
        #expect(section.location == SourceLocation(file: "App/Budgets/BudgetsView.swift", line: 8, column: 21))
        #expect(section.note?.contains("localized key \"Active Budgets\" (de)") == true)
        #expect(result.issue(2)?.primary?.location?.line == 14)
        #expect(result.issue(2)?.primary?.view == "BudgetsView")
        #expect(result.issue(3)?.primary?.view == "BudgetRow")
        #expect(result.issue(3)?.primary?.location?.line == 32)
        #expect(result.issue(4)?.primary?.view == "SettingsView")
        #expect(result.issue(4)?.primary?.location?.line == 14)
        #expect(result.issue(5)?.primary?.location?.line == 12)
    }

    @Test func untranslatedTextsDoNotDecideTheReportsLanguage() throws {
        let index = try Self.index()
        // "Widgets" has no translation (every device shows it) and "Edit" is in no catalog: only "Aktive
        // Budgets" tells the language, so the German values match.
        let report = Self.report([Self.issue(1, "Widgets"), Self.issue(2, "Edit"), Self.issue(3, "Aktive Budgets")])
        #expect(ReportLanguage.detect(report: report, index: index) == "de")
        let result = IssueMatcher(index: index).map(report)
        #expect(result.issue(3)?.primary?.location?.line == 8)
        // An English report does not match the German value.
        let english = Self.report([Self.issue(1, "No budgets yet"), Self.issue(2, "Aktive Budgets")])
        #expect(ReportLanguage.detect(report: english, index: index) == "en")
        #expect(IssueMatcher(index: index).map(english).issue(2)?.primary == nil)
    }

    @Test func interpolationsAndFormatStringsMatchAsPatterns() throws {
        let result = IssueMatcher(index: try Self.index()).map(Self.report([Self.issue(1, "12 items")]))
        let primary = try #require(result.issue(1)?.primary)
        #expect(primary.location?.line == 28)
        #expect(primary.confidence == 0.7)
        #expect(TextPattern(format: "%@ of %lld").matches("3 of 5"))
        #expect(TextPattern(format: "%1$@ of %2$lld budgets").matches("Food of 5 budgets"))
        #expect(!TextPattern(format: "%@ of %lld").matches(" of 5"))
        #expect(!TextPattern(format: "100%% done").hasHoles)
        #expect(TextPattern(segments: [.interpolation, .text(" items")]).matches("12 items"))
        #expect(!TextPattern(segments: [.interpolation, .text(" items")]).matches("12 items left"))
    }

    @Test func noMatchSaysSoAndConstantsCarryTheirSymbol() throws {
        let index = try Self.index()
        let result = IssueMatcher(index: index).map(
            Self.report([
                Self.issue(1, "Nothing like this"), Self.issue(2, nil), Self.issue(3, "Income"),
            ]))
        #expect(result.issue(1)?.primary == nil)
        #expect(result.issue(1)?.explanation == "no string literal or localized string shows \"Nothing like this\"")
        #expect(result.issue(2)?.explanation == "the issue has no element text to look for")
        #expect(result.issue(3)?.primary?.symbol == "HomeWidgetKind.incomeTitle")
        // The constant is shown by `Text(HomeWidgetKind.incomeTitle)`: that line is the place, as shown text.
        #expect(result.issue(3)?.primary?.location?.line == 27)
        #expect(result.issue(3)?.primary?.confidence == 0.9)
        #expect(
            result.issue(3)?.primary?.note
                == "exact text in Text(HomeWidgetKind.incomeTitle), which is \"Income\"")
        #expect(result.counts.unmapped == 2)
    }

    @Test func ruleConclusionsWinAndBorrowLocationsFromTheSources() throws {
        let rules = try RuleFile(
            parsing: Array(
                """
                {"version": 1, "rules": [
                  {"id": "status-bar", "match": {"region": {"top": 60}}, "status": "system"},
                  {"id": "widgets", "match": {"text": "Widgets"}, "view": "DashboardView", "file": "App/Dash.swift", "line": 3},
                  {"id": "edit-budgets", "match": {"text": "Edit"}, "view": "BudgetsView",
                   "status": "accepted", "reason": "Inspector noise"},
                  {"id": "kind", "match": {"text": "Income"}, "symbol": "HomeWidgetKind.titleColor"}
                ]}
                """.utf8), path: "auditkit.rules.json")
        let result = IssueMatcher(rules: rules, index: try Self.index()).map(
            Self.report([
                Self.issue(1, "Widgets"), Self.issue(2, "Edit"),
                Self.issue(3, "9:41", rect: Rect(x: 20, y: 14, width: 40, height: 20)),
                Self.issue(4, "Income"),
            ]))
        let widgets = try #require(result.issue(1)?.primary)
        #expect(widgets.origin == .rule && widgets.ruleID == "widgets" && widgets.view == "DashboardView")
        #expect(widgets.location == SourceLocation(file: "App/Dash.swift", line: 3))
        #expect(widgets.confidence == 1)
        let edit = try #require(result.issue(2)?.primary)
        #expect(edit.status == .accepted(reason: "Inspector noise"))
        #expect(edit.location == SourceLocation(file: "App/Budgets/BudgetsView.swift", line: 18, column: 20))
        #expect(result.issue(3)?.primary?.status == .system)
        #expect(result.issue(3)?.primary?.location == nil)
        #expect(result.issue(4)?.primary?.symbol == "HomeWidgetKind.titleColor")
        // The rule names a symbol, but the text is found in the sources (where HomeView shows the constant):
        // that location, and its view, are used.
        #expect(result.issue(4)?.primary?.location?.line == 27)
        let groups = result.groupedByView()
        #expect(
            groups == [
                ViewGroup(view: "DashboardView", issueNumbers: [1]),
                ViewGroup(view: "BudgetsView", issueNumbers: [2]),
                ViewGroup(view: "HomeView", issueNumbers: [4]),
                ViewGroup(view: nil, issueNumbers: [3]),
            ])
    }

    @Test func aRuleWithOnlyASymbolPointsAtItsDeclaration() throws {
        let rules = try RuleFile(
            parsing: Array(
                """
                {"version": 1, "rules": [{"id": "c", "match": {"testType": "contrast"}, "symbol": "HomeWidgetKind.titleColor"}]}
                """.utf8), path: "r.json")
        let result = IssueMatcher(rules: rules, index: try Self.index()).map(
            Self.report([
                Self.issue(1, nil, type: .contrast)
            ]))
        #expect(
            result.issue(1)?.primary?.location == SourceLocation(file: "App/Home/HomeView.swift", line: 9, column: 9))
    }

    @Test func foldingIgnoresCaseWhitespaceRunsAndQuoteStyle() {
        #expect(SourceIndex.fold("  Hello \t  World ") == "hello world")
        #expect(SourceIndex.fold("already folded") == "already folded")
        #expect(SourceIndex.fold("Ünïcode  X") == "ünïcode x")
        #expect(SourceIndex.fold("“Quote” it’s…") == "\"quote\" it's...")
        #expect(SourceIndex.fold(" ") == "")
    }
}
