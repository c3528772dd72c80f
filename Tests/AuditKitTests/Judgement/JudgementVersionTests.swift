import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The judgement version cannot be forgotten: fixed series of the layout probes (the pantry's three
/// screens in many configurations, the meal plan at four text sizes, the grocery list scrolled and in
/// French, the store on three devices, the workout log's and the transit app's tours; each with sources and
/// without) are judged, and the digest of every verdict they state must be
/// the one recorded for `JudgementRecord.currentJudgementVersion`. A change of the judgement's code that
/// changes any verdict fails here until the version is raised and its digest recorded (CONTRIBUTING.md,
/// "Raising the judgement version"), so a record written before it is judged again.
@Suite struct JudgementVersionTests {
    typealias Layouts = LayoutModelProbeTests

    /// The series' verdict lines, with and without sources.
    static func verdictLines() throws -> [String] {
        var lines: [String] = []
        for sourced in [false, true] {
            lines += try pantryTour(sourced: sourced).map { "pantry \(sourced) \($0)" }
            lines += try mealPlanSizes(sourced: sourced).map { "meals \(sourced) \($0)" }
            lines += try groceryScrolls(sourced: sourced).map { "groceries \(sourced) \($0)" }
            lines += try storeAcrossDevices(sourced: sourced).map { "store \(sourced) \($0)" }
            lines += try workoutTour(sourced: sourced).map { "workouts \(sourced) \($0)" }
            lines += try transitTour(sourced: sourced).map { "transit \(sourced) \($0)" }
            // The random tours CI runs: they change with what the hand-written series miss.
            for seed in (0..<4).map(RandomTourProbeTests.seed) {
                lines += try RandomTourProbeTests.tour(seed: seed, sourced: sourced).lines.map {
                    "random \(seed) \(sourced) \($0)"
                }
            }
        }
        return lines
    }

    /// The pantry's list, detail and settings through phones, text sizes, appearances, a scroll and French,
    /// with fixes along the way.
    static func pantryTour(sourced: Bool) throws -> [String] {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        if sourced {
            p.translations = Layouts.catalogs(
                Layouts.pantryKeys, of: [Layouts.list, Layouts.detail, Layouts.settings], french: Layouts.pantryFrench)
        }
        let roots = ["Pantry": "PantryListView", "Olive oil": "ItemDetailView", "Settings": "SettingsView"]
        let tour: [(ScreenLayout, AuditConfiguration, Set<String>)] = [
            (Layouts.list, Layouts.config(), []),
            (Layouts.detail, Layouts.config(), []),
            (Layouts.settings, Layouts.config(), []),
            (Layouts.list, Layouts.config(.iPhone17Pro, .xxLarge), ["l.count"]),
            (Layouts.list, Layouts.config(.iPhone17Pro, .ax3), ["l.count"]),
            (Layouts.settings, Layouts.config(.iPhone17Pro, .ax2, dark: true), ["s.help"]),
            (Layouts.list, Layouts.config(.iPhoneSE), ["l.count", "l.shop"]),
            (Layouts.list, Layouts.config(.iPhone17ProMax, .ax3, scroll: 120), ["l.count"]),
            (Layouts.detail, Layouts.config(.iPadLandscape, dark: true), ["d.photo"]),
            (Layouts.list, Layouts.config(.iPadLandscape), ["l.count", "l.add"]),
            (Layouts.list, Layouts.config(french: Layouts.pantryFrench), ["l.count"]),
            (Layouts.settings, Layouts.config(), ["s.help", "s.version"]),
        ]
        for (layout, configuration, fixed) in tour {
            try p.audit(
                layout, in: configuration, fixed: fixed, root: roots[layout.title], views: Layouts.pantryViews,
                keys: Layouts.pantryKeys)
        }
        return p.verdictLines()
    }

    /// The meal plan at the default size, AX3, xxLarge and back, a meal fixed at the large size.
    static func mealPlanSizes(sourced: Bool) throws -> [String] {
        var p = try Probe(sourced: sourced)
        defer { p.remove() }
        let sizes: [(TextSize, Set<String>)] = [
            (.large, []), (.ax3, []), (.large, []), (.xxLarge, ["m.meal2"]), (.ax3, ["m.meal2"]), (.large, ["m.meal2"]),
        ]
        for (size, fixed) in sizes {
            try p.audit(
                Layouts.mealPlan, in: Layouts.config(.iPhone17Pro, size), fixed: fixed, root: "MealPlanView",
                views: Layouts.mealViews, keys: Layouts.mealKeys)
        }
        return p.verdictLines()
    }

    /// The grocery list unscrolled, scrolled, in French, scrolled in French with "Edit" fixed, and back; and a
    /// history that starts scrolled in French, then the top in English and in French.
    static func groceryScrolls(sourced: Bool) throws -> [String] {
        var s = try Layouts.grocerySeries(sourced: sourced)
        defer { s.p.remove() }
        try s.audit(Layouts.groceries())
        try s.audit(Layouts.groceries(scroll: 340))
        try s.audit(Layouts.groceries(french: true))
        try s.audit(Layouts.groceries(scroll: 340, french: true), fixed: ["g.edit"])
        try s.audit(Layouts.groceries(), fixed: ["g.edit"])
        // A history that starts scrolled in French: the rows below the fold it flagged stay under the
        // bottom bar through the unscrolled audits after it.
        var french = try Layouts.grocerySeries(sourced: sourced)
        defer { french.p.remove() }
        try french.audit(Layouts.groceries(scroll: 340, french: true))
        try french.audit(Layouts.groceries())
        try french.audit(Layouts.groceries(french: true))
        return s.p.verdictLines() + french.p.verdictLines().map { "from French \($0)" }
    }

    /// The store at the default size, its logo described and audited next on an iPad in landscape, then on
    /// a larger phone in the dark at AX2 and the smallest phone at xxLarge: places across a wider screen,
    /// a fix seen in another configuration.
    static func storeAcrossDevices(sourced: Bool) throws -> [String] {
        var s = try Layouts.storeSeries(sourced: sourced)
        defer { s.p.remove() }
        try s.audit(Layouts.config())
        // The iPad first: the logo fixed there is resolved there (the edges of a wider screen).
        for index in [1, 0, 2] { try s.audit(Layouts.logoConfigurations[index].configuration, fixed: ["k.logo"]) }
        return s.p.verdictLines()
    }

    /// The workout log through a larger text size, AX3, the smallest and largest phones, dark at AX2, an iPad,
    /// AX3 scrolled, German and English, an element fixed before most of them (`WorkoutSeriesProbeTests.tour`).
    static func workoutTour(sourced: Bool) throws -> [String] {
        var s = try WorkoutSeriesProbeTests.series(sourced: sourced)
        defer { s.p.remove() }
        var fixed: Set<String> = []
        for step in WorkoutSeriesProbeTests.tour {
            if let element = step.fixed { fixed.insert(element) }
            try s.audit(step.configuration, fixed: fixed)
        }
        return s.p.verdictLines()
    }

    /// The transit app's departures, route and settings through dark AX1, the smallest phone at AX2, an
    /// iPad, the largest phone at AX3, AX2 scrolled, Japanese and English (`TransitSeriesProbeTests.tour`).
    static func transitTour(sourced: Bool) throws -> [String] {
        var s = try TransitSeriesProbeTests.Series(sourced: sourced)
        defer { s.p.remove() }
        for step in TransitSeriesProbeTests.tour { try s.audit(step.layout, step.configuration, fixed: step.fixed) }
        return s.p.verdictLines()
    }

    @Test func theVerdictsAreTheOnesRecordedForTheCurrentVersion() throws {
        let lines = try Self.verdictLines()
        #expect(lines.count > 300, "the series state \(lines.count) lines")
        var hash = SHA256()
        hash.update(Data(lines.joined(separator: "\n").utf8))
        let digest = hash.finalizeHex()
        let recorded = JudgementRecord.verdictDigests.last
        #expect(
            recorded?.version == JudgementRecord.currentJudgementVersion,
            "the latest recorded digest is for version \(recorded?.version ?? 0), the code's version is \(JudgementRecord.currentJudgementVersion)"
        )
        #expect(
            recorded?.digest == digest,
            """
            The judgement's verdicts on the fixed series changed: raise JudgementRecord.currentJudgementVersion \
            to \(JudgementRecord.currentJudgementVersion + 1) and append (\(JudgementRecord.currentJudgementVersion + 1), \
            "\(digest)") to JudgementRecord.verdictDigests (CONTRIBUTING.md, "Raising the judgement version").
            """)
    }

    @Test func eachVersionRecordsItsOwnDigest() {
        let digests = JudgementRecord.verdictDigests
        #expect(Set(digests.map(\.digest)).count == digests.count, "two versions recorded with the same verdicts")
        #expect(zip(digests, digests.dropFirst()).allSatisfy { $0.version < $1.version })
    }

    @Test func theVerdictLinesNameEveryChange() throws {
        // The digest is only as strong as its lines: a fix resolved, a row below the fold not re-audited.
        let lines = try Self.mealPlanSizes(sourced: false)
        #expect(lines.contains { $0.contains(" resolved ") && $0.contains("m.meal2@2") })
        #expect(lines.contains { $0.hasPrefix("1 not re-audited ") && $0.contains("m.note@0") })
        #expect(lines.contains { $0.hasPrefix("1 m.caption@1 is m.caption@1 new open") })
    }
}
