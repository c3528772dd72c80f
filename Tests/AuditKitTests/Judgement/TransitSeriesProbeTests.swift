import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A held-out style series of issue 57 on a third app with other numbers: a transit app's departures, a
/// route and its settings, audited dark with a larger text, at accessibility sizes on the smallest and the
/// largest phones (rows pushed below the screen, most warnings fixed-size texts that do not grow), on an iPad
/// in landscape, scrolled at AX2, and in Japanese (a language whose texts are shorter, numbers kept), with
/// fixes audited next in another configuration. Expectations are what `configurations.md` answers, with and
/// without sources.
@Suite struct TransitSeriesProbeTests {
    typealias T = LayoutModelProbeTests

    static let stops = [
        "Central", "Harbour", "Old Town", "University", "Airport", "Stadium", "Riverside", "Market", "Hospital",
    ]
    /// One fingerprint once digits fold: only each row's place (and its exact value) tells them apart.
    static let times = ["8:05", "8:12", "8:20", "8:31", "8:45", "8:58", "9:10", "9:24", "9:40"]
    /// The rows with a fixed-size platform badge (a Dynamic Type warning wherever it is shown).
    static let badged = [2, 5, 7]

    /// Departures: a filter icon without a description; a caption that clips from AX1 up; a fixed-size
    /// "NEXT HOUR"; nine rows whose times (secondary grey) fail contrast in the light appearance only, three
    /// with a fixed-size platform badge; a "Map" button too small in the bottom bar and a tab icon without a
    /// description.
    static let departures = ScreenLayout(
        title: "Departures", topBar: [T.control(T.icon("x.filter", 3, size: 24))],
        rows: [
            T.row(
                32, 16,
                T.text(
                    "x.live", "Live times may change without notice", code: 32, width: 250, height: 16,
                    flagged: .whenClipped)),
            T.row(36, 0, T.fixedSize("x.next", "NEXT HOUR", width: 84)),
        ]
            + stops.indices.map { index in
                let number = index + 1
                var items = [
                    T.plain("c.s\(number)", stops[index], width: 100, reserve: 150),
                    T.text("x.t\(number)", times[index], width: 44, at: .trailing, flagged: .inLight),
                ]
                if badged.contains(number) {
                    items.append(T.fixedSize("x.b\(number)", "Platform \(number)", width: 72, at: .trailing, x: 60))
                }
                return LayoutRow(height: 50, line: 22, items)
            },
        bottomBar: [
            T.control(T.button("x.map", "Map", width: 40), at: .leading), T.control(T.icon("x.tab", 2), at: .center),
        ])

    /// A route: its map without a description, the frequency's contrast (both appearances), a fixed-size
    /// operator line, a small "Notify me" button.
    static let route = ScreenLayout(
        title: "Route 42",
        topBar: [T.control(T.label("c.back", "Departures", width: 90), at: .leading, flagged: .never)],
        rows: [
            T.row(190, 0, T.control(T.icon("r.map", 7, size: 170), at: .center)),
            T.row(
                44, 22, T.plain("c.freq", "Frequency", width: 90, reserve: 120),
                T.text("r.freq", "Every 10 min", width: 100, at: .trailing)),
            T.row(30, 0, T.fixedSize("r.operator", "Operated by CityBus", width: 150)),
            T.row(52, 22, T.control(T.button("r.notify", "Notify me", width: 90), at: .leading)),
        ])

    /// Settings: the home stop's value (contrast in both appearances), an alerts icon without a description,
    /// "Clear history" in red (fails in the light appearance only), a fixed-size build number.
    static let settings = ScreenLayout(
        title: "Settings",
        rows: [
            T.row(
                44, 22, T.plain("c.home", "Home stop", width: 90, reserve: 90),
                T.text("g.home", "Harbour", width: 70, at: .trailing)),
            T.row(44, 22, T.plain("c.alerts", "Alerts", width: 60), T.control(T.icon("g.alerts", 1, size: 22))),
            T.row(44, 22, T.text("g.clear", "Clear history", code: 13, width: 105, flagged: .inLight)),
            T.row(30, 0, T.fixedSize("g.build", "Build 512", width: 70)),
        ])

