import AuditKit
import Foundation
import Testing

/// `--fix` only where a property may live (issue 62): a `@ScaledMetric` goes only in a `struct` or `class`
/// View; in an `enum` View, a protocol's extension, a `static` builder or an initialiser a text still becomes
/// its style (it needs no property), a symbol's size is scaled in place with `UIFontMetrics` where the file
/// imports UIKit, else it is left with that advice; and every fixed file type-checks against the stand-ins of
/// SwiftUI and UIKit.
@Suite struct FontFixPlacementTests {
    /// The issue's two cases that broke the build while the summary said "left 0", and a builder enum.
    static let builders = """
        import SwiftUI

        enum Badge: View {
            case new, sale

            var body: some View {
                HStack {
                    Image(systemName: "seal").font(.system(size: 24))
                    Text("New").font(.system(size: 13, weight: .semibold))
                }
            }
        }

        protocol Card {}

        extension Card where Self: View {
            func header() -> some View {
                Image(systemName: "xmark").font(.system(size: 30))
            }
        }

        enum Buttons {
            static func primary(_ title: String) -> some View {
                HStack {
                    Text(title).font(.system(size: 17, weight: .semibold))
                    Image(systemName: "arrow.right").font(.system(size: 14))
                }
            }
        }

        struct Panel: View {
            let title: String

            init(title: String) {
                self.title = title
                _ = Text(title).font(.system(size: 40))
            }

            var body: some View { Text(title) }
        }

        """

    @Test func noPropertyGoesWhereNoneMayLiveAndTheSummaryCountsWhatIsLeft() throws {
        let fix = FontFixer.plan(source: Array(Self.builders.utf8), path: "Builders.swift")
        let text = String(decoding: fix.fixed, as: UTF8.self)
        // Texts become their styles wherever they are; no @ScaledMetric is written anywhere.
        #expect(text.contains("Text(\"New\").font(.footnote.weight(.semibold))"), "\(text)")
        #expect(text.contains("Text(title).font(.headline)"), "\(text)")
        #expect(!text.contains("@ScaledMetric"), "\(text)")
        // Each symbol (and the far text in the initialiser) is left, saying why and what to write.
        let left = fix.skipped.map { "\($0.line) \($0.reason.label): \($0.reason.detail)" }
        #expect(
            left == [
                "8 outside a View: `Badge` is an enum, which cannot hold a stored @ScaledMetric property",
                "18 outside a View: `Card` is a protocol, which cannot hold a stored @ScaledMetric property",
                "26 outside a View: `Buttons` is not a View",
                "36 outside a View: in an initialiser, which runs before a @ScaledMetric property can be read",
            ], "\(left)")
        for skip in fix.skipped.prefix(3) {
            #expect(skip.byHand?.contains("passed in as a parameter") == true, "\(skip.byHand ?? "")")
            #expect(skip.byHand?.contains("scaledValue(for:") == true, "\(skip.byHand ?? "")")
        }
        #expect(FontFileFix(path: "x", skipped: fix.skipped).summaryLine.hasSuffix("4 left (4 outside a View)"))
        try FixTypeCheck.typeChecks([("Builders.swift", fix.fixed)])
    }

    @Test func aFileThatImportsUIKitScalesTheSymbolInPlace() throws {
        // A stored constant's value is worked out once: scaled in place it would not follow later changes.
        let hero = "extension Font {\n    static let hero = Font.system(size: 48)\n}\n"
        let source = "import UIKit\n" + Self.builders + hero
        let fix = FontFixer.plan(source: Array(source.utf8), path: "Builders.swift")
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(
            text.contains(
                "Image(systemName: \"seal\").font(.system(size: UIFontMetrics(forTextStyle: .footnote).scaledValue(for: 24)))"
            ), "\(text)")
        #expect(
            text.contains(
                "Image(systemName: \"arrow.right\").font(.system(size: UIFontMetrics(forTextStyle: .headline).scaledValue(for: 14)))"
            ), "\(text)")
        #expect(fix.changes.filter { $0.kind == .scaledValue }.count == 4, "\(fix.changes)")
        #expect(fix.skipped.map(\.excerpt) == ["Font.system(size: 48)"], "\(fix.skipped)")
        // What scan suggests is what the fix writes, and a second fix changes nothing.
        let findings = FontScanner.scan(source: Array(source.utf8), path: "Builders.swift", configuration: .init())
        #expect(findings.findings.compactMap(\.suggestion).dropLast() == fix.changes.map(\.after)[...])
        #expect(FontFixer.plan(source: fix.fixed, path: "Builders.swift").changes.isEmpty)
        try FixTypeCheck.typeChecks([("Builders.swift", fix.fixed)])
    }

    @Test func aStructOrClassViewStillGetsItsPropertyAndTypeChecks() throws {
        let source = """
            import SwiftUI

            struct Row: View {
                var body: some View {
                    HStack {
                        Image(systemName: "star").font(.system(size: 24))
                        Text("Stars")
                    }
                }
            }

            final class Host: View {
                var body: some View { Image(systemName: "bell").font(.system(size: 40)) }
            }

            """
        let fix = FontFixer.plan(source: Array(source.utf8), path: "Row.swift")
        #expect(fix.changes.map(\.kind) == [.scaledMetric, .scaledMetric])
        #expect(fix.skipped.isEmpty)
        try FixTypeCheck.typeChecks([("Row.swift", fix.fixed)])
    }
}
