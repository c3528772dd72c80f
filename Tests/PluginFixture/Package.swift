// swift-tools-version:6.0
// A package that adds AuditKit's plugins, as a team's would; Scripts/check-plugins builds it. `AuditKit`
// is a link to this repository that the script makes beside a copy of this folder.
import PackageDescription

let package = Package(
    name: "Shop",
    dependencies: [.package(path: "../AuditKit")],
    targets: [
        .target(name: "Shop", plugins: [.plugin(name: "AuditKitScanPlugin", package: "AuditKit")])
    ]
)
