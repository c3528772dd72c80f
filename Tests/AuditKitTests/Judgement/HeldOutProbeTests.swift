import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Held-out style series (issue 38): configurations (dark, text sizes, phones, iPad, landscape),
/// scrolling with a language change, look-alikes, an app growing and per-screen reports in rotation,
/// each with sources (each warning's view and localization key, each screen's root view recorded) and
/// without. Every audit states the exact new, resolved, residual and not re-audited element ids; every
/// series checks that each element keeps one warning identity (no element is paired with another).
@Suite struct HeldOutProbeTests {
    static func label(_ id: String, _ text: String, _ y: Double, _ code: Int = 12) -> AppElement {
        AppElement(id, code: code, text: text, rect: Rect(x: 24, y: y, width: 170, height: 22))
    }

    static func chevron(_ id: String, _ y: Double) -> AppElement {
        AppElement(id, code: 17, text: nil, rect: Rect(x: 366, y: y, width: 12, height: 20), look: .chevron)
    }

    // MARK: Accounts: the screen of the configuration series

    /// Accounts on an iPhone 17 Pro: a toolbar "+" (no label), account rows, a footer.
    static func accounts(fixed: Set<String> = []) -> AppScreen {
        let chrome = [
            label("c.title", "Accounts", 64), label("c.sub", "Net worth 12,400", 110), label("c.sec", "Banking", 140),
            label("c.sec2", "Investments", 530), label("c.sec3", "Loans", 420),
        ].map { $0.unflagged() }
        let add = AppElement(
            "acc.add", code: 19, text: nil, rect: Rect(x: 356, y: 62, width: 28, height: 28), look: .icon(2))
        let flagged = [
            add, label("acc.checking", "Checking", 170), label("acc.savings", "Savings", 230, 30),
            chevron("acc.chev", 290), label("acc.credit", "Credit card", 350, 26), label("acc.loan", "Car loan", 470),
            label("acc.broker", "Brokerage", 590, 30), label("acc.footer", "Last synced 5 min ago", 760, 31),
        ]
        return AppScreen("Wallet", chrome + flagged.map { fixed.contains($0.id) ? $0.unflagged() : $0 })
    }

    static let all: Set<String> = [
        "acc.add", "acc.checking", "acc.savings", "acc.chev", "acc.credit", "acc.loan", "acc.broker", "acc.footer",
    ]
    static let accountViews: [String: String] = [
        "acc.add": "AccountsView", "acc.footer": "AccountsView", "acc.checking": "AccountRow",
        "acc.savings": "AccountRow", "acc.chev": "AccountRow", "acc.credit": "AccountRow", "acc.loan": "AccountRow",
        "acc.broker": "AccountRow", "acc.caption": "TransferBanner",
    ]

    /// `screen` at an accessibility text size: texts 1.5 times taller and 1.3 times wider, rows pushed
    /// down more the lower they are (the toolbar stays); what ends below the screen is not shown. With
    /// `caption`, a clipped caption only this size clips.
    static func large(_ screen: AppScreen, caption: Bool = true) -> AppScreen {
        var copy = screen
        copy.elements = screen.elements.compactMap { element in
            var grown = element
            if element.rect.y >= 100 {
                let d = element.rect.y - 64
                grown.rect.y = (64 + d * 1.45 + d * d / 800).rounded()
            }
            if element.look == .label {
                grown.rect.height = (element.rect.height * 1.5).rounded()
                grown.rect.width = (element.rect.width * 1.3).rounded()
            }
            return grown.rect.y + grown.rect.height <= Double(screen.size.height) ? grown : nil
        }
        if caption {
            copy.elements.append(
                AppElement(
                    "acc.caption", code: 32, text: "Pending transfers",
                    rect: Rect(x: 24, y: 640, width: 220, height: 33)))
        }
        return copy
    }

    static let shownLarge: Set<String> = ["acc.add", "acc.checking", "acc.savings", "acc.chev", "acc.credit"]

