import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The tests read only their own fixtures: a run of the tool finds no project, history or configuration
/// of the developer's tree (the repository's `Reports/history.jsonl` the README's `ingest` writes, a
/// project file in the system's temporary folder), so the README's two commands pass in either order.
@Suite struct OwnFixturesTests {
    /// What `config` says of a project that is the working folder.
    static let workingFolder =
        "Project: the working folder (no auditkit.json, Reports/history.jsonl or audit.md with AuditKit sessions "
        + "here or above it)."

    /// The first line of `config`, which names the project's root and what marked it.
    static func project(_ result: ToolResult) -> String {
        String(result.stdout.prefix { $0 != "\n" })
    }

    @Test func aRunGivenNoFolderFindsNoProject() throws {
        // Run from the repository's root, this found the history the README's ingest writes there.
        let config = try runTool(["config"])
        #expect(config.status == 0)
        #expect(Self.project(config) == Self.workingFolder)
    }

    @Test func theSearchStopsBelowACeilingFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.file("outer/Reports"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: directory.file("outer/app/Sources"), withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: directory.file("outer/Reports/history.jsonl")))
        let inner = directory.file("outer/app/Sources")
        let found = try runTool(["config"], in: inner)
        #expect(Self.project(found) == "Project: ../.., found by Reports/history.jsonl.")
        // As git does not search a folder GIT_CEILING_DIRECTORIES names, nor above it.
        for ceiling in [directory.file("outer"), directory.file("outer/app") + ":/elsewhere"] {
            let stopped = try runTool(["config"], in: inner, environment: ["GIT_CEILING_DIRECTORIES": ceiling])
            #expect(Self.project(stopped) == Self.workingFolder, "\(ceiling)")
        }
        // A relative entry is ignored, as git ignores it.
        let relative = try runTool(["config"], in: inner, environment: ["GIT_CEILING_DIRECTORIES": "outer"])
        #expect(Self.project(relative) == "Project: ../.., found by Reports/history.jsonl.")
    }
}
