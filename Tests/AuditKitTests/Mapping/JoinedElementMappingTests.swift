import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Elements the Inspector joins with ", ": the joined reading beats letterless patterns, and a part never
/// lands on a section header.
@Suite struct JoinedElementMappingTests {
    static let app = MiniApp(files: [
        "App/AccountView.swift": """
        import SwiftUI
        struct AccountView: View {
            let name = "Ana"
            let plan = "Pro"
            var body: some View {
                Form {
                    Section("Storage") {
                        Text("\\(name), \\(plan)")
                    }
                    LabeledContent("Backups", value: plan)
                    StorageRow()
                    Text("Devices")
                }
            }
        }
        struct StorageRow: View {
            var body: some View {
                HStack {
                    Text("Storage")
                    Text("Used")
                }
            }
        }
        """
    ])

    @Test func theJoinedReadingBeatsAPatternWithNoFixedLetters() throws {
        let report = MiniApp.report([
            (0, "Backups, 2 GB", MiniApp.middle(0)), (0, "Devices", MiniApp.middle(1)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let entry = try #require(result.issue(1))
        #expect(entry.primary?.location?.line == 10)
        #expect(entry.primary?.note?.contains("parts of the joined text") == true)
    }

    @Test func aPartNeverLandsOnASectionHeader() throws {
        let report = MiniApp.report([
            (0, "Storage, Used", MiniApp.middle(0)), (0, "Devices", MiniApp.middle(1)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let entry = try #require(result.issue(1))
        #expect(entry.primary?.location?.line == 19)
        #expect(!entry.candidates.contains { $0.location?.line == 7 })
    }
}
