import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Test code is never a mapping candidate: files importing a test framework, and SwiftPM test targets.
@Suite struct TestCodeMappingTests {
    static let app = MiniApp(files: [
        "Package.swift": """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Shop"),
                .testTarget(name: "ShopTests", dependencies: ["Shop"]),
                .testTarget(name: "ShopSnapshots", path: "Checks/Snapshots"),
            ]
        )
        """,
        "Sources/Shop/CartView.swift": """
        import SwiftUI
        struct CartView: View {
            var body: some View { VStack { Text("Checkout"); Text("Total") } }
        }
        """,
        "Tests/ShopTests/CartTests.swift": """
        import XCTest
        struct CartView: View {
            var body: some View { VStack { Text("Checkout"); Text("Total"); Text("Subtotal") } }
        }
        """,
        "Checks/Snapshots/CartSnapshots.swift": """
        import SwiftUI
        struct SnapshotHost: View {
            var body: some View { Text("Subtotal") }
        }
        """,
        "UITests/Flow.swift": """
        @testable import Shop
        import Testing
        struct Flow: View {
            var body: some View { Text("Subtotal") }
        }
        """,
    ])

    @Test func testFilesAreFoundByImportAndByManifest() throws {
        let index = try Self.app.index()
        #expect(
            index.testFiles == [
                "Tests/ShopTests/CartTests.swift", "Checks/Snapshots/CartSnapshots.swift", "UITests/Flow.swift",
            ])
    }

    @Test func testCodeIsNeverACandidate() throws {
        let report = MiniApp.report([
            (0, "Checkout", MiniApp.middle(0)), (0, "Total", MiniApp.middle(1)), (0, "Subtotal", MiniApp.middle(2)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        #expect(result.primary(for: 1)?.location?.file == "Sources/Shop/CartView.swift")
        #expect(result.primary(for: 1)?.confidence == 0.9)
        #expect(result.issue(1)?.candidates.count == 1)
        #expect(result.primary(for: 3) == nil)
    }
}
