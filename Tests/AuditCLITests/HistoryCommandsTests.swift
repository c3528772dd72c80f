import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

import struct AuditKit.Issue

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// End-to-end runs of `history`, `diff`, `trend`, `accept` and `check` over a history written in code.
@Suite struct HistoryCommandsTests {
    static func issue(
        _ number: Int, _ type: TestType, _ text: String?, group: String = "Home",
        rect: Rect = Rect(x: 10, y: 100, width: 100, height: 20)
    ) -> Issue {
        Issue(
            number: number, screenIndex: 0, screenName: "0", screenGroupName: group, errorCode: 14,
            shortTitle: "\(type.displayName) warning", elementText: text, testType: type, elementRect: rect)
    }

    static func report(day: Int, _ issues: [Issue]) -> InspectorReport {
        let date = Date(timeIntervalSince1970: 1_767_268_800 + Double(day) * 86_400)
        let name = "AuditReport_2026-01-0\(day + 1)_12-00-00.html"
        return InspectorReport(
            sourcePath: "Reports/" + name, format: .html, auditDate: date, auditDateSource: .fileName,
            sha256: SHA256.hexDigest(of: Array(name.utf8)), fileSize: 100,
            screens: [
                Screen(
                    index: 0, name: "0", groupName: "Home", screenshot: FixtureCanvas.screenshot(named: "Home"),
                    issues: issues)
            ])
    }

    /// Three reports: Widgets stays, Edit is fixed on day 2, a hit region warning appears on day 3.
    static func makeHistory(in directory: TemporaryDirectory) throws -> [HistoryEntry] {
        let entries = [
            HistoryEntry(report: report(day: 0, [issue(1, .dynamicType, "Widgets"), issue(2, .contrast, "Edit")])),
            HistoryEntry(report: report(day: 1, [issue(1, .contrast, "Edit"), issue(2, .dynamicType, "Widgets")])),
            HistoryEntry(report: report(day: 2, [issue(1, .dynamicType, "Widgets"), issue(2, .hitRegion, nil)])),
        ]
        // Added out of order on purpose.
        _ = try HistoryFile(path: directory.file("Reports/history.jsonl")).append([entries[2], entries[0], entries[1]])
        return entries
    }

    @Test func diffCheckAndTrendNameEachWarningsCriterionAndItsLinks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeHistory(in: directory)
        let understanding = "https://www.w3.org/WAI/WCAG22/Understanding/"
        // Text: each warning line names its criterion; the legend gives each criterion's links once.
        let diff = try runTool(["diff", "1", "latest"], in: directory.path)
        let warningLines = diff.stdout.split(separator: "\n").filter { $0.contains("\u{2192}") && $0.hasPrefix("  ") }
        #expect(!warningLines.isEmpty)
        for line in warningLines { #expect(line.contains("[WCAG "), "\(line)") }
        #expect(diff.stdout.contains("[WCAG 2.5.8 AA]"))
        #expect(diff.stdout.contains("Guidance:\n"))
        #expect(diff.stdout.contains("WCAG 2.5.8 Target Size (Minimum), AA: \(understanding)target-size-minimum.html"))
        let trend = try runTool(["trend"], in: directory.path)
        #expect(trend.stdout.contains("[WCAG 1.4.4 AA]"))
        #expect(trend.stdout.contains("WCAG 1.4.4 Resize Text, AA: \(understanding)resize-text.html"))
        // JSON: every warning object carries criterion, level and links.
        func guidance(_ arguments: [String], _ path: [String]) throws -> [[String: Any]] {
            let result = try runTool(arguments + ["--format", "json"], in: directory.path)
            var value: Any? = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            for key in path { value = (value as? [String: Any])?[key] }
            return ((value as? [[String: Any]]) ?? []).compactMap { $0["guidance"] as? [String: Any] }
        }
        let failing = try guidance(["check", "latest"], ["failing"])
        #expect(failing.count == 1)
        #expect(failing.first?["criterion"] as? String == "2.5.8")
        #expect(failing.first?["level"] as? String == "AA")
        #expect(failing.first?["understandingURL"] as? String == understanding + "target-size-minimum.html")
        #expect((failing.first?["appleGuidanceURL"] as? String)?.hasPrefix("https://developer.apple.com/") == true)
        let residual = try guidance(["trend"], ["residual"])
        #expect(residual.map { $0["criterion"] as? String } == ["1.4.4"])
        let new = try guidance(["diff", "1", "latest"], ["new"])
        #expect(new.map { $0["criterion"] as? String } == ["2.5.8"])
    }

