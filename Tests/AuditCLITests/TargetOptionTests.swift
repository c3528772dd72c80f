import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `--target` and the project file's `target`: which app's code `map` maps into, and that it says so.
@Suite struct TargetOptionTests {
    /// The two-app repository of `MultiTargetFixture` (classic project) with a report of `texts`;
    /// `projectTarget` goes into `auditkit.json` when given.
    static func makeProject(texts: [String] = ["Notifications", "Appearance"], projectTarget: String? = nil) throws
        -> TemporaryDirectory
    {
        let project = try TemporaryDirectory()
        try MultiTargetFixture.write(to: project.path, synchronized: false)
        try ProjectFile(sources: ["."], target: projectTarget).text.write(
            toFile: project.file("auditkit.json"), atomically: true, encoding: .utf8)
        let issues: [ReportFixture.Issue] = texts.enumerated().map { n, text in
            .init(
                errorCode: 30, shortTitle: "Dynamic Type font sizes are unsupported", elementText: text,
                testTypeName: "Dynamic Type", rect: Rect(x: 20, y: 200 + Double(n) * 44, width: 200, height: 30))
        }
        try ReportFixture(screens: [AuditCommandTests.screen(issues)])
            .write(to: project.file("AuditReport_2026-01-02_11-02-25.html"), as: .html(.varAssignment))
        return project
    }

    static func json(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    static func firstFile(_ object: [String: Any]) -> String? {
        let issue = (object["issues"] as? [[String: Any]])?.first
        let mapping = issue?["mapping"] as? [String: Any]
        return (mapping?["location"] as? [String: Any])?["file"] as? String
    }

    @Test func theProjectFileNamesTheTargetAndTheOptionOverridesIt() throws {
        // Both apps explain both texts, so the automatic choice would be Desk (first by name).
        let project = try Self.makeProject(projectTarget: "Phone")
        defer { project.remove() }
        let report = "AuditReport_2026-01-02_11-02-25.html"
        let fromFile = try runTool(["map", report, "--format", "json"], in: project.path)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let object = try Self.json(fromFile.stdout)
        let audited = object["auditedTarget"] as? [String: Any]
        #expect(audited?["name"] as? String == "Phone")
        #expect(audited?["choice"] as? String == "projectFile")
        #expect(Self.firstFile(object) == "Phone/SettingsView.swift")

        let fromOption = try runTool(["map", report, "--target", "Desk"], in: project.path)
        #expect(fromOption.status == 0, "\(fromOption.stderr)")
        #expect(fromOption.stdout.contains("\naudited target: Desk (named by --target)\n"), "\(fromOption.stdout)")
        #expect(fromOption.stdout.contains("-> Desk/SettingsView.swift:5"), "\(fromOption.stdout)")
    }

    @Test func withoutANameTheAppThatExplainsMostIsChosen() throws {
        let project = try Self.makeProject(texts: ["Notifications", "Appearance", "Face ID"])
        defer { project.remove() }
        let result = try runTool(["map", "AuditReport_2026-01-02_11-02-25.html", "--format", "json"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result.stdout)
        let audited = object["auditedTarget"] as? [String: Any]
        #expect(audited?["name"] as? String == "Phone")
        #expect(audited?["choice"] as? String == "automatic")
        #expect(audited?["reason"] as? String == "the app target whose files explain 3 of 3 warnings")
        #expect(Self.firstFile(object) == "Phone/SettingsView.swift")
    }

    @Test func anUnknownOrTestTargetIsOneClearError() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        for name in ["Nope", "PhoneTests"] {
            let result = try runTool(
                ["map", "AuditReport_2026-01-02_11-02-25.html", "--target", name], in: project.path)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.contains("no target named \"\(name)\" to audit; targets: Desk, Phone"), "\(result.stderr)"
            )
            #expect(result.stderr.hasPrefix("auditkit map: error: no target named"), "\(result.stderr)")
        }
    }
}
