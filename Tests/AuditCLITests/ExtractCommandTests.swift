import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `auditkit extract`, run as the built executable.
@Suite struct ExtractCommandTests {
    /// A report with 12 issues over 2 screens, written as `AuditReport_2026-01-02_11-02-25.html` in `dir`.
    static func writeReport(
        in dir: TemporaryDirectory, name: String = "AuditReport_2026-01-02_11-02-25.html",
        seed: UInt64 = 21
    ) throws -> (String, ReportFixture) {
        var fixture = ReportFixture.random(seed: seed, screenCount: 2...2, issueRange: 6...6, screenWidth: 40)
        fixture.screens[0].issues[0].elementText = "../../escape/issue.jpg"
        fixture.screens[0].issues[0].thumbnail = ReportFixture.Image(canvas: FixtureCanvas(width: 10, height: 6))
        fixture.screens[0].issues[1].thumbnail = ReportFixture.Image(
            jpeg: Data(), width: 3, height: 3,
            dataString: "data:image/jpeg;base64,%%%")
        let path = dir.file(name)
        try fixture.write(to: path, as: .html(.varAssignment))
        return (path, fixture)
    }

    @Test func listsEveryIssueAsText() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (path, fixture) = try Self.writeReport(in: dir)
        let result = try runTool(["extract", path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(path + ": html report, 2 screens, 12 issues") == true)
        #expect(lines.filter { $0.hasPrefix("  #") }.count == fixture.issues.count)
        #expect(result.stdout.contains("  #02  s1  "))
        #expect(result.stdout.contains("image: invalid base64"))
        #expect(result.stderr.contains("issue 2: thumbnail: invalid base64"))
    }

