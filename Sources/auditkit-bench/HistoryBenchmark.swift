import AuditKit
import AuditKitTestSupport
import Foundation

/// The history benchmark: a generated history of 1,000 reports with 200 issues each, loaded and
/// turned into a trend, and the CI check of its latest report against it (targets under 1 s each,
/// matching included); then what each matching stage costs, on the same history rewritten so that a
/// stage has work to do; and a diff of two reports of 2,000 issues each, read from report values
/// (fingerprinting included; target under 1 s). Prints the figures.
func runHistoryBenchmark() throws {
    let directory = try TemporaryDirectory(prefix: "auditkit-bench-history")
    defer { directory.remove() }

    // A history where each report keeps most warnings of the one before, fixes a few and gains a few.
    var generator = SplitMix(seed: 42)
    var current = (0..<200).map { _ in BenchIssue.random(&generator) }
    var reports: [[BenchIssue]] = []
    for _ in 0..<1_000 {
        for _ in 0..<5 { current[Int(generator.next() % UInt64(current.count))] = BenchIssue.random(&generator) }
        reports.append(current)
    }

    /// Writes the history of `reports` (every other one translated when `translate`), then measures
    /// load + trend and load + check three times each; returns the best times.
    func measure(_ name: String, translate: Bool, translations: StringTranslations) throws -> (Double, Double) {
        let path = directory.file("\(name).jsonl")
        var fileData = Data()
        for (index, issues) in reports.enumerated() {
            let shown = translate && index % 2 == 1 ? issues.map(\.translated) : issues
            fileData.append(try HistoryFile.line(of: HistoryEntry(report: BenchIssue.report(shown, index: index))))
            fileData.append(UInt8(ascii: "\n"))
        }
        try fileData.write(to: URL(fileURLWithPath: path))
        var bestTrend = Double.infinity
        var bestCheck = Double.infinity
        var trend: Trend?
        var check: HistoryCheck?
        for _ in 0..<3 {
            var start = DispatchTime.now()
            var history = try HistoryFile(path: path).load()
            let loaded = seconds(since: start)
            trend = Trend(judgement: HistoryJudgement(history: history, translations: translations), by: .view)
            bestTrend = min(bestTrend, seconds(since: start))
            let trendTime = seconds(since: start) - loaded
            start = DispatchTime.now()
            history = try HistoryFile(path: path).load()
            let latest = history.entries.last!
            check = HistoryCheck(
                entry: latest, history: history, translations: translations, baseline: Baseline(), failOn: .new)
            bestCheck = min(bestCheck, seconds(since: start))
            print(
                String(
                    format: "history %@:   load %.3f s, trend %.3f s; load + check %.3f s", name, loaded, trendTime,
                    seconds(since: start)))
        }
        var stages: [MatchStage: Int] = [:]
        for item in check?.comparison?.residual ?? [] { stages[item.matchedBy ?? .fingerprint, default: 0] += 1 }
        let pairs = MatchStage.allCases.map { "\(stages[$0] ?? 0) by \($0.rawValue)" }.joined(separator: ", ")
        print(
            "history \(name): \(fileData.count / 1_048_576) MiB; trend has \(trend?.rows.count ?? 0) rows, "
                + "\(trend?.residual.count ?? 0) residual; check: \(check?.failing.count ?? 0) failing; "
                + "latest pairs \(pairs)")
        return (bestTrend, bestCheck)
    }

    let (trend, check) = try measure("fingerprint", translate: false, translations: .none)
    print(
        String(
            format: "history: load + trend of 1,000 reports x 200 issues: %.3f s (target < 1 s)%@", trend,
            trend < 1 ? "" : "  SLOW"))
    print(
        String(
            format: "history: load + check of the latest report against them: %.3f s (target < 1 s)%@", check,
            check < 1 ? "" : "  SLOW"))

    // Every other report in another language: most texts fall through to the geometry stage; with the
    // catalogs, to the key stage.
    let (geometryTrend, geometryCheck) = try measure("geometry", translate: true, translations: .none)
    let (keyTrend, keyCheck) = try measure("key", translate: true, translations: BenchIssue.catalog)
    print(
        String(
            format: "history: stage cost, trend (check): fingerprint %.3f s (%.3f s), geometry %.3f s (%.3f s), "
                + "key %.3f s (%.3f s); ratio geometry/fingerprint %.2f, key/fingerprint %.2f",
            trend, check, geometryTrend, geometryCheck, keyTrend, keyCheck, geometryTrend / trend, keyTrend / trend))

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

    /// The same warning as the device shows it in "German": every word of the text changed.
    var translated: BenchIssue {
        var copy = self
        copy.text = text.map { BenchIssue.translate($0) }
        return copy
    }

    static func translate(_ text: String) -> String {
        text.split(separator: " ").map { word in word.allSatisfy(\.isNumber) ? String(word) : "Die\(word.lowercased())"
        }
        .joined(separator: " ")
    }

    /// A string catalog with every two-word text in English and "German", `%lld` for the number.
    static let catalog: StringTranslations = {
        var strings: [LocalizedString] = []
        let location = SourceLocation(file: "Localizable.xcstrings")
        for first in words {
            for second in words {
                let key = "\(first) \(second) %lld"
                strings.append(LocalizedString(key: key, value: key, language: "en", location: location))
                strings.append(
                    LocalizedString(
                        key: key, value: translate("\(first) \(second)") + " %lld", language: "de", location: location))
            }
        }
        return StringTranslations(strings)
    }()

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

    /// One screenshot per screen position.
    static let screenshots = (0..<80).map { FixtureCanvas.screenshot(named: "bench screen \($0)") }

    static func report(_ issues: [BenchIssue], index: Int) -> InspectorReport {
        var screens: [Screen] = []
        for (offset, issue) in issues.enumerated() {
            let screenIndex = offset / 25
            if screens.count == screenIndex {
                // A screenshot per screen, the same in every report (as history version 3 records screens).
                screens.append(
                    Screen(
                        index: screenIndex, name: "\(screenIndex)", groupName: issue.group,
                        screenshot: screenshots[screenIndex]))
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
