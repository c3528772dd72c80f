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
