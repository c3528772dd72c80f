import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct SessionRenderingTests {
    /// A folder with the sample report and some of its evidence files.
    func makeWorkspace() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let evidence = folder.file("Reports/AuditReport_2026-02-03_14-05-10")
        try AtomicFile.makeDirectory(evidence)
        for name in ["index_sheet.png", "overlay_screen_1.png", "issue_01.jpg", "issue_02.jpg", "issue_05.jpg"] {
            try Data([1]).write(to: URL(fileURLWithPath: evidence + "/" + name))
        }
        let reportPath = folder.file("Reports/AuditReport_2026-02-03_14-05-10.html")
        try Data([1]).write(to: URL(fileURLWithPath: reportPath))
        return (folder, reportPath)
    }

    @Test func rendersAFullSessionFromASampleReport() throws {
        let (folder, reportPath) = try makeWorkspace()
        defer { folder.remove() }
        let comparison = SessionComparison(
            previousReportName: "AuditReport_2026-02-01_09-15-42.html",
            new: [.init(testType: .dynamicType, text: "Prep time", place: "RecipeDetailView")],
            resolved: [.init(testType: .contrast, text: "Serves *4*", place: "RecipeDetailView")],
            residual: [
                .init(
                    testType: .contrast, text: "Ingredients", place: "RecipeDetailView",
                    since: .init(
                        sha256: "ef", fileName: "AuditReport_2026-02-01_09-15-42.html", date: "2026-02-01",
                        session: "Session 2 (2026-02-01)")),
                .init(testType: .hitRegion, text: nil, place: "Main", matchedBy: "geometry"),
            ])
        let mapping = SampleReports.firstMapping(under: folder.path)
        var facts = SessionFacts(
            report: SampleReports.first(path: reportPath), logPath: folder.file("audit.md"),
            mapping: mapping, date: "2026-02-05")
        facts.comparison = comparison
        let text = TemplateSet.builtin().render(.session, facts.templateContext(sessionNumber: 4))
        #expect(
            text == """
                ### Session 4
                <!-- auditkit:report sha256=\(String(repeating: "ab", count: 32)) -->
                - Date: 2026-02-05
                - Scope: RecipeDetailView, TimerSheet (AuditReport_2026-02-03_14-05-10.html)
                - Notes:
                  - Report: `Reports/AuditReport_2026-02-03_14-05-10.html`, 6 issues on 2 screens: Contrast 1, Hit Region 1, Dynamic Type 3, Clipped Text 1.
                  - Contrast warnings mapped to RecipeDetailView: “Prep time” ([`TrailMix/Views/RecipeDetailView.swift:57`](TrailMix/Views/RecipeDetailView.swift#L57)).
                    - Why: WCAG 2.2 1.4.3 Contrast (Minimum), AA (https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html); Apple: https://developer.apple.com/design/human-interface-guidelines/accessibility#Color-and-effects.
                  - Hit Region warnings not mapped: an element without text.
                    - Why: WCAG 2.2 2.5.8 Target Size (Minimum), AA (https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html); Apple: https://developer.apple.com/design/human-interface-guidelines/accessibility#Buttons-and-controls.
                  - Dynamic Type warnings mapped to RecipeDetailView: “2 cups flour” ([`TrailMix/Views/IngredientRow.swift:18`](TrailMix/Views/IngredientRow.swift#L18)); not mapped: “&lt;script&gt;alert(1)&lt;/script&gt; \\| \\*bold\\* \\_x\\_ \\`code\\` \\[link\\](http://x) # Heading”.
                    - Why: WCAG 2.2 1.4.4 Resize Text, AA (https://www.w3.org/WAI/WCAG22/Understanding/resize-text.html); Apple: https://developer.apple.com/design/human-interface-guidelines/typography#Supporting-Dynamic-Type.
                  - System UI: “Pause” ([`TrailMix/Views/TimerSheet.swift:90`](TrailMix/Views/TimerSheet.swift#L90)).
                  - Accepted Dynamic Type warnings on RecipeDetailView: “Ingredients” ([`TrailMix/Views/RecipeDetailView.swift:42`](TrailMix/Views/RecipeDetailView.swift#L42)). Reason: scales in the simulator
                  - New: Dynamic Type “Prep time” (RecipeDetailView).
                  - Resolved: Contrast “Serves \\*4\\*” (RecipeDetailView).
                  - Residual: Contrast “Ingredients” (RecipeDetailView, since Session 2 (2026-02-01)); Hit Region on an element without text (Main, same element by geometry).
                  - Open warnings against `AuditReport_2026-02-01_09-15-42.html`: 1 new, 1 resolved, 2 residual.
                  - Index sheet: [`Reports/AuditReport_2026-02-03_14-05-10/index_sheet.png`](Reports/AuditReport_2026-02-03_14-05-10/index_sheet.png)
                  - Overlay, screen 1: [`Reports/AuditReport_2026-02-03_14-05-10/overlay_screen_1.png`](Reports/AuditReport_2026-02-03_14-05-10/overlay_screen_1.png)
                  - Thumbnails: [`Reports/AuditReport_2026-02-03_14-05-10/`](Reports/AuditReport_2026-02-03_14-05-10/) (3 files, issue_01.jpg to issue_05.jpg)

                """)
    }

    @Test func leavesOutWhatIsNotKnown() throws {
        let facts = SessionFacts(
            report: SampleReports.second(), logPath: "/nowhere/audit.md", date: "2026-02-06",
            scope: "Recipe detail after the font fix")
        let text = TemplateSet.builtin().render(.session, facts.templateContext(sessionNumber: 1))
        #expect(
            text == """
                ### Session 1
                <!-- auditkit:report sha256=\(String(repeating: "cd", count: 32)) -->
                - Date: 2026-02-06
                - Scope: Recipe detail after the font fix
                - Notes:
                  - Report: `Reports/AuditReport_2026-02-05_10-00-00.html`, 3 issues on 1 screen: Contrast 1, Element Description 1, Dynamic Type 1.
                  - Contrast warnings: “Prep time”.
                    - Why: WCAG 2.2 1.4.3 Contrast (Minimum), AA (https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html); Apple: https://developer.apple.com/design/human-interface-guidelines/accessibility#Color-and-effects.
                  - Element Description warnings: “Share”.
                    - Why: WCAG 2.2 4.1.2 Name, Role, Value, A (https://www.w3.org/WAI/WCAG22/Understanding/name-role-value.html); Apple: https://developer.apple.com/design/human-interface-guidelines/accessibility#VoiceOver.
                  - Dynamic Type warnings: “Ingredients”.
                    - Why: WCAG 2.2 1.4.4 Resize Text, AA (https://www.w3.org/WAI/WCAG22/Understanding/resize-text.html); Apple: https://developer.apple.com/design/human-interface-guidelines/typography#Supporting-Dynamic-Type.

                """)
    }

    @Test func aSessionWithoutIssuesSaysSo() {
        var report = SampleReports.second()
        report.screens[0].issues = []
        let facts = SessionFacts(report: report, logPath: "audit.md", date: "2026-02-06", scope: "x")
        let text = TemplateSet.builtin().render(.session, facts.templateContext(sessionNumber: 2))
        #expect(text.hasSuffix("  - Report: `Reports/AuditReport_2026-02-05_10-00-00.html`, 0 issues on 1 screen.\n"))
    }

    @Test func rejectsDatesThatAreNotCalendarDays() throws {
        #expect(try SessionFacts.validatedDate("2024-02-29") == "2024-02-29")
        for bad in ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-01", "today", "2026-02-0x", "２０２６-01-01"] {
            #expect(throws: AuditError.self, "\(bad)") { try SessionFacts.validatedDate(bad) }
        }
    }

    @Test func namesViewsElseScreensInTheDefaultScope() {
        func scope(_ views: [String], _ screens: [(String, String)]) -> String {
            SessionFacts.defaultScope(views: views, screens: screens.map { ($0.0, $0.1) }, reportName: "a.html")
        }
        #expect(scope(["HomeView", "HomeHeader"], [("0", "Home")]) == "HomeView, HomeHeader (a.html)")
        #expect(scope([], [("HomeView", "")]) == "HomeView (a.html)")
        #expect(scope([], [("0", "Home"), ("1", "Home")]) == "Home (a.html)")
        #expect(scope([], [("0", "")]) == "Screen 0 (a.html)")
        #expect(scope([], []) == "a.html")
    }

    /// Evidence paths are Markdown links relative to the log's folder, in the session and the summary:
    /// a space or parenthesis in a folder name is percent-encoded in the target, and a file outside
    /// the folder is reached with `../`.
    @Test func linksEvidencePathsWithSpacesRelativeToTheLog() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outside = folder.file("My Reports (v2)")
        let inside = folder.file("Log/shots (1)")
        try AtomicFile.makeDirectory(outside)
        try AtomicFile.makeDirectory(inside)
        let sheet = outside + "/index_sheet.png"
        let overlay = inside + "/overlay_screen_1.png"
        for path in [sheet, overlay] { try Data([1]).write(to: URL(fileURLWithPath: path)) }
        let evidence = EvidenceFiles(directory: outside, indexSheetPages: [sheet], overlays: [0: overlay])
        let report = SampleReports.first(path: folder.file("My Reports (v2).html"))
        let facts = SessionFacts(
            report: report, logPath: folder.file("Log/audit.md"), date: "2026-02-05", evidence: evidence)
        let session = TemplateSet.builtin().render(.session, facts.templateContext(sessionNumber: 1))
        let sheetLink = "[`../My Reports (v2)/index_sheet.png`](../My%20Reports%20%28v2%29/index_sheet.png)"
        let overlayLink = "[`shots (1)/overlay_screen_1.png`](shots%20%281%29/overlay_screen_1.png)"
        #expect(session.contains("  - Index sheet: \(sheetLink)\n"))
        #expect(session.contains("  - Overlay, screen 1: \(overlayLink)\n"))

        let summary = AuditSummary(
            inputs: [SummaryInput(report: report, evidence: evidence)], grouping: .view,
            baseDirectory: folder.file("Log")
        ).markdown()
        #expect(summary.contains("- Evidence:\n  - \(sheetLink)\n  - \(overlayLink)\n"))
    }
}

