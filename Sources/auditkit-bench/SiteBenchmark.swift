import AuditKit
import AuditKitTestSupport
import Dispatch
import Foundation

/// `auditkit-bench site`: what writing the HTML site costs within the ingest of a 2000-issue report.
///
/// In one run, interleaved, best of five: (1) the whole `ingest` of the report into a fresh folder
/// (reading, thumbnails, index sheet, overlays, mapping, history, log, summary, trend and the site);
/// (2) writing the site alone into a fresh folder from the report as the pass prepared it (the
/// report's page, the index, the stylesheet and the script); (3) the same plus reading and mapping
/// the report again, as `auditkit html` does. Target: (2) under 10 % of (1).
func runSiteBenchmark() throws {
    let directory = NSTemporaryDirectory() + "/auditkit-bench-site-\(ProcessInfo.processInfo.processIdentifier)"
    try AtomicFile.makeDirectory(directory)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fixture = ReportFixture.random(seed: 42, screenCount: 40...40, issueRange: 50...50, screenWidth: 402)
    let reportPath = directory + "/AuditReport_2026-01-02_11-02-25.html"
    try fixture.write(to: reportPath, as: .html(.varAssignment))
    // Sources that show the fixture's texts, so most issues map to a file, line and view with candidates.
    let sources = directory + "/source"
    try AtomicFile.makeDirectory(sources)
    for (index, text) in ReportFixture.trickyTexts.enumerated() where !text.isEmpty {
        let literal = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": return "\\\\"
            case "\"": return "\\\""
            default: return scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }.joined()
        let code =
            "import SwiftUI\n\nstruct Screen\(index)View: View {\n    var body: some View {\n"
            + "        Text(\"\(literal)\")\n    }\n}\n"
        try AtomicFile.write(Data(code.utf8), to: sources + "/Screen\(index)View.swift")
    }
    let matcher = IssueMatcher(rules: nil, index: try SourceIndex.build(roots: [sources]))
    let renderer = try TextRenderer(explicitFontPath: nil)
    let size = (try FileManager.default.attributesOfItem(atPath: reportPath)[.size] as? Int) ?? 0
    print("HTML site vs the whole ingest of the same report")
    print(
        "date \(ISO8601DateFormatter().string(from: Date())), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "report \(fixture.issues.count) issues on \(fixture.screens.count) screens, "
            + String(format: "%.2f MB", Double(size) / 1_048_576))

    var run = 0
    func fresh() throws -> String {
        run += 1
        let folder = directory + "/run-\(run)"
        try AtomicFile.makeDirectory(folder)
        return folder
    }
    func pass(_ folder: String, renderer: TextRenderer?) -> AuditPass {
        AuditPass(
            .init(
                mapper: matcher, renderer: renderer, evidenceRoot: folder + "/Reports",
                history: HistoryFile(path: folder + "/Reports/history.jsonl"), logPath: folder + "/audit.md",
                date: .auditDate))
    }
    // The report as the pass prepares it, with its evidence on disk, for the site-only runs.
    let prepared = try {
        let folder = try fresh()
        _ = try AuditIngest(pass: pass(folder, renderer: renderer), jobs: 2, outputDirectory: folder + "/Reports")
            .run(paths: [reportPath]) { _ in }
        return try pass(folder, renderer: nil).prepare(reportAt: reportPath)
    }()
    let history = History(entries: [prepared.historyEntry])

    var best = [Double](repeating: .infinity, count: 3)
    var pageBytes = 0
    for _ in 0..<5 {
        let ingestFolder = try fresh()
        best[0] = min(
            best[0],
            try seconds {
                _ = try AuditIngest(
                    pass: pass(ingestFolder, renderer: renderer), jobs: 2, outputDirectory: ingestFolder + "/Reports"
                ).run(paths: [reportPath]) { _ in }
            })
        let siteFolder = try fresh()
        best[1] = min(
            best[1],
            try seconds {
                let site = ReportSite(root: siteFolder + "/Reports")
                try site.writeAssets()
                let judgement = HistoryJudgement(history: history)
                let page = try site.write(site.page(for: prepared, judgement: judgement))
                _ = try site.writeIndex(judgement: judgement)
                pageBytes = (try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int) ?? 0
            })
        let rereadFolder = try fresh()
        best[2] = min(
            best[2],
            try seconds {
                let again = try pass(rereadFolder, renderer: nil).prepare(reportAt: reportPath)
                let site = ReportSite(root: rereadFolder + "/Reports")
                try site.writeAssets()
                let judgement = HistoryJudgement(history: history)
                _ = try site.write(site.page(for: again, judgement: judgement))
                _ = try site.writeIndex(judgement: judgement)
            })
        try? FileManager.default.removeItem(atPath: ingestFolder)
    }
    print("| what | best of 5 | share of the ingest |")
    print("| --- | ---: | ---: |")
    print(
        String(
            format: "| whole ingest (evidence, mapping, history, log, summary, trend, site) | %.3f s | 100 %% |",
            best[0]))
    print(
        String(
            format: "| the site: report page (%.1f MB) + index + assets | %.3f s | %.1f %% |",
            Double(pageBytes) / 1_048_576,
            best[1], 100 * best[1] / best[0]))
    print(
        String(
            format: "| the site with reading and mapping the report again | %.3f s | %.1f %% |", best[2],
            100 * best[2] / best[0]))
    print("target: the site under 10 % of the ingest: " + (best[1] / best[0] < 0.1 ? "met" : "NOT met"))
}

/// Wall-clock seconds of one run of `body`.
private func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
