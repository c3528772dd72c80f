import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Checks a SARIF log against the required properties and enumerations of the SARIF 2.1.0 schema
/// (sarifLog: version, runs; run: tool; tool: driver; toolComponent: name; reportingDescriptor: id;
/// result: message; message: text or id; every result has at least one location, which GitHub's
/// upload-sarif requires although the schema does not; physicalLocation: artifactLocation or address; region lines
/// and columns >= 1; suppression: kind; the enumerations of level, baselineState and suppression
/// kind/status) and returns what is wrong.
func sarifProblems(_ log: Any) -> [String] {
    var problems: [String] = []
    guard let root = log as? [String: Any] else { return ["the log is not an object"] }
    if root["version"] as? String != "2.1.0" { problems.append("version must be \"2.1.0\"") }
    guard let runs = root["runs"] as? [[String: Any]] else { return problems + ["runs must be an array of objects"] }
    for (r, run) in runs.enumerated() {
        guard let tool = run["tool"] as? [String: Any] else {
            problems.append("runs[\(r)].tool is required")
            continue
        }
        guard let driver = tool["driver"] as? [String: Any] else {
            problems.append("runs[\(r)].tool.driver is required")
            continue
        }
        if (driver["name"] as? String)?.isEmpty != false { problems.append("driver.name is required") }
        let rules = driver["rules"] as? [[String: Any]] ?? []
        for (i, rule) in rules.enumerated() {
            if rule["id"] as? String == nil { problems.append("rules[\(i)].id is required") }
            for key in ["shortDescription", "fullDescription"] {
                if let text = rule[key], (text as? [String: Any])?["text"] as? String == nil {
                    problems.append("rules[\(i)].\(key).text is required")
                }
            }
        }
        let baseIDs = run["originalUriBaseIds"] as? [String: [String: Any]] ?? [:]
        for (name, base) in baseIDs where !((base["uri"] as? String)?.hasSuffix("/") ?? false) {
            problems.append("originalUriBaseIds.\(name).uri must end with /")
        }
        for (i, result) in (run["results"] as? [[String: Any]] ?? []).enumerated() {
            let message = result["message"] as? [String: Any]
            if message?["text"] as? String == nil, message?["id"] as? String == nil {
                problems.append("results[\(i)].message needs text or id")
            }
            if let level = result["level"], !["none", "note", "warning", "error"].contains(level as? String ?? "") {
                problems.append("results[\(i)].level is not a SARIF level")
            }
            if let state = result["baselineState"],
                !["new", "unchanged", "updated", "absent"].contains(state as? String ?? "")
            {
                problems.append("results[\(i)].baselineState is not a SARIF baseline state")
            }
            if let ruleIndex = result["ruleIndex"] as? Int {
                if ruleIndex < 0 || ruleIndex >= rules.count {
                    problems.append("results[\(i)].ruleIndex out of range")
                } else if let id = result["ruleId"] as? String, rules[ruleIndex]["id"] as? String != id {
                    problems.append("results[\(i)].ruleId does not match rules[ruleIndex].id")
                }
            }
            if let fingerprints = result["partialFingerprints"], !(fingerprints is [String: String]) {
                problems.append("results[\(i)].partialFingerprints values must be strings")
            }
            for suppression in result["suppressions"] as? [[String: Any]] ?? [] {
                if !["inSource", "external"].contains(suppression["kind"] as? String ?? "") {
                    problems.append("results[\(i)].suppressions[].kind is required (inSource or external)")
                }
                if let status = suppression["status"],
                    !["accepted", "underReview", "rejected"].contains(status as? String ?? "")
                {
                    problems.append("results[\(i)].suppressions[].status is not a SARIF status")
                }
            }
            if (result["locations"] as? [[String: Any]])?.isEmpty != false {
                problems.append("results[\(i)] needs at least one location")
            }
            for location in result["locations"] as? [[String: Any]] ?? [] {
                guard let physical = location["physicalLocation"] as? [String: Any] else { continue }
                guard let artifact = physical["artifactLocation"] as? [String: Any] else {
                    if physical["address"] == nil {
                        problems.append("physicalLocation needs artifactLocation or address")
                    }
                    continue
                }
                if let base = artifact["uriBaseId"] as? String, baseIDs[base] == nil {
                    problems.append("artifactLocation.uriBaseId \(base) is not in originalUriBaseIds")
                }
                if let uri = artifact["uri"] as? String, URL(string: uri) == nil {
                    problems.append("artifactLocation.uri \(uri) is not a URI reference")
                }
                if let region = physical["region"] as? [String: Any] {
                    for key in ["startLine", "startColumn"] {
                        if let value = region[key], (value as? Int ?? 0) < 1 {
                            problems.append("region.\(key) must be >= 1")
                        }
                    }
                }
            }
        }
    }
    return problems
}

