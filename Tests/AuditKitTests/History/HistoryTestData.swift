import AuditKit
import AuditKitTestSupport
import Foundation

/// Small reports built in code for the history tests.
enum HistoryTestData {
    /// One issue description: everything but the number, which the report assigns.
    struct Spec {
        var type: TestType = .dynamicType
        var title = "Dynamic Type font sizes are unsupported"
        var typeName: String? = "Dynamic Type"
        var code: Int? = 14
        var text: String? = "Widgets"
        var group = "Home"
        var screen = "0"
        var rect: Rect? = Rect(x: 20, y: 100, width: 120, height: 22)
    }

    static func spec(
        _ type: TestType = .dynamicType, _ text: String?, group: String = "Home", screen: String = "0",
        rect: Rect? = Rect(x: 20, y: 100, width: 120, height: 22), title: String? = nil,
        typeName: String? = nil, code: Int? = 14
    ) -> Spec {
        Spec(
            type: type, title: title ?? "\(type.displayName) warning", typeName: typeName ?? type.displayName,
            code: code, text: text, group: group, screen: screen, rect: rect)
    }

    /// A report whose screens are made from consecutive specs sharing a screen name and group (as the
    /// Inspector's, whose issues are in their screen's group), each with a screenshot that stands for
    /// its group.
    static func report(_ specs: [Spec], date: Date = date(0), name: String? = nil, sha: String? = nil)
        -> InspectorReport
    {
        var screens: [Screen] = []
        var number = 0
        for spec in specs {
            if screens.last?.name != spec.screen || screens.last?.groupName != spec.group {
                // A screenshot per group: the same group is the same screen, as the fixtures mean it.
                screens.append(
                    Screen(
                        index: screens.count, name: spec.screen, groupName: spec.group,
                        screenshot: FixtureCanvas.screenshot(named: spec.group)))
            }
            number += 1
            let issue = Issue(
                number: number, screenIndex: screens.count - 1, screenName: spec.screen,
                screenGroupName: spec.group, errorCode: spec.code, shortTitle: spec.title,
                elementText: spec.text, testType: spec.type, testTypeName: spec.typeName,
                elementRect: spec.rect)
            screens[screens.count - 1].issues.append(issue)
        }
        let fileName = name ?? "AuditReport_\(stamp(date)).html"
        let digest = sha ?? SHA256.hexDigest(of: Array((fileName + "\(specs.count)").utf8))
        return InspectorReport(
            sourcePath: "Reports/" + fileName, format: .html, auditDate: date,
            auditDateSource: .fileName, sha256: digest, fileSize: 1000, screens: screens)
    }

    static func entry(_ specs: [Spec], day: Int, mappings: [IssueMapping] = []) -> HistoryEntry {
        HistoryEntry(report: report(specs, date: date(day)), mappings: mappings)
    }

    /// 2026-01-01 12:00 UTC plus `days`.
    static func date(_ days: Int) -> Date {
        Date(timeIntervalSince1970: 1_767_268_800 + Double(days) * 86_400)
    }

    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02d_%02d-%02d-%02d", p.year!, p.month!, p.day!, p.hour!, p.minute!, p.second!)
    }
}