    static let japanese = [
        "Departures": "出発", "Live times may change without notice": "リアルタイムの時刻は予告なく変更されることがあります",
        "NEXT HOUR": "次の1時間", "Map": "地図", "Central": "中央", "Harbour": "港", "Old Town": "旧市街",
        "University": "大学", "Airport": "空港", "Stadium": "スタジアム", "Riverside": "川沿い", "Market": "市場",
        "Hospital": "病院", "Platform 2": "2番線", "Platform 5": "5番線", "Platform 7": "7番線",
    ]

    static func japaneseConfig(_ device: AuditDevice = .iPhone17Pro) -> AuditConfiguration {
        AuditConfiguration(device: device, translations: japanese, reportLanguage: 2)
    }

    static let departureIDs = Set(
        ["x.filter", "x.next", "x.map", "x.tab"] + times.indices.map { "x.t\($0 + 1)" } + badged.map { "x.b\($0)" })
    static let routeIDs: Set<String> = ["r.map", "r.freq", "r.operator", "r.notify"]
    static let settingsIDs: Set<String> = ["g.home", "g.alerts", "g.clear", "g.build"]

    static func timeIDs(_ numbers: ClosedRange<Int>) -> Set<String> { Set(numbers.map { "x.t\($0)" }) }

    static let views: [String: String] = {
        var views: [String: String] = [:]
        for id in ["x.filter", "x.live", "x.next", "x.map", "x.tab"] { views[id] = "DeparturesView" }
        for number in 1...9 { views["x.t\(number)"] = "DepartureRow" }
        for number in badged { views["x.b\(number)"] = "PlatformBadge" }
        for id in routeIDs { views[id] = "RouteView" }
        for id in settingsIDs { views[id] = "SettingsView" }
        return views
    }()
    static let keys = [
        "x.live": "departures.liveNote", "x.next": "departures.nextHour", "x.map": "departures.map",
        "x.b2": "platform.2", "x.b5": "platform.5", "x.b7": "platform.7", "r.operator": "route.operator",
        "r.notify": "route.notify", "g.clear": "settings.clearHistory", "g.build": "settings.build",
    ]
    static let roots = ["Departures": "DeparturesView", "Route 42": "RouteView", "Settings": "SettingsView"]

    /// The series' audits in order, each with the elements fixed by then (the judgement version's digest
    /// replays them, `JudgementVersionTests`).
    static let tour: [(layout: ScreenLayout, configuration: AuditConfiguration, fixed: Set<String>)] = [
        (departures, T.config(), []), (route, T.config(), []), (settings, T.config(), []),
        (departures, T.config(.iPhone17Pro, .ax1, dark: true), ["x.next"]),
        (route, T.config(.iPhoneSE, .ax2), ["r.operator"]), (departures, T.config(.iPadLandscape), ["x.next", "x.t3"]),
        (departures, T.config(.iPhone17ProMax, .ax3), ["x.next", "x.t3", "x.b5"]),
        (settings, T.config(.iPhone17Pro, .ax1, dark: true), ["g.alerts"]),
        (departures, T.config(.iPhone17Pro, .ax2, scroll: 300), ["x.next", "x.t3", "x.b5", "x.t8"]),
        (departures, japaneseConfig(.iPhoneSE), ["x.next", "x.t3", "x.b5", "x.t8", "x.filter"]),
        (departures, T.config(), ["x.next", "x.t3", "x.b5", "x.t8", "x.filter", "x.t6"]),
        (route, T.config(), ["r.operator", "r.notify"]), (settings, T.config(), ["g.alerts", "g.clear"]),
    ]

