import AuditKit
import AuditKitTestSupport
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `auditkit-bench ingest`: the whole `auditkit ingest` of the 12-, 150- and 2,000-issue synthetic
/// reports (a child process: wall time and peak memory), with the time of each stage of the pass
/// measured in this process (read, evidence, sheet and overlays, mapping, history, log); then a
/// batch of 50 reports with `--jobs 1` and `--jobs 2` in the same run, as a ratio.
func runIngestBenchmark() throws {
    let work = NSTemporaryDirectory() + "/auditkit-ingest-bench-\(getpid())"
    try AtomicFile.makeDirectory(work)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let tool = toolPath()
    print("ingest benchmark (\(ProcessInfo.processInfo.activeProcessorCount) cores), \(tool)")
    // A source tree the mapping indexes: 200 files, some of which show the reports' texts.
    let sources = work + "/App"
    try AtomicFile.makeDirectory(sources)
    for file in 0..<200 {
        var text = "import SwiftUI\n\nstruct Screen\(file)View: View {\n    var body: some View {\n        VStack {\n"
        for row in 0..<20 { text += "            Text(\"Row \(file)-\(row)\")\n            Button(\"Edit\") { }\n" }
        text += "        }\n    }\n}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: sources + "/Screen\(file)View.swift"))
    }
    let text = try TextRenderer(explicitFontPath: nil)
    print("report issues | whole ingest | read | evidence | sheet+overlays | mapping | history | log | peak memory")
    for (issues, screens) in [(12, 1), (150, 5), (2000, 40)] {
        let folder = work + "/r\(issues)"
        try AtomicFile.makeDirectory(folder)
        let path = folder + "/AuditReport_2026-01-02_11-02-25.html"
        try ReportFixture.random(
            seed: 42, screenCount: screens...screens, issueRange: (issues / screens)...(issues / screens),
            screenWidth: 402
        ).write(to: path, as: .html(.varAssignment))
        let stages = try stageTimes(reportPath: path, sources: sources, text: text, scratch: work + "/s\(issues)")
        var wholes: [(wall: Double, peak: Double)] = []
        for run in 0..<3 {
            let out = work + "/o\(issues)-\(run)"
            wholes.append(
                try runTool(
                    tool,
                    [
                        "ingest", path, "--source", sources, "--out", out, "--log", out + "/audit.md", "--history",
                        out + "/history.jsonl",
                    ]))
        }
        let whole = wholes.map(\.wall).sorted()[1]
        let peak = wholes.map(\.peak).max() ?? 0
        print(
            String(
                format: "%13d | %10.3f s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.0f MiB", issues, whole,
                stages.read, stages.evidence, stages.pictures, stages.mapping, stages.history, stages.log,
                peak / 1_048_576))
    }
    // A batch of 50 small reports, one job and two.
    let batch = work + "/batch"
    try AtomicFile.makeDirectory(batch)
    for index in 0..<50 {
        let day = String(format: "2026-02-%02d_%02d-00-00", 1 + index % 28, index / 28)
        try ReportFixture.random(seed: UInt64(100 + index), screenCount: 1...2, issueRange: 8...20, screenWidth: 402)
            .write(to: batch + "/AuditReport_\(day).html", as: .html(.varAssignment))
    }
    var times: [Int: [Double]] = [1: [], 2: []]
    for run in 0..<3 {
        for jobs in [1, 2] {
            let out = work + "/b\(jobs)-\(run)"
            let result = try runTool(
                tool,
                [
                    "ingest", batch, "--jobs", String(jobs), "--out", out, "--log", out + "/audit.md", "--history",
                    out + "/history.jsonl",
                ])
            times[jobs]!.append(result.wall)
        }
    }
    let one = times[1]!.sorted()[1]
    let two = times[2]!.sorted()[1]
    print(String(format: "batch of 50 reports: --jobs 1 %.2f s, --jobs 2 %.2f s (%.2fx)", one, two, one / two))
}

/// Seconds per stage of the pass for one report, each stage run on its own (best of three).
private func stageTimes(reportPath: String, sources: String, text: TextRenderer, scratch: String) throws -> (
    read: Double, evidence: Double, pictures: Double, mapping: Double, history: Double, log: Double
) {
    func best(_ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now()
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        }
        return times.min() ?? 0
    }
    var report = try ReportReader.read(path: reportPath)
    let read = try best { report = try ReportReader.read(path: reportPath) }
    let paths = EvidencePaths(directory: scratch)
    let evidence = try best { _ = try EvidenceExport.write(report, to: scratch) }
    let pictures = try best {
        _ = try IndexSheet(report: report, text: text).write(evidence: paths)
        _ = try Overlay.writeAll(report: report, text: text, evidence: paths)
    }
    var mapping: MappingResult?
    let mappingTime = try best {
        mapping = IssueMatcher(index: try SourceIndex.build(roots: [sources])).map(report)
    }
    let entry = HistoryEntry(report: report, mappings: mapping?.primaries ?? [])
    var round = 0
    let history = try best {
        round += 1
        let file = HistoryFile(path: scratch + "/history-\(round).jsonl")
        let loaded = try file.load()
        _ = HistoryJudgement(history: loaded).judging(entry)
        try file.append(entry)
    }
    let log = try best {
        round += 1
        let facts = SessionFacts(report: report, logPath: scratch + "/audit-\(round).md", mapping: mapping?.primaries)
        _ = try AuditLogWriter().append(facts, to: scratch + "/audit-\(round).md")
    }
    return (read, evidence, pictures, mappingTime, history, log)
}

/// The `auditkit` executable beside this one.
private func toolPath() -> String {
    (benchPath() as NSString).deletingLastPathComponent + "/auditkit"
}

/// Runs `tool` with `arguments` (output discarded) from a small process (see `measureInSmallProcess`)
/// and returns its wall time and peak resident set.
private func runTool(_ tool: String, _ arguments: [String]) throws -> (wall: Double, peak: Double) {
    let figures = try measureInSmallProcess([tool] + arguments, in: FileManager.default.currentDirectoryPath)
    guard figures.status == 0 else {
        throw AuditError(.internalError, "auditkit \(arguments.joined(separator: " ")) failed")
    }
    return (figures.wall, figures.peak)
}
