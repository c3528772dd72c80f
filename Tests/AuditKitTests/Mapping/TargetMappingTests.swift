import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Several apps in one repository: targets are read from Xcode projects and manifests, the audited target
/// is named or chosen, its files rank first, same-named types of different targets stay apart in the graph,
/// and a place in another target is never firm.
@Suite struct TargetMappingTests {
    static func index(synchronized: Bool) throws -> SourceIndex {
        try MiniApp(files: MultiTargetFixture.files(synchronized: synchronized)).index()
    }

    /// The settings screen of the iPhone app: two texts both apps show, one only the iPhone app shows.
    static let phoneReport = MiniApp.report([
        (0, "Notifications", MiniApp.middle(0)), (0, "Appearance", MiniApp.middle(1)),
        (0, "Face ID", MiniApp.middle(2)),
    ])

    static func named(_ name: String) -> AuditedTarget { AuditedTarget(name: name, choice: .option, reason: "test") }

    @Test func classicProjectTargetsAreRead() throws {
        let index = try Self.index(synchronized: false)
        let targets = Dictionary(uniqueKeysWithValues: index.targets.map { ($0.name, $0) })
        #expect(index.targets.map(\.name) == ["Desk", "Phone", "PhoneTests"])
        let phone = try #require(targets["Phone"])
        #expect(phone.files == ["Phone/PhoneApp.swift", "Phone/SettingsView.swift"])
        #expect(phone.platform == "iphoneos")
        #expect(phone.isApp && !phone.isTest)
        // `Desk/` sits in a group with a name and no path: the group adds nothing to the path.
        #expect(targets["Desk"]?.files == ["Desk/DeskApp.swift", "Desk/SettingsView.swift"])
        #expect(targets["Desk"]?.platform == "macosx")
        #expect(targets["PhoneTests"]?.isTest == true)
        #expect(index.targetsOfFile["Phone/SettingsView.swift"] == ["Phone"])
        #expect(index.testFiles == ["PhoneTests/SettingsSnapshots.swift"])
        #expect(index.problems.isEmpty)
    }

    @Test func synchronizedFoldersAndTheirExceptionsAreRead() throws {
        let index = try Self.index(synchronized: true)
        let phone = try #require(index.targets.first { $0.name == "Phone" })
        #expect(phone.folders == ["Phone"])
        #expect(phone.platform == "iphoneos iphonesimulator")
        #expect(phone.compiles("Phone/SettingsView.swift"))
        #expect(!phone.compiles("Phone/Legacy.swift"))
        #expect(index.targetsOfFile["Phone/Legacy.swift"] == nil)
        #expect(index.targetsOfFile["Desk/SettingsView.swift"] == ["Desk"])
        #expect(index.testFiles == ["PhoneTests/SettingsSnapshots.swift"])
    }

    @Test func aSynchronizedExceptionSharesAFileIntoATargetWithoutTheFolder() throws {
        let project = MultiTargetFixture.synchronizedProject.replacingOccurrences(
            of: "membershipExceptions = (Legacy.swift, ); target = T001;",
            with: "membershipExceptions = (Legacy.swift, ); target = T002;")
        let targets = try XcodeProjectReader.targets(Array(project.utf8), path: "Multi.xcodeproj/project.pbxproj")
        let desk = try #require(targets.first { $0.name == "Desk" })
        #expect(desk.compiles("Phone/Legacy.swift"))
        #expect(!desk.compiles("Phone/SettingsView.swift"))
        #expect(targets.first { $0.name == "Phone" }?.compiles("Phone/Legacy.swift") == true)
    }

    @Test(arguments: [false, true]) func theTargetOptionMapsIntoItsFiles(synchronized: Bool) throws {
        let index = try Self.index(synchronized: synchronized)
        let phone = IssueMatcher(index: index, target: Self.named("Phone")).map(Self.phoneReport)
        #expect(phone.auditedTarget?.name == "Phone")
        for number in 1...3 {
            #expect(phone.primary(for: number)?.location?.file == "Phone/SettingsView.swift", "issue \(number)")
            #expect(try #require(phone.primary(for: number)?.confidence) >= IssueMatcher.firmConfidence)
        }
        // The other app named: its file wins for the texts it shows too.
        let desk = IssueMatcher(index: index, target: Self.named("Desk")).map(Self.phoneReport)
        #expect(desk.primary(for: 1)?.location?.file == "Desk/SettingsView.swift")
    }

