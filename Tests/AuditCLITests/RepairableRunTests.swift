import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Every run repairable: a report the history has without a session gets its session, the history
/// stays in audit-date order, and runs at once see each other's reports.
@Suite struct RepairableRunTests {
    /// The `## Audit Log` session headings and report markers of the log at `path`, in file order.
    static func sessions(_ path: String) throws -> (headings: [String], markers: Int) {
        let log = try String(contentsOfFile: path, encoding: .utf8)
        let lines = log.split(separator: "\n")
        return (
            lines.filter { $0.hasPrefix("### Session") }.map(String.init),
            lines.filter { $0.hasPrefix("<!-- auditkit:report") }.count
        )
    }

    /// The file names of the history's lines, in file order.
    static func historyOrder(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["fileName"] as? String ?? "?"
        }
    }

    @Test func anIngestStoppedBeforeTheLogIsCompletedByTheNextRun() throws {
        let project = try IngestCommandTests.makeProject()
        defer { project.remove() }
        // The log's folder is not there: the history gets every report, the log none.
        let stopped = try runTool(["ingest", "Reports", "--log", "Docs/audit.md"], in: project.path)
        #expect(stopped.status != 0)
        #expect(stopped.stderr.contains("Docs/audit.md"), "\(stopped.stderr)")
        #expect(try Self.historyOrder(project.file("Reports/history.jsonl")).count == 3)

        try FileManager.default.createDirectory(atPath: project.file("Docs"), withIntermediateDirectories: true)
        let repaired = try runTool(["ingest", "Reports", "--log", "Docs/audit.md"], in: project.path)
        #expect(repaired.status == 0, "\(repaired.stderr)")
        let log = try Self.sessions(project.file("Docs/audit.md"))
        #expect(log.headings.count == 3, "\(log.headings)")
        #expect(log.markers == 3)
        let text = try String(contentsOfFile: project.file("Docs/audit.md"), encoding: .utf8)
        let order = ["2026-01-02_11-02-25", "2026-01-03_09-00-00", "2026-01-04_09-00-00"].map {
            text.range(of: "AuditReport_\($0)")?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "sessions in audit-date order")

        // And a third run changes nothing.
        let before = try Data(contentsOf: URL(fileURLWithPath: project.file("Docs/audit.md")))
        #expect(try runTool(["ingest", "Reports", "--log", "Docs/audit.md"], in: project.path).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.file("Docs/audit.md"))) == before)
    }

    @Test func anAuditOfOneReportAlsoLogsTheHistorysReportsWithoutASession() throws {
        let project = try IngestCommandTests.makeProject()
        defer { project.remove() }
        #expect(try runTool(["ingest", "Reports", "--log", "Docs/audit.md"], in: project.path).status != 0)
        try FileManager.default.createDirectory(atPath: project.file("Docs"), withIntermediateDirectories: true)
        // One report named; the two others are found in Reports/ by their history entries.
        let audit = try runTool(
            ["audit", "Reports/AuditReport_2026-01-03_09-00-00.json", "--log", "Docs/audit.md"], in: project.path)
        #expect(audit.status == 0, "\(audit.stderr)")
        let log = try Self.sessions(project.file("Docs/audit.md"))
        #expect(log.markers == 3, "\(audit.stdout)")
        let text = try String(contentsOfFile: project.file("Docs/audit.md"), encoding: .utf8)
        let first = try #require(text.range(of: "AuditReport_2026-01-02_11-02-25"))
        let last = try #require(text.range(of: "AuditReport_2026-01-04_09-00-00"))
        #expect(first.lowerBound < last.lowerBound, "sessions in audit-date order")
    }

    @Test func aBackFilledReportIsComparedWithItsTrueNeighbours() throws {
        let project = try IngestCommandTests.makeProject()
        defer { project.remove() }
        let middle = "Reports/AuditReport_2026-01-03_09-00-00.json"
        #expect(try runTool(["ingest", middle], in: project.path).status == 0)
        // A batch with an older report and a newer one.
        let batch = try runTool(
            ["ingest", "Reports/AuditReport_2026-01-04_09-00-00.html", "Reports/AuditReport_2026-01-02_11-02-25.html"],
            in: project.path)
        #expect(batch.status == 0, "\(batch.stderr)")
        let newest = try #require(batch.stdout.components(separatedBy: "== ").first { $0.contains("2026-01-04") })
        #expect(newest.contains("against AuditReport_2026-01-03_09-00-00.json"), "\(newest)")
        #expect(
            try Self.historyOrder(project.file("Reports/history.jsonl")) == [
                "AuditReport_2026-01-02_11-02-25.html", "AuditReport_2026-01-03_09-00-00.json",
                "AuditReport_2026-01-04_09-00-00.html",
            ])
        let index = try String(contentsOfFile: project.file("Reports/index.html"), encoding: .utf8)
        let latest = try #require(index.range(of: "Flagged by the latest audit, "))
        #expect(index[latest.upperBound...].prefix(300).contains("AuditReport_2026-01-04_09-00-00"))

        // An audit of the oldest report alone keeps the newest as the latest audit.
        try FileManager.default.removeItem(atPath: project.file("Reports/history.jsonl"))
        #expect(try runTool(["ingest", "Reports/AuditReport_2026-01-04_09-00-00.html"], in: project.path).status == 0)
        #expect(try runTool(["audit", "Reports/AuditReport_2026-01-02_11-02-25.html"], in: project.path).status == 0)
        let after = try String(contentsOfFile: project.file("Reports/index.html"), encoding: .utf8)
        let named = try #require(after.range(of: "Flagged by the latest audit, "))
        #expect(after[named.upperBound...].prefix(300).contains("AuditReport_2026-01-04_09-00-00"))
        #expect(
            try Self.historyOrder(project.file("Reports/history.jsonl")) == [
                "AuditReport_2026-01-02_11-02-25.html", "AuditReport_2026-01-04_09-00-00.html",
            ])
    }

    @Test func twoIngestsAtOnceEndWithOneHistoryLineAndOneSessionPerReport() throws {
        let project = try IngestCommandTests.makeProject()
        defer { project.remove() }
        let names = [
            "Reports/AuditReport_2026-01-02_11-02-25.html", "Reports/AuditReport_2026-01-03_09-00-00.json",
            "Reports/AuditReport_2026-01-04_09-00-00.html",
        ]
        let batches = [[names[0], names[2]], [names[1], names[2]]]
        let results = Results(count: batches.count)
        DispatchQueue.concurrentPerform(iterations: batches.count) { index in
            results.set(index, try? runTool(["ingest"] + batches[index], in: project.path))
        }
        for result in results.all { #expect(result?.status == 0, "\(result?.stderr ?? "")") }
        #expect(try Self.historyOrder(project.file("Reports/history.jsonl")).count == 3)
        let log = try Self.sessions(project.file("audit.md"))
        #expect(log.markers == 3, "\(log.headings)")
        #expect(Set(log.headings).count == 3, "distinct session numbers: \(log.headings)")
        // Whichever run wrote it, each session and each page states the comparison diff states for its
        // report (a run that back-filled a report the other run's later audits were compared without
        // retold their sessions and pages).
        let text = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        var reports: [String] = []
        var comparisons = 0
        for session in text.components(separatedBy: "\n### Session ").dropFirst() {
            let lines = session.split(separator: "\n").map(String.init)
            let report =
                try #require(lines.first { $0.hasPrefix("  - Report: `") })
                .split(separator: "`")[1].split(separator: "/").last.map(String.init) ?? ""
            reports.append(report)
            guard let against = lines.first(where: { $0.hasPrefix("  - Open warnings against `") }) else { continue }
            let older = String(against.split(separator: "`")[1])
            let triple = try #require(against.components(separatedBy: "`: ").last?.components(separatedBy: " (").first)
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
            let diff = try runTool(["diff", older, report], in: project.path)
            #expect(
                diff.stdout.split(separator: "\n").dropFirst().first?.hasPrefix(triple) == true, "\(report): \(triple)")
            let counts = triple.split(separator: ",").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            let page = try String(
                contentsOfFile: project.file("Reports/\(PathName.deletingExtension(report))/index.html"),
                encoding: .utf8)
            #expect(
                page.contains(
                    "change-new\">\(counts[0]) new</a>, <a href=\"#change-resolved\">\(counts[1]) resolved</a>, "
                        + "<a href=\"#change-residual\">\(counts[2]) residual</a>"), "\(report)")
            comparisons += 1
        }
        #expect(comparisons == 2 && Set(reports).count == 3, "\(reports)")
    }
}

