import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct FontScanSARIFTests {
    static func log(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theCorpusScanIsValidSARIFWithFingerprintsAndSuppressions() throws {
        let result = try FontScanCorpusTests.scanCorpus()
        let data = result.sarifData
        #expect(SARIFSchema.problems(in: data) == [])
        #expect(sarifProblems(try JSONSerialization.jsonObject(with: data)) == [])
        let run = try #require((try Self.log(data)["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let rules = try #require(
            (run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == FontScanRule.allCases.map(\.rawValue))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == result.findings.count)
        for (finding, item) in zip(result.findings, results) {
            #expect(item["partialFingerprints"] as? [String: String] == ["auditkitScan/v1": finding.fingerprint])
            #expect(item["ruleId"] as? String == finding.rule.rawValue)
            let region =
                ((item["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any]
            #expect(region?["startLine"] as? Int == finding.line)
            #expect(region?["startColumn"] as? Int == finding.utf16Column)
            let suppressions = item["suppressions"] as? [[String: Any]]
            #expect((suppressions?.first?["justification"] as? String) == finding.suppression)
            #expect(suppressions == nil || suppressions?.first?["kind"] as? String == "inSource")
        }
        // The emoji line: byte column 55, UTF-16 column 51.
        let unicode = try #require(result.findings.first { $0.file == "Unicode.swift" })
        #expect(unicode.column == 55 && unicode.utf16Column == 51)
    }

    @Test func anEmptyScanIsStillValid() {
        #expect(SARIFSchema.problems(in: FontScanResult().sarifData) == [])
    }

    @Test func theSchemaValidatorCatchesWhatTheSchemaForbids() throws {
        let good = """
            {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "columnKind": "utf16CodeUnits",
              "results": [{"message": {"text": "m"}, "level": "warning",
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a%20b.swift"},
                  "region": {"startLine": 1, "startColumn": 2}}}],
                "suppressions": [{"kind": "inSource", "status": "accepted"}]}]}]}
            """
        #expect(SARIFSchema.problems(in: Data(good.utf8)) == [])
        func problems(_ old: String, _ new: String) -> [String] {
            SARIFSchema.problems(in: Data(good.replacingOccurrences(of: old, with: new).utf8))
        }
        #expect(
            problems("\"level\": \"warning\"", "\"level\": \"warn\"") == [
                "$.runs[0].results[0].level: \"warn\" is not one of the allowed values"
            ])
        #expect(problems("\"columnKind\": \"utf16CodeUnits\"", "\"columnKind\": \"bytes\"").count == 1)
        #expect(
            problems("\"message\": {\"text\": \"m\"}", "\"message\": {}") == [
                "$.runs[0].results[0].message: matches none of the anyOf alternatives"
            ])
        #expect(
            problems("\"startColumn\": 2", "\"startColumn\": 0") == [
                "$.runs[0].results[0].locations[0].physicalLocation.region.startColumn: 0 is below the minimum 1.0"
            ])
        #expect(
            problems("\"status\": \"accepted\"", "\"state\": \"accepted\"") == [
                "$.runs[0].results[0].suppressions[0]: property state is not allowed"
            ])
        #expect(problems("\"uri\": \"a%20b.swift\"", "\"uri\": \"a b.swift\"").first?.contains("uri-reference") == true)
        #expect(problems("\"version\": \"2.1.0\", ", "").contains("$: missing required property version"))
        #expect(problems("\"startLine\": 1", "\"startLine\": 1.5").first?.contains("expected integer") == true)
        #expect(SARIFSchema.problems(in: Data("{".utf8)).first?.hasPrefix("not JSON") == true)
    }
}
