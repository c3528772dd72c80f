import AuditKit
import Foundation
import Testing

/// System UI by place depends on the device and the orientation: the status bar's band is the top 54 pt of
/// an iPhone in portrait, nothing on an iPhone in landscape, the top 24 pt of an iPad either way.
@Suite struct DeviceLayoutTests {
    /// A one-screen report of a screen `width` × `height` points (pixels at scale 2) with `issues`.
    static func report(width: Double, height: Double, _ issues: [ReportIssue]) -> InspectorReport {
        InspectorReport(
            sourcePath: "Reports/AuditReport_2026-02-01_10-00-00.html", format: .html,
            auditDate: Date(timeIntervalSince1970: 0), auditDateSource: .caller, sha256: "", fileSize: 0,
            screens: [
                Screen(
                    index: 0, name: "0", groupName: "App",
                    displayBounds: Rect(x: 0, y: 0, width: width * 2, height: height * 2), screenshotScale: 2,
                    issues: issues)
            ])
    }

    static func issue(_ number: Int, _ text: String, y: Double, height: Double = 20) -> ReportIssue {
        ReportIssue(
            number: number, screenIndex: 0, screenName: "0", screenGroupName: "App",
            shortTitle: "Contrast failed", elementText: text, testType: .contrast,
            elementRect: Rect(x: 300, y: y, width: 30, height: height))
    }

    /// Whether each issue of a report of that size is filed as the status bar.
    static func statusBar(width: Double, height: Double, _ issues: [ReportIssue]) -> [Bool] {
        IssueMatcher().map(report(width: width, height: height, issues)).issues.map {
            $0.primary?.note == "status bar"
        }
    }

    @Test func theLayoutIsToldFromTheScreensSize() {
        #expect(DeviceLayout(screenSize: (402, 874)) == DeviceLayout(device: .phone, orientation: .portrait))
        #expect(DeviceLayout(screenSize: (874, 402)) == DeviceLayout(device: .phone, orientation: .landscape))
        #expect(DeviceLayout(screenSize: (1024, 1366)) == DeviceLayout(device: .pad, orientation: .portrait))
        #expect(DeviceLayout(screenSize: (1133, 744)) == DeviceLayout(device: .pad, orientation: .landscape))
        #expect(DeviceLayout(screenSize: nil) == DeviceLayout(device: .phone, orientation: .portrait))
        #expect(DeviceLayout(screenSize: (1024, 1366)).statusBar == 24)
        #expect(DeviceLayout(screenSize: (874, 402)).statusBar == 0)
    }

    @Test func aniPadToolbarButtonBelowTheStatusBarIsTheApps() {
        // The clock in the top 24 pt is the status bar; the toolbar's "+" at 32–52 pt is not.
        let issues = [Self.issue(1, "9:41", y: 2), Self.issue(2, "+", y: 32)]
        #expect(Self.statusBar(width: 1024, height: 1366, issues) == [true, false])
        #expect(Self.statusBar(width: 1366, height: 1024, issues) == [true, false])
        let mapped = IssueMatcher().map(Self.report(width: 1024, height: 1366, issues))
        #expect(mapped.issues[0].explanation.contains("top 24 pt of its screenshot (iPad, portrait)"))
    }

    @Test func aniPhoneInLandscapeHasNoStatusBar() {
        let issues = [Self.issue(1, "Done", y: 10), Self.issue(2, "+", y: 32)]
        #expect(Self.statusBar(width: 874, height: 402, issues) == [false, false])
        // The same elements on an iPhone in portrait lie in the status bar's band.
        #expect(Self.statusBar(width: 402, height: 874, issues) == [true, true])
    }

    @Test func theSystemBandsAreOneRuleForTheMatcherAndTheScreenDeclarations() {
        let phone = SystemBands(screenSize: (402, 874))
        #expect(phone.statusBarHolds(Rect(x: 20, y: 10, width: 40, height: 20)))
        #expect(!phone.statusBarHolds(Rect(x: 20, y: 60, width: 40, height: 20)))
        #expect(phone.tabBarHolds(Rect(x: 20, y: 820, width: 40, height: 20)) == true)
        #expect(phone.tabBarHolds(Rect(x: 20, y: 700, width: 40, height: 20)) == false)
        // An iPhone in landscape has no status bar, even at its very top; an unknown size no tab bar band.
        #expect(!SystemBands(screenSize: (874, 402)).statusBarHolds(Rect(x: 20, y: -30, width: 40, height: 20)))
        #expect(SystemBands(screenSize: nil).tabBarHolds(Rect(x: 20, y: 820, width: 40, height: 20)) == nil)
        // A screen declared by its title is not told by the tab bar's tab of the same name.
        let tab = Self.issue(1, "Budgets", y: 820)
        let declaration = ScreenDeclaration(name: "Budgets", texts: ["Budgets"])
        let screen = Self.report(width: 402, height: 874, [tab]).screens[0]
        #expect(!declaration.matches(screen, root: nil, views: [nil]))
        let title = Self.issue(2, "Budgets", y: 120)
        #expect(
            declaration.matches(
                Self.report(width: 402, height: 874, [tab, title]).screens[0], root: nil, views: [nil, nil]))
    }
}