    @Test(arguments: [false, true])
    func lightDarkLargeAndBackToDefault(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews, r = ["AccountsView"]
        try p.audit([Self.accounts()], roots: r, views: v)
        // Dark: Checking's contrast passes there; a light-only contrast warning is not re-audited.
        let dark = try p.audit([Self.accounts(fixed: ["acc.checking"])], dark: true, roots: r, views: v)
        #expect(p.changes(dark) == [[], [], Self.all.subtracting(["acc.checking"]), ["acc.checking"]])
        #expect(!p.checkFails())
        // Large text: the caption is new, the rows pushed off screen are not re-audited.
        let large = try p.audit([Self.large(Self.accounts())], roots: r, views: v)
        #expect(large.screens.first?.comparedWith?.fileName == p.reports[1].report.fileName)
        #expect(p.changes(large) == [["acc.caption"], [], Self.shownLarge, Self.all.subtracting(Self.shownLarge)])
        // Back to the default size: nothing new, the large-only caption not re-audited.
        let back = try p.audit([Self.accounts()], roots: r, views: v)
        #expect(p.changes(back) == [[], [], Self.all, ["acc.caption"]])
        #expect(!p.checkFails())
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    @Test(arguments: [false, true])
    func aFixAtTheDefaultSizeRightAfterALargeAuditResolvesAWarningAlsoFlaggedAtTheDefaultSize(sourced: Bool) throws {
        // Savings (flagged at both sizes) fixed at the default size: it can occur there, so it is resolved.
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews, r = ["AccountsView"]
        try p.audit([Self.accounts()], roots: r, views: v)
        try p.audit([Self.large(Self.accounts())], roots: r, views: v)
        let fixed = try p.audit([Self.accounts(fixed: ["acc.savings"])], roots: r, views: v)
        #expect(
            p.changes(fixed) == [[], ["acc.savings"], Self.all.subtracting(["acc.savings"]), ["acc.caption"]])
        #expect(!p.checkFails())
    }

    @Test(arguments: [false, true])
    func aContrastFixInTheLightRightAfterADarkAuditThatFlaggedItToo(sourced: Bool) throws {
        // Car loan's contrast fails light and dark; fixed, the next light audit resolves it.
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews, r = ["AccountsView"]
        try p.audit([Self.accounts()], roots: r, views: v)
        try p.audit([Self.accounts()], dark: true, roots: r, views: v)
        let fixed = try p.audit([Self.accounts(fixed: ["acc.loan"])], roots: r, views: v)
        #expect(p.changes(fixed) == [[], ["acc.loan"], Self.all.subtracting(["acc.loan"]), []])
    }

