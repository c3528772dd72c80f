import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The text of `diff` and `trend` lists earlier warnings not re-audited one by one while they are few;
/// thousands (a CI history of partial reports) are told by where they are, with counts and dates, and
/// `--format json` still lists each.
@Suite struct NotReauditedListingTests {
    /// A first report of `count` issues on one screen, then one without screenshots that flags its first
    /// two only: the others are not re-audited.
    static func makeProject(count: Int) throws -> TemporaryDirectory {
        let project = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: project.file("Reports"), withIntermediateDirectories: true)
        var fixture = ReportFixture.random(seed: 7, screenCount: 1...1, issueRange: count...count, images: false)
        for index in fixture.screens[0].issues.indices {
            fixture.screens[0].issues[index].elementText = "Row \(index + 1)"
        }
        try fixture.write(to: project.file("Reports/AuditReport_2026-03-01_10-00-00.json"), as: .json)
        fixture.screens[0].issues = Array(fixture.screens[0].issues.prefix(2))
        try fixture.write(to: project.file("Reports/AuditReport_2026-03-02_10-00-00.json"), as: .json)
        return project
    }

    @Test(arguments: [5, 40])
    func fewAreListedAndManyAreCountedByPlace(count: Int) throws {
        let project = try Self.makeProject(count: count)
        defer { project.remove() }
        let ingest = try runTool(["ingest", "Reports"], in: project.path)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let diff = try runTool(["diff", "1", "2"], in: project.path)
        let trend = try runTool(["trend"], in: project.path)
        let json = try runTool(["diff", "1", "2", "--format", "json"], in: project.path)
        let listed = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["notReaudited"]
                as? [Any])
        #expect(listed.count == count - 2)
        for output in [diff.stdout, trend.stdout] {
            if count - 2 <= 30 {
                #expect(output.contains("‘Row 3’"), "\(output)")
                #expect(!output.contains("by where they are"))
            } else {
                #expect(!output.contains("‘Row 3’"), "\(output)")
                #expect(output.contains("(\(count - 2)), by where they are (--format json lists each):"), "\(output)")
                #expect(
                    output.contains(": \(count - 2) warnings, not re-audited since 2026-03-01 10:00\n"), "\(output)")
            }
        }
    }
}
