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
