import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Reports built in code, written in the Inspector's style, read back equal field by field.
@Suite struct ReportRoundTripTests {
    /// Checks every field the fixture wrote against what the reader made of it.
    static func expectEqual(
        _ report: InspectorReport, _ fixture: ReportFixture, container: ReportFixture.Container,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let context = "\(container)"
        if container == .text {
            let issues = report.issues
            #expect(issues.count == fixture.issues.count, "\(context)", sourceLocation: sourceLocation)
            for (read, written) in zip(issues, fixture.issues) {
                #expect(read.shortTitle == (written.shortTitle ?? ""), "\(context)", sourceLocation: sourceLocation)
                #expect(read.errorCode == written.errorCode, "\(context)", sourceLocation: sourceLocation)
                #expect(read.longDescription == written.longDescription, "\(context)", sourceLocation: sourceLocation)
            }
            return
        }
        #expect(report.screens.count == fixture.screens.count, "\(context)", sourceLocation: sourceLocation)
        var number = 0
        for (screen, written) in zip(report.screens, fixture.screens) {
            #expect(screen.name == written.name, sourceLocation: sourceLocation)
            #expect(screen.groupName == written.groupName, sourceLocation: sourceLocation)
            #expect(screen.displayBounds == written.displayBounds, sourceLocation: sourceLocation)
            #expect(screen.screenshotScale == written.scale, sourceLocation: sourceLocation)
            #expect(screen.screenshotRotation == written.rotation, sourceLocation: sourceLocation)
            expectImage(screen.screenshot, written.screenshot, sourceLocation: sourceLocation)
            #expect(screen.issues.count == written.issues.count, sourceLocation: sourceLocation)
            for (issue, w) in zip(screen.issues, written.issues) {
                number += 1
                #expect(issue.number == number, sourceLocation: sourceLocation)
                #expect(issue.screenIndex == screen.index, sourceLocation: sourceLocation)
                #expect(issue.screenName == written.name, sourceLocation: sourceLocation)
                #expect(issue.screenGroupName == written.groupName, sourceLocation: sourceLocation)
                #expect(issue.errorCode == w.errorCode, sourceLocation: sourceLocation)
                #expect(issue.shortTitle == (w.shortTitle ?? ""), sourceLocation: sourceLocation)
                #expect(issue.longDescription == w.longDescription, sourceLocation: sourceLocation)
                #expect(issue.extraInfo == w.extraInfo, sourceLocation: sourceLocation)
                #expect(issue.elementText == w.elementText, sourceLocation: sourceLocation)
                #expect(issue.testTypeName == w.testTypeName, sourceLocation: sourceLocation)
                #expect(issue.testType == w.expectedTestType, "\(w)", sourceLocation: sourceLocation)
                #expect(issue.suggestion == w.suggestion, sourceLocation: sourceLocation)
                #expect(issue.isDuplicate == (w.isDuplicate ?? false), sourceLocation: sourceLocation)
                #expect(issue.elementRect == w.rect, sourceLocation: sourceLocation)
                expectImage(issue.thumbnail, w.thumbnail, sourceLocation: sourceLocation)
            }
        }
    }

    static func expectImage(
        _ read: ReportImage?, _ written: ReportFixture.Image?, sourceLocation: Testing.SourceLocation
    ) {
        #expect((read == nil) == (written == nil), sourceLocation: sourceLocation)
        guard let read, let written else { return }
        #expect(read.data == written.jpeg, sourceLocation: sourceLocation)
        #expect(read.problem == nil, sourceLocation: sourceLocation)
        #expect(read.declaredWidth == written.width, sourceLocation: sourceLocation)
        #expect(read.declaredHeight == written.height, sourceLocation: sourceLocation)
        #expect(read.pixelWidth.map(Double.init) == written.width, sourceLocation: sourceLocation)
        #expect(read.pixelHeight.map(Double.init) == written.height, sourceLocation: sourceLocation)
    }

    @Test(arguments: ReportFixture.Container.all)
    func readsBackEveryContainerFieldByField(container: ReportFixture.Container) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for seed in UInt64(1)...6 {
            var fixture = ReportFixture.random(seed: seed * 7919)
            if container == .text {
                // The text export has one line per description and no blank lines inside.
                for s in fixture.screens.indices {
                    for i in fixture.screens[s].issues.indices {
                        fixture.screens[s].issues[i].longDescription = fixture.screens[s].issues[i].longDescription?
                            .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
                        if fixture.screens[s].issues[i].longDescription?.isEmpty == true {
                            fixture.screens[s].issues[i].longDescription = nil
                        }
                    }
                }
            }
            let path = dir.file("AuditReport_2026-01-02_11-02-25-\(seed).report")
            try fixture.write(to: path, as: container, seed: seed)
            let report = try ReportReader.read(path: path)
            Self.expectEqual(report, fixture, container: container)
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            switch container {
            case .html: #expect(report.format == .html)
            case .json: #expect(report.format == .json)
            case .text: #expect(report.format == .text)
            }
        }
    }

    @Test func shipsTheDemoReportsTheFixtureBuilderMakes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let demos = ReportFixture.demoReports()
        #expect(demos.count >= 3)
        for demo in demos {
            let path = root.appendingPathComponent("Reports/" + demo.fileName).path
            let shipped = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(shipped == demo.html, "regenerate with: swift run auditkit-bench make-demo Reports/")
            let report = try ReportReader.read(path: path)
            #expect(report.warnings.isEmpty)
            #expect(report.issues.count == demo.fixture.screens.reduce(0) { $0 + $1.issues.count })
        }
    }

    @Test func shipsTheSampleReportTheFixtureBuilderMakes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Examples/SampleReport/AuditReport_2026-01-02_11-02-25.html").path
        let shipped = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(
            shipped == ReportFixture.sampleHTML(),
            "regenerate with: swift run auditkit-bench make-sample Examples/SampleReport/")
        let report = try ReportReader.read(path: path)
        Self.expectEqual(report, ReportFixture.sample(), container: .html(.varAssignment))
        #expect(report.issues.count == 16)
        #expect(report.issues.filter(\.isDuplicate).count == 1)
        #expect(Set(report.issues.map(\.testType)).count == 9)
        #expect(report.warnings.isEmpty)
        #expect(shipped.count < 1_000_000)
    }
}
