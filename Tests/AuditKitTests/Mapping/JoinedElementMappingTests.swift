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

    /// Issue 60: a design-system row joins its title and description ("…, …"); a typing indicator's format
    /// `%1$@ and %2$@` fits the whole text (its description has "and"), but its fixed text explains 5 of
    /// the 112 characters: the row, whose parts the catalog names (the description has a comma of its own),
    /// wins.
    static let row = MiniApp(files: [
        "App/en.lproj/Localizable.strings": """
        "encryption_title" = "Message encryption enabled";
        "encryption_subtitle" = "Messages are secured with locks, and only you have the keys.";
        "typing_two" = "%1$@ and %2$@";
        "details_title" = "Room info";
        """,
        "App/RoomDetailsScreen.swift": """
        import SwiftUI
        struct RoomDetailsScreen: View {
            var body: some View {
                Form {
                    SecurityRow(
                        title: String(localized: "encryption_title"),
                        description: String(localized: "encryption_subtitle"))
                }
                .navigationTitle(String(localized: "details_title"))
            }
        }
        struct SecurityRow: View {
            let title: String
            let description: String
            var body: some View {
                VStack { Text(title); Text(description) }.accessibilityElement(children: .combine)
            }
        }
        """,
        "App/TypingIndicatorView.swift": """
        import SwiftUI
        struct TypingIndicatorView: View {
            let first: String
            let second: String
            var body: some View { Text(String(format: String(localized: "typing_two"), first, second)) }
        }
        """,
    ])

    @Test func aLoosePatternYieldsToTheRowThatCombinesTheParts() throws {
        let text = "Message encryption enabled, Messages are secured with locks, and only you have the keys."
        let report = MiniApp.report([(0, "Room info", MiniApp.middle(-3)), (0, text, MiniApp.middle(1))])
        let result = IssueMatcher(index: try Self.row.index()).map(report)
        let entry = try #require(result.issue(2))
        #expect(entry.primary?.location?.file == "App/RoomDetailsScreen.swift", "\(entry.explanation)")
        #expect(entry.primary?.location?.line == 6, "\(entry.explanation)")
        #expect(entry.primary?.note?.hasPrefix("2 of 2 parts of the joined text together here") == true)
        // 0.9 × (0.5 + 5 / 87): the format's fixed " and " is 5 of the text's 87 characters.
        let typing = entry.candidates.first { $0.location?.file == "App/TypingIndicatorView.swift" }
        #expect(typing?.confidence == 0.5)
        #expect(entry.primary?.confidence == 0.72)
    }
}
