import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A held-out style series of issue 57 in the spirit of the ones its reviewers run, on another app and
/// other numbers than `LayoutModelProbeTests`: a workout log's list audited at xxLarge, AX3 (rows pushed
/// below the screen), on the smallest and largest phones, dark at AX2, on an iPad in landscape, scrolled at
/// AX3, and in German, with fixes audited next in another configuration. Expectations are what
/// `configurations.md` answers, with and without sources.
@Suite struct WorkoutSeriesProbeTests {
    typealias T = LayoutModelProbeTests

    static let names = ["Morning run", "Yoga", "Cycling", "Rowing", "Swim", "Hill sprints", "Pilates", "Long run"]
    static let germanNames = [
        "Morning run": "Morgenlauf", "Cycling": "Radfahren", "Rowing": "Rudern", "Swim": "Schwimmen",
        "Hill sprints": "Bergsprints", "Long run": "Langer Lauf",
    ]
    /// One fingerprint once digits fold: only each row's place (and its exact value) tells them apart.
    static let durations = ["45 min", "60 min", "90 min", "30 min", "40 min", "25 min", "55 min", "120 min"]

    static let list = ScreenLayout(
        title: "Workouts", topBar: [T.control(T.button("w.add", "Add", width: 32))],
        rows: [
            T.row(
                30, 16,
                T.text(
                    "w.caption", "Swipe a workout to log it again", code: 32, width: 230, height: 16,
                    flagged: .whenClipped)),
            T.row(40, 0, T.fixedSize("w.header", "THIS MONTH", width: 90)),
        ]
            + names.indices.map { index in
                let number = index + 1
                var items = [
                    [2, 5].contains(number)
                        ? T.text("w.n\(number)", names[index], width: 110, flagged: .inLight, reserve: 100)
                        : T.plain("c.n\(number)", names[index], width: 110, reserve: 100),
                    T.fixedSize("w.d\(number)", durations[index], width: 52, at: .trailing, x: 28),
                ]
                if [3, 6].contains(number) { items.append(T.control(T.icon("w.h\(number)", 5, size: 20))) }
                return LayoutRow(height: 56, line: 22, items)
            } + [T.row(44, 16, T.text("w.total", "Total: 7 h 45 min", width: 140, height: 16))],
        bottomBar: [T.control(T.icon("w.tab", 4), at: .center)])

    static let german = germanNames.merging([
        "Workouts": "Trainings", "Add": "Hinzufügen",
        "Swipe a workout to log it again": "Wische über ein Training, um es erneut zu erfassen",
        "THIS MONTH": "DIESEN MONAT", "Total: 7 h 45 min": "Gesamt: 7 Std. 45 Min.",
    ]) { first, _ in first }

