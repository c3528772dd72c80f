import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A screen stays known when the app changes: a redesign of one root view, two look-alike screens of
/// different views, and screens the team names. Each test states the exact new, resolved, residual and
/// not re-audited warnings (by element id) and `check`'s verdict, with the views a mapping with sources
/// records and, where the case allows, without them.
@Suite struct ScreenChangeTests {
    typealias Series = ScreenIdentityTests.Series
    static let label = ScreenIdentityTests.label
    static let chevron = ScreenIdentityTests.chevron

    /// Home before its layout refactor: a masonry grid of tiles.
    static func homeBefore() -> AppScreen {
        ScreenIdentityTests.screen(
            "BudgetApp",
            [
                label("home.edit", "Edit", 240, 12), label("home.income", "Income", 300, 30),
                label("home.spending", "Spending", 360, 12), chevron("home.chevron", 420),
                label("home.savings", "Savings goal", 480, 12), label("home.net", "Net worth", 540, 30),
            ], frame: ["Home", "Overview", "This month"])
    }

    /// Home after the refactor: a list of sections, the Edit button and the Income title kept (moved),
    /// the Spending tile and its chevron gone, two new section titles.
    static func homeAfter() -> AppScreen {
        ScreenIdentityTests.screen(
            "BudgetApp",
            [
                label("home.edit", "Edit", 150, 12), label("home.total", "Total balance", 380, 30),
                label("home.income", "Income", 520, 30), label("home.categories", "Category availability", 640, 12),
            ], frame: ["Widgets", "January 2026", "Accounts", "Recent", "Planned", "Categories"])
    }

    /// Each Home element's view (its tiles are composed by HomeView).
    static let homeViews = [
        "home.edit": "HomeView", "home.income": "IncomeTile", "home.spending": "SpendingTile",
        "home.chevron": "HomeView", "home.total": "HomeView", "home.categories": "CategoryAvailability",
        "home.savings": "HomeView", "home.net": "HomeView",
    ]

