import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Random tours of the transit app's three screens (`TransitSeriesProbeTests`) through devices, text sizes,
/// appearances, scrolls and Japanese, one element fixed now and then, checked against what the layouts say
/// rather than hand-written expectations: an element flagged again is residual and one flagged for the first
/// time new; only a fixed element is ever resolved (a row pushed below the screen or scrolled away is never
/// fixed); a fixed element of a kind any configuration shows (Dynamic Type, a description, a hit region) is
/// resolved by the first audit showing it well inside the screen; no two elements share a warning. Seeds
/// are fixed: the same tours every run (`AUDITKIT_RANDOM_TOURS` runs more of them; `AUDITKIT_TOUR_TRACE`
/// prints each audit's screens and verdicts).
@Suite struct RandomTourProbeTests {
    typealias T = LayoutModelProbeTests
    typealias Transit = TransitSeriesProbeTests

    static let devices: [AuditDevice] = [.iPhone17Pro, .iPhoneSE, .iPhone17ProMax, .iPadLandscape]
    static let sizes: [TextSize] = [.large, .large, .xLarge, .xxLarge, .ax1, .ax2, .ax3]

    static var seeds: [UInt64] {
        let count = ProcessInfo.processInfo.environment["AUDITKIT_RANDOM_TOURS"].flatMap(Int.init) ?? 4
        return (0..<UInt64(count)).map(seed)
    }

    /// The seed of tour `index`.
    static func seed(_ index: UInt64) -> UInt64 { index &* 0x9E37_79B9 &+ 17 }

    /// One step of a tour: where it was, what the layout flags, what the history said changed (new,
    /// resolved, residual, not re-audited), the elements fixed so far and those flagged before it.
    struct Step {
        var place: String
        var flagged: Set<String>
        var changes: [Set<String>]
        var fixed: Set<String>
        var everFlagged: Set<String>
    }

    /// The tour of `seed`: 12 audits of random screens and configurations, one element fixed now and then,
    /// each audit's step given to `each`; its history's verdict lines, and what it paired wrongly.
    static func tour(seed: UInt64, sourced: Bool, each: (Step) -> Void = { _ in }) throws
        -> (lines: [String], mispaired: [String])
    {
        var rng = SplitMix64(seed: seed)
        var s = try Transit.Series(sourced: sourced)
        defer { s.p.remove() }
        var fixed: Set<String> = []
        var everFlagged: Set<String> = []
        for step in 0..<12 {
            let layout = [Transit.departures, Transit.departures, Transit.route, Transit.settings][Int(rng.next() % 4)]
            let device = Self.devices[Int(rng.next() % UInt64(Self.devices.count))]
            let size = Self.sizes[Int(rng.next() % UInt64(Self.sizes.count))]
            let japanese = rng.next() % 5 == 0
            var configuration =
                japanese ? Transit.japaneseConfig(device) : T.config(device, size, dark: rng.next() % 3 == 0)
            if japanese { configuration.textSize = size }
            if layout.title == "Departures", rng.next() % 4 == 0 { configuration.scroll = 250 }
            // Fix one element this screen flags, now and then.
            let flaggable = T.flagged(layout, configuration).subtracting(fixed).sorted()
            if step > 0, !flaggable.isEmpty, rng.next() % 2 == 0 {
                fixed.insert(flaggable[Int(rng.next() % UInt64(flaggable.count))])
            }
            let screen = layout.screen(in: configuration, fixed: fixed)
            let flagged = Set(screen.elements.filter(\.flagged).map(\.id))
            let judged = try s.audit(layout, configuration, fixed: fixed)
            if ProcessInfo.processInfo.environment["AUDITKIT_TOUR_TRACE"] != nil {
                Self.trace(judged, step, layout, configuration)
            }
            // The history's first audit has nothing to compare with: every warning is first audited.
            if step > 0 {
                each(
                    Step(
                        place: "seed \(seed) step \(step) \(layout.title) \(configuration.notes)", flagged: flagged,
                        changes: s.p.changes(judged), fixed: fixed, everFlagged: everFlagged))
            }
            everFlagged.formUnion(flagged)
        }
        return (s.p.verdictLines(), s.p.mispaired())
    }

    @Test(arguments: [false, true])
    func randomToursKeepWhatTheLayoutsSay(sourced: Bool) throws {
        var wrong: [String] = []
        var decisions = 0
        for seed in Self.seeds {
            let mispaired = try Self.tour(seed: seed, sourced: sourced) { step in
                let changes = step.changes
                for id in step.flagged {
                    decisions += 1
                    let expected = step.everFlagged.contains(id) ? 2 : 0
                    if !changes[expected].contains(id)
                        || changes.indices.contains(where: { $0 != expected && changes[$0].contains(id) })
                    {
                        wrong.append(
                            "\(step.place): \(id) flagged, expected \(expected == 2 ? "residual" : "new"), got \(Self.states(changes, id))"
                        )
                    }
                }
                for id in changes[1] where !step.fixed.contains(id) {
                    wrong.append("\(step.place): \(id) resolved but not fixed")
                }
                decisions += changes[1].count
            }.mispaired
            if !mispaired.isEmpty { wrong.append("seed \(seed): mispaired \(mispaired)") }
        }
        print("Random tours (\(sourced ? "with" : "without") sources): \(decisions - wrong.count)/\(decisions) right")
        for line in wrong { print("  " + line) }
        // The tours found what the hand-written series did not: look-alikes (badges, times) split or swapped
        // after scrolls and device changes, and a layout told by one row taken for the default size.
        withKnownIssue(
            "Issue 57, open: random tours of the transit app are not every decision right (2026-12-07, the 4 tours CI runs: 330/341 with sources, 281/341 without)"
        ) {
            #expect(wrong.isEmpty)
        }
    }

    /// Prints audit `step` of a tour: each screen as the history identified it, then each verdict.
    static func trace(
        _ judged: ReportJudgement, _ step: Int, _ layout: ScreenLayout, _ configuration: AuditConfiguration
    ) {
        for screen in judged.screens {
            print(
                "audit \(step) \(layout.title) \(configuration.notes): \(screen.screen), compared with "
                    + "\(screen.comparedWith?.fileName ?? "none"), \(screen.configuration.notes) \(screen.evidence ?? "")"
            )
        }
        for verdict in judged.verdicts {
            let issue = verdict.issue
            print(
                "  \(issue.elementText ?? "-") \(issue.testType) \(verdict.change.map { "\($0)" } ?? "-") "
                    + "\(issue.rect.map { "\($0)" } ?? "-") \(verdict.continues.map { "by \($0.stage) from \($0.audit.fileName)" } ?? "")"
                    + " \(verdict.warning)")
        }
    }

    static func states(_ changes: [Set<String>], _ id: String) -> String {
        let names = ["new", "resolved", "residual", "not re-audited"]
        let found = changes.indices.filter { changes[$0].contains(id) }.map { names[$0] }
        return found.isEmpty ? "nothing" : found.joined(separator: " and ")
    }
}

extension AuditConfiguration {
    /// What differs from the iPhone 17 Pro, light, default size, unscrolled, in English.
    var notes: String {
        var notes: [String] = []
        if device.width != AuditDevice.iPhone17Pro.width { notes.append("\(device.width)x\(device.height)") }
        if textSize != .large { notes.append("\(textSize)") }
        if dark { notes.append("dark") }
        if scroll > 0 { notes.append("scroll \(Int(scroll))") }
        if !translations.isEmpty { notes.append("ja") }
        return notes.joined(separator: " ")
    }
}
