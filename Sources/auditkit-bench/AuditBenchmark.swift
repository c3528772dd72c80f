import AuditKit
import AuditKitTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `auditkit-bench audit [RUNS]`: the whole `auditkit` process against the Python + Pillow peer
/// (`Scripts/peer-audit.py`), in the same run, on the synthetic 12- and 2000-issue reports of the
/// reader benchmark:
/// - `auditkit audit REPORT` against `peer-audit.py REPORT --jobs 2` (same outputs: images, index sheet,
///   overlays, a history line and a log session);
/// - `auditkit extract REPORT --thumbnails DIR` against `peer-audit.py REPORT --extract-only`;
/// - for the 2000-issue report, `auditkit ingest REPORT` (the same pass, then the summary, the trend and
///   the site's index) against the same peer run as `audit`;
/// - peak memory (the process's maximum resident set, from `wait4`) of each, every command started
///   from a small process (`measureInSmallProcess`) so the benchmark's own memory is not counted;
/// - `auditkit overlay` of a report with three 8192x8192 screenshots (peak memory only);
/// - in process, the SHA-256 of the 2000-issue report against reading it.
/// Each run starts in a fresh folder holding only the report (hard-linked), so nothing is skipped as
/// already done; the two commands alternate (A B A B ...) after a warm-up of each, and the figures are
/// medians, the ratio that of the medians. `KEEP=DIR` keeps a copy of the reports in DIR. Needs the
/// release `auditkit` beside this executable (`swift build -c release --static-swift-stdlib`, as
/// `Scripts/install.sh` builds it) and python3 with Pillow (`AUDITKIT_PYTHON` names another interpreter).
func runAuditBenchmark(arguments: [String]) throws {
    let runs = max(1, arguments.first.flatMap(Int.init) ?? 5)
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let tool = executable.deletingLastPathComponent().appendingPathComponent("auditkit").path
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        print("audit: no auditkit beside this benchmark (\(tool)); run `swift build -c release` first")
        return
    }
    let script = FileManager.default.currentDirectoryPath + "/Scripts/peer-audit.py"
    let python =
        ProcessInfo.processInfo.environment["AUDITKIT_PYTHON"]
        ?? (FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3")
    let directory = NSTemporaryDirectory() + "/auditkit-bench-audit-\(getpid())"
    try AtomicFile.makeDirectory(directory)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    guard (try? measureProcess([python, "-c", "import PIL"], in: directory))?.status == 0,
        FileManager.default.fileExists(atPath: script)
    else {
        print("audit: the peer needs \(script) and \(python) with Pillow (Debian python3-pil); skipped")
        return
    }
    print("auditkit against the Python + Pillow peer (Scripts/peer-audit.py), whole processes, \(runs) runs each")
    print(
        "date \(ISO8601DateFormatter().string(from: Date())), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "load \(loadAverage())")
    print("| work | auditkit wall | (user + sys) | peer wall | (user + sys) | ratio | auditkit peak | peer peak |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    let name = "AuditReport_2026-01-02_11-02-25.html"
    for issues in [12, 2000] {
        let source = directory + "/source-\(issues).html"
        _ = try writeSyntheticReport(issues: issues, to: source)
        if let keep = ProcessInfo.processInfo.environment["KEEP"] {
            // KEEP=DIR keeps a copy of each report, to run the commands by hand (e.g. under /usr/bin/time -v).
            try? FileManager.default.copyItem(
                atPath: source, toPath: keep + "/AuditReport_2026-01-02_11-02-25-\(issues).html")
        }
        let report = "Reports/" + name
        let audit = try compare(
            runs: runs, in: directory, report: source, name: name,
            [tool, "audit", report, "--date", "2026-11-23"], [python, script, report, "--jobs", "2"])
        printRow("`audit`, \(issues) issues (peer: 2 jobs)", audit)
        let extract = try compare(
            runs: runs, in: directory, report: source, name: name,
            [tool, "extract", report, "--thumbnails", "Reports/AuditReport_2026-01-02_11-02-25"],
            [python, script, report, "--extract-only"])
        printRow("`extract --thumbnails`, \(issues) issues", extract)
        if issues == 2000 {
            // `ingest` is the same pass with the summary, the trend and the site's index after it.
            let ingest = try compare(
                runs: runs, in: directory, report: source, name: name,
                [tool, "ingest", report, "--date", "2026-11-23"], [python, script, report, "--jobs", "2"])
            printRow("`ingest`, \(issues) issues (peer: 2 jobs)", ingest)
        }
    }
    try benchmarkLargeOverlays(tool: tool, in: directory)
    try benchmarkDigest(path: directory + "/source-2000.html")
}

/// How many run folders `compare` made (each run gets a new one).
nonisolated(unsafe) private var runFolders = 0

/// Medians of both commands over `runs` alternating runs (after one warm-up each), each in a fresh
/// folder holding `Reports/<name>` hard-linked to `report`. The folders are kept until the benchmark
/// ends: deleting a run's 2,000 files just before the next run made ext4 step over every freed inode
/// when creating new files (0.4-0.6 s of system time for either program, measured 2026-11-23), a
/// cost of the benchmark's cleanup, not of the commands.
private func compare(
    runs: Int, in directory: String, report: String, name: String, _ first: [String], _ second: [String]
) throws -> (ProcessFigures, ProcessFigures) {
    var results: [[ProcessFigures]] = [[], []]
    for run in 0...runs {
        for (index, argv) in [first, second].enumerated() {
            runFolders += 1
            let folder = directory + "/run-\(runFolders)"
            try AtomicFile.makeDirectory(folder + "/Reports")
            guard link(report, folder + "/Reports/" + name) == 0 else {
                throw AuditError(.internalError, "cannot link the report", cause: String(cString: strerror(errno)))
            }
            let figures = try measureInSmallProcess(argv, in: folder)
            guard figures.status == 0 else {
                throw AuditError(.internalError, "\(argv.joined(separator: " ")) exited with \(figures.status)")
            }
            if run > 0 { results[index].append(figures) }
        }
    }
    return (median(results[0]), median(results[1]))
}

/// The median of each figure separately.
private func median(_ runs: [ProcessFigures]) -> ProcessFigures {
    func middle(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    return ProcessFigures(
        wall: middle(runs.map(\.wall)), user: middle(runs.map(\.user)), system: middle(runs.map(\.system)),
        peak: middle(runs.map(\.peak)), status: 0)
}

private func printRow(_ label: String, _ pair: (ProcessFigures, ProcessFigures)) {
    let (ours, peer) = pair
    func mib(_ bytes: Double) -> String { String(format: "%.0f MiB", bytes / 1_048_576) }
    print(
        "| \(label) | "
            + String(
                format: "%.3f s | (%.2f + %.2f) | %.3f s | (%.2f + %.2f) | %.2fx | ", ours.wall, ours.user, ours.system,
                peer.wall, peer.user, peer.system, ours.wall / peer.wall)
            + "\(mib(ours.peak)) | \(mib(peer.peak)) |")
}

/// Peak memory of `auditkit overlay` on a report with three 8192x8192 screenshots (the reader's
/// 64-megapixel limit), the case whose memory used to grow with the number of cores.
private func benchmarkLargeOverlays(tool: String, in directory: String) throws {
    let side = 8192
    var screens: [ReportFixture.Screen] = []
    for index in 0..<3 {
        var canvas = FixtureCanvas(width: side, height: side, color: .init(240, 240, 245))
        for row in 0..<40 {
            canvas.fill(
                x: 200, y: 150 + row * 200, width: side - 400, height: 120,
                color: .init(UInt8(40 + row * 5), UInt8(90 + index * 40), 160))
        }
        var screen = ReportFixture.Screen(
            name: String(index), groupName: "Big\(index)View",
            displayBounds: Rect(x: 0, y: 0, width: Double(side), height: Double(side)), scale: 1,
            screenshot: ReportFixture.Image(canvas: canvas))
        for k in 0..<5 {
            let finding = ReportFixture.findings[k % ReportFixture.findings.count]
            screen.issues.append(
                ReportFixture.Issue(
                    errorCode: finding.code, shortTitle: finding.titles[0], longDescription: finding.description,
                    elementText: "Row \(k)", testTypeName: finding.typeNames[0], suggestion: finding.suggestion,
                    isDuplicate: false, thumbnail: nil,
                    rect: Rect(x: 200, y: Double(150 + k * 200), width: Double(side - 400), height: 120),
                    expectedTestType: finding.type))
        }
        screens.append(screen)
    }
    let source = directory + "/source-large.html"
    try ReportFixture(screens: screens).write(to: source, as: .html(.varAssignment))
    let name = "AuditReport_2026-01-02_11-02-25.html"
    var peaks: [ProcessFigures] = []
    for _ in 0..<3 {
        let folder = directory + "/run"
        try? FileManager.default.removeItem(atPath: folder)
        try AtomicFile.makeDirectory(folder + "/Reports")
        _ = link(source, folder + "/Reports/" + name)
        let figures = try measureInSmallProcess([tool, "overlay", "Reports/" + name], in: folder)
        guard figures.status == 0 else { throw AuditError(.internalError, "overlay exited with \(figures.status)") }
        peaks.append(figures)
    }
    let figures = median(peaks)
    print(
        String(
            format: "| `overlay`, 3 screens of 8192x8192 | %.3f s | (%.2f + %.2f) | | | | %.0f MiB | |", figures.wall,
            figures.user, figures.system, figures.peak / 1_048_576))
}

/// The SHA-256 of the report against reading it, in this process, best of 15: the file's bytes
/// alone (`ByteBuffer.read`), the reading `sheet` and `overlay` do (`ReportReader.read` without the
/// digest: locate, parse, decode every image), and the reading `audit` and `ingest` do, with the
/// digest (computed on another core meanwhile): what the digest adds to reading the report.
private func benchmarkDigest(path: String) throws {
    var bestRead = Double.infinity, bestHash = Double.infinity, bestReport = Double.infinity
    var bestWithDigest = Double.infinity
    var size = 0
    for _ in 0..<15 {
        let start = DispatchTime.now().uptimeNanoseconds
        let buffer = try ByteBuffer.read(path: path, maxSize: 1 << 30)
        let read = DispatchTime.now().uptimeNanoseconds
        let digest = SHA256.hexDigest(of: buffer.bytes)
        let hashed = DispatchTime.now().uptimeNanoseconds
        let report = try ReportReader.read(path: path, options: .init(computeDigest: false))
        let parsed = DispatchTime.now().uptimeNanoseconds
        let identified = try ReportReader.read(path: path)
        let withDigest = DispatchTime.now().uptimeNanoseconds
        precondition(digest.count == 64 && !report.issues.isEmpty && identified.sha256 == digest)
        size = buffer.bytes.count
        bestRead = min(bestRead, Double(read - start) / 1e9)
        bestHash = min(bestHash, Double(hashed - read) / 1e9)
        bestReport = min(bestReport, Double(parsed - hashed) / 1e9)
        bestWithDigest = min(bestWithDigest, Double(withDigest - parsed) / 1e9)
    }
    print(
        String(
            format: "digest of the %.2f MB report: SHA-256 %.1f ms (%.2f GB/s); reading the file %.1f ms (%.2fx); "
                + "reading the report (parse, decode images) %.1f ms (%.2fx); reading it with its digest %.1f ms: "
                + "the digest adds %.1f ms (%.2fx the reading)",
            Double(size) / 1e6, bestHash * 1e3, Double(size) / bestHash / 1e9, bestRead * 1e3, bestHash / bestRead,
            bestReport * 1e3, bestHash / bestReport, bestWithDigest * 1e3, (bestWithDigest - bestReport) * 1e3,
            (bestWithDigest - bestReport) / bestReport))
}

private func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) == 3 ? String(format: "%.2f %.2f %.2f", loads[0], loads[1], loads[2]) : "?"
}
