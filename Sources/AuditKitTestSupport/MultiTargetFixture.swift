import Foundation

/// A repository written for the target tests: an iPhone app target `Phone` and a Mac app target `Desk`
/// that both declare `ContentView` and `struct SettingsView` with the same texts, a unit-test target
/// `PhoneTests` whose file declares the views again (without importing a test framework: only the project
/// says it is test code), and one Xcode project describing them, classic (build phases and groups) or with
/// Xcode 16 file-system-synchronized folders.
///
/// `Desk/` sorts before `Phone/`, so without target information file order prefers the Mac app. Texts only
/// the Phone app shows: `Face ID`; only the Mac app: `Menu Bar Icon`.
public enum MultiTargetFixture {
    /// The Swift files, by path from the repository's root.
    public static let swiftFiles: [String: String] = [
        "Phone/PhoneApp.swift": """
        import SwiftUI
        struct ContentView: View {
            var body: some View { NavigationStack { SettingsView() } }
        }
        """,
        "Phone/SettingsView.swift": """
        import SwiftUI
        struct SettingsView: View {
            var body: some View {
                Form {
                    Text("Notifications")
                    Text("Appearance")
                    Text("Face ID")
                }
            }
        }
        """,
        "Desk/DeskApp.swift": """
        import SwiftUI
        struct ContentView: View {
            var body: some View { SettingsView() }
        }
        """,
        "Desk/SettingsView.swift": """
        import SwiftUI
        struct SettingsView: View {
            var body: some View {
                Form {
                    Text("Notifications")
                    Text("Appearance")
                    Text("Menu Bar Icon")
                }
            }
        }
        """,
        "PhoneTests/SettingsSnapshots.swift": """
        import SwiftUI
        struct SnapshotSettings: View {
            var body: some View { VStack { Text("Notifications"); Text("Appearance"); Text("Face ID") } }
        }
        """,
    ]

