import Foundation
import Testing

@testable import AuditKit

/// The layout model (issue 57): where an earlier audit's elements are in a new audit of the screen, and
/// which kinds of warning a configuration can re-audit.
@Suite struct LayoutTransformTests {
    /// A row of a list at `y` (22 pt tall), at `x`.
    static func row(_ y: Double, x: Double = 24, height: Double = 22) -> Rect {
        Rect(x: x, y: y, width: 170, height: height)
    }

    @Test func aScrollIsAShiftAndPlacesEveryRowExactly() throws {
        let was = [110, 170, 230, 290, 350].map { Self.row($0) }
        let layout = try #require(
            LayoutTransform.fitted(was.map { ($0, Rect(x: $0.x, y: $0.y - 120, width: 170, height: 22)) }))
        #expect(layout.y.scale == 1 && layout.y.offset == -120 && layout.x == .identity)
        #expect(layout.predicted(Self.row(600), was: (402, 874), now: (402, 874)).y == 480)
        #expect(layout.uncertainty(of: Self.row(600)) == (0, 0))
    }

    @Test func aBarsElementKeepsItsDistanceFromTheSafeAreasEdgeOnAnotherPhone() throws {
        // From the SE (status bar 20, no home indicator) to a Pro (status bar 62, home indicator 34): the rows
        // move down with the taller status bar; nothing in the bars was paired.
        let pairs = [120.0, 170, 220].map { (Self.row($0), Self.row($0 + 42)) }
        let layout = try #require(LayoutTransform.fitted(pairs, height: 667, widths: (was: 375, now: 402)))
        // The filter icon in the navigation bar (centred in it, 20 + 10) stays 10 below the status bar.
        let filter = Rect(x: 335, y: 30, width: 24, height: 24)
        #expect(layout.predicted(filter, was: (375, 667), now: (402, 874)).y == 72)
        // The tab bar's icon stays as far above the home indicator as it was above the SE's bottom edge.
        let tab = Rect(x: 174, y: 631, width: 28, height: 28)
        #expect(layout.predicted(tab, was: (375, 667), now: (402, 874), content: false).y == 804)
        #expect(SafeAreaInsets(screenSize: (375, 667)) == SafeAreaInsets(screenSize: (414, 736)))
        #expect(SafeAreaInsets(screenSize: (1180, 820)).top == 24)
    }

    @Test func aLargerTextSizeStretchesTheRowsAndTellsTheTextSizeFromTheLayout() throws {
        // Rows 60 pt apart become 102 pt apart below the navigation bar (top 64); the texts flagged for Dynamic
        // Type keep their 22 pt (fixed sizes do not grow), yet the layout says ×1.7.
        let ys: [Double] = [110, 170, 230, 290]
        let pairs = ys.map { (Self.row($0), Self.row(64 + ($0 - 64) * 1.7)) }
        let layout = try #require(LayoutTransform.fitted(pairs))
        #expect(abs(layout.stretch - 1.7) < 0.01)
        // The fifth row (y 350) lands at 550, the eighth (y 530) at 856: below the screen.
        #expect(abs(layout.predicted(Self.row(350), was: (402, 874), now: (402, 874)).y - 550.2) < 1)
        let moves = pairs.map { ScreenLayouts.Movement(was: $0.0, now: $0.1, texted: true) }
        let ratio = try #require(ScreenLayouts.textRatio(moves, layout: layout))
        #expect(abs(ratio - 1.7) < 0.01)
        // Further from every row both audits show, the place is less sure.
        #expect(layout.uncertainty(of: Self.row(530)).y > layout.uncertainty(of: Self.row(300)).y)
    }

    @Test func theLayoutTellsASmallerTextSizeOnAnotherDeviceWhereFixedSizeTextsDoNot() throws {
        // A transit app's platform badges (fixed-size: 16 pt at any size) in rows 64 pt apart at AX1 on a
        // phone, 50 pt apart at the default size on an iPad whose content starts 32 pt higher: the texts'
        // heights say nothing, the rows say ×0.78.
        let badge = { (y: Double) in Rect(x: 254, y: y, width: 72, height: 16) }
        let was = [351.0, 544, 672].map(badge)
        let now = [261.0, 411, 511].map { Rect(x: 1028, y: $0, width: 72, height: 16) }
        let layout = try #require(LayoutTransform.fitted(Array(zip(was, now)), widthScale: 1180 / 402.0))
        let moves = zip(was, now).map { ScreenLayouts.Movement(was: $0, now: $1, texted: true) }
        let ratio = try #require(ScreenLayouts.textRatio(moves, layout: layout))
        #expect(abs(ratio - 0.78) < 0.01)
    }

    @Test func aRowInsertedAboveOthersIsAShiftNotAStretch() throws {
        // Two rows above the insertion stay, four below move down by one row's pitch (44 pt).
        let was = [110, 154, 198, 242, 286, 330].map { Self.row($0) }
        let now = was.enumerated().map { $0.offset < 2 ? $0.element : Self.row($0.element.y + 44) }
        let layout = try #require(LayoutTransform.fitted(Array(zip(was, now))))
        #expect(layout.y.scale == 1 && layout.y.offset == 44)
    }

    @Test func aBarAnchoredToTheBottomKeepsItsDistanceFromTheEdgeOnATallerPhone() throws {
        // 874 pt → 956 pt: the content stays, the tab bar's items move down by 82 pt.
        var pairs = [110, 170, 230, 290].map { (Self.row($0), Self.row($0)) }
        pairs.append((Self.row(810, x: 40, height: 30), Self.row(892, x: 40, height: 30)))
        let layout = try #require(LayoutTransform.fitted(pairs, height: 874))
        #expect(layout.y == .identity)
        #expect(layout.predicted(Self.row(812, x: 200, height: 30), was: (402, 874), now: (402, 874)).y == 894)
        // Without a bar element both show, a row near the bottom is content: it stays where it was.
        let content = try #require(LayoutTransform.fitted(Array(pairs.prefix(4)), height: 874))
        #expect(content.predicted(Self.row(812), was: (402, 874), now: (402, 874)).y == 812)
    }

    @Test func anotherPhonesWidthScalesThePlacesAcross() throws {
        // 402 pt → 375 pt: a trailing button at 366 pt is at 341 pt, the leading labels stay near 22 pt.
        let scale = 375.0 / 402
        let across = { (y: Double) in Rect(x: 24 * scale, y: y, width: 170 * scale, height: 22) }
        let pairs = [(Self.row(110), across(110)), (Self.row(170), across(170))]
        let layout = try #require(LayoutTransform.fitted(pairs, widthScale: scale))
        #expect(abs(layout.x.scale - scale) < 1e-9)
        let button = Rect(x: 366, y: 62, width: 24, height: 24)
        #expect(abs(layout.predicted(button, was: (402, 874), now: (402, 874)).x - 366 * scale) < 1)
    }

    @Test func onAnIPadPlacesKeepTheirDistanceFromTheEdgeTheyAreAnchoredTo() throws {
        // 440 pt → 1180 pt: leading titles stay at the 20 pt margin, trailing values keep theirs, the centred
        // title stays centred; a share of the width would put the trailing "+" (x 396) past the iPad's edge.
        let (was, now) = (440.0, 1180.0)
        let leading = { (y: Double) in Rect(x: 20, y: y, width: 120, height: 22) }
        let trailing = { (y: Double, width: Double) in Rect(x: width - 20 - 60, y: y, width: 60, height: 22) }
        var pairs = [110.0, 170, 230, 290].map { (leading($0), leading($0)) }
        pairs += [110.0, 170, 230].map { (trailing($0, was), trailing($0, now)) }
        pairs.append((Rect(x: 170, y: 70, width: 100, height: 22), Rect(x: 540, y: 70, width: 100, height: 22)))
        let layout = try #require(
            LayoutTransform.fitted(pairs, widthScale: now / was, widths: (was: was, now: now)))
        let across = try #require(layout.across)
        #expect(across.inliers == pairs.count && across.offset == 0)
        let add = Rect(x: 396, y: 62, width: 24, height: 24)
        #expect(layout.predicted(add, was: (440, 956), now: (1180, 820)).x == 1136)
        #expect(layout.predicted(leading(350), was: (440, 956), now: (1180, 820)).x == 20)
        // No element of the bottom bar was paired: a bar's tab keeps its distance from the safe area's bottom
        // edge (above the phone's home indicator, 34 points; the iPad's, 20); an element not known to be a
        // bar's follows the content.
        let tab = Rect(x: 200, y: 880, width: 28, height: 28)
        #expect(layout.predicted(tab, was: (440, 956), now: (1180, 820), content: false).y == 758)
        #expect(layout.predicted(tab, was: (440, 956), now: (1180, 820)).y == 880)
        #expect(layout.uncertainty(of: add).x == 0)
        // On one width, or where a share of the width places more of them, the places across scale.
        #expect(try #require(LayoutTransform.fitted(pairs, widths: nil)).across == nil)
        let shared = [110.0, 170, 230].map {
            (leading($0), Rect(x: 80 * now / was - 60, y: $0, width: 120, height: 22))
        }
        let scaled = try #require(LayoutTransform.fitted(shared, widthScale: now / was, widths: (was: was, now: now)))
        #expect(scaled.across == nil)
    }

    @Test func eachKindOfWarningIsReauditedWhereItCanBeFlagged() {
        let phone = DeviceLayout(device: .phone, orientation: .portrait)
        let pad = DeviceLayout(device: .pad, orientation: .landscape)
        let light = ScreenConfiguration(layout: phone, dark: false, textScale: 1, width: 402, height: 874)
        var large = light
        large.textScale = 2.3
        var dark = light
        dark.dark = true
        let iPad = ScreenConfiguration(layout: pad, dark: false, textScale: 1, width: 1366, height: 1024)
        var narrow = light
        narrow.width = 375
        // Dynamic Type, descriptions and hit regions depend on none of them.
        for kind in [TestType.dynamicType, .elementDescription, .hitRegion] {
            #expect([large, dark, iPad, narrow].allSatisfy { $0.canReaudit(kind, flaggedIn: light) })
        }
        // Contrast on the appearance alone.
        #expect(iPad.canReaudit(.contrast, flaggedIn: light) && large.canReaudit(.contrast, flaggedIn: light))
        #expect(!dark.canReaudit(.contrast, flaggedIn: light))
        // A clipped text on the size and width, monotonically: a larger size or a narrower screen re-audits one
        // flagged at the default size; the default size or a wider screen says nothing of one flagged larger or
        // narrower.
        #expect(large.canReaudit(.clippedText, flaggedIn: light) && narrow.canReaudit(.clippedText, flaggedIn: light))
        #expect(!light.canReaudit(.clippedText, flaggedIn: large) && !light.canReaudit(.clippedText, flaggedIn: narrow))
        #expect(!iPad.canReaudit(.clippedText, flaggedIn: light))
    }
}
