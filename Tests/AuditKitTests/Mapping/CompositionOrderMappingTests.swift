import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The screen decides between duplicates (issue 42): places inside the screen's root view and the views it
/// composes come first, in the order the root's body uses them, not the order the file declares them;
/// a place outside that subtree is not firm and says so.
@Suite struct CompositionOrderMappingTests {
    /// The departure row is used first but declared below the arrival row; a help screen outside the trip
    /// screen's subtree shows "Time" too, and alone shows "Next departure".
    static let app = MiniApp(files: [
        "App/TripView.swift": """
        import SwiftUI
        struct TripView: View {
            var body: some View {
                List {
                    Text("Lisbon to Porto")
                    DepartureRow()
                    ArrivalRow()
                    Text("Platform 4")
                }
            }
        }
        struct ArrivalRow: View {
            var body: some View {
                HStack { Text("Time"); Text("Arrives 18:40") }
            }
        }
        struct DepartureRow: View {
            var body: some View {
                HStack { Text("Time"); Text("Departs 16:05") }
            }
        }
        """,
        "App/HelpView.swift": """
        import SwiftUI
        struct HelpView: View {
            var body: some View {
                VStack { Text("Time"); Text("Next departure") }
            }
        }
        """,
    ])

    static func line(_ text: String, _ file: String = "App/TripView.swift") -> Int? {
        SymbolMappingTests.line(of: text, in: file, of: app)
    }

    @Test func rowsTakeTheirPlacesInTheOrderTheRootUsesThem() throws {
        let report = MiniApp.report([
            (0, "Lisbon to Porto", MiniApp.middle(0)), (0, "Time", MiniApp.middle(1)),
            (0, "Departs 16:05", Rect(x: 220, y: 244, width: 150, height: 30)), (0, "Time", MiniApp.middle(2)),
            (0, "Arrives 18:40", Rect(x: 220, y: 288, width: 150, height: 30)), (0, "Platform 4", MiniApp.middle(3)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let upper = try #require(result.issue(2))
        let lower = try #require(result.issue(4))
        #expect(upper.primary?.location?.file == "App/TripView.swift")
        #expect(upper.primary?.location?.line == Self.line("Departs 16:05"))
        #expect(lower.primary?.location?.file == "App/TripView.swift")
        #expect(lower.primary?.location?.line == Self.line("Arrives 18:40"))
        for entry in [upper, lower] {
            #expect(try #require(entry.primary?.confidence) < IssueMatcher.firmConfidence)
            #expect(entry.explanation.contains("in the order TripView's body composes them"), "\(entry.explanation)")
            #expect(!entry.isAmbiguous)
        }
    }

    @Test func lookAlikesInTheSubtreeAreListedInCompositionOrder() throws {
        let report = MiniApp.report([
            (0, "Lisbon to Porto", MiniApp.middle(0)), (0, "Platform 4", MiniApp.middle(3)),
            (0, "Time", MiniApp.middle(1)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let time = try #require(result.issue(3))
        #expect(time.isAmbiguous)
        #expect(
            time.candidates.prefix(2).map(\.location?.line) == [Self.line("Departs 16:05"), Self.line("Arrives 18:40")])
        #expect(time.primary?.location?.line == Self.line("Departs 16:05"))
        // The help screen's "Time" is outside the trip screen's subtree: listed after both rows.
        #expect(time.candidates.last?.location?.file == "App/HelpView.swift")
        #expect(try #require(time.primary?.confidence) < IssueMatcher.firmConfidence)
    }

    @Test func theOnlyPlaceOutsideTheScreensRootSubtreeIsNotFirm() throws {
        let report = MiniApp.report([
            (0, "Lisbon to Porto", MiniApp.middle(0)), (0, "Platform 4", MiniApp.middle(3)),
            (0, "Next departure", MiniApp.middle(4)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let next = try #require(result.issue(3))
        #expect(next.primary?.location?.file == "App/HelpView.swift")
        #expect(next.primary?.location?.line == Self.line("Next departure", "App/HelpView.swift"))
        #expect(try #require(next.primary?.confidence) < IssueMatcher.firmConfidence)
        #expect(
            next.explanation.contains("outside the screen's root subtree (TripView's, which explains 2 of"),
            "\(next.explanation)")
        // Inside the subtree, the only place stays firm.
        #expect(try #require(result.primary(for: 2)?.confidence) >= IssueMatcher.firmConfidence)
    }

    /// Issue 60: one view's sections are its own members, declared payment, address, personal and shown
    /// personal, address, payment; each has an "Edit" through an accessor in a design-system header.
    static let profile = MiniApp(files: [
        "App/Strings.swift": """
        enum Strings {
            static let edit = String(localized: "common.edit")
            static let personal = String(localized: "profile.personal")
            static let address = String(localized: "profile.address")
            static let payment = String(localized: "profile.payment")
        }
        """,
        "App/Localizable.xcstrings": """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "common.edit": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Edit"}}}},
          "profile.personal": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Personal"}}}},
          "profile.address": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Address"}}}},
          "profile.payment": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Payment"}}}}
        }}
        """,
        "App/ProfileView.swift": """
        import SwiftUI
        struct ProfileView: View {
            var body: some View {
                Form {
                    personalSection
                    addressSection
                    paymentSection
                }
            }
            private var paymentSection: some View {
                Section { Text("Card") } header: { SectionHeader(title: Strings.payment, actionTitle: Strings.edit) }
            }
            private var addressSection: some View {
                Section { Text("Street") } header: { SectionHeader(title: Strings.address, actionTitle: Strings.edit) }
            }
            private var personalSection: some View {
                Section { Text("Name") } header: { SectionHeader(title: Strings.personal, actionTitle: Strings.edit) }
            }
        }
        struct SectionHeader: View {
            let title: String
            let actionTitle: String
            var body: some View { HStack { Text(title); Button(actionTitle) {} } }
        }
        """,
    ])

    @Test func oneViewsMembersComposeInTheOrderItsBodyUsesThem() throws {
        let report = MiniApp.report([
            (0, "Personal", MiniApp.middle(0)), (0, "Edit", Rect(x: 330, y: 200, width: 50, height: 30)),
            (0, "Address", MiniApp.middle(3)), (0, "Edit", Rect(x: 330, y: 332, width: 50, height: 30)),
            (0, "Payment", MiniApp.middle(6)), (0, "Edit", Rect(x: 330, y: 464, width: 50, height: 30)),
        ])
        let result = IssueMatcher(index: try Self.profile.index()).map(report)
        let sections = ["Strings.personal", "Strings.address", "Strings.payment"]
        for (n, section) in sections.enumerated() {
            let line = SymbolMappingTests.line(of: "title: \(section)", in: "App/ProfileView.swift", of: Self.profile)
            #expect(result.primary(for: 2 * n + 1)?.location?.line == line)
            let edit = try #require(result.issue(2 * n + 2))
            #expect(edit.primary?.location?.line == line, "\(edit.explanation)")
            #expect(edit.explanation.contains("in the order ProfileView's body composes them"))
        }
        let graph = try Self.profile.index().graph
        #expect(graph.memberPaths["ProfileView"]?["paymentSection"] == [7])
        #expect(graph.compositionKey(of: "ProfileView", member: "personalSection", line: 16) == [5, 16])
    }
}