    @Test func workoutLayoutsShowWhatTheSeriesSays() {
        let all = Self.durations(1...8).union(["w.add", "w.header", "w.h3", "w.h6", "w.n2", "w.n5", "w.tab", "w.total"])
        #expect(T.flagged(Self.list, T.config()) == all)
        #expect(T.flagged(Self.list, T.config(.iPhone17ProMax)) == all)
        #expect(T.flagged(Self.list, T.config(.iPadLandscape)) == all)
        // AX3: the caption clips; the last two rows and the total are pushed below the screen.
        #expect(
            T.flagged(Self.list, T.config(.iPhone17Pro, .ax3))
                == all.subtracting(Self.durations(7...8)).subtracting(["w.total"]).union(["w.caption"]))
        #expect(T.flagged(Self.list, T.config(.iPhoneSE)) == all.subtracting(["w.total"]))
        // Dark at AX2: the light-only contrast passes, the last row and the total are below the screen.
        #expect(
            T.flagged(Self.list, T.config(.iPhone17Pro, .ax2, dark: true))
                == all.subtracting(["w.n2", "w.n5", "w.d8", "w.total"]).union(["w.caption"]))
        #expect(
            T.flagged(Self.list, T.config(.iPhone17Pro, .ax3, scroll: 400))
                == Self.durations(3...8).union(["w.add", "w.h3", "w.h6", "w.n5", "w.tab", "w.total"]))
        // In German the longer caption clips at the default size.
        #expect(T.flagged(Self.list, T.config(french: Self.german)) == all.union(["w.caption"]))
    }

    static let views: [String: String] = {
        var views = ["w.add": "WorkoutListView", "w.caption": "WorkoutListView", "w.header": "WorkoutListView"]
        for id in ["w.total", "w.tab"] { views[id] = "WorkoutListView" }
        for number in 1...8 { views["w.d\(number)"] = "WorkoutRow" }
        for number in [2, 5] { views["w.n\(number)"] = "WorkoutRow" }
        for number in [3, 6] { views["w.h\(number)"] = "WorkoutRow" }
        return views
    }()
    static let keys = [
        "w.add": "workouts.add", "w.caption": "workouts.hint", "w.header": "workouts.thisMonth",
        "w.total": "workouts.total", "w.n2": "workout.yoga", "w.n5": "workout.swim",
    ]

    static func durations(_ numbers: ClosedRange<Int>) -> Set<String> { Set(numbers.map { "w.d\($0)" }) }

    static func series(sourced: Bool) throws -> T.ScreenSeries {
        try T.ScreenSeries(
            sourced: sourced, list, root: "WorkoutListView", views: views, keys: keys, french: german)
    }

    /// The series' audits in order: each configuration and the element fixed before it (the judgement
    /// version's digest replays them, `JudgementVersionTests`).
    static let tour: [(configuration: AuditConfiguration, fixed: String?)] = [
        (T.config(), nil), (T.config(.iPhone17Pro, .xxLarge), "w.h3"), (T.config(.iPhone17Pro, .ax3), nil),
        (T.config(.iPhoneSE), "w.header"), (T.config(.iPhone17ProMax), "w.n2"),
        (T.config(.iPhone17Pro, .ax2, dark: true), "w.tab"), (T.config(.iPadLandscape), "w.add"),
        (T.config(.iPhone17Pro, .ax3, scroll: 400), nil), (T.config(french: german), "w.d4"), (T.config(), "w.n5"),
    ]

    @Test(arguments: [false, true])
    func aWorkoutLogInManyConfigurations(sourced: Bool) throws {
        var s = try Self.series(sourced: sourced)
        defer { s.p.remove() }
        let all = Self.durations(1...8).union(["w.add", "w.header", "w.h3", "w.h6", "w.n2", "w.n5", "w.tab", "w.total"])
        s.p.expectFirst(try s.audit(T.config()), open: all)
        // xxLarge: the heart described (a description is seen in any configuration): resolved.
        var fixed: Set<String> = ["w.h3"]
        var open = all.subtracting(fixed)
        s.p.expect(
            try s.audit(T.config(.iPhone17Pro, .xxLarge), fixed: fixed), resolved: ["w.h3"], residual: open,
            fails: false, "xxLarge")
        // AX3: the caption clips (new); the last two rows and the total below the screen: not re-audited.
        let below = Self.durations(7...8).union(["w.total"])
        s.p.expect(
            try s.audit(T.config(.iPhone17Pro, .ax3), fixed: fixed), new: ["w.caption"],
            residual: open.subtracting(below),
            notReaudited: below, fails: true, "AX3")
        open.insert("w.caption")
        // The smallest phone: the header scales now (resolved); the caption clipped only at AX3 and the total
        // below this screen: not re-audited.
        fixed.insert("w.header")
        open.remove("w.header")
        s.p.expect(
            try s.audit(T.config(.iPhoneSE), fixed: fixed), resolved: ["w.header"],
            residual: open.subtracting(["w.caption", "w.total"]), notReaudited: ["w.caption", "w.total"], fails: false,
            "SE")
        // The largest phone: Yoga's contrast fixed: resolved.
        fixed.insert("w.n2")
        open.remove("w.n2")
        s.p.expect(
            try s.audit(T.config(.iPhone17ProMax), fixed: fixed), resolved: ["w.n2"],
            residual: open.subtracting(["w.caption"]), notReaudited: ["w.caption"], fails: false, "Pro Max")
        // Dark at AX2: the tab icon described (resolved); Swim's contrast is light-only, the last row and the
        // total below the screen: not re-audited; the caption clips at AX2 too: residual.
        fixed.insert("w.tab")
        open.remove("w.tab")
        let unseenDark: Set<String> = ["w.n5", "w.d8", "w.total"]
        s.p.expect(
            try s.audit(T.config(.iPhone17Pro, .ax2, dark: true), fixed: fixed), resolved: ["w.tab"],
            residual: open.subtracting(unseenDark), notReaudited: unseenDark, fails: false, "dark AX2")
        // An iPad in landscape: "Add" made larger: resolved.
        fixed.insert("w.add")
        open.remove("w.add")
        s.p.expect(
            try s.audit(T.config(.iPadLandscape), fixed: fixed), resolved: ["w.add"],
            residual: open.subtracting(["w.caption"]), notReaudited: ["w.caption"], fails: false, "iPad landscape")
        // AX3 scrolled by 400 pt: the first two rows and the caption scrolled away; the total back.
        let scrolledAway = Self.durations(1...2).union(["w.caption"])
        s.p.expect(
            try s.audit(T.config(.iPhone17Pro, .ax3, scroll: 400), fixed: fixed),
            residual: open.subtracting(scrolledAway),
            notReaudited: scrolledAway, fails: false, "AX3 scrolled")
        try germanThenEnglish(&s, fixed: fixed, open: open)
        s.p.finish("W. A workout log in many configurations")
    }

    /// The series' last two audits: German at the default size, then English.
    func germanThenEnglish(_ s: inout T.ScreenSeries, fixed: Set<String>, open: Set<String>) throws {
        var fixed = fixed, open = open
        // German at the default size: the fourth duration scales (resolved); the longer caption clips here too
        // (residual); Swim and the total in German continue.
        fixed.insert("w.d4")
        open.remove("w.d4")
        s.p.expect(
            try s.audit(T.config(french: Self.german), fixed: fixed), resolved: ["w.d4"], residual: open, fails: false,
            "German")
        // English at the default size: Swim's contrast fixed (resolved); the caption, clipped only in German and
        // at larger sizes: not re-audited.
        fixed.insert("w.n5")
        open.remove("w.n5")
        // Without sources the Inspector's own titles name the German audit's language.
        s.p.expect(
            try s.audit(T.config(), fixed: fixed), resolved: ["w.n5"], residual: open.subtracting(["w.caption"]),
            notReaudited: ["w.caption"], fails: false, "English")
    }
}
