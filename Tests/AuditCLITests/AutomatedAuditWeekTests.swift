import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A week of Appium runs of one checkout screen, the team fixing one warning a day: an automated audit
/// audits its whole screen, so each run resolves the warning fixed the day before, and the trend goes
/// down by one a day in `trend`, the site and the sessions.
@Suite struct AutomatedAuditWeekTests {
    /// The checkout screen's seven flagged elements, the first fixed first; two have no identifier.
    static let elements: [(identifier: String?, type: String, label: String, auditType: String, title: String)] = [
        ("checkout.pay", "Button", "Pay now", "HitRegion", "Hit area is too small"),
        ("checkout.total", "StaticText", "Total", "Contrast", "Contrast failed"),
        (nil, "StaticText", "Promo code", "DynamicType", "Dynamic Type font sizes are unsupported"),
        ("checkout.card", "Button", "Card", "HitRegion", "Hit area is too small"),
        (nil, "StaticText", "Terms apply", "TextClipped", "Text clipped"),
        ("checkout.back", "Button", "Back", "SufficientElementDescription", "Element has no description"),
        ("checkout.help", "Button", "Help", "HitRegion", "Hit area is too small"),
    ]

    /// Day `day` (0-based): the elements not fixed yet, each moved up as the rows above it went.
    static func run(day: Int) -> AutomatedAuditFixture {
        AutomatedAuditFixture(
            items: elements.dropFirst(day).enumerated().map { row, element in
                .init(
                    auditType: "XCUIAccessibilityAuditType" + element.auditType, compact: element.title,
                    element: .init(
                        identifier: element.identifier, type: element.type, label: element.label,
                        rect: (20, 100 + Double(row) * 60, 100, 30)))
            })
    }

