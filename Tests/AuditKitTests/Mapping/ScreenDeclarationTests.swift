import AuditKit
import Foundation
import Testing

/// Screens declared in the rule file (`"screens"`): read and checked with line and column, and the
/// first declaration that identifies a report's screen names it in the history, unless `--screen`
/// names it otherwise.
@Suite struct ScreenDeclarationTests {
    static let rules = """
        {
          "version": 1,
          "screens": [
            {"name": "Home", "rootView": "HomeView"},
            {"name": "Budgets", "texts": ["Active Budgets"], "navigationTitle": "Budgets"},
            {"name": "Checkout", "identifiers": ["checkout.pay", "checkout.total"]}
          ],
          "rules": [{"id": "edit", "match": {"text": "Edit"}, "view": "HomeView"},
                    {"id": "income", "match": {"text": "Income"}, "view": "HomeView"}]
        }
        """

    static func parse(_ text: String) throws(AuditError) -> RuleFile {
        try RuleFile(parsing: Array(text.utf8), path: "rules.json")
    }

    static func rejection(_ text: String) -> AuditError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func declarationsAreReadInFileOrder() throws {
        let file = try Self.parse(Self.rules)
        #expect(file.screens.map(\.name) == ["Home", "Budgets", "Checkout"])
        #expect(file.screens[0].rootView == "HomeView")
        #expect(file.screens[1].texts == ["Active Budgets"] && file.screens[1].navigationTitle == "Budgets")
        #expect(file.screens[2].identifiers == ["checkout.pay", "checkout.total"])
        #expect(file.screens[1].definedAt?.line == 5)
    }

    @Test func aBadDeclarationNamesItsLineAndColumn() {
        let missingName = Self.rejection(#"{"version": 1, "rules": [], "screens": [{"rootView": "A"}]}"#)
        #expect(missingName?.message.contains("a screen needs a \"name\"") == true)
        #expect(missingName?.location?.line == 1 && missingName?.location?.column == 41)
        let nothing = Self.rejection(#"{"version": 1, "rules": [], "screens": [{"name": "Home"}]}"#)
        #expect(nothing?.message.contains("says nothing that identifies it") == true)
        let twice = Self.rejection(
            #"{"version": 1, "rules": [], "screens": [{"name": "Home", "texts": "a"}, {"name": "home", "texts": "b"}]}"#
        )
        #expect(twice?.message.contains("duplicate screen name \"home\"") == true)
        let unknown = Self.rejection(
            #"{"version": 1, "rules": [], "screens": [{"name": "Home", "rootview": "HomeView"}]}"#)
        #expect(unknown?.message.contains("rootview") == true)
        let wrongType = Self.rejection(#"{"version": 1, "rules": [], "screens": [{"name": "Home", "texts": 3}]}"#)
        #expect(wrongType?.message.contains("\"texts\" must be a string or an array of strings") == true)
        #expect(
            Self.rejection(#"{"version": 1, "rules": [], "screens": {}}"#)?.message.contains("must be an array") == true
        )
    }

    static func report(_ texts: [String?], group: String = "App", identifiers: [String?] = []) -> InspectorReport {
        let issues = texts.enumerated().map { index, text in
            var issue = ReportIssue(
                number: index + 1, screenIndex: 0, screenName: "0", screenGroupName: group,
                shortTitle: "Dynamic Type font sizes are unsupported", elementText: text, testType: .dynamicType,
                elementRect: Rect(x: 20, y: 100 + Double(index) * 40, width: 120, height: 20))
            if index < identifiers.count { issue.identifier = identifiers[index] }
            return issue
        }
        return InspectorReport(
            sourcePath: "Reports/AuditReport_2026-02-01_10-00-00.json", format: .json,
            auditDate: Date(timeIntervalSince1970: 0), auditDateSource: .caller, sha256: "", fileSize: 0,
            screens: [Screen(index: 0, name: "0", groupName: group, issues: issues)])
    }

    static func named(_ report: InspectorReport, screen: String? = nil) throws -> String? {
        var configuration = AuditPass.Configuration(mapper: IssueMatcher(rules: try parse(rules)))
        configuration.screenName = screen
        return try AuditPass(configuration).prepare(report: report).historyEntry.screens.first?.named
    }

    @Test func theFirstDeclarationThatIdentifiesAScreenNamesIt() throws {
        // By the view the rules map most warnings to.
        #expect(try Self.named(Self.report(["Edit", "Income", "Total"])) == "Home")
        // By a text, by the navigation title as a text or as the group name, by an identifier.
        #expect(try Self.named(Self.report(["active budgets ", "January"])) == "Budgets")
        #expect(try Self.named(Self.report(["Rent"], group: "Budgets")) == "Budgets")
        #expect(try Self.named(Self.report(["Pay"], identifiers: ["checkout.pay"])) == "Checkout")
        // Nothing identifies it: no name.
        #expect(try Self.named(Self.report(["Settings", "Account"])) == nil)
        // `--screen` overrides the declaration.
        #expect(try Self.named(Self.report(["Edit", "Income"]), screen: "Home (edit mode)") == "Home (edit mode)")
    }
}