    @Test func historyListShowsReportsByAuditDate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try Self.makeHistory(in: directory)
        let result = try runTool(["history", "list"], in: directory.path)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[0].hasPrefix(
                "1  2026-01-01 12:00  \(entries[0].sha256.prefix(12))  AuditReport_2026-01-01_12-00-00.html"))
        #expect(lines[2].hasSuffix("2 issues, 2 open"))
        let json = try runTool(["history", "list", "--format", "json"], in: directory.path)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(decoded?["version"] as? Int == 1)
        let reports = decoded?["reports"] as? [[String: Any]]
        #expect(reports?.count == 3)
        #expect(reports?.first?["position"] as? Int == 1)
    }

    @Test func historyListReadsTheRecordedJudgementWhileItHolds() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try Self.makeHistory(in: directory)
        let record = directory.file("Reports/history.judgement.json")
        // A history written before the record (an earlier release): the first reader judges and records it;
        // the check and the comparisons the record gives are those judging the history gives, in every form.
        #expect(!FileManager.default.fileExists(atPath: record))
        let commands = [
            ["check"], ["check", "latest~1", "--format", "json"], ["check", "1"], ["diff", "latest~1", "latest"],
            ["diff", "1", "2", "--format", "json"], ["diff", "2", "3", "--format", "markdown"], ["diff", "1", "3"],
            ["trend"], ["trend", "--by", "type", "--format", "json"], ["trend", "--format", "markdown"],
        ]
        let judgedChecks = try commands.map {
            let result = try runTool($0, in: directory.path)
            try? FileManager.default.removeItem(atPath: record)
            return result
        }
        let first = try runTool(["history", "list"], in: directory.path)
        #expect(first.status == 0 && FileManager.default.fileExists(atPath: record))
        let recordedChecks = try commands.map { try runTool($0, in: directory.path) }
        // A resolved warning is not said to be paired (it continued day 1's by fingerprint, not this comparison).
        let fromResolved = judgedChecks[5].stdout.components(separatedBy: "### Resolved (1)").last ?? ""
        let resolved = fromResolved.components(separatedBy: "###").first ?? ""
        #expect(resolved.contains("| Edit |") && !resolved.contains("fingerprint"))
        for (judged, read) in zip(judgedChecks, recordedChecks) {
            #expect(judged.status == read.status && judged.stdout == read.stdout && judged.stderr == read.stderr)
        }
        #expect(recordedChecks[0].status == 1 && recordedChecks[0].stderr.contains("1 failing warning(s) new since"))
        // And it is read, not judged again: a place renamed in it (sealed again) is the place check names.
        let lines = try String(contentsOfFile: record, encoding: .utf8)
        #expect(lines.contains("\"screen 1 of "))
        try lines.replacingOccurrences(of: "\"screen 1 of ", with: "\"screen 9 of ").resealedRecord
            .write(toFile: record, atomically: false, encoding: .utf8)
        let renamed = try runTool(["check"], in: directory.path)
        #expect(renamed.stdout.contains(" in screen 9 of ") && !renamed.stdout.contains(" in screen 1 of "))
        // So are the latest comparison's warnings of earlier audits and the trend.
        for command in [["diff", "latest~1", "latest"], ["trend"]] {
            let output = try runTool(command, in: directory.path).stdout
            #expect(output.contains("screen 9 of ") && !output.contains("screen 1 of "), "\(command)")
        }
        try lines.write(toFile: record, atomically: false, encoding: .utf8)
        // While the history, the baseline and the catalogs are as they were, the record is what is read:
        // a count changed in it is what the next listing states.
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        try recorded.replacingOccurrences(of: "\"open\":2,", with: "\"open\":7,").resealedRecord
            .write(toFile: record, atomically: false, encoding: .utf8)
        let read = try runTool(["history", "list"], in: directory.path)
        #expect(read.stdout.split(separator: "\n").last?.hasSuffix("2 issues, 7 open") == true)
        // Another baseline: the record is read still (it holds whatever the baseline), the hit region
        // warning accepted when the counts are shown.
        let hitRegion = try #require(entries[2].issues.first { $0.testType == .hitRegion }).fingerprint.hex
        #expect(try runTool(["accept", hitRegion, "--reason", "false positive"], in: directory.path).status == 0)
        let judged = try runTool(["history", "list"], in: directory.path)
        #expect(judged.stdout.split(separator: "\n").last?.hasSuffix("2 issues, 6 open") == true)
        #expect(
            try String(contentsOfFile: record, encoding: .utf8)
                == recorded.replacingOccurrences(of: "\"open\":2,", with: "\"open\":7,").resealedRecord)
        // A report added by another run: judged again too.
        let added = HistoryEntry(
            report: Self.report(day: 3, [Self.issue(1, .dynamicType, "Widgets"), Self.issue(2, .contrast, "Budgets")]))
        try HistoryFile(path: directory.file("Reports/history.jsonl")).append(added)
        let after = try runTool(["history", "list"], in: directory.path)
        #expect(after.stdout.split(separator: "\n").count == 4)
        #expect(after.stdout.split(separator: "\n").last?.hasSuffix("2 issues, 2 open") == true)
    }

    @Test func diffBetweenHistoryEntriesInAllFormats() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeHistory(in: directory)
        let text = try runTool(["diff", "1", "latest"], in: directory.path)
        #expect(text.status == 0)
        #expect(text.stdout.contains("1 new, 1 resolved, 1 residual"))
        #expect(text.stdout.contains("#1 \u{2192} #1"))
        let markdown = try runTool(["diff", "1", "latest", "--format", "markdown"], in: directory.path)
        #expect(markdown.stdout.contains("### New (1)"))
        let json = try runTool(
            ["diff", "AuditReport_2026-01-02_12-00-00.html", "latest", "--format", "json"], in: directory.path)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["resolved"] as? [Any])?.count == 1)
        #expect((object?["residual"] as? [[String: Any]])?.first?["oldNumber"] as? Int == 2)

        let missing = try runTool(["diff", "nope.html", "latest"], in: directory.path)
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("nope.html: error: no such report file"))
        let usage = try runTool(["diff", "1"], in: directory.path)
        #expect(usage.status == 64)
        let badFormat = try runTool(["diff", "1", "2", "--format", "yaml"], in: directory.path)
        #expect(badFormat.status == 64)
    }

    @Test func theFirstAuditIsNotComparedWithAPlaceholderFileName() throws {
        // Issue 40: `diff 1 1` and `check 1` showed "(no earlier report)" / "(no previous report)" where a file
        // name goes, in text, Markdown and JSON.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeHistory(in: directory)
        let first = "AuditReport_2026-01-01_12-00-00.html"
        let text = try runTool(["diff", "1", "1"], in: directory.path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("\(first) (2026-01-01 12:00): no earlier audit of its screens to compare with\n"))
        let markdown = try runTool(["diff", "1", "1", "--format", "markdown"], in: directory.path)
        #expect(markdown.stdout.hasPrefix("## \(first): no earlier audit of its screens to compare with\n"))
        let json = try runTool(["diff", "1", "1", "--format", "json"], in: directory.path)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["newFileName"] as? String == first)
        #expect(object?["oldFileName"] == nil && object?["oldAuditDate"] == nil)
        let check = try runTool(["check", "1"], in: directory.path)
        #expect(check.stderr.contains("failing warning(s) new (no earlier audit of its screens)"), "\(check.stderr)")
        for output in [text.stdout, markdown.stdout, json.stdout, check.stderr] {
            #expect(!output.contains("(no earlier report)") && !output.contains("(no previous report)"))
        }
    }

    @Test func trendPrintsTablesAndWritesAWellFormedSVG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeHistory(in: directory)
        let result = try runTool(["trend", "--by", "type", "--svg", "out/trend.svg"], in: directory.path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Dynamic Type"))
        #expect(result.stdout.contains("since 2026-01-01 12:00, in 3 reports"))
        #expect(result.stderr.contains("wrote out/trend.svg"))
        let svg = try Data(contentsOf: URL(fileURLWithPath: directory.file("out/trend.svg")))
        #expect(XMLParser(data: svg).parse())
        let markdown = try runTool(["trend", "--format", "markdown"], in: directory.path)
        // Unmapped warnings are counted on the screen they were judged on: the history's only group name
        // ("Home") tells no screen apart, so the screen is known by its place in its first report.
        #expect(markdown.stdout.contains("| screen 1 of AuditReport_2026-01-01_12-00-00.html | 2 | 2 | 2 |"))
        let json = try runTool(["trend", "--format", "json"], in: directory.path)
        #expect(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["grouping"] as? String
                == "view")
        #expect(try runTool(["trend", "--by", "color"], in: directory.path).status == 64)
    }

    @Test func checkAcceptAndPruneWorkTogether() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try Self.makeHistory(in: directory)
        let widgets = entries[2].issues[0].fingerprint.hex
        let hitRegion = entries[2].issues[1].fingerprint.hex

        // The latest report has one new warning (the hit region) since the previous one.
        let new = try runTool(["check", "latest"], in: directory.path)
        #expect(new.status == 1)
        #expect(
            new.stdout
                == "warning: Hit Region: Hit Region warning in screen 1 of AuditReport_2026-01-01_12-00-00.html "
                + "(issue 2 of AuditReport_2026-01-03_12-00-00.html, new) "
                + "[WCAG 2.5.8 AA: https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html] "
                + "[fingerprint \(hitRegion)]\n")
        #expect(new.stderr.contains("FAILED"))
        // The first report compared with nothing: all its warnings are new.
        #expect(try runTool(["check", "1"], in: directory.path).status == 1)
        // The middle report has nothing new.
        #expect(try runTool(["check", "2"], in: directory.path).status == 0)

        let accepted = try runTool(["accept", hitRegion, "--reason", "Inspector false positive"], in: directory.path)
        #expect(accepted.status == 0)
        #expect(accepted.stdout.hasPrefix("accepted \(hitRegion)  Hit Region"))
        #expect(try runTool(["check", "latest"], in: directory.path).status == 0)
        let any = try runTool(["check", "latest", "--fail-on", "any"], in: directory.path)
        #expect(any.status == 1)
        #expect(any.stdout.contains(widgets))

        // Accept Edit (gone from the latest report): strict baseline fails until pruned.
        let edit = entries[0].issues[1].fingerprint.hex
        #expect(try runTool(["accept", edit, "--reason", "noise"], in: directory.path).status == 0)
        let baselineText = try String(contentsOfFile: directory.file("Reports/baseline.json"), encoding: .utf8)
        #expect(baselineText.contains("\"version\" : 1"))
        #expect(baselineText.contains("\"reason\" : \"noise\""))
        let lenient = try runTool(["check", "latest"], in: directory.path)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.hasPrefix("note: accepted warning \(edit)"))
        let strict = try runTool(["check", "latest", "--strict-baseline"], in: directory.path)
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix("error: accepted warning \(edit) no longer appears"))
        let prune = try runTool(["accept", "--prune"], in: directory.path)
        #expect(prune.status == 0)
        #expect(prune.stdout.hasPrefix("removed \(edit)"))
        #expect(try runTool(["check", "latest", "--strict-baseline"], in: directory.path).status == 0)

        #expect(try runTool(["accept", hitRegion], in: directory.path).status == 64)
        #expect(try runTool(["accept", "xyz!", "--reason", "r"], in: directory.path).status == 64)
        let typo = try runTool(["accept", "deadbeefdeadbeef", "--reason", "r"], in: directory.path)
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("deadbeefdeadbeef is not the fingerprint of any warning in the history"))
        #expect(
            !(try String(contentsOfFile: directory.file("Reports/baseline.json"), encoding: .utf8))
                .contains("deadbeefdeadbeef"))
        #expect(try runTool(["check", "latest", "--fail-on", "some"], in: directory.path).status == 64)
    }

    @Test func aDamagedHistoryIsBadInputAndATornLineAWarning() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeHistory(in: directory)
        let path = directory.file("Reports/history.jsonl")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"auditDate\":\"2026".utf8))
        handle.closeFile()
        let torn = try runTool(["history", "list"], in: directory.path)
        #expect(torn.status == 0)
        #expect(torn.stdout.split(separator: "\n").count == 3)
        #expect(torn.stderr.contains("warning: Reports/history.jsonl:4: torn last line skipped"))

        try Data("not json\n".utf8).write(to: URL(fileURLWithPath: path))
        let bad = try runTool(["trend"], in: directory.path)
        #expect(bad.status == 65)
        #expect(
            bad.stderr.hasPrefix(
                "Reports/history.jsonl:1:1: error: history line is not a valid entry (expected a JSON value, found 'n')"
            ))
    }

    @Test func aTooDeepHistoryLineIsBadInputOrATornLineNotACrash() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeHistory(in: directory)
        let path = directory.file("Reports/history.jsonl")
        let good = try String(contentsOfFile: path, encoding: .utf8)
        let deep = "{\"x\":" + String(repeating: "[", count: 10_000)
        try Data((good + deep).utf8).write(to: URL(fileURLWithPath: path))
        for command in [["history", "list"], ["trend"], ["check", "latest"]] {
            let torn = try runTool(command, in: directory.path)
            #expect(torn.status != 65 && torn.status < 128, "\(command): \(torn.stderr)")
            #expect(torn.stderr.contains("warning: Reports/history.jsonl:4: torn last line skipped"), "\(command)")
        }
        try Data((deep + "\n" + good).utf8).write(to: URL(fileURLWithPath: path))
        for command in [["history", "list"], ["trend"], ["check", "latest"]] {
            let bad = try runTool(command, in: directory.path)
            #expect(bad.status == 65, "\(command)")
            // The 256th bracket is the 257th level (the entry is the first): column 6 + 255.
            #expect(
                bad.stderr.hasPrefix(
                    "Reports/history.jsonl:1:261: error: history line is not a valid entry "
                        + "(nesting deeper than 256 levels)"),
                "\(command)")
        }
    }

    @Test func everyHistoryCommandHasHelp() throws {
        for command in ["history", "diff", "trend", "accept", "check"] {
            let result = try runTool([command, "--help"])
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout.contains("USAGE: auditkit \(command)"), "\(command)")
        }
        #expect(try runTool(["history"]).status == 64)
        #expect(try runTool(["history", "remove"]).status == 64)
    }
}

