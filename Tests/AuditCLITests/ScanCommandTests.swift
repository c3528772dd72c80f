import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// End-to-end runs of `auditkit scan` on the scanner's corpus, and of `map` naming likely causes.
@Suite struct ScanCommandTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AuditKitTests/Scan/Fixtures/Corpus").path

    /// A copy of the corpus in a temporary folder, so the scan finds no project of the repository's
    /// (its history, once the README's `ingest` ran) above it.
    static func copiedCorpus() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: corpus, toPath: directory.file("Corpus"))
        return directory
    }

    @Test func listsFindingsAsTextWithASummaryAndWarnsAboutIgnoresWithoutReason() throws {
        let copy = try Self.copiedCorpus()
        defer { copy.remove() }
        let result = try runTool(["scan", ".", "--config", "corpus.scan.json"], in: copy.file("Corpus"))
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "BOMFirstLine.swift:1:18: UIFont.systemFont(ofSize: 11)")
        #expect(
            lines[1]
                == "    fixed font size 11 pt cannot scale with Dynamic Type (about 34.3 pt at AX5 if it scaled); "
                + "use `UIFont.preferredFont(forTextStyle: .caption2)` [fixed-font-size]")
        #expect(lines.contains("BudgetHeader.swift:11:17: .font(.system(size: 15, weight: .semibold))"))
        #expect(!result.stdout.contains("Previews.swift:11"), "preview code is not reported")
        #expect(!result.stdout.contains("SyncTestHarness"), "the excluded harness is not scanned")
        #expect(!result.stdout.contains("the logo glyph"), "suppressed findings are only counted")
        #expect(
            result.stdout.hasSuffix(
                "\nScanned 13 Swift files (1 excluded): 54 findings in 13 files (fixed-font-size 40, "
                    + "minimum-font-size 2, rounded-design 2, hard-coded-tracking 2, font-weight-on-token 2, "
                    + "custom-font-without-relative-to 2, text-style-not-adjusting 4), 3 suppressed by auditkit:ignore.\n"
            ))
        #expect(
            result.stderr
                == "Suppressed.swift:9:13: warning: auditkit:ignore needs a reason after it; the line is not ignored\n")
    }

    @Test func printsXcodeLinesJSONAndSchemaValidSARIF() throws {
        let copy = try Self.copiedCorpus()
        defer { copy.remove() }
        let corpus = copy.file("Corpus")
        let xcode = try runTool(
            ["scan", "Unicode.swift", "Typography.swift", "--format", "xcode", "--config", "corpus.scan.json"],
            in: corpus)
        #expect(xcode.status == 0)
        let lines = xcode.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        #expect(
            lines.first
                == "Typography.swift:7:26: warning: tracking 0.5 written as a number; use a tracking token "
                + "(`.tracking(AppTypography.Tracking.…)`) [hard-coded-tracking]")
        // Xcode keeps byte columns on the line with an emoji.
        #expect(lines.contains { $0.hasPrefix("Unicode.swift:7:55: warning: fixed font size 15 pt") })
        #expect(xcode.stderr.hasPrefix("Scanned 2 Swift files: 12 findings in 2 files"))

        let json = try runTool(["scan", ".", "--format", "json"], in: corpus)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 47)
        // DataFlow.swift: a size whose source leaves the file is "unknown" with its reason.
        let unknown = findings.filter { $0["dataFlow"] as? String == "unknown" }
        #expect(unknown.map { $0["unknownReason"] as? String } == ["`external.size` is not declared in this file"])
        #expect(findings.allSatisfy { ($0["fingerprint"] as? String)?.count == 16 })
        #expect(findings.filter { $0["suppression"] != nil }.count == 2)

        let sarif = try runTool(["scan", ".", "--format", "sarif", "--config", "corpus.scan.json"], in: corpus)
        #expect(sarif.status == 0)
        #expect(SARIFSchema.problems(in: Data(sarif.stdout.utf8)) == [])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 57)
        #expect(results.filter { $0["level"] as? String == "note" }.count == 1)
        let unicode = results.first {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: Any])?["uri"] as? String == "Unicode.swift"
        }
        let region =
            ((unicode?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
            as? [String: Any]
        #expect(region?["startLine"] as? Int == 7 && region?["startColumn"] as? Int == 51)
    }

    @Test func readsTheDefaultConfigurationFromTheWorkingDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try "struct A { let f = Font.system(size: 9) }\n".write(
            toFile: directory.file("A.swift"), atomically: true, encoding: .utf8)
        let plain = try runTool(["scan", "A.swift", "--format", "xcode"], in: directory.path)
        #expect(plain.stdout.split(separator: "\n").count == 1)
        try #"{"version": 1, "rules": {"minimumSize": 11}}"#.write(
            toFile: directory.file("auditkit.scan.json"), atomically: true, encoding: .utf8)
        let configured = try runTool(["scan", "A.swift", "--format", "xcode"], in: directory.path)
        #expect(configured.stdout.split(separator: "\n").count == 2)
        #expect(configured.stdout.contains("A.swift:1:20: warning: font size 9 pt is under the minimum"))
    }

    @Test func reportsUsageMissingInputAndBadConfiguration() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let none = try runTool(["scan"], in: directory.path)
        #expect(none.status == 64 && none.stderr.contains("missing PATH"))
        let format = try runTool(["scan", ".", "--format", "yaml"], in: directory.path)
        #expect(format.status == 64)
        let missing = try runTool(["scan", "Nope"], in: directory.path)
        #expect(missing.status == 66 && missing.stderr.contains("Nope: error: no such file or folder"))
        try "{\"version\": 1, \"exclude\": \"Tests\"}".write(
            toFile: directory.file("bad.json"), atomically: true, encoding: .utf8)
        let bad = try runTool(["scan", ".", "--config", "bad.json"], in: directory.path)
        #expect(bad.status == 65)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.hasPrefix("bad.json:1:27: error: \"exclude\" must be an array of path patterns"))
        let help = try runTool(["scan", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: auditkit scan [PATH...]"))
        let overview = try runTool(["--help"])
        #expect(overview.stdout.contains("  scan "))
    }

    @Test func fixDiffsWithDryRunThenRewritesAndSaysWhatItLeft() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = """
            struct A: View {
                let style: Style
                var body: some View {
                    Text("a").font(.system(size: 17, weight: .semibold))
                    Text("b").font(.system(size: style.size))
                }
            }

            """
        try source.write(toFile: directory.file("A.swift"), atomically: true, encoding: .utf8)
        let dry = try runTool(["scan", ".", "--fix", "--dry-run"], in: directory.path)
        #expect(dry.status == 0)
        #expect(dry.stdout.hasPrefix("A.swift: 1 changed, 1 left (1 unknown data flow)\n"))
        #expect(dry.stdout.contains("\n-        Text(\"a\").font(.system(size: 17, weight: .semibold))\n"))
        #expect(dry.stdout.contains("\n+        Text(\"a\").font(.headline)\n"))
        #expect(dry.stdout.hasSuffix("Would change 1 site in 1 file; left 1.\n"))
        #expect(try String(contentsOfFile: directory.file("A.swift"), encoding: .utf8) == source)
        let fix = try runTool(["scan", "A.swift", "--fix"], in: directory.path)
        #expect(fix.status == 0)
        #expect(fix.stdout.hasSuffix("Changed 1 site in 1 file; left 1.\n"))
        #expect(try String(contentsOfFile: directory.file("A.swift"), encoding: .utf8).contains(".font(.headline)"))
        let again = try runTool(["scan", ".", "--fix"], in: directory.path)
        #expect(again.stdout.hasSuffix("Changed 0 sites in 0 files; left 1.\n"))
        let rule = try runTool(["scan", ".", "--fix", "--rule", "rounded-design"], in: directory.path)
        #expect(rule.status == 64 && rule.stderr.contains("--fix can rewrite"))
        let alone = try runTool(["scan", ".", "--dry-run"], in: directory.path)
        #expect(alone.status == 64)
    }

    @Test func storyboardsAndXibsAreScannedAndFixedBesideSwift() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try UIKitAppFixture.write(to: directory.path)
        let scan = try runTool(["scan", "."], in: directory.path)
        #expect(scan.status == 0)
        #expect(
            scan.stdout.contains(
                "Vault/Base.lproj/Main.storyboard:76:29: <label id=\"UnL-lb-01a\"> <fontDescription key=\"fontDescription\" "
                    + "style=\"UICTFontTextStyleTitle2\"/>\n    text style without adjustsFontForContentSizeCategory keeps the "
                    + "size it was loaded with; use `adjustsFontForContentSizeCategory=\"YES\"` [text-style-not-adjusting]\n"
            ))
        #expect(
            scan.stdout.hasSuffix(
                "Scanned 8 Swift files and 5 storyboards or xibs: 15 findings in 7 files (fixed-font-size 9, "
                    + "text-style-not-adjusting 6).\n"))
        let sarif = try runTool(["scan", ".", "--format", "sarif"], in: directory.path)
        #expect(SARIFSchema.problems(in: Data(sarif.stdout.utf8)) == [])
        let dry = try runTool(["scan", "Vault/Views/DatabaseCell.xib", "--fix", "--dry-run"], in: directory.path)
        #expect(dry.stdout.hasPrefix("Vault/Views/DatabaseCell.xib: 2 changed, 1 left (1 no safe rewrite)\n"))
        #expect(
            dry.stdout.contains(
                "\n+                        <fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleCaption1\"/>\n"
            ))
        let fix = try runTool(["scan", ".", "--fix"], in: directory.path)
        #expect(fix.status == 0)
        // Ten sites in five documents and the Swift cell's `systemFont(ofSize:)`; a named font and two buttons left.
        #expect(fix.stdout.hasSuffix("Changed 11 sites in 6 files; left 3.\n"))
        let again = try runTool(["scan", ".", "--fix"], in: directory.path)
        #expect(again.stdout.hasSuffix("Changed 0 sites in 0 files; left 3.\n"))
    }

    @Test func fixListsWhatToReviewAndWithNotesWritesItAboveTheSite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try """
        struct A: View {
            var body: some View {
                Text("a").font(.system(size: 17)).lineLimit(1)
            }
        }

        """.write(toFile: directory.file("A.swift"), atomically: true, encoding: .utf8)
        let review = "review: may be cut short by lineLimit(1)"
        let scan = try runTool(["scan", "."], in: directory.path)
        #expect(scan.stdout.contains("; use `.body`; \(review) [fixed-font-size]\n"), "\(scan.stdout)")
        let dry = try runTool(["scan", ".", "--fix", "--dry-run"], in: directory.path)
        #expect(dry.stdout.contains("  3:18: .font(.system(size: 17)) -> `.body`; \(review)\n"), "\(dry.stdout)")
        let fix = try runTool(["scan", ".", "--fix", "--notes"], in: directory.path)
        #expect(fix.stdout.contains(" -> `.body`; noted above: \(review)\n"), "\(fix.stdout)")
        #expect(
            try String(contentsOfFile: directory.file("A.swift"), encoding: .utf8).contains(
                "        // auditkit: \(review)\n        Text(\"a\").font(.body).lineLimit(1)\n"))
        let again = try runTool(["scan", ".", "--fix", "--notes"], in: directory.path)
        #expect(again.stdout.hasSuffix("Changed 0 sites in 0 files; left 0.\n"), "\(again.stdout)")
        let alone = try runTool(["scan", ".", "--notes"], in: directory.path)
        #expect(alone.status == 64 && alone.stderr.contains("--notes"))
    }

    @Test func scanAndFixSayTheSameWhyAndWhatToWriteByHandAtASiteTheFixLeaves() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A symbol sized in a static member: no view instance to hold a @ScaledMetric.
        try """
        struct Badge: View {
            var body: some View { Self.star }
            static var star: some View { Image(systemName: "star").font(.system(size: 28, weight: .bold)) }
        }

        """.write(toFile: directory.file("Badge.swift"), atomically: true, encoding: .utf8)
        let scan = try runTool(["scan", "."], in: directory.path)
        let left = try #require(scan.stdout.range(of: "; left by --fix: "), "\(scan.stdout)")
        let end = try #require(
            scan.stdout.range(of: " [fixed-font-size]\n", range: left.upperBound..<scan.stdout.endIndex))
        let why = String(scan.stdout[left.upperBound..<end.lowerBound])
        #expect(why.hasPrefix("outside a View (") && why.contains("; by hand: `"), "\(why)")
        let json = try runTool(["scan", ".", "--format", "json"], in: directory.path)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let finding = (object?["findings"] as? [[String: Any]])?.first
        let fix = finding?["fix"] as? [String: Any]
        #expect(fix?["left"] as? String == "outside a View", "\(json.stdout)")
        let byHand = try #require(fix?["byHand"] as? String)
        #expect(why.hasSuffix("; by hand: \(byHand)") && finding?["suggestion"] as? String == byHand)
        let dry = try runTool(["scan", ".", "--fix", "--dry-run"], in: directory.path)
        #expect(dry.stdout.contains(": left .font(.system(size: 28, weight: .bold)): \(why)\n"), "\(dry.stdout)")
    }

    /// A report of the sample's home screen (a Dynamic Type warning on "Budget Progress", a contrast
    /// one on "$4,422.12") in `directory`, and the corpus's BudgetHeader.swift in `Sources/`; the
    /// report's path.
    private func budgetHeaderProject(in directory: TemporaryDirectory) throws -> String {
        let fixture = ReportFixture(screens: [
            .init(
                name: "0", groupName: "Home",
                issues: [
                    .init(
                        errorCode: 2, shortTitle: "Dynamic Type font sizes are unsupported",
                        elementText: "Budget Progress",
                        testTypeName: "Dynamic Type", rect: Rect(x: 20, y: 200, width: 120, height: 24)),
                    .init(
                        errorCode: 1, shortTitle: "Contrast failed", elementText: "$4,422.12", testTypeName: "Contrast",
                        rect: Rect(x: 20, y: 240, width: 120, height: 24)),
                ])
        ])
        let report = directory.file("AuditReport_2026-01-03_16-28-16.html")
        try fixture.write(to: report, as: .html(.varAssignment))
        try FileManager.default.createDirectory(atPath: directory.file("Sources"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.corpus + "/BudgetHeader.swift", toPath: directory.file("Sources/BudgetHeader.swift"))
        return report
    }

    @Test func logAndAuditNameLikelyCausesInAFileOnlyARuleNames() throws {
        // The sources indexed are elsewhere: the rule alone sends "Budget Progress" to
        // BudgetHeader.swift, which the pass then scans for fixed sizes, for `log` as for `audit`.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try budgetHeaderProject(in: directory)
        try Data(
            """
            {"version": 1, "rules": [{"id": "header", "match": {"text": "Budget Progress"}, "view": "BudgetHeader",
              "file": "Sources/BudgetHeader.swift", "line": 10}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: directory.file("auditkit.rules.json")))
        try FileManager.default.createDirectory(atPath: directory.file("App"), withIntermediateDirectories: true)
        try Data("struct Other {}\n".utf8).write(to: URL(fileURLWithPath: directory.file("App/Other.swift")))
        let expected = "`.font(.system(size: 15, weight: .semibold))`"
        for command in ["log", "audit"] {
            let log = directory.file("\(command).md")
            let run = try runTool(
                [
                    command, report, "--rules", "auditkit.rules.json", "--source", "App", "--log", log, "--date",
                    "2026-01-03",
                ],
                in: directory.path)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            let text = try String(contentsOfFile: log, encoding: .utf8)
            #expect(text.contains(expected), "\(command): \(text)")
        }
    }

    @Test func mapNamesTheNearestFixedSizesAsLikelyCausesOfDynamicTypeWarnings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try budgetHeaderProject(in: directory)
        let text = try runTool(["map", report, "--source", "Sources"], in: directory.path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.contains(
                "         likely cause: `.font(.system(size: 15, weight: .semibold))` at BudgetHeader.swift:11, 1 line below\n"
            ))
        // The amount's 34 pt below is its own, not Budget Progress's; the contrast issue has none.
        #expect(text.stdout.components(separatedBy: "likely cause").count == 2, "\(text.stdout)")
        let xcode = try runTool(["map", report, "--source", "Sources", "--format", "xcode"], in: directory.path)
        #expect(
            xcode.stdout.contains(
                "Sources/BudgetHeader.swift:11:17: note: likely cause of issue 1 (1 line below its match): "
                    + ".font(.system(size: 15, weight: .semibold))\n"
            ))
        let json = try runTool(["map", report, "--source", "Sources", "--format", "json"], in: directory.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let issues = try #require(object["issues"] as? [[String: Any]])
        let causes = try #require(issues[0]["likelyCauses"] as? [[String: Any]])
        #expect(causes.map { $0["line"] as? Int } == [11])
        #expect(causes.first?["lineDistance"] as? Int == 1)
        #expect(causes.first?["code"] as? String == ".font(.system(size: 15, weight: .semibold))")
        #expect((issues[1]["likelyCauses"] as? [Any])?.isEmpty == true)
        let sarif = try runTool(["map", report, "--source", "Sources", "--format", "sarif"], in: directory.path)
        #expect(SARIFSchema.problems(in: Data(sarif.stdout.utf8)) == [])
        #expect(sarif.stdout.contains("\"relatedLocations\""))
    }

    /// The command plugins name the package's source targets in `AUDITKIT_PACKAGE_SOURCES`: they are the
    /// sources when neither `--source` nor the project file names any, so the plugins pass no options.
    @Test func thePackagesSourcesStandForTheSourcesNothingElseNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for folder in ["Sources/App", "Sources/Kit"] {
            try FileManager.default.createDirectory(atPath: directory.file(folder), withIntermediateDirectories: true)
        }
        try "struct A { let f = Font.system(size: 9) }\n".write(
            toFile: directory.file("Sources/App/A.swift"), atomically: true, encoding: .utf8)
        try "struct B { let f = Font.system(size: 10) }\n".write(
            toFile: directory.file("Sources/Kit/B.swift"), atomically: true, encoding: .utf8)
        let package = ["AUDITKIT_PACKAGE_SOURCES": directory.file("Sources/App") + ":" + directory.file("Sources/Kit")]
        let scan = try runTool(["scan", "--format", "xcode"], in: directory.path, environment: package)
        #expect(scan.status == 0 && scan.stdout.split(separator: "\n").count == 2, "\(scan.stdout)\(scan.stderr)")
        let config = try runTool(["config"], in: directory.path, environment: package)
        #expect(config.stdout.contains("(the package's targets)"), "\(config.stdout)")
        // The project file's sources, and --source, come first.
        try #"{"version": 1, "sources": ["Sources/Kit"]}"#.write(
            toFile: directory.file("auditkit.json"), atomically: true, encoding: .utf8)
        let projectFile = try runTool(["scan", "--format", "xcode"], in: directory.path, environment: package)
        #expect(projectFile.stdout.split(separator: "\n").count == 1 && projectFile.stdout.contains("B.swift"))
        let flag = try runTool(["config", "--source", "Sources/App"], in: directory.path, environment: package)
        #expect(flag.stdout.contains("sources: Sources/App (flag)"), "\(flag.stdout)")
    }
}
