import AuditCLI
import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct ToolTests {
    @Test func printsItsVersionAndHelp() throws {
        let version = try runTool(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "auditkit \(AuditKit.version)\n")
        let help = try runTool(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: auditkit <command>"))
    }

    @Test func rejectsAnUnknownCommandWithUsageStatus() throws {
        let result = try runTool(["no-such-command"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown command 'no-such-command'"))
        #expect(result.stdout.isEmpty)
    }
}

@Suite struct ArgumentParsingTests {
    static let specs: [OptionSpec] = [
        .option("--format", value: "FORMAT", help: ""), .flag("--force", help: ""),
        .option("--source", value: "DIR", repeatable: true, help: ""),
    ]

    @Test func readsOptionsFlagsAndPositionalsInAnyOrder() throws {
        let (parsed, help) = try parseArguments(
            ["a.html", "--format=json", "--force", "--source", "A", "-1", "--source", "B", "--", "--b.html"],
            specs: Self.specs)
        #expect(!help)
        #expect(parsed.positional == ["a.html", "-1", "--b.html"])
        #expect(parsed.value("--format") == "json")
        #expect(parsed.has("--force"))
        #expect(parsed.all("--source") == ["A", "B"])
    }

    @Test func rejectsUnknownOptionsMissingValuesAndRepeats() {
        #expect(throws: AuditError.self) { try parseArguments(["--nope"], specs: Self.specs) }
        #expect(throws: AuditError.self) { try parseArguments(["--format"], specs: Self.specs) }
        #expect(throws: AuditError.self) { try parseArguments(["--format", "a", "--format", "b"], specs: Self.specs) }
        #expect(throws: AuditError.self) { try parseArguments(["--force=yes"], specs: Self.specs) }
    }
}