@Suite struct SARIFWriterTests {
    static func sample() throws -> (InspectorReport, MappingResult) {
        let rules = try RuleFile(
            parsing: Array(
                """
                {"version": 1, "rules": [
                  {"id": "status", "match": {"region": {"top": 60}}, "status": "system"},
                  {"id": "noise", "match": {"text": "Edit"}, "status": "accepted", "reason": "scales fine"}
                ]}
                """.utf8), path: "r.json")
        let report = IssueMatcherTests.report([
            IssueMatcherTests.issue(1, "Widgets", type: .contrast),
            IssueMatcherTests.issue(2, "Edit"),
            IssueMatcherTests.issue(3, "9:41", type: .contrast, rect: Rect(x: 10, y: 10, width: 30, height: 20)),
            IssueMatcherTests.issue(4, "Nothing", type: .hitRegion, screen: 1),
        ])
        let result = IssueMatcher(rules: rules, index: try IssueMatcherTests.index()).map(report)
        return (report, result)
    }

    @Test func writesValidSARIFWithOneRulePerTestTypeAndPhysicalLocations() throws {
        let (report, result) = try Self.sample()
        let data = SARIFWriter.data(report: report, mapping: result)
        #expect(SARIFSchema.problems(in: data) == [])
        let log = try JSONSerialization.jsonObject(with: data)
        #expect(sarifProblems(log) == [])
        #expect(
            ((log as? [String: Any])?["runs"] as? [[String: Any]])?.first?["columnKind"] as? String == "utf16CodeUnits")
        let run = try #require(((log as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(
            (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                == ["contrast", "hit-region", "dynamic-type"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        let first = results[0]
        #expect(first["ruleId"] as? String == "contrast")
        #expect(first["level"] as? String == "warning")
        let physical = try #require(
            ((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "App/Home/HomeView.swift")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 24)
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 26)
        let properties = try #require(first["properties"] as? [String: Any])
        #expect(properties["report"] as? String == "Reports/AuditReport_2026-01-03_16-28-16.html")
        #expect(properties["issueNumber"] as? Int == 1)
        // Accepted and system issues are suppressed notes; an unmapped issue is located on the report itself.
        #expect(results[1]["level"] as? String == "note")
        #expect((results[1]["suppressions"] as? [[String: Any]])?.first?["justification"] as? String == "scales fine")
        #expect(results[2]["suppressions"] != nil)
        for result in results { #expect((result["locations"] as? [[String: Any]])?.isEmpty == false) }
        let unmapped = try #require(
            ((results[3]["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect(
            unmapped["artifactLocation"] as? [String: String]
                == ["uri": "Reports/AuditReport_2026-01-03_16-28-16.html", "uriBaseId": "SRCROOT"])
        #expect(unmapped["region"] == nil)
        #expect(first["partialFingerprints"] == nil && first["baselineState"] == nil)
    }

    @Test func carriesFingerprintsAndBaselineStatesAndNoResolvedWarning() throws {
        let (report, result) = try Self.sample()
        let data = SARIFWriter.data(
            report: report, mapping: result,
            extras: [
                1: .init(fingerprint: "abc123", baselineState: .unchanged), 4: .init(baselineState: .new),
            ])
        #expect(SARIFSchema.problems(in: data) == [])
        let log = try JSONSerialization.jsonObject(with: data)
        #expect(sarifProblems(log) == [])
        let run = try #require(((log as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        #expect(results[0]["partialFingerprints"] as? [String: String] == ["auditkit/v1": "abc123"])
        #expect(results[0]["baselineState"] as? String == "unchanged")
        #expect(results[3]["baselineState"] as? String == "new")
        #expect(!results.contains { $0["baselineState"] as? String == "absent" })
    }

    @Test func aRunsReportsAreOneRunAndAWarningTwoShowIsTheLatersResult() throws {
        let (report, result) = try Self.sample()
        var later = report
        later.sourcePath = "Reports/Later.html"
        let data = SARIFWriter.data(reports: [
            MappedReport(
                report: report, mapping: result, extras: [1: .init(fingerprint: "same"), 2: .init(fingerprint: "a")]),
            MappedReport(
                report: later, mapping: result, extras: [1: .init(fingerprint: "same"), 2: .init(fingerprint: "b")]),
        ])
        #expect(SARIFSchema.problems(in: data) == [])
        let runs = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == 2 * report.issues.count - 1)
        let reports = results.map { ($0["properties"] as? [String: Any])?["report"] as? String }
        let same = results.filter { ($0["partialFingerprints"] as? [String: String])?["auditkit/v1"] == "same" }
        #expect(same.count == 1)
        #expect((same.first?["properties"] as? [String: Any])?["report"] as? String == "Reports/Later.html")
        #expect(reports.filter { $0 == "Reports/Later.html" }.count == report.issues.count)
    }

    @Test func theValidatorCatchesMissingRequiredFields() {
        #expect(
            sarifProblems(["version": "2.1.0", "runs": [["tool": ["driver": [:]]]]]) == ["driver.name is required"])
        #expect(sarifProblems(["runs": []]).contains("version must be \"2.1.0\""))
        let badResult: [String: Any] = [
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": ["name": "x", "rules": [["id": "a"]]]],
                    "results": [
                        ["ruleId": "b", "ruleIndex": 0, "message": [:], "level": "warn", "baselineState": "gone"]
                    ],
                ]
            ],
        ]
        #expect(sarifProblems(badResult).count == 5)
        #expect(sarifProblems(badResult).contains("results[0] needs at least one location"))
    }

    @Test func resultsWithoutASourceLocationAreLocatedOnTheReport() throws {
        let (report, result) = try Self.sample()
        func reportURI(_ path: String) throws -> String? {
            var moved = report
            moved.sourcePath = path
            let data = SARIFWriter.data(report: moved, mapping: result)
            #expect(SARIFSchema.problems(in: data) == [])
            let log = try JSONSerialization.jsonObject(with: data)
            #expect(sarifProblems(log) == [])
            let results = try #require(
                (((log as? [String: Any])?["runs"] as? [[String: Any]])?.first)?["results"]
                    as? [[String: Any]])
            let physical =
                (results.last?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        let cwd = FileManager.default.currentDirectoryPath
        #expect(try reportURI(cwd + "/Reports/Audit Report.html") == "Reports/Audit%20Report.html")
        #expect(try reportURI("./Reports/a.html") == "Reports/a.html")
        #expect(try reportURI("/nonexistent-root/Audit Report.html") == "file:///nonexistent-root/Audit%20Report.html")
    }

    @Test func xcodeLinesAndJSONCarryTheMapping() throws {
        let (report, result) = try Self.sample()
        let lines = result.xcodeDiagnostics(report: report).map(\.description)
        #expect(
            lines[0] == "App/Home/HomeView.swift:24:26: warning: [Contrast] Dynamic Type font sizes are unsupported "
                + "\"Widgets\" (issue 1 of AuditReport_2026-01-03_16-28-16.html, HomeView)")
        #expect(lines[1].contains(": note: ") && lines[1].contains("accepted: scales fine"))
        #expect(lines[2].hasPrefix("note: ") && lines[2].contains("system UI"))
        #expect(lines[3].hasPrefix("warning: [Hit Region]"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: result.jsonOutput(report: report)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let issues = try #require(json["issues"] as? [[String: Any]])
        #expect(((issues[0]["mapping"] as? [String: Any])?["location"] as? [String: Any])?["line"] as? Int == 24)
        #expect(issues[3]["mapping"] is NSNull)
        #expect((json["views"] as? [[String: Any]])?.first?["view"] as? String == "HomeView")
    }

    @Test func sarifColumnsAreUTF16CodeUnitsWhileXcodeLinesKeepBytes() throws {
        // Accents, CJK and emoji before the literal the warning maps to.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = """
            struct V: View {
                var body: some View {
                    HStack { Text("Größe 🎯"); Text("Mystery") }
                    HStack { Text("次の予定支出"); Text("Widgets") }
                    HStack { Text("👨‍👩‍👧 Familie"); Text("Edit") }
                }
            }
            """
        try source.write(toFile: directory.file("V.swift"), atomically: true, encoding: .utf8)
        let index = try SourceIndex.build(roots: [directory.path])
        let report = IssueMatcherTests.report([
            IssueMatcherTests.issue(1, "Mystery"), IssueMatcherTests.issue(2, "Widgets"),
            IssueMatcherTests.issue(3, "Edit"),
        ])
        let mapping = IssueMatcher(rules: nil, index: index).map(report)
        let xcode = mapping.xcodeDiagnostics(report: report).map(\.description)
        let data = SARIFWriter.data(report: report, mapping: mapping)
        #expect(SARIFSchema.problems(in: data) == [])
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        func column(_ result: [String: Any]) -> Int? {
            (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any])?["startColumn"] as? Int
        }
        // Byte columns: 8 spaces + `HStack { Text("Größe 🎯"); Text(` is 45 bytes (as clang counts), 41 UTF-16 units.
        #expect(xcode[0].contains("V.swift:3:45: warning:"))
        #expect(column(results[0]) == 41)
        #expect(xcode[1].contains("V.swift:4:51: warning:"))
        #expect(column(results[1]) == 39)
        #expect(xcode[2].contains("V.swift:5:59: warning:"))
        #expect(column(results[2]) == 49)
    }

    @Test func utf16ColumnsComeFromTheLineAndFallBackToBytesWhenItCannotBeRead() throws {
        func column(_ line: String, _ byteColumn: Int) -> Int? {
            SARIFWriter.utf16Column(in: line, byteColumn: byteColumn)
        }
        #expect(column("abc", 2) == 2)
        #expect(column("é = 1", 4) == 3)
        #expect(column("🎯x", 5) == 3)
        #expect(column("🎯x", 3) == nil)
        #expect(column("ab", 9) == nil)
        let report = IssueMatcherTests.report([IssueMatcherTests.issue(1, "Widgets", type: .contrast)])
        let mapping = MappingResult(
            reportPath: report.sourcePath,
            issues: [
                MappedIssue(
                    issueNumber: 1,
                    primary: IssueMapping(
                        issueNumber: 1, origin: .rule,
                        location: SourceLocation(file: "No/Such File.swift", line: 3, column: 7)),
                    explanation: "rule")
            ])
        let data = SARIFWriter.data(report: report, mapping: mapping)
        #expect(SARIFSchema.problems(in: data) == [])
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let result = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let region =
            ((result[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "region"] as? [String: Any]
        #expect(region?["startColumn"] as? Int == 7 && region?["startLine"] as? Int == 3)
    }

    @Test func likelyCausesBecomeRelatedLocations() throws {
        let (report, result) = try Self.sample()
        let finding = FontFinding(
            rule: .fixedSize, file: "App/Home/HomeView.swift", line: 21, column: 9, utf16Column: 9,
            excerpt: ".font(.system(size: 15))", api: ".system(size:)", size: 15, fingerprint: "abcd")
        let data = SARIFWriter.data(
            report: report, mapping: result, likelyCauses: [1: [LikelyCause(finding: finding, line: 24)]])
        #expect(SARIFSchema.problems(in: data) == [])
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let related = try #require(results[0]["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1 && related[0]["id"] as? Int == 1)
        #expect(
            (related[0]["message"] as? [String: Any])?["text"] as? String
                == "likely cause: `.font(.system(size: 15))` at HomeView.swift:21, 3 lines above")
        #expect(results[1]["relatedLocations"] == nil)
    }
}
