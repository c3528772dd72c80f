import AuditKit
import Foundation
import Testing

/// A few numbers are still numbers (issue 61): a size computed from number literals (a computed property or a
/// function of the view whose `switch` returns them, an interpolation between two, a ternary in place)
/// becomes one `@ScaledMetric` per number, each on the curve of its own size, the computation kept.
@Suite struct FontFixComputedSizeTests {
    @Test func aSwitchOfTheViewReturningNumbersGetsOnePropertyPerCase() throws {
        let source = """
            import SwiftUI

            struct PriorityFlag: View {
                enum Priority { case low, high, urgent }
                let priority: Priority

                private var flagSize: CGFloat {
                    switch priority {
                    case .low: return 12
                    case .high: return 16
                    case .urgent: return 20
                    }
                }

                var body: some View {
                    Image(systemName: "flag.fill").font(.system(size: flagSize))
                }
            }

            """
        let fix = FontFixer.plan(source: Array(source.utf8), path: "PriorityFlag.swift")
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(fix.changes.count == 1 && fix.skipped.isEmpty, "\(fix.skipped)")
        for declaration in [
            "@ScaledMetric(relativeTo: .caption) private var lowFlagSize: CGFloat = 12",
            "@ScaledMetric(relativeTo: .callout) private var highFlagSize: CGFloat = 16",
            "@ScaledMetric(relativeTo: .title3) private var urgentFlagSize: CGFloat = 20",
        ] {
            #expect(text.contains(declaration), "\(text)")
        }
        #expect(text.contains("case .low: return lowFlagSize"), "\(text)")
        #expect(text.contains("Image(systemName: \"flag.fill\").font(.system(size: flagSize))"), "\(text)")
        #expect(
            fix.changes.first?.after.hasSuffix(
                "the numbers replaced by `lowFlagSize`, `highFlagSize`, `urgentFlagSize`") == true)
        #expect(FontFixer.plan(source: fix.fixed, path: "PriorityFlag.swift").changes.isEmpty)
        #expect(
            FontScanner.scan(source: fix.fixed, path: "PriorityFlag.swift", configuration: .init()).findings.isEmpty)
        try FixTypeCheck.typeChecks([("PriorityFlag.swift", fix.fixed)])
    }

    @Test func anInterpolationBetweenTwoNumbersScalesEachOnItsOwnCurve() throws {
        // The collapsing header of the issue: 32 pt expanded, 18 pt collapsed, `lerp` declared elsewhere.
        let source = """
            import SwiftUI

            func lerp(_ a: CGFloat, _ b: CGFloat, _ t: CGFloat) -> CGFloat { a + (b - a) * t }

            struct CollapsibleHeader: View {
                let title: String
                let collapseProgress: CGFloat

                var body: some View {
                    VStack {
                        Text(title).font(.system(size: lerp(32, 18, collapseProgress), weight: .bold))
                        Image(systemName: "chevron.down").font(.system(size: collapseProgress > 0.5 ? 12 : 16))
                    }
                }
            }

            """
        let fix = FontFixer.plan(source: Array(source.utf8), path: "Header.swift")
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(fix.changes.count == 2 && fix.skipped.isEmpty, "\(fix.skipped)")
        #expect(
            text.contains("@ScaledMetric(relativeTo: .largeTitle) private var largeTitleSize: CGFloat = 32"), "\(text)")
        #expect(text.contains("@ScaledMetric(relativeTo: .headline) private var headlineSize: CGFloat = 18"), "\(text)")
        #expect(text.contains("lerp(largeTitleSize, headlineSize, collapseProgress)"), "\(text)")
        #expect(
            text.contains("@ScaledMetric(relativeTo: .caption) private var captionIconSize: CGFloat = 12"), "\(text)")
        #expect(text.contains("collapseProgress > 0.5 ? captionIconSize : calloutIconSize"), "\(text)")
        #expect(FontFixer.plan(source: fix.fixed, path: "Header.swift").changes.isEmpty)
        try FixTypeCheck.typeChecks([("Header.swift", fix.fixed)])
        // Without the function in the file the call is still sized by the numbers it is given.
        let elsewhere = source.replacingOccurrences(of: "func lerp(", with: "func unused(")
        let other = FontFixer.plan(source: Array(elsewhere.utf8), path: "Header.swift")
        #expect(other.changes.first?.after == fix.changes.first?.after)
    }

    @Test func numbersAPropertyCannotReplaceAreLeftWithTheReason() {
        let source = """
            struct Card: View {
                static var baseSize: CGFloat { 20 }
                private let padding: CGFloat = 4
                let style: Style

                var body: some View {
                    VStack {
                        Text("a").font(.system(size: Self.baseSize + padding))
                        Text("b").font(.system(size: style.compact ? 12 : size(for: style)))
                    }
                }
            }

            """
        let fix = FontFixer.plan(source: Array(source.utf8), path: "Card.swift")
        #expect(fix.changes.isEmpty)
        // A number in a `static` member and one in a stored property's value; a number beside a call the scan
        // cannot follow.
        #expect(fix.skipped.map(\.reason.label) == ["size not written in place", "size not written in place"])
    }
}
