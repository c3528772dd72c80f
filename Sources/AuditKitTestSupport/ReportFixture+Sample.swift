import AuditKit
import Foundation

extension ReportFixture {
    /// The realistic report shipped as `Reports/AuditReport_2026-01-02_11-02-25.html`: two painted list
    /// screens (full 402×874 screenshots, thumbnails cropped from them), 16 issues across nine test types,
    /// one duplicate, element text with CJK, emoji and `</script>`. Deterministic.
    public static func sample() -> ReportFixture {
        let home = FixtureScreenPainter.listScreen(
            width: 402, height: 874, seed: 20_260_102, title: "Home", tint: .blue)
        let budgets = FixtureScreenPainter.listScreen(
            width: 402, height: 874, seed: 11_022_5, title: "Budgets",
            tint: .green)
        // Element rects of the painter, in order: status bar, title, then per row icon/title/value, then tab items.
        func rect(_ painted: FixtureScreenPainter.Painted, _ index: Int) -> Rect {
            let r = painted.elements[index]
            return Rect(x: r.x + 1.0 / 3, y: r.y - 1.0 / 3, width: r.width + 2.0 / 3, height: r.height + 1.0 / 3)
        }
        func row(_ n: Int, _ part: Int) -> Int { 2 + n * 3 + part }  // part: 0 icon, 1 title, 2 value
        func thumb(_ painted: FixtureScreenPainter.Painted, _ r: Rect) -> ReportFixture.Image {
            let crop = painted.canvas.cropped(
                x: Int(r.x) - 6, y: Int(r.y) - 6, width: Int(r.width) + 12,
                height: Int(r.height) + 12)
            return ReportFixture.Image(canvas: crop)
        }
        let f = Dictionary(uniqueKeysWithValues: ReportFixture.findings.map { ($0.code, $0) })
        func issue(
            _ code: Int, _ painted: FixtureScreenPainter.Painted, _ element: Int, text: String?,
            duplicate: Bool = false, extra: String? = nil
        ) -> ReportFixture.Issue {
            let finding = f[code]!
            let r = rect(painted, element)
            return ReportFixture.Issue(
                errorCode: code, shortTitle: finding.titles[0],
                longDescription: finding.description.replacingOccurrences(of: "%@", with: text ?? "Button"),
                extraInfo: extra, elementText: text, testTypeName: finding.typeNames[0], suggestion: finding.suggestion,
                isDuplicate: duplicate, thumbnail: thumb(painted, r), rect: r, expectedTestType: finding.type)
        }
        let tabs = home.elements.count - 4
        let homeIssues: [ReportFixture.Issue] = [
            issue(30, home, row(0, 1), text: "Budget Progress"),
            issue(31, home, row(0, 2), text: "$4,422.12"),
            issue(13, home, row(1, 2), text: "Settings", extra: "Colors: #8A8A8E, #F9F9F9"),
            issue(32, home, row(2, 1), text: "次の予定支出"),
            issue(30, home, row(3, 1), text: "🎯 Savings Goal 💰"),
            issue(19, home, row(4, 0), text: nil),
            issue(17, home, tabs + 3, text: "Profile"),
            issue(12, home, row(5, 2), text: "134%", extra: "Colors: #8E8E93, #FFFFFF"),
            issue(30, home, row(0, 1), text: "Budget Progress", duplicate: true),
        ]
        let budgetIssues: [ReportFixture.Issue] = [
            issue(30, budgets, 1, text: "Budgets"),
            issue(26, budgets, row(1, 1), text: "Groceries </script> & <b>Dining</b>"),
            issue(31, budgets, row(2, 2), text: "月の予算 ¥52,000"),
            issue(44, budgets, row(3, 0), text: "Add"),
            issue(22, budgets, row(4, 1), text: "Transport 🚗"),
            issue(36, budgets, row(5, 1), text: "“Utilities” {monthly}"),
            issue(32, budgets, row(6, 1), text: "Entertainment & Streaming Subscriptions"),
        ]
        return ReportFixture(screens: [
            ReportFixture.Screen(
                name: "0", groupName: "HomeView", screenshot: ReportFixture.Image(canvas: home.canvas),
                issues: homeIssues),
            ReportFixture.Screen(
                name: "1", groupName: "BudgetsView", screenshot: ReportFixture.Image(canvas: budgets.canvas),
                issues: budgetIssues),
        ])
    }

    /// The sample's bytes as the Inspector would save it (HTML, `var rootObject = {...}`).
    public static func sampleHTML() -> Data { sample().data(.html(.varAssignment), seed: 20_260_102) }
}
