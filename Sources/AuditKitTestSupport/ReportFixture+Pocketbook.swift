import AuditKit
import Foundation

extension ReportFixture {
    /// One issue of the Pocketbook report with where it truly comes from.
    public struct PocketbookIssue: Sendable {
        /// The screen (0 Home, 1 Budgets, 2 the new-transaction sheet).
        public var screen: Int
        /// The element text (nil for an element without text).
        public var text: String?
        /// The element's rect in points on a 402×874 screen.
        public var rect: Rect
        /// The marker (`// truth: NAME`) on the source line the element comes from; nil for system UI and
        /// elements without text.
        public var truth: String?
    }

    /// The issues of the Pocketbook report (the SwiftUI app under
    /// `Tests/AuditKitTests/Mapping/Fixtures/Pocketbook`), in report order: three screens (the home tab, the
    /// budgets tab, and the new-transaction form presented as a sheet), with status bar and tab bar
    /// elements, texts that several views show, joined labels and interpolated counts.
    public static let pocketbookIssues: [PocketbookIssue] = {
        var issues: [PocketbookIssue] = []
        var y = 96.0
        func add(_ screen: Int, _ text: String?, _ truth: String?) {
            issues.append(
                PocketbookIssue(
                    screen: screen, text: text, rect: Rect(x: 20, y: y, width: 220, height: 22), truth: truth))
            y = y >= 740 ? 96 : y + 30
        }
        func statusBar(_ screen: Int) {
            issues.append(
                PocketbookIssue(
                    screen: screen, text: "9:41", rect: Rect(x: 38, y: 16, width: 44, height: 20), truth: nil))
        }
        func tab(_ screen: Int, _ text: String, x: Double, _ truth: String) {
            issues.append(
                PocketbookIssue(
                    screen: screen, text: text, rect: Rect(x: x, y: 812, width: 64, height: 30), truth: truth))
        }
        statusBar(0)
        for (text, truth) in [
            ("Overview", "home-title"), ("Edit", "home-edit"), ("Good morning", "home-greeting"),
            ("Income", "home-income"), ("This month", "home-income-month"), ("Spending", "home-spending"),
            ("2 of 6", "home-over-count"), ("budgets over their limit", "home-over-label"), ("Goals", "home-goals"),
            ("Emergency fund", "home-goal-card"), ("See all goals", "home-goals-all"), ("Upcoming", "home-upcoming"),
            ("Paycheck, Planned, $2,450.00", "home-paycheck"), ("3 bills due", "home-bills"),
            ("Balance, $1,234.00", "home-balance"), ("Add transaction", "home-add"), ("Transfer", "home-transfer"),
            ("Recent", "home-recent"), ("Rent", "home-rent"), ("Show all", "home-show-all"),
        ] {
            add(0, text, truth)
        }
        add(0, nil, nil)
        tab(0, "Home", x: 12, "tab-home")
        tab(0, "Budgets", x: 172, "tab-budgets")
        y = 96
        statusBar(1)
        for (text, truth) in [
            ("Budgets", "budgets-title"), ("Edit", "budgets-edit"), ("New Budget", "budgets-new"),
            ("Active", "budgets-active"), ("Active Budgets", "budgets-section"), ("Groceries", "budgets-groceries"),
            ("Spent", "budgets-spent"), ("Remaining", "budgets-remaining"), ("Transport", "budgets-transport"),
            ("Budgets used", "budgets-used"), ("3 of 5", "budgets-used-count"), ("Sort", "budgets-sort"),
            ("Budget history", "budgets-history"),
        ] {
            add(1, text, truth)
        }
        tab(1, "Home", x: 12, "tab-home")
        tab(1, "Budgets", x: 172, "tab-budgets")
        y = 96
        statusBar(2)
        for (text, truth) in [
            ("Cancel", "form-cancel"), ("New Transaction", "form-title"), ("Save", "form-save"),
            ("Details", "form-details"), ("Payee", "form-payee"), ("Amount", "form-amount"), ("Income", "form-income"),
            ("Date", "form-date"), ("Category", "form-category"), ("Groceries", "category-groceries"),
            ("Categories help you compare months.", "form-footer"),
        ] {
            add(2, text, truth)
        }
        return issues
    }()

    /// The Pocketbook report: `pocketbookIssues` as an English Inspector report (test types and titles in
    /// English, no pictures), screens "Home", "Budgets" and "New Transaction" of 402×874 points.
    public static func pocketbook() -> ReportFixture {
        let findings = [13, 30, 32, 17, 12, 31]
        let f = Dictionary(uniqueKeysWithValues: ReportFixture.findings.map { ($0.code, $0) })
        let names = ["Home", "Budgets", "New Transaction"]
        var screens = names.map { ReportFixture.Screen(name: $0, groupName: "Pocketbook") }
        for (n, spec) in pocketbookIssues.enumerated() {
            let finding = f[spec.text == nil ? 19 : findings[n % findings.count]]!
            screens[spec.screen].issues.append(
                ReportFixture.Issue(
                    errorCode: finding.code, shortTitle: finding.titles[0],
                    longDescription: finding.description.replacingOccurrences(of: "%@", with: spec.text ?? "Image"),
                    elementText: spec.text, testTypeName: finding.typeNames[0], suggestion: finding.suggestion,
                    rect: spec.rect, expectedTestType: finding.type))
        }
        return ReportFixture(screens: screens, timestamp: "2026-11-23 09:41:00")
    }
}
