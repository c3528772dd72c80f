import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct FontScannerTests {
    static func findings(_ source: String, _ configuration: FontScanConfiguration = .init()) -> [FontFinding] {
        FontScanner.scan(source: Array(source.utf8), path: "View.swift", configuration: configuration).findings
    }

    @Test func theNearestStyleBreaksTiesByWeightThenTakesTheSmaller() {
        #expect(TextStyle.nearest(size: 17, weight: .semibold).name == "headline")
        #expect(TextStyle.nearest(size: 17, weight: nil).name == "body")
        #expect(TextStyle.nearest(size: 17, weight: .bold).name == "headline")
        #expect(TextStyle.nearest(size: 17, weight: .light).name == "body")
        #expect(TextStyle.nearest(size: 14, weight: nil).name == "footnote")
        #expect(TextStyle.nearest(size: 21, weight: nil).name == "title3")
        #expect(TextStyle.nearest(size: 28, weight: .bold).name == "title")
        #expect(TextStyle.nearest(size: 64, weight: nil).name == "largeTitle")
        #expect(TextStyle.nearest(size: 9, weight: nil).name == "caption2")
        #expect(TextStyle.nearest(size: 12, weight: nil).uiKitName == "caption1")
        #expect(TextStyle.ax5Size(for: 13) == 40.5)
        #expect(TextStyle.ax5Size(for: 17) == 53)
        #expect(TextStyle.iOS.allSatisfy { !$0.name.hasPrefix("extraLarge") })
    }

    @Test func aTeamTokenTableReplacesTheBuiltInSuggestionsForText() throws {
        let configuration = try FontScanConfiguration(
            parsing: Array(
                """
                {"version": 1, "tokens": [
                  {"name": "AppTypography.headingMedium", "size": 17, "weight": "semibold"},
                  {"name": "AppTypography.bodyLarge", "size": 17},
                  {"name": "AppTypography.bodyDefault", "size": 15, "weight": "regular"},
                  {"name": "AppTypography.caption", "size": 11}
                ]}
                """.utf8), path: "scan.json")
        let found = Self.findings(
            """
            Text("a").font(.system(size: 17, weight: .semibold))
            Text("b").font(.system(size: 16))
            Text("c").font(.system(size: 10))
            Image(systemName: "star").font(.system(size: 24))
            """, configuration)
        // 16 is `.callout`'s own size, which the fix writes (the same look) rather than the nearest token;
        // 10 is left (outside a type), so the nearest token is what to write by hand.
        #expect(
            found.map(\.suggestion) == [
                "`AppTypography.headingMedium`", "`.callout`", "`AppTypography.caption`",
                "`@ScaledMetric(relativeTo: .title2) var size: CGFloat = 24` in the view that shows it, passed in as a"
                    + " parameter, or `UIFontMetrics(forTextStyle: .title2).scaledValue(for: 24)` where UIKit is imported",
            ])
        #expect(found.map(\.isTextContext) == [true, true, true, false])
    }

    @Test func theConfigurationIsCheckedWithLineAndColumn() {
        func error(_ text: String) -> String? {
            do {
                _ = try FontScanConfiguration(parsing: Array(text.utf8), path: "auditkit.scan.json")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            error("{\"version\": 1,\n  \"rules\": {\"rounded\": true}}")
                == "auditkit.scan.json:2:13: error: unknown key \"rounded\" in \"rules\"; expected one of: roundedDesign, minimumSize, hardCodedTracking, fontWeightOnToken, customRequiresRelativeTo"
        )
        #expect(
            error("{\"version\": 1, \"tokens\": [{\"name\": \"x\", \"size\": 17, \"weight\": \"heavyish\"}]}")?
                .contains(
                    "a token's \"weight\" must be one of ultraLight") == true)
        #expect(error("{\"exclude\": []}")?.hasSuffix("missing \"version\": 1") == true)
        #expect(
            error("{\"version\": 1, \"rules\": {\"minimumSize\": -3}}")?.contains("must be a size in points") == true)
        #expect(error("{\"version\": 1,}")?.hasPrefix("auditkit.scan.json:1:") == true)
        #expect(error("{\"version\": 1, \"rules\": {\"minimumSize\": true}}") == nil)
    }

    @Test func excludePatternsMatchNamesAnywhereAndPathsFromTheStart() {
        let configuration = FontScanConfiguration(exclude: [
            "Tests", "*Harness.swift", "App/Debug", "**/Generated/*.swift", "Sources/?ib/Old.swift",
        ])
        #expect(configuration.isExcluded("App/Tests/HomeTests.swift"))
        #expect(configuration.isExcluded("Tests/A.swift"))
        #expect(configuration.isExcluded("App/Foundation/SyncTestHarness.swift"))
        #expect(configuration.isExcluded("./App/Debug/Menu.swift"))
        #expect(configuration.isExcluded("App/Debug"))
        #expect(configuration.isExcluded("A/B/Generated/Fonts.swift"))
        #expect(configuration.isExcluded("Generated/Fonts.swift"))
        #expect(configuration.isExcluded("Sources/Lib/Old.swift"))
        #expect(!configuration.isExcluded("App/Home/HomeView.swift"))
        #expect(!configuration.isExcluded("App/Debugging/Menu.swift"))
        #expect(!configuration.isExcluded("MyApp/App/Debug/Menu.swift"))
        #expect(!configuration.isExcluded("A/Generated/Deep/Fonts.swift"))
        #expect(!FontScanConfiguration().isExcluded("Tests/A.swift"))
    }

    @Test func recordingTokensLeavesLiteralsTypesAndMembersAlone() throws {
        let corpus = FontScanCorpusTests.corpus
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus) where name.hasSuffix(".swift") {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: corpus + "/" + name)))
            let plain = SwiftLexer.scan(bytes)
            let recorded = SwiftLexer.scan(bytes, recordingTokens: true)
            #expect(plain.literals == recorded.literals, "\(name)")
            #expect(plain.types == recorded.types && plain.members == recorded.members, "\(name)")
            #expect(plain.tokens.isEmpty && !recorded.tokens.isEmpty, "\(name)")
            #expect(recorded.newlineOffsets.count == bytes.filter { $0 == 10 }.count)
            // Without literals (the scan's own pass) the tokens, types and members are the same.
            let light = SwiftLexer.scan(bytes, recordingTokens: true, keepingLiterals: false)
            #expect(light.tokens == recorded.tokens && light.lineComments == recorded.lineComments, "\(name)")
            #expect(light.types == recorded.types && light.literals.isEmpty, "\(name)")
        }
    }

    @Test func tokensSkipCommentsStringsAndInterpolationsAndKnowPreviews() throws {
        let source = """
            // .system(size: 12)
            let a = "\\(Font.system(size: 13))" /* system */
            #Preview { Text("x").font(.system(size: 9)) }
            let b = 17.5
            """
        let scan = SwiftLexer.scan(Array(source.utf8), recordingTokens: true)
        let bytes = Array(source.utf8)
        func text(_ token: SwiftToken) -> String { String(decoding: bytes[token.start..<token.end], as: UTF8.self) }
        let identifiers = scan.tokens.filter { $0.kind == .identifier }.map(text)
        #expect(identifiers.filter { $0 == "system" }.count == 1)
        #expect(!identifiers.contains("Font"))
        #expect(scan.tokens.filter { $0.kind == .string }.map(text) == ["\"\\(Font.system(size: 13))\"", "\"x\""])
        #expect(scan.lineComments.map { String(decoding: bytes[$0], as: UTF8.self) } == ["// .system(size: 12)"])
        let nine = try #require(scan.tokens.first { $0.kind == .number && text($0) == "9" })
        #expect(nine.inPreview)
        #expect(scan.tokens.filter { $0.kind == .number }.map(text) == ["9", "17", "5"])
        #expect(scan.tokens.last.map(text) == "5" && scan.tokens.last?.inPreview == false)
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstDeclaration() {
        let scan = SwiftLexer.scan(Array("\u{FEFF}struct A: View {}".utf8))
        #expect(scan.types.map(\.name) == ["A"])
    }

    @Test func likelyCausesAreTheNearestFixedSizesInTheFile() {
        func finding(
            _ line: Int, _ file: String = "App/HomeView.swift", rule: FontScanRule = .fixedSize, ignored: Bool = false
        )
            -> FontFinding
        {
            var finding = FontFinding(
                rule: rule, file: file, line: line, column: 5, utf16Column: 5, excerpt: ".font(.system(size: \(line)))",
                api: ".system(size:)", suppression: ignored ? "on purpose" : nil)
            // Each set on a stack spanning the view, so it applies to every text in it.
            finding.appliesToLines = FontLines(190...260)
            return finding
        }
        let result = FontScanResult(
            files: ["App/HomeView.swift", "App/Other.swift"],
            findings: [
                finding(200), finding(209), finding(212), finding(215), finding(211, rule: .minimumSize),
                finding(210, ignored: true), finding(212, "App/Other.swift"),
            ])
        // HomeView spans lines 190-230; a nested Row type 213-214; another struct from 240.
        let types = [
            SwiftTypeDeclaration(
                name: "HomeView", inheritedTypes: ["View"], isExtension: false, line: 190, column: 1, endLine: 230),
            SwiftTypeDeclaration(
                name: "HomeView.Row", inheritedTypes: ["View"], isExtension: false, line: 213, column: 5, endLine: 214),
            SwiftTypeDeclaration(
                name: "Other", inheritedTypes: [], isExtension: false, line: 240, column: 1, endLine: 260),
        ]
        let causes = result.likelyCauses(file: "./App/HomeView.swift", line: 212, types: types, limit: 3)
        #expect(causes.map(\.location.line) == [212, 215, 209])
        #expect(causes.map(\.lineDistance) == [0, 3, -3])
        #expect(causes.map(\.distanceText) == ["on the same line", "3 lines below", "3 lines above"])
        #expect(
            result.likelyCauses(file: "App/HomeView.swift", line: 201, types: types).first?.sentence
                == "likely cause: `.font(.system(size: 200))` at HomeView.swift:200, 1 line above")
        // No line, no cause; a line outside every type, no cause; a line in another type, none of HomeView's.
        #expect(result.likelyCauses(file: "App/HomeView.swift", line: nil, types: types).isEmpty)
        #expect(result.likelyCauses(file: "App/HomeView.swift", line: 100, types: types).isEmpty)
        #expect(result.likelyCauses(file: "App/HomeView.swift", line: 250, types: types).isEmpty)
        // Inside the nested Row, only Row's own sizes: none here.
        #expect(result.likelyCauses(file: "App/HomeView.swift", line: 213, types: types).isEmpty)
        #expect(result.likelyCauses(file: "App/Missing.swift", line: 3, types: types).isEmpty)
    }

    @Test func filesOnlyARuleNamesAreScannedForLikelyCauses() throws {
        let file = FontScanCorpusTests.corpus + "/BudgetHeader.swift"
        let report = IssueMatcherTests.report([
            IssueMatcherTests.issue(1, "Budget Progress"), IssueMatcherTests.issue(2, "Total", type: .contrast),
        ])
        let located = SourceLocation(file: file, line: 10, column: 18)
        let mapping = MappingResult(
            reportPath: report.sourcePath,
            issues: [
                MappedIssue(
                    issueNumber: 1, primary: IssueMapping(issueNumber: 1, origin: .rule, location: located),
                    explanation: "rule"),
                MappedIssue(
                    issueNumber: 2, primary: IssueMapping(issueNumber: 2, origin: .rule, location: located),
                    explanation: "rule"),
            ])
        var scan = FontScanResult()
        scan.scanMappedFiles(of: report, mapping: mapping, configuration: FontScanConfiguration())
        #expect(scan.files == [file])
        let causes = scan.likelyCauses(report: report, mapping: mapping)
        #expect(causes.keys.sorted() == [1], "only Dynamic Type warnings get likely causes")
        // Line 13's size is the amount's own, not Budget Progress's.
        #expect(causes[1]?.map(\.location.line) == [11])
        #expect(causes[1]?.map(\.text) == ["Budget Progress"])
        // Scanning again adds nothing; an excluded file is not read.
        scan.scanMappedFiles(of: report, mapping: mapping, configuration: FontScanConfiguration())
        #expect(scan.files.count == 1 && scan.findings.count == 2)
        var excluded = FontScanResult()
        excluded.scanMappedFiles(
            of: report, mapping: mapping, configuration: FontScanConfiguration(exclude: ["BudgetHeader.swift"]))
        #expect(excluded.files.isEmpty)
    }

    @Test func theSourceIndexRunsTheScanInItsLexerPass() throws {
        let corpus = FontScanCorpusTests.corpus
        let configuration = try FontScanConfiguration.load(path: corpus + "/corpus.scan.json")
        let index = try SourceIndex.build(roots: [corpus], workingDirectory: corpus, fontScan: configuration)
        let direct = try FontScanner.scan(paths: [corpus], configuration: configuration, workingDirectory: corpus)
        let scan = try #require(index.fontScan)
        #expect(scan.findings == direct.findings)
        #expect(scan.files == direct.files)
        #expect(scan.excludedFiles == direct.excludedFiles)
        #expect(scan.problems == direct.problems)
        // The index itself is the same with or without the scan.
        let plain = try SourceIndex.build(roots: [corpus], workingDirectory: corpus)
        #expect(plain.fontScan == nil)
        #expect(plain.literals == index.literals)
    }

    @Test func malformedInputGivesFewerFindingsNeverACrash() {
        let pieces = [
            ".font(.system(size:", ")))", "UIFont(name: \"x\", size:", "{", "}", ".custom(\"A\", fixedSize: 1",
            "\"unterminated", "@ScaledMetric var", "// auditkit:ignore", "\n", ".tracking(", "-", "17.",
            "UIFontMetrics",
            ".scaledFont(for:", "=", "let f = ", "systemFont(ofSize: 3)",
        ]
        var generator = SplitMix64(seed: 15)
        let all = FontScanConfiguration(
            roundedDesign: true, minimumSize: 11, hardCodedTracking: true, fontWeightOnToken: true,
            customRequiresRelativeTo: true)
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 1...40, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let found = Self.findings(text, all)
            #expect(found.allSatisfy { $0.line >= 1 && $0.column >= 1 && $0.utf16Column >= 1 })
        }
    }
}
