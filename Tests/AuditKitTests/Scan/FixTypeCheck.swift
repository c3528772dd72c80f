import Foundation
import Testing

/// Runs the toolchain's `swiftc` on what `scan --fix` writes: `parses` checks the syntax of one file,
/// `typeChecks` type-checks a set of files as one module against the stand-ins of SwiftUI and UIKit in
/// Fixtures/StandIn (their names and shapes, no bodies), so a rewrite that only an Apple SDK would refuse (a
/// stored property in an enum, a `@ScaledMetric` in a protocol's extension, a name that does not exist) fails
/// here too. Each records an issue naming the file and the compiler's message when it fails.
enum FixTypeCheck {
    /// `swiftc` beside the running toolchain's `swift`, on PATH, or at /opt/swift/usr/bin.
    static func swiftc() -> String? {
        var candidates: [String] = []
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(folder) + "/swiftc")
        }
        candidates.append("/opt/swift/usr/bin/swiftc")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `swiftc` with `arguments`; its exit status and what it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let swiftc = swiftc() else {
            return (-1, "swiftc not found on PATH or at /opt/swift/usr/bin/swiftc")
        }
        let log = NSTemporaryDirectory() + "auditkit-swiftc-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        // Output to a file: reading a pipe is interrupted by signals while tests run in parallel.
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = arguments
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, output)
    }

    /// Whether `swiftc -parse` accepts the bytes.
    static func parses(_ bytes: [UInt8], name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try run(["-parse", path])
        #expect(result.status == 0, "\(name): \(result.output)", sourceLocation: sourceLocation)
    }

    /// The folder of the stand-in modules, compiled once per test run (nil and the compiler's message when
    /// they do not compile or there is no `swiftc`).
    static let standInModules: (folder: String?, problem: String) = {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/StandIn").path
        guard let folder = try? temporaryFolder() else { return (nil, "no temporary folder") }
        for module in ["SwiftUI", "UIKit"] {
            let result = try? run([
                "-emit-module", "-parse-as-library", "-module-name", module, sources + "/\(module).swift",
                "-emit-module-path", folder + "/\(module).swiftmodule",
            ])
            guard let result, result.status == 0 else { return (nil, result?.output ?? "swiftc did not run") }
        }
        return (folder, "")
    }()

    /// Whether `files` (name and bytes) type-check as one module against the stand-ins; files under
    /// `Packages/NAME/Sources/NAME/` are compiled first as the module `NAME`, which the others import.
    static func typeChecks(
        _ files: [(name: String, bytes: [UInt8])], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        guard let modules = standInModules.folder else {
            Issue.record(
                "the stand-in modules do not compile: \(standInModules.problem)", sourceLocation: sourceLocation)
            return
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var packages: [String: [String]] = [:]
        var app: [String] = []
        for file in files {
            let path = folder + "/" + file.name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            let parts = file.name.split(separator: "/")
            if let at = parts.firstIndex(of: "Packages"), at + 3 < parts.count, parts[at + 2] == "Sources" {
                packages[String(parts[at + 1]), default: []].append(path)
            } else {
                app.append(path)
            }
        }
        for (module, paths) in packages.sorted(by: { $0.key < $1.key }) {
            let result = try run(
                ["-emit-module", "-parse-as-library", "-module-name", module, "-I", modules] + paths + [
                    "-emit-module-path", folder + "/\(module).swiftmodule",
                ])
            #expect(result.status == 0, "\(module): \(result.output)", sourceLocation: sourceLocation)
        }
        guard !app.isEmpty else { return }
        let result = try run(["-typecheck", "-parse-as-library", "-I", modules, "-I", folder] + app)
        #expect(
            result.status == 0, "\(files.map(\.name).joined(separator: ", ")): \(result.output)",
            sourceLocation: sourceLocation)
    }

    private static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "auditkit-fix-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
