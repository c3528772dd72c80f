import AuditKit
import Foundation

/// Hostile and generated shapes of one file, each at 2,000 and 4,000 repetitions: one `Text` with a chain of
/// `.font(.system(size: 12))` links, on separate lines and on one line (issue 62: 2,000 links took 28.6 s,
/// 4,000 minutes); as many symbols beside texts in one `HStack` (each symbol's curve is the text beside it);
/// as many texts sized by one local in one block (each size followed to its declaration). For each it times
/// `FontScanner.scan(source:)`, `FontFixer.plan(source:)` and the source index with the scan in its lexer
/// pass (as `map`, `audit` and `ingest --source` run it) against a floor measured in the same run: the
/// lexer's pass over the same bytes with tokens recorded (`SwiftLexer.scan(_:recordingTokens:)`), the least
/// any of them does. Linear cost shows as a ratio to the floor that stays the same from 2,000 to 4,000.
/// Target: every figure under 1 s at 4,000.
func runScanChainBenchmark(runs: Int = 3) {
    let shapes: [(name: String, source: (Int) -> String)] = [
        ("chain, a link a line", { n in chainFile(n, separator: "\n            ") }),
        ("chain on one line", { n in chainFile(n, separator: "") }),
        ("symbols beside texts in one HStack", symbolsFile),
        ("texts sized by one local", localsFile),
    ]
    let folder = NSTemporaryDirectory() + "/auditkit-bench-chain-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var worst = 0.0
    for shape in shapes {
        for count in [2000, 4000] {
            let bytes = Array(shape.source(count).utf8)
            let file = folder + "/\(count)/Chain.swift"
            try? FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
            func best(_ work: () -> Void) -> Double {
                var times: [Double] = []
                for _ in 0..<runs {
                    let start = DispatchTime.now().uptimeNanoseconds
                    work()
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                }
                return times.min() ?? 0
            }
            var findings = 0
            var changed = 0
            let lex = best { _ = SwiftLexer.scan(bytes, recordingTokens: true) }
            let scan = best {
                findings = FontScanner.scan(source: bytes, path: "Chain.swift", configuration: .init()).findings.count
            }
            let fix = best { changed = FontFixer.plan(source: bytes, path: "Chain.swift").changes.count }
            let index = best {
                _ = try? SourceIndex.build(
                    roots: [(file as NSString).deletingLastPathComponent], parallel: false, fontScan: .init())
            }
            worst = max(worst, scan, fix, index)
            print(
                String(
                    format:
                        "scan chains: %@ × %d (%d KiB): lex floor %.4f s; scan %.4f s (%.1fx), fix plan %.4f s (%.1fx), "
                        + "index with scan %.4f s (%.1fx); %d findings, %d changed",
                    shape.name, count, bytes.count / 1024, lex, scan, scan / max(lex, 1e-9), fix, fix / max(lex, 1e-9),
                    index, index / max(lex, 1e-9), findings, changed))
        }
    }
    print(String(format: "scan chains: slowest %.3f s; target < 1 s: %@", worst, worst < 1 ? "met" : "NOT met"))
}

/// A view whose one `Text` carries `count` `.font(.system(size: 12))` modifiers, `separator` before each.
private func chainFile(_ count: Int, separator: String) -> String {
    let links = String(repeating: separator + ".font(.system(size: 12))", count: count)
    return "import SwiftUI\n\nstruct Chain: View {\n    var body: some View {\n        Text(\"x\")\(links)\n    }\n}\n"
}

/// A view whose one `HStack` holds `count` symbols of 14 pt, each followed by a text of 13 pt.
private func symbolsFile(_ count: Int) -> String {
    let pair =
        "\n            Image(systemName: \"star\").font(.system(size: 14))\n            Text(\"a\").font(.system(size: 13))"
    return "import SwiftUI\n\nstruct Row: View {\n    var body: some View {\n        HStack {"
        + String(repeating: pair, count: count) + "\n        }\n    }\n}\n"
}

/// A view whose body declares one size and sizes `count` texts with it.
private func localsFile(_ count: Int) -> String {
    let text = "\n            Text(\"a\").font(.system(size: size))"
    return "import SwiftUI\n\nstruct List: View {\n    var body: some View {\n        let size: CGFloat = 13\n"
        + "        return VStack {" + String(repeating: text, count: count) + "\n        }\n    }\n}\n"
}
