import AuditKit
import Foundation

extension UIKitAppFixture {
    /// `Vault.xcodeproj/project.pbxproj`: the app target Vault (its storyboards, xib and tables in the
    /// resources phase, localised ones as variant groups) and the share extension VaultShare.
    public static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            classes = {
            };
            objectVersion = 56;
            objects = {
                B001 = {isa = PBXBuildFile; fileRef = F001 /* Strings.swift */; };
                B002 = {isa = PBXBuildFile; fileRef = F002 /* DatabasesViewController.swift */; };
                B003 = {isa = PBXBuildFile; fileRef = F003 /* UnlockViewController.swift */; };
                B004 = {isa = PBXBuildFile; fileRef = F004 /* SettingsViewController.swift */; };
                B005 = {isa = PBXBuildFile; fileRef = F005 /* AboutViewController.swift */; };
                B006 = {isa = PBXBuildFile; fileRef = F006 /* Analytics.swift */; };
                B007 = {isa = PBXBuildFile; fileRef = F007 /* DatabaseCell.swift */; };
                B010 = {isa = PBXBuildFile; fileRef = V001 /* Main.storyboard */; };
                B011 = {isa = PBXBuildFile; fileRef = V002 /* Settings.storyboard */; };
                B012 = {isa = PBXBuildFile; fileRef = V003 /* AboutViewController.xib */; };
                B013 = {isa = PBXBuildFile; fileRef = F008 /* DatabaseCell.xib */; };
                B014 = {isa = PBXBuildFile; fileRef = V004 /* Localizable.strings */; };
                B020 = {isa = PBXBuildFile; fileRef = F020 /* ShareViewController.swift */; };
                B021 = {isa = PBXBuildFile; fileRef = V005 /* MainInterface.storyboard */; };
                F001 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Strings.swift; sourceTree = "<group>"; };
                F002 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = DatabasesViewController.swift; sourceTree = "<group>"; };
                F003 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = UnlockViewController.swift; sourceTree = "<group>"; };
                F004 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = SettingsViewController.swift; sourceTree = "<group>"; };
                F005 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AboutViewController.swift; sourceTree = "<group>"; };
                F006 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Analytics.swift; sourceTree = "<group>"; };
                F007 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = DatabaseCell.swift; sourceTree = "<group>"; };
                F008 = {isa = PBXFileReference; lastKnownFileType = file.xib; path = DatabaseCell.xib; sourceTree = "<group>"; };
                F010 = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
                F011 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = de; path = de.lproj/Main.strings; sourceTree = "<group>"; };
                F012 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = sv; path = sv.lproj/Main.strings; sourceTree = "<group>"; };
                F013 = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Settings.storyboard; sourceTree = "<group>"; };
                F014 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = de; path = de.lproj/Settings.strings; sourceTree = "<group>"; };
                F015 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = sv; path = sv.lproj/Settings.strings; sourceTree = "<group>"; };
                F016 = {isa = PBXFileReference; lastKnownFileType = file.xib; name = Base; path = Base.lproj/AboutViewController.xib; sourceTree = "<group>"; };
                F017 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = de; path = de.lproj/AboutViewController.strings; sourceTree = "<group>"; };
                F018 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = de; path = de.lproj/Localizable.strings; sourceTree = "<group>"; };
                F019 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = sv; path = sv.lproj/Localizable.strings; sourceTree = "<group>"; };
                F020 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ShareViewController.swift; sourceTree = "<group>"; };
                F021 = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/MainInterface.storyboard; sourceTree = "<group>"; };
                F022 = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = de; path = de.lproj/MainInterface.strings; sourceTree = "<group>"; };
                P001 = {isa = PBXFileReference; explicitFileType = wrapper.application; path = Vault.app; sourceTree = BUILT_PRODUCTS_DIR; };
                P002 = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = VaultShare.appex; sourceTree = BUILT_PRODUCTS_DIR; };
                G000 = {isa = PBXGroup; children = (G001, G002, G003, ); sourceTree = "<group>"; };
                G001 /* Vault */ = {isa = PBXGroup; children = (F001, F002, F003, F004, F005, F006, G004, V001, V002, V003, V004, ); path = Vault; sourceTree = "<group>"; };
                G004 /* Views */ = {isa = PBXGroup; children = (F007, F008, ); path = Views; sourceTree = "<group>"; };
                G002 /* VaultShare */ = {isa = PBXGroup; children = (F020, V005, ); path = VaultShare; sourceTree = "<group>"; };
                G003 /* Products */ = {isa = PBXGroup; children = (P001, P002, ); name = Products; sourceTree = "<group>"; };
                V001 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (F010, F011, F012, ); name = Main.storyboard; sourceTree = "<group>"; };
                V002 /* Settings.storyboard */ = {isa = PBXVariantGroup; children = (F013, F014, F015, ); name = Settings.storyboard; sourceTree = "<group>"; };
                V003 /* AboutViewController.xib */ = {isa = PBXVariantGroup; children = (F016, F017, ); name = AboutViewController.xib; sourceTree = "<group>"; };
                V004 /* Localizable.strings */ = {isa = PBXVariantGroup; children = (F018, F019, ); name = Localizable.strings; sourceTree = "<group>"; };
                V005 /* MainInterface.storyboard */ = {isa = PBXVariantGroup; children = (F021, F022, ); name = MainInterface.storyboard; sourceTree = "<group>"; };
                S001 = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B001, B002, B003, B004, B005, B006, B007, ); runOnlyForDeploymentPostprocessing = 0; };
                R001 = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (B010, B011, B012, B013, B014, ); runOnlyForDeploymentPostprocessing = 0; };
                S002 = {isa = PBXSourcesBuildPhase; files = (B020, ); };
                R002 = {isa = PBXResourcesBuildPhase; files = (B021, ); };
                T001 /* Vault */ = {isa = PBXNativeTarget; buildConfigurationList = L001; buildPhases = (S001, R001, ); name = Vault; productType = "com.apple.product-type.application"; };
                T002 /* VaultShare */ = {isa = PBXNativeTarget; buildConfigurationList = L001; buildPhases = (S002, R002, ); name = VaultShare; productType = "com.apple.product-type.app-extension"; };
                L001 = {isa = XCConfigurationList; buildConfigurations = (C001, ); };
                C001 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
                X001 = {isa = PBXProject; developmentRegion = en; knownRegions = (en, Base, de, sv, ); mainGroup = G000; projectDirPath = ""; targets = (T001, T002, ); };
            };
            rootObject = X001 /* Project object */;
        }
        """

    /// A warning of `report(german:)`: its screen, text (English, German), rect and expected place.
    typealias Warning = (screen: Int, english: String, german: String, rect: Rect, expected: Expectation)

    /// The six screens' warnings. Rects are in points on a 402 × 874 screen (the status bar's band is the top
    /// 54, the tab bar's the bottom 90).
    static var warnings: [Warning] {
        let main = "Vault/Base.lproj/Main.storyboard"
        let settings = "Vault/Base.lproj/Settings.storyboard"
        let cell = "Vault/Views/DatabaseCell.xib"
        let about = "Vault/Base.lproj/AboutViewController.xib"
        let list = "Vault/DatabasesViewController.swift"
        let unlock = "Vault/UnlockViewController.swift"
        let settingsCode = "Vault/SettingsViewController.swift"
        let aboutCode = "Vault/AboutViewController.swift"
        func row(_ n: Int, x: Double = 20, width: Double = 300) -> Rect {
            Rect(x: x, y: 160 + Double(n) * 48, width: width, height: 32)
        }
        let navigationTitle = Rect(x: 150, y: 62, width: 100, height: 30)
        let leftBarItem = Rect(x: 12, y: 62, width: 70, height: 30)
        let rightBarItem = Rect(x: 320, y: 62, width: 70, height: 30)
        let firstTab = Rect(x: 40, y: 800, width: 100, height: 44)
        let secondTab = Rect(x: 240, y: 800, width: 100, height: 44)
        return [
            (0, "Databases", "Datenbanken", navigationTitle, Expectation(list, "title = Strings.databases")),
            (0, "Edit", "Bearbeiten", leftBarItem, Expectation(list, "= editButtonItem")),
            (0, "Add", "Hinzufügen", rightBarItem, Expectation(main, #"id="Bb1-Ad-7Tt""#)),
            (0, "Search Databases", "Datenbanken durchsuchen", row(0), Expectation(list, "searchBar.placeholder")),
            (0, "Last opened", "Last opened", row(2, width: 120), Expectation(cell, #"id="Dc1-Lo-3dD""#)),
            (0, "Lock", "Lock", row(2, x: 330, width: 50), Expectation(cell, #"id="Dc1-Lk-4eE""#)),
            (0, "Databases", "Datenbanken", firstTab, Expectation(main, #"id="TbI-db-4Xz""#)),
            (0, "Settings", "Einstellungen", secondTab, Expectation(settings, #"id="StI-tb-1Ss""#)),
            (0, "Personal.kdbx", "Personal.kdbx", row(1), .nowhere),
            (1, "Unlock Database", "Datenbank entsperren", row(0), Expectation(main, #"id="UnL-lb-01a""#)),
            (
                1, "Your database is encrypted.\nEnter its master password to open it.",
                "Deine Datenbank ist verschlüsselt.\nGib ihr Hauptpasswort ein, um sie zu öffnen.", row(1),
                Expectation(main, #"id="UnL-lb-02b""#)
            ),
            (1, "Master Password", "Hauptpasswort", row(2, width: 250), Expectation(main, #"id="UnT-tf-03c""#)),
            (1, "Show Password", "Passwort zeigen", row(2, x: 333, width: 40), Expectation(main, #"id="UnB-eY-04d""#)),
            (1, "Unlock", "Entsperren", row(3), Expectation(main, #"id="UnB-go-05e""#)),
            (1, "Key File", "Schlüsseldatei", row(4, width: 120), Expectation(main, #"id="UnK-kf-06f""#)),
            (1, "None", "Keine", row(4, x: 253, width: 120), Expectation(main, #"id="UnK-kv-07g""#)),
            (1, "Password", "Passwort", row(5, width: 170), Expectation(main, #"id="UnS-sg-08h""#)),
            (1, "Key File", "Schlüsseldatei", row(5, x: 200, width: 170), Expectation(main, #"id="UnS-sg-08h""#)),
            (1, "Cancel", "Abbrechen", leftBarItem, Expectation(main, #"id="UnC-bb-10j""#)),
            (1, "Vault", "Tresor", navigationTitle, Expectation(main, #"id="UnN-ni-09i""#)),
            (
                1, "Wrong password. Try again.", "Wrong password. Try again.", row(6),
                Expectation(unlock, "errorLabel.text =")
            ),
            (2, "Settings", "Einstellungen", navigationTitle, Expectation(settings, #"id="StN-ni-23w""#)),
            (2, "Lock Now", "Jetzt sperren", leftBarItem, Expectation(settingsCode, "title: Strings.lockNow")),
            (2, "Done", "Fertig", rightBarItem, Expectation(settings, #"id="StD-bb-24x""#)),
            (2, "Security", "Sicherheit", row(0), Expectation(settings, #"id="StS-se-11k""#)),
            (2, "Auto-Lock", "Automatisch sperren", row(1, width: 120), Expectation(settings, #"id="StL-al-13m""#)),
            (2, "1 min", "1 Min.", row(1, x: 210, width: 60), Expectation(settings, #"id="StG-sg-14n""#)),
            (2, "Use Face ID", "Face ID verwenden", row(2), Expectation(settings, #"id="StL-fi-16p""#)),
            (2, "Access Control", "Zugriffskontrolle", row(3), Expectation(settingsCode, "accessControlLabel.text =")),
            (
                2, "Vault locks itself when you leave the app.", "Vault sperrt sich, wenn du die App verlässt.",
                row(4), Expectation(settings, #"id="StS-se-11k""#)
            ),
            (2, "About", "Info", row(5), Expectation(settings, #"id="StS-ab-20t""#)),
            (2, "Rate Vault", "Vault bewerten", row(6), Expectation(settings, #"id="StB-rv-22v""#)),
            (2, "Settings", "Einstellungen", secondTab, Expectation(settings, #"id="StI-tb-1Ss""#)),
            (3, "Delete Database?", "Datenbank löschen?", row(8), Expectation(list, "UIAlertController(title:")),
            (
                3, "The file stays on your device.", "Die Datei bleibt auf deinem Gerät.", row(9),
                Expectation(list, "UIAlertController(title:")
            ),
            (3, "Delete", "Löschen", row(10), Expectation(list, "title: Strings.delete,")),
            (3, "Copy", "Copy", row(11), Expectation(list, "title: Strings.copy,")),
            (3, "Cancel", "Abbrechen", row(12), Expectation(list, "title: Strings.cancel,")),
            (4, "About", "Info", navigationTitle, Expectation(aboutCode, "title = NSLocalizedString")),
            (4, "Close", "Schließen", rightBarItem, Expectation(aboutCode, "barButtonSystemItem: .close")),
            (4, "Vault for iPhone", "Vault für iPhone", row(0), Expectation(about, #"id="Ab1-Tl-3dD""#)),
            (4, "Privacy Policy", "Datenschutzerklärung", row(1), Expectation(about, #"id="Ab1-Pp-4eE""#)),
            (5, "Licenses", "Lizenzen", navigationTitle, Expectation(settings, #"id="Ab0-VC-5eE""#)),
            (
                5, "Vault uses open-source software.", "Vault verwendet Open-Source-Software.", row(0),
                Expectation(settings, #"id="LcT-tv-25y""#)
            ),
        ]
    }

    /// The Inspector report of the six screens, in English or from a German device (its test types named in
    /// German), with each warning's expected place, in issue order.
    public static func report(german: Bool) -> (report: InspectorReport, expected: [Expectation]) {
        let all = warnings
        let report = inspectorReport(
            all.map { ($0.screen, german ? $0.german : $0.english, $0.rect) },
            screens: ["Databases", "Unlock", "Settings", "Delete", "About", "Licenses"],
            testTypeName: german ? "Dynamische Schrift" : "Dynamic Type",
            path: "Reports/Vault_\(german ? "de" : "en").json")
        return (report, all.map(\.expected))
    }

    /// A report of Dynamic Type warnings (screen, element text, rect), numbered from 1 in order, on screens of
    /// a 402 × 874 pt iPhone at scale 3 named `screens`, the test type named `testTypeName`.
    public static func inspectorReport(
        _ warnings: [(screen: Int, text: String, rect: Rect)], screens names: [String], testTypeName: String,
        path: String
    ) -> InspectorReport {
        let issues = warnings.enumerated().map { n, warning in
            Issue(
                number: n + 1, screenIndex: warning.screen, screenName: names[warning.screen],
                screenGroupName: "App", shortTitle: "Dynamic Type font sizes are unsupported",
                elementText: warning.text, testType: .dynamicType, testTypeName: testTypeName, elementRect: warning.rect
            )
        }
        let screens = names.indices.map { index in
            Screen(
                index: index, name: names[index], groupName: "App",
                displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622), screenshotScale: 3,
                issues: issues.filter { $0.screenIndex == index })
        }
        return InspectorReport(
            sourcePath: path, format: .json, auditDate: Date(timeIntervalSince1970: 0), auditDateSource: .caller,
            sha256: "", fileSize: 0, device: "iPhone 16", screens: screens)
    }

    /// How a mapping of `report(german:)` fares against the expected places.
    public struct Score: Sendable, CustomStringConvertible {
        /// Warnings whose first place is in the expected file (or, for user data, that map nowhere).
        public var rightFile = 0
        /// Warnings whose first place is the expected line (or nowhere, for user data).
        public var rightLine = 0
        /// Warnings placed in a file other than the expected one with confidence 0.8 or more.
        public var firmlyWrong = 0
        /// Warnings.
        public var total = 0
        /// One line per warning not on its expected line.
        public var misses: [String] = []

        /// `right file 44/44, right line 43/44, firmly wrong 0`, then the misses.
        public var description: String {
            "right file \(rightFile)/\(total), right line \(rightLine)/\(total), firmly wrong \(firmlyWrong)"
                + misses.map { "\n  " + $0 }.joined()
        }
    }

    /// Scores `result`, a mapping of a report whose warnings expect `expected`, with the app's files
    /// (`files` by default) at `root` (the folder prefix the index shows, "" for paths relative to the app's
    /// folder).
    public static func score(
        _ result: MappingResult, expected: [Expectation], files: [String: String] = files, root: String = ""
    ) -> Score {
        var score = Score()
        for (n, expectation) in expected.enumerated() {
            score.total += 1
            let primary = result.issue(n + 1)?.primary
            let file = primary?.location?.file
            let line = primary?.location?.line
            let wantedFile = expectation.file.map { root + $0 }
            if file == wantedFile { score.rightFile += 1 }
            if file == wantedFile, line == expectation.line(in: files) {
                score.rightLine += 1
            } else {
                let wanted = expectation.file.map { "\($0):\(expectation.line(in: files) ?? 0)" } ?? "nowhere"
                score.misses.append(
                    "#\(n + 1) wanted \(wanted), got \(file ?? "nothing"):\(line ?? 0) (\(primary?.confidence ?? 0))")
            }
            if let file, file != wantedFile, (primary?.confidence ?? 0) >= 0.8 { score.firmlyWrong += 1 }
        }
        return score
    }
}
