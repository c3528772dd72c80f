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
            "                .font(.title3)",
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
                "Text(\"x\")", "Button {", "Image(systemName: \"star\").font(.title3)", "Text(\"Stars\")",
                "let label = Text(\"Title\")", "return Text(\"Caption\")", "content",
            ], "\(fixed)")
        try FontFixerTests.parses(fix.fixed, name: "Rows.swift")
        let again = FontFixer.plan(source: fix.fixed, path: "Rows.swift", notes: true)
        #expect(again.status == .unchanged && again.fixed == fix.fixed, "a second --fix --notes adds nothing")
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
