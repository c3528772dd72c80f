import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `scan` reads storyboards and xibs: fixed point sizes, text styles without
/// `adjustsFontForContentSizeCategory`, buttons code does not scale; `--fix` writes the nearest text style
/// and the flag where Interface Builder has it, touching nothing else, and a second `--fix` changes nothing.
@Suite struct InterfaceFontScanTests {
    /// Every finding the fixture app should give: file, the element's object ID (or a line of code), rule.
    static let expected: Set<String> = [
        "Vault/Base.lproj/Main.storyboard UnL-lb-01a text-style-not-adjusting",
        "Vault/Base.lproj/Main.storyboard UnK-kf-06f fixed-font-size",
        "Vault/Base.lproj/Main.storyboard UnK-kv-07g fixed-font-size",
        "Vault/Base.lproj/Settings.storyboard StL-fi-16p fixed-font-size",
        "Vault/Base.lproj/Settings.storyboard StL-ac-19s text-style-not-adjusting",
        "Vault/Base.lproj/Settings.storyboard LcT-tv-25y text-style-not-adjusting",
        "Vault/Views/DatabaseCell.xib Dc1-Nm-2cC fixed-font-size",
        "Vault/Views/DatabaseCell.xib Dc1-Lo-3dD fixed-font-size",
        "Vault/Views/DatabaseCell.xib Dc1-Lk-4eE fixed-font-size",
        "Vault/Base.lproj/AboutViewController.xib Ab1-Tl-3dD fixed-font-size",
        "Vault/Base.lproj/AboutViewController.xib Ab1-Pp-4eE text-style-not-adjusting",
        "VaultShare/Base.lproj/MainInterface.storyboard Sh1-Lb-2cC text-style-not-adjusting",
        "VaultShare/Base.lproj/MainInterface.storyboard Sh1-Tf-3dD fixed-font-size",
        "Vault/UnlockViewController.swift errorLabel.font text-style-not-adjusting",
        "Vault/Views/DatabaseCell.swift nameLabel.font fixed-font-size",
    ]

    /// A finding as `expected` names it: the object ID on its line, else the code's first words.
    static func key(_ finding: FontFinding) -> String {
        let line = UIKitAppFixture.files[finding.file]?.components(separatedBy: "\n")[finding.line - 1] ?? ""
        let id = line.components(separatedBy: "id=\"").dropFirst().first?.prefix { $0 != "\"" }
        let code = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? ""
        return "\(finding.file) \(id.map(String.init) ?? String(code)) \(finding.rule.rawValue)"
    }

    static func scanned() throws -> (result: FontScanResult, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        try UIKitAppFixture.write(to: folder.path)
        return (try FontScanner.scan(paths: [folder.path], workingDirectory: folder.path), folder)
    }

