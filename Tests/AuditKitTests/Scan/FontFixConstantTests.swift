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
}