    @Test(arguments: [false, true])
    func darkAndLargeTextAtOnceThenLightDefault(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews, r = ["AccountsView"]
        try p.audit([Self.accounts()], roots: r, views: v)
        let both = try p.audit([Self.large(Self.accounts(fixed: ["acc.checking"]))], dark: true, roots: r, views: v)
        #expect(both.screens.first?.comparedWith?.fileName == p.reports[0].report.fileName)
        let shown = Self.shownLarge.subtracting(["acc.checking"])
        #expect(p.changes(both) == [["acc.caption"], [], shown, Self.all.subtracting(shown)])
        let back = try p.audit([Self.accounts()], roots: r, views: v)
        #expect(p.changes(back) == [[], [], Self.all, ["acc.caption"]])
        #expect(!p.checkFails())
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    // MARK: Devices

    /// `screen` on a wide screen (iPad, landscape): the list in a column right of a sidebar, rows at the
    /// same share of the height, the toolbar "+" at `addY` at the trailing edge.
    static func wide(_ screen: AppScreen, _ width: Int, _ height: Int, addY: Double) -> AppScreen {
        var copy = screen
        copy.size = (width, height)
        let scale = min(1, Double(height) / 874)
        copy.elements = screen.elements.map { element in
            var moved = element
            if element.id == "acc.add" {
                moved.rect.x = Double(width) - 48
                moved.rect.y = addY
            } else {
                moved.rect.y = (element.rect.y * scale).rounded()
                moved.rect.x = element.rect.x + Double(width) * 0.35
            }
            return moved
        }
        return copy
    }

    @Test(arguments: [false, true])
    func phonesOfOtherSizes(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews, r = ["AccountsView"]
        try p.audit([ScreenChangeTests.onPhone(Self.accounts(), width: 440, height: 956)], roots: r, views: v)
        // An SE: the footer is below its 667 pt; Checking fixed.
        let se = try p.audit(
            [ScreenChangeTests.onPhone(Self.accounts(fixed: ["acc.checking"]), width: 375, height: 667)], roots: r,
            views: v)
        #expect(se.screens.first?.comparedWith?.fileName == p.reports[0].report.fileName)
        #expect(
            p.changes(se) == [
                [], ["acc.checking"], Self.all.subtracting(["acc.checking", "acc.footer"]), ["acc.footer"],
            ])
        #expect(!p.checkFails())
        // The 402 pt phone: the "+" (trailing) fixed; the footer back, unchanged.
        let pro = try p.audit([Self.accounts(fixed: ["acc.checking", "acc.add"])], roots: r, views: v)
        #expect(p.changes(pro) == [[], ["acc.add"], Self.all.subtracting(["acc.checking", "acc.add"]), []])
        #expect(!p.checkFails())
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    @Test(arguments: [(1024, 1366, 30.0), (956, 440, 6.0), (1366, 1024, 30.0)])
    func aniPadOrLandscapeAuditKeepsItsToolbarButtonAndResolvesItsOwnFixes(width: Int, height: Int, addY: Double)
        throws
    {
        for sourced in [false, true] {
            var p = try Probe(sourced: sourced)
            defer { p.remove() }
            let v = Self.accountViews, r = ["AccountsView"]
            try p.audit([Self.accounts()], roots: r, views: v)
            // The "+" sits in the top 54 pt: not system UI there.
            let wide = try p.audit([Self.wide(Self.accounts(), width, height, addY: addY)], roots: r, views: v)
            let mapped = IssueMatcher().map(p.reports[1].report)
            let add = mapped.issues.first { p.reports[1].id($0.issueNumber) == "acc.add" }
            #expect(add != nil && add?.primary?.note != "status bar", "\(width)×\(height)")
            #expect(wide.screens.first?.comparedWith?.fileName == p.reports[0].report.fileName, "\(width) \(sourced)")
            #expect(p.changes(wide) == [[], [], Self.all, []], "\(width) \(sourced)")
            // Fixed there (Checking and the "+"), in the same layout: resolved.
            let fixed = try p.audit(
                [Self.wide(Self.accounts(fixed: ["acc.checking", "acc.add"]), width, height, addY: addY)], roots: r,
                views: v)
            #expect(
                p.changes(fixed) == [
                    [], ["acc.checking", "acc.add"], Self.all.subtracting(["acc.checking", "acc.add"]), [],
                ],
                "\(width) \(sourced)")
            // Back on the phone, nothing else changed.
            let phone = try p.audit([Self.accounts(fixed: ["acc.checking", "acc.add"])], roots: r, views: v)
            #expect(p.changes(phone) == [[], [], Self.all.subtracting(["acc.checking", "acc.add"]), []])
            #expect(!p.checkFails())
            #expect(p.mispaired().isEmpty, "\(p.mispaired()) \(width) \(sourced)")
        }
    }

    @Test(arguments: [(1024, 1366, 30.0), (956, 440, 6.0)])
    func aContrastFixAuditedOnAnotherDeviceInTheSameAppearanceIsResolved(width: Int, height: Int, addY: Double)
        throws
    {
        // A contrast warning depends on the appearance, not the device (issue 57, configurations.md): Checking,
        // flagged on the phone in portrait and not on the iPad or in landscape in the same appearance, is
        // fixed; flagged by the phone again, it is back (the same warning, new again).
        for sourced in [false, true] {
            var p = try Probe(sourced: sourced)
            defer { p.remove() }
            let v = Self.accountViews, r = ["AccountsView"]
            try p.audit([Self.accounts()], roots: r, views: v)
            let wide = try p.audit(
                [Self.wide(Self.accounts(fixed: ["acc.checking"]), width, height, addY: addY)], roots: r, views: v)
            #expect(p.changes(wide) == [[], ["acc.checking"], Self.all.subtracting(["acc.checking"]), []])
            let phone = try p.audit([Self.accounts()], roots: r, views: v)
            #expect(p.changes(phone) == [["acc.checking"], [], Self.all.subtracting(["acc.checking"]), []])
            #expect(p.mispaired().isEmpty, "\(p.mispaired())")
        }
    }

