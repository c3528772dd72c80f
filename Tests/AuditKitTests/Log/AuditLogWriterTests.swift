import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct AuditLogWriterTests {
    func facts(_ report: InspectorReport = SampleReports.first(), log: String) -> SessionFacts {
        SessionFacts(report: report, logPath: log, date: "2026-02-05")
    }

    @Test func appendsASessionToAHandKeptLogKeepingEverythingElse() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        try Data(HandKeptLog.bytes).write(to: URL(fileURLWithPath: log))
        let outcome = try AuditLogWriter().append(facts(log: log), to: log)
        #expect(outcome.action == .logged)
        #expect(outcome.sessionNumber == 4)
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: log)))
        #expect(Array(written.prefix(HandKeptLog.prefixBytes.count)) == HandKeptLog.prefixBytes)
        #expect(Array(written.suffix(HandKeptLog.suffixBytes.count)) == HandKeptLog.suffixBytes)
        let middle = String(
            decoding: written[HandKeptLog.prefixBytes.count..<(written.count - HandKeptLog.suffixBytes.count)],
            as: UTF8.self)
        #expect(
            middle.hasPrefix("### Session 4\n<!-- auditkit:report sha256=\(String(repeating: "ab", count: 32)) -->\n"))
        #expect(middle.hasSuffix("\n\n"))
        #expect(AuditLogDocument(bytes: written).sessionNumbers == [1, 2, 3, 3, 4])
    }

    @Test func logsTheSameReportOnceUnlessForced() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        try Data(HandKeptLog.crlf(HandKeptLog.bytes)).write(to: URL(fileURLWithPath: log))
        let writer = AuditLogWriter()
        _ = try writer.append(facts(log: log), to: log)
        let once = try Data(contentsOf: URL(fileURLWithPath: log))
        let again = try writer.append(facts(log: log), to: log)
        #expect(again.action == .alreadyLogged)
        #expect(again.sessionNumber == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == once)
        let forced = try writer.append(facts(log: log), to: log, force: true)
        #expect(forced.action == .logged)
        #expect(forced.sessionNumber == 5)
        let twice = [UInt8](try Data(contentsOf: URL(fileURLWithPath: log)))
        #expect(AuditLogDocument(bytes: twice).sessionNumbers == [1, 2, 3, 3, 4, 5])
        // Every line still ends with CRLF.
        for (index, byte) in twice.enumerated() where byte == 0x0A { #expect(twice[index - 1] == 0x0D) }
    }

    @Test func dryRunReturnsTheSessionAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        let outcome = try AuditLogWriter().append(facts(log: log), to: log, dryRun: true)
        #expect(outcome.action == .wouldLog)
        #expect(outcome.createdLog)
        #expect(outcome.sessionText.hasPrefix("### Session 1\n"))
        #expect(!FileManager.default.fileExists(atPath: log))
        #expect(!FileManager.default.fileExists(atPath: log + ".lock"))
    }

    @Test func createsAMissingLogFromTheTemplate() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        let outcome = try AuditLogWriter().append(facts(log: log), to: log)
        #expect(outcome.createdLog)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("# Accessibility Audit\n"))
        #expect(
            text.contains(
                "## Sources\n- `Reports/AuditReport_2026-02-03_14-05-10.html`\n\n## Audit Log\n\n### Session 1\n"))
        #expect(text.contains("\n\n## Views\n\n### Template\n"))
        #expect(AuditLogDocument(bytes: Array(text.utf8)).sessionNumbers == [1])
    }

    @Test func createLogMakesTheSkeletonOnlyOnce() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        #expect(try AuditLogWriter().createLog(at: log, date: "2026-02-05"))
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text == AuditLogWriter().newLogText(sources: [], date: "2026-02-05"))
        #expect(text.contains("## Sources\n\n## Audit Log\n\n## Views\n"))
        #expect(try AuditLogWriter().createLog(at: log) == false)
    }

    @Test func aCrashBetweenWriteAndRenameLeavesTheOldLogIntact() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        try Data(HandKeptLog.bytes).write(to: URL(fileURLWithPath: log))
        struct Crash: Error {}
        // The replacement writes the whole temporary file, then "dies" before the rename.
        let crashing = AuditLogWriter(replaceFile: { data, path in
            let temporary = (path as NSString).deletingLastPathComponent + "/.audit.md.tmp-crash"
            try data.write(to: URL(fileURLWithPath: temporary))
            throw Crash()
        })
        #expect(throws: Crash.self) { try crashing.append(facts(log: log), to: log) }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: log))) == HandKeptLog.bytes)
        // The next run is not confused by the leftover temporary file and still numbers 4.
        let outcome = try AuditLogWriter().append(facts(log: log), to: log)
        #expect(outcome.sessionNumber == 4)
        #expect(FileManager.default.fileExists(atPath: folder.file(".audit.md.tmp-crash")))
    }

    @Test func threadsLoggingAtOnceAllLandWithDistinctNumbers() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        try Data(HandKeptLog.bytes).write(to: URL(fileURLWithPath: log))
        let reports = (0..<6).map { index -> InspectorReport in
            var report = SampleReports.second()
            report.sha256 = String(repeating: String(index), count: 64)
            return report
        }
        DispatchQueue.concurrentPerform(iterations: reports.count) { index in
            _ = try? AuditLogWriter().append(
                SessionFacts(report: reports[index], logPath: log, date: "2026-02-05"), to: log)
        }
        let document = AuditLogDocument(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: log))))
        #expect(document.sessionNumbers.sorted() == [1, 2, 3, 3, 4, 5, 6, 7, 8, 9])
        for report in reports { #expect(document.containsMarker(sha256: report.sha256)) }
    }

    @Test func aLogInAMissingFolderIsAnErrorNamingTheLog() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("no/such/folder/audit.md")
        let error = #expect(throws: AuditError.self) { try AuditLogWriter().append(facts(log: log), to: log) }
        #expect(error?.code == .cannotWrite)
        #expect(error?.location?.path == log)
    }

    @Test func aLogThatCannotBeReadIsAnError() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.file("audit.md")
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        #expect(throws: AuditError.self) { try AuditLogWriter().append(facts(log: log), to: log) }
    }
}
