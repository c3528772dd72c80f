import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Terminal and CI-log injection (issue 29, item 5): no text output lets a report start a line of its
/// own or send a control character to the terminal.
@Suite struct TerminalInjectionTests {
    /// A text that would forge a line, a GitHub Actions workflow command, a window title, a bell, a NUL
    /// and an OSC 52 clipboard write.
    static let hostile =
        "Pay\n::error file=x.swift::forged\r\n::add-mask::x \u{1B}]0;owned\u{07}\u{0}\u{1B}]52;c;ZXZpbA==\u{07}"

    static func writeReports(in folder: TemporaryDirectory) throws -> (old: String, new: String) {
        try AtomicFile.makeDirectory(folder.file("Reports"))
        func write(_ title: String, stamp: String) throws -> String {
            let issue = ReportFixture.Issue(
                errorCode: 12, shortTitle: title, elementText: hostile, testTypeName: "Contrast",
                rect: Rect(x: 20, y: 200, width: 120, height: 22))
            let fixture = ReportFixture(screens: [
                ReportFixture.Screen(name: "Home\n::warning::x", groupName: "HomeView", issues: [issue])
            ])
            let path = "Reports/AuditReport_\(stamp).html"
            try fixture.write(to: folder.file(path), as: .html(.varAssignment))
            return path
        }
        return (
            try write("Contrast failed", stamp: "2026-01-03_12-58-34"),
            try write("Contrast failed\n\u{1B}[2J::error::forged", stamp: "2026-01-04_12-58-34")
        )
    }

    /// No output line starts with `::` and none holds a control character other than a tab.
    static func expectSafe(_ output: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.hasPrefix("::"), "\(what): a line starts with '::': \(line)", sourceLocation: sourceLocation)
            let controls = line.unicodeScalars.filter { $0 != "\t" && ($0.value < 0x20 || $0.value == 0x7F) }
            #expect(
                controls.isEmpty, "\(what): control characters in \(line.debugDescription)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func mapCheckDiffAndAcceptShowControlCharactersAsEscapes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (old, new) = try Self.writeReports(in: folder)
        let map = try runTool(["map", new], in: folder.path)
        #expect(map.status == 0, "\(map.stderr)")
        #expect(map.stdout.contains(#"Pay\n::error file=x.swift::forged\r\n::add-mask::x \u{1b}]0;owned\u{7}\u{0}"#))
        Self.expectSafe(map.stdout, "map")
        let xcode = try runTool(["map", new, "--format", "xcode"], in: folder.path)
        #expect(xcode.stdout.split(separator: "\n").count == 1)
        Self.expectSafe(xcode.stdout, "map --format xcode")
        let history = try runTool(["history", "add", old, new], in: folder.path)
        #expect(history.status == 0, "\(history.stderr)")
        Self.expectSafe(history.stdout + history.stderr, "history add")
        let check = try runTool(["check", new, "--fail-on", "any"], in: folder.path)
        #expect(check.status == 1)
        #expect(check.stdout.contains(#"\u{1b}[2J::error::forged"#))
        Self.expectSafe(check.stdout + check.stderr, "check")
        let diff = try runTool(["diff", old, new], in: folder.path)
        #expect(diff.status == 0, "\(diff.stderr)")
        Self.expectSafe(diff.stdout, "diff")
        let fingerprint = try #require(
            check.stdout.range(of: "[fingerprint ").map { String(check.stdout[$0.upperBound...].prefix(16)) })
        let accept = try runTool(["accept", fingerprint, "--reason", "judged\n::error::x"], in: folder.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(accept.stdout.contains(#"\u{1b}]0;owned"#))
        Self.expectSafe(accept.stdout + accept.stderr, "accept")
        let prune = try runTool(["accept", "--prune", "--report", old], in: folder.path)
        Self.expectSafe(prune.stdout + prune.stderr, "accept --prune")
    }
}

/// Bidirectional controls in Markdown (issue 29, item 10): `summary` and `audit.md` show them as code points.
@Suite struct MarkdownBidiOutputTests {
    @Test func summaryAndTheLogHoldNoBidirectionalControl() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try AtomicFile.makeDirectory(folder.file("Reports"))
        let issue = ReportFixture.Issue(
            errorCode: 12, shortTitle: "Contrast \u{202E}deliaf", elementText: "\u{2066}Pay\u{2069} \u{200F}now",
            testTypeName: "Contrast", rect: Rect(x: 20, y: 200, width: 120, height: 22))
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(name: "Home\u{202E}", groupName: "HomeView", issues: [issue])
        ])
        try fixture.write(to: folder.file("Reports/AuditReport_2026-01-03_12-58-34.html"), as: .html(.varAssignment))
        let summary = try runTool(["summary", "Reports/AuditReport_2026-01-03_12-58-34.html"], in: folder.path)
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains(#"\[U+2066\]Pay\[U+2069\]"#))
        #expect(!summary.stdout.unicodeScalars.contains(where: PrintableText.isBidiControl))
        let audit = try runTool(["audit", "Reports/AuditReport_2026-01-03_12-58-34.html"], in: folder.path)
        #expect(audit.status == 0, "\(audit.stderr)")
        let log = try String(contentsOfFile: folder.file("audit.md"), encoding: .utf8)
        #expect(log.contains("U+2066"))
        #expect(!log.unicodeScalars.contains(where: PrintableText.isBidiControl))
    }
}