    @Test(arguments: [false, true]) func theAutomaticChoiceTakesTheAppThatExplainsMost(synchronized: Bool) throws {
        let result = IssueMatcher(index: try Self.index(synchronized: synchronized)).map(Self.phoneReport)
        let audited = try #require(result.auditedTarget)
        #expect(audited.name == "Phone")
        #expect(audited.choice == .automatic)
        #expect(audited.reason == "the app target whose files explain 3 of 3 warnings")
        #expect(result.primary(for: 1)?.location?.file == "Phone/SettingsView.swift")
        #expect(result.primary(for: 2)?.location?.file == "Phone/SettingsView.swift")
    }

    @Test func theDeviceBreaksATieBetweenApps() throws {
        var report = MiniApp.report([(0, "Notifications", MiniApp.middle(0)), (0, "Appearance", MiniApp.middle(1))])
        let index = try Self.index(synchronized: false)
        #expect(IssueMatcher(index: index).map(report).auditedTarget?.name == "Desk", "first by name")
        report.device = "iPhone 16 Pro"
        let result = IssueMatcher(index: index).map(report)
        #expect(result.auditedTarget?.name == "Phone")
        #expect(result.auditedTarget?.reason.contains("built for the report's device") == true)
        #expect(result.primary(for: 1)?.location?.file == "Phone/SettingsView.swift")
    }

    @Test func testTargetsAreNeverChosen() throws {
        // The test target's file shows every text, and more than either app: it is still never chosen.
        var files = MultiTargetFixture.files(synchronized: false)
        files["PhoneTests/SettingsSnapshots.swift"]! +=
            "\nstruct More: View { var body: some View { Text(\"Only in tests\") } }\n"
        let index = try MiniApp(files: files).index()
        let report = MiniApp.report([(0, "Notifications", MiniApp.middle(0)), (0, "Only in tests", MiniApp.middle(1))])
        let result = IssueMatcher(index: index).map(report)
        #expect(result.auditedTarget?.name != "PhoneTests")
        #expect(result.primary(for: 2) == nil)
    }

    @Test func sameNamedTypesOfTwoTargetsStayApartInTheGraph() throws {
        let graph = try Self.index(synchronized: true).graph
        #expect(graph.children["ContentView (Phone)"] == ["SettingsView (Phone)"])
        #expect(graph.children["ContentView (Desk)"] == ["SettingsView (Desk)"])
        #expect(graph.children["ContentView"] == nil)
        // A name only one target declares stays simple.
        #expect(graph.children.keys.allSatisfy { !$0.hasPrefix("LegacyView") })
        let single = try MiniApp(files: MultiTargetFixture.swiftFiles).index()
        #expect(single.graph.children["ContentView"] == ["SettingsView"], "without targets the names merge")
    }

    @Test func aRuleNamingAViewTwoTargetsDeclareTakesTheAuditedTargets() throws {
        let rules = try RuleFile(
            parsing: Array(
                #"{"version": 1, "rules": [{"id": "n", "match": {"text": "Notifications"}, "view": "SettingsView"}]}"#
                    .utf8), path: "rules.json")
        let index = try Self.index(synchronized: false)
        for name in ["Phone", "Desk"] {
            let result = IssueMatcher(rules: rules, index: index, target: Self.named(name)).map(Self.phoneReport)
            #expect(result.primary(for: 1)?.location?.file == "\(name)/SettingsView.swift")
            #expect(result.issue(1)?.explanation.contains("inside SettingsView's subtree") == true)
        }
    }