    static func makeProject() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("Reports"), withIntermediateDirectories: true)
        for day in 0..<7 {
            try run(day: day).write(
                to: directory.file("Reports/AXAudit_2026-05-0\(day + 1)_10-00-00.json"),
                day.isMultiple(of: 2) ? .appium : .bare)
        }
        return directory
    }

    @Test func aWarningFixedEachDayIsResolvedEachDay() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let ingest = try runTool(["ingest", "Reports"], in: project.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")

        // `trend`: one screen, its open warnings 7, 6, …, 1.
        let trend = try runTool(["trend", "--format", "json"], in: project.path)
        #expect(trend.status == 0, "\(trend.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(trend.stdout.utf8)) as? [String: Any])
        let columns = try #require(json["columns"] as? [[String: Any]])
        #expect(columns.compactMap { $0["openCount"] as? Int } == [7, 6, 5, 4, 3, 2, 1], "\(trend.stdout)")
        #expect(columns.allSatisfy { $0["partial"] as? Bool == false })
        let text = try runTool(["trend"], in: project.path)
        #expect(!text.stdout.contains("Not re-audited"), "\(text.stdout)")
        #expect(!text.stdout.contains("of AXAudit_2026-05-07"), "one screen, not a second one: \(text.stdout)")

        // Each day's `diff`: the warning fixed that day resolved, the others residual, nothing else.
        for day in 1..<7 {
            let diff = try runTool(["diff", "\(day)", "\(day + 1)", "--format", "json"], in: project.path)
            #expect(diff.status == 0, "\(diff.stderr)")
            let changes = try #require(
                try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
            #expect((changes["new"] as? [Any])?.count == 0, "day \(day + 1): \(diff.stdout)")
            #expect((changes["resolved"] as? [Any])?.count == 1, "day \(day + 1): \(diff.stdout)")
            #expect((changes["residual"] as? [Any])?.count == 7 - day, "day \(day + 1): \(diff.stdout)")
            #expect((changes["notReaudited"] as? [Any] ?? []).isEmpty, "day \(day + 1): \(diff.stdout)")
        }

        // The sessions say the same, each against the day before.
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        for day in 1..<7 {
            #expect(
                log.contains(
                    "against `AXAudit_2026-05-0\(day)_10-00-00.json`: 0 new, 1 resolved, \(7 - day) residual."),
                "session \(day + 1): \(log)")
        }
        #expect(!log.contains("not re-audited"), "\(log)")

        // The site's trend table: the total goes down by one a day.
        let index = try String(contentsOfFile: project.file("Reports/index.html"), encoding: .utf8)
        let totals = (1...7).reversed().map { "<td class=\"num\">\($0)</td>" }.joined()
        #expect(index.contains("<th scope=\"row\">Total</th>" + totals), "\(index)")

        // No thumbnail is expected of a result without a screenshot: said once per report, not per issue.
        let notes = ingest.stderr.split(separator: "\n").filter { $0.contains("AXAudit_2026-05-01_10-00-00.json") }
        #expect(notes.count == 1, "\(ingest.stderr)")
    }

    /// Writes `fixture` as `Reports/AXAudit_2026-05-DD_10-00-00.json` of `project`.
    static func write(
        _ fixture: AutomatedAuditFixture, day: Int, _ wrapper: AutomatedAuditFixture.Wrapper,
        in project: TemporaryDirectory
    ) throws -> String {
        let path = "Reports/AXAudit_2026-05-\(day < 10 ? "0" : "")\(day)_10-00-00.json"
        try fixture.write(to: project.file(path), wrapper)
        return path
    }

    @Test func aCleanRunResolvesTheScreenItNamesAndNothingWithoutAName() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.file("Reports"), withIntermediateDirectories: true)
        // Two runs the recorder named Checkout (no screenshot), then three clean runs.
        // Each run's file differs (the same bytes twice are one report).
        func named(_ day: Int) -> AutomatedAuditFixture {
            var run = Self.run(day: 0)
            run.screenName = "Checkout"
            run.items = run.items.map { item in
                var item = item
                item.detailed = "Run of day \(day)."
                return item
            }
            return run
        }
        for day in 1...2 { _ = try Self.write(named(day), day: day, .recorder, in: project) }
        let first = try runTool(["ingest", "Reports"], in: project.path)
        #expect(first.status == 0, "\(first.stderr)")

        // A clean Appium run without a name resolves nothing, and says how to name its screen.
        let bare = try Self.write(AutomatedAuditFixture(items: []), day: 3, .bare, in: project)
        let unnamed = try runTool(["audit", bare], in: project.path)
        #expect(unnamed.status == 0, "\(unnamed.stderr)")
        #expect(
            unnamed.stdout.contains("nothing resolved (a clean run: name it with --screen NAME"), "\(unnamed.stdout)")
        let still = try runTool(["diff", "2", "3", "--format", "json"], in: project.path)
        #expect(try Self.count("resolved", still.stdout) == 0, "\(still.stdout)")

        // With --screen it resolves every warning of Checkout.
        let given = try Self.write(AutomatedAuditFixture(items: [], screenName: nil), day: 4, .appium, in: project)
        let screen = try runTool(["audit", given, "--screen", "checkout"], in: project.path)
        #expect(screen.status == 0, "\(screen.stderr)")
        let diff = try runTool(["diff", "2", "4", "--format", "json"], in: project.path)
        #expect(try Self.count("resolved", diff.stdout) == 7, "\(diff.stdout)")
        #expect(try Self.count("new", diff.stdout) == 0, "\(diff.stdout)")

        // The warnings come back, then the recorder's clean run named Checkout resolves them again.
        _ = try Self.write(named(5), day: 5, .recorder, in: project)
        var clean = AutomatedAuditFixture(items: [])
        clean.screenName = "Checkout"
        _ = try Self.write(clean, day: 6, .recorder, in: project)
        let again = try runTool(["ingest", "Reports"], in: project.path)
        #expect(again.status == 0, "\(again.stderr)")
        let last = try runTool(["diff", "5", "6", "--format", "json"], in: project.path)
        #expect(try Self.count("resolved", last.stdout) == 7, "\(last.stdout)")
        let trend = try runTool(["trend", "--format", "json"], in: project.path)
        let columns = try #require(
            (try JSONSerialization.jsonObject(with: Data(trend.stdout.utf8)) as? [String: Any])?["columns"]
                as? [[String: Any]])
        #expect(columns.compactMap { $0["openCount"] as? Int } == [7, 7, 7, 0, 7, 0], "\(trend.stdout)")
    }

    @Test func aRunOfAnotherScreenIsNotPlacedOnTheFirstAndSaysHowToNameIt() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.file("Reports"), withIntermediateDirectories: true)
        _ = try Self.write(Self.run(day: 0), day: 1, .appium, in: project)
        // The profile screen: its own identifiers, and the shared tab bar's one.
        let profile = AutomatedAuditFixture(items: [
            .init(
                auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
                element: .init(identifier: "profile.avatar", label: "Avatar", rect: (20, 100, 30, 30))),
            .init(
                auditType: "XCUIAccessibilityAuditTypeContrast", compact: "Contrast failed",
                element: .init(
                    identifier: "profile.email", type: "StaticText", label: "Email", rect: (20, 160, 200, 20))),
            .init(
                auditType: "XCUIAccessibilityAuditTypeHitRegion", compact: "Hit area is too small",
                element: .init(identifier: "checkout.help", label: "Help", rect: (20, 460, 30, 30))),
        ])
        _ = try Self.write(profile, day: 2, .appium, in: project)
        let ingest = try runTool(["ingest", "Reports"], in: project.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let diff = try runTool(["diff", "1", "2"], in: project.path)
        #expect(diff.stdout.contains("a screen not audited before (name it with --screen NAME"), "\(diff.stdout)")
        let json = try runTool(["diff", "1", "2", "--format", "json"], in: project.path)
        #expect(try Self.count("resolved", json.stdout) == 0, "\(json.stdout)")
        #expect(try Self.count("notReaudited", json.stdout) == 7, "\(json.stdout)")
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        #expect(log.contains("name it with --screen NAME"), "\(log)")
    }

    /// How many warnings `key` of `diff --format json`'s output lists.
    static func count(_ key: String, _ output: String) throws -> Int {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(json[key] as? [Any]).count
    }
}