/// End-to-end runs over real Inspector-style report files written by `ReportFixture`.
@Suite struct HistoryReportFilesTests {
    static func issue(_ code: Int, _ title: String, _ type: String, _ text: String?, rect: Rect) -> ReportFixture.Issue
    {
        ReportFixture.Issue(errorCode: code, shortTitle: title, elementText: text, testTypeName: type, rect: rect)
    }

    /// Writes `Reports/AuditReport_<stamp>.html` with one screen of `issues`.
    static func write(
        _ issues: [ReportFixture.Issue], stamp: String, screen: String = "0",
        in directory: TemporaryDirectory
    ) throws -> String {
        // One screen audited twice: the same screenshot, whatever the report calls the screen.
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(
                name: screen, groupName: "HomeView",
                screenshot: ReportFixture.Image(canvas: FixtureCanvas.screen(named: "HomeView")), issues: issues)
        ])
        let path = "Reports/AuditReport_\(stamp).html"
        try AtomicFile.makeDirectory(directory.file("Reports"))
        try fixture.write(to: directory.file(path), as: .html(HistoryReportFilesTests.wrapper))
        return path
    }

    static let wrapper = ReportFixture.HTMLWrapper.allCases[0]

    @Test func addDiffAndCheckReportFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let widgets = Self.issue(
            30, "Dynamic Type font sizes are unsupported", "Dynamic Type", "Widgets",
            rect: Rect(x: 20, y: 200, width: 120, height: 22))
        let edit = Self.issue(
            12, "Contrast failed", "Contrast", "Edit", rect: Rect(x: 300, y: 200, width: 40, height: 22))
        let button = Self.issue(
            40, "Hit area is too small", "Hit Region", nil, rect: Rect(x: 10, y: 700, width: 20, height: 20))
        // The later audit: reordered, rects moved a few points, the screen renamed, titles localized.
        var frenchWidgets = widgets
        frenchWidgets.shortTitle = "Les tailles de police Dynamic Type ne sont pas prises en charge"
        frenchWidgets.rect = Rect(x: 22, y: 203, width: 120, height: 22)
        let old = try Self.write([widgets, edit], stamp: "2026-01-03_12-58-34", in: directory)
        let new = try Self.write(
            [button, frenchWidgets], stamp: "2026-01-03_16-28-16", screen: "Screen2", in: directory)

        // Added newest first: the history still orders them by audit time.
        let add = try runTool(["history", "add", new, old, new], in: directory.path)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdout == """
                added AuditReport_2026-01-03_16-28-16.html (2 issues, 2 open)
                added AuditReport_2026-01-03_12-58-34.html (2 issues, 2 open)
                already in the history: AuditReport_2026-01-03_16-28-16.html (2 issues, 2 open)

                """)
        let again = try runTool(["history", "add", old], in: directory.path)
        #expect(again.stdout.hasPrefix("already in the history"))
        let lines = try String(contentsOfFile: directory.file("Reports/history.jsonl"), encoding: .utf8).split(
            separator: "\n")
        #expect(lines.count == 2)
        let list = try runTool(["history", "list"], in: directory.path)
        #expect(
            list.stdout.split(separator: "\n").first?.hasSuffix(
                "AuditReport_2026-01-03_12-58-34.html  2 issues, 2 open") == true)

        let diff = try runTool(["diff", old, new], in: directory.path)
        #expect(diff.status == 0)
        #expect(diff.stdout.contains("1 new, 1 resolved, 1 residual"))
        #expect(diff.stdout.contains("#1 \u{2192} #2"))

        let check = try runTool(["check", new], in: directory.path)
        #expect(check.status == 1)
        #expect(check.stdout.split(separator: "\n").count == 1)
        #expect(
            check.stdout.hasPrefix(
                "warning: Hit Region: Hit area is too small in screen 1 of AuditReport_2026-01-03_12-58-34.html "
                    + "(issue 1 of AuditReport_2026-01-03_16-28-16.html, new)"
            ))
        #expect(check.stderr.contains("new since AuditReport_2026-01-03_12-58-34.html"))
    }

    @Test func aBadReportInABatchIsReportedAndTheOthersAreAdded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let good = try Self.write(
            [Self.issue(12, "Contrast failed", "Contrast", "Edit", rect: Rect(x: 1, y: 2, width: 3, height: 4))],
            stamp: "2026-01-04_17-49-22", in: directory)
        try Data("<html>no payload here</html>".utf8).write(
            to: URL(fileURLWithPath: directory.file("Reports/bad.html")))
        let result = try runTool(
            ["history", "add", "Reports/bad.html", good, "Reports/missing.html"], in: directory.path)
        #expect(result.status == 65)
        #expect(result.stdout == "added AuditReport_2026-01-04_17-49-22.html (1 issue, 1 open)\n")
        #expect(result.stderr.contains("Reports/bad.html: error:"))
        #expect(result.stderr.contains("Reports/missing.html: error:"))
        #expect(try runTool(["history", "add"], in: directory.path).status == 64)
    }
}
