import Foundation
import PackagePlugin

/// `swift package auditkit COMMAND …` runs an `auditkit` command from the package's root without
/// installing the tool, and without write permission: the commands that only read (`scan`, `check`,
/// `map`, `diff`, `trend`, `summary`, `history list`, `config`, …) run as they are. A command that
/// writes into the package (`ingest`, `audit`, `accept`, `html`, `scan --fix`) is refused by the
/// sandbox where there is one (macOS) and told to run as `auditkit-write` (`AuditKitWritingPlugin`).
/// The package's source targets stand for the sources when neither `--source` nor the project file
/// names any (`AUDITKIT_PACKAGE_SOURCES`, read by the tool).
@main
struct AuditKitCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let folders = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { $0.kind != .test }.map(\.directoryURL.path)
        let process = Process()
        process.executableURL = try context.tool(named: "auditkit").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["AUDITKIT_PACKAGE_SOURCES": folders.joined(separator: ":")], uniquingKeysWith: { _, new in new })
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        // 73: the tool could not write (the sandbox keeps the package read-only without the permission).
        if status == 73 {
            Diagnostics.error(
                "auditkit \(arguments.first ?? "") writes into the package: run it as "
                    + "'swift package --allow-writing-to-package-directory auditkit-write \(arguments.joined(separator: " "))'"
            )
        } else if status != 0 {
            Diagnostics.error("auditkit \(arguments.first ?? "") exited with status \(status)")
        }
    }
}
