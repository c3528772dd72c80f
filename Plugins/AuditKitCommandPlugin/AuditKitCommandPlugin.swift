import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory auditkit COMMAND …` runs any `auditkit` command from
/// the package's root without installing the tool. A command that reads sources (`scan` with no path,
/// or one that takes `--source` given none) reads the package's source targets, unless the project file
/// (`auditkit.json`) names the sources. SwiftPM asks for write permission once, for every command, since
/// most of them write into the package (the history, `audit.md`, the site, `scan --fix`).
@main
struct AuditKitCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "auditkit").url
        let root = context.package.directoryURL
        var arguments = arguments
        let folders = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { $0.kind != .test }.map(\.directoryURL.path)
        let hasProjectFile = FileManager.default.fileExists(atPath: root.appending(path: "auditkit.json").path)
        if let command = arguments.first, !command.hasPrefix("-"), !hasProjectFile, !folders.isEmpty {
            let usage = try Self.run(tool, [command, "--help"], in: root, quiet: true).output
            let valued = Self.optionsTakingValues(usage: usage)
            if command == "scan", Self.operands(of: arguments.dropFirst(), valued: valued).isEmpty {
                arguments += folders
            } else if valued.contains("--source"), !arguments.contains(where: { $0.hasPrefix("--source") }) {
                arguments += folders.flatMap { ["--source", $0] }
            }
        }
        let status = try Self.run(tool, arguments, in: root, quiet: false).status
        if status != 0 {
            Diagnostics.error("auditkit \(arguments.first ?? "") exited with status \(status)")
        }
    }

    /// The options a command's help (`USAGE: auditkit scan [PATH...] [--format text|json] [--fix]`) shows
    /// with a value: `--format`, not `--fix`.
    static func optionsTakingValues(usage help: String) -> Set<String> {
        guard let usage = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE:") }) else { return [] }
        var valued = Set<String>()
        for part in usage.split(separator: "[").dropFirst() {
            let words = part.prefix { $0 != "]" }.split(separator: " ")
            if words.count > 1, words[0].hasPrefix("--") { valued.insert(String(words[0])) }
        }
        return valued
    }

    /// The operands among `arguments`: what is neither an option nor the value of one in `valued`.
    static func operands(of arguments: ArraySlice<String>, valued: Set<String>) -> [String] {
        var operands: [String] = []
        var skipValue = false
        for argument in arguments {
            if skipValue {
                skipValue = false
            } else if argument.hasPrefix("-") {
                skipValue = valued.contains(argument)
            } else {
                operands.append(argument)
            }
        }
        return operands
    }

    /// Runs `tool` with `arguments` in `folder`; with `quiet`, its output is returned instead of shown.
    static func run(_ tool: URL, _ arguments: [String], in folder: URL, quiet: Bool) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        if quiet {
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        let output = quiet ? String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
