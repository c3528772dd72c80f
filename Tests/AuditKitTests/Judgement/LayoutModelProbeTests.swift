import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Held-out style series of issue 57 ("one model of where each element is now"): screens laid out per
/// configuration by `ScreenLayout` as `configurations.md` says iOS lays them out (texts and rows growing
/// with the text size, rows pushed off the bottom, margins and bars kept on other phones and the iPad,
/// content scrolled under the navigation bar, translated texts wider), one screen per report, every screen
/// group "0" as real teams leave them. Each series runs with sources (views, keys, root views, catalogs)
/// and without; each audit states the exact new, resolved, residual and not re-audited element ids and the
/// gate's verdict as `configurations.md` answers them (not as the judgement answered when they were
/// written), and no element shares a warning with another. Each series prints how many of its decisions
/// (one element's change in one audit) the judgement got right.
@Suite struct LayoutModelProbeTests {
    typealias Item = LayoutElement

    // MARK: Building layouts

    static func label(
        _ id: String, _ text: String, code: Int = 12, width: Double, height: Double = 22, x: Double = 0
    ) -> AppElement {
        AppElement(id, code: code, text: text, rect: Rect(x: x, y: 0, width: width, height: height))
    }

    /// A text button of fixed points (its hit region too small).
    static func button(_ id: String, _ text: String, width: Double) -> AppElement {
        label(id, text, code: 17, width: width, height: 30)
    }

    /// An icon without a description.
    static func icon(_ id: String, _ kind: Int, size: Double = 28) -> AppElement {
        AppElement(id, code: 19, text: nil, rect: Rect(x: 0, y: 0, width: size, height: size), look: .icon(kind))
    }

    /// A disclosure chevron (its hit region too small when flagged).
    static func chevron(_ id: String, width: Double = 12, height: Double = 20) -> AppElement {
        AppElement(id, code: 17, text: nil, rect: Rect(x: 0, y: 0, width: width, height: height), look: .chevron)
    }

    /// A text in a semantic style (it grows with Dynamic Type), flagged with `code` as `flagged` says.
    static func text(
        _ id: String, _ text: String, code: Int = 12, width: Double, height: Double = 22,
        at anchor: Item.Anchor = .leading,
        x: Double = 0, flagged: Item.Flagging = .always, reserve: Double = 0
    ) -> Item {
        Item(
            label(id, text, code: code, width: width, height: height, x: x), anchor, grows: true, flagging: flagged,
            reserve: reserve)
    }

    /// A text in a semantic style that is never flagged.
    static func plain(_ id: String, _ text: String, width: Double, reserve: Double = 0) -> Item {
        Self.text(id, text, width: width, flagged: .never, reserve: reserve)
    }

    /// A text of a fixed point size: a Dynamic Type warning wherever it is shown; it never grows.
    static func fixedSize(_ id: String, _ text: String, width: Double, at anchor: Item.Anchor = .leading, x: Double = 0)
        -> Item
    {
        Item(label(id, text, code: 30, width: width, height: 16, x: x), anchor, grows: false, flagging: .always)
    }

    /// An element of fixed points (a control, an icon, a bar's label).
    static func control(_ element: AppElement, at anchor: Item.Anchor = .trailing, flagged: Item.Flagging = .always)
        -> Item
    {
        Item(element, anchor, grows: false, flagging: flagged)
    }

    /// A row `height` tall at the default size whose growing text is `line` tall.
    static func row(_ height: Double, _ line: Double, _ items: Item...) -> LayoutRow {
        LayoutRow(height: height, line: line, items)
    }

    /// A configuration: in French when `french` gives the app's translations.
    static func config(
        _ device: AuditDevice = .iPhone17Pro, _ size: TextSize = .large, dark: Bool = false, scroll: Double = 0,
        french: [String: String]? = nil
    ) -> AuditConfiguration {
        AuditConfiguration(
            device: device, textSize: size, dark: dark, scroll: scroll, translations: french ?? [:],
            reportLanguage: french == nil ? 0 : 3)
    }

    /// The element ids the Inspector flags on `layout` in `configuration`.
    static func flagged(_ layout: ScreenLayout, _ configuration: AuditConfiguration) -> Set<String> {
        Set(layout.screen(in: configuration).elements.filter(\.flagged).map(\.id))
    }

