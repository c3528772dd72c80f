import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// What a pull request commits cannot turn the gate green: whether a warning is accepted or system UI
/// comes from the rule file and the baseline (the files reviewers read), never from a status a history
/// line or the recorded judgement carries.
@Suite struct GateTrustTests {
    /// The first run, ingested; the second adds `Savings` on Home, a new warning the gate must fail on.
    static func makeProject() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory()
        let first = RecorderRun([.init("Home", ["Balance", "Income"])])
        try first.write(into: project.file("Reports"), day: "2026-06-01", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        let second = RecorderRun([.init("Home", ["Balance", "Income", "Savings"])])
        try second.write(into: project.file("Reports"), day: "2026-06-02", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        return project
    }

    static let history = "Reports/history.jsonl"
    static let record = "Reports/history.judgement.json"
    static let secondReport = "AXAudit_2026-06-02_10-00-00.json"

    /// A copy of `project`'s files in a new folder, as a fresh clone of the pull request has them (other
    /// inodes and times), without the files named in `leaving`.
    static func freshClone(of project: TemporaryDirectory, leaving: [String] = []) throws -> TemporaryDirectory {
        let clone = try TemporaryDirectory()
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: project.path) else { return clone }
        while let name = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: project.file(name), isDirectory: &isFolder)
            if isFolder.boolValue {
                try manager.createDirectory(atPath: clone.file(name), withIntermediateDirectories: true)
            } else if !leaving.contains(name), !name.hasSuffix(".lock") {
                try Data(contentsOf: URL(fileURLWithPath: project.file(name))).write(
                    to: URL(fileURLWithPath: clone.file(name)))
            }
        }
        return clone
    }

    /// `text` with the line of `fileName` edited by `edit`.
    static func editingLine(of fileName: String, in text: String, _ edit: (String) -> String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains("\"fileName\":\"\(fileName)\"") ? edit(String(line)) : String(line)
        }.joined(separator: "\n")
    }

    @Test func anEditedHistoryLineIsNotBelieved() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let before = try runTool(["check", "--fail-on", "new"], in: project.path)
        #expect(before.status == 1, "\(before.stderr)")
        // The pull request's own line says every warning is accepted: no rule or baseline says so.
        let text = try String(contentsOfFile: project.file(Self.history), encoding: .utf8)
        let edited = try Self.editingIssues(of: Self.secondReport, in: text) { issues in
            issues.map { $0.merging(["status": "accepted", "reason": "fine"]) { _, new in new } }
        }
        #expect(edited != text)
        try edited.write(toFile: project.file(Self.history), atomically: false, encoding: .utf8)
        for leaving in [[Self.record], []] {
            let clone = try Self.freshClone(of: project, leaving: leaving)
            defer { clone.remove() }
            #expect(try runTool(["ingest", "Reports"], in: clone.path).status == 0)
            let check = try runTool(["check", "--fail-on", "new"], in: clone.path)
            #expect(check.status == 1, "\(leaving): \(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("‘Savings’"), "\(check.stdout)")
            let said = check.stderr.split(separator: "\n").filter { $0.contains("the rule file") }
            #expect(said.count == 1, "\(check.stderr)")
            #expect(said.first?.contains(Self.secondReport) == true, "\(check.stderr)")
        }
    }

    /// The history line of `fileName` in `text` with its issues changed by `edit` (the JSON objects as the
    /// line holds them), its counts left as they were, as a forger who does not care would; its last
    /// screen's issue count made to hold the issues added or removed, as a forger who wants the line read
    /// must (a compact line gives its issues' groups by the screens' counts).
    static func editingIssues(
        of fileName: String, in text: String, _ edit: ([[String: Any]]) -> [[String: Any]]
    ) throws -> String {
        var failure: (any Error)?
        let edited = editingLine(of: fileName, in: text) { line in
            do {
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let issues = try #require(object["issues"] as? [[String: Any]])
                let changed = edit(issues)
                var screens = try #require(object["screens"] as? [[String: Any]])
                let count = try #require(screens[screens.count - 1]["issueCount"] as? Int)
                screens[screens.count - 1]["issueCount"] = count + changed.count - issues.count
                object["screens"] = screens
                object["issues"] = changed
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                return String(decoding: data, as: UTF8.self)
            } catch {
                failure = error
                return line
            }
        }
        if let failure { throw failure }
        return edited
    }

    /// The issue objects of the line of `fileName` in `text`.
    static func issues(of fileName: String, in text: String) throws -> [[String: Any]] {
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"fileName\":\"\(fileName)\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["issues"] as? [[String: Any]])
    }

    static let firstReport = "AXAudit_2026-06-01_10-00-00.json"

    /// A pull request that commits its report and a line for it without the new warning (the reports kept
    /// beside the history, as the demo keeps them), or an earlier audit's line with the new warning
    /// added so it reads as residual: the gate reads the report files the lines name and checks what
    /// they hold, says each line that disagrees, and fails on `Savings` as `check REPORT-FILE` does.
    @Test(arguments: ["its own line", "an earlier line"])
    func aLineThatDisagreesWithItsKeptReportIsNotBelieved(forged: String) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let text = try String(contentsOfFile: project.file(Self.history), encoding: .utf8)
        let savings = try #require(
            try Self.issues(of: Self.secondReport, in: text).first { $0["text"] as? String == "Savings" })
        let edited: String
        let named: String
        if forged == "its own line" {
            named = Self.secondReport
            edited = try Self.editingIssues(of: Self.secondReport, in: text) { issues in
                issues.filter { $0["text"] as? String != "Savings" }
            }
        } else {
            named = Self.firstReport
            edited = try Self.editingIssues(of: Self.firstReport, in: text) { $0 + [savings] }
        }
        #expect(edited != text)
        try edited.write(toFile: project.file(Self.history), atomically: false, encoding: .utf8)
        let clone = try Self.freshClone(of: project, leaving: [Self.record])
        defer { clone.remove() }
        #expect(try runTool(["ingest", "Reports"], in: clone.path).status == 0)
        for command in [["check", "--fail-on", "new"], ["check", "latest"]] {
            let check = try runTool(command, in: clone.path)
            #expect(check.status == 1, "\(forged) \(command): \(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("‘Savings’"), "\(check.stdout)")
            let said = check.stderr.split(separator: "\n").filter { $0.contains("does not state what its report") }
            #expect(said.count == 1, "\(check.stderr)")
            #expect(said.first?.contains(named) == true, "\(check.stderr)")
        }
        // An untouched history says nothing of its lines.
        let original = try Self.makeProject()
        defer { original.remove() }
        let untouched = try Self.freshClone(of: original, leaving: [Self.record])
        defer { untouched.remove() }
        let check = try runTool(["check"], in: untouched.path)
        #expect(check.status == 1 && !check.stderr.contains("does not state"), "\(check.stderr)")
    }

    @Test func aForgedRecordIsNotBelieved() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // The record marks every warning of the second audit system UI, its index adjusted as a forger would.
        let forged = try Self.forgingRecord(at: project.file(Self.record), audit: 1) { verdict in
            var verdict = verdict
            verdict["k"] = "system"
            return verdict
        }
        try forged.write(to: URL(fileURLWithPath: project.file(Self.record)))
        let clone = try Self.freshClone(of: project)
        defer { clone.remove() }
        #expect(try runTool(["ingest", "Reports"], in: clone.path).status == 0)
        for command in [["check", "--fail-on", "new"], ["check", "latest"]] {
            let check = try runTool(command, in: clone.path)
            #expect(check.status == 1, "\(command): \(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("‘Savings’"), "\(check.stdout)")
        }
        // In the same clone too, sealed again so that it holds for the history's bytes: the checked report's
        // file is kept, so the gate judges it from the history; without that file the record is read, found
        // to disagree with the lines, said once and not used.
        let resealed = try Self.forgingRecord(at: project.file(Self.record), audit: 1, sealed: true) {
            var verdict = $0
            verdict["k"] = "system"
            return verdict
        }
        try resealed.write(to: URL(fileURLWithPath: project.file(Self.record)))
        for keptReport in [true, false] {
            if !keptReport { try FileManager.default.removeItem(atPath: project.file("Reports/" + Self.secondReport)) }
            let check = try runTool(["check"], in: project.path)
            #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("‘Savings’"), "\(check.stdout)")
            let said = check.stderr.split(separator: "\n").filter { $0.contains("history.judgement.json") }
            #expect(said.count == (keptReport ? 0 : 1), "\(check.stderr)")
        }
    }

    @Test func aRecordSealedAgainIsNotBelievedOfAReportWhoseFileIsKept() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        // The second audit's new warning recorded as residual, the record sealed again as a forger can.
        let forged = try Self.forgingRecord(at: project.file(Self.record), audit: 1, sealed: true) { verdict in
            var verdict = verdict
            if verdict["c"] as? String == "new" { verdict["c"] = "residual" }
            return verdict
        }
        try forged.write(to: URL(fileURLWithPath: project.file(Self.record)))
        // A fresh clone keeping the report: the gate checks its line against the file and judges it from the
        // history, whatever the record says.
        let clone = try Self.freshClone(of: project)
        defer { clone.remove() }
        let check = try runTool(["check", "--fail-on", "new"], in: clone.path)
        #expect(check.status == 1 && check.stdout.contains("‘Savings’"), "\(check.stdout)\(check.stderr)")
        // Without the report the record is read, as the history's lines are: what it says of an audit whose
        // report is not kept is believed, as an earlier audit's line given the warning would be.
        let bare = try Self.freshClone(of: project, leaving: ["Reports/" + Self.secondReport])
        defer { bare.remove() }
        let believed = try runTool(["check", "--fail-on", "new"], in: bare.path)
        #expect(believed.status == 0, "\(believed.stdout)\(believed.stderr)")
    }

    @Test func aLineChangedInPlaceIsJudgedAgain() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        func counts(_ result: ToolResult) throws -> [String: Int] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require(json["counts"] as? [String: Int])
        }
        let before = try counts(try runTool(["diff", "--format", "json"], in: project.path))
        #expect(before["new"] == 1 && before["residual"] == 2)
        // The second audit's line changed in place (every warning system UI, as a rule of the time said),
        // then a run that adds nothing writes the record again: none of its old verdicts may be kept.
        let text = try String(contentsOfFile: project.file(Self.history), encoding: .utf8)
        let edited = try Self.editingIssues(of: Self.secondReport, in: text) { issues in
            issues.map { $0.merging(["status": "system"]) { _, new in new } }
        }
        #expect(edited != text)
        try edited.write(toFile: project.file(Self.history), atomically: false, encoding: .utf8)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        let after = try counts(try runTool(["diff", "--format", "json"], in: project.path))
        #expect(after["new"] == 0 && after["residual"] == 0, "\(after)")
    }

    @Test(arguments: ["fifo", "/dev/zero", "/dev/stdin"])
    func aRecordLinkedToAPipeOrADeviceIsNotRead(target: String) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.file(Self.record))
        var destination = target
        if target == "fifo" {
            destination = project.file("fifo")
            #expect(mkfifo(destination, 0o644) == 0)
        }
        try FileManager.default.createSymbolicLink(atPath: project.file(Self.record), withDestinationPath: destination)
        for command in [["check"], ["trend"], ["diff"], ["history", "list"]] {
            // A record read through the link would wait for a writer, or read zeros until memory ran out;
            // it is judged again, and said so once.
            let result = try runTool(command, in: project.path, stdin: Data())
            #expect(result.status == 0 || result.status == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr.split(separator: "\n").filter { $0.contains("judgement") } == [
                    "warning: the recorded judgement \(Self.record) is a symbolic link: not used, judged again"
                ], "\(command): \(result.stderr)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.file(Self.record)) == destination)
    }

    @Test(arguments: ["fifo", "/dev/zero", "/dev/stdin"])
    func aHistoryThatIsNoRegularFileIsRefusedInOneLine(target: String) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try FileManager.default.removeItem(atPath: project.file(Self.record))
        try FileManager.default.removeItem(atPath: project.file(Self.history))
        if target == "fifo" {
            #expect(mkfifo(project.file(Self.history), 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: project.file(Self.history), withDestinationPath: target)
        }
        for command in [["check"], ["trend"], ["diff"], ["history", "list"]] {
            let result = try runTool(command, in: project.path, stdin: Data())
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(
                result.stderr
                    == "\(Self.history): error: the history file is not a regular file (a pipe, socket or device)\n",
                "\(command)")
        }
    }

    /// The record at `path` with each verdict of the audit at `audit` changed by `change`, its index's
    /// places adjusted; with `sealed`, sealed again as the tool seals it (what a forger can do: the seal
    /// is a digest, no signature), else with the seal it had.
    static func forgingRecord(
        at path: String, audit: Int, sealed: Bool = false, _ change: ([String: Any]) -> [String: Any]
    ) throws -> Data {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        #expect(lines.count > 2)
        let seal = lines.removeLast()
        #expect(String(decoding: seal, as: UTF8.self).hasPrefix("{\"seal\":"))
        var index = try #require(try JSONSerialization.jsonObject(with: lines[0]) as? [String: Any])
        var entries = try #require(index["entries"] as? [[String: Any]])
        var report = try #require(try JSONSerialization.jsonObject(with: lines[1 + audit]) as? [String: Any])
        let verdicts = try #require(report["verdicts"] as? [[String: Any]])
        report["verdicts"] = verdicts.map(change)
        lines[1 + audit] = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        var offset = 0
        var places: [[Int]] = []
        for line in lines.dropFirst() {
            places.append([offset, line.count])
            offset += line.count + 1
        }
        for position in entries.indices { entries[position]["recorded"] = places[position] }
        index["entries"] = entries
        index["issues"] = places[entries.count]
        index["latest"] = places[entries.count + 1]
        index["trend"] = places[entries.count + 2]
        var made = try JSONSerialization.data(withJSONObject: index, options: [.sortedKeys])
        for line in lines.dropFirst() {
            made.append(0x0A)
            made.append(line)
        }
        made.append(0x0A)
        made.append(sealed ? Data("{\"seal\":\"\(SHA256.hexDigest(of: made))\"}".utf8) : seal)
        made.append(0x0A)
        return made
    }
}