/// A session written without mapping inputs is brought up to date in place, not duplicated.
@Suite struct LogUpdateTests {
    @Test func aSessionWrittenWithoutSourcesIsUpdatedUnderItsNumber() throws {
        let project = try AuditCommandTests.makeProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.file("auditkit.rules.json"))
        let report = "Reports/AuditReport_2026-01-02_11-02-25.html"
        #expect(try runTool(["audit", report], in: project.path).status == 0)
        // A hand-written line after the session stays where it is.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: project.file("audit.md")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n### Notes\n\nKept by hand.\n".utf8))
        try handle.close()
        let before = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(!before.contains("HomeView"))

        let again = try runTool(["audit", report, "--source", "App"], in: project.path)
        #expect(
            again.stdout.contains("'auditkit log \(report) --update' brings its session up to date"), "\(again.stdout)")
        let plain = try runTool(["log", report, "--source", "App"], in: project.path)
        #expect(plain.stdout.contains("Use --update to bring it up to date"), "\(plain.stdout)")

        let update = try runTool(["log", report, "--source", "App", "--update"], in: project.path)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("Updated session 1 of AuditReport_2026-01-02_11-02-25.html in audit.md."))
        let after = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(after.contains("HomeView"), "the session now names the mapped view")
        #expect(after.components(separatedBy: "### Session").count == 2, "one session: \(after)")
        #expect(after.hasSuffix("\n### Notes\n\nKept by hand.\n"))
        #expect(after.hasPrefix(String(before[..<before.range(of: "### Session 1")!.lowerBound])))

        let twice = try runTool(["log", report, "--source", "App", "--update"], in: project.path)
        #expect(twice.stdout.contains("It is up to date."), "\(twice.stdout)")
        #expect(try String(contentsOfFile: project.file("audit.md"), encoding: .utf8) == after)
    }

    @Test func aProjectIsNotLookedForAboveTheRepositorysRoot() throws {
        let outer = try TemporaryDirectory()
        defer { outer.remove() }
        try FileManager.default.createDirectory(atPath: outer.file("Reports"), withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: outer.file("Reports/history.jsonl")))
        try FileManager.default.createDirectory(atPath: outer.file("app/.git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outer.file("app/Sources"), withIntermediateDirectories: true)
        let inside = try runTool(["config"], in: outer.file("app/Sources"))
        #expect(inside.stdout.contains("Project: the working folder (no auditkit.json"), "\(inside.stdout)")
        let below = try runTool(["config"], in: outer.file("Reports"))
        #expect(below.stdout.contains("Project: .., found by Reports/history.jsonl."), "\(below.stdout)")
    }
}

/// Results filled from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ToolResult?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: ToolResult?) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
    var all: [ToolResult?] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
