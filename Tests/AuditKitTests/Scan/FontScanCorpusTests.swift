import AuditKit
import Foundation
import Testing

/// The scanner on the corpus in Fixtures/Corpus: Swift files written for the purpose, each with the
/// findings expected of it in `<name>.expected` beside it (one line per finding, suppressed ones
/// included). `AUDITKIT_RECORD_CORPUS=1` rewrites the expected files; review their diff before committing.
@Suite struct FontScanCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Corpus").path

    static func scanCorpus() throws -> FontScanResult {
        let configuration = try FontScanConfiguration.load(path: corpus + "/corpus.scan.json")
        return try FontScanner.scan(paths: [corpus], configuration: configuration, workingDirectory: corpus)
    }

    /// One finding as the expected files write it.
    static func line(_ finding: FontFinding) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        var text = "\(finding.line):\(finding.column)"
        if finding.utf16Column != finding.column { text += "/u\(finding.utf16Column)" }
        text += " \(finding.rule.rawValue) `\(finding.excerpt)`"
        if let size = finding.size { text += " size=\(number(size))" }
        if let weight = finding.weight { text += " weight=\(weight.rawValue)" }
        if let design = finding.design { text += " design=\(design)" }
        if !finding.isTextContext { text += " image" }
        if let ax5 = finding.ax5Size { text += " ax5=\(number(ax5))" }
        if let origin = finding.sizeOrigin { text += " via \(origin)" }
        if let reason = finding.unknownSource { text += " unknown: \(reason)" }
        if let suggestion = finding.suggestion { text += " -> \(suggestion)" }
        if let reason = finding.suppression { text += " [ignored: \(reason)]" }
        return text
    }

    @Test func everyCorpusFileHasExactlyItsExpectedFindings() throws {
        let result = try Self.scanCorpus()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(names.count >= 11)
        #expect(result.files == names)
        let record = ProcessInfo.processInfo.environment["AUDITKIT_RECORD_CORPUS"] == "1"
        for name in names {
            let actual = result.findings.filter { $0.file == name }.map(Self.line)
            let expectedPath = Self.corpus + "/" + (name as NSString).deletingPathExtension + ".expected"
            if record {
                let header =
                    "# \(name): findings with corpus.scan.json (line:column[/u<UTF-16 column>] rule `excerpt` …)\n"
                try (header + actual.map { $0 + "\n" }.joined()).write(
                    toFile: expectedPath, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOfFile: expectedPath, encoding: .utf8).split(separator: "\n")
                .map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
            #expect(actual == expected, "\(name)")
        }
    }

    @Test func theHarnessIsExcludedAndAnIgnoreWithoutReasonIsReported() throws {
        let result = try Self.scanCorpus()
        #expect(result.excludedFiles == ["Debug/SyncTestHarness.swift"])
        #expect(
            result.problems.map { $0.line(severity: "warning") } == [
                "Suppressed.swift:9:13: warning: auditkit:ignore needs a reason after it; the line is not ignored"
            ])
        // Without the configuration the harness is scanned and the optional rules stay silent (the two that
        // are always on report).
        let plain = try FontScanner.scan(paths: [Self.corpus], workingDirectory: Self.corpus)
        #expect(plain.files.contains("Debug/SyncTestHarness.swift"))
        #expect(plain.findings.allSatisfy { $0.rule == .fixedSize || $0.rule == .textStyleNotAdjusting })
        #expect(plain.findings.filter { $0.file == "SwiftUINegatives.swift" }.isEmpty)
        #expect(plain.findings.filter { $0.file == "Debug/SyncTestHarness.swift" }.count == 1)
    }

    @Test func fingerprintsAreUniqueAndSurviveLinesMovingAbove() throws {
        let result = try Self.scanCorpus()
        let prints = result.findings.map(\.fingerprint)
        #expect(Set(prints).count == prints.count)
        #expect(prints.allSatisfy { $0.count == 16 })
        let source = """
            struct A: View {
                var body: some View { Text("a").font(.system(size: 12)); Text("b").font(.system(size: 12)) }
            }
            """
        let moved = "import SwiftUI\n\n// a comment\n" + source
        let before = FontScanner.scan(source: Array(source.utf8), path: "A.swift", configuration: .init()).findings
        let after = FontScanner.scan(source: Array(moved.utf8), path: "A.swift", configuration: .init()).findings
        #expect(before.count == 2)
        #expect(before.map(\.fingerprint) == after.map(\.fingerprint))
        #expect(before.map(\.line) != after.map(\.line))
        #expect(before[0].fingerprint != before[1].fingerprint)
        let renamed = FontScanner.scan(source: Array(source.utf8), path: "B.swift", configuration: .init()).findings
        #expect(renamed[0].fingerprint != before[0].fingerprint)
    }
}