/// Dates no audit can have, refused with one line naming the value wherever they come from.
@Suite struct AuditDateRefusalTests {
    @Test(arguments: [
        ("1500-01-01 00:00:00", "1500-01-01 00:00:00 is before 1583"),
        ("0000-01-01 00:00:00", "0000-01-01 00:00:00 is before 1583"),
        ("2026-03-01T10:00:00+25:00", "got '2026-03-01T10:00:00+25:00'"),
        ("2026-03-01T10:00:00+99:99", "got '2026-03-01T10:00:00+99:99'"),
        ("2026-03-01T10:00:00+00:60", "got '2026-03-01T10:00:00+00:60'"),
        ("2099-01-01T00:00:00Z", "is more than 26 hours after this run's clock"),
    ])
    func anAuditDateNoAuditCanHaveIsRefused(date: String, said: String) throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try RecorderRun([.init("Home", ["Balance"])]).write(into: project.file("Reports"), day: "2026-06-01", hour: 10)
        try FileManager.default.moveItem(
            atPath: project.file("Reports/AXAudit_2026-06-01_10-00-00.json"), toPath: project.file("Reports/home.json"))
        let result = try runTool(["history", "add", "Reports/home.json", "--audit-date", date], in: project.path)
        #expect(result.status == 64, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains(said) == true, "\(result.stderr)")
        let history = (try? String(contentsOfFile: project.file("Reports/history.jsonl"), encoding: .utf8)) ?? ""
        #expect(history.isEmpty, "\(history)")
        let fine = try runTool(
            ["history", "add", "Reports/home.json", "--audit-date", "2026-03-01T10:00:00+14:00"], in: project.path)
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test(arguments: ["1500-01-01_00-00-00", "0000-01-01_00-00-00"])
    func aFileNameDatedBefore1583IsRefused(stamp: String) throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try RecorderRun([.init("Home", ["Balance"])]).write(into: project.file("Reports"), day: "2026-06-01", hour: 10)
        try FileManager.default.moveItem(
            atPath: project.file("Reports/AXAudit_2026-06-01_10-00-00.json"),
            toPath: project.file("Reports/AXAudit_\(stamp).json"))
        let result = try runTool(["ingest", "Reports"], in: project.path)
        #expect(result.status == 65, "\(result.stderr)")
        let day = stamp.replacingOccurrences(of: "_", with: " ").prefix(10)
        #expect(
            result.stderr.contains(
                "AXAudit_\(stamp).json: error: the audit date \(day) 00:00:00 is before 1583"), "\(result.stderr)")
    }
}

