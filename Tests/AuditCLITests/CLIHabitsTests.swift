import AuditKitTestSupport
import Foundation
import Testing

/// What a user of swift-argument-parser tools expects: usage lines, help, completions and the manual
/// page generated from one declaration per command, suggestions for typos, and colour control.
@Suite struct CLIHabitsTests {
    /// The command names `auditkit --help` lists.
    static func commandNames() throws -> [String] {
        let overview = try runTool(["--help"]).stdout
        let commands = overview.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
        return commands.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func everyUsageLineNamesEveryOptionItsHelpLists() throws {
        let names = try Self.commandNames()
        #expect(names.contains("ingest") && names.contains("completions") && names.count >= 15)
        for name in names {
            let help = try runTool([name, "--help"])
            #expect(help.status == 0)
            let usage = try #require(help.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
            let options = help.stdout.components(separatedBy: "OPTIONS:\n").dropFirst().first ?? ""
            for line in options.split(separator: "\n") where line.hasPrefix("  --") {
                let option = String(line.dropFirst(2).prefix { $0 != " " && $0 != "," })
                if option == "--color" { continue }
                #expect(usage.contains("[" + option), "\(name): \(option) missing from \(usage)")
            }
        }
    }

    @Test func typosGetASuggestion() throws {
        let command = try runTool(["ingset", "Reports"])
        #expect(command.status == 64)
        #expect(command.stderr.contains("unknown command 'ingset'; did you mean 'ingest'?"))
        let option = try runTool(["diff", "a", "b", "--formt", "json"])
        #expect(option.status == 64)
        #expect(option.stderr.contains("unknown option '--formt'; did you mean '--format'?"))
        let value = try runTool(["diff", "a", "b", "--format", "jsno"])
        #expect(value.stderr.contains("--format must be one of text, markdown, json, got 'jsno'; did you mean 'json'?"))
    }

    @Test func completionsAndTheManualPageCoverEveryCommandAndOption() throws {
        let bash = try runTool(["completions", "bash"])
        #expect(bash.status == 0)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(bash.stdout.utf8).write(to: URL(fileURLWithPath: directory.file("auditkit.bash")))
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/bin/bash")
        check.arguments = ["-n", directory.file("auditkit.bash")]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "bash -n rejects the completion script")
        let zsh = try runTool(["completions", "zsh"]).stdout
        let fish = try runTool(["completions", "fish"]).stdout
        let man = try runTool(["help", "--man"]).stdout
        #expect(man.hasPrefix(".TH AUDITKIT 1"))
        for name in try Self.commandNames() {
            #expect(bash.stdout.contains("        \(name))"), "bash: \(name)")
            #expect(zsh.contains("'\(name):"), "zsh: \(name)")
            #expect(fish.contains("-a \(name) "), "fish: \(name)")
            #expect(man.contains(".SS \(name)\n"), "man: \(name)")
        }
        #expect(bash.stdout.contains("--format) COMPREPLY=($(compgen -W \"text json\""))
        #expect(fish.contains("-l source -r -F"))
        #expect(try runTool(["completions", "tcsh"]).status == 64)
    }

    @Test func colourFollowsTheOptionAndNoColor() throws {
        let always = try runTool(["--color", "always", "nonsense"], environment: ["NO_COLOR": "1"])
        #expect(always.stderr.contains("\u{1B}[31merror:"))
        let auto = try runTool(["nonsense"])
        #expect(!auto.stderr.contains("\u{1B}["))
        let never = try runTool(["diff", "--color=never", "a"])
        #expect(!never.stderr.contains("\u{1B}["))
        #expect(try runTool(["--color", "sometimes", "diff"]).status == 64)
    }
}
