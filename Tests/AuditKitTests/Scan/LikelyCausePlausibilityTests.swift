import AuditKit
import Foundation
import Testing

/// Likely causes only where plausible (issue 43): a fixed size is named for a Dynamic Type warning only
/// when it applies to the warned element's own text, and never for a warning the rules accept.
@Suite struct LikelyCausePlausibilityTests {
    /// The issue's example: "Active Budgets" already uses `.subheadline`; a chevron 225 lines below and a
    /// clear-search icon 310 lines below have fixed sizes. Then a total with its own fixed size on the
    /// next line, a row whose stack sets the size, and a stack whose size its text overrides.
    static let budgets: String = {
        var lines = [
            "import SwiftUI",  // 1
            "",
            "struct BudgetsView: View {",
            "    var body: some View {",
            "        VStack {",  // 5
            "            Text(\"Active Budgets\")",  // 6
            "                .font(.subheadline)",
            "            Text(\"Total\")",  // 8
            "                .font(.system(size: 17))",  // 9
            "            HStack {",  // 10
            "                Text(\"Row\")",  // 11
            "                Spacer()",
            "            }",
            "            .font(.system(size: 15))",  // 14
            "            VStack {",  // 15
            "                Text(\"Own\").font(.footnote)",  // 16
            "            }",
            "            .font(.system(size: 22))",  // 18
        ]
        while lines.count < 6 + 225 - 1 { lines.append("            Divider()") }
        lines.append("            Image(systemName: \"chevron.right\").font(.system(size: 12))")  // 231
        while lines.count < 6 + 310 - 1 { lines.append("            Divider()") }
        lines.append("            Image(systemName: \"xmark.circle.fill\").font(.system(size: 14))")  // 316
        lines += ["        }", "    }", "}", ""]
        return lines.joined(separator: "\n")
    }()

    static func causes(at line: Int) -> [Int] {
        let bytes = Array(budgets.utf8)
        let findings = FontScanner.scan(source: bytes, path: "BudgetsView.swift", configuration: .init()).findings
        let scan = FontScanResult(files: ["BudgetsView.swift"], findings: findings)
        let types = SwiftLexer.scan(bytes).types
        let causes = scan.likelyCauses(file: "BudgetsView.swift", line: line, types: types, limit: 5)
        return causes.map { $0.location.line ?? 0 }
    }

    @Test func aSizeOnAnotherElementOfTheViewIsNoCauseHoweverNear() {
        #expect(Self.causes(at: 6) == [], "Active Budgets sets .subheadline: neither the chevron nor the icon")
        #expect(Self.causes(at: 231) == [231], "the chevron's own size")
        #expect(Self.causes(at: 316) == [316])
    }

    @Test func theSizeOnTheTextsOwnChainOrOnTheStackItInheritsFromIsTheCause() {
        #expect(Self.causes(at: 8) == [9], "Total's own .font, not the row's below it")
        #expect(Self.causes(at: 11) == [14], "the stack's size, which Row inherits")
        #expect(Self.causes(at: 16) == [], "Own sets .footnote over its stack's 22 pt")
    }

    @Test func aWarningTheRulesAcceptHasNoLikelyCause() throws {
        let folder = NSTemporaryDirectory() + "auditkit-causes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/BudgetsView.swift"
        try Data(Self.budgets.utf8).write(to: URL(fileURLWithPath: file))
        let report = IssueMatcherTests.report([
            IssueMatcherTests.issue(1, "Total"), IssueMatcherTests.issue(2, "Total"),
        ])
        func mapped(_ number: Int, _ status: IssueStatus) -> MappedIssue {
            MappedIssue(
                issueNumber: number,
                primary: IssueMapping(
                    issueNumber: number, origin: .rule, location: SourceLocation(file: file, line: 8, column: 13),
                    status: status),
                explanation: "rule")
        }
        let mapping = MappingResult(
            reportPath: report.sourcePath, issues: [mapped(1, .open), mapped(2, .accepted(reason: "design"))])
        var scan = FontScanResult()
        scan.scanMappedFiles(of: report, mapping: mapping, configuration: FontScanConfiguration())
        let causes = scan.likelyCauses(report: report, mapping: mapping)
        #expect(causes.keys.sorted() == [1], "the accepted warning asks for no fix")
        #expect(causes[1]?.map(\.location.line) == [9])
    }
}
