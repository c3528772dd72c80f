import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Texts that reach the screen through a name other code refers to (a generated accessor, a constant, a
/// `LocalizedStringResource`, a String Catalog symbol) map to where a view uses that name; generated files
/// are a step on the way, never the answer.
@Suite struct SymbolMappingTests {
    /// The one-based line of `file` in `app` that holds `text`.
    static func line(
        of text: String, in file: String, of app: MiniApp, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Int? {
        let lines = app.files[file]?.components(separatedBy: "\n") ?? []
        let found = lines.firstIndex { $0.contains(text) }.map { $0 + 1 }
        #expect(found != nil, "no line of \(file) holds \(text)", sourceLocation: sourceLocation)
        return found
    }

    /// Expects issue `number` of `result` to map to the line of `file` holding `text`, and no candidate of
    /// it to point into `generated`.
    static func expectMapping(
        _ result: MappingResult, issue number: Int, file: String, holding text: String, of app: MiniApp,
        notInto generated: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let mapped = result.issue(number)
        let primary = mapped?.primary
        #expect(
            primary?.location?.file == file, "issue \(number): \(String(describing: primary))",
            sourceLocation: sourceLocation)
        #expect(
            primary?.location?.line == line(of: text, in: file, of: app, sourceLocation: sourceLocation),
            "issue \(number): \(String(describing: primary))", sourceLocation: sourceLocation)
        let intoGenerated = (mapped?.candidates ?? []).filter { $0.location?.file == generated }
        #expect(intoGenerated.isEmpty, "issue \(number) has candidates in \(generated)", sourceLocation: sourceLocation)
    }

    /// SwiftGen-style output: a flat constant, a nested enum per table, a function with a format argument.
    static let swiftGen = MiniApp(files: [
        "App/Generated/Strings.swift": """
        // swiftlint:disable all
        // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

        import Foundation

        // MARK: - Strings

        // swiftlint:disable explicit_type_interface function_parameter_count identifier_name line_length
        internal enum L10n {
          /// %d members
          internal static func commonMembers(_ p1: Int) -> String {
            return L10n.tr("Localizable", "common_members", p1, fallback: "%d members")
          }
          /// Room
          internal static let screenRoomTitle = L10n.tr("Localizable", "screen_room_title", fallback: "Room")
          internal enum Screen {
            internal enum Room {
              /// Room details
              internal static let title = L10n.tr("Localizable", "screen_room.title", fallback: "Room details")
            }
          }
        }

        // MARK: - Implementation Details

        extension L10n {
          private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
            let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
            return String(format: format, locale: Locale.current, arguments: args)
          }
        }

        // swiftlint:disable convenience_type
        private final class BundleToken {
          static let bundle: Bundle = {
            return Bundle(for: BundleToken.self)
          }()
        }
        """,
        "App/en.lproj/Localizable.strings": """
        "common_members" = "%d members";
        "screen_room_title" = "Room";
        "screen_room.title" = "Room details";
        """,
        "App/RoomView.swift": """
        import SwiftUI
        struct RoomView: View {
            let count: Int
            var body: some View {
                VStack {
                    Text(L10n.screenRoomTitle)
                    Label(L10n.commonMembers(count), systemImage: "person.2")
                }
            }
        }
        """,
        "App/RoomDetailsView.swift": """
        import SwiftUI
        struct RoomDetailsView: View {
            var body: some View {
                List {
                    Text(L10n.Screen.Room.title)
                }
                .navigationTitle(L10n.screenRoomTitle)
            }
        }
        """,
    ])

    @Test func generatedAccessorsMapToTheViewsThatUseThem() throws {
        let app = Self.swiftGen
        let report = MiniApp.report([
            (0, "Room", MiniApp.middle(0)), (0, "5 members", MiniApp.middle(1)),
            (1, "Room details", MiniApp.middle(0)), (1, "Room", Rect(x: 150, y: 160, width: 100, height: 40)),
        ])
        let result = IssueMatcher(index: try app.index()).map(report)
        let generated = "App/Generated/Strings.swift"
        Self.expectMapping(
            result, issue: 1, file: "App/RoomView.swift", holding: "Text(L10n.screenRoomTitle)", of: app,
            notInto: generated)
        Self.expectMapping(
            result, issue: 2, file: "App/RoomView.swift", holding: "L10n.commonMembers(count)", of: app,
            notInto: generated)
        Self.expectMapping(
            result, issue: 3, file: "App/RoomDetailsView.swift", holding: "L10n.Screen.Room.title", of: app,
            notInto: generated)
        Self.expectMapping(
            result, issue: 4, file: "App/RoomDetailsView.swift", holding: ".navigationTitle(L10n.screenRoomTitle)",
            of: app, notInto: generated)
        let details = try #require(result.primary(for: 3))
        #expect(details.view == "RoomDetailsView")
        #expect(details.symbol == "L10n.Screen.Room.title")
        #expect(details.localizationKey == "screen_room.title")
        #expect(details.confidence >= 0.8)
        #expect(result.primary(for: 2)?.symbol == "L10n.commonMembers")
        #expect(result.primary(for: 4)?.role == "title")
    }

    @Test func aGeneratedFileIsKnownByItsHeaderOrItsFolder() throws {
        let index = try Self.swiftGen.index()
        #expect(index.generatedFiles == ["App/Generated/Strings.swift"])
        let headed = SourceIndex.build(sources: [
            ("App/R.swift", "//\n// This is a generated file, do not edit!\n//\nstruct R {}\n"),
            ("App/Model.swift", "// Model.swift\n// Created by someone.\nstruct Model {}\n"),
            ("App/Mocks.swift", "// Generated using Sourcery 2.1 — https://github.com/krzysztofzablocki/Sourcery\n"),
        ])
        #expect(headed.generatedFiles == ["App/Mocks.swift", "App/R.swift"])
    }

    /// A plural accessor: SwiftGen's fallback is the format key, the forms are in the `.stringsdict`.
    static let plural = MiniApp(files: [
        "App/Generated/Strings.swift": """
        // swiftlint:disable all
        // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
        internal enum L10n {
          /// Plural format key: "%#@guests@"
          internal static func roomGuests(_ p1: Int) -> String {
            return L10n.tr("Localizable", "room_guests", p1, fallback: "Plural format key: \"%#@guests@\"")
          }
        }
        """,
        "App/en.lproj/Localizable.stringsdict": """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>room_guests</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@guests@</string>
            <key>guests</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key>
              <string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key>
              <string>d</string>
              <key>one</key>
              <string>%d guest &amp; host</string>
              <key>other</key>
              <string>%d guests &amp; host</string>
            </dict>
          </dict>
        </dict>
        </plist>
        """,
        "App/GuestsView.swift": """
        import SwiftUI
        struct GuestsView: View {
            let guests: Int
            var body: some View {
                Text(L10n.roomGuests(guests))
            }
        }
        """,
    ])

    @Test func aPluralAccessorMapsThroughTheStringsDict() throws {
        let app = Self.plural
        let index = try app.index()
        let forms = index.localizedStrings.filter { $0.key == "room_guests" }
        #expect(forms.map(\.value) == ["%d guest & host", "%d guests & host"])
        #expect(forms.first?.language == "en")
        #expect(
            forms.first?.location == SourceLocation(file: "App/en.lproj/Localizable.stringsdict", line: 5, column: 3))
        let report = MiniApp.report([
            (0, "1 guest & host", MiniApp.middle(0)), (0, "4 guests & host", MiniApp.middle(1)),
        ])
        let result = IssueMatcher(index: index).map(report)
        for number in [1, 2] {
            Self.expectMapping(
                result, issue: number, file: "App/GuestsView.swift", holding: "Text(L10n.roomGuests(guests))", of: app,
                notInto: "App/Generated/Strings.swift")
        }
        #expect(result.primary(for: 2)?.localizationKey == "room_guests")
        // A broken file is reported where it breaks, and indexing goes on.
        #expect(throws: AuditError.self) {
            try StringCatalogReader.readStringsDict(Array("<plist><dict><key>a</key>".utf8), path: "x.stringsdict")
        }
    }

    /// R.swift's shape: `R.string.localizable.welcomeTitle()` over a generated struct per table.
    static let rSwift = MiniApp(files: [
        "App/R.generated.swift": """
        //
        // This is a generated file, do not edit!
        // Generated by R.swift, see https://github.com/mac-cain13/R.swift
        //

        import Foundation
        import Rswift

        struct R: Rswift.Validatable {
          fileprivate static let hostingBundle = Bundle(for: R.Class.self)

          struct string {
            struct localizable {
              /// en translation: Welcome
              static let welcomeTitle = Rswift.StringResource(key: "welcome_title", tableName: "Localizable", bundle: R.hostingBundle, locales: ["en"], comment: nil)

              /// en translation: Welcome
              static func welcomeTitle(preferredLanguages: [String]? = nil) -> String {
                guard let preferredLanguages = preferredLanguages else {
                  return NSLocalizedString("welcome_title", bundle: hostingBundle, comment: "")
                }
                guard let (_, bundle) = localeBundle(tableName: "Localizable", preferredLanguages: preferredLanguages) else {
                  return "welcome_title"
                }
                return NSLocalizedString("welcome_title", bundle: bundle, comment: "")
              }
            }
          }
        }
        """,
        "App/en.lproj/Localizable.strings": """
        "welcome_title" = "Welcome";
        """,
        "App/WelcomeView.swift": """
        import SwiftUI
        struct WelcomeView: View {
            var body: some View {
                VStack {
                    Image(systemName: "hand.wave")
                    Text(R.string.localizable.welcomeTitle())
                }
            }
        }
        """,
    ])

    @Test func anRSwiftCallMapsToTheView() throws {
        let app = Self.rSwift
        let result = IssueMatcher(index: try app.index()).map(MiniApp.report([(0, "Welcome", MiniApp.middle(0))]))
        Self.expectMapping(
            result, issue: 1, file: "App/WelcomeView.swift", holding: "R.string.localizable.welcomeTitle()", of: app,
            notInto: "App/R.generated.swift")
        let mapping = try #require(result.primary(for: 1))
        #expect(mapping.symbol == "R.string.localizable.welcomeTitle")
        #expect(mapping.confidence >= 0.8)
        #expect(result.issue(1)?.isAmbiguous == false)
    }

    /// A `LocalizedStringResource` kept in a constant of the app's own code, used by name.
    static let resource = MiniApp(files: [
        "App/Strings.swift": """
        import Foundation
        enum Strings {
            static let welcome = LocalizedStringResource("welcome_title", defaultValue: "Welcome")
            static let farewell = LocalizedStringResource("farewell_title", defaultValue: "Goodbye")
        }
        """,
        "App/Localizable.xcstrings": """
        {"sourceLanguage": "en", "strings": {
          "welcome_title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Welcome"}}}}
        }, "version": "1.0"}
        """,
        "App/WelcomeView.swift": """
        import SwiftUI
        struct WelcomeView: View {
            var body: some View {
                VStack {
                    Text(Strings.welcome)
                    Button(Strings.farewell) {}
                }
            }
        }
        """,
    ])

    @Test func aResourceConstantMapsToWhereAViewUsesIt() throws {
        let app = Self.resource
        let report = MiniApp.report([(0, "Welcome", MiniApp.middle(0)), (0, "Goodbye", MiniApp.middle(1))])
        let result = IssueMatcher(index: try app.index()).map(report)
        // Through the catalog key, and through the default value of a key the catalog lacks.
        Self.expectMapping(
            result, issue: 1, file: "App/WelcomeView.swift", holding: "Text(Strings.welcome)", of: app,
            notInto: "App/Strings.swift")
        Self.expectMapping(
            result, issue: 2, file: "App/WelcomeView.swift", holding: "Button(Strings.farewell)", of: app,
            notInto: "App/Strings.swift")
        #expect(result.primary(for: 1)?.symbol == "Strings.welcome")
        #expect(result.primary(for: 1)?.localizationKey == "welcome_title")
        #expect(result.primary(for: 2)?.role == "button")
    }

    /// Xcode's generated String Catalog symbols: no Swift declares them, the catalog's keys name them.
    static let catalogSymbols = MiniApp(files: [
        "App/Localizable.xcstrings": """
        {"sourceLanguage": "en", "strings": {
          "welcome_title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Welcome"}}}},
          "settings.notifications.title": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Notifications"}}}}
        }, "version": "1.0"}
        """,
        "App/WelcomeView.swift": """
        import SwiftUI
        struct WelcomeView: View {
            var body: some View {
                NavigationStack {
                    Text(.welcomeTitle)
                        .navigationTitle(.settingsNotificationsTitle)
                }
            }
        }
        """,
    ])

    @Test func aStringCatalogSymbolMapsToTheView() throws {
        let app = Self.catalogSymbols
        let report = MiniApp.report([
            (0, "Welcome", MiniApp.middle(0)), (0, "Notifications", Rect(x: 120, y: 160, width: 160, height: 40)),
        ])
        let result = IssueMatcher(index: try app.index()).map(report)
        Self.expectMapping(
            result, issue: 1, file: "App/WelcomeView.swift", holding: "Text(.welcomeTitle)", of: app,
            notInto: "App/Localizable.xcstrings")
        Self.expectMapping(
            result, issue: 2, file: "App/WelcomeView.swift", holding: ".navigationTitle(.settingsNotificationsTitle)",
            of: app, notInto: "App/Localizable.xcstrings")
        #expect(result.primary(for: 1)?.localizationKey == "welcome_title")
        #expect((result.primary(for: 1)?.confidence ?? 0) >= 0.8)
        #expect(result.primary(for: 2)?.role == "title")
    }

    /// Issue 42's example: `let title = L10n.Home.title; Text(title)` (a local standing for the accessor).
    @Test func aLocalHoldingAnAccessorMapsToTheViewThatShowsIt() throws {
        var files = Self.swiftGen.files
        files["App/HomeView.swift"] = """
            import SwiftUI
            struct HomeView: View {
                var body: some View {
                    let title = L10n.Screen.Room.title
                    VStack {
                        Text("Welcome")
                        Text(title)
                    }
                }
            }
            """
        files["App/RoomDetailsView.swift"] = nil
        let app = MiniApp(files: files)
        let report = MiniApp.report([(0, "Welcome", MiniApp.middle(0)), (0, "Room details", MiniApp.middle(1))])
        let result = IssueMatcher(index: try app.index()).map(report)
        Self.expectMapping(
            result, issue: 2, file: "App/HomeView.swift", holding: "Text(title)", of: app,
            notInto: "App/Generated/Strings.swift")
        #expect(result.primary(for: 2)?.symbol == "L10n.Screen.Room.title")
        // A local of another name, or one out of scope, stands for nothing.
        let scan = SwiftLexer.scan(
            """
            struct A: View {
                var body: some View {
                    VStack { let t = L10n.a; Text(t) }
                    Text(t)
                    Text(other)
                }
            }
            """)
        #expect(scan.symbolReferences.map(\.path) == ["L10n.a"])
        #expect(scan.symbolReferences.first?.place.call == "Text")
    }
}
