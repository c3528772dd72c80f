import AuditKit
import Foundation
import Testing

/// Constants followed to their declarations (issue 43): a text sized through a `static let`, a global or
/// a local `let` holding a number is decided from that number, as the same number written in place is;
/// a constant with no number written in place is left with the reason.
@Suite struct FontFixConstantTests {
    static let header = """
        import SwiftUI

        let subtitleSize: CGFloat = 22

        struct Header: View {
            static let titleSize: CGFloat = 28
            static let derivedSize = Metrics.base * 2

            var body: some View {
                VStack {
                    Text("Title").font(.system(size: Self.titleSize, weight: .bold))
                    Text("Subtitle").font(.system(size: subtitleSize))
                    Text("Derived").font(.system(size: Self.derivedSize))
                    caption
                }
            }

            var caption: some View {
                let captionSize: CGFloat = 12
                return Text("Caption").font(.system(size: captionSize))
            }
        }

        """

    @Test func aTextSizedThroughAConstantBecomesTheStyleOfItsNumber() throws {
        let source = Array(Self.header.utf8)
        let fix = FontFixer.plan(source: source, path: "Header.swift")
        let fixed = String(decoding: fix.fixed, as: UTF8.self)
        #expect(fix.changes.map(\.after) == ["`.title.weight(.bold)`", "`.title2`", "`.caption`"])
        #expect(fixed.contains(#"Text("Title").font(.title.weight(.bold))"#), "\(fixed)")
        #expect(fixed.contains(#"Text("Subtitle").font(.title2)"#))
        #expect(fixed.contains(#"return Text("Caption").font(.caption)"#))
        #expect(!fixed.contains("let captionSize"), "the local is dead once its use is a style: deleted")
        #expect(!fixed.contains("@ScaledMetric"), "no property where the style scales the text")
        let left = try #require(fix.skipped.first)
        #expect(fix.skipped.count == 1 && left.line == 13)
        #expect(left.explanation.contains("Metrics.base"), "\(left.explanation)")
        // scan suggests what the fix writes, and the fixed file parses.
        let findings = FontScanner.scan(source: source, path: "Header.swift", configuration: .init()).findings
        #expect(findings.compactMap(\.suggestion).prefix(2) == ["`.title.weight(.bold)`", "`.title2`"])
        try FontFixerTests.parses(fix.fixed, name: "Header.swift")
    }

    /// A tree where the fix turns every use of some constants into text styles.
    static let stats = """
        import SwiftUI

        /// The figure's size.
        private let statValueSize: CGFloat = 28

        struct Stats: View {
            static let titleSize: CGFloat = 22
            static let labelSize: CGFloat = 13
            static let glyph: CGFloat = 17
            static let noteSize: CGFloat = 12
            public static let heroSize: CGFloat = 34

            var body: some View {
                VStack {
                    Text("42").font(.system(size: statValueSize, weight: .bold))
                    Text("Stats").font(.system(size: Self.titleSize))
                    Text("Label").font(.system(size: Stats.labelSize))
                    HStack {
                        Image(systemName: "star").font(.system(size: Self.glyph, weight: .bold))
                        Text("Starred").font(.system(size: Self.glyph))
                    }
                    // Sized by noteSize, as the design says.
                    Text("Note").font(.system(size: Self.noteSize))
                    Text("Hero").font(.system(size: Self.heroSize))
                }
            }
        }

        """

    @Test func aConstantWhoseEveryUseBecameAStyleIsDeletedWhenNothingElseNamesIt() throws {
        // Found on a realistic app tree: `private let statValueSize` was left unused once its one text
        // became `.title.weight(.bold)` (issue 43, "no dead locals left", constants as well).
        let folder = NSTemporaryDirectory() + "auditkit-fix-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.stats.write(toFile: folder + "/Stats.swift", atomically: true, encoding: .utf8)
        let other = "struct Legend { let gap = Stats.labelSize }\n"
        try other.write(toFile: folder + "/Legend.swift", atomically: true, encoding: .utf8)
        let result = try FontFixer.fix(paths: [folder], workingDirectory: folder)
        let fixed = try String(contentsOfFile: folder + "/Stats.swift", encoding: .utf8)
        #expect(result.changedCount == 7, "\(fixed)")
        // Every use became a style, nothing else names it: deleted, with its documentation.
        #expect(!fixed.contains("statValueSize") && !fixed.contains("The figure's size"), "\(fixed)")
        #expect(fixed.hasPrefix("import SwiftUI\n\nstruct Stats: View {\n"), "one blank line left: \(fixed)")
        #expect(!fixed.contains("titleSize"), "\(fixed)")
        // Named by another file, by a new @ScaledMetric's initial value, or by a comment: kept.
        #expect(fixed.contains("static let labelSize: CGFloat = 13"), "\(fixed)")
        #expect(fixed.contains("static let glyph: CGFloat = 17") && fixed.contains("= Stats.glyph"), "\(fixed)")
        #expect(fixed.contains("static let noteSize: CGFloat = 12"), "\(fixed)")
        #expect(fixed.contains("public static let heroSize: CGFloat = 34"), "code outside may name it: \(fixed)")
        #expect(try String(contentsOfFile: folder + "/Legend.swift", encoding: .utf8) == other)
        try FontFixerTests.parses(Array(fixed.utf8), name: "Stats.swift")
        let again = try FontFixer.fix(paths: [folder], workingDirectory: folder)
        #expect(again.changedCount == 0 && again.files.allSatisfy { $0.status == .unchanged })

        // A file the configuration leaves out of the scan still names what it names: kept.
        try FileManager.default.removeItem(atPath: folder + "/Stats.swift")
        try Self.stats.write(toFile: folder + "/Stats.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/Debug", withIntermediateDirectories: true)
        try "let harnessTitle = Stats.titleSize\n".write(
            toFile: folder + "/Debug/Harness.swift", atomically: true, encoding: .utf8)
        _ = try FontFixer.fix(
            paths: [folder], configuration: FontScanConfiguration(exclude: ["Debug/**"]), workingDirectory: folder)
        let withHarness = try String(contentsOfFile: folder + "/Stats.swift", encoding: .utf8)
        #expect(withHarness.contains("static let titleSize: CGFloat = 22"), "\(withHarness)")
        #expect(!withHarness.contains("statValueSize"), "\(withHarness)")

        // One file planned alone cannot tell what other files name: only a `private` constant goes.
        let alone = FontFixer.plan(source: Array(Self.stats.utf8), path: "Stats.swift")
        let text = String(decoding: alone.fixed, as: UTF8.self)
        #expect(!text.contains("statValueSize") && text.contains("static let titleSize: CGFloat = 22"), "\(text)")
    }
}