@Suite struct AuditSummaryTests {
    @Test func rendersOneSectionPerViewAndFilesWarningsWithoutOneOnTheirScreen() throws {
        let (folder, reportPath) = try SessionRenderingTests().makeWorkspace()
        defer { folder.remove() }
        let report = SampleReports.first(path: reportPath)
        let summary = AuditSummary(
            inputs: [SummaryInput(report: report, mapping: SampleReports.firstMapping(under: folder.path))],
            grouping: .view, baseDirectory: folder.path)
        // A warning without a view is filed where the judgement files it, as every output does: on the
        // screen it was judged on, named by its root view (#4 on the recipe screen, #5 on the timer sheet).
        #expect(summary.sections.map(\.name) == ["RecipeDetailView", "TimerSheet"])
        let text = summary.markdown()
        #expect(
            text.hasPrefix(
                """
                # Accessibility Summary

                - Reports: `AuditReport_2026-02-03_14-05-10.html` (6 issues)
                - Grouped by view: 2 views, 6 issues

                ## Views

                ### RecipeDetailView
                - Issue:
                  - #1 Dynamic Type on “Ingredients” at [`TrailMix/Views/RecipeDetailView.swift:42`](TrailMix/Views/RecipeDetailView.swift#L42), accepted: scales in the simulator
                  - #2 Dynamic Type on “2 cups flour” at [`TrailMix/Views/IngredientRow.swift:18`](TrailMix/Views/IngredientRow.swift#L18), open
                  - #3 Contrast on “Prep time” at [`TrailMix/Views/RecipeDetailView.swift:57`](TrailMix/Views/RecipeDetailView.swift#L57), open
                  - #4 Hit Region on an element without text, open
                - Counts: Contrast 1, Hit Region 1, Dynamic Type 2 (4 issues)
                - Evidence:
                  - [`Reports/AuditReport_2026-02-03_14-05-10.html`](Reports/AuditReport_2026-02-03_14-05-10.html)
                  - [`Reports/AuditReport_2026-02-03_14-05-10/index_sheet.png`](Reports/AuditReport_2026-02-03_14-05-10/index_sheet.png)
                  - [`Reports/AuditReport_2026-02-03_14-05-10/overlay_screen_1.png`](Reports/AuditReport_2026-02-03_14-05-10/overlay_screen_1.png)
                  - [`Reports/AuditReport_2026-02-03_14-05-10/issue_01.jpg`](Reports/AuditReport_2026-02-03_14-05-10/issue_01.jpg)
                  - [`Reports/AuditReport_2026-02-03_14-05-10/issue_02.jpg`](Reports/AuditReport_2026-02-03_14-05-10/issue_02.jpg)
                - Fix:
                - Verification:
                - Status:

                ### TimerSheet
                - Issue:
                  - #5 Dynamic Type on “&lt;script&gt;alert(1)&lt;/script&gt; \\| \\*bold\\* \\_x\\_ \\`code\\` \\[link\\](http://x) # Heading”, open
                  - #6 Clipped Text on “Pause” at [`TrailMix/Views/TimerSheet.swift:90`](TrailMix/Views/TimerSheet.swift#L90), system UI
                - Counts: Dynamic Type 1, Clipped Text 1 (2 issues)
                """))
        #expect(!text.contains("<script>"))
        // One line of WCAG and Apple's guidance per test type, in the Inspector's order, at the end.
        let guidance = try #require(text.components(separatedBy: "\n## WCAG and Apple's guidance\n\n").last)
        let lines = guidance.split(separator: "\n").map(String.init)
        #expect(
            lines.map { String($0.prefix(while: { $0 != ":" })) } == [
                "- Contrast", "- Hit Region", "- Dynamic Type", "- Clipped Text",
            ])
        let contrast: String =
            "- Contrast: WCAG 2.2 1.4.3 Contrast (Minimum) (AA) "
            + "(https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html); "
            + "Apple: https://developer.apple.com/design/human-interface-guidelines/accessibility#Color-and-effects; "
            + "Nutrition Label: Sufficient Contrast."
        #expect(lines.first == contrast)
        #expect(lines[1].contains("2.5.8 Target Size (Minimum) (AA); 2.5.5 Target Size (Enhanced) (AAA)"))
    }

    @Test func showsWhichWarningsPersistAcrossReports() {
        // The reports have no screenshots: the second covers only what it flags, so "2 cups flour" is not
        // re-audited (still open), not resolved.
        let summary = AuditSummary(
            inputs: [SummaryInput(report: SampleReports.first()), SummaryInput(report: SampleReports.second())],
            grouping: .type)
        #expect(
            summary.sections.map(\.name) == [
                "Contrast", "Hit Region", "Element Description", "Dynamic Type", "Clipped Text",
            ])
        let text = summary.markdown()
        #expect(
            text.contains(
                """
                ### Dynamic Type
                - Issue:
                  - Dynamic Type on “Ingredients”, open; in 2 of 2 reports (AuditReport_2026-02-03_14-05-10 #1, AuditReport_2026-02-05_10-00-00 #1), persists
                  - Dynamic Type on “2 cups flour”, open; in 1 of 2 reports (AuditReport_2026-02-03_14-05-10 #2)
                """))
        #expect(
            text.contains(
                "- Counts: Dynamic Type 4 (4 issues in 2 reports)\n- Persisting: 1 of 3 warnings appear in every report.\n"
            ))
    }

    @Test func listsEveryNumberOfAWarningSeenTwiceInOneReport() {
        var report = SampleReports.second()
        // The Inspector's repeat of issue 1: the same element at the same place, numbered 4.
        var repeated = report.screens[0].issues[0]
        repeated.number = 4
        report.screens[0].issues.append(repeated)
        // The same text elsewhere on the screen is another element: a warning of its own.
        report.screens[0].issues.append(
            SampleReports.issue(5, .dynamicType, "Dynamic Type font sizes are unsupported", "ingredients "))
        let text = AuditSummary(inputs: [SummaryInput(report: report)], grouping: .view).markdown()
        #expect(text.contains("  - #1, #4 Dynamic Type on “Ingredients”, open\n"))
        #expect(text.contains("  - #5 Dynamic Type on “ingredients ”, open\n"))
    }

    @Test func groupsByScreen() {
        // Screens as the judgement names them (as diff and the session do): the report calls them "0" and "1".
        let report = SampleReports.first()
        let summary = AuditSummary(inputs: [SummaryInput(report: report)], grouping: .screen)
        #expect(summary.sections.map(\.name) == ["screen 1 of \(report.fileName)", "screen 2 of \(report.fileName)"])
        #expect(summary.sections.map(\.issueCount) == [4, 2])
        #expect(summary.markdown().contains("\n## Screens\n\n### screen 1 of \(report.fileName)\n"))
    }
}
