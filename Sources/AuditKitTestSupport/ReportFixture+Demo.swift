import AuditKit
import Foundation

extension ReportFixture {
    /// One report of the demo series shipped in `Reports/`.
    public struct DemoReport: Sendable {
        /// `AuditReport_2026-01-05_09-12-40.html`.
        public var fileName: String
        /// The report.
        public var fixture: ReportFixture
        /// The seed its bytes are written with.
        public var seed: UInt64

        /// The bytes as the Inspector saves them (HTML, `var rootObject = {...}`).
        public var html: Data { fixture.data(.html(.varAssignment), seed: seed) }
    }

    /// Four audits of the demo app in `Examples/BudgetApp/`, a week apart: the second fixes some
    /// warnings, keeps others and adds one; the third is audited with the device in German and adds a
    /// real new warning; the fourth audits only the Home screen. Deterministic.
    public static func demoReports() -> [DemoReport] {
        let home = FixtureScreenPainter.listScreen(width: 402, height: 874, seed: 7, title: "Home", tint: .blue)
        let budgets = FixtureScreenPainter.listScreen(
            width: 402, height: 874, seed: 11, title: "Budgets", tint: .green)
        let findings = Dictionary(uniqueKeysWithValues: ReportFixture.findings.map { ($0.code, $0) })
        // Painter elements: 0 status bar, 1 title, then per row icon/title/value, then the four tab items.
        func row(_ n: Int, _ part: Int) -> Int { 2 + n * 3 + part }
        let tabs = home.elements.count - 4

        /// One warning: finding code, painted element, English and German text (nil: no text).
        struct Warning {
            var code: Int
            var element: Int
            var english: String?
            var german: String?
        }
        func screen(
            _ painted: FixtureScreenPainter.Painted, index: Int, group: String, german: Bool, _ warnings: [Warning]
        ) -> ReportFixture.Screen {
            let language = german ? 1 : 0
            let issues = warnings.map { warning -> ReportFixture.Issue in
                let finding = findings[warning.code]!
                let element = painted.elements[warning.element]
                let rect = Rect(
                    x: element.x + 1.0 / 3, y: element.y - 1.0 / 3, width: element.width + 2.0 / 3,
                    height: element.height + 1.0 / 3)
                let crop = painted.canvas.cropped(
                    x: Int(rect.x) - 6, y: Int(rect.y) - 6, width: Int(rect.width) + 12, height: Int(rect.height) + 12)
                let text = german ? warning.german : warning.english
                return ReportFixture.Issue(
                    errorCode: warning.code, shortTitle: finding.titles[language],
                    longDescription: finding.description.replacingOccurrences(of: "%@", with: text ?? "Button"),
                    elementText: text, testTypeName: finding.typeNames[language], suggestion: finding.suggestion,
                    thumbnail: ReportFixture.Image(canvas: crop), rect: rect, expectedTestType: finding.type)
            }
            return ReportFixture.Screen(
                name: String(index), groupName: group, screenshot: ReportFixture.Image(canvas: painted.canvas),
                issues: issues)
        }

        let statusBar = Warning(code: 13, element: 0, english: "9:41", german: "9:41")
        let budgetsTab = Warning(code: 13, element: tabs + 1, english: "Budgets", german: "Budgets")
        let edit = Warning(code: 12, element: row(3, 2), english: "Edit", german: "Bearbeiten")
        let income = Warning(code: 30, element: row(0, 1), english: "Income", german: "Einnahmen")
        let chevron = Warning(code: 17, element: row(4, 0), english: nil, german: nil)
        let nextPlanned = Warning(code: 32, element: row(2, 1), english: "Next planned", german: "Nächste Planung")
        let spending = Warning(code: 12, element: row(1, 1), english: "Spending", german: "Ausgaben")
        func amount(_ english: String, _ german: String) -> Warning {
            Warning(code: 31, element: row(0, 2), english: english, german: german)
        }
        let activeBudgets = Warning(code: 30, element: 1, english: "Active Budgets", german: "Aktive Budgets")
        let january = Warning(code: 30, element: row(0, 1), english: "January 2026", german: "Januar 2026")
        let range = Warning(code: 30, element: row(0, 2), english: "Jan 1 – 31, 2026", german: "1.–31. Jan. 2026")
        let groceries = Warning(
            code: 32, element: row(1, 1), english: "Groceries & Dining", german: "Lebensmittel & Essen")
        let widgets = Warning(code: 13, element: 1, english: "Widgets", german: "Widgets")

        func report(
            _ stamp: String, german: Bool = false, home homeWarnings: [Warning], budgets budgetWarnings: [Warning]?
        ) -> DemoReport {
            var screens = [screen(home, index: 0, group: "Home", german: german, homeWarnings)]
            if let budgetWarnings {
                screens.append(screen(budgets, index: 1, group: "Budgets", german: german, budgetWarnings))
            }
            // "2026-01-05_09-12-40" is audited at 2026-01-05 09:12:40.
            let timestamp = stamp.prefix(10) + " " + stamp.suffix(8).replacingOccurrences(of: "-", with: ":")
            let seed = UInt64(stamp.filter(\.isNumber).suffix(12)) ?? 1
            return DemoReport(
                fileName: "AuditReport_\(stamp).html",
                fixture: ReportFixture(screens: screens, timestamp: String(timestamp)), seed: seed)
        }
        return [
            report(
                "2026-01-05_09-12-40",
                home: [
                    widgets, income, amount("$4,250.00", "4.250,00 $"), edit, statusBar, budgetsTab, chevron,
                ],
                budgets: [activeBudgets, january, range, groceries]),
            report(
                "2026-01-12_10-30-00",
                home: [income, amount("$4,310.00", "4.310,00 $"), edit, statusBar, budgetsTab, chevron, nextPlanned],
                budgets: [activeBudgets, january, range]),
            report(
                "2026-01-19_16-45-10", german: true,
                home: [
                    income, amount("$4,310.00", "4.310,00 $"), edit, statusBar, budgetsTab, chevron, nextPlanned,
                    spending,
                ],
                budgets: [activeBudgets, january, range]),
            report(
                "2026-01-26_11-00-00",
                home: [income, amount("$4,380.00", "4.380,00 $"), edit, statusBar, budgetsTab, chevron, spending],
                budgets: nil),
        ]
    }
}
