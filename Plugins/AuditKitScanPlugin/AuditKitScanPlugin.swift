import Foundation
import PackagePlugin

/// Runs `auditkit-scan --format xcode` (`auditkit scan`'s findings from a tool that links no C library
/// beyond the platform's, so the plugin builds with the Swift toolchain alone) over a target's Swift sources on every build that changed one of
/// them: each fixed font size that cannot scale with Dynamic Type becomes a warning on its line, in the
/// issue navigator in Xcode and in `swift build`'s output. The scan runs from the package's root, so the
/// project file's scan settings (`auditkit.json`'s `scan`, else `auditkit.scan.json`) and the sources'
/// `// auditkit:ignore` comments apply as they do to `auditkit scan`. The command declares the sources
/// and those settings files as its inputs and a file in the plugin's work folder as its output, so a
/// build with nothing changed does not scan again.
@main
struct AuditKitScanPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let root = context.package.directoryURL
        return [
            try Self.scan(
                sources: sources, of: target.name, paths: [target.directoryURL], root: root,
                tool: context.tool(named: "auditkit-scan").url, work: context.pluginWorkDirectoryURL)
        ]
    }

    /// The build command that scans `paths` (a target's folder, or its files; `sources` are its Swift files)
    /// from `root` with `tool`, and marks the scan done in `work`.
    static func scan(sources: [URL], of name: String, paths: [URL], root: URL, tool: URL, work: URL) -> Command {
        let settings = ["auditkit.json", "auditkit.scan.json"].map { root.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        // The mark is a Swift file holding only a comment: SwiftPM compiles what a build command writes
        // into the target, and would bundle any other kind of file as a resource.
        let done = work.appending(path: "\(name)+AuditKitScan.swift")
        // A shell runs the scan from the package's root (where the project file is found), gives each
        // finding's path from the root (Xcode places a warning by its absolute path) and marks the scan
        // done: the findings go to the build's output, the mark is the output SwiftPM compares.
        let script = #"""
            root="$1"; tool="$2"; mark="$3"; shift 3
            cd "$root" || exit 1
            "$tool" --format xcode -- "$@" > "$mark.lines" || exit $?
            awk -v root="$root/" '/^[^\/][^:]*:[0-9]+:[0-9]+: (warning|error|note): / { $0 = root $0 } { print }' "$mark.lines"
            echo "// AuditKitScanPlugin scanned this target's sources; this file holds no code." > "$mark"
            """#
        return .buildCommand(
            displayName: "AuditKit: scanning \(name) for fixed font sizes",
            executable: URL(filePath: "/bin/sh"),
            arguments: ["-c", script, "auditkit-scan", root.path, tool.path, done.path] + paths.map(\.path),
            inputFiles: sources + settings, outputFiles: [done])
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension AuditKitScanPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
            guard !sources.isEmpty else { return [] }
            let root = context.xcodeProject.directoryURL
            // An Xcode target has no folder of its own: the scan reads its Swift files, from the project's
            // folder (where the project file is found).
            return [
                Self.scan(
                    sources: sources, of: target.displayName, paths: sources, root: root,
                    tool: try context.tool(named: "auditkit-scan").url, work: context.pluginWorkDirectoryURL)
            ]
        }
    }
#endif
