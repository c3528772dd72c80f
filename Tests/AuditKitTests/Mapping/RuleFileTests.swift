import AuditKit
import Foundation
import Testing

@Suite struct RuleFileTests {
    private func parse(_ text: String) throws(AuditError) -> RuleFile {
        try RuleFile(parsing: Array(text.utf8), path: "rules.json")
    }

    /// Parses `text`, expects a rejection, and returns the error (checking the code and the path).
    private func rejection(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> AuditError? {
        do {
            _ = try parse(text)
            Testing.Issue.record("expected the rule file to be rejected", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.code == .badInput, sourceLocation: sourceLocation)
            #expect(error.location?.path == "rules.json", sourceLocation: sourceLocation)
            return error
        }
    }

    @Test func theShippedExampleParsesInFileOrderAndAppliesNothing() throws {
        let file = try parse(RuleFile.example)
        #expect(file.version == 1)
        #expect(file.rules.isEmpty, "no example takes effect until the team writes a rule")
        #expect(
            file.examples.map(\.id) == [
                "status-bar", "tab-bar", "widget-title-color", "budgets-dynamic-type",
                "date-apply-hit-area",
            ])
        #expect(file.examples[0].conclusion.status == .system)
        #expect(file.examples[0].match.region == ScreenRegion(top: 60))
        #expect(file.examples[1].match.testTypes == [.contrast, .dynamicType])
        #expect(
            file.examples[3].conclusion.status
                == .accepted(
                    reason:
                        "Uses .headline/.subheadline and scales in the simulator; Inspector noise on grouped lists"))
        #expect(
            file.examples[4].conclusion.location
                == SourceLocation(file: "Sources/Home/DateRangeControls.swift", line: 42))
        #expect(file.examples[2].definedAt?.line != nil)
    }

    @Test func rejectsAJSONErrorWithLineAndColumn() {
        let error = rejection("{\n  \"version\": 1,\n  \"rules\": [\n    { \"id\": \"a\" \"match\": {} }\n  ]\n}")
        #expect(error?.location?.line == 4)
        #expect(error?.location?.column == 17)
        #expect(error?.description.hasPrefix("rules.json:4:17: error: expected ',' or '}'") == true)
    }

    @Test func rejectsATrailingComma() {
        let error = rejection("{ \"version\": 1, \"rules\": [ { \"id\": \"a\", \"match\": {}, } ] }")
        #expect(error?.message.contains("trailing comma") == true)
        #expect(error?.location?.column == 52)
    }

    @Test func rejectsAnUnknownKeyNamingTheKeysItKnows() {
        let error = rejection(
            """
            {
              "version": 1,
              "rules": [
                { "id": "a", "match": { "testtype": "contrast" } }
              ]
            }
            """)
        #expect(error?.location?.line == 4)
        #expect(error?.location?.column == 29)
        #expect(error?.message.contains("unknown key \"testtype\" in \"match\"") == true)
        #expect(error?.message.contains("testType") == true)
    }

    @Test func rejectsABadRegularExpression() {
        let error = rejection(
            "{\"version\": 1, \"rules\": [\n{\"id\": \"a\", \"match\": {\"title\": \"Contrast (failed\"}}]}")
        #expect(error?.location?.line == 2)
        #expect(error?.location?.column == 32)
        #expect(error?.message.contains("bad regular expression in \"title\"") == true)
    }

    @Test func rejectsAcceptedWithoutAReason() {
        let error = rejection("{\"version\": 1, \"rules\": [{\"id\": \"a\", \"match\": {}, \"status\": \"accepted\"}]}")
        #expect(error?.message.contains("no \"reason\"") == true)
        #expect(error?.location?.column == 61)
    }

    @Test func rejectsWrongTypesUnknownStatusesAndDuplicateIDs() {
        #expect(
            rejection("{\"version\": 1, \"rules\": [{\"id\": \"a\", \"match\": {\"errorCode\": \"12\"}}]}")?
                .message.contains("\"errorCode\" must be a whole number") == true)
        #expect(
            rejection("{\"version\": 1, \"rules\": [{\"id\": \"a\", \"match\": {}, \"status\": \"fixed\"}]}")?
                .message.contains("unknown status \"fixed\"") == true)
        #expect(
            rejection("{\"version\": 1, \"rules\": [{\"id\": \"a\", \"match\": {}}, {\"id\": \"a\", \"match\": {}}]}")?
                .message.contains("duplicate rule id") == true)
        #expect(rejection("{\"version\": 2, \"rules\": []}")?.message.contains("unsupported version") == true)
        #expect(rejection("{\"rules\": []}")?.message.contains("missing \"version\"") == true)
        #expect(
            rejection("{\"version\": 1, \"rules\": [{\"id\": \"a\", \"match\": {\"testType\": \"colour\"}}]}")?
                .message.contains("unknown test type") == true)
        #expect(
            rejection("{\"version\": 1, \"rules\": [{\"id\": \"a\", \"match\": {\"region\": {\"bottom\": -5}}}]}")?
                .message.contains("positive number") == true)
        #expect(
            rejection("{\"version\": 1, \"rules\": [{\"id\": \"a\", \"match\": {}, \"reason\": \"x\"}]}")?
                .message.contains("only goes with") == true)
        #expect(rejection("/* unterminated") != nil)
        #expect(rejection("") != nil)
    }

    @Test func missingFileIsMissingInput() {
        #expect(throws: AuditError.self) { try RuleFile.load(path: "/nonexistent/auditkit.rules.json") }
        do {
            _ = try RuleFile.load(path: "/nonexistent/auditkit.rules.json")
        } catch {
            #expect(error.code == .missingInput)
        }
    }

    @Test func firstMatchingRuleWinsAndRegionsUseTheScreenHeight() throws {
        let file = try parse(
            """
            {"version": 1, "rules": [
              {"id": "tab", "match": {"region": {"bottom": 90}}, "status": "system"},
              {"id": "contrast", "match": {"testType": "contrast", "textIgnoringCase": "WIDGETS"}, "view": "HomeView"},
              {"id": "any-contrast", "match": {"testType": "contrast"}, "view": "Other"}
            ]}
            """)
        // 1206 x 2622 px at scale 3 is 402 x 874 pt.
        let screen = Screen(
            index: 0, name: "0", groupName: "g", displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622),
            screenshotScale: 3)
        func issue(_ text: String, y: Double) -> ReportIssue {
            ReportIssue(
                number: 1, screenIndex: 0, screenName: "0", screenGroupName: "g", shortTitle: "Contrast failed",
                elementText: text, testType: .contrast, elementRect: Rect(x: 10, y: y, width: 40, height: 20))
        }
        #expect(file.firstMatch(for: issue("Home", y: 820), screen: screen)?.id == "tab")
        #expect(file.firstMatch(for: issue("Widgets", y: 820), screen: screen)?.id == "tab")
        #expect(file.firstMatch(for: issue("widgets", y: 300), screen: screen)?.id == "contrast")
        #expect(file.firstMatch(for: issue("Other", y: 300), screen: screen)?.id == "any-contrast")
        // Without a known screen size "bottom" cannot hold.
        let unknown = Screen(index: 0, name: "0", groupName: "g")
        #expect(file.firstMatch(for: issue("Home", y: 820), screen: unknown)?.id == "any-contrast")
    }
}