    // MARK: Scrolling and languages

    static let german = [
        "Edit": "Bearbeiten", "Income": "Einnahmen", "Spending": "Ausgaben", "Details": "Einzelheiten",
        "Savings goal": "Sparziel", "Net worth": "Nettovermögen", "Updated today": "Heute aktualisiert",
        "Older activity": "Ältere Aktivität", "Activity": "Aktivität", "This week": "Diese Woche",
    ]

    /// Activity, taller than the screen: scrolled by 300 pt, each lower element lands exactly where an
    /// upper one of its kind was (Details where Edit was, Savings goal where Income was, ...).
    static func activity(scrolled: Bool = false, language: Int = 0) -> AppScreen {
        let button = { (id: String, text: String, y: Double) in
            AppElement(id, code: 17, text: text, rect: Rect(x: 20, y: y, width: 60, height: 30))
        }
        var elements = [
            label("c.title", "Activity", 64).unflagged(), label("c.week", "This week", 650).unflagged(),
            button("t.edit", "Edit", 110), label("t.income", "Income", 170), chevron("t.chev1", 236),
            label("t.spending", "Spending", 300, 30), button("t.details", "Details", 410),
            label("t.savings", "Savings goal", 470), chevron("t.chev2", 536), label("t.net", "Net worth", 600, 30),
            label("t.footer", "Updated today", 760, 31), label("t.more", "Older activity", 1000, 31),
        ]
        elements = elements.map { $0.moved(dy: scrolled ? -300 : 0) }.filter {
            $0.rect.y >= 54 && $0.rect.y + $0.rect.height <= 874
        }
        if language == 1 { elements = elements.map { $0.with(text: $0.text.map { german[$0] ?? $0 }) } }
        return AppScreen("Wallet", elements)
    }

    static let activityViews: [String: String] = [
        "t.edit": "ActivityView", "t.details": "SummaryCard", "t.footer": "ActivityView", "t.more": "ActivityView",
        "t.income": "ActivityRow", "t.chev1": "ActivityRow", "t.spending": "ActivityRow", "t.savings": "ActivityRow",
        "t.chev2": "ActivityRow", "t.net": "ActivityRow",
    ]
    /// The catalog keys a mapping with sources records (the English texts).
    static let activityKeys: [String: String] = [
        "t.edit": "Edit", "t.details": "Details", "t.footer": "Updated today", "t.more": "Older activity",
        "t.income": "Income", "t.spending": "Spending", "t.savings": "Savings goal", "t.net": "Net worth",
    ]
    static let top: Set<String> = ["t.edit", "t.income", "t.chev1", "t.spending"]
    static let lower: Set<String> = ["t.details", "t.savings", "t.chev2", "t.net", "t.footer"]

