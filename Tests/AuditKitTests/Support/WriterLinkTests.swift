import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Every writer refuses a symbolic link on the way to a path the person did not name (a committed
/// `Reports -> /elsewhere`), by itself, whichever command calls it: nothing lands outside. A folder the
/// person named may be a link: what is written below it lands where it points.
@Suite struct WriterLinkTests {
    /// A project folder below the working folder (the links checked are those below it, as in a
    /// repository a command runs in), holding `Reports -> <outside>`, and the outside folder.
    struct Layout {
        let project: String
        let outside: TemporaryDirectory

        init() throws {
            project = FileManager.default.currentDirectoryPath + "/.build/writer-link-tests/" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
            outside = try TemporaryDirectory()
            try FileManager.default.createSymbolicLink(atPath: project + "/Reports", withDestinationPath: outside.path)
        }

        /// A path below the linked folder.
        func linked(_ name: String) -> String { project + "/Reports/" + name }

        /// What landed outside.
        var landedOutside: [String] {
            (try? FileManager.default.subpathsOfDirectory(atPath: outside.path))?.sorted() ?? []
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: project)
            outside.remove()
        }
    }

    /// `write` throws the refusal naming the link.
    static func expectRefused(_ layout: Layout, _ what: String, _ write: () throws -> Void) {
        do {
            try write()
            Issue.record("\(what) wrote through a linked folder")
        } catch let error as AuditError {
            #expect(error.description.contains(Symlinks.refusal), "\(what): \(error)")
            #expect(error.description.contains("/Reports"), "\(what): \(error)")
        } catch {
            Issue.record("\(what): \(error)")
        }
        #expect(layout.landedOutside.isEmpty, "\(what) wrote \(layout.landedOutside)")
    }

    @Test func eachWriterRefusesALinkedFolderOnTheWay() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let report = SampleReports.first()
        Self.expectRefused(layout, "AtomicFile.write(data)") {
            try AtomicFile.write(Data("x".utf8), to: layout.linked("summary.md"))
        }
        Self.expectRefused(layout, "AtomicFile.write(text)") {
            try AtomicFile.write("x", to: layout.linked("trend.svg"), durability: .regenerable)
        }
        Self.expectRefused(layout, "AtomicFile.makeDirectory") {
            try AtomicFile.makeDirectory(layout.linked("Home"))
        }
        Self.expectRefused(layout, "the evidence writer") {
            _ = try EvidenceExport.write(report, to: layout.linked("Home"))
        }
        Self.expectRefused(layout, "the site") {
            _ = try ReportSite(root: layout.project + "/Reports").writeAssets()
        }
        Self.expectRefused(layout, "the log's appender") {
            _ = try AuditLogWriter().append(
                SessionFacts(report: report, logPath: layout.linked("audit.md"), date: "2026-02-05"),
                to: layout.linked("audit.md"))
        }
        Self.expectRefused(layout, "the history") {
            _ = try HistoryFile(path: layout.linked("history.jsonl")).append(HistoryEntry(report: report))
        }
        Self.expectRefused(layout, "the baseline") {
            try Baseline.update(path: layout.linked("baseline.json")) { $0 }
        }
    }

    @Test func aFolderThePersonNamedMayBeALink() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let report = SampleReports.first()
        // `--out Reports`, `extract --thumbnails Reports/Home`: their choice, followed.
        _ = try EvidenceExport.write(report, to: layout.linked("Home"), namedByUser: true)
        var site = ReportSite(root: layout.project + "/Reports")
        site.rootNamedByUser = true
        _ = try site.writeAssets()
        #expect(layout.landedOutside.contains("Home") && layout.landedOutside.contains { $0.hasSuffix(".css") })
        // `--log Reports/audit.md`, `--history Reports/history.jsonl`: the log, the history and its record.
        _ = try AuditLogWriter().append(
            SessionFacts(report: report, logPath: layout.linked("audit.md"), date: "2026-02-05"),
            to: layout.linked("audit.md"), namedByUser: true)
        let history = HistoryFile(path: layout.linked("history.jsonl"), namedByUser: true)
        _ = try history.append(HistoryEntry(report: report))
        _ = try JudgementRecordFile(history: history).record(baseline: Baseline(), translations: .none)
        #expect(Set(layout.landedOutside).isSuperset(of: ["audit.md", "history.jsonl", "history.judgement.json"]))
        // `scan --fix Reports`: the files walked in the named folder are fixed where it leads.
        let source = "struct A: View {\n    var body: some View { Text(\"a\").font(.system(size: 15)) }\n}\n"
        try source.write(toFile: layout.outside.file("A.swift"), atomically: true, encoding: .utf8)
        let fixed = try FontFixer.fix(paths: [layout.project + "/Reports"], workingDirectory: layout.project)
        #expect(fixed.problems.isEmpty, "\(fixed.problems)")
        #expect(try String(contentsOfFile: layout.outside.file("A.swift"), encoding: .utf8).contains(".subheadline"))
    }
}
