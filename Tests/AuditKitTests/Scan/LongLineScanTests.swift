import AuditKit
import Foundation
import Testing

/// Columns on long lines (issue 29, item 7): a one-line file is walked once, not once per finding.
@Suite struct LongLineScanTests {
    @Test func aLongOneLineFileIsScannedInLinearTimeWithRightColumns() {
        // "é" is 2 bytes and 1 UTF-16 unit, "👍" 4 bytes and 2 units: byte and UTF-16 columns differ.
        let piece = #"Text("é👍").font(.system(size: 12)); "#
        let count = 26_000
        let source = Array(String(repeating: piece, count: count).utf8)
        let start = Date()
        let (findings, _) = FontScanner.scan(source: source, path: "Long.swift", configuration: FontScanConfiguration())
        // About a second here (7 s under AddressSanitizer); the old per-finding count did not finish in two minutes.
        #expect(Date().timeIntervalSince(start) < 60)
        let fixed = findings.filter { $0.rule == .fixedSize }
        #expect(fixed.count == count)
        let pieceUnits = piece.utf16.count
        let pieceBytes = piece.utf8.count
        for (n, finding) in fixed.enumerated() where n % 997 == 0 || n == count - 1 {
            #expect(finding.line == 1)
            // The finding starts at `.system` or at `Text`; either way the same place in every piece.
            let firstUnits = fixed[0].utf16Column - 1
            let firstBytes = fixed[0].column - 1
            #expect(finding.utf16Column == n * pieceUnits + firstUnits + 1)
            #expect(finding.column == n * pieceBytes + firstBytes + 1)
        }
    }
}

/// Chains of any length (issue 62): each font of a long chain of `.font(…)` links still knows the view it
/// sets (from the view's first line to its own) less the views inside that set their own, and the fix
/// rewrites every link; the time is measured by `auditkit-bench scan-chains`, not here.
@Suite struct LongChainScanTests {
    @Test func eachLinkOfALongChainSetsTheLinesOfItsViewLessTheViewsInside() {
        let links = 300
        var source = "struct Chain: View {\n    var body: some View {\n        Text(\"x\")\n"
        for n in 0..<links {
            // Every tenth link is an overlay whose text sets its own font.
            source +=
                n % 10 == 9
                ? "            .overlay { Text(\"o\").font(.system(size: 11)) }\n"
                : "            .font(.system(size: 12))\n"
        }
        source += "    }\n}\n"
        let findings = FontScanner.scan(source: Array(source.utf8), path: "Chain.swift", configuration: .init())
            .findings
        #expect(findings.count == links)
        for finding in findings where finding.excerpt == ".font(.system(size: 12))" {
            // The chain starts with `Text("x")` on line 3; the overlays above this link set their own font.
            let overlays = (4..<finding.line).filter { ($0 - 4) % 10 == 9 }
            #expect(finding.appliesToLines == FontLines(3...finding.line, except: overlays.map { $0...$0 }))
        }
        let fix = FontFixer.plan(source: Array(source.utf8), path: "Chain.swift")
        #expect(fix.changes.count == links && fix.skipped.isEmpty)
        #expect(FontScanner.scan(source: fix.fixed, path: "Chain.swift", configuration: .init()).findings.isEmpty)
    }
}
