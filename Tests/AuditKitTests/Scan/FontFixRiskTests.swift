import AuditKit
import Foundation
import Testing

/// Risks said (issue 43): a size that scales inside a fixed frame, under `lineLimit(1)` or
/// `minimumScaleFactor` is listed for review by `scan` and `--fix`, or with `--notes` fixed with a
/// `// auditkit: review:` comment above it, once.
@Suite struct FontFixRiskTests {
    /// A clear-search glyph in a fixed 32×32 frame, a one-line title, a shrinking total, a text in a row
    /// of fixed height, and a plain caption with nothing around it.
    static let row = """
        import SwiftUI

        struct SearchRow: View {
            var body: some View {
                VStack {
                    Image(systemName: "xmark.circle")
                        .font(.system(size: 20))
                        .frame(width: 32, height: 32)
                    Text("Active Budgets").font(.system(size: 15)).lineLimit(1)
                    Text("Total").font(.system(size: 17)).minimumScaleFactor(0.5)
                    HStack {
                        Text("Row").font(.system(size: 16))
                    }
                    .frame(height: 44)
                    Text("Plain").font(.system(size: 13))
                }
            }
        }

        """

    static func plan(notes: Bool, _ source: String = row) -> FontFileFix {
        FontFixer.plan(source: Array(source.utf8), path: "SearchRow.swift", notes: notes)
    }

