import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `auditkit-scan`, the build-tool plugin's tool (issue 63): what `auditkit scan` prints, from an
/// executable whose dependency closure holds no system library target, so the plugin builds with the
/// Swift toolchain alone.
@Suite struct ScanToolTests {
    static let scanTool = builtExecutablePath("auditkit-scan")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func printsWhatAuditkitScanPrintsInEveryFormat() throws {
        let copy = try ScanCommandTests.copiedCorpus()
        defer { copy.remove() }
        for format in ["text", "json", "xcode"] {
            let arguments = [".", "--config", "corpus.scan.json", "--format", format]
            let tool = try runTool(arguments, in: copy.file("Corpus"), executable: Self.scanTool)
            let cli = try runTool(["scan"] + arguments, in: copy.file("Corpus"))
            #expect(tool.status == 0, "\(format): \(tool.stderr)")
            #expect(tool.stdout.contains("fixed font size 11 pt"), "\(format): \(tool.stdout)")
            #expect(tool.stdout == cli.stdout, "\(format)")
            #expect(tool.stderr == cli.stderr, "\(format)")
        }
    }

    /// Without PATH, the project file's sources and scan settings, as `auditkit scan` reads them; without a
    /// project file, the package's targets the command plugins name.
    @Test func readsTheProjectFileAndThePluginsSourcesAsAuditkitScanDoes() throws {
        let copy = try ScanCommandTests.copiedCorpus()
        defer { copy.remove() }
        let environment = ["AUDITKIT_PACKAGE_SOURCES": copy.file("Corpus")]
        let fromPackage = try runTool(
            ["--format", "xcode"], in: copy.path, environment: environment, executable: Self.scanTool)
        #expect(fromPackage.status == 0, "\(fromPackage.stderr)")
        #expect(fromPackage.stdout.contains("Corpus/Debug/"), "no configuration: the Debug folder is scanned")
        try #"{"version": 1, "sources": ["Corpus"], "scan": "Corpus/corpus.scan.json"}"#.write(
            toFile: copy.file("auditkit.json"), atomically: true, encoding: .utf8)
        let tool = try runTool(
            ["--format", "xcode"], in: copy.path, environment: environment, executable: Self.scanTool)
        let cli = try runTool(["scan", "--format", "xcode"], in: copy.path, environment: environment)
        #expect(tool.status == 0, "\(tool.stderr)")
        #expect(!tool.stdout.isEmpty && !tool.stdout.contains("Corpus/Debug/"), "the configuration excludes Debug")
        #expect(tool.stdout == cli.stdout)
        #expect(tool.stderr == cli.stderr)
    }

    @Test func answersHelpAndBadUsageWithTheToolsExitStatuses() throws {
        let help = try runTool(["--help"], executable: Self.scanTool)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: auditkit-scan [PATH...] [--format text|json|xcode] [--config FILE]"))
        let unknown = try runTool(["--fix"], executable: Self.scanTool)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("auditkit-scan: error: unknown option '--fix'"), "\(unknown.stderr)")
        let sarif = try runTool(["--format", "sarif", "."], executable: Self.scanTool)
        #expect(sarif.status == 64)
        #expect(sarif.stderr.contains("--format must be one of text, json, xcode, got 'sarif'"), "\(sarif.stderr)")
        let noPath = try runTool([], executable: Self.scanTool)
        #expect(noPath.status == 64)
        #expect(noPath.stderr.contains("missing PATH"), "\(noPath.stderr)")
        let missing = try runTool(["Nowhere"], executable: Self.scanTool)
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
    }

    /// The package's own dependency graph, as SwiftPM reads it: the build-tool plugin's closure holds no
    /// system library target (libjpeg, libpng, zlib, FreeType, fontconfig, HarfBuzz, libcrypto), where the
    /// whole tool's holds them all.
    @Test func theBuildToolPluginsDependencyClosureHoldsNoSystemLibrary() throws {
        let scratch = try TemporaryDirectory(prefix: "auditkit-dump-package")
        defer { scratch.remove() }
        // A scratch folder of its own: the running `swift test` holds the package's `.build`.
        let dump = try runTool(
            ["swift", "package", "dump-package", "--package-path", Self.packageRoot, "--scratch-path", scratch.path],
            executable: "/usr/bin/env")
        #expect(dump.status == 0, "\(dump.stderr)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        let kinds = Dictionary(
            uniqueKeysWithValues: targets.compactMap { target -> (String, String)? in
                guard let name = target["name"] as? String, let kind = target["type"] as? String else { return nil }
                return (name, kind)
            })
        let edges = Dictionary(
            uniqueKeysWithValues: targets.compactMap { target -> (String, [String])? in
                guard let name = target["name"] as? String else { return nil }
                return (name, Self.dependencyNames(target["dependencies"]))
            })
        func closure(_ start: String) -> Set<String> {
            var seen: Set<String> = []
            var pending = [start]
            while let name = pending.popLast() {
                guard seen.insert(name).inserted else { continue }
                pending += edges[name] ?? []
            }
            return seen
        }
        let systemLibraries = Set(kinds.filter { $0.value == "system" }.keys)
        #expect(systemLibraries.isSuperset(of: ["CLibJPEG", "CLibPNG", "CFreeType", "CFontconfig", "CHarfBuzz"]))
        let plugin = closure("AuditKitScanPlugin")
        #expect(plugin == ["AuditKitScanPlugin", "auditkit-scan", "AuditKitScan"])
        #expect(plugin.isDisjoint(with: systemLibraries), "\(plugin.intersection(systemLibraries).sorted())")
        #expect(closure("auditkit").isSuperset(of: systemLibraries.subtracting(["CLibCrypto"])))
    }

    /// The target names in a dumped target's `dependencies`: `{"byName": [name, condition]}` or
    /// `{"target": [name, condition]}` (a product of another package would be `product`; this one has none).
    static func dependencyNames(_ dependencies: Any?) -> [String] {
        (dependencies as? [[String: Any]] ?? []).compactMap { dependency in
            for key in ["byName", "target"] {
                if let name = (dependency[key] as? [Any])?.first as? String { return name }
            }
            return nil
        }
    }
}
