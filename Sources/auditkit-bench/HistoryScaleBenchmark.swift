import AuditKit
import AuditKitTestSupport
import Foundation

/// `auditkit-bench history-scale [REPORTS...] [--runs N]`: the history commands on the history of a CI
/// pipeline that saves an automated audit per run (issue 39's shape): screenshot-less JSON reports of
/// 200 warnings over six screens, a few warnings fixed and a few new each day. For each size (default
/// 500 and 2,000 reports) it writes the history (the latest report also as a file), then times whole
/// `auditkit` processes of the release build beside this one: `check latest`, `diff latest~1 latest` (and
/// with `--baseline` of a baseline accepting 20 of its warnings), `history list`, `history add` of the
/// latest report (already there), `trend`, `accept` of one fingerprint and `check latest` and `trend`
/// after it (the baseline removed after each run, so every run is alike), with the floor of
/// reading the history file once (`cat`), each round running every command on every size in turn;
/// before them, the first command's judging and recording of each history (`JudgementRecordFile`),
/// timed once. Prints medians, the ratio of each
/// size's time to the first size's, and at 2,000 reports whether issue 39's targets are met. Then the
/// same reading commands as the first command of a fresh clone (`runFreshCloneBenchmark`).
func runHistoryScaleBenchmark(arguments: [String]) throws {
    var sizes: [Int] = []
    var runs = 3
    var index = 0
    while index < arguments.count {
        if arguments[index] == "--runs", index + 1 < arguments.count {
            runs = Int(arguments[index + 1]) ?? runs
            index += 2
            continue
        }
        if let size = Int(arguments[index]) { sizes.append(size) }
        index += 1
    }
    if sizes.isEmpty { sizes = [500, 2_000] }
    let tool = (benchPath() as NSString).deletingLastPathComponent + "/auditkit"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        throw AuditError(.missingInput, "build auditkit beside auditkit-bench first", path: tool)
    }
    print("history-scale: \(runs) runs per command, medians of wall time (CPU in parentheses), \(tool)")
    // AUDITKIT_BENCH_KEEP=1 keeps the folders (to profile a command on them).
    let keep = ProcessInfo.processInfo.environment["AUDITKIT_BENCH_KEEP"] == "1"
    var folders: [TemporaryDirectory] = []
    defer {
        for directory in folders {
            if keep { print("history-scale: kept \(directory.path)") } else { directory.remove() }
        }
    }
    var commandsOfSize: [[(String, [String])]] = []
    /// Per size: the baseline `accept` writes, removed after `trend` ran on it.
    var acceptedBaseline: [String] = []
    /// Per size: the fingerprint `accept` accepts.
    var fingerprints: [String] = []
    for size in sizes {
        let directory = try TemporaryDirectory(prefix: "auditkit-bench-scale")
        folders.append(directory)
        let latest = try CIHistory.write(reports: size, into: directory.path)
        let history = directory.file("Reports/history.jsonl")
        let bytes = (try? FileManager.default.attributesOfItem(atPath: history)[.size] as? Int) ?? 0
        print(
            String(
                format: "history-scale: %d reports, %.1f MiB: %.0f bytes per report, %.1f per warning", size,
                Double(bytes) / 1_048_576, Double(bytes) / Double(size),
                Double(bytes) / Double(size * CIHistory.warnings)))
        // A history written before the judgement was recorded (or the first command of a fresh clone): the
        // first command judges it and records it once.
        let migration = try measureInSmallProcess([tool, "history", "list"], in: directory.path)
        let record = directory.file("Reports/history.judgement.json")
        let recordBytes = (try? FileManager.default.attributesOfItem(atPath: record)[.size] as? Int) ?? 0
        print(
            String(
                format: "history-scale: %5d reports  first use: judged and recorded (%.1f MiB) in %.3f s (%.3f s CPU)",
                size, Double(recordBytes) / 1_048_576, migration.wall, migration.user + migration.system))
        // A baseline of 20 of the latest report's warnings for `diff --baseline`, and one fingerprint to accept.
        let issues = try HistoryEntry(report: ReportReader.read(path: directory.file(latest))).issues
        let accepted = Baseline(
            entries: issues.prefix(20).map {
                Baseline.Entry(fingerprint: $0.fingerprint, reason: "bench", acceptedOn: "2026-01-01")
            })
        try JSONWriter.encoder(pretty: true).encode(accepted).write(
            to: URL(fileURLWithPath: directory.file("Reports/bench-baseline.json")))
        let fingerprint = issues[issues.count / 2].fingerprint.hex
        fingerprints.append(fingerprint)
        acceptedBaseline.append(directory.file("Reports/baseline.json"))
        commandsOfSize.append([
            ("floor: cat history", ["/bin/cat", history]),
            ("check latest", [tool, "check", "latest"]),
            ("diff latest~1 latest", [tool, "diff", "latest~1", "latest"]),
            (
                "diff ... --baseline (20)",
                [tool, "diff", "latest~1", "latest", "--baseline", "Reports/bench-baseline.json"]
            ),
            ("history list", [tool, "history", "list"]),
            ("history add (already there)", [tool, "history", "add", latest]),
            ("check NEW-REPORT-FILE", [tool, "check", CIHistory.newReport]),
            ("trend", [tool, "trend"]),
            ("accept one fingerprint", [tool, "accept", fingerprint, "--reason", "bench"]),
            ("check latest after accept", [tool, "check", "latest"]),
            ("trend after accept", [tool, "trend"]),
        ])
    }
    // Each round runs every command on every size in turn, so a slower spell of the shared machine weighs
    // on every size alike, not on the size timed last.
    var wall: [Int: [String: [Double]]] = [:]
    var cpu: [Int: [String: [Double]]] = [:]
    for _ in 0..<runs {
        for position in commandsOfSize[0].indices {
            for (k, size) in sizes.enumerated() {
                let (name, argv) = commandsOfSize[k][position]
                let figures = try measureInSmallProcess(argv, in: folders[k].path)
                guard figures.status == 0 || (name.hasPrefix("check") && figures.status == 1) else {
                    throw AuditError(.internalError, "\(name) exited \(figures.status)")
                }
                // The baseline accept wrote, removed once the commands after it ran: every run accepts alike.
                if name == "trend after accept" {
                    try FileManager.default.removeItem(atPath: acceptedBaseline[k])
                }
                wall[size, default: [:]][name, default: []].append(figures.wall)
                cpu[size, default: [:]][name, default: []].append(figures.user + figures.system)
            }
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    var first: [String: Double] = [:]
    for (k, size) in sizes.enumerated() {
        for (name, _) in commandsOfSize[k] {
            let time = median(wall[size]![name]!)
            let padded = name.padding(toLength: 29, withPad: " ", startingAt: 0)
            var line = String(
                format: "history-scale: %5d reports  %@ %7.3f s (%.3f s CPU)", size, padded, time,
                median(cpu[size]![name]!))
            if let base = first[name] {
                line += String(format: "  %.2fx its time at %d reports", time / base, sizes[0])
            } else {
                first[name] = time
            }
            print(line)
            // Issue 39's targets, at 2,000 reports: the reading commands at most 0.3 s and 1.5x their
            // time at 500 reports (the first size), the trend at most 1.5 s.
            guard size == 2_000, !name.hasPrefix("floor") else { continue }
            let limit = name == "trend" ? 1.5 : 0.3
            var met = time <= limit
            var target = String(format: "at most %.1f s", limit)
            if name != "trend", let base = first[name], sizes[0] == 500 {
                met = met && time <= 1.5 * base
                target += " and 1.5x its time at 500 reports"
            }
            print("history-scale: target for \(name): \(target): \(met ? "met" : "NOT MET")")
        }
    }
    try runFreshCloneBenchmark(sizes: sizes, folders: folders, fingerprints: fingerprints, runs: runs, tool: tool)
}

/// The synthetic history of a CI pipeline (see `runHistoryScaleBenchmark`).
enum CIHistory {
    /// The new report each size's folder holds (relative to it): the day after the history's latest audit.
    static let newReport = "New/AuditReport.json"

    static let screens = ["Checkout", "Cart", "Home", "Search", "Profile", "Settings"]

    /// The warnings of each report.
    static let warnings = 200

    /// Writes `Reports/history.jsonl` of `reports` daily audits under `directory`, the latest one also as
    /// its report file, and the next day's audit as a report file not in the history (`New/`, a new
    /// report: `newReport`); returns the latest's path (relative to `directory`).
    static func write(reports: Int, into directory: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: directory + "/Reports", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/New", withIntermediateDirectories: true)
        var generator = SplitMix(seed: 39)
        var current = (0..<warnings).map { _ in BenchIssue.random(&generator) }
        var data = Data()
        var latestPath = ""
        for day in 0...reports {
            for _ in 0..<4 { current[Int(generator.next() % UInt64(current.count))] = BenchIssue.random(&generator) }
            // One audit a day at noon from 2020-01-01 (so 2,000 days end in the past: a report dated after the
            // run's clock is refused), named as the Inspector names its reports.
            var parts = DateComponents()
            parts.day = day
            let calendar = Calendar(identifier: .gregorian)
            let date = calendar.date(byAdding: parts, to: Date(timeIntervalSince1970: 1_577_880_000))!
            var fixture = self.fixture(current)
            fixture.timestamp = Self.stamp(date, "yyyy-MM-dd HH:mm:ss")
            let name = "AuditReport_" + Self.stamp(date, "yyyy-MM-dd_HH-mm-ss") + ".json"
            if day == reports {
                try fixture.write(to: directory + "/" + newReport, as: .json)
                break
            }
            let report: InspectorReport
            if day == reports - 1 {
                latestPath = "Reports/" + name
                try fixture.write(to: directory + "/" + latestPath, as: .json)
                report = try ReportReader.read(path: directory + "/" + latestPath)
            } else {
                report = try ReportReader.read(
                    buffer: ByteBuffer(copying: fixture.payload(style: .minified, seed: nil)), path: "Reports/" + name)
            }
            data.append(try HistoryFile.line(of: HistoryEntry(report: report)))
            data.append(UInt8(ascii: "\n"))
        }
        try data.write(to: URL(fileURLWithPath: directory + "/Reports/history.jsonl"))
        return latestPath
    }

    /// `date` (UTC) in `format` (`yyyy-MM-dd_HH-mm-ss`).
    static func stamp(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// One report: the issues spread over the six screens, no screenshots.
    static func fixture(_ issues: [BenchIssue]) -> ReportFixture {
        var screens = Self.screens.enumerated().map { index, name in
            ReportFixture.Screen(name: String(index), groupName: name, issues: [])
        }
        for (offset, issue) in issues.enumerated() {
            screens[offset % screens.count].issues.append(
                .init(
                    errorCode: 14, shortTitle: "\(issue.type.displayName) warning", elementText: issue.text,
                    testTypeName: issue.type.displayName, rect: issue.rect))
        }
        return ReportFixture(screens: screens)
    }
}

/// `auditkit-bench history-walk HISTORY`: the judgement made audit by audit, the time of every 250.
func runHistoryWalk(path: String) throws {
    let history = try HistoryFile(path: path).load()
    var judgement = HistoryJudgement(entries: [])
    var start = DispatchTime.now()
    for (index, entry) in history.entries.enumerated() {
        judgement.add(entry)
        if (index + 1) % 250 == 0 {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            print(String(format: "audits %5d: %.3f s for the last 250", index + 1, seconds))
            start = DispatchTime.now()
        }
    }
}