    @Test func printsTheCompleteModelAsJSON() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (path, fixture) = try Self.writeReport(in: dir)
        let result = try runTool(["extract", "--format", "json", path])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == 1)
        let report = try #require((root["reports"] as? [[String: Any]])?.first)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(report["sha256"] as? String == SHA256.hexDigest(of: data))
        #expect(report["format"] as? String == "html")
        #expect(report["auditDateSource"] as? String == "fileName")
        let issues = try #require(report["issues"] as? [[String: Any]])
        #expect(issues.count == fixture.issues.count)
        for (issue, written) in zip(issues, fixture.issues) {
            #expect(issue["elementText"] as? String == written.elementText)
            #expect(issue["testType"] as? String == written.expectedTestType.key)
            #expect((issue["errorCode"] as? Int) == written.errorCode)
        }
        #expect(issues[1]["imageProblem"] as? String == "invalid base64")
        let thumbnail = try #require(issues[0]["thumbnail"] as? [String: Any])
        #expect(thumbnail["pixelWidth"] as? Int == 10)
        #expect(thumbnail["file"] is NSNull)
        #expect((report["screens"] as? [[String: Any]])?.count == 2)
    }

    @Test func printsMarkdownAndCSV() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (path, _) = try Self.writeReport(in: dir)
        let markdown = try runTool(["extract", "-f", "markdown", path])
        #expect(markdown.status == 0)
        #expect(
            markdown.stdout.contains("| # | Screen | Test type | Title | Element | Rect | Duplicate | Image problem |"))
        #expect(markdown.stdout.split(separator: "\n").filter { $0.hasPrefix("| ") }.count == 13)
        let csv = try runTool(["extract", "--format=csv", path])
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix("report,number,screen_number,"))
        #expect(csv.stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix(path) }.count == 12)
    }

    @Test func writesImagesNamedByNumberAndOnlyRewritesChangedOnes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (path, fixture) = try Self.writeReport(in: dir)
        let out = dir.file("evidence")
        let first = try runTool(["extract", path, "--thumbnails", out, "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
        let expected =
            fixture.issues.enumerated().compactMap { k, issue -> String? in
                issue.thumbnail != nil && k != 1 ? String(format: "issue_%02d.jpg", k + 1) : nil
            } + ["screen_1.jpg", "screen_2.jpg"]
        #expect(names == expected.sorted())
        for (k, issue) in fixture.issues.enumerated() where k != 1 {
            guard let thumbnail = issue.thumbnail else { continue }
            let written = try Data(contentsOf: URL(fileURLWithPath: out + String(format: "/issue_%02d.jpg", k + 1)))
            #expect(written == thumbnail.jpeg)
        }
        #expect(first.stderr.contains("not written: issue 2: invalid base64"))
        #expect(first.stdout.contains("\"file\" : \"\(out)/screen_1.jpg\""))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/escape"))

        // Re-extracting leaves identical files alone (same inode) and rewrites a changed one.
        let screen = out + "/screen_1.jpg"
        let issue = out + "/" + expected[0]
        let inode = try FileManager.default.attributesOfItem(atPath: screen)[.systemFileNumber] as? Int
        try Data("changed".utf8).write(to: URL(fileURLWithPath: issue))
        let second = try runTool(["extract", path, "--thumbnails", out])
        #expect(second.status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: screen)[.systemFileNumber] as? Int == inode)
        #expect(try Data(contentsOf: URL(fileURLWithPath: issue)) == fixture.issues[0].thumbnail!.jpeg)
    }

    @Test func aFolderNamedWithATrailingSlashGetsTheImages() throws {
        // `--thumbnails out/` once wrote the images to the root of the file system (each file's name was
        // cut from its path by the folder's length plus one slash) and left `out` empty.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (path, _) = try Self.writeReport(in: dir)
        let result = try runTool(["extract", path, "--thumbnails", "out/", "--format", "json"], in: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try runTool(["extract", path, "--thumbnails", "plain"], in: dir.path).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.file("out")).sorted()
        #expect(names.count == 11 && names.contains("issue_01.jpg") && names.contains("screen_2.jpg"), "\(names)")
        #expect(try names == FileManager.default.contentsOfDirectory(atPath: dir.file("plain")).sorted())
        #expect(result.stdout.contains("\"file\" : \"out/screen_1.jpg\""))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                "AuditReport_2026-01-02_11-02-25.html", "out", "plain",
            ])
    }

    @Test func processesEveryReportAndReportsBadOnesAtTheEnd() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (good, _) = try Self.writeReport(in: dir)
        let (other, _) = try Self.writeReport(in: dir, name: "AuditReport_2026-01-03_15-49-13.html", seed: 5)
        let bad = dir.file("broken.html")
        try Data("<html><script>var rootObject = {\"_axKeyAllScreens\" : [".utf8).write(to: URL(fileURLWithPath: bad))
        let missing = dir.file("missing.html")

        let mixed = try runTool(["extract", good, bad, missing, other, "--thumbnails", dir.file("out")])
        #expect(mixed.status == 66)
        #expect(mixed.stdout.contains(good + ": html report"))
        #expect(mixed.stdout.contains(other + ": html report"))
        #expect(mixed.stderr.contains(bad + ": error: the report's JSON payload is truncated"))
        #expect(mixed.stderr.contains("at byte"))
        #expect(mixed.stderr.contains(missing + ": error: no such file"))
        let folders = try FileManager.default.contentsOfDirectory(atPath: dir.file("out")).filter { !$0.hasPrefix(".") }
        #expect(folders.sorted() == ["AuditReport_2026-01-02_11-02-25", "AuditReport_2026-01-03_15-49-13"])

        let onlyBad = try runTool(["extract", good, bad, "--format", "json"])
        #expect(onlyBad.status == 65)
        let root = try JSONSerialization.jsonObject(with: Data(onlyBad.stdout.utf8)) as? [String: Any]
        let reports = root?["reports"] as? [[String: Any]]
        #expect(reports?.count == 2)
        #expect((reports?.last?["error"] as? [String: Any])?["code"] as? String == "badInput")
    }

    @Test func explainsItselfAndRejectsBadUsage() throws {
        let help = try runTool(["extract", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: auditkit extract REPORT..."))
        #expect(help.stdout.contains("--thumbnails DIR"))
        #expect(try runTool(["extract"]).status == 64)
        let format = try runTool(["extract", "x.html", "--format", "yaml"])
        #expect(format.status == 64)
        #expect(format.stderr.contains("--format must be one of text, json, markdown, csv"))
        #expect(try runTool(["extract", "x.html", "--audit-date", "yesterday"]).status == 64)
        #expect(try runTool(["--help"]).stdout.contains("extract"))
    }

    @Test func usesTheAuditDateTheUserGivesForAFileNamedWithoutOne() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (path, _) = try Self.writeReport(in: dir, name: "export.html")
        let result = try runTool(["extract", path, "--audit-date", "2026-02-03T04:05:06Z", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"auditDate\" : \"2026-02-03T04:05:06Z\""))
        #expect(result.stdout.contains("\"auditDateSource\" : \"caller\""))
        // A file whose name carries the date keeps it, as every other command reads it.
        let (named, _) = try Self.writeReport(in: dir)
        let kept = try runTool(["extract", named, "--audit-date", "2026-02-03T04:05:06Z", "--format", "json"])
        #expect(kept.stdout.contains("\"auditDateSource\" : \"fileName\""), "\(kept.stdout)")
    }

    @Test func aGlobOverTheReportsFolderSkipsTheToolsOwnPages() throws {
        // Issue 40: `extract Reports/*.html` exited 65 on the site's Reports/index.html.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (named, _) = try Self.writeReport(in: dir)
        let page = dir.file("index.html")
        // A page of the site: the generator tag in its first bytes.
        try Data("<!DOCTYPE html>\n<meta name=\"generator\" content=\"AuditKit\">\n".utf8).write(
            to: URL(fileURLWithPath: page))
        let result = try runTool(["extract", named, page, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: skipped \(page): AuditKit's own page, not a report"), "\(result.stderr)")
        #expect(result.stdout.contains("AuditReport_2026-01-02_11-02-25.html"))
    }
}
