import AuditKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Generates a tree of 2000 SwiftUI files (about 300k lines, composed into a binary tree of views with one
/// navigation destination each) in a temporary folder and times `SourceIndex.build` over it (lexing, lookup
/// tables and the view composition graph), then `IssueMatcher.map` of a 2,000-issue report (40 screens)
/// against that index: each target under 1 s in a release build on 2 cores. The CPU time / wall time ratio
/// shows how many cores were busy.
func runMappingBenchmark(fileCount: Int = 2000, runs: Int = 5) {
    let root = NSTemporaryDirectory() + "/auditkit-bench-mapping-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    var lines = 0
    var bytes = 0
    for n in 0..<fileCount {
        let folder = root + "/Feature\(n / 100)"
        if n % 100 == 0 { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let text = generatedSwiftFile(n, of: fileCount)
        lines += text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        bytes += text.utf8.count
        _ = FileManager.default.createFile(atPath: folder + "/GeneratedView\(n).swift", contents: Data(text.utf8))
    }
    print(
        "mapping: indexing \(fileCount) files, \(lines) lines, \(bytes / 1024) KiB, \(ProcessInfo.processInfo.activeProcessorCount) cores"
    )
    var walls: [Double] = []
    var ratios: [Double] = []
    var literalCount = 0
    var built: SourceIndex?
    for run in 0..<runs {
        let cpuBefore = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        let index: SourceIndex
        do {
            index = try SourceIndex.build(roots: [root])
        } catch {
            print("mapping: error: \(error)")
            return
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = cpuSeconds() - cpuBefore
        literalCount = index.literals.count
        built = index
        walls.append(wall)
        ratios.append(cpu / max(wall, 1e-9))
        let edges = index.graph.children.values.reduce(0) { $0 + $1.count }
        let presented = index.graph.presentations.values.reduce(0) { $0 + $1.count }
        print(
            String(
                format:
                    "mapping: run %d: %.3f s wall, %.3f s CPU (%.2f cores busy), %d literals, %d views, %d child and %d presentation edges",
                run + 1, wall, cpu, cpu / max(wall, 1e-9), index.literals.count, index.viewTypes.count, edges,
                presented))
    }
    // The same work on one thread, to show what the second core buys.
    var serial: [Double] = []
    for _ in 0..<2 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try? SourceIndex.build(roots: [root], parallel: false)
        serial.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let serialBest = serial.min() ?? 0
    let sorted = walls.sorted()
    let median = sorted[sorted.count / 2]
    print(
        String(format: "mapping: one thread: best %.3f s; parallel speed-up %.2fx", serialBest, serialBest / sorted[0]))
    print(
        String(
            format: "mapping: index best %.3f s, median %.3f s, %.0f lines/s, %d literals; target < 1 s: %@",
            sorted[0], median, Double(lines) / median, literalCount, median < 1 ? "met" : "NOT met"))
    guard let index = built else { return }
    let report = generatedReport(fileCount: fileCount)
    var mapWalls: [Double] = []
    var summary = ""
    for run in 0..<runs {
        let cpuBefore = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        let result = IssueMatcher(index: index).map(report)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = cpuSeconds() - cpuBefore
        mapWalls.append(wall)
        let c = result.counts
        summary =
            "\(c.fromSource) from source text, \(c.systemUI) system UI, \(c.ambiguous) ambiguous, \(c.unmapped) not mapped"
        print(String(format: "mapping: map run %d: %.3f s wall, %.3f s CPU; ", run + 1, wall, cpu) + summary)
    }
    let mapSorted = mapWalls.sorted()
    print(
        String(
            format: "mapping: map %d issues on %d screens: best %.3f s, median %.3f s; target < 1 s: %@",
            report.issues.count, report.screens.count, mapSorted[0], mapSorted[mapSorted.count / 2],
            mapSorted[mapSorted.count / 2] < 1 ? "met" : "NOT met"))
}

/// Writes the mapping benchmark's tree into `folder` (when it holds none yet) and returns `auditkit map`'s JSON
/// of the benchmark's report against it, so two builds' decisions on the benchmark can be compared byte for
/// byte (`auditkit-bench map-generated DIR`).
func mappingBenchmarkOutput(folder: String, fileCount: Int = 2000) throws -> Data {
    for n in 0..<fileCount {
        let subfolder = folder + "/Feature\(n / 100)"
        let path = subfolder + "/GeneratedView\(n).swift"
        if FileManager.default.fileExists(atPath: path) { continue }
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: true)
        try Data(generatedSwiftFile(n, of: fileCount).utf8).write(to: URL(fileURLWithPath: path))
    }
    let report = generatedReport(fileCount: fileCount)
    let index = try SourceIndex.build(roots: [folder])
    return IssueMatcher(index: index).map(report).jsonOutput(report: report)
}

/// A 2,000-issue report over 40 screens of the generated tree, each screen showing one generated view and
/// the views it composes: per screen 26 texts found in one place, 10 texts every view shows ("Action 3"),
/// 6 matched as patterns, 4 nowhere in the sources, 3 texts the Inspector joined, and the status bar clock.
private func generatedReport(fileCount: Int) -> InspectorReport {
    var screens: [Screen] = []
    var number = 1
    for s in 0..<40 {
        let n = (s * 37) % (fileCount / 2)
        let child = min(2 * n + 1, fileCount - 1)
        var texts: [String] = []
        for k in 0..<13 { texts.append("Section \(k) of screen \(n)") }
        for k in 0..<13 { texts.append(k % 2 == 0 ? "Section \(k) of screen \(child)" : "Screen \(child)") }
        for k in 0..<10 { texts.append(["Action", "Label", "Enabled"][k % 3] + " \(k)") }
        for k in 0..<3 { texts.append("Row \(k + 2) of Generated screen \(n)") }
        for k in 0..<3 { texts.append("\(k + 5) items on screen \(child)") }
        for k in 0..<4 { texts.append("Nothing like \(k) here") }
        for k in 0..<3 { texts.append("Section \(k) of screen \(n), Action \(k), $\(k),000.00") }
        var issues: [Issue] = []
        for (i, text) in texts.enumerated() {
            issues.append(
                Issue(
                    number: number, screenIndex: s, screenName: "\(s)", screenGroupName: "Generated",
                    shortTitle: "Dynamic Type font sizes are unsupported", elementText: text, testType: .dynamicType,
                    elementRect: Rect(x: 20, y: 100 + Double(i % 24) * 28, width: 200, height: 22)))
            number += 1
        }
        issues.append(
            Issue(
                number: number, screenIndex: s, screenName: "\(s)", screenGroupName: "Generated",
                shortTitle: "Contrast failed", elementText: "9:41", testType: .contrast,
                elementRect: Rect(x: 38, y: 16, width: 44, height: 20)))
        number += 1
        screens.append(
            Screen(
                index: s, name: "\(s)", groupName: "Generated",
                displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622),
                screenshotScale: 3, issues: issues))
    }
    return InspectorReport(
        sourcePath: "generated.json", format: .json, auditDate: Date(timeIntervalSince1970: 0),
        auditDateSource: .caller, sha256: "", fileSize: 0, screens: screens)
}

private func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// About 150 lines of SwiftUI with the constructs the lexer must handle. View `n` composes views `2n+1` and
/// `2n+2` (a binary tree) and links to view `n+7` as a navigation destination (another screen).
func generatedSwiftFile(_ n: Int, of count: Int) -> String {
    var text = """
        import SwiftUI

        /// Screen \(n): generated for the mapping benchmark.
        /// It has "quotes" in a doc comment and a /* marker */ too.
        struct GeneratedView\(n): View {
            @State private var count = 0
            static let title = "Generated screen \(n)"
            private let help = \"\"\"
                Multi-line help for screen \(n),
                with "quotes" and \\(count) interpolation.
                \"\"\"

            var body: some View {
                NavigationStack {
                    List {

        """
    for k in 0..<13 {
        // Lines that compose and present other views replace the block comment in the first three sections,
        // so the tree keeps its size.
        var comment = #"/* block /* nested */ comment "still comment" */"#
        if k < 2, 2 * n + 1 + k < count { comment = "GeneratedView\(2 * n + 1 + k)()" }
        if k == 2 { comment = "NavigationLink(\"Open\", destination: GeneratedView\((n + 7) % count)())" }
        text += """
                        // Section \(k): "not a literal"
                        Section("Section \(k) of screen \(n)") {
                            Text("Row \\(count) of \\(Self.title, format: "%@")")
                            Button("Action \(k)") { count += \(k) }
                            Label("Label \(k)", systemImage: "star.fill")
                            Text(#"Raw "quoted" text \(k)"#)
                            \(comment)
                            Toggle("Enabled \(k)", isOn: .constant(true))
                        }

            """
    }
    text += """
                    }
                    .navigationTitle(String(localized: "screen.\(n).title"))
                    .accessibilityLabel(Text("Screen \(n)"))
                }
            }
        }

        extension GeneratedView\(n) {
            func summary(items: Int) -> String {
                "\\(items) items on screen \(n)"
            }
        }

        """
    return text
}
