import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// What a pull request can make CI do: everything in the tree is the author's (the project file, links,
/// files under `Reports/`), so none of it may steer a write outside the repository, and a refused run
/// writes nothing at all. A path the person names on the command line stays their choice.
@Suite struct PullRequestSafetyTests {
    /// A repository (`repo/`, with `.git`) holding one report in `Reports/`, beside an `outside/` folder.
    private static func setUp() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for path in ["repo/.git", "repo/Reports", "outside"] {
            try FileManager.default.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
        }
        let fixture = ReportFixture.random(seed: 21, screenCount: 1...2, issueRange: 2...5, images: false)
        try fixture.write(
            to: folder.file("repo/Reports/AuditReport_2026-03-01_10-00-00.html"), as: .html(.varAssignment))
        return folder
    }

    /// Every file under `path`, relative to it, with its size: what a refused run must leave as it was.
    private static func files(_ path: String) throws -> [String] {
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        while let name = walker.nextObject() as? String {
            let attributes = try manager.attributesOfItem(atPath: path + "/" + name)
            found.append(
                "\(name) \(attributes[.size] as? Int ?? -1) \(attributes[.type] as? FileAttributeType ?? .typeUnknown)")
        }
        return found.sorted()
    }

    @Test(arguments: [
        (#"{"version": 1, "reports": "OUTSIDE/R"}"#, "reports"),
        (#"{"version": 1, "log": "../outside/x.md"}"#, "log"),
        (#"{"version": 1, "sources": ["App", "../outside"]}"#, "sources[1]"),
        (#"{"version": 1, "templates": "linked"}"#, "templates"),
    ])
    func aProjectFilePathOutsideIsRefusedBeforeAnythingIsWritten(file: String, key: String) throws {
        let folder = try Self.setUp()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/linked"), withDestinationPath: folder.file("outside"))
        try file.replacingOccurrences(of: "OUTSIDE", with: folder.file("outside"))
            .write(toFile: folder.file("repo/auditkit.json"), atomically: true, encoding: .utf8)
        let before = try Self.files(folder.path)
        let result = try runTool(["ingest", "Reports"], in: folder.file("repo"))
        Self.expectRefusedInOneLine(result, "auditkit.json: error: \"\(key)\" leads outside the project")
        #expect(try Self.files(folder.path) == before)
    }

    /// `result` exited 65 with one line on stderr, starting with `prefix`.
    private static func expectRefusedInOneLine(_ result: ToolResult, _ prefix: String) {
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix(prefix) == true, "\(result.stderr)")
    }

    @Test(arguments: [
        ("Reports/history.jsonl", "the history"), ("Reports/./history.judgement.json", "the recorded judgement"),
        ("Reports/Baseline.json", "the baseline"), ("auditkit.json", "the project file"),
        ("auditkit.rules.json", "the rule file"),
    ])
    func aProjectFileNamingTheToolsOwnFilesAsTheLogIsRefused(log: String, name: String) throws {
        let folder = try Self.setUp()
        defer { folder.remove() }
        try #"{"version": 1, "log": "LOG"}"#.replacingOccurrences(of: "LOG", with: log)
            .write(toFile: folder.file("repo/auditkit.json"), atomically: true, encoding: .utf8)
        let before = try Self.files(folder.path)
        for command in [["ingest", "Reports"], ["history", "list"]] {
            let result = try runTool(command, in: folder.file("repo"))
            Self.expectRefusedInOneLine(result, "auditkit.json: error: \"log\" names \(name) (\(log))")
        }
        #expect(try Self.files(folder.path) == before)
    }

    /// Links a pull request can commit at each place the tool writes by default.
    static let committedLinks: [(link: String, target: String)] = [
        ("Reports", "outside"),
        ("audit.md", "outside/profile"),
        ("Reports/history.jsonl", "outside/history"),
        ("Reports/history.judgement.json", "outside/record"),
        ("Reports/summary.md", "outside/summary"),
        ("Reports/index.html", "outside/index"),
        ("Reports/AuditReport_2026-03-01_10-00-00", "outside"),
    ]

    @Test(arguments: Self.committedLinks.indices)
    func aCommittedLinkStopsTheRunBeforeItsFirstWrite(case index: Int) throws {
        let (link, target) = Self.committedLinks[index]
        let folder = try Self.setUp()
        defer { folder.remove() }
        try "# profile\n".write(toFile: folder.file("outside/profile"), atomically: true, encoding: .utf8)
        if link == "Reports" {
            // The whole reports folder is a link: the report lives outside, where the link points.
            try FileManager.default.moveItem(
                atPath: folder.file("repo/Reports/AuditReport_2026-03-01_10-00-00.html"),
                toPath: folder.file("outside/AuditReport_2026-03-01_10-00-00.html"))
            try FileManager.default.removeItem(atPath: folder.file("repo/Reports"))
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/" + link), withDestinationPath: folder.file(target))
        let before = try Self.files(folder.path)
        for command in [["ingest", "Reports"], ["audit", "Reports/AuditReport_2026-03-01_10-00-00.html"]] {
            let result = try runTool(command, in: folder.file("repo"))
            #expect(result.status == 73, "\(link): \(command): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("symbolic link"), "\(link): \(result.stderr)")
            #expect(try Self.files(folder.path) == before, "\(link): \(command) wrote something")
        }
    }

    @Test func aPathNamedOnTheCommandLineStaysThePersonsChoice() throws {
        let folder = try Self.setUp()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/site"), withDestinationPath: folder.file("outside"))
        let result = try runTool(
            ["ingest", "Reports", "--out", "site", "--log", "../outside/audit.md"], in: folder.file("repo"))
        #expect(result.status == 0, "\(result.stderr)")
        let outside = try FileManager.default.contentsOfDirectory(atPath: folder.file("outside"))
        #expect(
            Set(outside).isSuperset(of: ["audit.md", "index.html", "AuditReport_2026-03-01_10-00-00"]), "\(outside)")
        // `check` reads: it writes nothing, so CI can run it read-only, not even the recorded judgement a
        // fresh clone lacks (it is git-ignored).
        try FileManager.default.removeItem(atPath: folder.file("repo/Reports/history.judgement.json"))
        let before = try Self.files(folder.path)
        let check = try runTool(["check"], in: folder.file("repo"))
        #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
        #expect(try Self.files(folder.path) == before)
    }

    @Test func aRuleNamingAFileOutsideIsRefused() throws {
        let folder = try Self.setUp()
        defer { folder.remove() }
        try "let size: CGFloat = 17\n".write(
            toFile: folder.file("outside/Secret.swift"), atomically: true, encoding: .utf8)
        let rules = """
            {
              "version": 1,
              "rules": [
                {"id": "inside", "match": {"testType": "contrast"}, "view": "HomeView", "file": "App/HomeView.swift"},
                {"id": "leak", "match": {"testType": "dynamic-type"}, "view": "X", "file": "../outside/Secret.swift"}
              ]
            }
            """
        try rules.write(toFile: folder.file("repo/auditkit.rules.json"), atomically: true, encoding: .utf8)
        let before = try Self.files(folder.path)
        let result = try runTool(
            ["audit", "Reports/AuditReport_2026-03-01_10-00-00.html", "--rules", "auditkit.rules.json"],
            in: folder.file("repo"))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "auditkit.rules.json:5:5: error: rule \"leak\": \"file\" leads outside the project"), "\(result.stderr)"
        )
        #expect(try Self.files(folder.path) == before)
    }

    @Test func acceptAndLogRefuseTheReportsFolderOrTheLogCommittedAsALink() throws {
        let folder = try Self.setUp()
        defer { folder.remove() }
        let added = try runTool(
            ["history", "add", "Reports/AuditReport_2026-03-01_10-00-00.html"], in: folder.file("repo"))
        #expect(added.status == 0, "\(added.stderr)")
        // The reports folder moved outside and linked back, as a pull request can commit it.
        try FileManager.default.moveItem(atPath: folder.file("repo/Reports"), toPath: folder.file("outside/Reports"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/Reports"), withDestinationPath: folder.file("outside/Reports"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/audit.md"), withDestinationPath: folder.file("outside/profile"))
        let before = try Self.files(folder.path)
        let accept = try runTool(["accept", "latest", "--reason", "known"], in: folder.file("repo"))
        #expect(accept.status == 73, "\(accept.stdout)\(accept.stderr)")
        #expect(accept.stderr.contains("Reports: error: is a symbolic link"), "\(accept.stderr)")
        let log = try runTool(["log", "Reports/AuditReport_2026-03-01_10-00-00.html"], in: folder.file("repo"))
        #expect(log.status == 73, "\(log.stdout)\(log.stderr)")
        #expect(log.stderr.contains("audit.md: error: is a symbolic link"), "\(log.stderr)")
        #expect(try Self.files(folder.path) == before)
    }

    @Test func initRefusesACommittedTemplatesLinkAndFollowsANamedOne() throws {
        let folder = try Self.setUp()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/Templates"), withDestinationPath: folder.file("outside"))
        let before = try Self.files(folder.path)
        let refused = try runTool(["init"], in: folder.file("repo"))
        #expect(refused.status == 73, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("Templates: error: is a symbolic link"), "\(refused.stderr)")
        #expect(try Self.files(folder.path) == before)
        let named = try runTool(["init", "--templates", "Templates"], in: folder.file("repo"))
        #expect(named.status == 0, "\(named.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("outside/session.md")))
    }

    @Test func htmlRefusesACommittedLinkBeforeItsFirstPage() throws {
        let folder = try Self.setUp()
        defer { folder.remove() }
        let added = try runTool(["ingest", "Reports"], in: folder.file("repo"))
        #expect(added.status == 0, "\(added.stderr)")
        try FileManager.default.removeItem(atPath: folder.file("repo/Reports/index.html"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/Reports/index.html"), withDestinationPath: folder.file("outside/index.html"))
        // Its pages would be written before the index: nothing may be.
        try FileManager.default.removeItem(atPath: folder.file("repo/Reports/AuditReport_2026-03-01_10-00-00"))
        let before = try Self.files(folder.path)
        let html = try runTool(["html"], in: folder.file("repo"))
        #expect(html.status == 73, "\(html.stdout)\(html.stderr)")
        #expect(html.stderr.hasPrefix("Reports/index.html: error: is a symbolic link"), "\(html.stderr)")
        #expect(try Self.files(folder.path) == before)
    }
}
