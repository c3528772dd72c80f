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
        let empty = Self.rejection(#"{"version": 1, "rules": [], "screens": [{"name": "Home", "texts": ["a", " "]}]}"#)
        #expect(empty?.message.contains("\"texts\" must not hold an empty string") == true)
        let wrongType = Self.rejection(#"{"version": 1, "rules": [], "screens": [{"name": "Home", "texts": 3}]}"#)
        #expect(wrongType?.message.contains("\"texts\" must be a string or an array of strings") == true)
        #expect(
            Self.rejection(#"{"version": 1, "rules": [], "screens": {}}"#)?.message.contains("must be an array") == true
        )
    }

    /// A report of one screen per entry of `screens` (its texts), each 402 × 874 points; a text's issue
    /// at `tabBarY` for the index in `tabBar` (the tab bar's band).
    static func report(
        _ texts: [String?], group: String = "App", identifiers: [String?] = [], tabBar: Int? = nil,
        screens: [[String?]] = []
    ) -> InspectorReport {
        var number = 0
        let all = [texts] + screens
        let reportScreens = all.enumerated().map { screenIndex, texts in
            let issues = texts.enumerated().map { index, text in
                number += 1
                let y = index == tabBar ? 820 : 100 + Double(index) * 40
                var issue = ReportIssue(
                    number: number, screenIndex: screenIndex, screenName: "\(screenIndex)", screenGroupName: group,
                    shortTitle: "Dynamic Type font sizes are unsupported", elementText: text, testType: .dynamicType,
                    elementRect: Rect(x: 20, y: y, width: 120, height: 20))
                if screenIndex == 0, index < identifiers.count { issue.identifier = identifiers[index] }
                return issue
            }
            return Screen(
                index: screenIndex, name: "\(screenIndex)", groupName: group,
                displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622), screenshotScale: 3, issues: issues)
        }
        return InspectorReport(
            sourcePath: "Reports/AuditReport_2026-02-01_10-00-00.json", format: .json,
            auditDate: Date(timeIntervalSince1970: 0), auditDateSource: .caller, sha256: "", fileSize: 0,
            screens: reportScreens)
    }

    static func names(_ report: InspectorReport, screen: String? = nil) throws -> [String?] {
        var configuration = AuditPass.Configuration(mapper: IssueMatcher(rules: try parse(rules)))
        configuration.screenName = screen
        return try AuditPass(configuration).prepare(report: report).historyEntry.screens.map(\.named)
    }

    static func named(_ report: InspectorReport, screen: String? = nil) throws -> String? {
        try names(report, screen: screen).first ?? nil
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
        // A tab bar label is on every screen: it names none.
        #expect(try Self.named(Self.report(["Rent", "Active Budgets"], tabBar: 1)) == nil)
        // Two screens of one report that a declaration identifies: the first takes it.
        #expect(try Self.names(Self.report(["Edit", "Income"], screens: [["Edit", "Income", "x"]])) == ["Home", nil])
        // `--screen` overrides the declaration.
        #expect(try Self.named(Self.report(["Edit", "Income"]), screen: "Home (edit mode)") == "Home (edit mode)")
    }
}
