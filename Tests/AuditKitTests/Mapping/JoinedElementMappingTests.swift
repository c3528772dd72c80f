import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Elements the Inspector joins with ", ": the joined reading beats letterless patterns, a part never lands
/// on a section header, and the parts count together only within one file of one view.
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

    /// `RowView` shows both parts within a few lines, the second first; `LedgerView` shows one part in its
    /// declaration and the other in an extension in another file, on the same line number.
    static let split = MiniApp(files: [
        "App/RowView.swift": """
        import SwiftUI
        struct RowView: View {
            var body: some View {
                VStack {
                    Text("Planned")
                    Text("Paycheck")
                }
            }
        }
        """,
        "App/LedgerView.swift": """
        import SwiftUI
        struct LedgerView: View {
            var body: some View {
                Text("Planned")
            }
        }
        """,
        "App/LedgerView+Summary.swift": """
        import SwiftUI
        extension LedgerView {
            var summary: some View {
                Text("Paycheck")
            }
        }
        """,
    ])

    @Test func partsCountTogetherOnlyInOneFileAndThePlaceIsTheFirstPartsHit() throws {
        let report = MiniApp.report([(0, "Paycheck, Planned", MiniApp.middle(0))])
        let result = IssueMatcher(index: try Self.split.index()).map(report)
        let entry = try #require(result.issue(1))
        #expect(entry.primary?.location?.file.hasSuffix("RowView.swift") == true)
        #expect(entry.primary?.location?.line == 6)
        #expect(entry.primary?.note?.hasPrefix("2 of 2 parts of the joined text together here") == true)
        let ledger = entry.candidates.filter { $0.location?.file.contains("LedgerView") == true }
        #expect(!ledger.isEmpty)
        #expect(ledger.allSatisfy { $0.note?.hasPrefix("1 of 2 parts") == true })
    }
}