    @Test func transitLayoutsShowWhatTheSeriesSays() {
        let D = Self.departureIDs
        #expect(T.flagged(Self.departures, T.config()) == D)
        #expect(T.flagged(Self.departures, T.config(.iPadLandscape)) == D)
        #expect(T.flagged(Self.departures, Self.japaneseConfig(.iPhoneSE)) == D)
        // Dark at AX1: the light-only times pass, the caption clips; what is flagged does not grow but the
        // caption, and the last row is below the screen.
        #expect(
            T.flagged(Self.departures, T.config(.iPhone17Pro, .ax1, dark: true))
                == D.subtracting(Self.timeIDs(1...9)).union(["x.live"]))
        #expect(
            !Self.departures.screen(in: T.config(.iPhone17Pro, .ax1, dark: true)).elements.map(\.id).contains("x.t9"))
        #expect(
            T.flagged(Self.departures, T.config(.iPhone17ProMax, .ax3))
                == D.subtracting(Self.timeIDs(8...9)).union(["x.live"]))
        #expect(
            T.flagged(Self.departures, T.config(.iPhone17Pro, .ax2, scroll: 300))
                == D.subtracting(Self.timeIDs(1...2)).subtracting(["x.next", "x.b2"]))
        #expect(T.flagged(Self.route, T.config(.iPhoneSE, .ax2)) == Self.routeIDs)
        #expect(
            T.flagged(Self.settings, T.config(.iPhone17Pro, .ax1, dark: true))
                == Self.settingsIDs.subtracting(["g.clear"]))
    }

    /// The series' audits, recorded as the sources say when `sourced`.
    struct Series {
        var p: Probe

        init(sourced: Bool) throws {
            p = try Probe(sourced: sourced)
            if sourced {
                p.translations = T.catalogs(
                    TransitSeriesProbeTests.keys, of: [departures, route, settings], french: japanese, language: "ja")
            }
        }

        @discardableResult
        mutating func audit(_ layout: ScreenLayout, _ configuration: AuditConfiguration, fixed: Set<String> = [])
            throws -> ReportJudgement
        {
            try p.audit(
                layout, in: configuration, fixed: fixed, root: roots[layout.title], views: views,
                keys: TransitSeriesProbeTests.keys)
        }
    }

    @Test(arguments: [false, true])
    func aTransitAppInManyConfigurations(sourced: Bool) throws {
        var s = try Series(sourced: sourced)
        defer { s.p.remove() }
        func textScale(_ judged: ReportJudgement) -> Double { judged.screens.first?.configuration.textScale ?? 1 }
        let D = Self.departureIDs, R = Self.routeIDs, S = Self.settingsIDs

        s.p.expectFirst(try s.audit(Self.departures, T.config()), open: D)
        s.p.expect(try s.audit(Self.route, T.config()), new: R, notReaudited: D, fails: true, "route")
        s.p.expect(try s.audit(Self.settings, T.config()), new: S, notReaudited: D.union(R), fails: true, "settings")
        // Dark at AX1: what is flagged is fixed-size but the caption (new: it clips from AX1 up); "NEXT HOUR"
        // now scales (a Dynamic Type fix is seen at any size): resolved; the light-only times and the last row
        // below the screen: not re-audited.
        var fixed: Set<String> = ["x.next"]
        var open = D.subtracting(fixed)
        let darkAX1 = try s.audit(Self.departures, T.config(.iPhone17Pro, .ax1, dark: true), fixed: fixed)
        #expect(textScale(darkAX1) >= 1.2, "dark AX1 taken for text ×\(textScale(darkAX1))")
        s.p.expect(
            darkAX1, new: ["x.live"], resolved: ["x.next"], residual: open.subtracting(Self.timeIDs(1...9)),
            notReaudited: Self.timeIDs(1...9).union(R).union(S), fails: true, "departures dark AX1")
        open.insert("x.live")
        // The route on the smallest phone at AX2: the operator line scales now: resolved.
        s.p.expect(
            try s.audit(Self.route, T.config(.iPhoneSE, .ax2), fixed: ["r.operator"]), resolved: ["r.operator"],
            residual: R.subtracting(["r.operator"]), notReaudited: open.union(S), fails: false, "route SE AX2")
        var routeOpen = R.subtracting(["r.operator"])
        // An iPad in landscape, light, default size: the third time's contrast fixed (seen on any device in the
        // same appearance): resolved; the caption clipped only at AX1: not re-audited.
        fixed.insert("x.t3")
        open.remove("x.t3")
        s.p.expect(
            try s.audit(Self.departures, T.config(.iPadLandscape), fixed: fixed), resolved: ["x.t3"],
            residual: open.subtracting(["x.live"]), notReaudited: Set(["x.live"]).union(routeOpen).union(S),
            fails: false, "departures iPad landscape")
        // The largest phone at AX3: the fifth badge scales now (resolved); the caption clips (residual); the
        // last two rows below the screen: not re-audited.
        fixed.insert("x.b5")
        open.remove("x.b5")
        let ax3 = try s.audit(Self.departures, T.config(.iPhone17ProMax, .ax3), fixed: fixed)
        #expect(textScale(ax3) >= 1.5, "AX3 taken for text ×\(textScale(ax3))")
        s.p.expect(
            ax3, resolved: ["x.b5"], residual: open.subtracting(Self.timeIDs(8...9)),
            notReaudited: Self.timeIDs(8...9).union(routeOpen).union(S), fails: false, "departures Pro Max AX3")
        // Settings, dark at AX1: the alerts icon described: resolved; "Clear history" passes in the dark: not
        // re-audited.
        s.p.expect(
            try s.audit(Self.settings, T.config(.iPhone17Pro, .ax1, dark: true), fixed: ["g.alerts"]),
            resolved: ["g.alerts"], residual: ["g.home", "g.build"],
            notReaudited: open.union(routeOpen).union(["g.clear"]),
            fails: false, "settings dark AX1")
        let settingsOpen = S.subtracting(["g.alerts"])
        try scrolledThenJapanese(&s, fixed: fixed, open: open, others: routeOpen.union(settingsOpen))
        // The route again, light at the default size: "Notify me" made larger: resolved.
        routeOpen.remove("r.notify")
        let departuresOpen = open.subtracting(["x.t8", "x.filter", "x.t6"])
        s.p.expect(
            try s.audit(Self.route, T.config(), fixed: ["r.operator", "r.notify"]), resolved: ["r.notify"],
            residual: routeOpen, notReaudited: departuresOpen.union(settingsOpen), fails: false, "route again")
        // Settings again, light: "Clear history" fixed: resolved.
        s.p.expect(
            try s.audit(Self.settings, T.config(), fixed: ["g.alerts", "g.clear"]), resolved: ["g.clear"],
            residual: ["g.home", "g.build"], notReaudited: departuresOpen.union(routeOpen), fails: false,
            "settings again")
        s.p.finish("T. A transit app in many configurations")
    }

    /// The bars' icons from the smallest phone to a Pro (a random tour found it): the filter in the
    /// navigation bar and the tab in the tab bar sit below a taller status bar and above a home indicator
    /// on the Pro; each continues its own warning instead of new + resolved (or swapped).
    @Test(arguments: [false, true])
    func theBarsIconsContinueFromTheSmallestPhoneToAPro(sourced: Bool) throws {
        var s = try Series(sourced: sourced)
        defer { s.p.remove() }
        let first = T.config(.iPhoneSE, .xLarge)
        s.p.expectFirst(try s.audit(Self.departures, first), open: T.flagged(Self.departures, first))
        // Scrolled at AX2 on the SE: the bars' icons stay where they were.
        let scrolled = T.config(.iPhoneSE, .ax2, scroll: 250)
        let scrolledAudit = try s.audit(Self.departures, scrolled)
        #expect(s.p.changes(scrolledAudit)[2].isSuperset(of: ["x.filter", "x.tab"]))
        let next = T.config(.iPhone17Pro, .ax2, dark: true)
        let flagged = T.flagged(Self.departures, next)
        #expect(flagged.isSuperset(of: ["x.filter", "x.tab"]))
        let judged = try s.audit(Self.departures, next)
        let changes = s.p.changes(judged)
        #expect(changes[2].isSuperset(of: ["x.filter", "x.tab"]), "\(changes)")
        #expect(changes[0].isDisjoint(with: ["x.filter", "x.tab"]) && changes[1].isEmpty, "\(changes)")
        #expect(s.p.mispaired().isEmpty)
    }

    /// One key shown with several numbers keeps each row by its number in any language (a random tour found
    /// it): the smallest phone at AX3 in Japanese shows one badge ("2番線"); an iPad in English shows three.
    /// "Platform 2" continues it; the other two are new (not the second badge taking the first's warning).
    @Test func aBadgeKeepsItsNumberAcrossLanguages() throws {
        var s = try Series(sourced: true)
        defer { s.p.remove() }
        var japanese = Self.japaneseConfig(.iPhoneSE)
        japanese.textSize = .ax3
        let first = T.flagged(Self.departures, japanese)
        #expect(first.contains("x.b2") && first.isDisjoint(with: ["x.b5", "x.b7"]))
        s.p.expectFirst(try s.audit(Self.departures, japanese), open: first)
        let judged = try s.audit(Self.departures, T.config(.iPadLandscape, dark: true))
        let changes = s.p.changes(judged)
        #expect(changes[2].contains("x.b2") && changes[0].isSuperset(of: ["x.b5", "x.b7"]), "\(changes)")
        #expect(s.p.mispaired().isEmpty)
    }

    /// Times that kept their value tell the layout before the rest pair by count (a random tour found it):
    /// after the largest phone at AX3 in Japanese (the last two times below the screen), the smallest phone
    /// scrolled shows those two and not the first ones. Each keeps its own warning: the first two are not
    /// paired with the last two by count.
    @Test(arguments: [false, true])
    func timesScrolledIntoViewKeepTheirOwnWarnings(sourced: Bool) throws {
        var s = try Series(sourced: sourced)
        defer { s.p.remove() }
        let first = T.config(.iPhone17ProMax, .xLarge)
        s.p.expectFirst(try s.audit(Self.departures, first), open: T.flagged(Self.departures, first))
        var japanese = Self.japaneseConfig(.iPhone17ProMax)
        japanese.textSize = .ax3
        #expect(T.flagged(Self.departures, japanese).isDisjoint(with: ["x.t8", "x.t9"]))
        try s.audit(Self.departures, japanese)
        let scrolled = T.config(.iPhoneSE, .xLarge, scroll: 250)
        let shown = T.flagged(Self.departures, scrolled)
        #expect(shown.isSuperset(of: ["x.t8", "x.t9"]) && shown.isDisjoint(with: ["x.t1", "x.t2"]))
        let judged = try s.audit(Self.departures, scrolled)
        let changes = s.p.changes(judged)
        #expect(changes[2].isSuperset(of: ["x.t8", "x.t9"]), "\(changes)")
        #expect(changes[1].isEmpty, "\(changes)")
        #expect(s.p.mispaired().isEmpty)
    }

    /// The departures scrolled at AX2, then in Japanese on the smallest phone, then in English.
    func scrolledThenJapanese(_ s: inout Series, fixed: Set<String>, open: Set<String>, others: Set<String>) throws {
        var fixed = fixed, open = open
        // AX2 scrolled by 300 pt: the eighth time's contrast fixed (resolved); the caption, the first two rows
        // and their badge scrolled away: not re-audited.
        fixed.insert("x.t8")
        open.remove("x.t8")
        let away = Self.timeIDs(1...2).union(["x.live", "x.b2"])
        s.p.expect(
            try s.audit(Self.departures, T.config(.iPhone17Pro, .ax2, scroll: 300), fixed: fixed), resolved: ["x.t8"],
            residual: open.subtracting(away), notReaudited: away.union(others), fails: false,
            "departures AX2 scrolled")
        // Japanese on the smallest phone: the filter described (resolved); every time and badge continues its
        // own row; the caption, clipped only at accessibility sizes: not re-audited.
        fixed.insert("x.filter")
        open.remove("x.filter")
        s.p.expect(
            try s.audit(Self.departures, Self.japaneseConfig(.iPhoneSE), fixed: fixed), resolved: ["x.filter"],
            residual: open.subtracting(["x.live"]), notReaudited: Set(["x.live"]).union(others), fails: false,
            "departures Japanese SE")
        // English on the first phone: the sixth time fixed: resolved.
        fixed.insert("x.t6")
        open.remove("x.t6")
        s.p.expect(
            try s.audit(Self.departures, T.config(), fixed: fixed), resolved: ["x.t6"],
            residual: open.subtracting(["x.live"]),
            notReaudited: Set(["x.live"]).union(others), fails: false, "departures English")
    }
}
