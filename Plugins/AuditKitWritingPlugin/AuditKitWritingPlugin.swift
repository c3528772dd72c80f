import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory auditkit-write COMMAND …`: any `auditkit`
/// command, those that write into the package too (the history, `audit.md`, the site, `scan --fix`'s
/// rewrites), with the package's source targets for the sources when neither `--source` nor the
/// project file names any. The read-only commands need no permission: `swift package auditkit`
/// (`AuditKitCommandPlugin`) runs them.
@main
struct AuditKitWritingPlugin: CommandPlugin {
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
        if process.terminationStatus != 0 {
            Diagnostics.error("auditkit \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
    }
}
