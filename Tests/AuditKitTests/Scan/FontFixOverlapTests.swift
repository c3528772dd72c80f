import Foundation
import Testing

@testable import AuditKit
@testable import AuditKitScan

/// Overlapping rewrites (issue 43): two edits of one file that change the same bytes cannot both be
/// made; the site that would lose one is left whole and says why in `--fix`'s summary, where it used to
/// be counted as changed and silently not written.
@Suite struct FontFixOverlapTests {
    @Test func aSiteWhoseRewriteOverlapsAnotherIsLeftWholeAndSaysWhy() throws {
        let source = """
            struct A: View {
                var body: some View {
                    VStack {
                        Text("a").font(.system(size: 17))
                        Text("b").font(.system(size: 13))
                    }
                }
            }

            """
        let bytes = Array(source.utf8)
        var planner = FontFixer.planner(
            source: bytes, path: "A.swift", configuration: .init(), rules: FontFixer.fixableRules, notes: false)
        planner.plan()
        #expect(planner.changes.count == 2)
        // A second edit of the first site reaching into the second site's code, as a rewrite spanning
        // both would: the second site's edit, first in file order, keeps those bytes.
        let second = try #require(planner.edits.first { $0.decision == 1 })
        planner.edits.append(
            ByteEdit(range: second.range.lowerBound..<(second.range.upperBound + 1), replacement: [], decision: 0))
        let (fixed, kept) = planner.settled()
        let text = String(decoding: fixed, as: UTF8.self)
        #expect(text.contains(#"Text("a").font(.system(size: 17))"#), "the first site is left whole: \(text)")
        #expect(text.contains(#"Text("b").font(.footnote)"#), "\(text)")
        #expect(kept.allSatisfy { $0.decision != 0 })
        #expect(planner.changes.map(\.line) == [5])
        let left = try #require(planner.skipped.first)
        #expect(left.line == 4 && left.reason.label == "overlapping rewrite")
        #expect(
            left.explanation == "overlapping rewrite (the rewrite at line 5 changes the same code); by hand: `.body`")
        let summary = FontFileFix(path: "A.swift", changes: planner.changes, skipped: planner.skipped).summaryLine
        #expect(summary == "A.swift: 1 changed, 1 left (1 overlapping rewrite)")
    }

    @Test func editsThatDoNotOverlapAreAllMade() {
        let fix = FontFixer.plan(
            source: Array(#"struct A: View { var body: some View { Text("a").font(.system(size: 17)) } }"#.utf8),
            path: "A.swift")
        #expect(fix.changes.count == 1 && fix.skipped.isEmpty)
        #expect(String(decoding: fix.fixed, as: UTF8.self).contains(#"Text("a").font(.body)"#))
    }
}