    /// `Multi.xcodeproj/project.pbxproj` with classic groups and sources build phases.
    public static let classicProject = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            classes = {
            };
            objectVersion = 56;
            objects = {
        /* Begin PBXBuildFile section */
                B001 /* PhoneApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = F001 /* PhoneApp.swift */; };
                B002 /* SettingsView.swift in Sources */ = {isa = PBXBuildFile; fileRef = F002; };
                B003 = {isa = PBXBuildFile; fileRef = F003; };
                B004 = {isa = PBXBuildFile; fileRef = F004; };
                B005 = {isa = PBXBuildFile; fileRef = F005; };
        /* End PBXBuildFile section */
                F001 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = PhoneApp.swift; sourceTree = "<group>"; };
                F002 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = SettingsView.swift; sourceTree = "<group>"; };
                F003 = {isa = PBXFileReference; path = "DeskApp.swift"; sourceTree = "<group>"; };
                F004 = {isa = PBXFileReference; path = SettingsView.swift; sourceTree = "<group>"; };
                F005 = {isa = PBXFileReference; path = PhoneTests/SettingsSnapshots.swift; sourceTree = SOURCE_ROOT; };
                P001 = {isa = PBXFileReference; explicitFileType = wrapper.application; path = Phone.app; sourceTree = BUILT_PRODUCTS_DIR; };
                G000 = {isa = PBXGroup; children = (G001, G002, F005, P001, ); sourceTree = "<group>"; };
                G001 /* Phone */ = {isa = PBXGroup; children = (F001, F002, ); path = Phone; sourceTree = "<group>"; };
                G002 = {isa = PBXGroup; children = (G003, ); name = Mac; sourceTree = "<group>"; };
                G003 = {isa = PBXGroup; children = (F003, F004, ); path = Desk; sourceTree = "<group>"; };
                S001 = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B001, B002, ); runOnlyForDeploymentPostprocessing = 0; };
                S002 = {isa = PBXSourcesBuildPhase; files = (B003, B004, ); };
                S003 = {isa = PBXSourcesBuildPhase; files = (B005, ); };
                R001 = {isa = PBXResourcesBuildPhase; files = (); };
                T001 /* Phone */ = {isa = PBXNativeTarget; buildConfigurationList = L001; buildPhases = (S001, R001, ); name = Phone; productType = "com.apple.product-type.application"; };
                T002 = {isa = PBXNativeTarget; buildConfigurationList = L002; buildPhases = (S002, ); name = Desk; productType = "com.apple.product-type.application"; };
                T003 = {isa = PBXNativeTarget; buildPhases = (S003, ); name = PhoneTests; productType = "com.apple.product-type.bundle.unit-test"; };
                L001 = {isa = XCConfigurationList; buildConfigurations = (C001, ); };
                L002 = {isa = XCConfigurationList; buildConfigurations = (C002, ); };
                C001 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; SWIFT_VERSION = 5.0; }; name = Debug; };
                C002 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx; }; name = Debug; };
                X001 = {isa = PBXProject; mainGroup = G000; projectDirPath = ""; targets = (T001, T002, T003, ); };
            };
            rootObject = X001 /* Project object */;
        }
        """

    /// `Multi.xcodeproj/project.pbxproj` with Xcode 16 synchronized folders: `Phone/` for Phone (with
    /// `Phone/Legacy.swift` excluded by a membership exception), `Desk/` for Desk, `PhoneTests/` for the tests.
    public static let synchronizedProject = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                D001 /* Phone */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E001 /* Exceptions for "Phone" folder in "Phone" target */, ); path = Phone; sourceTree = "<group>"; };
                D002 = {isa = PBXFileSystemSynchronizedRootGroup; path = Desk; sourceTree = "<group>"; };
                D003 = {isa = PBXFileSystemSynchronizedRootGroup; path = PhoneTests; sourceTree = "<group>"; };
                E001 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Legacy.swift, ); target = T001; };
                G000 = {isa = PBXGroup; children = (D001, D002, D003, ); sourceTree = "<group>"; };
                T001 = {isa = PBXNativeTarget; buildConfigurationList = L001; buildPhases = (); fileSystemSynchronizedGroups = (D001, ); name = Phone; productType = "com.apple.product-type.application"; };
                T002 = {isa = PBXNativeTarget; buildConfigurationList = L002; fileSystemSynchronizedGroups = (D002, ); name = Desk; productType = "com.apple.product-type.application"; };
                T003 = {isa = PBXNativeTarget; fileSystemSynchronizedGroups = (D003, ); name = PhoneTests; productType = "com.apple.product-type.bundle.unit-test"; };
                L001 = {isa = XCConfigurationList; buildConfigurations = (C001, ); };
                L002 = {isa = XCConfigurationList; buildConfigurations = (C002, ); };
                C001 = {isa = XCBuildConfiguration; buildSettings = {SUPPORTED_PLATFORMS = "iphoneos iphonesimulator"; }; name = Debug; };
                C002 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx; }; name = Debug; };
                X001 = {isa = PBXProject; mainGroup = G000; targets = (T001, T002, T003, ); };
            };
            rootObject = X001;
        }
        """

    /// Every file of the repository, with the classic or the synchronized project (`Phone/Legacy.swift`
    /// too, which no target compiles in the synchronized one).
    public static func files(synchronized: Bool) -> [String: String] {
        var files = swiftFiles
        files["Multi.xcodeproj/project.pbxproj"] = synchronized ? synchronizedProject : classicProject
        if synchronized {
            files["Phone/Legacy.swift"] =
                "import SwiftUI\nstruct LegacyView: View { var body: some View { Text(\"Old\") } }\n"
        }
        return files
    }

    /// Writes `files(synchronized:)` under `folder`.
    public static func write(to folder: String, synchronized: Bool) throws {
        for (name, text) in files(synchronized: synchronized) {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