    @Test func aPlaceOutsideTheAuditedTargetIsNotFirm() throws {
        let index = try Self.index(synchronized: false)
        let report = MiniApp.report([(0, "Notifications", MiniApp.middle(0)), (0, "Menu Bar Icon", MiniApp.middle(1))])
        let result = IssueMatcher(index: index, target: Self.named("Phone")).map(report)
        let entry = try #require(result.issue(2))
        #expect(entry.primary?.location?.file == "Desk/SettingsView.swift")
        #expect(try #require(entry.primary?.confidence) < IssueMatcher.firmConfidence)
        #expect(entry.explanation.contains("the audited target Phone does not compile this file (Desk does)"))
        #expect(result.primary(for: 1)?.location?.file == "Phone/SettingsView.swift")
    }

    @Test func aMalformedProjectIsOneProblemAndMappingGoesOnWithoutTargets() throws {
        var files = MultiTargetFixture.files(synchronized: false)
        files["Multi.xcodeproj/project.pbxproj"] = String(MultiTargetFixture.classicProject.prefix(900))
        let index = try MiniApp(files: files).index()
        #expect(index.targets.isEmpty)
        #expect(index.problems.count == 1)
        let problem = try #require(index.problems.first)
        #expect(problem.location?.path == "Multi.xcodeproj/project.pbxproj")
        #expect(problem.location?.line != nil)
        let line = problem.line(severity: "warning")
        #expect(!line.contains("\n"))
        #expect(line.contains("mapping goes on without them"), "\(line)")
        let result = IssueMatcher(index: index).map(Self.phoneReport)
        #expect(result.auditedTarget == nil)
        #expect(result.primary(for: 3)?.location?.file == "Phone/SettingsView.swift")
    }

    @Test(arguments: [
        ("{ a = (1, 2; }", "expected , or ) in an array"),
        ("{ a = \"open", "a quoted string is never closed"),
        ("{ a = b }", "expected ; after the value of \"a\""),
        ("{ a = b; /* never closed", "a comment /* is never closed"),
        ("{ a = b; } }", "unexpected text after the top-level value"),
        ("{ = b; }", "unexpected character \"=\""),
        ("", "the file ends where a value should be"),
        (String(repeating: "(", count: 10_000), "values nest more than 64 deep"),
    ])
    func malformedPropertyListsGiveOneErrorWithAPosition(text: String, message: String) {
        do {
            _ = try ASCIIPropertyList.parse(Array(text.utf8), path: "X.xcodeproj/project.pbxproj")
            Issue.record("parsed \(text.prefix(20))")
        } catch {
            #expect(error.message == message)
            #expect(error.location?.path == "X.xcodeproj/project.pbxproj")
            #expect(error.location?.line == 1)
            #expect(error.location?.byteOffset != nil)
        }
    }

    @Test func aManifestsTargetsAreRead() throws {
        let index = try MiniApp(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .executableTarget(name: "PhoneApp"),
                .target(name: "DeskKit", path: "Mac/Sources"),
                .testTarget(name: "PhoneAppTests"),
            ])
            """,
            "Sources/PhoneApp/V.swift": "struct V {}",
            "Mac/Sources/W.swift": "struct W {}",
        ]).index()
        #expect(index.targets.map(\.name) == ["PhoneApp", "DeskKit", "PhoneAppTests"])
        #expect(index.targetsOfFile["Sources/PhoneApp/V.swift"] == ["PhoneApp"])
        #expect(index.targetsOfFile["Mac/Sources/W.swift"] == ["DeskKit"])
        #expect(index.targets[0].isApp && index.targets[2].isTest)
    }

    @Test func aDependencyNamedWithTargetIsNotATarget() throws {
        let index = try MiniApp(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Two",
                targets: [
                    .executableTarget(
                        name: "App", dependencies: [.target(name: "Core"), .product(name: "X", package: "x")],
                        path: "Apps/App"),
                    .target(name: "Core", path: "Shared/Core"),  // "(" in a comment: ( [
                    .testTarget(name: "AppTests", dependencies: [.target(name: "App")]),
                ]
            )
            """,
            "Apps/App/V.swift": "struct V {}",
            "Shared/Core/W.swift": "struct W {}",
        ]).index()
        #expect(index.targets.map(\.name) == ["App", "Core", "AppTests"])
        #expect(index.targetsOfFile["Apps/App/V.swift"] == ["App"])
        #expect(index.targetsOfFile["Shared/Core/W.swift"] == ["Core"])
    }
}
