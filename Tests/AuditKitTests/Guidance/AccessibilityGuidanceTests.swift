import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The WCAG and Apple guidance table, checked against its own schema, and its rendering in SARIF
/// and `map --format json`.
@Suite struct AccessibilityGuidanceTests {
    @Test func everyRowFollowsTheTablesSchema() throws {
        let table = AccessibilityGuidance.table
        #expect(Set(table.map(\.id)).count == table.count)
        let number = try Regex("^[1-4]\\.[0-9]\\.[0-9]{1,2}$")
        for row in table {
            #expect(row.id == row.testType.key + (row.subKind.map { "/" + $0 } ?? ""), "\(row.id)")
            for criterion in row.criteria {
                #expect(criterion.number.wholeMatch(of: number) != nil, "\(row.id): \(criterion.number)")
                #expect(["A", "AA", "AAA"].contains(criterion.level), "\(row.id)")
                #expect(!criterion.name.isEmpty)
                #expect(criterion.understandingURL.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/"))
                #expect(criterion.understandingURL.hasSuffix(".html"))
            }
            #expect(row.appleGuidanceURL.hasPrefix("https://developer.apple.com/design/human-interface-guidelines/"))
            #expect(!row.appleGuidance.isEmpty && !row.fixSwiftUI.isEmpty && !row.fixUIKit.isEmpty)
            let features: Set<String> = ["Sufficient Contrast", "Larger Text", "VoiceOver", "Voice Control"]
            #expect(!row.nutritionLabelFeatures.isEmpty && Set(row.nutritionLabelFeatures).isSubset(of: features))
            #expect(row.tags.first == "accessibility" && row.tags.contains(row.criterion.tag))
        }
    }

    @Test func everyKnownTestTypeHasAMainRow() {
        for type in TestType.known {
            #expect(AccessibilityGuidance.guidance(for: type)?.subKind == nil, "\(type.key)")
        }
        #expect(AccessibilityGuidance.guidance(for: TestType.other("524288")) == nil)
    }

