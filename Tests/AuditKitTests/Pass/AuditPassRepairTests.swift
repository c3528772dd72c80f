import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The pass compares with the history as it is under the lock, and keeps the file in audit-date order.
@Suite struct AuditPassRepairTests {
    @Test func aRunComparesWithWhatAnotherRunAddedSinceItLoadedTheHistory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let paths = try AuditPassTests.writeReports(in: directory)
        let pass = try AuditPassTests.pass(in: directory)
        var judgement = try pass.loadJudgement()
        #expect(judgement.entries.isEmpty)
        // Meanwhile another run records the earlier report.
        _ = try pass.run(reportAt: paths[0])
        let outcome = try pass.record(try pass.prepare(reportAt: paths[1]), judgement: &judgement)
        #expect(outcome.judgement?.comparison?.oldFileName == "AuditReport_2026-01-02_11-02-25.html")
        #expect(
            judgement.entries.map(\.fileName) == [
                "AuditReport_2026-01-02_11-02-25.html", "AuditReport_2026-01-03_09-00-00.html",
            ])
    }

    @Test func aBackFilledEntryRewritesTheFileInOrderKeepingEveryLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let paths = try AuditPassTests.writeReports(in: directory)
        let entries = try paths.map { try AuditPass(.init()).prepare(reportAt: $0).historyEntry }
        let file = HistoryFile(path: directory.file("history.jsonl"))
        #expect(try file.append(entries[1]))
        let newerLine = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(try file.append([entries[0], entries[0]]) == [true, false])
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("AuditReport_2026-01-02_11-02-25.html"))
        #expect(text.hasSuffix(String(decoding: newerLine, as: UTF8.self)), "the existing line is kept byte for byte")
        #expect(try file.load().entries.map(\.sha256) == [entries[0].sha256, entries[1].sha256])
        #expect(!FileManager.default.fileExists(atPath: file.path + ".lock"))
    }
}
