import AuditKit
import AuditKitTestSupport
import Foundation

/// The fresh clone of `history-scale` (issue 58): the files a team commits (the history, its recorded
/// judgement and a baseline) copied from each size's folder to a new one, as `git clone` makes them (new
/// files: other inodes and times, and no note of this machine's records, `history.judgement.local`),
/// and one command timed there as the first command of that copy, with its peak memory, beside the floor
/// of reading the history once (`cat`). Every command of every run gets a copy of its own, made before
/// it is timed, so each is the first command of a clone. A command that judges the history again and
/// records it is seen by the note it leaves (`history list`, `trend`), and by its time. Prints medians,
/// each size's ratio to the first size's, and at 2,000 reports whether issue 58's targets are met: at
/// most 0.3 s and 100 MB and at most 1.5x its time at 500 reports (the trend: 1.5 s and 100 MB).
func runFreshCloneBenchmark(
    sizes: [Int], folders: [TemporaryDirectory], fingerprints: [String], runs: Int, tool: String
) throws {
    let committed = [
        "Reports/history.jsonl", "Reports/history.judgement.json", "Reports/history.judgement-state.json",
        "Reports/bench-baseline.json", CIHistory.newReport,
    ]
    func commands(accepting fingerprint: String) -> [(String, [String])] {
        [
            ("floor: cat history", ["/bin/cat", "Reports/history.jsonl"]),
            ("check latest", [tool, "check", "latest"]),
            ("history list", [tool, "history", "list"]),
            ("trend", [tool, "trend"]),
            ("diff latest~1 latest", [tool, "diff", "latest~1", "latest"]),
            (
                "diff ... --baseline (20)",
                [tool, "diff", "latest~1", "latest", "--baseline", "Reports/bench-baseline.json"]
            ),
            ("accept one fingerprint", [tool, "accept", fingerprint, "--reason", "bench"]),
            ("check NEW-REPORT-FILE", [tool, "check", CIHistory.newReport]),
            ("history add NEW report", [tool, "history", "add", CIHistory.newReport]),
        ]
    }
    var figures: [Int: [String: [ProcessFigures]]] = [:]
    for _ in 0..<runs {
        for position in commands(accepting: "").indices {
            for (k, size) in sizes.enumerated() {
                let (name, argv) = commands(accepting: fingerprints[k])[position]
                let clone = try TemporaryDirectory(prefix: "auditkit-bench-clone")
                defer { clone.remove() }
                for folder in ["Reports", "New"] {
                    try FileManager.default.createDirectory(
                        atPath: clone.file(folder), withIntermediateDirectories: true)
                }
                for path in committed {
                    try Data(contentsOf: URL(fileURLWithPath: folders[k].file(path))).write(
                        to: URL(fileURLWithPath: clone.file(path)))
                }
                let measured = try measureInSmallProcess(argv, in: clone.path)
                guard measured.status == 0 || (name.hasPrefix("check") && measured.status == 1) else {
                    throw AuditError(.internalError, "fresh clone: \(name) exited \(measured.status)")
                }
                // Adding a report writes the record (extended from the judgement's state).
                guard
                    name.hasPrefix("history add")
                        || !FileManager.default.fileExists(atPath: clone.file("Reports/history.judgement.local"))
                else {
                    throw AuditError(.internalError, "fresh clone: \(name) judged the history again")
                }
                figures[size, default: [:]][name, default: []].append(measured)
            }
        }
    }
    printFreshClone(figures, sizes: sizes, names: commands(accepting: "").map(\.0))
}

/// The fresh clone's medians (wall, CPU, peak memory), ratios and targets (see `runFreshCloneBenchmark`).
private func printFreshClone(_ figures: [Int: [String: [ProcessFigures]]], sizes: [Int], names: [String]) {
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    var first: [String: Double] = [:]
    for size in sizes {
        for name in names {
            let runs = figures[size]?[name] ?? []
            guard !runs.isEmpty else { continue }
            let time = median(runs.map(\.wall))
            let peak = runs.map(\.peak).max() ?? 0
            let padded = name.padding(toLength: 26, withPad: " ", startingAt: 0)
            var line = String(
                format: "history-scale: fresh clone %5d reports  %@ %7.3f s (%.3f s CPU) %6.1f MiB", size, padded,
                time, median(runs.map { $0.user + $0.system }), peak / 1_048_576)
            if let base = first[name] {
                line += String(format: "  %.2fx its time at %d reports", time / base, sizes[0])
            } else {
                first[name] = time
            }
            print(line)
            guard size == 2_000, !name.hasPrefix("floor") else { continue }
            let limit = name == "trend" ? 1.5 : 0.3
            var met = time <= limit && peak <= 100_000_000
            var target = String(format: "at most %.1f s and 100 MB", limit)
            if name != "trend", let base = first[name], sizes[0] == 500 {
                met = met && time <= 1.5 * base
                target += " and 1.5x its time at 500 reports"
            }
            print("history-scale: target for fresh clone \(name): \(target): \(met ? "met" : "NOT MET")")
        }
    }
}
