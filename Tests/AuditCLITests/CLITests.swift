import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditCLI

@Suite struct ToolTests {
    @Test func printsItsVersionAndHelp() throws {
        let version = try runTool(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "auditkit \(AuditKit.version)\n")
        let help = try runTool(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: auditkit <command>"))
    }

    /// The executable gives the commands that draw evidence pictures one malloc arena (`main.swift`).
    @Test func knowsWhichCommandsDrawPictures() {
        #expect(AuditKitCLI.drawsPictures(["audit", "r.html"]))
        #expect(AuditKitCLI.drawsPictures(["--color", "never", "ingest", "Reports"]))
        #expect(AuditKitCLI.drawsPictures(["sheet", "r.html"]) && AuditKitCLI.drawsPictures(["overlay", "r.html"]))
        #expect(!AuditKitCLI.drawsPictures(["trend"]))
        #expect(!AuditKitCLI.drawsPictures(["history", "audit"]))
        #expect(!AuditKitCLI.drawsPictures([]))
    }

    @Test func rejectsAnUnknownCommandWithUsageStatus() throws {
        let result = try runTool(["no-such-command"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown command 'no-such-command'"))
        #expect(result.stdout.isEmpty)
    }
}

@Suite struct ArgumentParsingTests {
    enum Shade: String, CaseIterable, Sendable { case light, dark }
    static let format: Option<String?> = .text("--format", value: "FORMAT", help: "")
    static let force: Option<Bool> = .flag("--force", help: "")
    static let source: Option<[String]> = .repeated("--source", value: "DIR", help: "")
    static let jobs: Option<Int?> = .integer("--jobs", value: "N", in: 1...8, help: "")
    static let shade: Option<Shade> = .choice("--shade", default: .light, help: "")
    static let specs = [format.spec, force.spec, source.spec, jobs.spec, shade.spec]

    @Test func readsOptionsFlagsAndPositionalsInAnyOrderThroughTheirDeclarations() throws {
        let (parsed, help) = try parseArguments(
            ["a.html", "--format=json", "--force", "--source", "A", "-1", "--source", "B", "--", "--b.html"],
            specs: Self.specs)
        #expect(!help)
        #expect(parsed.positional == ["a.html", "-1", "--b.html"])
        #expect(parsed[Self.format] == "json")
        #expect(parsed[Self.force])
        #expect(parsed[Self.source] == ["A", "B"])
        #expect(try parsed[Self.jobs] == nil)
        #expect(try parsed[Self.shade] == .light)
        #expect(!parsed.isGiven(Self.shade) && parsed.isGiven(Self.format))
        let (other, _) = try parseArguments(["--jobs", "8", "--shade", "dark"], specs: Self.specs)
        #expect(try other[Self.jobs] == 8)
        #expect(try other[Self.shade] == .dark)
        #expect(!other[Self.force] && other[Self.format] == nil && other[Self.source].isEmpty)
        // A declaration with other help reads the same value.
        #expect(try other[Self.jobs.withHelp("Something else.")] == 8)
    }

    @Test func rejectsUnknownOptionsMissingValuesRepeatsAndValuesOutOfDeclaration() throws {
        #expect(throws: AuditError.self) { try parseArguments(["--nope"], specs: Self.specs) }
        #expect(throws: AuditError.self) { try parseArguments(["--format"], specs: Self.specs) }
        #expect(throws: AuditError.self) { try parseArguments(["--format", "a", "--format", "b"], specs: Self.specs) }
        #expect(throws: AuditError.self) { try parseArguments(["--force=yes"], specs: Self.specs) }
        #expect(throws: AuditError.self) { try parseArguments(["--shade", "blue"], specs: Self.specs) }
        let (parsed, _) = try parseArguments(["--jobs", "9"], specs: Self.specs)
        #expect {
            try parsed[Self.jobs]
        } throws: {
            ($0 as? AuditError)?.description.contains("--jobs expects a whole number from 1 to 8, got '9'") == true
        }
    }

    @Test func operandsAreCountedAsDeclared() throws {
        func message(_ operands: Operands, _ given: [String]) -> String? {
            do {
                try operands.check(given, command: "tool")
                return nil
            } catch {
                return (error as? AuditError)?.message
            }
        }
        #expect(message(.none, []) == nil)
        #expect(message(.none, ["x"]) == "tool takes no arguments; got 'x'")
        #expect(message(.exactly("REPORT"), []) == "missing REPORT")
        #expect(message(.exactly("REPORT"), ["a"]) == nil)
        #expect(message(.exactly("REPORT"), ["a", "b"]) == "tool takes one REPORT at a time; got 2 arguments")
        #expect(message(.exactly("OLD", "NEW"), ["a"]) == "missing NEW")
        #expect(message(.exactly("OLD", "NEW"), []) == "missing OLD and NEW")
        #expect(message(.exactly("OLD", "NEW"), ["a", "b", "c"]) == "tool takes exactly OLD and NEW; got 3 arguments")
        #expect(message(.oneOrMore("PATH"), []) == "missing PATH")
        #expect(message(.oneOrMore("PATH"), ["a", "b"]) == nil)
        #expect(message(.any("REPORT"), []) == nil)
        #expect(Operands.any("REPORT|DIR").synopsis == "[REPORT|DIR...]")
        #expect(Operands.oneOrMore("REPORT").synopsis == "REPORT...")
        #expect(Operands.exactly("OLD", "NEW").synopsis == "OLD NEW")
    }

    @Test func everyCommandDeclaresEachOptionNameOnce() {
        for command in AuditKitCLI.commands {
            let names = command.options.flatMap(\.names) + ["--help", "-h", "--color"]
            #expect(Set(names).count == names.count, "\(command.name) declares an option name twice: \(names)")
        }
    }

    @Test func theToolCountsOperandsBeforeACommandRuns() throws {
        let sheet = try runTool(["sheet", "a.html", "b.html"])
        #expect(sheet.status == 64)
        #expect(sheet.stderr.contains("sheet takes one REPORT at a time; got 2 arguments"))
        #expect(sheet.stderr.contains("usage: auditkit sheet REPORT"))
        let trend = try runTool(["trend", "extra"])
        #expect(trend.status == 64 && trend.stderr.contains("trend takes no arguments; got 'extra'"))
        let diff = try runTool(["diff", "only-one.html"])
        #expect(diff.status == 64 && diff.stderr.contains("missing NEW"))
    }
}
