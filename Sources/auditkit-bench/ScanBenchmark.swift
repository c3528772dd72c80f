import AuditKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time of the whole process (every thread) so far, in seconds.
private func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Writes the mapping benchmark's tree of 2000 generated SwiftUI files (about 288,000 lines) with fixed
/// font sizes added on existing lines (two per section: `.system(size:weight:)` and
/// `.custom(_:fixedSize:)`, and a `@ScaledMetric` size that must not be reported), then times
/// `FontScanner.scan(paths:)` over it against two floors measured in the same run: reading every file,
/// and reading plus the mapping's plain lexer pass (`SwiftLexer.scan`), both on all cores as the scan is.
/// Target: the scan under 1 s in a release build. Then times `FontFixer.fix(paths:dryRun: true)` (plan and
/// diff every file) over the same tree, and one real `--fix` that writes a copy of it, then a second
/// `--fix` of the copy, which must change nothing. Target: the `--fix` dry run under 2 s.
func runScanBenchmark(fileCount: Int = 2000, runs: Int = 5) {
    let root = NSTemporaryDirectory() + "/auditkit-bench-scan-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    var lines = 0
    var bytes = 0
    var paths: [String] = []
    for n in 0..<fileCount {
        let folder = root + "/Feature\(n / 100)"
        if n % 100 == 0 { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let text = generatedSwiftFile(n, of: fileCount)
            .replacingOccurrences(
                of: "systemImage: \"star.fill\")",
                with: "systemImage: \"star.fill\").font(.system(size: 15, weight: .semibold))"
            )
            .replacingOccurrences(
                of: "isOn: .constant(true))", with: "isOn: .constant(true)).font(.custom(\"Avenir\", fixedSize: 13))"
            )
            .replacingOccurrences(
                of: "@State private var count = 0",
                with: "@State private var count = 0; @ScaledMetric var iconSize = 17"
            )
            .replacingOccurrences(
                of: "Button(\"Action", with: "Image(systemName: \"x\").font(.system(size: iconSize)); Button(\"Action")
        lines += text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        bytes += text.utf8.count
        let path = folder + "/GeneratedView\(n).swift"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        paths.append(path)
    }
    print(
        "scan: \(fileCount) files, \(lines) lines, \(bytes / 1024) KiB, \(ProcessInfo.processInfo.activeProcessorCount) cores"
    )
    let files = paths
    func timed(_ work: () -> Void) -> (wall: Double, cpu: Double) {
        let cpuBefore = processCPUTime()
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, processCPUTime() - cpuBefore)
    }
    var readWalls: [Double] = []
    var lexWalls: [Double] = []
    var lexCPU: [Double] = []
    var scanWalls: [Double] = []
    var scanCPU: [Double] = []
    var findingCount = 0
    for run in 0..<runs {
        let read = timed {
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                _ = FileManager.default.contents(atPath: files[i])
            }
        }
        let lex = timed {
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                if let data = FileManager.default.contents(atPath: files[i]) { _ = SwiftLexer.scan(Array(data)) }
            }
        }
        var result: FontScanResult?
        let scan = timed { result = try? FontScanner.scan(paths: [root]) }
        findingCount = result?.findings.count ?? -1
        readWalls.append(read.wall)
        lexWalls.append(lex.wall)
        lexCPU.append(lex.cpu)
        scanWalls.append(scan.wall)
        scanCPU.append(scan.cpu)
        print(
            String(
                format:
                    "scan: run %d: read %.3f s, read + lex %.3f s (%.3f s CPU), scan %.3f s (%.3f s CPU), %d findings",
                run + 1, read.wall, lex.wall, lex.cpu, scan.wall, scan.cpu, findingCount))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    print(
        String(
            format:
                "scan: CPU per pass (both cores): read + lex median %.3f s, scan median %.3f s; scan / (read + lex) %.2fx",
            median(lexCPU), median(scanCPU), median(scanCPU) / max(median(lexCPU), 1e-9)))
    let scanMedian = median(scanWalls)
    let lexMedian = median(lexWalls)
    print(
        String(
            format:
                "scan: median read %.3f s, read + lex %.3f s, scan %.3f s (best %.3f s); scan / (read + lex) %.2fx; "
                + "%.0f lines/s; %d findings; target < 1 s: %@",
            median(readWalls), lexMedian, scanMedian, scanWalls.min() ?? 0, scanMedian / max(lexMedian, 1e-9),
            Double(lines) / scanMedian, findingCount, scanMedian < 1 ? "met" : "NOT met"))
    runFixBenchmark(root: root, lines: lines, runs: runs, timed: timed)
}

/// `scan --fix` over the benchmark tree: dry runs (median of `runs`), then one writing run on a copy.
private func runFixBenchmark(
    root: String, lines: Int, runs: Int, timed: (() -> Void) -> (wall: Double, cpu: Double)
) {
    var walls: [Double] = []
    var changed = 0
    var left = 0
    for run in 0..<runs {
        var result: FontFixResult?
        let fix = timed { result = try? FontFixer.fix(paths: [root], dryRun: true) }
        changed = result?.changedCount ?? -1
        left = result?.skippedCount ?? -1
        walls.append(fix.wall)
        print(
            String(
                format: "scan --fix --dry-run: run %d: %.3f s (%.3f s CPU), %d sites changed, %d left", run + 1,
                fix.wall, fix.cpu, changed, left))
    }
    let copy = root + "-copy"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    try? FileManager.default.copyItem(atPath: root, toPath: copy)
    var written: FontFixResult?
    let write = timed { written = try? FontFixer.fix(paths: [copy]) }
    var again: FontFixResult?
    let second = timed { again = try? FontFixer.fix(paths: [copy]) }
    let median = walls.sorted()[walls.count / 2]
    print(
        String(
            format:
                "scan --fix: median dry run %.3f s (best %.3f s), %.0f lines/s, target < 2 s: %@; writing run on a "
                + "copy %.3f s (%d sites in %d files, each file fsynced); second run %.3f s, %d sites changed",
            median, walls.min() ?? 0, Double(lines) / median, median < 2 ? "met" : "NOT met", write.wall,
            written?.changedCount ?? -1, written?.files.filter { $0.status == .written }.count ?? -1, second.wall,
            again?.changedCount ?? -1))
}