    @Test func everyFixedSizeAndUnadjustedTextStyleIsFoundAndNothingElse() throws {
        let (result, folder) = try Self.scanned()
        defer { folder.remove() }
        #expect(result.problems.isEmpty, "\(result.problems)")
        let found = Set(result.activeFindings.map(Self.key))
        #expect(
            found == Self.expected,
            "missing \(Self.expected.subtracting(found)); extra \(found.subtracting(Self.expected))")
        #expect(result.files.contains("Vault/Base.lproj/Main.storyboard"))
        #expect(result.summaryLine.hasPrefix("Scanned 8 Swift files and 5 storyboards or xibs: 15 findings"))
        let menlo = try #require(result.findings.first { Self.key($0).contains("UnK-kf-06f") })
        #expect(menlo.size == 13)
        #expect(menlo.message.contains("left by --fix"))
        #expect(menlo.suggestion?.contains("UIFontMetrics(forTextStyle: .footnote)") == true)
        let semibold = try #require(result.findings.first { Self.key($0).contains("UnK-kv-07g") })
        #expect(semibold.weight == .semibold)
        #expect(semibold.suggestion?.contains("UICTFontTextStyleSubhead") == true)
        let button = try #require(result.findings.first { Self.key($0).contains("Ab1-Pp-4eE") })
        #expect(
            button.suggestion?.contains("privacyButton.titleLabel?.adjustsFontForContentSizeCategory = true") == true)
        let code = try #require(result.findings.first { $0.file == "Vault/UnlockViewController.swift" })
        #expect(code.suggestion == "`errorLabel.adjustsFontForContentSizeCategory = true`")
        #expect(
            code.line
                == SymbolMappingTests.line(
                    of: "errorLabel.font =", in: code.file, of: MiniApp(files: UIKitAppFixture.files)))
    }

    @Test func theFixWritesTextStylesAndFlagsTouchingNothingElseAndIsIdempotent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try UIKitAppFixture.write(to: folder.path)
        let first = try FontFixer.fix(paths: [folder.path], workingDirectory: folder.path)
        #expect(first.problems.isEmpty, "\(first.problems)")
        let documents = UIKitAppFixture.files.keys.filter(InterfaceDocument.isInterfaceFile).sorted()
        for name in documents {
            let original = Array(UIKitAppFixture.files[name]!.utf8)
            let fixed = try #require(FileManager.default.contents(atPath: folder.file(name))).map { $0 }
            // Foundation's parser reads the result.
            #expect(XMLParser(data: Data(fixed)).parse(), "\(name)")
            _ = try InterfaceDocumentReader.read(fixed, path: name)
            Self.expectOnlyFontAttributesDiffer(original, fixed, in: name)
        }
        let main = String(
            decoding: try #require(
                FileManager.default.contents(atPath: folder.file("Vault/Base.lproj/Main.storyboard"))), as: UTF8.self)
        #expect(
            main.contains(#"adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="UnK-kv-07g">"#)
        )
        #expect(main.contains(#"<fontDescription key="fontDescription" style="UICTFontTextStyleSubhead"/>"#))
        #expect(
            main.contains(
                #"adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="UnL-lb-01a">"#
            ))
        #expect(main.contains(#"name="Menlo-Regular" family="Menlo" pointSize="13"/>"#), "a named font is left")
        let cell = String(
            decoding: try #require(FileManager.default.contents(atPath: folder.file("Vault/Views/DatabaseCell.xib"))),
            as: UTF8.self)
        #expect(cell.contains(#"<fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>"#))
        #expect(
            cell.contains(#"<fontDescription key="fontDescription" type="system" pointSize="15"/>"#), "a button is left"
        )
        let second = try FontFixer.fix(paths: [folder.path], workingDirectory: folder.path)
        #expect(second.changedCount == 0)
        #expect(second.files.allSatisfy { $0.status != .written })
        let left = try FontScanner.scan(paths: [folder.path], workingDirectory: folder.path)
        #expect(Set(left.activeFindings.map(\.rule)) == [.fixedSize, .textStyleNotAdjusting])
        #expect(
            left.activeFindings.allSatisfy { finding in
                if case .leave? = finding.fix { return true }
                return finding.fix == nil || finding.file.hasSuffix(".swift")
            })
    }

    /// The two documents differ only in the attributes a fix edits, line by line.
    static func expectOnlyFontAttributesDiffer(
        _ original: [UInt8], _ fixed: [UInt8], in name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let edited: Set<String> = ["type", "pointSize", "weight", "style", "adjustsFontForContentSizeCategory"]
        let before = String(decoding: original, as: UTF8.self).components(separatedBy: "\n")
        let after = String(decoding: fixed, as: UTF8.self).components(separatedBy: "\n")
        #expect(before.count == after.count, "\(name)", sourceLocation: sourceLocation)
        for (a, b) in zip(before, after) where a != b {
            func kept(_ line: String) -> String {
                var text = line
                for name in edited {
                    while let range = text.range(of: #"\s*\#(name)="[^"]*""#, options: .regularExpression) {
                        text.removeSubrange(range)
                    }
                }
                return text
            }
            #expect(kept(a) == kept(b), "\(name): \(a) -> \(b)", sourceLocation: sourceLocation)
        }
    }
}
