import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A small app written for one test: its files, indexed, and reports made of (screen, text, rect) issues.
struct MiniApp {
    let files: [String: String]

    /// The index of the files, written to a temporary folder.
    func index() throws -> SourceIndex {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (name, text) in files {
            let path = folder.file(name)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return try SourceIndex.build(roots: [folder.path], workingDirectory: folder.path)
    }

    /// A report on a 402 × 874 pt screen; issues are numbered from 1 in order.
    static func report(_ issues: [(screen: Int, text: String, rect: Rect?)]) -> InspectorReport {
        let made = issues.enumerated().map { n, issue in
            ReportIssue(
                number: n + 1, screenIndex: issue.screen, screenName: "\(issue.screen)", screenGroupName: "Main",
                shortTitle: "Dynamic Type font sizes are unsupported", elementText: issue.text,
                testType: .dynamicType, elementRect: issue.rect)
        }
        let screens = Set(issues.map(\.screen)).sorted().map { index in
            Screen(
                index: index, name: "\(index)", groupName: "Main",
                displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622), screenshotScale: 3,
                issues: made.filter { $0.screenIndex == index })
        }
        return InspectorReport(
            sourcePath: "Reports/AuditReport_2026-01-03_16-28-16.json", format: .json,
            auditDate: Date(timeIntervalSince1970: 0), auditDateSource: .caller, sha256: "", fileSize: 0,
            screens: screens)
    }

    /// A rect in the middle of the screen, `row` rows down.
    static func middle(_ row: Int) -> Rect { Rect(x: 16, y: 200 + Double(row) * 44, width: 200, height: 30) }
}

/// Confidence of 0.8 or more means the subtree or the only match decided; tie-breaks, collisions, the tab bar
/// band and a root above every screen keep a mapping below it and say so.
@Suite struct MappingConfidenceTests {
    static let home = """
        import SwiftUI
        struct HomeView: View {
            var body: some View {
                VStack {
                    Text("Welcome")
                    Text("Overview")
                    Text("Details")
                    Footer()
                }
            }
        }
        struct Footer: View {
            var body: some View { Text("Details") }
        }
        struct Elsewhere: View {
            var body: some View { Text("Overview") }
        }
        """

    @Test func theSubtreeDecidingStaysFirm() throws {
        let index = try MiniApp(files: ["App/Home.swift": Self.home]).index()
        let report = MiniApp.report([
            (0, "Welcome", MiniApp.middle(0)), (0, "Overview", MiniApp.middle(1)), (0, "Details", MiniApp.middle(2)),
        ])
        let result = IssueMatcher(index: index).map(report)
        let overview = try #require(result.primary(for: 2))
        #expect(overview.location?.line == 6)
        #expect(overview.confidence == 0.81)
        #expect(result.issue(2)?.explanation.contains("tie-break") == false)
    }

    @Test func aTieBreakInsideTheSubtreeIsNotFirm() throws {
        let index = try MiniApp(files: ["App/Home.swift": Self.home]).index()
        let report = MiniApp.report([
            (0, "Welcome", MiniApp.middle(0)), (0, "Overview", MiniApp.middle(1)), (0, "Details", MiniApp.middle(2)),
        ])
        let result = IssueMatcher(index: index).map(report)
        let details = try #require(result.issue(3))
        // HomeView and Footer both sit in the root's subtree: only a tie-break tells them apart.
        #expect(details.primary?.location?.line == 7)
        #expect(try #require(details.primary?.confidence) < IssueMatcher.firmConfidence)
        #expect(details.candidates.first?.confidence == details.primary?.confidence)
        #expect(details.explanation.contains("decided by a tie-break"))
    }

    @Test func twoElementsGivenOnePlaceAreNotFirm() throws {
        let index = try MiniApp(files: ["App/Home.swift": Self.home]).index()
        let twoPlaces = IssueMatcher(index: index).map(
            MiniApp.report([(0, "Welcome", MiniApp.middle(0)), (0, "Welcome", MiniApp.middle(3))]))
        for number in [1, 2] {
            let entry = try #require(twoPlaces.issue(number))
            #expect(entry.primary?.location?.line == 5)
            #expect(try #require(entry.primary?.confidence) < IssueMatcher.firmConfidence)
            #expect(entry.explanation.contains("other element of this screen got the same place"))
        }
        // The same element reported twice (two checks) is one place.
        let oneElement = IssueMatcher(index: index).map(
            MiniApp.report([(0, "Welcome", MiniApp.middle(0)), (0, "Welcome", MiniApp.middle(0))]))
        #expect(oneElement.primary(for: 1)?.confidence == 0.9)
        #expect(oneElement.primary(for: 2)?.confidence == 0.9)
    }

    @Test func aTabBarElementThatIsNoTabTitleIsNotFirm() throws {
        let index = try MiniApp(files: ["App/Home.swift": Self.home]).index()
        let band = Rect(x: 20, y: 830, width: 60, height: 40)
        let result = IssueMatcher(index: index).map(MiniApp.report([(0, "Welcome", band)]))
        let entry = try #require(result.issue(1))
        #expect(entry.primary?.location?.line == 5)
        #expect(try #require(entry.primary?.confidence) < IssueMatcher.firmConfidence)
        #expect(entry.explanation.contains("tab bar band"))
    }

    @Test func aRootAboveEveryScreenDecidesNothingFirm() throws {
        let app = MiniApp(files: [
            "App/Container.swift": """
            import SwiftUI
            struct Container: View {
                var body: some View {
                    VStack {
                        HomeView()
                        SettingsView()
                        HStack { Text("Home"); Text("Settings") }
                    }
                }
            }
            struct HomeView: View {
                var body: some View { Text("Welcome") }
            }
            struct SettingsView: View {
                var body: some View { VStack { Text("Account"); Text("Privacy"); Text("Sign Out") } }
            }
            """,
            "App/Walkthrough.swift": """
            import SwiftUI
            struct Walkthrough: View {
                var body: some View { VStack { Text("Welcome"); Text("Privacy") } }
            }
            """,
        ])
        let report = MiniApp.report([
            (0, "Home", MiniApp.middle(0)), (0, "Settings", MiniApp.middle(1)), (0, "Welcome", MiniApp.middle(2)),
            (0, "Account", MiniApp.middle(3)),
            (1, "Account", MiniApp.middle(0)), (1, "Privacy", MiniApp.middle(1)), (1, "Sign Out", MiniApp.middle(2)),
        ])
        let result = IssueMatcher(index: try app.index()).map(report)
        // Screen 0's root is Container, which holds screen 1's root too: its subtree tells nothing.
        let welcome = try #require(result.issue(3))
        #expect(welcome.primary?.location?.file == "App/Container.swift")
        #expect(try #require(welcome.primary?.confidence) < IssueMatcher.firmConfidence)
        #expect(welcome.explanation.contains("ancestor of every screen"))
        // Screen 1's root, SettingsView, holds no other screen: its subtree decides firmly.
        let privacy = try #require(result.issue(6))
        #expect(privacy.primary?.location?.file == "App/Container.swift")
        #expect(privacy.primary?.confidence == 0.81)
    }
}
