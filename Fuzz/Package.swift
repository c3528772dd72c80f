// swift-tools-version:6.0
// The fuzz targets: one libFuzzer binary per untrusted input, each calling AuditKitTestSupport's
// FuzzTarget.run. Built and run by Scripts/fuzz (libFuzzer and AddressSanitizer); not
// part of the main package, so `swift build` and `swift test` there never see them.
import Foundation
import PackageDescription

// The main package is a path dependency, known by the name of its folder.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let inputs = [
    "report", "jpeg", "rules", "history", "baseline", "template", "swift-lexer", "strings", "xcstrings", "audit-log", "paths",
    "interface",
]

let package = Package(
    name: "AuditKitFuzz",
    dependencies: [.package(path: "..")],
    targets: inputs.map { input in
        .executableTarget(
            name: "fuzz-\(input)",
            dependencies: [.product(name: "AuditKitTestSupport", package: mainPackage)])
    },
    swiftLanguageModes: [.v6]
)