    @Test func theIssueNamesTheCriterionTheIssueAsks() {
        func criterion(_ type: TestType, _ title: String, _ element: String? = nil) -> String? {
            AccessibilityGuidance.guidance(testType: type, title: title, elementType: element)?.criterion.number
        }
        #expect(criterion(.contrast, "Contrast failed") == "1.4.3")
        #expect(
            AccessibilityGuidance.guidance(testType: .contrast, title: "Contrast nearly passed")?.id
                == "contrast/nearly-passed")
        #expect(criterion(.hitRegion, "Hit area is too small") == "2.5.8")
        #expect(AccessibilityGuidance.guidance(for: .hitRegion)?.relatedCriteria.map(\.number) == ["2.5.5"])
        #expect(criterion(.elementDescription, "Element has no description") == "4.1.2")
        #expect(criterion(.elementDescription, "Element has no description", "Image") == "1.1.1")
        // The title chooses the row in any letter case, anywhere in it, and only with the whole word.
        #expect(criterion(.elementDescription, "IMAGE has no description") == "1.1.1")
        #expect(criterion(.elementDescription, "Decorative iMaGe") == "1.1.1")
        #expect(criterion(.elementDescription, "Imag") == "4.1.2")
        #expect(criterion(.elementDescription, "") == "4.1.2")
        #expect(AccessibilityGuidance.guidance(testType: .contrast, title: "ALMOST")?.id == "contrast/nearly-passed")
        #expect(
            AccessibilityGuidance.guidance(testType: .contrast, title: "Kontrast fast")?.id != "contrast/nearly-passed")
        #expect(criterion(.dynamicType, "Dynamic Type font sizes are unsupported") == "1.4.4")
        #expect(criterion(.clippedText, "Text clipped") == "1.4.4")
        #expect(criterion(.elementDetection, "") == "1.3.1")
        #expect(criterion(.trait, "") == "4.1.2")
        #expect(criterion(.parentChild, "") == "1.3.1")
        #expect(criterion(.action, "") == "2.1.1")
        #expect(criterion(.swipeOrder, "") == "2.4.3")
    }

    static func report() throws -> InspectorReport {
        let items: [AutomatedAuditFixture.Item] = [
            .init(
                auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast nearly passed",
                element: .init(identifier: "total", type: "StaticText", label: "Total", rect: (20, 200, 120, 24))),
            .init(
                auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
                element: .init(label: "Add", rect: (340, 60, 24, 24))),
            .init(auditType: "524288", compact: "Something new", element: nil),
        ]
        return try AutomatedAuditReaderTests.read(AutomatedAuditFixture(items: items).data(.appium))
    }

    /// The SARIF run of `report` mapped with no rules and no sources (checked against the schema), and
    /// its rules.
    static func sarif(of report: InspectorReport) throws -> (run: [String: Any], rules: [[String: Any]]) {
        let mapping = IssueMatcher(rules: RuleFile(path: "r.json", rules: []), index: SourceIndex.build(sources: []))
            .map(report)
        let data = SARIFWriter.data(report: report, mapping: mapping)
        #expect(SARIFSchema.problems(in: data) == [])
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        return (run, rules)
    }

    @Test func sarifRulesCarryHelpUriHelpAndCriterionTagsAndValidate() throws {
        let report = try Self.report()
        let (run, rules) = try Self.sarif(of: report)
        let contrast = try #require(rules.first { $0["id"] as? String == "contrast" })
        #expect(contrast["helpUri"] as? String == "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html")
        #expect(((contrast["help"] as? [String: Any])?["text"] as? String)?.contains("4.5:1") == true)
        let tags = (contrast["properties"] as? [String: Any])?["tags"] as? [String]
        #expect(tags == ["accessibility", "WCAG2.2-1.4.3", "level-AA"])
        let hit = try #require(rules.first { $0["id"] as? String == "hit-region" })
        #expect(
            (hit["properties"] as? [String: Any])?["tags"] as? [String]
                == ["accessibility", "WCAG2.2-2.5.8", "level-AA", "WCAG2.2-2.5.5", "level-AAA"])
        let other = try #require(rules.first { $0["id"] as? String == "other:524288" })
        #expect(other["helpUri"] == nil)
        let results = try #require(run["results"] as? [[String: Any]])
        let first = try #require(results.first?["properties"] as? [String: Any])
        #expect(first["guidance"] as? String == "contrast/nearly-passed")
        #expect(first["wcag"] as? String == "1.4.3" && first["wcagLevel"] as? String == "AA")
        #expect(first["identifier"] as? String == "total")
    }

    @Test func mapJSONCarriesTheGuidanceOfEachIssue() throws {
        let report = try Self.report()
        let mapping = IssueMatcher(rules: RuleFile(path: "r.json", rules: []), index: SourceIndex.build(sources: []))
            .map(report)
        let json = try #require(
            try JSONSerialization.jsonObject(with: mapping.jsonOutput(report: report)) as? [String: Any])
        let issues = try #require(json["issues"] as? [[String: Any]])
        let guidance = try #require(issues.first?["guidance"] as? [String: Any])
        #expect(guidance["id"] as? String == "contrast/nearly-passed")
        #expect((guidance["criterion"] as? [String: Any])?["level"] as? String == "AA")
        #expect(guidance["nutritionLabelFeatures"] as? [String] == ["Sufficient Contrast"])
        #expect(issues.first?["identifier"] as? String == "total")
        #expect(issues.last?["guidance"] == nil)
    }

    /// An image without a description (WCAG 1.1.1) beside a button without one (4.1.2): every output
    /// states each warning's own criterion, the session and summary lines, the SARIF rule and result.
    @Test func oneWarningOneCriterionInTheSessionTheSummaryAndSARIF() throws {
        let items: [AutomatedAuditFixture.Item] = [
            .init(
                auditType: "XCUIAccessibilityAuditTypeSufficientElementDescription",
                compact: "Element has no description",
                element: .init(identifier: "logo", type: "Image", label: "", rect: (20, 100, 60, 60))),
            .init(
                auditType: "XCUIAccessibilityAuditTypeSufficientElementDescription",
                compact: "Element has no description",
                element: .init(identifier: "more", type: "Button", label: "", rect: (300, 60, 44, 44))),
        ]
        let report = try AutomatedAuditReaderTests.read(AutomatedAuditFixture(items: items).data(.appium))
        #expect(report.issues.map { AccessibilityGuidance.guidance(for: $0)?.criterion.number } == ["1.1.1", "4.1.2"])

        let facts = SessionFacts(report: report, logPath: "audit.md", date: "2026-02-05")
        let session = TemplateSet.builtin().render(.session, facts.templateContext(sessionNumber: 1))
        let why = try #require(session.split(separator: "\n").first { $0.contains("Why: WCAG") })
        // The type's main criterion first, then the image's.
        #expect(
            why.contains(
                "WCAG 2.2 4.1.2 Name, Role, Value, A (https://www.w3.org/WAI/WCAG22/Understanding/name-role-value.html); "
                    + "1.1.1 Non-text Content, A (https://www.w3.org/WAI/WCAG22/Understanding/non-text-content.html)"))

        let summary = AuditSummary(inputs: [SummaryInput(report: report)], grouping: .view).markdown()
        let guidance = try #require(summary.components(separatedBy: "\n## WCAG and Apple's guidance\n\n").last)
        #expect(guidance.contains("- Element Description: WCAG 2.2 4.1.2 Name, Role, Value (A)"))
        #expect(guidance.contains("- Element Description (image): WCAG 2.2 1.1.1 Non-text Content (A)"))

        let (run, rules) = try Self.sarif(of: report)
        #expect(rules.map { $0["id"] as? String } == ["element-description", "element-description/image"])
        let results = try #require(run["results"] as? [[String: Any]])
        for result in results {
            let rule = rules[try #require(result["ruleIndex"] as? Int)]
            let wcag = (result["properties"] as? [String: Any])?["wcag"] as? String
            #expect((rule["properties"] as? [String: Any])?["wcag"] as? String == wcag)
        }
        #expect(results.map { ($0["properties"] as? [String: Any])?["wcag"] as? String } == ["1.1.1", "4.1.2"])
    }
}
