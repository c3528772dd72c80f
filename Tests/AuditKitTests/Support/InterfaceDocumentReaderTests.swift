import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Storyboards and xibs read with `XMLParser`: scenes and their view controllers, every text an element
/// shows or speaks with its property and start tag line, system items, fonts; untrusted input refused with
/// one error naming the file, line and column.
@Suite struct InterfaceDocumentReaderTests {
    static func read(_ text: String, path: String = "App/Base.lproj/Main.storyboard") throws -> InterfaceDocument {
        try InterfaceDocumentReader.read(Array(text.utf8), path: path)
    }

    static func line(of marker: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(marker) }.map { $0 + 1 }
    }

    /// The element whose object ID is `id`.
    static func element(_ id: String, in document: InterfaceDocument) -> InterfaceElement? {
        document.elements.first { $0.objectID == id }
    }

    @Test func aStoryboardsScenesElementsAndTextsAreRead() throws {
        let text = UIKitAppFixture.mainStoryboard
        let document = try Self.read(text)
        #expect(document.isStoryboard)
        #expect(document.tableName == "Main")
        let unlock = try #require(document.scenes.first { $0.customClass == "UnlockViewController" })
        #expect(unlock.storyboardIdentifier == "UnlockViewController")
        #expect(unlock.sceneID == "Un0-sc-2Bb")
        #expect(unlock.title == "Vault", "the navigation item's title names a scene whose controller has none")
        let label = try #require(Self.element("UnL-lb-01a", in: document))
        #expect(label.tag == "label")
        #expect(label.texts == [InterfaceText(property: "text", value: "Unlock Database")])
        #expect(label.line == Self.line(of: #"id="UnL-lb-01a""#, in: text))
        #expect(document.scenes[label.scene].customClass == "UnlockViewController")
        #expect(label.font?.style == "UICTFontTextStyleTitle2")
        #expect(label.adjustsFontForContentSizeCategory == nil)
        let multiline = try #require(Self.element("UnL-lb-02b", in: document))
        #expect(multiline.texts.map(\.value) == ["Your database is encrypted.\nEnter its master password to open it."])
        #expect(Self.element("UnT-tf-03c", in: document)?.texts.map(\.property) == ["placeholder"])
        #expect(
            Self.element("UnB-eY-04d", in: document)?.texts == [
                InterfaceText(property: "accessibilityLabel", value: "Show Password"),
                InterfaceText(property: "accessibilityIdentifier", value: "unlock.reveal"),
            ])
        #expect(
            Self.element("UnB-go-05e", in: document)?.texts == [
                InterfaceText(property: "normalTitle", value: "Unlock"),
                InterfaceText(property: "disabledTitle", value: "Enter Password"),
            ])
        #expect(
            Self.element("UnS-sg-08h", in: document)?.texts.map(\.property) == ["segmentTitles[0]", "segmentTitles[1]"])
        let cancel = try #require(Self.element("UnC-bb-10j", in: document))
        #expect(cancel.systemItem == "cancel")
        #expect(cancel.tag == "barButtonItem")
        let fixed = try #require(Self.element("UnK-kv-07g", in: document)?.font)
        #expect(fixed.type == "system" && fixed.pointSize == 15 && fixed.weight == "semibold")
        #expect(Self.element("TbI-db-4Xz", in: document)?.tag == "tabBarItem")
        // Segues between scenes: the tab bar's tabs and the navigation controller's root are containment.
        let containments = document.segues.filter(\.isContainment).map(\.destination)
        #expect(containments == ["Nv1-cQ-9xA", "SRf-pl-7Ho", "DbV-8k-2Lp"])
        #expect(
            document.outlets.contains(
                InterfaceOutlet(scene: label.scene, property: "unlockButton", destination: "UnB-go-05e")))
    }

    @Test func aXibsObjectsBelongToItsFilesOwnerElseTheirOwnClass() throws {
        let about = try Self.read(UIKitAppFixture.aboutXib, path: "App/Base.lproj/AboutViewController.xib")
        #expect(!about.isStoryboard)
        #expect(about.scenes.map(\.customClass) == ["AboutViewController"])
        #expect(about.elements.map(\.objectID) == ["Ab1-Tl-3dD", "Ab1-Pp-4eE"])
        let cell = try Self.read(UIKitAppFixture.databaseCellXib, path: "App/DatabaseCell.xib")
        #expect(cell.scenes.map(\.customClass) == ["DatabaseCell"])
        #expect(cell.elements.first?.font?.type == "boldSystem")
        #expect(cell.outlets.map(\.property) == ["nameLabel", "lockButton"])
    }

    @Test func aStartTagOverSeveralLinesIsAtTheLineOfItsBracket() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment with <label> inside -->
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <view id="v1">
                        <subviews>
                            <label text="Greater &gt; than"
                                   title="a &quot;quoted&quot; > sign"
                                   id="l1">
                                <fontDescription key="fontDescription"
                                    type="system" pointSize="17"/>
                            </label>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let document = try Self.read(text, path: "App/View.xib")
        let label = try #require(Self.element("l1", in: document))
        #expect(label.line == 7)
        #expect(label.column == 17)
        #expect(label.texts.map(\.value) == ["Greater > than", "a \"quoted\" > sign"])
        #expect(label.font?.line == 10)
        let bytes = Array(text.utf8)
        #expect(bytes[label.offset] == UInt8(ascii: "<"))
        #expect(String(decoding: bytes[label.offset..<label.tagEnd], as: UTF8.self).hasSuffix(#"id="l1">"#))
    }

    @Test func badDocumentsAreRefusedWithTheFileLineAndColumn() throws {
        let path = "App/Base.lproj/Broken.storyboard"
        func failure(_ text: String) -> AuditError? {
            do {
                _ = try InterfaceDocumentReader.read(Array(text.utf8), path: path)
                return nil
            } catch { return error }
        }
        let mismatched = failure("<document>\n  <objects>\n    <label id=\"a\">\n  </objects>\n</document>")
        #expect(mismatched?.code == .badInput)
        #expect(mismatched?.location?.path == path)
        #expect(mismatched?.location?.line == 4)
        #expect(mismatched?.message == "not well-formed XML: an end tag does not match its start tag")
        #expect(mismatched?.description.hasPrefix("\(path):4:") == true, "\(String(describing: mismatched))")
        let entities = failure(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE document [<!ENTITY a \"aaaa\">]>\n<document>&a;</document>")
        #expect(entities?.code == .badInput)
        #expect(entities?.location?.line == 2)
        #expect(entities?.message.contains("document type declaration") == true)
        let deep =
            "<document>" + String(repeating: "<view>", count: 300) + String(repeating: "</view>", count: 300)
            + "</document>"
        #expect(failure(deep)?.code == .limitExceeded)
        #expect(failure(deep)?.message.contains("nest more than") == true)
        #expect(failure("<plist><dict/></plist>")?.message.contains("not an Interface Builder document") == true)
        #expect(failure("")?.code == .badInput)
        // libxml2 crashes switching to some encodings a declaration names (the fuzzer's UTF-7): a document
        // that declares another encoding than UTF-8 is refused before the parser reads it.
        for encoding in ["UTF-7", "ISO-2022-JP", "EBCDIC-US"] {
            let other = failure("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<document><objects/></document>")
            #expect(other?.code == .badInput, "\(encoding)")
            #expect(other?.message == "the document declares the encoding \(encoding); Interface Builder writes UTF-8")
            #expect(other?.location?.line == 1 && other?.location?.column == 31, "\(String(describing: other))")
        }
        for encoding in ["UTF-8", "utf-8", "UTF8"] {
            let declared = "<?xml version=\"1.0\" encoding='\(encoding)'?>\n<document><objects/></document>"
            #expect(failure(declared) == nil, "\(encoding)")
        }
        let huge = [UInt8](repeating: 32, count: InterfaceDocumentReader.maximumBytes + 1)
        #expect(throws: AuditError.self) { try InterfaceDocumentReader.read(huge, path: path) }
        #expect((try? InterfaceDocumentReader.read(huge, path: path)) == nil)
    }
}
