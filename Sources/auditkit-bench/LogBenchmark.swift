import AuditKit
import AuditKitTestSupport
import Foundation

/// Times the log writer on a large hand-kept log and the summary on many issues.
func runLogBenchmark() {
    func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return times.sorted()[times.count / 2]
    }
    func report(seed: Int, issues: Int) -> InspectorReport {
        let types = TestType.known
        let list = (0..<issues).map { index in
            Issue(
                number: index + 1, screenIndex: index % 4, screenName: "\(index % 4)", screenGroupName: "App",
                shortTitle: "Warning \(index % 37)", elementText: "Label \((index * 7 + seed) % 150) | <b>",
                testType: types[index % types.count])
        }
        let screens = (0..<4).map { screen in
            Screen(index: screen, name: "\(screen)", groupName: "App", issues: list.filter { $0.screenIndex == screen })
        }
        return InspectorReport(
            sourcePath: "Reports/AuditReport_2026-01-0\(seed)_10-00-00.html", format: .html,
            auditDate: Date(), auditDateSource: .caller,
            sha256: String(repeating: String(seed % 10), count: 64), fileSize: 0, screens: screens)
    }

    // A 2,000-session log (about 0.5 MB) with sections after the Audit Log.
    var text = "# Accessibility Audit\n\n## Sources\n- a.html\n\n## Audit Log\n\n"
    for number in 1...2_000 {
        text += "### Session \(number)\n- Date: 2026-01-03\n- Scope: HomeView pass \(number)\n- Notes:\n"
        text +=
            "  - Replaced fixed font sizes with Dynamic Type styles in the widget grid and checked in the simulator.\n"
        text += "  - Contrast on secondary labels left for Increased Contrast mode only.\n\n"
    }
    text += "## Views\n\n### HomeView\n- Issue:\n- Status:\n"
    let bytes = Array(text.utf8)
    let facts = SessionFacts(report: report(seed: 1, issues: 120), logPath: "audit.md", date: "2026-01-04")
    let templates = TemplateSet.builtin()
    let session = templates.render(.session, facts.templateContext(sessionNumber: 2_001))

    let analyse = median(21) {
        let document = AuditLogDocument(bytes: bytes)
        _ = try? document.nextSessionNumber(path: "audit.md")
        _ = document.containsMarker(sha256: facts.reportSHA256)
        _ = document.inserting(session: session)
    }
    let render = median(21) {
        for number in 0..<100 { _ = templates.render(.session, facts.templateContext(sessionNumber: number)) }
    }
    var appendTime = 0.0
    if let folder = try? TemporaryDirectory(prefix: "auditkit-bench-log") {
        let log = folder.file("audit.md")
        try? Data(bytes).write(to: URL(fileURLWithPath: log))
        var seed = 0
        appendTime =
            (try? median(11) {
                seed += 1
                var facts = facts
                facts.reportSHA256 = String(format: "%064d", seed)
                _ = try AuditLogWriter(templates: templates).append(facts, to: log)
            }) ?? -1
        folder.remove()
    }
    let inputs = (1...5).map { SummaryInput(report: report(seed: $0, issues: 600)) }
    let summary = median(5) { _ = AuditSummary(inputs: inputs, grouping: .type).markdown(templates: templates) }

    print("log: 2,000-session log (\(bytes.count / 1024) KiB)")
    print(String(format: "  analyse + insert in memory      %8.2f ms (median of 21)", analyse))
    print(String(format: "  append to file (lock, fsync)    %8.2f ms (median of 11)", appendTime))
    print(String(format: "  render 100 sessions (120 issues)%8.2f ms (median of 21)", render))
    print(String(format: "  summary, 5 reports x 600 issues %8.2f ms (median of 5)", summary))
}