    @Test func aRedesignOfOneRootViewIsTheSameScreen() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()], views: Self.homeViews, rootViews: ["HomeView"])
        let after = try series.audit(day: 1, [Self.homeAfter()], views: Self.homeViews, rootViews: ["HomeView"])
        #expect(after.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(after.screens.first?.evidence == "same root view HomeView")
        #expect(after.notCovered.isEmpty)
        // The Edit button and Income flagged in both audits are residual; the removed tile is resolved.
        #expect(
            series.changes(after) == [
                ["home.total", "home.categories"], ["home.spending", "home.chevron", "home.savings", "home.net"],
                ["home.edit", "home.income"], [],
            ])
        #expect(!after.verdicts.contains { $0.change == .firstAudited })
    }

    @Test func aRedesignKnownByItsWarningsViewsAloneIsTheSameScreen() throws {
        // No root recorded (an older history): the view most warnings map to stands for it.
        var series = try Series()
        defer { series.remove() }
        let views = Self.homeViews.mapValues { _ in "HomeView" }
        try series.audit(day: 0, [Self.homeBefore()], views: views)
        let after = try series.audit(day: 1, [Self.homeAfter()], views: views)
        #expect(after.screens.first?.evidence == "same root view HomeView")
        #expect(series.changes(after)[2] == ["home.edit", "home.income"])
    }

    @Test func aRedesignWithoutSourcesKeepingTooFewTextsIsANewScreen() throws {
        // Without views, two texts of five kept and a new screenshot are too little to pair.
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()])
        let after = try series.audit(day: 1, [Self.homeAfter()])
        #expect(after.screens.first?.comparedWith == nil)
    }

    /// A screen painted exactly like Home (same chrome, rows at the same places) with other texts.
    static func lookAlike() -> AppScreen {
        ScreenIdentityTests.screen(
            "BudgetApp",
            [
                label("budgets.edit", "Modifier", 240, 12), label("budgets.rent", "Loyer", 300, 30),
                label("budgets.food", "Courses", 360, 12), chevron("budgets.chevron", 420),
            ], frame: ["Home", "Overview", "This month"])
    }

    static let lookAlikeIDs: Set<String> = ["budgets.edit", "budgets.rent", "budgets.food", "budgets.chevron"]
    static let homeIDs: Set<String> = [
        "home.edit", "home.income", "home.spending", "home.chevron", "home.savings", "home.net",
    ]
    static let homeAfterIDs: Set<String> = ["home.edit", "home.total", "home.income", "home.categories"]

    @Test func lookAlikesOfDifferentRootViewsAreDifferentScreens() throws {
        var series = try Series()
        defer { series.remove() }
        var views = Self.homeViews
        for id in Self.lookAlikeIDs { views[id] = "BudgetsView" }
        try series.audit(day: 0, [Self.homeBefore()], views: views, rootViews: ["HomeView"])
        let budgets = try series.audit(day: 1, [Self.lookAlike()], views: views, rootViews: ["BudgetsView"])
        #expect(budgets.screens.first?.comparedWith == nil)
        #expect(budgets.screens.first?.name == "BudgetsView")
        #expect(series.changes(budgets) == [Self.lookAlikeIDs, [], [], Self.homeIDs])
        #expect(budgets.notCovered.map(\.name) == ["HomeView"])
        // Home again: compared with its own audit, nothing resolved by the look-alike.
        let home = try series.audit(day: 2, [Self.homeBefore()], views: views, rootViews: ["HomeView"])
        #expect(home.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(series.changes(home) == [[], [], Self.homeIDs, Self.lookAlikeIDs])
        #expect(!series.checkFails())
    }

    @Test func aRootBelowTheKnownScreensViewsIsNotAnotherScreen() throws {
        // A report without its screenshot flagging two texts of one tile: its root is the tile, which
        // Home composes (Home's warnings mapped into it before), so the screen is still Home's.
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()], views: Self.homeViews, rootViews: ["HomeView"])
        var tile = Self.homeBefore()
        tile.elements.removeAll { !["chrome.0", "chrome.1", "home.income", "home.spending"].contains($0.id) }
        let rest = Self.homeIDs.subtracting(["home.income", "home.spending"])
        var views = Self.homeViews
        views["home.spending"] = "IncomeTile"
        let judged = try series.audit(
            day: 1, [tile], screenshots: false, views: views, rootViews: ["IncomeTile"])
        #expect(judged.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(series.changes(judged) == [[], [], ["home.income", "home.spending"], rest])
    }

    @Test func aNamedScreenIsTheScreenOfThatNameWhateverItShows() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()], named: ["Home"])
        // The redesign without sources: nothing but the name pairs it, and the name decides.
        let after = try series.audit(day: 1, [Self.homeAfter()], named: ["home"])
        #expect(after.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(after.screens.first?.evidence == "named “Home”")
        #expect(after.screens.first?.name == "Home")
        #expect(series.changes(after)[2] == ["home.edit", "home.income"])
        // An audit of Home without a name is known by what it shows, and keeps the team's name.
        let unnamed = try series.audit(day: 2, [Self.homeAfter()])
        #expect(unnamed.screens.first?.comparedWith?.fileName == series.reports[1].report.fileName)
        #expect(unnamed.screens.first?.name == "Home")
        #expect(series.changes(unnamed) == [[], [], Self.homeAfterIDs, []])
        // A screen named otherwise is another screen, though it looks exactly like Home does.
        let other = try series.audit(day: 3, [Self.homeAfter()], named: ["Budgets"])
        #expect(other.screens.first?.comparedWith == nil)
        #expect(other.screens.first?.name == "Budgets")
        #expect(other.notCovered.map(\.name) == ["Home"])
        #expect(series.changes(other) == [Self.homeAfterIDs, [], [], Self.homeAfterIDs])
    }

    @Test func aNameOverridesTheRootView() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()], views: Self.homeViews, rootViews: ["HomeView"], named: ["Home"])
        let other = try series.audit(
            day: 1, [Self.homeBefore()], views: Self.homeViews, rootViews: ["HomeView"], named: ["Home (edit mode)"])
        #expect(other.screens.first?.comparedWith == nil)
        #expect(other.screens.first?.name == "Home (edit mode)")
    }
    /// `screen` laid out on a screen of `width` × `height` points as a wider screen lays it out: the
    /// content in a column right of a sidebar, rows at the same share of the height.
    static func laidOut(_ screen: AppScreen, width: Int, height: Int) -> AppScreen {
        var copy = screen
        copy.size = (width, height)
        let scale = min(1, Double(height) / Double(AuditSeries.screenSize.height))
        copy.elements = screen.elements.map { element in
            var moved = element
            moved.rect.y = (element.rect.y * scale).rounded()
            moved.rect.x = element.rect.x + Double(width) * 0.4
            return moved
        }
        return copy
    }

    @Test(arguments: [(1024, 1366), (874, 402), (1366, 1024)])
    func theSameScreenOnAniPadOrInLandscapeIsTheSameScreen(width: Int, height: Int) throws {
        // Without sources: the texts pair it; a screenshot of another shape is no evidence either way.
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()])
        let other = try series.audit(day: 1, [Self.laidOut(Self.homeBefore(), width: width, height: height)])
        #expect(other.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(other.screens.first?.evidence == "matched by 5 of 5 texts")
        #expect(series.changes(other) == [[], [], Self.homeIDs, []])
        #expect(!series.checkFails())
        // Back on the phone: compared with the other layout's audit, nothing changed.
        let phone = try series.audit(day: 2, [Self.homeBefore()])
        #expect(series.changes(phone) == [[], [], Self.homeIDs, []])
    }
    /// Home at an accessibility text size: every text 1.6 times taller, the rows pushed down unevenly
    /// (the last two off screen, so not flagged), and a caption clipped that the default size never clips.
    static func homeAtLargeText(captionClipped: Bool = true) -> AppScreen {
        var screen = homeBefore()
        screen.elements = screen.elements.compactMap { element in
            var grown = element
            grown.rect.y = (60 + (element.rect.y - 60) * 1.9).rounded()
            if element.look == .label { grown.rect.height = (element.rect.height * 1.6).rounded() }
            return grown.rect.y + grown.rect.height <= Double(AuditSeries.screenSize.height) ? grown : nil
        }
        if captionClipped { screen.elements.append(label("home.caption", "Updated just now", 820, 32)) }
        return screen
    }

    @Test func anAuditAtALargerTextSizeResolvesNothingItCannotShow() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()])
        // The rows pushed off screen are not re-audited (one common shift would have put them on screen).
        let large = try series.audit(day: 1, [Self.homeAtLargeText()])
        #expect(large.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
        #expect(large.screens.first?.sentence.contains("(screen 1; text ×1.6)") == true)
        let shown: Set<String> = ["home.edit", "home.income", "home.spending", "home.chevron"]
        #expect(series.changes(large) == [["home.caption"], [], shown, ["home.savings", "home.net"]])
        // Back at the default size: nothing new, and the caption clipped only at the large size is not
        // re-audited (never resolved by a size where it cannot occur).
        let back = try series.audit(day: 2, [Self.homeBefore()])
        #expect(back.screens.first?.sentence.contains(";") == false)
        #expect(series.changes(back) == [[], [], Self.homeIDs, ["home.caption"]])
        #expect(!series.checkFails())
        // At the large size again with the caption fixed: resolved there.
        let fixed = try series.audit(day: 3, [Self.homeAtLargeText(captionClipped: false)])
        #expect(series.changes(fixed) == [[], ["home.caption"], shown, ["home.savings", "home.net"]])
        #expect(!series.checkFails())
    }

    @Test func aContrastWarningOfOneAppearanceIsNotResolvedByTheOther() throws {
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()])
        // In the dark, Edit's and Spending's contrast passes; Income's size warning is fixed too.
        var dark = Self.homeBefore()
        dark.elements = dark.elements.map {
            ["home.edit", "home.spending", "home.income"].contains($0.id) ? $0.unflagged() : $0
        }
        let judged = try series.audit(day: 1, [dark], dark: true)
        #expect(judged.screens.first?.sentence.contains("(screen 1; dark)") == true)
        // The size warning is resolved in either appearance; the light contrast warnings stand.
        #expect(
            series.changes(judged) == [
                [], ["home.income"], ["home.chevron", "home.savings", "home.net"], ["home.edit", "home.spending"],
            ])
    }
    @Test func aWarningScrolledAwayIsContinuedInAnotherLanguageWhenScrolledBack() throws {
        // Without sources: Income scrolled off the top, then the unscrolled screen in German. Its warning
        // is the element at its place, not a new warning beside a resolved one.
        var series = try Series()
        defer { series.remove() }
        let tall = ScreenIdentityTests.tallHome
        try series.audit(day: 0, [tall])
        try series.audit(day: 1, [ScreenIdentityTests.scrolledHome])
        let back = try series.audit(day: 2, [ScreenIdentityTests.german(tall)], language: 1)
        let all = ScreenIdentityTests.homeIDs.union(["home.footer"])
        #expect(series.changes(back) == [[], [], all, []])
        let income = back.verdicts.first { series.reports[2].id($0.number) == "home.income" }
        #expect(income?.continues?.stage == .geometry)
        #expect(income?.since.fileName == series.reports[0].report.fileName)
        #expect(!series.checkFails())
    }
    @Test func anotherScreenNamedAfterTheSameViewIsNumbered() throws {
        // One warning of each screen maps to HomeView (too few for a root view): two screens, two names,
        // so no output calls one screen both "not audited before" and "not covered".
        var series = try Series()
        defer { series.remove() }
        let views = ["home.edit": "HomeView", "budgets.rent": "HomeView"]
        try series.audit(day: 0, [Self.homeBefore()], views: views)
        let other = try series.audit(day: 1, [ScreenIdentityTests.budgets("BudgetApp")], views: views)
        #expect(other.screens.first?.comparedWith == nil)
        #expect(other.screens.first?.name == "HomeView 2")
        #expect(other.notCovered.map(\.name) == ["HomeView"])
        #expect(
            other.screenLines == [
                "Screen: HomeView 2 (screen 1): a screen not audited before",
                "Not covered: HomeView (last audited 2026-01-01)",
            ])
    }
    @Test func anotherTextAtAScrolledAwayWarningsPlaceInTheSameLanguageIsNew() throws {
        // Income scrolled away, then fixed and replaced by Salary at its place, in the same language.
        var series = try Series()
        defer { series.remove() }
        let tall = ScreenIdentityTests.tallHome
        try series.audit(day: 0, [tall])
        try series.audit(day: 1, [ScreenIdentityTests.scrolledHome])
        var replaced = tall
        replaced.elements = tall.elements.map {
            $0.id == "home.income" ? ScreenIdentityTests.label("home.salary", "Salary", y: $0.rect.y) : $0
        }
        let back = try series.audit(day: 2, [replaced])
        let rest = ScreenIdentityTests.homeIDs.union(["home.footer"]).subtracting(["home.income"])
        #expect(series.changes(back) == [["home.salary"], ["home.income"], rest, []])
    }

    /// `screen` on a phone of another width: what is laid out across the width (leading labels,
    /// trailing chevrons) keeps its share of it; rows keep their height from the top.
    static func onPhone(_ screen: AppScreen, width: Int, height: Int) -> AppScreen {
        var copy = screen
        copy.size = (width, height)
        let scale = Double(width) / Double(AuditSeries.screenSize.width)
        copy.elements = screen.elements.compactMap { element in
            var placed = element
            placed.rect.x = (element.rect.x * scale).rounded()
            placed.rect.width = (element.rect.width * scale).rounded()
            return placed.rect.y + placed.rect.height <= Double(height) ? placed : nil
        }
        return copy
    }

    @Test(arguments: [((440, 956), (375, 667)), ((375, 667), (440, 956))])
    func aFixOnANarrowerOrWiderPhoneIsResolvedWhereItsElementIsShown(first: (Int, Int), then: (Int, Int)) throws {
        // A trailing Add button at 405 pt of a 440 pt phone is at 345 pt of an SE's 375 pt: shown there
        // (its rect taken as it was would be off the SE's screen), its fix resolves it, with and without
        // sources; and the other way round.
        var home = Self.homeBefore()
        home.elements.append(
            AppElement(
                "home.add", code: 17, text: nil, rect: Rect(x: 370, y: 160, width: 24, height: 24), look: .chevron))
        let ids = Self.homeIDs.union(["home.add"])
        for views in [[:], Self.homeViews.merging(["home.add": "HomeView"]) { $1 }] {
            var series = try Series()
            defer { series.remove() }
            try series.audit(day: 0, [Self.onPhone(home, width: first.0, height: first.1)], views: views)
            var other = Self.onPhone(home, width: then.0, height: then.1)
            other.elements = other.elements.map { $0.id == "home.add" ? $0.unflagged() : $0 }
            let judged = try series.audit(day: 1, [other], views: views)
            #expect(judged.screens.first?.comparedWith?.fileName == series.reports[0].report.fileName)
            let rest = ids.subtracting(["home.add"])
            #expect(series.changes(judged) == [[], ["home.add"], rest, []], "\(first) \(views.count)")
            #expect(!series.checkFails())
            // Broken again on the first phone: new there, the rest residual.
            let back = try series.audit(day: 2, [Self.onPhone(home, width: first.0, height: first.1)], views: views)
            #expect(series.changes(back) == [["home.add"], [], rest, []], "\(first) \(views.count)")
        }
    }

    @Test(arguments: [((440, 956), (375, 667)), ((375, 667), (440, 956))])
    func aTabBarOnAShorterOrTallerPhoneKeepsItsPlaceAtTheBottom(first: (Int, Int), then: (Int, Int)) throws {
        // A tab bar's "Settings" sits 75 pt above the bottom of a 956 pt phone (881) and of a 667 pt SE
        // (592), beside its "Budgets" tab, flagged in every audit: flagged on both phones "Settings" is
        // residual; fixed on the other phone it is resolved (its rect taken as it was is off the SE's
        // screen, or mid-screen on the taller one), with and without sources.
        func onPhone(_ size: (Int, Int), flagged: Bool) -> AppScreen {
            var screen = Self.onPhone(Self.homeBefore(), width: size.0, height: size.1)
            let scale = Double(size.0) / Double(AuditSeries.screenSize.width)
            let tab = AppElement(
                "tab.settings", code: 12, text: "Settings",
                rect: Rect(x: (300 * scale).rounded(), y: Double(size.1 - 75), width: 60, height: 24))
            screen.elements.append(flagged ? tab : tab.unflagged())
            screen.elements.append(
                AppElement(
                    "tab.budgets", code: 12, text: "Budgets",
                    rect: Rect(x: (60 * scale).rounded(), y: Double(size.1 - 75), width: 60, height: 24)))
            return screen
        }
        let tabViews = ["tab.settings": "RootTabView", "tab.budgets": "RootTabView"]
        let homeIDs = Self.homeIDs.union(["tab.budgets"])
        for views in [[:], Self.homeViews.merging(tabViews) { $1 }] {
            var series = try Series()
            defer { series.remove() }
            try series.audit(day: 0, [onPhone(first, flagged: true)], views: views)
            let again = try series.audit(day: 1, [onPhone(then, flagged: true)], views: views)
            let ids = homeIDs.union(["tab.settings"])
            #expect(series.changes(again) == [[], [], ids, []], "\(first) \(views.count)")
            #expect(!series.checkFails())
            let fixed = try series.audit(day: 2, [onPhone(first, flagged: false)], views: views)
            #expect(series.changes(fixed) == [[], ["tab.settings"], homeIDs, []], "\(first) \(views.count)")
        }
        for views in [[:], Self.homeViews.merging(tabViews) { $1 }] {
            var series = try Series()
            defer { series.remove() }
            try series.audit(day: 0, [onPhone(first, flagged: true)], views: views)
            let fixed = try series.audit(day: 1, [onPhone(then, flagged: false)], views: views)
            #expect(series.changes(fixed) == [[], ["tab.settings"], homeIDs, []], "\(first) \(views.count)")
            #expect(!series.checkFails())
        }
    }

    @Test func aRowAtTheBottomOfATallPhoneIsNotShownOnAShorterOne() throws {
        // A list row 60 pt above the bottom of a 956 pt phone is below the SE's 667 pt: with no bar element
        // continued at the bottom, it is not taken for a bar, so the SE audit that cannot show it does not
        // resolve it, with and without sources.
        for views in [[:], Self.homeViews.merging(["home.last": "HomeView"]) { $1 }] {
            var series = try Series()
            defer { series.remove() }
            var tall = Self.onPhone(Self.homeBefore(), width: 440, height: 956)
            tall.elements.append(Self.label("home.last", "Archived budgets", 896, 12))
            try series.audit(day: 0, [tall], views: views)
            let short = try series.audit(
                day: 1, [Self.onPhone(Self.homeBefore(), width: 375, height: 667)], views: views)
            #expect(series.changes(short) == [[], [], Self.homeIDs, ["home.last"]], "\(views.count)")
        }
    }

    @Test func aFixAtTheTopOfAniPadScreenIsResolved() throws {
        // The iPad's status bar is 24 pt: a toolbar button at 40 pt is on the screenshot.
        var series = try Series()
        defer { series.remove() }
        var home = Self.laidOut(Self.homeBefore(), width: 1024, height: 1366)
        home.elements.append(Self.label("home.add", "Add", 40, 12))
        try series.audit(day: 0, [home])
        var fixed = home
        fixed.elements = home.elements.map { $0.id == "home.add" ? $0.unflagged() : $0 }
        let judged = try series.audit(day: 1, [fixed])
        #expect(series.changes(judged) == [[], ["home.add"], Self.homeIDs, []])
    }
    @Test func aContainerRootOfOneScreenReportsDoesNotPairScreensAlone() throws {
        // Per-screen reports whose mapping found the tab container as root (a text only it holds): Home and
        // Budgets share no view, no text and no screenshot, so the shared root alone pairs nothing, with
        // screenshots or without.
        for screenshots in [true, false] {
            var series = try Series()
            defer { series.remove() }
            let views = Self.homeViews.merging(
                ["budgets.rent": "BudgetRow", "budgets.food": "BudgetRow", "budgets.fun": "BudgetsView"]
            ) { first, _ in first }
            try series.audit(
                day: 0, [Self.homeBefore()], screenshots: screenshots, views: views, rootViews: ["RootTabView"])
            let budgets = try series.audit(
                day: 1, [ScreenIdentityTests.budgets("BudgetApp")], screenshots: screenshots, views: views,
                rootViews: ["RootTabView"])
            #expect(budgets.screens.first?.comparedWith == nil, "screenshots: \(screenshots)")
        }
    }
    @Test func aDefaultSizeAuditThatFixedMostOfALargeOneIsNotTakenForLargeText() throws {
        // After the large-text audit, a default-size audit where only Edit is still flagged: one text tells
        // nothing of the size, so it is taken for the default size and the large-only caption stands. The
        // warnings flagged at both sizes were flagged at the default size too: this audit resolves them.
        var series = try Series()
        defer { series.remove() }
        try series.audit(day: 0, [Self.homeBefore()])
        try series.audit(day: 1, [Self.homeAtLargeText()])
        var fixed = Self.homeBefore()
        fixed.elements = fixed.elements.map { $0.id == "home.edit" || $0.id.hasPrefix("chrome") ? $0 : $0.unflagged() }
        let judged = try series.audit(day: 2, [fixed])
        #expect(judged.screens.first?.configuration.textScale == 1)
        #expect(
            series.changes(judged) == [
                [], ["home.savings", "home.net", "home.income", "home.spending", "home.chevron"], ["home.edit"],
                ["home.caption"],
            ])
    }
}