/// What a history line says of itself is not what the outputs count, and a repaired line is not warned of.
@Suite struct HistoryLineFactsTests {
    @Test func theSiteCountsAnAuditsIssuesNotItsLinesCountsField() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try RecorderRun([.init("Home", ["Balance", "Income"])]).write(
            into: project.file("Reports"), day: "2026-06-01", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        let path = project.file("Reports/history.jsonl")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // A compact line leaves out the counts its issues give: the line says others.
        let edited = text.replacingOccurrences(
            of: "\"fileName\":",
            with:
                "\"counts\":{\"accepted\":0,\"byType\":{\"contrast\":0},\"open\":0,\"system\":0,\"total\":0},\"fileName\":"
        )
        #expect(edited != text)
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try runTool(["html"], in: project.path).status == 0)
        let index = try String(contentsOfFile: project.file("Reports/index.html"), encoding: .utf8)
        let audits = try #require(index.range(of: "id=\"h-audits\""))
        let row = try #require(
            index[audits.upperBound...].split(separator: "\n").first { $0.contains("AXAudit_2026-06-01_10-00-00") })
        #expect(row.contains("</th><td class=\"num\">2</td>"), "\(row)")
        #expect(row.hasSuffix("<td class=\"num\">2</td></tr>"), "\(row)")
    }

    @Test func aTornLastLineRepairedByIngestIsNoLongerWarnedOf() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try RecorderRun([.init("Home", ["Balance"])]).write(into: project.file("Reports"), day: "2026-06-01", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        let handle = try #require(FileHandle(forWritingAtPath: project.file("Reports/history.jsonl")))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"version":3,"sha"#.utf8))
        try handle.close()
        let torn = try runTool(["history", "list"], in: project.path)
        #expect(torn.stderr.contains("torn last line skipped"), "\(torn.stderr)")
        try RecorderRun([.init("Home", ["Balance", "Income"])]).write(
            into: project.file("Reports"), day: "2026-06-02", hour: 10)
        #expect(try runTool(["ingest", "Reports"], in: project.path).status == 0)
        for command in [["history", "list"], ["check"], ["trend"], ["diff"]] {
            let result = try runTool(command, in: project.path)
            #expect(!result.stderr.contains("torn"), "\(command): \(result.stderr)")
        }
    }
}

/// SARIF's message text shows a report's strings as written (SARIF 2.1.0 §3.11.5, §3.11.6).
@Suite struct SARIFMessageTextTests {
    @Test func bracesAndBracketsOfAReportAreEscapedNotPlaceholdersOrLinks() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let label = #"[Pay](https://evil.example) {0} \[x]"#
        let paths = try RecorderRun([.init("Home", [label])]).write(
            into: project.file("Reports"), day: "2026-06-01", hour: 10)
        let sarif = try runTool(["map", paths[0], "--format", "sarif"], in: project.path)
        #expect(sarif.status == 0, "\(sarif.stderr)")
        #expect(SARIFSchema.problems(in: Data(sarif.stdout.utf8)) == [])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let text = try #require(
            ((run["results"] as? [[String: Any]])?.first?["message"] as? [String: Any])?["text"] as? String)
        #expect(text.contains(#"\[Pay\](https://evil.example) {{0}} \\\[x\]"#), "\(text)")
        // The element's text itself is kept as written in the result's properties.
        let properties = try #require((run["results"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        #expect(properties["elementText"] as? String == label)
    }
}
