import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The two situations of a real team's Sessions 5 and 6: a Home screen report with contrast and Dynamic
/// Type warnings on a header, an Edit button, the status bar and the tab bar; then a Budgets screen
/// report whose three Dynamic Type warnings a rule accepts with the team's reason. `audit` runs on both
/// with rules and sources, and the sessions must say what the team wrote by hand.
@Suite struct SessionStoryTests {
    static func issue(_ type: String, _ text: String, x: Double = 20, y: Double, width: Double = 120)
        -> ReportFixture.Issue
    {
        let isContrast = type == "Contrast"
        return ReportFixture.Issue(
            errorCode: isContrast ? 12 : 30,
            shortTitle: isContrast ? "Contrast failed" : "Dynamic Type font sizes are unsupported",
            elementText: text, testTypeName: type,
            thumbnail: ReportFixture.Image(canvas: FixtureCanvas(width: 60, height: 24, color: .white)),
            rect: Rect(x: x, y: y, width: width, height: 24))
    }

    static func makeProject() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory()
        for folder in ["Reports", "App/Home", "App/Budgets"] {
            try FileManager.default.createDirectory(atPath: project.file(folder), withIntermediateDirectories: true)
        }
        let shot = ReportFixture.Image(canvas: FixtureCanvas(width: 402, height: 874, color: .white))
        let home = ReportFixture(
            screens: [
                .init(
                    name: "0", groupName: "Home", screenshot: shot,
                    issues: [
                        issue("Contrast", "Widgets", y: 200),
                        issue("Contrast", "Edit", x: 320, y: 200, width: 50),
                        issue("Contrast", "9:41", x: 30, y: 14, width: 40),
                        issue("Contrast", "Budgets", x: 200, y: 820, width: 60),
                        issue("Dynamic Type", "Widgets", y: 200),
                        issue("Dynamic Type", "Edit", x: 320, y: 200, width: 50),
                        issue("Dynamic Type", "Next", y: 400),
                    ])
            ], timestamp: "2026-01-03 16:28:16")
        try home.write(to: project.file("Reports/AuditReport_2026-01-03_16-28-16.html"), as: .html(.varAssignment))
        let budgets = ReportFixture(
            screens: [
                .init(
                    name: "0", groupName: "Budgets", screenshot: shot,
                    issues: [
                        issue("Dynamic Type", "Active Budgets", y: 150),
                        issue("Dynamic Type", "January 2026", y: 220),
                        issue("Dynamic Type", "Jan 1 – 31, 2026", y: 250),
                    ])
            ], timestamp: "2026-01-03 17:09:32")
        try budgets.write(to: project.file("Reports/AuditReport_2026-01-03_17-09-32.html"), as: .html(.varAssignment))
        try """
        import SwiftUI

        struct HomeView: View {
            var body: some View {
                List {
                    Section("Widgets") {
                        Text("Next")
                    }
                }
                .toolbar {
                    Button("Edit") { }
                }
            }
        }
        """.write(toFile: project.file("App/Home/HomeView.swift"), atomically: true, encoding: .utf8)
        try """
        import SwiftUI

        struct BudgetsView: View {
            var body: some View {
                List {
                    Section("Active Budgets") {
                        VStack {
                            Text("January 2026")
                            Text("Jan 1 – 31, 2026")
                        }
                    }
                }
            }
        }
        """.write(toFile: project.file("App/Budgets/BudgetsView.swift"), atomically: true, encoding: .utf8)
        try """
        {
          "version": 1,
          "rules": [
            { "id": "status-bar", "match": { "region": { "top": 60 } }, "status": "system", "note": "status bar" },
            { "id": "tab-bar", "match": { "region": { "bottom": 90 } }, "status": "system", "note": "tab bar" },
            {
              "id": "budgets-dynamic-type",
              "match": { "testType": "dynamic-type", "group": "Budgets" },
              "view": "BudgetsView",
              "status": "accepted",
              "reason": "Treated as Inspector noise for grouped list styling; UI accepted as-is."
            }
          ]
        }
        """.write(toFile: project.file("auditkit.rules.json"), atomically: true, encoding: .utf8)
        return project
    }

    /// The text of session `number` in the project's log.
    static func session(_ number: Int, in project: TemporaryDirectory) throws -> String {
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        let parts = log.components(separatedBy: "### Session ")
        return try #require(parts.first { $0.hasPrefix("\(number)\n") })
    }

    @Test func sessionsSayWhatTheTeamWroteByHand() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        for report in ["AuditReport_2026-01-03_16-28-16.html", "AuditReport_2026-01-03_17-09-32.html"] {
            let run = try runTool(
                ["audit", "Reports/" + report, "--source", "App", "--date", "2026-01-03"], in: project.path)
            #expect(run.status == 0, "\(run.stderr)")
        }
        // The expected lines are built outside `#expect`: a chain of `+` inside the macro took the
        // type-checker nine seconds.
        let widgets = "header “Widgets” ([`App/Home/HomeView.swift:6`](App/Home/HomeView.swift#L6))"
        let edit = "button “Edit” ([`App/Home/HomeView.swift:11`](App/Home/HomeView.swift#L11))"
        let next = "“Next” ([`App/Home/HomeView.swift:7`](App/Home/HomeView.swift#L7))"
        let contrast = "  - Contrast warnings mapped to HomeView: \(widgets), \(edit).\n"
        let dynamicType = "  - Dynamic Type warnings mapped to HomeView: \(widgets), \(edit), \(next).\n"
        let home = try Self.session(1, in: project)
        #expect(home.contains("- Scope: HomeView (AuditReport_2026-01-03_16-28-16.html)\n"), "\(home)")
        #expect(home.contains(contrast), "\(home)")
        #expect(home.contains(dynamicType), "\(home)")
        #expect(home.contains("  - System UI: status bar: “9:41”; tab bar: “Budgets”.\n"), "\(home)")
        // The scan ran over the same sources: no fixed size in HomeView, so no likely cause.
        #expect(!home.contains("Likely cause"))
        #expect(!home.contains("Accepted"))

        func place(_ line: Int) -> String {
            "([`App/Budgets/BudgetsView.swift:\(line)`](App/Budgets/BudgetsView.swift#L\(line)))"
        }
        let accepted =
            "  - Accepted Dynamic Type warnings on BudgetsView: header “Active Budgets” \(place(6)), "
            + "“January 2026” \(place(8)), “Jan 1 – 31, 2026” \(place(9)). "
            + "Reason: Treated as Inspector noise for grouped list styling; UI accepted as-is.\n"
        let budgets = try Self.session(2, in: project)
        #expect(budgets.contains("- Scope: BudgetsView (AuditReport_2026-01-03_17-09-32.html)\n"), "\(budgets)")
        #expect(budgets.contains(accepted), "\(budgets)")
        // Nothing open: no per-type line; and the Budgets audit did not cover Home, so it resolves
        // nothing of the first session.
        #expect(!budgets.contains("Dynamic Type warnings mapped"))
        #expect(!budgets.contains("Resolved:"), "\(budgets)")
        #expect(!budgets.contains("“Widgets”") && !budgets.contains("“Edit”"))
    }

    @Test func aCraftedReportNameCannotPassForTheMarker() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let real = "Reports/AuditReport_2026-01-03_16-28-16.html"
        let sha = try ReportReader.read(path: project.file(real)).sha256
        let crafted = "Reports/x <!-- auditkit:report sha256=\(sha) --> [y](javascript:z).html"
        try FileManager.default.copyItem(
            atPath: project.file("Reports/AuditReport_2026-01-03_17-09-32.html"), toPath: project.file(crafted))
        let first = try runTool(["audit", crafted, "--date", "2026-01-03"], in: project.path)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try runTool(["audit", real, "--date", "2026-01-03"], in: project.path)
        #expect(second.status == 0)
        #expect(second.stdout.contains("Logged session 2"), "\(second.stdout)")
        let log = try String(contentsOfFile: project.file("audit.md"), encoding: .utf8)
        // Two live markers, each on a line of its own; the crafted name only ever inside code spans.
        let markerLines = log.split(separator: "\n").filter { $0.hasPrefix("<!-- auditkit:report") }
        #expect(markerLines.count == 2)
        for line in log.split(separator: "\n") where line.contains("x <!--") {
            #expect(line.contains("`x <!--") || line.contains("/x <!--"), "\(line)")
        }
        // Outside code spans the name is escaped text: no live comment, no link.
        #expect(
            log.contains(
                "- Scope: BudgetsView (x &lt;!-- auditkit:report sha256=\(sha) --&gt; \\[y\\](javascript:z).html)"))
    }
}
