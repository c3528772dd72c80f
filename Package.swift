// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "AuditKit",
    products: [
        .library(name: "AuditKit", targets: ["AuditKit"]),
        .executable(name: "auditkit", targets: ["auditkit"]),
        .executable(name: "auditkit-bench", targets: ["auditkit-bench"]),
        // For the fuzz targets in Fuzz/, a package of their own that depends on this one.
        .library(name: "AuditKitTestSupport", targets: ["AuditKitTestSupport"]),
        // `auditkit scan` on every build of a target that adds it, its findings as warnings on their lines.
        .plugin(name: "AuditKitScanPlugin", targets: ["AuditKitScanPlugin"]),
        // `swift package auditkit COMMAND …`: the commands that only read, from inside a package, with no
        // permission; `swift package --allow-writing-to-package-directory auditkit-write COMMAND …`: any.
        .plugin(name: "AuditKitCommandPlugin", targets: ["AuditKitCommandPlugin"]),
        .plugin(name: "AuditKitWritingPlugin", targets: ["AuditKitWritingPlugin"]),
    ],
    targets: [
        // System C libraries, found through pkg-config.
        .systemLibrary(
            name: "CLibJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // deflate for PNG rows (see CAuditImaging's png.c); libpng itself links it too.
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        // Text shaping: joined Arabic, Indic conjuncts, emoji sequences, kerning.
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        // SHA-256 (reports' identity, warnings' fingerprints); CommonCrypto on Apple platforms.
        .systemLibrary(
            name: "CLibCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        // Whole operations over libjpeg and libpng, each behind its own setjmp.
        .target(name: "CAuditImaging", dependencies: ["CLibJPEG", "CLibPNG", "CZlib"]),
        .target(
            name: "AuditKit",
            dependencies: [
                "CAuditImaging", "CFreeType", "CFontconfig", "CHarfBuzz",
                .target(name: "CLibCrypto", condition: .when(platforms: [.linux])),
            ]),
        .target(name: "AuditCLI", dependencies: ["AuditKit"]),
        .executableTarget(name: "auditkit", dependencies: ["AuditCLI", "CAuditImaging"]),
        .target(name: "AuditKitTestSupport", dependencies: ["AuditKit", "CAuditImaging"]),
        .executableTarget(
            name: "auditkit-bench", dependencies: ["AuditKit", "AuditKitTestSupport"]),
        // Writes the fuzz targets' seed corpora from the test fixtures (run by Scripts/fuzz).
        .executableTarget(name: "auditkit-fuzz-seeds", dependencies: ["AuditKitTestSupport"]),
        // The XCTest recorder's JSON part, the very file teams copy into their UI test target, compiled
        // here so its tests run on Linux; Examples/XCTestRecorder/AuditKitRecorder.swift (XCTest, UIKit)
        // is not built by this package.
        .target(
            name: "AuditKitRecorder", path: "Examples/XCTestRecorder", exclude: ["AuditKitRecorder.swift"],
            sources: ["AuditKitRecorderJSON.swift"]),
        .plugin(name: "AuditKitScanPlugin", capability: .buildTool(), dependencies: ["auditkit"]),
        .plugin(
            name: "AuditKitCommandPlugin",
            capability: .command(
                intent: .custom(verb: "auditkit", description: "Run an auditkit command that only reads this package")),
            dependencies: ["auditkit"]),
        .plugin(
            name: "AuditKitWritingPlugin",
            capability: .command(
                intent: .custom(verb: "auditkit-write", description: "Run any auditkit command on this package"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "auditkit writes the history, audit.md, the site and scan --fix's rewrites here")
                ]),
            dependencies: ["auditkit"]),
        .testTarget(
            name: "AuditKitTests", dependencies: ["AuditKit", "AuditKitTestSupport", "AuditKitRecorder"],
            // A small SwiftUI project the mapping tests index from disk, the scanner's corpus and the
            // SARIF schema; not compiled. Inputs the fuzzers once crashed on, replayed by FuzzRegressionTests.
            exclude: ["Mapping/Fixtures", "Scan/Fixtures", "Fixtures", "Fuzz/FailCases"]),
        .testTarget(
            name: "AuditCLITests", dependencies: ["AuditCLI", "AuditKit", "AuditKitTestSupport", "auditkit"]),
    ],
    swiftLanguageModes: [.v6]
)
