import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Screen-aware mapping on the Pocketbook app (Fixtures/Pocketbook: 32 views, a tab view, tiles composed into
/// a home view, forms presented as sheets from two places, segmented pickers, joined labels, interpolated
/// counts, a German catalog) with the three-screen report of `ReportFixture.pocketbook()`.
@Suite struct ScreenAwareMappingTests {
    static let appPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Pocketbook").path

    static func index() throws -> SourceIndex {
        try SourceIndex.build(roots: [appPath], workingDirectory: appPath)
    }

    static func report() throws -> InspectorReport {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("AuditReport_2026-11-23_09-41-00.json")
        try ReportFixture.pocketbook().write(to: path, as: .json)
        return try ReportReader.read(path: path)
    }

    /// `marker` → the file and line carrying `// truth: marker`.
    static func truthLines() throws -> [String: CodeLocation] {
        var found: [String: CodeLocation] = [:]
        let files = FileManager.default.enumerator(atPath: appPath)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: appPath + "/" + file, encoding: .utf8)
            for (n, line) in text.components(separatedBy: "\n").enumerated() {
                guard let range = line.range(of: "// truth: ") else { continue }
                let marker = String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
                #expect(found[marker] == nil, "marker \(marker) twice")
                found[marker] = CodeLocation(file: file, line: n + 1)
            }
        }
        return found
    }

    /// What each issue's primary mapping must be: the confidence and whether it is ambiguous.
    static let expectations: [String: (confidence: Double, ambiguous: Bool)] = {
        var table: [String: (Double, Bool)] = [:]
        // Only one place shows the text (a text-bearing call, a custom initialiser argument the view passes
        // to Text, a catalog key, a tab title).
        for marker in [
            "home-title", "home-greeting", "home-income-month", "home-spending", "home-over-label", "home-goal-card",
            "home-goals-all", "home-upcoming", "home-bills", "home-add", "home-transfer", "home-recent", "home-rent",
            "home-show-all", "tab-home", "budgets-active", "budgets-section", "budgets-spent", "budgets-used",
            "form-title", "form-footer",
        ] {
            table[marker] = (0.9, false)
        }
        // Look-alikes elsewhere; the screen's subtree (or, in the tab bar, the tab title) decides: 0.9 × 0.9.
        for marker in [
            "home-edit", "home-income", "home-goals", "tab-budgets", "budgets-title", "budgets-edit", "budgets-new",
            "budgets-groceries", "budgets-transport", "budgets-sort", "budgets-history", "form-cancel", "form-save",
            "form-details", "form-payee", "form-amount", "form-income", "form-date", "form-category",
            // A category's label, which the picker shows through `Label(category.label, …)`: the view's line.
            "category-groceries",
        ] {
            table[marker] = (0.81, false)
        }
        // Short interpolation patterns, tried only inside the subtree.
        table["home-over-count"] = (0.7, false)
        table["budgets-used-count"] = (0.7, false)
        // Joined texts: 0.9 × 0.8 × the share of parts with letters found together.
        table["home-paycheck"] = (0.72, false)
        table["home-balance"] = (0.72, false)
        // "Remaining" twice in one view: a true tie, 0.9 × 0.9 / 2.
        table["budgets-remaining"] = (0.41, true)
        return table
    }()

    @Test func theFixtureAppHasTheShapeTheAcceptanceNeeds() throws {
        let index = try Self.index()
        #expect(index.problems.isEmpty)
        #expect(index.viewTypes.count >= 30)
        let issues = ReportFixture.pocketbookIssues
        #expect(Set(issues.map(\.screen)) == [0, 1, 2])
        let truths = try Self.truthLines()
        for issue in issues {
            if let truth = issue.truth {
                #expect(truths[truth] != nil, "no marker \(truth)")
                #expect(Self.expectations[truth] != nil, "no expectation for \(truth)")
            }
        }
        #expect(index.localizedStrings.contains { $0.language == "de" && $0.value == "%lld Rechnungen fällig" })
    }

    @Test func theShippedReportIsTheFixtures() throws {
        // The commands article's example maps this file; `auditkit-bench make-pocketbook` writes it.
        let shipped = try Data(
            contentsOf: URL(fileURLWithPath: Self.appPath + "/Reports/AuditReport_2026-11-23_09-41-00.json"))
        #expect(shipped == ReportFixture.pocketbook().data(.json))
    }

    @Test func theGraphHasChildrenAndKeepsPresentationsApart() throws {
        let graph = try Self.index().graph
        #expect(graph.children["HomeView"]?.contains("HomeIncomeTile") == true)
        #expect(graph.children["HomeIncomeTile"] == ["AmountText", "SectionCard"])
        #expect(
            graph.children["RootTabView"] == [
                "BudgetsView", "GoalsView", "HomeView", "SettingsView", "TransactionsView",
            ])
        // Sheets, covers, popovers, navigation destinations and NavigationLink destinations are other screens.
        #expect(graph.presentations["HomeView"] == ["TransactionForm"])
        #expect(graph.presentations["TransactionsView"] == ["TransactionDetailView", "TransactionForm"])
        #expect(graph.presentations["BudgetsView"] == ["BudgetDetailView", "BudgetForm"])
        #expect(graph.presentations["GoalsView"] == ["GoalForm"])
        #expect(graph.presentations["AccountsView"] == ["AccountDetailView", "AccountForm"])
        #expect(graph.presentations["RecentTransactionsSection"] == ["TransactionsView"])
        #expect(graph.children["HomeView"]?.contains("TransactionForm") == false)
        #expect(graph.children["RecentTransactionsSection"] == ["SectionCard", "TransactionRow"])
        let home = graph.subtree(of: "HomeView")
        #expect(home["HomeView"] == 0 && home["HomeIncomeTile"] == 1 && home["SectionCard"] == 2)
        #expect(home["TransactionForm"] == nil && home["CategoryPicker"] == nil && home["TransactionsView"] == nil)
        #expect(graph.subtree(of: "TransactionForm")["CategoryPicker"] == 1)
        // Previews create nothing.
        #expect(graph.parents["HomeView"] == ["RootTabView"])
    }

    @Test func eachIssueMapsToItsLineWithHonestConfidence() throws {
        let index = try Self.index()
        let report = try Self.report()
        let result = IssueMatcher(index: index).map(report)
        let truths = try Self.truthLines()
        let specs = ReportFixture.pocketbookIssues
        #expect(report.issues.count == specs.count)
        for (issue, spec) in zip(report.issues, specs) {
            let entry = try #require(result.issue(issue.number))
            let label = "#\(issue.number) \"\(spec.text ?? "")\""
            guard let truth = spec.truth else {
                if spec.text == "9:41" {
                    #expect(entry.primary?.status == .system, "\(label)")
                    #expect(entry.primary?.origin == .screenPosition && entry.primary?.note == "status bar", "\(label)")
                    #expect(entry.primary?.location == nil, "\(label)")
                } else {
                    #expect(entry.primary == nil, "\(label)")
                }
                continue
            }
            let expected = try #require(truths[truth])
            guard let expectation = Self.expectations[truth] else {
                Issue.record("no expectation for \(truth)")
                continue
            }
            let primary = try #require(entry.primary, "\(label) not mapped")
            #expect(primary.location?.file == expected.file, "\(label): \(entry.explanation)")
            #expect(primary.confidence == expectation.confidence, "\(label): \(entry.explanation)")
            #expect(entry.isAmbiguous == expectation.ambiguous, "\(label): \(entry.explanation)")
            if expectation.ambiguous {
                // Every tied candidate is listed with the same confidence; the true line is among them.
                let tied = entry.candidates.filter { $0.confidence == primary.confidence }
                #expect(tied.count == 2, "\(label)")
                #expect(tied.contains { $0.location?.line == expected.line }, "\(label)")
                #expect(entry.explanation.contains("ambiguous: 2 places"), "\(label)")
            } else {
                #expect(primary.location?.line == expected.line, "\(label): \(entry.explanation)")
            }
        }
    }

    @Test func theWhyNamesTheRootAndTheRule() throws {
        let result = IssueMatcher(index: try Self.index()).map(try Self.report())
        func why(_ screen: Int, _ text: String) throws -> String {
            let n = try #require(
                ReportFixture.pocketbookIssues.firstIndex { $0.screen == screen && $0.text == text })
            return try #require(result.issue(n + 1)).explanation
        }
        #expect(
            try why(0, "Edit").contains("inside HomeView's subtree, which explains 19 of the screen's 19 issues"))
        #expect(try why(0, "Income").contains("chose HomeIncomeTile inside HomeView's subtree"))
        #expect(try why(1, "Budgets").contains("its label is shown"))
        #expect(try why(0, "Budgets").contains("chose AppTab in the tab bar: a tab's title"))
        #expect(try why(0, "2 of 6") == "found \"2 of 6\" in 1 place")
        #expect(
            try why(2, "Save").contains(
                "inside TransactionForm's subtree, which explains 11 of the screen's 11 issues"))
        // The enum's label as the picker shows it, the enum's own line next.
        #expect(try why(2, "Groceries").contains("chose CategoryPicker inside TransactionForm's subtree"))
        let groceries = try #require(
            ReportFixture.pocketbookIssues.firstIndex { $0.screen == 2 && $0.text == "Groceries" })
        #expect(result.issue(groceries + 1)?.candidates[1].location?.file == "Models/Category.swift")
    }

    @Test func aSheetIsNotPartOfThePresentingScreen() throws {
        let result = IssueMatcher(index: try Self.index()).map(try Self.report())
        let specs = ReportFixture.pocketbookIssues
        // "Income" on the home screen: the tile, not the sheet's toggle (HomeView presents TransactionForm).
        let home = try #require(specs.firstIndex { $0.screen == 0 && $0.text == "Income" })
        #expect(result.issue(home + 1)?.primary?.view == "HomeIncomeTile")
        // "Income" on the sheet: its toggle, not the tile of the screen that presents it.
        let sheet = try #require(specs.firstIndex { $0.screen == 2 && $0.text == "Income" })
        #expect(result.issue(sheet + 1)?.primary?.view == "TransactionForm")
        #expect(result.issue(sheet + 1)?.candidates.contains { $0.view == "HomeIncomeTile" } == true)
    }

    @Test func accuracyOnTheFixtureMeetsTheTargets() throws {
        let result = IssueMatcher(index: try Self.index()).map(try Self.report())
        let truths = try Self.truthLines()
        var total = 0
        var rightFile = 0
        var rightLine = 0
        var confidentAndWrong: [Int] = []
        for (n, spec) in ReportFixture.pocketbookIssues.enumerated() {
            guard let truth = spec.truth, let expected = truths[truth] else { continue }
            total += 1
            let primary = result.issue(n + 1)?.primary
            if primary?.location?.file == expected.file {
                rightFile += 1
                if primary?.location?.line == expected.line { rightLine += 1 }
            } else if let primary, primary.confidence >= 0.8 {
                confidentAndWrong.append(n + 1)
            }
        }
        #expect(total >= 45)
        #expect(Double(rightFile) / Double(total) >= 0.95, "top-1 file \(rightFile) of \(total)")
        #expect(Double(rightLine) / Double(total) >= 0.90, "exact line \(rightLine) of \(total)")
        #expect(confidentAndWrong.isEmpty, "wrong file at confidence >= 0.8: \(confidentAndWrong)")
    }

    @Test func onlyTheReportsLanguageMatches() throws {
        let index = try Self.index()
        let report = try Self.report()
        #expect(ReportLanguage.detect(report: report, index: index) == "en")
        // "Details" is the German value of budget.details; on this English report it is no candidate.
        let result = IssueMatcher(index: index).map(report)
        let details = try #require(ReportFixture.pocketbookIssues.firstIndex { $0.text == "Details" })
        #expect(result.issue(details + 1)?.candidates.contains { $0.view == "BudgetDetailView" } == false)
        // The literal and the key stay on the mapping, for translating texts between languages.
        let bills = try #require(ReportFixture.pocketbookIssues.firstIndex { $0.text == "3 bills due" })
        #expect(result.issue(bills + 1)?.primary?.localizationKey == "bills.due %lld")
        #expect(result.issue(bills + 1)?.primary?.sourceLiteral == "bills.due \\(…)")
        let tab = try #require(ReportFixture.pocketbookIssues.firstIndex { $0.text == "Home" })
        #expect(result.issue(tab + 1)?.primary?.localizationKey == "tab.home")
        let edit = try #require(ReportFixture.pocketbookIssues.firstIndex { $0.text == "Edit" })
        #expect(result.issue(edit + 1)?.primary?.localizationKey == "Edit")
        #expect(result.issue(edit + 1)?.primary?.sourceLiteral == "Edit")
        // The same screen in German: the catalog's German values lead back to the keys.
        var german = ReportFixture.pocketbook()
        german.screens = [german.screens[0]]
        german.screens[0].issues = [
            ReportFixture.Issue(elementText: "Übersicht", testTypeName: "Dynamische Schrift"),
            ReportFixture.Issue(elementText: "Noch keine Ziele", testTypeName: "Dynamische Schrift"),
            ReportFixture.Issue(elementText: "2 Rechnungen fällig", testTypeName: "Dynamische Schrift"),
        ]
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try german.write(to: folder.file("de.json"), as: .json)
        let germanReport = try ReportReader.read(path: folder.file("de.json"))
        #expect(ReportLanguage.detect(report: germanReport, index: index) == "de")
        let germanResult = IssueMatcher(index: index).map(germanReport)
        // The view model's text where the view shows it (`EmptyStateView(message: model.emptyMessage)`), then
        // the view model's line.
        #expect(germanResult.issue(2)?.primary?.location?.file == "Goals/GoalsView.swift")
        #expect(germanResult.issue(2)?.candidates[1].location?.file == "Goals/GoalsViewModel.swift")
        #expect(germanResult.issue(3)?.primary?.view == "HomeUpcomingTile")
        // "Übersicht" is both tab.home and Overview in German: two places.
        #expect(germanResult.issue(1)?.candidates.count == 2)
    }

    @Test func aRuleNamingOnlyAViewSearchesItsSubtreeAndNeverClaimsTheDeclaration() throws {
        let rules = try RuleFile(
            parsing: Array(
                """
                {"version": 1, "rules": [
                  {"id": "sort", "match": {"text": "Sort"}, "view": "BudgetsView"},
                  {"id": "count", "match": {"text": "3 of 5"}, "view": "BudgetsView"},
                  {"id": "chart", "match": {"testType": "element-description"}, "view": "BudgetsView"},
                  {"id": "mystery", "match": {"text": "Spent"}, "view": "GoalsView"}
                ]}
                """.utf8), path: "auditkit.rules.json")
        let index = try Self.index()
        var fixture = ReportFixture.pocketbook()
        fixture.screens = [fixture.screens[1]]
        fixture.screens[0].issues = [
            ReportFixture.Issue(elementText: "Sort", testTypeName: "Dynamic Type"),
            ReportFixture.Issue(elementText: "3 of 5", testTypeName: "Dynamic Type"),
            ReportFixture.Issue(elementText: nil, testTypeName: "Element Description"),
            ReportFixture.Issue(elementText: "Spent", testTypeName: "Dynamic Type"),
        ]
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try fixture.write(to: folder.file("r.json"), as: .json)
        let result = IssueMatcher(rules: rules, index: index).map(try ReportReader.read(path: folder.file("r.json")))
        let truths = try Self.truthLines()
        let sort = try #require(result.issue(1)?.primary)
        #expect(
            sort.location?.file == truths["budgets-sort"]?.file && sort.location?.line == truths["budgets-sort"]?.line)
        #expect(sort.confidence == 0.9)
        // The short pattern is found in BudgetProgressRow, inside BudgetsView's subtree.
        let count = try #require(result.issue(2)?.primary)
        #expect(count.location?.line == truths["budgets-used-count"]?.line)
        // Nothing to look for, or nothing in the view shows it: the view's file, no line, low confidence.
        for number in [3, 4] {
            let entry = try #require(result.issue(number))
            let primary = try #require(entry.primary)
            #expect(primary.location?.line == nil, "\(entry.explanation)")
            #expect(primary.confidence < 0.5)
            #expect(primary.confidence != 1)
        }
        #expect(result.issue(3)?.primary?.location?.file == "Budgets/BudgetsView.swift")
        #expect(result.issue(4)?.primary?.location?.file == "Goals/GoalsView.swift")
        #expect(
            result.issue(4)?.explanation.contains("no literal in GoalsView or the views it composes shows \"Spent\"")
                == true)
    }
}