    @Test func theDecisionCarriesTheRiskAndScanAndTheFixListItForReview() throws {
        let fix = Self.plan(notes: false)
        let reviews = fix.changes.map { "\($0.line) \($0.review ?? "-")" }
        #expect(
            reviews == [
                "7 review: may clip in a fixed 32×32 frame",
                "9 review: may be cut short by lineLimit(1)",
                "10 review: minimumScaleFactor(0.5) may shrink it back",
                "12 review: may clip in a fixed height of 44 pt",
                "15 -",
            ])
        let fixed = String(decoding: fix.fixed, as: UTF8.self)
        #expect(!fixed.contains("auditkit:"), "no note without --notes")
        let findings = FontScanner.scan(source: Array(Self.row.utf8), path: "SearchRow.swift", configuration: .init())
            .findings
        let glyph = try #require(findings.first { $0.line == 7 })
        #expect(glyph.message.hasSuffix("; review: may clip in a fixed 32×32 frame"), "\(glyph.message)")
        let plain = try #require(findings.first { $0.line == 15 })
        #expect(!plain.message.contains("review"), "\(plain.message)")
    }

    @Test func notesAreWrittenAboveTheSiteOnceAndTheFileStillParses() throws {
        let fix = Self.plan(notes: true)
        let fixed = String(decoding: fix.fixed, as: UTF8.self)
        // Above the line the view starts on, not inside its chain of modifiers.
        let glyph = [
            "            // auditkit: review: may clip in a fixed 32×32 frame",
            "            Image(systemName: \"xmark.circle\")",
            "                .font(.system(size: xmarkIconSize))",
        ]
        #expect(fixed.contains(glyph.joined(separator: "\n")), "\(fixed)")
        let title = [
            "            // auditkit: review: may be cut short by lineLimit(1)",
            "            Text(\"Active Budgets\").font(.subheadline).lineLimit(1)",
        ]
        #expect(fixed.contains(title.joined(separator: "\n")), "\(fixed)")
        #expect(fixed.components(separatedBy: "// auditkit: review:").count - 1 == 4)
        try FontFixerTests.parses(fix.fixed, name: "SearchRow.swift")
        let again = FontFixer.plan(source: fix.fixed, path: "SearchRow.swift", notes: true)
        #expect(again.status == .unchanged && again.fixed == fix.fixed, "a second --fix --notes adds nothing")
    }

    /// Multi-line chains, as SwiftUI is written: the note goes above the line the statement starts on
    /// (the view, a `let`, a `return`, a `Button` with its trailing closures, `content` in a modifier),
    /// indented as that line, once, never between two modifiers.
    @Test func inAMultiLineChainTheNoteGoesAboveTheStatementsFirstLine() throws {
        let source = """
            struct Rows: View {
                var body: some View {
                    VStack {
                        Text("x")
                            .font(.system(size: 14))
                            .lineLimit(1)
                        Button {
                            tap()
                        } label: {
                            Text("Edit")
                        }
                        .font(.system(size: 17))
                        .frame(height: 44)
                        HStack {
                            Image(systemName: "star").font(.system(size: 20))
                            Text("Stars")
                                .font(.system(size: 13))
                        }
                        .frame(height: 32)
                    }
                }

                func title() -> some View {
                    let label = Text("Title")
                        .font(.system(size: 22, weight: .bold))
                        .lineLimit(1)
                    return label
                }

                func caption() -> some View {
                    return Text("Caption")
                        .font(.system(size: 12))
                        .minimumScaleFactor(0.5)
                }
            }

            struct Pill: ViewModifier {
                func body(content: Content) -> some View {
                    content
                        .font(.system(size: 12, weight: .semibold))
                        .padding(6)
                        .lineLimit(1)
                }
            }

            """
        let fix = Self.plan(notes: true, source)
        let fixed = String(decoding: fix.fixed, as: UTF8.self)
        let lines = fixed.components(separatedBy: "\n")
        let notes = lines.indices.filter { lines[$0].contains("// auditkit: review:") }
        #expect(notes.count == 7, "\(fixed)")
        for n in notes {
            let next = lines[n + 1]
            let note = lines[n].prefix { $0 == " " }
            #expect(note == next.prefix { $0 == " " }, "indented as the line below: \(lines[n])")
            let first = next.drop { $0 == " " }
            #expect(!first.hasPrefix("."), "a note between modifiers: \(lines[n]) above \(next)")
        }
        let above = notes.map { lines[$0 + 1].trimmingCharacters(in: .whitespaces) }
        #expect(
            above == [
                "Text(\"x\")", "Button {", "Image(systemName: \"star\").font(.system(size: starIconSize))",
                "Text(\"Stars\")",
                "let label = Text(\"Title\")", "return Text(\"Caption\")", "content",
            ], "\(fixed)")
        try FontFixerTests.parses(fix.fixed, name: "Rows.swift")
        let again = FontFixer.plan(source: fix.fixed, path: "Rows.swift", notes: true)
        #expect(again.status == .unchanged && again.fixed == fix.fixed, "a second --fix --notes adds nothing")
    }

    /// A frame sized through names is as fixed as one written in numbers: followed to the number the name
    /// holds, as a font size is (a stored `let`, a `static let`, a global, a local); a `@ScaledMetric`
    /// frame grows with the text, and a name whose value is not a number is not said.
    @Test func aFrameSizedThroughNamesIsAClippingRiskToo() throws {
        let source = """
            enum Metrics {
                static let side: CGFloat = 44
            }

            private let rowHeight: CGFloat = 56

            struct Icons: View {
                let iconSide: CGFloat = 32
                static let badge: CGFloat = 20
                @ScaledMetric private var scaledSide: CGFloat = 40
                let computed: CGFloat

                var body: some View {
                    let local: CGFloat = 28
                    VStack {
                        Image(systemName: "xmark").font(.system(size: 16)).frame(width: iconSide, height: iconSide)
                        Image(systemName: "star").font(.system(size: 13)).frame(width: Self.badge, height: Self.badge)
                        Image(systemName: "bell").font(.system(size: 20)).frame(height: Metrics.side)
                        Text("Row").font(.system(size: 15)).frame(height: rowHeight)
                        Text("Local").font(.system(size: 12)).frame(width: local, height: local)
                        Text("Scaled").font(.system(size: 17)).frame(height: scaledSide)
                        Text("Given").font(.system(size: 11)).frame(height: computed)
                    }
                }
            }

            """
        let fix = Self.plan(notes: false, source)
        let reviews = fix.changes.map { "\($0.line) \($0.review ?? "-")" }
        #expect(
            reviews == [
                "16 review: may clip in a fixed 32×32 frame",
                "17 review: may clip in a fixed 20×20 frame",
                "18 review: may clip in a fixed height of 44 pt",
                "19 review: may clip in a fixed height of 56 pt",
                "20 review: may clip in a fixed 28×28 frame",
                "21 -",
                "22 -",
            ], "\(reviews)")
        let findings = FontScanner.scan(source: Array(source.utf8), path: "Icons.swift", configuration: .init())
            .findings
        let glyph = try #require(findings.first { $0.line == 16 })
        #expect(glyph.message.hasSuffix("; review: may clip in a fixed 32×32 frame"), "\(glyph.message)")
    }

    @Test func aNoteAlreadyAboveASiteIsNotWrittenAgainAndCRLFIsKept() {
        let source = """
            struct A: View {\r
                var body: some View {\r
                    // auditkit: review: may be cut short by lineLimit(1)\r
                    Text("a").font(.system(size: 17)).lineLimit(1)\r
                    Text("b").font(.system(size: 13)).lineLimit(1)\r
                }\r
            }\r

            """
        let fixed = String(decoding: Self.plan(notes: true, source).fixed, as: UTF8.self)
        #expect(fixed.components(separatedBy: "// auditkit: review:").count - 1 == 2, "\(fixed)")
        #expect(
            fixed.contains(
                "        // auditkit: review: may be cut short by lineLimit(1)\r\n        Text(\"b\").font(.footnote)"))
    }
}
