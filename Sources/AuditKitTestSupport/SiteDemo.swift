import AuditKit
import Foundation

/// The project a browser check of the HTML site runs on: three reports (the sample, a later audit of
/// the same screens, and a hostile one), the Swift sources their texts come from, and a rule file.
/// `auditkit-bench make-site-demo DIR` writes it; then `auditkit ingest reports --rules auditkit.rules.json
/// --source source`, run in DIR, makes the site in `DIR/Reports/`.
public enum SiteDemo {
    /// Strings that try to run script, break out of an attribute or a tag, become a link, or reorder
    /// the text around them.
    public static let hostileTexts: [String] = [
        "</script><script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "javascript:alert(1)",
        "\u{202E}evil.exe txt\u{202C} <- RTL override",
        "'><svg onload=alert(1)>",
        "<b>bold</b> & <!-- comment --> &amp;",
        "ctrl\u{01}\u{7F}chars",
        String(repeating: "W", count: 300),
    ]

    /// The hostile report's file name: markup, a `javascript:` URL and an RTL override in a file name.
    public static let hostileFileName =
        "AuditReport_2026-01-04_09-30-00 \"><img src=x onerror=alert(1)> javascript:alert(1) \u{202E}lmth.html"

    /// The sample report audited again a day later: one issue fixed, one new, the rest unchanged.
    public static func laterSample() -> ReportFixture {
        var fixture = ReportFixture.sample()
        // "Settings" (contrast) was fixed.
        fixture.screens[0].issues.remove(at: 2)
        // A new clipped text on Budgets.
        var clipped = fixture.screens[1].issues[6]
        clipped.elementText = "Insurance & Pension Contributions"
        clipped.longDescription =
            "The text of “Insurance & Pension Contributions” is clipped and can't be read in full."
        if var rect = clipped.rect {
            rect.y += 52
            clipped.rect = rect
        }
        fixture.screens[1].issues.append(clipped)
        fixture.timestamp = "2026-01-03 16:28:16"
        return fixture
    }

    /// A report whose element texts, titles, screen names, group names and test type names are the
    /// `hostileTexts`, with real thumbnails and a screenshot.
    public static func hostileReport() -> ReportFixture {
        let painted = FixtureScreenPainter.listScreen(
            width: 402, height: 874, seed: 7, title: "Hostile", tint: .red)
        var issues: [ReportFixture.Issue] = []
        for (index, text) in hostileTexts.enumerated() {
            let element = painted.elements[2 + index * 3]
            let rect = Rect(x: element.x, y: element.y, width: element.width, height: element.height)
            let crop = painted.canvas.cropped(
                x: Int(rect.x) - 4, y: Int(rect.y) - 4, width: Int(rect.width) + 8, height: Int(rect.height) + 8)
            let known = index % 2 == 0
            issues.append(
                ReportFixture.Issue(
                    errorCode: known ? 13 : nil, shortTitle: known ? "Contrast failed" : text,
                    longDescription: "“\(text)” is hostile.", elementText: text,
                    testTypeName: known ? "Contrast" : "<i>" + text + "</i>", suggestion: text,
                    thumbnail: ReportFixture.Image(canvas: crop), rect: rect,
                    expectedTestType: known ? .contrast : .other("<i>" + text + "</i>")))
        }
        return ReportFixture(
            screens: [
                ReportFixture.Screen(
                    name: hostileTexts[0], groupName: hostileTexts[1],
                    screenshot: ReportFixture.Image(canvas: painted.canvas), issues: issues)
            ], timestamp: "2026-01-04 09:30:00")
    }

    /// Sources that show the sample's texts (`HomeView`, `BudgetsView`) and the hostile ones, in files
    /// with hostile names.
    public static let sources: [(name: String, text: String)] = [
        (
            "HomeView.swift",
            """
            import SwiftUI

            struct HomeView: View {
                var body: some View {
                    List {
                        Text("Budget Progress")
                        Text("$4,422.12")
                        Text("次の予定支出")
                        Label("Profile", systemImage: "person")
                    }
                }
            }

            """
        ),
        (
            "BudgetsView.swift",
            """
            import SwiftUI

            struct BudgetsView: View {
                var body: some View {
                    List {
                        Text("Budgets")
                        Text("Transport 🚗")
                        Text("Entertainment & Streaming Subscriptions")
                        Text("Insurance & Pension Contributions")
                        Button("Add") {}
                    }
                }
            }

            """
        ),
        (
            "Hostile \"><img src=x onerror=alert(1)> javascript:alert(1).swift",
            """
            import SwiftUI

            struct HostileView: View {
                var body: some View {
                    VStack {
                        Text("javascript:alert(1)")
                        Text("</script><script>alert(1)</script>")
                    }
                }
            }

            """
        ),
    ]

    /// A rule file: system UI, an accepted warning with a hostile reason, a view with a hostile name.
    public static let rules = #"""
        {
          "version": 1,
          "rules": [
            { "id": "tab-bar", "match": { "region": { "bottom": 90 } }, "status": "system", "note": "Tab bar" },
            {
              "id": "budgets-title",
              "match": { "text": "Budgets" },
              "view": "BudgetsView",
              "status": "accepted",
              "reason": "Large title scales in the simulator </script><script>alert(1)</script>"
            },
            {
              "id": "hostile-view",
              "match": { "text": "'><svg onload=alert(1)>" },
              "view": "\"><img src=x onerror=alert(1)> \u202Eweiv"
            }
          ]
        }

        """#

    /// Writes `reports/` (the three reports), `source/` and `auditkit.rules.json` into `directory`.
    /// - Returns: the report paths, oldest first.
    @discardableResult
    public static func write(into directory: String) throws -> [String] {
        let reports = directory + "/reports"
        let source = directory + "/source"
        try AtomicFile.makeDirectory(reports)
        try AtomicFile.makeDirectory(source)
        let paths = [
            reports + "/AuditReport_2026-01-02_11-02-25.html", reports + "/AuditReport_2026-01-03_16-28-16.html",
            reports + "/" + hostileFileName,
        ]
        try AtomicFile.write(ReportFixture.sampleHTML(), to: paths[0], onlyIfChanged: true)
        try AtomicFile.write(
            laterSample().data(.html(.varAssignment), seed: 20_260_103), to: paths[1], onlyIfChanged: true)
        try AtomicFile.write(hostileReport().data(.html(.varAssignment), seed: 9), to: paths[2], onlyIfChanged: true)
        for file in sources {
            try AtomicFile.write(Data(file.text.utf8), to: source + "/" + file.name, onlyIfChanged: true)
        }
        try AtomicFile.write(Data(rules.utf8), to: directory + "/auditkit.rules.json", onlyIfChanged: true)
        return paths
    }
}
