import AuditKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Generates a tree of 2000 SwiftUI files (about 300k lines) in a temporary folder and times
/// `SourceIndex.build` over it: target under 1 s in a release build on 2 cores, using both
/// (the CPU time / wall time ratio shows how many cores were busy).
func runMappingBenchmark(fileCount: Int = 2000, runs: Int = 5) {
    let root = NSTemporaryDirectory() + "/auditkit-bench-mapping-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    var lines = 0
    var bytes = 0
    for n in 0..<fileCount {
        let folder = root + "/Feature\(n / 100)"
        if n % 100 == 0 { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let text = generatedSwiftFile(n)
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
        walls.append(wall)
        ratios.append(cpu / max(wall, 1e-9))
        print(
            String(
                format: "mapping: run %d: %.3f s wall, %.3f s CPU (%.2f cores busy), %d literals, %d views",
                run + 1, wall, cpu, cpu / max(wall, 1e-9), index.literals.count, index.viewTypes.count))
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
            format: "mapping: best %.3f s, median %.3f s, %.0f lines/s, %d literals; target < 1 s: %@",
            sorted[0], median, Double(lines) / median, literalCount, median < 1 ? "met" : "NOT met"))
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

/// About 150 lines of SwiftUI with the constructs the lexer must handle.
private func generatedSwiftFile(_ n: Int) -> String {
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
        text += """
                        // Section \(k): "not a literal"
                        Section("Section \(k) of screen \(n)") {
                            Text("Row \\(count) of \\(Self.title, format: "%@")")
                            Button("Action \(k)") { count += \(k) }
                            Label("Label \(k)", systemImage: "star.fill")
                            Text(#"Raw "quoted" text \(k)"#)
                            /* block /* nested */ comment "still comment" */
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
