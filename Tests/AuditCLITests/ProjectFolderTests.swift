import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// One project whatever the folder: where a report is and where the tool runs from change nothing of
/// where the evidence, the site, the history and the log go.
@Suite struct ProjectFolderTests {
    /// The report file name `AuditCommandTests.makeProject()` also uses.
    static let reportName = "AuditReport_2026-01-02_11-02-25.html"

    /// A project after `auditkit init` with a report saved where the Inspector's Save dialog put it:
    /// `folder` of the project (the root when empty), or an absolute folder outside it.
    static func project(reportIn folder: String = "") throws -> (project: TemporaryDirectory, report: String) {
        let project = try TemporaryDirectory()
        let initRun = try runTool(["init"], in: project.path)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let directory = folder.hasPrefix("/") ? folder : (folder.isEmpty ? project.path : project.file(folder))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try ReportFixture(screens: [AuditCommandTests.screen(AuditCommandTests.issues(extraText: "Total"))])
            .write(to: directory + "/" + reportName, as: .html(.varAssignment))
        return (project, directory + "/" + reportName)
    }

    /// The files under `root` (relative paths), leaving out the folders named in `except`.
    static func files(under root: String, except: Set<String> = []) -> Set<String> {
        var found = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if except.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.insert(path)
            }
        }
        return found
    }

    /// Checks that the audit of the report went where a project keeps it: evidence and page under
    /// `Reports/<report name>/`, nothing of the site in the root.
    static func expectEvidenceInTheReportsFolder(
        _ project: TemporaryDirectory, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let evidence = project.file("Reports/AuditReport_2026-01-02_11-02-25")
        for name in ["issue_01.jpg", "screen_1.jpg", "index_sheet.png", "overlay_screen_1.png", "index.html"] {
            #expect(
                FileManager.default.fileExists(atPath: evidence + "/" + name), "no \(name) in \(evidence)",
                sourceLocation: sourceLocation)
        }
        let root = Set((try? FileManager.default.contentsOfDirectory(atPath: project.path)) ?? [])
        for name in ["index.html", "auditkit-site.css", "auditkit-site.js", "AuditReport_2026-01-02_11-02-25"] {
            #expect(!root.contains(name), "\(name) written in the project's root", sourceLocation: sourceLocation)
        }
        #expect(
            FileManager.default.fileExists(atPath: project.file("Reports/index.html")), sourceLocation: sourceLocation)
    }

    @Test func aReportSavedInTheRootAuditsIntoTheReportsFolderByBareName() throws {
        let (project, _) = try Self.project()
        defer { project.remove() }
        let result = try runTool(["audit", Self.reportName], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Evidence in Reports/AuditReport_2026-01-02_11-02-25/"), "\(result.stdout)")
        Self.expectEvidenceInTheReportsFolder(project)
    }

    @Test func aReportNamedWithDotSlashAuditsIntoTheReportsFolder() throws {
        let (project, _) = try Self.project()
        defer { project.remove() }
        let result = try runTool(["audit", "./" + Self.reportName], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectEvidenceInTheReportsFolder(project)
    }

    @Test func aReportNamedByItsAbsolutePathAuditsIntoTheReportsFolder() throws {
        let (project, report) = try Self.project(reportIn: "Inbox")
        defer { project.remove() }
        let result = try runTool(["audit", report], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectEvidenceInTheReportsFolder(project)
        #expect(!FileManager.default.fileExists(atPath: project.file("Inbox/AuditReport_2026-01-02_11-02-25")))
    }

    @Test func aReportOutsideTheProjectAuditsIntoTheProjectsReportsFolder() throws {
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        let (project, report) = try Self.project(reportIn: outside.path)
        defer { project.remove() }
        let result = try runTool(["audit", report], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectEvidenceInTheReportsFolder(project)
        #expect(Self.files(under: outside.path) == [Self.reportName], "nothing is written beside the report")
    }

    @Test func auditAndIngestOfOneReportPrintAndWriteTheSame() throws {
        let (audited, _) = try Self.project()
        defer { audited.remove() }
        let (ingested, _) = try Self.project()
        defer { ingested.remove() }
        let audit = try runTool(["audit", Self.reportName], in: audited.path)
        let ingest = try runTool(["ingest", Self.reportName], in: ingested.path)
        #expect(audit.status == 0 && ingest.status == 0, "\(audit.stderr)\(ingest.stderr)")
        #expect(audit.stdout == ingest.stdout)
        #expect(Self.files(under: audited.path) == Self.files(under: ingested.path))
    }

    @Test func aFolderThatCannotBeCreatedIsNamedInTheError() throws {
        let (project, _) = try Self.project()
        defer { project.remove() }
        // A file where the evidence folder goes.
        try Data().write(to: URL(fileURLWithPath: project.file("Reports/AuditReport_2026-01-02_11-02-25")))
        let result = try runTool(["audit", Self.reportName], in: project.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("Reports/AuditReport_2026-01-02_11-02-25: error:"), "\(result.stderr)")
    }
}

/// Nothing left behind: no lock file after a run, the temporaries and locks of killed runs swept, and
/// the `.gitignore` lines `init` writes.
@Suite struct NothingLeftBehindTests {
    /// The id of a process that has ended.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func runsLeaveNoLockAndSweepWhatKilledRunsLeft() throws {
        let (project, _) = try ProjectFolderTests.project()
        defer { project.remove() }
        // What a run killed in the middle leaves: a locked-then-abandoned history lock, a temporary
        // log beside audit.md, a half-written thumbnail and a staging folder.
        let dead = try Self.deadProcessID()
        let evidence = project.file("Reports/AuditReport_2026-01-02_11-02-25")
        try FileManager.default.createDirectory(atPath: evidence, withIntermediateDirectories: true)
        let leftovers = [
            "Reports/history.jsonl.lock", "audit.md.lock", ".audit.md.tmp-\(dead)-7-1",
            "Reports/AuditReport_2026-01-02_11-02-25/.issue_01.jpg.tmp-\(dead)-7-2",
            "Reports/.AuditReport_2026-01-02_11-02-25.tmp-\(dead)-7-3/screen_1.jpg",
        ]
        for path in leftovers {
            try FileManager.default.createDirectory(
                atPath: (project.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: project.file(path)))
        }
        // A temporary of a process that is running (this one) is kept.
        let live = "Reports/.history.jsonl.tmp-\(getpid())-7-4"
        try Data("x".utf8).write(to: URL(fileURLWithPath: project.file(live)))

        let result = try runTool(["audit", ProjectFolderTests.reportName], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        let files = ProjectFolderTests.files(under: project.path)
        let left = files.filter { $0.hasSuffix(".lock") || ($0.contains(".tmp-") && $0 != live) }
        #expect(left.isEmpty, "left behind: \(left.sorted())")
        #expect(files.contains(live), "a running process's temporary is kept")
        #expect(
            !FileManager.default.fileExists(
                atPath: project.file("Reports/.AuditReport_2026-01-02_11-02-25.tmp-\(dead)-7-3")))

        // A second run and a log run leave no lock either.
        #expect(try runTool(["audit", ProjectFolderTests.reportName], in: project.path).status == 0)
        #expect(try runTool(["log", ProjectFolderTests.reportName, "--force"], in: project.path).status == 0)
        let after = ProjectFolderTests.files(under: project.path).filter { $0.hasSuffix(".lock") }
        #expect(after.isEmpty, "\(after.sorted())")
    }

    @Test func initWritesTheIgnoreLinesAndAddsOnlyTheMissingOnes() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let first = try runTool(["init"], in: project.path)
        #expect(first.stdout.contains("created: .gitignore"), "\(first.stdout)")
        let written = try String(contentsOfFile: project.file(".gitignore"), encoding: .utf8)
        for line in ["Reports/*/", "Reports/index.html", "Reports/auditkit-site.css", ".*.tmp-*"] {
            #expect(written.split(separator: "\n").contains(Substring(line)), "no \(line) in \(written)")
        }
        #expect(!written.contains("history.jsonl\n"), "the history is committed")
        #expect(try runTool(["init"], in: project.path).stdout.contains("left as it is: .gitignore"))

        let other = try TemporaryDirectory()
        defer { other.remove() }
        try "DerivedData/\nReports/*/".write(toFile: other.file(".gitignore"), atomically: true, encoding: .utf8)
        let update = try runTool(["init"], in: other.path)
        #expect(update.stdout.contains("added the missing lines to: .gitignore"), "\(update.stdout)")
        let merged = try String(contentsOfFile: other.file(".gitignore"), encoding: .utf8)
        #expect(merged.hasPrefix("DerivedData/\nReports/*/\n"), "the team's lines are kept: \(merged)")
        #expect(merged.components(separatedBy: "Reports/*/").count == 2, "no line twice: \(merged)")
        #expect(merged.contains("Reports/trend.svg\n"))
    }
}
