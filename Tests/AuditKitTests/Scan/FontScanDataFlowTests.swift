import AuditKit
import Foundation
import Testing

/// Sizes written as names, calls and expressions, followed to their sources within the file.
@Suite struct FontScanDataFlowTests {
    static func findings(_ source: String) -> [FontFinding] {
        FontScanner.scan(source: Array(source.utf8), path: "View.swift", configuration: .init()).findings
    }

    /// The lines of the fixed-size findings, and which of them are unknown.
    static func lines(_ source: String) -> [String] {
        findings(source).filter { $0.rule == .fixedSize }.map { "\($0.line)\($0.isUnknownFlow ? "?" : "")" }
    }

    @Test func computedPropertiesFunctionsAndTernariesOfScaledSizesScale() {
        let source = """
            struct Header: View {
                @ScaledMetric private var scaledSmall: CGFloat = 14
                @ScaledMetric(relativeTo: .title) private var scaledLarge: CGFloat = 28
                var compact = false
                private var headerSize: CGFloat { compact ? scaledSmall : scaledLarge }
                private var getterSize: CGFloat { get { return max(scaledSmall, scaledLarge) } }
                func size(for level: Int) -> CGFloat {
                    if level > 1 { return scaledSmall }
                    return scaledLarge * 1.25
                }
                var switched: CGFloat {
                    switch compact {
                    case true: scaledSmall
                    case false: scaledLarge + 2
                    }
                }
                var body: some View {
                    Text("a").font(.system(size: headerSize))
                    Text("b").font(.system(size: size(for: 2), weight: .bold))
                    Text("c").font(.system(size: compact ? scaledSmall : scaledLarge))
                    Text("d").font(.system(size: getterSize))
                    Text("e").font(.system(size: self.switched))
                    Text("f").font(.system(size: (scaledSmall + scaledLarge) / 2))
                    Text("g").font(.custom("Avenir", fixedSize: headerSize))
                }
            }
            """
        #expect(Self.lines(source) == [])
    }

    @Test func aLiteralOrFixedConstantAmongTheSourcesMakesTheSizeFixed() {
        let source = """
            struct Header: View {
                @ScaledMetric private var scaled: CGFloat = 14
                static let titleSize: CGFloat = 22
                var compact = false
                private var headerSize: CGFloat { compact ? scaled : 18 }
                func size() -> CGFloat { Self.titleSize }
                var body: some View {
                    Text("a").font(.system(size: headerSize))
                    Text("b").font(.system(size: size()))
                    Text("c").font(.system(size: compact ? scaled : Header.titleSize))
                    Text("d").font(.system(size: min(scaled, 40)))
                    Text("e").font(.system(size: scaled + Self.titleSize))
                }
            }
            """
        #expect(Self.lines(source) == ["8", "9", "10", "11", "12"])
        let origins = Self.findings(source).map(\.sizeOrigin)
        #expect(origins[0] == "`headerSize` (line 5)")
        #expect(origins[1] == "`titleSize` (line 3)")
    }

    @Test func namesResolveInTheTypeThatUsesThemNotAnotherTypeOfTheFile() {
        let source = """
            struct Badge: View {
                let iconSize: CGFloat = 12
                var body: some View { Image(systemName: "a").font(.system(size: iconSize)) }
            }
            struct Row: View {
                @ScaledMetric var iconSize: CGFloat = 17
                var body: some View { Image(systemName: "b").font(.system(size: iconSize)) }
            }
            struct Other: View {
                @ScaledMetric var titleSize: CGFloat = 17
                var body: some View { Image(systemName: "c").font(.system(size: titleSize)) }
            }
            struct Reverse: View {
                let titleSize: CGFloat = 20
                var body: some View { Text("d").font(.system(size: titleSize)) }
            }
            """
        #expect(Self.lines(source) == ["3", "15"])
    }

    @Test func aLocalLetHidesTheScaledPropertyOfTheSameName() {
        let source = """
            struct Card: View {
                @ScaledMetric var iconSize: CGFloat = 17
                var body: some View {
                    let iconSize: CGFloat = 20
                    return Image(systemName: "a").font(.system(size: iconSize))
                }
                func row() -> some View {
                    VStack {
                        Image(systemName: "b").font(.system(size: iconSize))
                    }
                }
            }
            """
        #expect(Self.lines(source) == ["5"])
    }

    @Test func theTypesExtensionsInTheFileAreFollowed() {
        let source = """
            struct Card: View {
                @ScaledMetric var base: CGFloat = 17
                var body: some View { Text("a").font(.system(size: headerSize)) }
            }
            extension Card {
                var headerSize: CGFloat { base * 1.5 }
                var footerSize: CGFloat { 11 }
                func footer() -> some View { Text("b").font(.system(size: footerSize)) }
            }
            """
        #expect(Self.lines(source) == ["8"])
    }

    @Test func aSourceOutsideTheFileIsUnknownWithItsReason() {
        let source = """
            struct Card: View {
                let style: CardStyle
                var body: some View {
                    Text("a").font(.system(size: Theme.titleSize))
                    Text("b").font(.system(size: style.size))
                }
                func label(size: CGFloat) -> some View { Text("c").font(.system(size: size)) }
            }
            """
        let found = Self.findings(source)
        #expect(Self.lines(source) == ["4?", "5?", "7?"])
        #expect(found[0].unknownSource == "`Theme.titleSize` is not declared in this file")
        #expect(found[2].unknownSource == "`size` is a parameter; its value comes from the caller")
        #expect(found[0].message.hasPrefix("font size may not scale with Dynamic Type"))
    }

    @Test func uiFontMetricsScaledValuesScaleAndUIKitSizesFollowNames() {
        let source = """
            final class Cell: UITableViewCell {
                private let scaled = UIFontMetrics(forTextStyle: .body).scaledValue(for: 15)
                private let fixed: CGFloat = 15
                func setUp() {
                    titleLabel.font = UIFont.systemFont(ofSize: scaled)
                    detailLabel.font = UIFont.systemFont(ofSize: fixed)
                }
            }
            """
        #expect(Self.lines(source) == ["6"])
    }

    @Test func systemSizeOutsideAFontPositionIsNotReported() {
        let source = """
            enum Metrics { static func system(size: CGFloat) -> CGFloat { size * 2 } }
            struct Card: View {
                var isLarge = false
                var body: some View {
                    Rectangle().frame(width: Metrics.system(size: 4))
                    Rectangle().frame(width: .system(size: 4), height: 2)
                    Text("a").font(isLarge ? .system(size: 20) : .body)
                    Text("b").font(Font.system(size: 13))
                    Text("c").font(SwiftUI.Font.system(size: 13))
                }
            }
            let titleFont: Font = .system(size: 12)
            """
        #expect(Self.lines(source) == ["7", "8", "9", "12"])
    }

    @Test func aSizeThatDependsOnItselfIsUnknownNotAHang() {
        let source = """
            struct Loop: View {
                var a: CGFloat { b }
                var b: CGFloat { a }
                var body: some View { Text("x").font(.system(size: a)) }
            }
            """
        let found = Self.findings(source)
        #expect(found.count == 1)
        #expect(found.first?.unknownSource == "`a` depends on itself")
    }
}