    @Test(arguments: [false, true])
    func scrolledThenUnscrolledInAnotherLanguage(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.activityViews, k = Self.activityKeys, r = ["ActivityView"]
        try p.audit([Self.activity()], roots: r, views: v, keys: k)
        let scrolled = try p.audit([Self.activity(scrolled: true)], roots: r, views: v, keys: k)
        #expect(p.changes(scrolled) == [["t.more"], [], Self.lower, Self.top])
        let german = try p.audit([Self.activity(language: 1)], language: 1, roots: r, views: v, keys: k)
        #expect(german.screens.first?.comparedWith?.fileName == p.reports[1].report.fileName)
        #expect(p.changes(german) == [[], [], Self.top.union(Self.lower), ["t.more"]])
        #expect(!p.checkFails())
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    @Test(arguments: [false, true])
    func aHistoryThatStartsScrolledMeetsTheTopInAnotherLanguage(sourced: Bool) throws {
        // The top rows were never audited: new (each its own warning), not continuations of the rows
        // that stood at their places in the scrolled audit.
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.activityViews, k = Self.activityKeys, r = ["ActivityView"]
        try p.audit([Self.activity(scrolled: true)], roots: r, views: v, keys: k)
        let german = try p.audit([Self.activity(language: 1)], language: 1, roots: r, views: v, keys: k)
        #expect(p.changes(german) == [Self.top, [], Self.lower, ["t.more"]])
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    @Test(arguments: [false, true])
    func aScrolledAuditInAnotherLanguageAfterTheUnscrolledOne(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.activityViews, k = Self.activityKeys, r = ["ActivityView"]
        try p.audit([Self.activity()], roots: r, views: v, keys: k)
        // German, scrolled, Savings goal fixed.
        var screen = Self.activity(scrolled: true, language: 1)
        screen.elements = screen.elements.map { $0.id == "t.savings" ? $0.unflagged() : $0 }
        let judged = try p.audit([screen], language: 1, roots: r, views: v, keys: k)
        #expect(
            p.changes(judged) == [["t.more"], ["t.savings"], Self.lower.subtracting(["t.savings"]), Self.top])
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    // MARK: Look-alikes, growing apps, per-screen reports

    /// A screen painted like Accounts (same chrome, rows at the same places) with other texts.
    static func budgets() -> AppScreen {
        var screen = accounts()
        let texts = [
            "acc.checking": "Rent", "acc.savings": "Groceries", "acc.credit": "Going out", "acc.loan": "Travel",
            "acc.broker": "Gifts", "acc.footer": "Budget resets monthly",
        ]
        screen.elements = screen.elements.map { element in
            var copy =
                element.id.hasPrefix("acc.")
                ? element.with(text: element.text.map { _ in texts[element.id]! }) : element
            copy.id = copy.id.replacingOccurrences(of: "acc.", with: "bud.")
            return copy
        }
        return screen
    }

    static let budgetIDs = Set(all.map { $0.replacingOccurrences(of: "acc.", with: "bud.") })
    static let budgetViews = Dictionary(uniqueKeysWithValues: budgetIDs.map { ($0, "BudgetsView") })

    @Test(arguments: [false, true])
    func lookAlikesSharingNoTextAreNeverMerged(sourced: Bool) throws {
        // With sources their root views tell them apart. Without, a screen sharing no text with a known
        // one and painted like it is that screen in another language as far as anything in the reports
        // can tell (the scrolling tests above need that), so the team names them: named, they are apart.
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews.merging(Self.budgetViews) { a, _ in a }
        let names: (String) -> [String?] = { sourced ? [] : [$0] }
        try p.audit([Self.accounts()], roots: ["AccountsView"], views: v, named: names("Accounts"))
        let budgets = try p.audit([Self.budgets()], roots: ["BudgetsView"], views: v, named: names("Budgets"))
        #expect(budgets.screens.first?.comparedWith == nil, "\(budgets.screens.first?.evidence ?? "")")
        #expect(p.changes(budgets) == [Self.budgetIDs, [], [], Self.all])
        let accounts = try p.audit(
            [Self.accounts(fixed: ["acc.loan"])], roots: ["AccountsView"], views: v, named: names("Accounts"))
        #expect(accounts.screens.first?.comparedWith?.fileName == p.reports[0].report.fileName)
        #expect(p.changes(accounts) == [[], ["acc.loan"], Self.all.subtracting(["acc.loan"]), Self.budgetIDs])
        #expect(!p.checkFails())
    }

    /// Goals: three rows of its own.
    static func goals(fixed: Set<String> = []) -> AppScreen {
        let rows = [
            label("goal.trip", "Trip to Lisbon", 200), label("goal.car", "New bike", 280, 30),
            chevron("goal.chev", 360), label("goal.add", "Add goal", 440, 26),
        ]
        return AppScreen(
            "Wallet",
            [label("c.g", "Goals", 64).unflagged(), label("c.g2", "On track", 120).unflagged()]
                + rows.map { fixed.contains($0.id) ? $0.unflagged() : $0 })
    }

    static let goalIDs: Set<String> = ["goal.trip", "goal.car", "goal.chev", "goal.add"]
    static let goalViews = Dictionary(uniqueKeysWithValues: goalIDs.map { ($0, "GoalsView") })

    @Test(arguments: [false, true])
    func anAppGrowsAScreenBetweenAndDropsOne(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews.merging(Self.goalViews) { a, _ in a }
            .merging(Self.activityViews) { a, _ in a }
        try p.audit([Self.accounts(), Self.activity()], roots: ["AccountsView", "ActivityView"], views: v)
        // Goals added between the two.
        let grown = try p.audit(
            [Self.accounts(), Self.goals(), Self.activity()], roots: ["AccountsView", "GoalsView", "ActivityView"],
            views: v)
        let activity = Self.top.union(Self.lower)
        #expect(p.changes(grown) == [Self.goalIDs, [], Self.all.union(activity), []])
        #expect(grown.screens.map { $0.comparedWith != nil } == [true, false, true])
        // Activity dropped, one fix on Accounts and one on Goals.
        let dropped = try p.audit(
            [Self.accounts(fixed: ["acc.credit"]), Self.goals(fixed: ["goal.chev"])],
            roots: ["AccountsView", "GoalsView"], views: v)
        #expect(
            p.changes(dropped) == [
                [], ["acc.credit", "goal.chev"],
                Self.all.union(Self.goalIDs).subtracting(["acc.credit", "goal.chev"]), activity,
            ])
        #expect(dropped.notCovered.count == 1)
        #expect(!p.checkFails())
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    @Test(arguments: [false, true])
    func perScreenReportsInRotation(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let v = Self.accountViews.merging(Self.goalViews) { a, _ in a }
            .merging(Self.activityViews) { a, _ in a }
        let activity = Self.top.union(Self.lower)
        try p.audit([Self.accounts()], roots: ["AccountsView"], views: v)
        let second = try p.audit([Self.goals()], roots: ["GoalsView"], views: v)
        #expect(p.changes(second) == [Self.goalIDs, [], [], Self.all])
        let third = try p.audit([Self.activity()], roots: ["ActivityView"], views: v)
        #expect(p.changes(third) == [activity, [], [], Self.all.union(Self.goalIDs)])
        // Accounts twice in a row, one fix each time.
        let a1 = try p.audit([Self.accounts(fixed: ["acc.savings"])], roots: ["AccountsView"], views: v)
        let rest = Self.goalIDs.union(activity)
        #expect(p.changes(a1) == [[], ["acc.savings"], Self.all.subtracting(["acc.savings"]), rest])
        let a2 = try p.audit([Self.accounts(fixed: ["acc.savings", "acc.chev"])], roots: ["AccountsView"], views: v)
        #expect(p.changes(a2) == [[], ["acc.chev"], Self.all.subtracting(["acc.savings", "acc.chev"]), rest])
        #expect(a2.screens.first?.comparedWith?.fileName == p.reports[3].report.fileName)
        #expect(!p.checkFails())
        let g = try p.audit([Self.goals()], roots: ["GoalsView"], views: v)
        #expect(g.screens.first?.comparedWith?.fileName == p.reports[1].report.fileName)
        #expect(
            p.changes(g) == [[], [], Self.goalIDs, Self.all.subtracting(["acc.savings", "acc.chev"]).union(activity)])
        var more = Self.activity()
        more.elements.append(Self.label("t.new", "Export", 700, 26))
        let act = try p.audit([more], roots: ["ActivityView"], views: v)
        #expect(p.changes(act)[0] == ["t.new"] && p.changes(act)[1].isEmpty && p.changes(act)[2] == activity)
        #expect(p.checkFails())
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }

    @Test func landscapeInAnotherLanguageWithSources() throws {
        // Keys and the root view pair the screen and its warnings though no text and no place is shared.
        var p = try Probe(sourced: true)
        defer { p.remove() }
        let v = Self.activityViews, k = Self.activityKeys, r = ["ActivityView"]
        try p.audit([Self.activity()], roots: r, views: v, keys: k)
        var wide = Self.activity(language: 1)
        wide.size = (956, 440)
        wide.elements = wide.elements.map { element in
            var moved = element
            moved.rect.y = (element.rect.y * 0.5).rounded()
            moved.rect.x += 330
            return moved
        }.filter { $0.rect.y + $0.rect.height <= 440 }
        let judged = try p.audit([wide], language: 1, roots: r, views: v, keys: k)
        #expect(judged.screens.first?.comparedWith?.fileName == p.reports[0].report.fileName)
        #expect(p.changes(judged) == [[], [], Self.top.union(Self.lower), []])
        #expect(!p.checkFails())
        #expect(p.mispaired().isEmpty, "\(p.mispaired())")
    }
}