    /// The catalogs' table for `keys`: each key's English text in `layouts` and its translation in
    /// `language` (French unless told).
    static func catalogs(
        _ keys: [String: String], of layouts: [ScreenLayout], french: [String: String], language: String = "fr"
    ) -> StringTranslations {
        let elements = layouts.flatMap { ($0.topBar + $0.rows.flatMap(\.elements) + $0.bottomBar).map(\.element) }
        let texts = Dictionary(elements.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        return StringTranslations(
            keys.sorted { $0.key < $1.key }.flatMap { id, key -> [LocalizedString] in
                let english = texts[id]!!
                return ([("en", english)] + (french[english].map { [(language, $0)] } ?? [])).map {
                    LocalizedString(
                        key: key, value: $0.1, language: $0.0, location: SourceLocation(file: "Localizable.xcstrings"))
                }
            })
    }

    /// A series of audits of one screen: each `layout` in a configuration with some elements fixed, recorded
    /// as its sources (`views`, `keys`, `root`, the catalogs with `french`) say when the probe is `sourced`.
    struct ScreenSeries {
        var p: Probe
        let layout: ScreenLayout
        let root: String
        let views: [String: String]
        let keys: [String: String]

        init(
            sourced: Bool, _ layout: ScreenLayout, root: String, views: [String: String], keys: [String: String],
            french: [String: String] = [:]
        ) throws {
            p = try Probe(sourced: sourced)
            if sourced { p.translations = catalogs(keys, of: [layout], french: french) }
            self.layout = layout
            self.root = root
            self.views = views
            self.keys = keys
        }

        @discardableResult
        mutating func audit(_ configuration: AuditConfiguration, fixed: Set<String> = []) throws -> ReportJudgement {
            try p.audit(layout, in: configuration, fixed: fixed, root: root, views: views, keys: keys)
        }
    }

    // MARK: 1. Pantry in many configurations

    static let items = ["Olive oil", "Coffee beans", "Oat milk", "Sourdough", "Parmesan", "Basil", "Eggs"]
    /// One test type, one text once digits fold: only each row's place (and its exact value) tells them.
    static let prices = ["$4.99", "$12.50", "$3.29", "$6.00", "$8.75", "$2.49", "$5.20"]
    static let priceIDs = (1...7).map { "l.p\($0)" }

    /// The pantry list: a "+" without a description; fixed-size "7 items" and "STAPLES"; a caption that
    /// clips at AX3 on phones up to 402 pt; the shopping list row (its tint fails contrast in the light
    /// appearance only, its chevron too small); seven rows whose prices (secondary grey) nearly pass
    /// contrast in both appearances; a toolbar's "Share" too small.
    static let list = ScreenLayout(
        title: "Pantry", topBar: [control(icon("l.add", 2))],
        rows: [
            row(24, 0, fixedSize("l.count", "7 items", width: 60)),
            row(
                28, 16, text("l.caption", "Prices include tax", code: 32, width: 160, height: 16, flagged: .whenClipped)
            ),
            row(
                44, 22, text("l.shop", "Shopping list", code: 13, width: 110, flagged: .inLight, reserve: 40),
                control(chevron("l.chev"))),
            row(38, 0, fixedSize("l.staples", "STAPLES", width: 70)),
        ]
            + items.indices.map { index in
                row(
                    44, 22, plain("c.item\(index)", items[index], width: 110, reserve: 110),
                    text(priceIDs[index], prices[index], width: 50, at: .trailing, x: 22),
                    control(chevron("c.chev\(index)", width: 8, height: 14), flagged: .never))
            },
        bottomBar: [
            control(button("l.share", "Share", width: 52), at: .leading),
            control(label("c.total", "Total $43.22", width: 100, height: 16), at: .center, flagged: .never),
        ])

    /// The item detail: a photo without a description, the origin's contrast, a fixed-size nutrition line, a
    /// small "Add to list" button.
    static let detail = ScreenLayout(
        title: "Olive oil", topBar: [control(label("c.back", "Pantry", width: 60), at: .leading, flagged: .never)],
        rows: [
            row(200, 0, control(icon("d.photo", 4, size: 160), at: .center)),
            row(44, 28, plain("c.price", "$4.99", width: 80), text("d.origin", "Spain", width: 60, at: .trailing)),
            row(30, 0, fixedSize("d.per", "Per 100 ml: 884 kcal", width: 150)),
            row(52, 22, control(button("d.add", "Add to list", width: 100), at: .leading)),
        ])

    /// Settings: two values' contrast (both appearances), a help icon without a description, "Sign out" in
    /// red (fails in the light appearance only), a fixed-size version line.
    static let settings = ScreenLayout(
        title: "Settings",
        rows: [
            row(
                44, 22, plain("c.currency", "Currency", width: 90, reserve: 80),
                text("s.currency", "USD", width: 40, at: .trailing)),
            row(
                44, 22, plain("c.units", "Units", width: 60, reserve: 80),
                text("s.units", "Metric", width: 55, at: .trailing)),
            row(44, 22, plain("c.help", "Help", width: 50), control(icon("s.help", 1, size: 22))),
            row(44, 22, text("s.signout", "Sign out", code: 13, width: 75, flagged: .inLight)),
            row(30, 0, fixedSize("s.version", "Version 2.4.1", width: 100)),
        ])

    static let pantryFrench = [
        "Pantry": "Garde-manger", "7 items": "7 articles", "Prices include tax": "Prix toutes taxes comprises",
        "Shopping list": "Liste de courses", "STAPLES": "ESSENTIELS", "Share": "Partager",
        "Total $43.22": "Total 43,22 $", "Olive oil": "Huile d'olive", "Coffee beans": "Café en grains",
        "Oat milk": "Lait d'avoine", "Sourdough": "Pain au levain", "Basil": "Basilic", "Eggs": "Œufs",
        "$4.99": "4,99 $", "$12.50": "12,50 $", "$3.29": "3,29 $", "$6.00": "6,00 $", "$8.75": "8,75 $",
        "$2.49": "2,49 $", "$5.20": "5,20 $",
    ]

    static let listIDs = Set(["l.add", "l.share", "l.count", "l.staples", "l.chev", "l.shop"] + priceIDs)
    static let detailIDs: Set<String> = ["d.photo", "d.origin", "d.per", "d.add"]
    static let settingsIDs: Set<String> = ["s.currency", "s.units", "s.help", "s.signout", "s.version"]

    static let pantryViews: [String: String] = {
        var views: [String: String] = [:]
        for id in ["l.add", "l.share", "l.count", "l.caption", "l.staples"] { views[id] = "PantryListView" }
        for id in ["l.shop", "l.chev"] { views[id] = "ShoppingListRow" }
        for id in priceIDs { views[id] = "PantryItemRow" }
        for id in detailIDs { views[id] = "ItemDetailView" }
        for id in settingsIDs { views[id] = "SettingsView" }
        return views
    }()
    static let pantryKeys = [
        "l.count": "pantry.itemCount", "l.caption": "pantry.taxNote", "l.shop": "pantry.shoppingList",
        "l.staples": "pantry.staples", "l.share": "pantry.share", "d.per": "detail.per100",
        "d.add": "detail.addToList", "s.signout": "settings.signOut", "s.version": "settings.version",
    ]

    static func priceSet(_ numbers: ClosedRange<Int>) -> Set<String> { Set(numbers.map { "l.p\($0)" }) }

    @Test func pantryLayoutsShowWhatTheSeriesSays() {
        let all = Self.listIDs
        #expect(Self.flagged(Self.list, Self.config()) == all)
        #expect(Self.flagged(Self.list, Self.config(.iPhone17Pro, .xxLarge)) == all)
        #expect(
            Self.flagged(Self.list, Self.config(.iPhone17Pro, .ax3))
                == all.subtracting(Self.priceSet(6...7)).union(["l.caption"]))
        #expect(Self.flagged(Self.list, Self.config(.iPhone17ProMax, .ax3)) == all.subtracting(["l.p7"]))
        #expect(
            Self.flagged(Self.list, Self.config(.iPhone17Pro, .ax2, dark: true)) == all.subtracting(["l.p7", "l.shop"]))
        for device in [AuditDevice.iPhoneSE, .iPhone17ProMax, .iPadLandscape] {
            #expect(Self.flagged(Self.list, Self.config(device)) == all)
        }
        #expect(
            Self.flagged(Self.list, Self.config(.iPhone17Pro, .ax3, scroll: 300))
                == Self.priceSet(1...7).union(["l.add", "l.share"]))
        #expect(Self.flagged(Self.list, Self.config(french: Self.pantryFrench)) == all)
        #expect(
            Self.flagged(Self.settings, Self.config(.iPhone17Pro, .ax2, dark: true))
                == Self.settingsIDs.subtracting(["s.signout"]))
        // At AX3 the rows spread apart: the prices are farther apart than at the default size.
        let y = { (configuration: AuditConfiguration) in
            Self.list.screen(in: configuration).elements.filter { $0.id.hasPrefix("l.p") }.map(\.rect.y)
        }
        let small = y(Self.config()), large = y(Self.config(.iPhone17Pro, .ax3))
        #expect(large[1] - large[0] > 1.6 * (small[1] - small[0]))
    }

    @Test(arguments: [false, true])
    func pantryInManyConfigurations(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let french = Self.pantryFrench
        if sourced {
            p.translations = Self.catalogs(
                Self.pantryKeys, of: [Self.list, Self.detail, Self.settings], french: french)
        }
        func audit(_ layout: ScreenLayout, _ configuration: AuditConfiguration, fixed: Set<String> = []) throws
            -> ReportJudgement
        {
            let root = ["Pantry": "PantryListView", "Olive oil": "ItemDetailView", "Settings": "SettingsView"]
            return try p.audit(
                layout, in: configuration, fixed: fixed, root: root[layout.title], views: Self.pantryViews,
                keys: Self.pantryKeys)
        }
        func compared(_ judged: ReportJudgement) -> String { judged.screens.first?.comparedWith?.fileName ?? "-" }
        func textScale(_ judged: ReportJudgement) -> Double { judged.screens.first?.configuration.textScale ?? 1 }
        let L = Self.listIDs, D = Self.detailIDs, S = Self.settingsIDs
        var listFiles: Set<String> = []

        p.expectFirst(try audit(Self.list, Self.config()), open: L)
        listFiles.insert(p.reports[0].report.fileName)
        p.expect(try audit(Self.detail, Self.config()), new: D, notReaudited: L, fails: true, "detail")
        p.expect(try audit(Self.settings, Self.config()), new: S, notReaudited: L.union(D), fails: true, "settings")
        // xxLarge: "7 items" now scales (a Dynamic Type fix seen at a larger size): resolved.
        var fixed: Set<String> = ["l.count"]
        p.expect(
            try audit(Self.list, Self.config(.iPhone17Pro, .xxLarge), fixed: fixed), resolved: ["l.count"],
            residual: L.subtracting(fixed), notReaudited: D.union(S), fails: false, "list xxLarge")
        listFiles.insert(p.reports[3].report.fileName)
        // AX3: rows spread apart, the last two below the screen; the caption clips.
        let ax3 = try audit(Self.list, Self.config(.iPhone17Pro, .ax3), fixed: fixed)
        #expect(textScale(ax3) >= 1.5, "AX3 taken for text ×\(textScale(ax3))")
        p.expect(
            ax3, new: ["l.caption"], residual: L.subtracting(fixed).subtracting(Self.priceSet(6...7)),
            notReaudited: Self.priceSet(6...7).union(D).union(S), fails: true, "list AX3")
        listFiles.insert(p.reports[4].report.fileName)
        var listOpen = L.subtracting(fixed).union(["l.caption"])
        // Settings, dark at AX2: the help icon described: resolved; "Sign out" passes in the dark: not re-audited.
        p.expect(
            try audit(Self.settings, Self.config(.iPhone17Pro, .ax2, dark: true), fixed: ["s.help"]),
            resolved: ["s.help"], residual: ["s.currency", "s.units", "s.version"],
            notReaudited: listOpen.union(D).union(["s.signout"]), fails: false, "settings dark AX2")
        let settingsOpen = S.subtracting(["s.help"])
        // The list, dark at AX2: its own screen, not the dark settings; "STAPLES" fixed: resolved; the caption
        // (clipped at AX3 only), the light-only tint and the row below the screen: not re-audited.
        fixed.insert("l.staples")
        let dark = try audit(Self.list, Self.config(.iPhone17Pro, .ax2, dark: true), fixed: fixed)
        #expect(listFiles.contains(compared(dark)), "the dark list compared with \(compared(dark))")
        p.expect(
            dark, resolved: ["l.staples"], residual: Self.priceSet(1...6).union(["l.add", "l.share", "l.chev"]),
            notReaudited: Set(["l.caption", "l.shop", "l.p7"]).union(D).union(settingsOpen), fails: false,
            "list dark AX2")
        listFiles.insert(p.reports[6].report.fileName)
        listOpen.remove("l.staples")
        let others = D.union(settingsOpen).union(["l.caption"])
        // The smallest phone at the default size: every row back, none of them new.
        p.expect(
            try audit(Self.list, Self.config(.iPhoneSE), fixed: fixed),
            residual: listOpen.subtracting(["l.caption"]),
            notReaudited: others, fails: false, "list SE")
        // The largest phone: the third price's contrast fixed: resolved, the other prices residual.
        fixed.insert("l.p3")
        p.expect(
            try audit(Self.list, Self.config(.iPhone17ProMax), fixed: fixed), resolved: ["l.p3"],
            residual: listOpen.subtracting(["l.caption", "l.p3"]), notReaudited: others, fails: false,
            "list Pro Max")
        listOpen.remove("l.p3")
        // An iPad in landscape: the "+" described: resolved.
        fixed.insert("l.add")
        p.expect(
            try audit(Self.list, Self.config(.iPadLandscape), fixed: fixed), resolved: ["l.add"],
            residual: listOpen.subtracting(["l.caption", "l.add"]), notReaudited: others, fails: false,
            "list iPad landscape")
        listOpen.remove("l.add")
        listFiles.formUnion(p.reports[7...9].map(\.report.fileName))
        // AX3 scrolled by 300 pt: the seven rows, nothing above them.
        let scrolled = try audit(Self.list, Self.config(.iPhone17Pro, .ax3, scroll: 300), fixed: fixed)
        #expect(listFiles.contains(compared(scrolled)), "the scrolled AX3 list compared with \(compared(scrolled))")
        #expect(textScale(scrolled) >= 1.5, "the scrolled AX3 list taken for text ×\(textScale(scrolled))")
        p.expect(
            scrolled, residual: Self.priceSet(1...7).subtracting(["l.p3"]).union(["l.share"]),
            notReaudited: others.union(["l.shop", "l.chev"]), fails: false, "list AX3 scrolled")
        // French on the first phone: compared with that phone's audit at the default size; "Liste de
        // courses" fixed: resolved; every price continues its own row.
        fixed.insert("l.shop")
        let inFrench = try audit(Self.list, Self.config(french: french), fixed: fixed)
        // Only which audit it is compared with is open; its verdicts below are checked as they stand.
        withKnownIssue(
            "Issue 57, open: the French audit is compared with the screen's latest audit (the scrolled AX3 one) rather than the same phone's at the default size (\"compare like with like\" is not built for the base of a comparison)"
        ) {
            #expect(
                compared(inFrench) == p.reports[0].report.fileName,
                "the French list compared with \(compared(inFrench))")
        }
        p.expect(
            inFrench, resolved: ["l.shop"], residual: listOpen.subtracting(["l.caption", "l.shop"]),
            notReaudited: others, fails: false, "list French")
        listOpen.remove("l.shop")
        p.expect(
            try audit(Self.detail, Self.config(), fixed: ["d.origin"]), resolved: ["d.origin"],
            residual: D.subtracting(["d.origin"]), notReaudited: listOpen.union(settingsOpen), fails: false,
            "detail again")
        p.expect(
            try audit(Self.settings, Self.config(), fixed: ["s.help"]), residual: settingsOpen,
            notReaudited: listOpen.union(D.subtracting(["d.origin"])), fails: false, "settings again")
        p.finish("1. Pantry in many configurations")
    }

    // MARK: 2. A larger text size taken for the default one

    static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let meals = ["Lentil soup", "Tacos", "Risotto", "Stir-fry", "Pizza night", "Leftovers", "Roast chicken"]

    /// A week's meal plan: every meal a fixed-size text (a Dynamic Type warning: it never grows) beside its
    /// growing day name; an "Edit" too small, a cart icon without a description, the shopping-day note's
    /// contrast, and a hint that clips from AX2 up.
    static let mealPlan = ScreenLayout(
        title: "This week", topBar: [control(button("m.edit", "Edit", width: 36))],
        rows: [
            row(
                28, 16,
                text(
                    "m.caption", "Tap a day to change its meal", code: 32, width: 200, height: 16, flagged: .whenClipped
                )),
            row(44, 22, plain("c.plan", "Plan for 7 dinners", width: 150)),
            row(38, 0, fixedSize("m.header", "DINNERS", width: 70)),
        ]
            + days.indices.map { index in
                row(
                    52, 22, plain("c.day\(index)", days[index], width: 90, reserve: 140),
                    fixedSize("m.meal\(index + 1)", meals[index], width: 110, at: .trailing, x: 20),
                    control(chevron("c.chev\(index)", width: 8, height: 14), flagged: .never))
            } + [row(36, 16, text("m.note", "Shopping day: Saturday", width: 170, height: 16))],
        bottomBar: [control(icon("m.cart", 3), at: .center)])

    static let mealViews: [String: String] = {
        var views = Dictionary(uniqueKeysWithValues: (1...7).map { ("m.meal\($0)", "DayRow") })
        for id in ["m.edit", "m.caption", "m.header", "m.note", "m.cart"] { views[id] = "MealPlanView" }
        return views
    }()
    static let mealKeys = [
        "m.edit": "plan.edit", "m.caption": "plan.hint", "m.header": "plan.dinners", "m.note": "plan.shoppingDay",
    ]

    static func mealSet(_ numbers: Int...) -> Set<String> { Set(numbers.map { "m.meal\($0)" }) }

    @Test func mealPlanLayoutsShowWhatTheSeriesSays() {
        let all = Self.mealSet(1, 2, 3, 4, 5, 6, 7).union(["m.edit", "m.cart", "m.header", "m.note"])
        #expect(Self.flagged(Self.mealPlan, Self.config()) == all)
        #expect(
            Self.flagged(Self.mealPlan, Self.config(.iPhone17Pro, .ax3))
                == all.subtracting(Self.mealSet(6, 7)).subtracting(["m.note"]).union(["m.caption"]))
        #expect(
            Self.flagged(Self.mealPlan, Self.config(.iPhone17Pro, .ax2))
                == all.subtracting(Self.mealSet(7)).subtracting(["m.note"]).union(["m.caption"]))
        #expect(Self.flagged(Self.mealPlan, Self.config(.iPhone17Pro, .ax1)) == all.subtracting(["m.note"]))
        // The flagged meals keep their size at AX3; everything under the bar moves down.
        let monday = { (configuration: AuditConfiguration) in
            Self.mealPlan.screen(in: configuration).elements.first { $0.id == "m.meal1" }!.rect
        }
        let small = monday(Self.config()), large = monday(Self.config(.iPhone17Pro, .ax3))
        #expect(small.height == large.height && large.y > small.y + 100)
    }

    @Test(arguments: [false, true])
    func aLargerTextSizeTakenForTheDefaultOne(sourced: Bool) throws {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        var fixed: Set<String> = []
        func audit(_ size: TextSize) throws -> ReportJudgement {
            let judged = try p.audit(
                Self.mealPlan, in: Self.config(.iPhone17Pro, size), fixed: fixed, root: "MealPlanView",
                views: Self.mealViews, keys: Self.mealKeys)
            // The text size is what the layout says: the day names and rows grew though the flagged meals did not,
            // so an accessibility size is never taken for the default one (rows grow less than their texts: the
            // layout reads AX1 as about ×1.3).
            let scale = judged.screens.first?.configuration.textScale ?? 1
            #expect(
                size == .large ? scale < 1.18 : scale >= 1.18,
                "audit \(p.reports.count - 1) at \(size) taken for text ×\(scale)")
            return judged
        }
        let all = Self.mealSet(1, 2, 3, 4, 5, 6, 7).union(["m.edit", "m.cart", "m.header", "m.note"])
        let belowAX3 = Self.mealSet(6, 7).union(["m.note"])
        p.expectFirst(try audit(.large), open: all)
        p.expect(
            try audit(.ax3), new: ["m.caption"], residual: all.subtracting(belowAX3), notReaudited: belowAX3,
            fails: true, "AX3")
        p.expect(try audit(.large), residual: all, notReaudited: ["m.caption"], fails: false, "default 2")
        p.expect(
            try audit(.ax3), residual: all.subtracting(belowAX3).union(["m.caption"]), notReaudited: belowAX3,
            fails: false, "AX3 2")
        fixed = ["m.meal2", "m.note"]
        var open = all.subtracting(fixed)
        p.expect(
            try audit(.large), resolved: fixed, residual: open, notReaudited: ["m.caption"], fails: false,
            "default 3, Tuesday and the note fixed")
        p.expect(
            try audit(.ax2), residual: open.subtracting(["m.meal7"]).union(["m.caption"]), notReaudited: ["m.meal7"],
            fails: false, "AX2")
        fixed.insert("m.meal7")
        open.remove("m.meal7")
        p.expect(
            try audit(.large), resolved: ["m.meal7"], residual: open, notReaudited: ["m.caption"], fails: false,
            "default 4, Sunday fixed")
        // A Dynamic Type fix seen at AX3: resolved.
        fixed.insert("m.meal1")
        open.remove("m.meal1")
        p.expect(
            try audit(.ax3), resolved: ["m.meal1"], residual: open.subtracting(["m.meal6"]).union(["m.caption"]),
            notReaudited: ["m.meal6"], fails: false, "AX3 3, Monday fixed")
        p.expect(try audit(.large), residual: open, notReaudited: ["m.caption"], fails: false, "default 5")
        // AX1 does not clip the hint: a clipping flagged only at larger sizes says nothing of it.
        p.expect(try audit(.ax1), residual: open, notReaudited: ["m.caption"], fails: false, "AX1")
        fixed.insert("m.edit")
        open.remove("m.edit")
        p.expect(
            try audit(.large), resolved: ["m.edit"], residual: open, notReaudited: ["m.caption"], fails: false,
            "default 6, Edit fixed")
        fixed.insert("m.caption")
        p.expect(
            try audit(.ax3), resolved: ["m.caption"], residual: open.subtracting(["m.meal6"]),
            notReaudited: ["m.meal6"], fails: false, "AX3 4, the hint wraps")
        p.finish("2. A larger text size taken for the default one")
    }

    // MARK: 3. Kinds of warning audited next in another configuration

    /// A store's page: a logo without a description, an address that clips at AX3 on phones up to 402 pt,
    /// opening hours that clip on the smallest phone (and from xxLarge up on any phone), "Open now" in a
    /// green that fails in the light appearance only, the closing time's contrast (both appearances), a
    /// fixed-size points line, a small "Call" button.
    static let store = ScreenLayout(
        title: "Corner Market",
        rows: [
            row(64, 0, control(icon("k.logo", 5, size: 48), at: .leading)),
            row(44, 22, text("k.address", "12 Rue des Lilas", code: 32, width: 160, flagged: .whenClipped)),
            row(
                44, 22,
                text("k.hours", "Open today 8:00 to 20:00", code: 32, width: 320, flagged: .whenClipped, reserve: 30)),
            row(44, 22, text("k.open", "Open now", code: 13, width: 80, flagged: .inLight)),
            row(44, 22, text("k.closes", "Closes at 20:00", width: 120)),
            row(30, 0, fixedSize("k.points", "Loyalty points: 120", width: 140)),
            row(44, 22, plain("c.phone", "Phone", width: 60), control(button("k.call", "Call", width: 40))),
        ])

    /// Flagged on an iPhone 17 Pro at the default size, in the light appearance.
    static let storeIDs: Set<String> = ["k.logo", "k.open", "k.closes", "k.points", "k.call"]
    static let storeKeys = [
        "k.hours": "store.hours", "k.open": "store.openNow", "k.closes": "store.closesAt", "k.points": "store.points",
        "k.call": "store.call",
    ]

    @Test func storeLayoutsShowWhatTheSeriesSays() {
        let all = Self.storeIDs
        #expect(Self.flagged(Self.store, Self.config()) == all)
        #expect(Self.flagged(Self.store, Self.config(.iPhone17Pro, .ax3)) == all.union(["k.address", "k.hours"]))
        #expect(Self.flagged(Self.store, Self.config(.iPhoneSE)) == all.union(["k.hours"]))
        #expect(Self.flagged(Self.store, Self.config(.iPhone17ProMax)) == all)
        #expect(Self.flagged(Self.store, Self.config(.iPhoneSE, .xxLarge)) == all.union(["k.hours"]))
        #expect(Self.flagged(Self.store, Self.config(.iPadLandscape, dark: true)) == all.subtracting(["k.open"]))
        #expect(
            Self.flagged(Self.store, Self.config(.iPhone17ProMax, .ax2, dark: true))
                == all.subtracting(["k.open"]).union(["k.hours"]))
    }

    static func storeSeries(sourced: Bool) throws -> ScreenSeries {
        let views = Dictionary(
            uniqueKeysWithValues: storeIDs.union(["k.address", "k.hours"]).map { ($0, "StoreView") })
        return try ScreenSeries(sourced: sourced, store, root: "StoreView", views: views, keys: storeKeys)
    }

    @Test(arguments: [false, true])
    func aDynamicTypeFixAuditedNextAtALargeSizeIsResolved(sourced: Bool) throws {
        var s = try Self.storeSeries(sourced: sourced)
        defer { s.p.remove() }
        let all = Self.storeIDs, clipped: Set<String> = ["k.address", "k.hours"], fixed: Set<String> = ["k.points"]
        s.p.expectFirst(try s.audit(Self.config()), open: all)
        let ax3 = Self.config(.iPhone17Pro, .ax3)
        s.p.expect(
            try s.audit(ax3, fixed: fixed), new: clipped, resolved: fixed, residual: all.subtracting(fixed),
            fails: true, "AX3, the points scale")
        s.p.expect(
            try s.audit(Self.config(), fixed: fixed), residual: all.subtracting(fixed), notReaudited: clipped,
            fails: false, "default again")
        s.p.expect(
            try s.audit(ax3, fixed: fixed), residual: all.subtracting(fixed).union(clipped), fails: false, "AX3 again")
        s.p.expect(
            try s.audit(ax3, fixed: fixed.union(["k.address"])), resolved: ["k.address"],
            residual: all.subtracting(fixed).union(["k.hours"]), fails: false, "AX3, the address wraps")
        s.p.finish("3a. A Dynamic Type fix audited next at AX3")
    }

    @Test(arguments: [false, true], [false, true])
    func aContrastFixAuditedNextOnAniPadInTheSameAppearanceIsResolved(sourced: Bool, dark: Bool) throws {
        var s = try Self.storeSeries(sourced: sourced)
        defer { s.p.remove() }
        // "Open now" fails in the light appearance only: a dark series never flags it.
        let all = dark ? Self.storeIDs.subtracting(["k.open"]) : Self.storeIDs
        s.p.expectFirst(try s.audit(Self.config(dark: dark)), open: all)
        s.p.expect(
            try s.audit(Self.config(.iPadLandscape, dark: dark), fixed: ["k.closes"]), resolved: ["k.closes"],
            residual: all.subtracting(["k.closes"]), fails: false, "iPad, the closing time fixed")
        s.p.expect(
            try s.audit(Self.config(dark: dark), fixed: ["k.closes"]), residual: all.subtracting(["k.closes"]),
            fails: false, "phone again")
        s.p.finish("3b. A contrast fix audited next on an iPad (\(dark ? "dark" : "light"))")
    }

    @Test(arguments: [false, true])
    func aContrastWarningAuditedNextInTheOtherAppearanceIsNotReaudited(sourced: Bool) throws {
        var s = try Self.storeSeries(sourced: sourced)
        defer { s.p.remove() }
        let all = Self.storeIDs
        s.p.expectFirst(try s.audit(Self.config()), open: all)
        s.p.expect(
            try s.audit(Self.config(dark: true)), residual: all.subtracting(["k.open"]), notReaudited: ["k.open"],
            fails: false, "dark")
        s.p.expect(try s.audit(Self.config()), residual: all, fails: false, "light again")
        s.p.expect(
            try s.audit(Self.config(dark: true), fixed: ["k.closes"]), resolved: ["k.closes"],
            residual: all.subtracting(["k.open", "k.closes"]), notReaudited: ["k.open"], fails: false,
            "dark, the closing time fixed")
        s.p.expect(
            try s.audit(Self.config(), fixed: ["k.closes", "k.open"]), resolved: ["k.open"],
            residual: all.subtracting(["k.open", "k.closes"]), fails: false, "light, Open now fixed")
        s.p.finish("3c. A contrast warning audited next in the other appearance")
    }

    @Test(arguments: [false, true])
    func aClippingFlaggedOnlyOnTheNarrowPhoneSaysNothingOfTheWiderOnes(sourced: Bool) throws {
        var s = try Self.storeSeries(sourced: sourced)
        defer { s.p.remove() }
        let all = Self.storeIDs
        s.p.expectFirst(try s.audit(Self.config(.iPhoneSE)), open: all.union(["k.hours"]))
        s.p.expect(
            try s.audit(Self.config(.iPhone17ProMax)), residual: all, notReaudited: ["k.hours"], fails: false,
            "Pro Max")
        s.p.expect(try s.audit(Self.config()), residual: all, notReaudited: ["k.hours"], fails: false, "Pro")
        s.p.expect(try s.audit(Self.config(.iPhoneSE)), residual: all.union(["k.hours"]), fails: false, "SE again")
        // The hours wrap now: the same phone at a larger size, which clips more (and keeps the layout's
        // shape below the accessibility sizes), shows the fix.
        s.p.expect(
            try s.audit(Self.config(.iPhoneSE, .xxLarge), fixed: ["k.hours"]), resolved: ["k.hours"], residual: all,
            fails: false, "SE xxLarge, the hours wrap")
        s.p.finish("3d. A clipping flagged only on the narrow phone")
    }

    /// The configurations a described logo is audited next in, with what else that audit says of the store.
    static let logoConfigurations:
        [(name: String, configuration: AuditConfiguration, new: Set<String>, notReaudited: Set<String>)] = [
            ("Pro Max, dark, AX2", config(.iPhone17ProMax, .ax2, dark: true), ["k.hours"], ["k.open"]),
            ("iPad landscape, dark", config(.iPadLandscape, dark: true), [], ["k.open"]),
            ("SE, xxLarge", config(.iPhoneSE, .xxLarge), ["k.hours"], []),
        ]

    @Test(arguments: [false, true], 0..<3)
    func aMissingDescriptionFixedIsResolvedInAnyConfigurationThatShowsIt(sourced: Bool, index: Int) throws {
        try describedLogo(sourced: sourced, index: index)
    }

    func describedLogo(sourced: Bool, index: Int) throws {
        var s = try Self.storeSeries(sourced: sourced)
        defer { s.p.remove() }
        let next = Self.logoConfigurations[index]
        s.p.expectFirst(try s.audit(Self.config()), open: Self.storeIDs)
        s.p.expect(
            try s.audit(next.configuration, fixed: ["k.logo"]), new: next.new, resolved: ["k.logo"],
            residual: Self.storeIDs.subtracting(next.notReaudited).subtracting(["k.logo"]),
            notReaudited: next.notReaudited, fails: !next.new.isEmpty, "\(next.name), the logo described")
        s.p.finish("3e. A description fixed, audited next \(next.name)")
    }

    // MARK: 4. Scroll and language together

    static let groceryItems = [
        "Apples", "Bread", "Milk", "Eggs", "Rice", "Tomatoes", "Butter", "Yogurt", "Pasta", "Onions", "Cheese",
        "Lemons", "Coffee", "Honey", "Flour", "Salt",
    ]
    /// Items bought (greyed: contrast) and fixed-size quantities, by row (1-based).
    static let bought: Set<Int> = [3, 7, 10, 14]
    static let quantities = [2: "×2", 6: "1 kg", 11: "200 g", 15: "2 kg"]

    /// A grocery list taller than the screen: "This week" with an "Edit" button too small; sixteen items (the
    /// user's own: never translated), some bought (greyed), some with a fixed-size quantity, the fifth with a
    /// chevron too small; a partially scaling hint under them; an "Add item" toolbar.
    static let groceryList = ScreenLayout(
        title: "Groceries",
        rows: [
            row(
                44, 22, plain("c.week", "This week", width: 90, reserve: 60),
                text("g.edit", "Edit", code: 17, width: 36, at: .trailing))
        ]
            + groceryItems.indices.map { index in
                let number = index + 1
                var items = [
                    bought.contains(number)
                        ? text("g.i\(number)", groceryItems[index], width: 100, reserve: 60)
                        : plain("c.i\(number)", groceryItems[index], width: 100, reserve: 60)
                ]
                if let quantity = quantities[number] {
                    items.append(fixedSize("g.q\(number)", quantity, width: 40, at: .trailing))
                }
                if number == 5 { items.append(control(chevron("g.chev"))) }
                return LayoutRow(height: 44, line: 22, items)
            } + [row(60, 16, text("g.note", "Swipe left on an item to remove it", code: 31, width: 240, height: 16))],
        bottomBar: [control(label("c.add", "Add item", width: 80), at: .center, flagged: .never)])

    static let groceryFrench = [
        "Groceries": "Courses", "This week": "Cette semaine", "Edit": "Modifier",
        "Swipe left on an item to remove it": "Balayez un article vers la gauche pour le supprimer",
        "Add item": "Ajouter",
    ]
    static let groceryViews: [String: String] = {
        var views = ["g.edit": "GroceryListView", "g.note": "GroceryListView", "g.chev": "GroceryRow"]
        for number in bought { views["g.i\(number)"] = "GroceryRow" }
        for number in quantities.keys { views["g.q\(number)"] = "GroceryRow" }
        return views
    }()
    static let groceryKeys = ["g.edit": "groceries.edit", "g.note": "groceries.swipeHint"]

    /// Shown at the top (scrolled away at 340 pt), in the middle (shown both ways), below the fold.
    static let groceryTop: Set<String> = ["g.edit", "g.q2", "g.i3", "g.chev", "g.q6"]
    static let groceryMiddle: Set<String> = ["g.i7", "g.i10", "g.q11"]
    static let groceryLow: Set<String> = ["g.i14", "g.q15", "g.note"]

    static func groceries(scroll: Double = 0, french: Bool = false) -> AuditConfiguration {
        config(scroll: scroll, french: french ? groceryFrench : nil)
    }

    @Test func groceryLayoutsShowWhatTheSeriesSays() {
        #expect(Self.flagged(Self.groceryList, Self.groceries()) == Self.groceryTop.union(Self.groceryMiddle))
        #expect(
            Self.flagged(Self.groceryList, Self.groceries(scroll: 340, french: true))
                == Self.groceryMiddle.union(Self.groceryLow))
        let french = Self.groceryList.screen(in: Self.groceries(french: true)).elements
        #expect(french.first { $0.id == "g.edit" }?.text == "Modifier")
    }

    static func grocerySeries(sourced: Bool) throws -> ScreenSeries {
        try ScreenSeries(
            sourced: sourced, groceryList, root: "GroceryListView", views: groceryViews, keys: groceryKeys,
            french: groceryFrench)
    }

    @Test(arguments: [false, true])
    func aScrolledAuditThenAnUnscrolledOneInAnotherLanguage(sourced: Bool) throws {
        var s = try Self.grocerySeries(sourced: sourced)
        defer { s.p.remove() }
        let top = Self.groceryTop, middle = Self.groceryMiddle, low = Self.groceryLow
        s.p.expectFirst(try s.audit(Self.groceries()), open: top.union(middle))
        s.p.expect(
            try s.audit(Self.groceries(scroll: 340)), new: low, residual: middle, notReaudited: top, fails: true,
            "English scrolled")
        s.p.expect(
            try s.audit(Self.groceries(french: true)), residual: top.union(middle), notReaudited: low, fails: false,
            "French")
        // "Modifier" fixed but scrolled away: not seen.
        s.p.expect(
            try s.audit(Self.groceries(scroll: 340, french: true), fixed: ["g.edit"]), residual: middle.union(low),
            notReaudited: top, fails: false, "French scrolled, Edit fixed")
        s.p.expect(
            try s.audit(Self.groceries(), fixed: ["g.edit"]), resolved: ["g.edit"],
            residual: top.subtracting(["g.edit"]).union(middle), notReaudited: low, fails: false,
            "English, Edit fixed")
        s.p.finish("4a. A scrolled audit, then an unscrolled one in another language")
    }

    @Test(arguments: [false, true])
    func aHistoryThatStartsScrolledInFrenchMeetsTheTopInEnglish(sourced: Bool) throws {
        var s = try Self.grocerySeries(sourced: sourced)
        defer { s.p.remove() }
        let top = Self.groceryTop, middle = Self.groceryMiddle, low = Self.groceryLow
        s.p.expectFirst(try s.audit(Self.groceries(scroll: 340, french: true)), open: middle.union(low))
        // The top was never audited: new, each its own warning.
        s.p.expect(
            try s.audit(Self.groceries()), new: top, residual: middle, notReaudited: low, fails: true, "English")
        s.p.expect(
            try s.audit(Self.groceries(french: true)), residual: top.union(middle), notReaudited: low, fails: false,
            "French")
        s.p.finish("4b. A history that starts scrolled in French")
    }
}
