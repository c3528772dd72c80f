import AuditKit
import AuditKitTestSupport
import Foundation

/// The history benchmark: a generated history of 1,000 reports with 200 issues each, loaded and
/// turned into a trend (target under 1 s), and a diff of two reports of 2,000 issues each, read from
/// report values (fingerprinting included; target under 1 s). Prints the figures.
func runHistoryBenchmark() throws {
    let directory = try TemporaryDirectory(prefix: "auditkit-bench-history")
    defer { directory.remove() }
    let path = directory.file("history.jsonl")

    // A history where each report keeps most warnings of the one before, fixes a few and gains a few.
    var generator = SplitMix(seed: 42)
    var current = (0..<200).map { _ in BenchIssue.random(&generator) }
    let encoder = HistoryFile.makeEncoder()
    var fileData = Data()
    for index in 0..<1_000 {
        for _ in 0..<5 { current[Int(generator.next() % UInt64(current.count))] = BenchIssue.random(&generator) }
        let report = BenchIssue.report(current, index: index)
        fileData.append(try encoder.encode(HistoryEntry(report: report)))
        fileData.append(UInt8(ascii: "\n"))
    }
    try fileData.write(to: URL(fileURLWithPath: path))
    print(
        "history: \(1_000) reports x 200 issues, \(fileData.count / 1_048_576) MiB (\(fileData.count / 1_000) bytes per report)"
    )

    var best = Double.infinity
    var trend: Trend?
    for _ in 0..<3 {
        let start = DispatchTime.now()
        let cpuStart = cpuSeconds()
        let history = try HistoryFile(path: path).load()
        let loaded = seconds(since: start)
        let cpuLoaded = cpuSeconds() - cpuStart
        trend = Trend(entries: history.entries, by: .view)
        best = min(best, seconds(since: start))
        print(
            String(
                format: "history:   load %.3f s (CPU %.3f s on all cores), trend %.3f s", loaded, cpuLoaded,
                seconds(since: start) - loaded))
    }
    print(
        String(
            format: "history: load + trend of 1,000 reports: %.3f s (target < 1 s)%@", best,
            best < 1 ? "" : "  SLOW"))
    print("history: trend has \(trend?.rows.count ?? 0) rows, \(trend?.residual.count ?? 0) residual warnings")

    // Two 2,000-issue reports that share about 90% of their warnings, in shuffled order.
    let old = (0..<2_000).map { _ in BenchIssue.random(&generator) }
    var new = old.shuffled(using: &generator)
    for _ in 0..<200 { new[Int(generator.next() % UInt64(new.count))] = BenchIssue.random(&generator) }
    let oldReport = BenchIssue.report(old, index: 0)
    let newReport = BenchIssue.report(new, index: 1)
    var bestDiff = Double.infinity
    var diff: ReportDiff?
    for _ in 0..<3 {
        let start = DispatchTime.now()
        diff = ReportDiff(old: oldReport, new: newReport)
        bestDiff = min(bestDiff, seconds(since: start))
    }
    print(
        String(
            format: "history: diff of two 2,000-issue reports: %.3f s (target < 1 s)%@", bestDiff,
            bestDiff < 1 ? "" : "  SLOW"))
    if let diff {
        print(
            "history: diff found \(diff.new.count) new, \(diff.resolved.count) resolved, \(diff.residual.count) residual"
        )
    }
}

/// CPU time used by the process so far (all threads).
private func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
        usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

private func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// A deterministic random source so every run measures the same data.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One generated issue, close to what real reports hold.
struct BenchIssue {
    var type: TestType
    var text: String?
    var group: String
    var rect: Rect

    static let words = [
        "Widgets", "Edit", "Over", "Near", "Max", "Next", "Budget", "Income", "Expenses", "Savings",
        "Category", "Spotlight", "Apply", "Calendar", "Cards", "Settings", "Import", "Planned",
        "Unplanned", "Total", "Remaining", "January", "Groceries", "Rent", "Transport",
    ]
    static let groups = ["Home", "Budgets", "Cards", "Income", "Settings", "Expenses", "Add Expense", "Card Detail"]

    static func random(_ g: inout SplitMix) -> BenchIssue {
        let type = TestType.known[Int(g.next() % 4)]
        let text: String? =
            g.next() % 10 == 0
            ? nil
            : "\(words[Int(g.next() % UInt64(words.count))]) \(words[Int(g.next() % UInt64(words.count))]) \(g.next() % 100)"
        let rect = Rect(
            x: Double(g.next() % 300), y: Double(g.next() % 800), width: 40 + Double(g.next() % 200), height: 22)
        return BenchIssue(type: type, text: text, group: groups[Int(g.next() % UInt64(groups.count))], rect: rect)
    }

    static func report(_ issues: [BenchIssue], index: Int) -> InspectorReport {
        var screens: [Screen] = []
        for (offset, issue) in issues.enumerated() {
            let screenIndex = offset / 25
            if screens.count == screenIndex {
                screens.append(Screen(index: screenIndex, name: "\(screenIndex)", groupName: issue.group))
            }
            screens[screenIndex].issues.append(
                Issue(
                    number: offset + 1, screenIndex: screenIndex, screenName: "\(screenIndex)",
                    screenGroupName: issue.group,
                    errorCode: 14, shortTitle: "\(issue.type.displayName) warning", elementText: issue.text,
                    testType: issue.type, testTypeName: issue.type.displayName, elementRect: issue.rect))
        }
        let date = Date(timeIntervalSince1970: 1_767_268_800 + Double(index) * 3_600)
        return InspectorReport(
            sourcePath: "Reports/AuditReport_\(index).html", format: .html, auditDate: date,
            auditDateSource: .fileName, sha256: SHA256.hexDigest(of: Array("report \(index)".utf8)),
            fileSize: 0, screens: screens)
    }
}
