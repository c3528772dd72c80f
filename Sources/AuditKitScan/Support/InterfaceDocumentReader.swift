import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads storyboards and xibs with Foundation's `XMLParser` (`InterfaceDocument`). They are untrusted
/// input: a file over `maximumBytes`, elements nested deeper than `maximumDepth`, a document type
/// declaration (whose entities can expand a small file without end) and XML that is not well formed are
/// refused with one error naming the file, the line and the column.
public enum InterfaceDocumentReader {
    /// The largest document read (a large app's largest storyboard is a few megabytes).
    public static let maximumBytes = 32 << 20
    /// How deep elements may nest (Interface Builder's deepest view hierarchies stay under a hundred).
    public static let maximumDepth = 200

    /// Reads one document's bytes.
    /// - Throws: `AuditError` `.limitExceeded` for a file too large or nested too deep, `.badInput` for a
    ///   document type declaration or XML that is not well formed, each located at its line and column.
    public static func read(_ bytes: [UInt8], path: String) throws(AuditError) -> InterfaceDocument {
        guard bytes.count <= maximumBytes else {
            throw AuditError(
                .limitExceeded,
                "the document is \(bytes.count) bytes; Interface Builder documents over \(maximumBytes >> 20) MiB are not read",
                path: path)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw AuditError(.badInput, "the document is UTF-16; Interface Builder writes UTF-8", path: path)
        }
        try refuseOtherEncodings(bytes, path: path)
        let tags: [InterfaceTagScanner.Tag]
        do { tags = try InterfaceTagScanner.startTags(bytes) } catch {
            throw AuditError(
                .badInput, error.message,
                location: InputLocation(path: path, byteOffset: error.offset, line: error.line, column: error.column))
        }
        let builder = InterfaceDocumentBuilder(path: path, tags: tags)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        // Where libxml2 recovers from an error, `parse()` still returns true: the delegate's first error counts.
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        guard parsed else {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw AuditError(
                .badInput, "not well-formed XML: " + describe(code),
                location: InputLocation(
                    path: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
        }
        guard builder.isInterfaceBuilder else {
            throw AuditError(
                .badInput, "not an Interface Builder document: its root element is not <document>",
                location: InputLocation(path: path, line: 1, column: 1))
        }
        return builder.finished()
    }

    /// Refuses a document whose XML declaration names another encoding than UTF-8 (which Interface Builder
    /// always writes): libxml2 crashes switching to some of them (UTF-7) while it parses.
    /// - Throws: `AuditError` `.badInput` located at the encoding's value.
    static func refuseOtherEncodings(_ bytes: [UInt8], path: String) throws(AuditError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return }
        // The declaration ends at "?>", within its first 512 bytes.
        let head = Array(bytes[start..<min(bytes.count, start + 512)])
        let close =
            start
            + (head.indices.dropLast().first { head[$0] == UInt8(ascii: "?") && head[$0 + 1] == UInt8(ascii: ">") }
                ?? head.count)
        let declaration = String(decoding: bytes[start..<close], as: UTF8.self)
        guard let name = declaration.range(of: "encoding") else { return }
        let rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let value = rest.dropFirst().prefix { $0 != quote }
        guard !["utf-8", "utf8"].contains(value.lowercased()) else { return }
        let column = start + declaration.utf8.distance(from: declaration.startIndex, to: value.startIndex) + 1
        throw AuditError(
            .badInput, "the document declares the encoding \(value); Interface Builder writes UTF-8",
            location: InputLocation(path: path, byteOffset: column - 1, line: 1, column: column))
    }

    /// What `XMLParser`'s error code means, in words. The codes are libxml2's `xmlParserErrors` (what the
    /// parser reports on Linux and Apple platforms alike; Foundation's `XMLParser.ErrorCode` numbers them
    /// otherwise on Linux).
    static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5, 86: return "content follows the root element, or the document ends inside it"
        case 9: return "a character is not allowed in XML"
        case 6...13: return "a character reference (&#…;) is malformed or not allowed there"
        case 14...27, 36, 37: return "an entity reference (&…;) is malformed or unknown"
        case 33, 34, 43, 44: return "a quoted value is not closed"
        case 38: return "a '<' inside an attribute value"
        case 39...42, 75: return "an attribute is malformed (missing quote, '=' or value, or given twice)"
        case 45, 80: return "a comment is not closed or holds '--'"
        case 63: return "a CDATA section is not closed"
        case 68: return "a tag has no name"
        case 72, 73, 74: return "a tag is not closed"
        case 76: return "an end tag does not match its start tag"
        case 77, 85: return "an element is not closed before the document ends"
        default: return "XML parser error \(code)"
        }
    }
}

/// The `XMLParser` delegate that builds an `InterfaceDocument`, one start tag at a time.
final class InterfaceDocumentBuilder: NSObject, XMLParserDelegate {
    /// One open element.
    private struct Frame {
        var name: String
        /// The element it made, a position in `document.elements`.
        var element: Int?
        /// For a `<state>`: its key (`normal`); for a `<string>`, an `<attributedString>`: the property it sets.
        var key: String?
        /// Characters collected for a `<string>`.
        var text: String?
        /// The fragments of an `<attributedString>`, joined.
        var fragments: String?
    }

    private(set) var document: InterfaceDocument
    private let tags: [InterfaceTagScanner.Tag]
    private var nextTag = 0
    private var stack: [Frame] = []
    private var scene: Int?
    private var sceneID: String?
    /// Whether the current scene's controller has a `title` of its own (else its navigation item's names it).
    private var sceneTitled = false
    /// In a xib: the File's Owner's class, which owns every top-level object.
    private var filesOwnerClass: String?
    /// Segment titles seen per element.
    private var segments: [Int: Int] = [:]
    /// The first failure (a limit hit); parsing stops there.
    var failure: AuditError?
    /// Whether the root element is `<document>`.
    private(set) var isInterfaceBuilder = false

    init(path: String, tags: [InterfaceTagScanner.Tag]) {
        self.tags = tags
        document = InterfaceDocument(path: path, isStoryboard: path.hasSuffix(".storyboard"))
    }

    /// Attributes that hold a shown text, by the property their localisation key names.
    static let textAttributes = [
        "text", "title", "placeholder", "prompt", "headerTitle", "footerTitle", "backButtonTitle",
    ]

    /// Elements with an `id` that never show a text of their own.
    static let ignoredElements: Set<String> = [
        "constraint", "segue", "outlet", "action", "viewLayoutGuide", "placeholder", "exit", "scene",
        "outletCollection", "connections", "userDefinedRuntimeAttribute",
    ]

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard nextTag < tags.count else { return stop(parser, "the document's tags could not be located", line: 1) }
        let tag = tags[nextTag]
        nextTag += 1
        if stack.isEmpty { isInterfaceBuilder = name == "document" }
        guard stack.count < InterfaceDocumentReader.maximumDepth else {
            return stop(
                parser, "elements nest more than \(InterfaceDocumentReader.maximumDepth) deep", line: tag.line,
                column: tag.column, code: .limitExceeded)
        }
        var frame = Frame(name: name)
        if name == "scene" {
            sceneID = attributes["sceneID"]
        } else if name == "placeholder", attributes["placeholderIdentifier"] == "IBFilesOwner" {
            filesOwnerClass = attributes["customClass"]
        } else if startsScene(name, attributes) {
            openScene(name, attributes, tag: tag)
        }
        // Only the document's objects are elements (its `<device id=…>` is not).
        let inObjects = stack.count > 1 && (stack[1].name == "objects" || stack[1].name == "scenes")
        if inObjects, !readProperty(name, attributes, tag: tag, frame: &frame), let id = attributes["id"],
            !Self.ignoredElements.contains(name)
        {
            frame.element = addElement(name, id: id, attributes, tag: tag)
        }
        stack.append(frame)
    }

    /// Whether the element is a storyboard scene's controller or a xib's top-level object.
    private func startsScene(_ name: String, _ attributes: [String: String]) -> Bool {
        if document.isStoryboard { return attributes["sceneMemberID"] == "viewController" }
        return stack.count == 2 && stack[1].name == "objects" && name != "placeholder"
    }

    private func openScene(_ name: String, _ attributes: [String: String], tag: InterfaceTagScanner.Tag) {
        let owner = document.isStoryboard ? attributes["customClass"] : filesOwnerClass ?? attributes["customClass"]
        sceneTitled = attributes["title"] != nil
        let title =
            attributes["title"] ?? attributes["userLabel"] ?? attributes["storyboardIdentifier"] ?? owner
            ?? (document.isStoryboard ? Self.readable(name) : document.tableName)
        document.scenes.append(
            InterfaceScene(
                sceneID: document.isStoryboard ? sceneID : nil, tag: name, objectID: attributes["id"],
                customClass: owner, storyboardIdentifier: attributes["storyboardIdentifier"], title: title,
                line: tag.line))
        scene = document.scenes.count - 1
    }

    /// `Table View Controller` for `tableViewController`.
    static func readable(_ name: String) -> String {
        var words = ""
        for character in name {
            if character.isUppercase { words += " " }
            words.append(character)
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The scene for an element: the current one, else one made for elements outside every scene.
    private func currentScene(tag: InterfaceTagScanner.Tag) -> Int {
        if let scene { return scene }
        document.scenes.append(
            InterfaceScene(tag: "document", customClass: filesOwnerClass, title: document.tableName, line: tag.line))
        scene = document.scenes.count - 1
        return scene!
    }

    private func addElement(
        _ name: String, id: String, _ attributes: [String: String], tag: InterfaceTagScanner.Tag
    ) -> Int {
        var element = InterfaceElement(
            tag: name, objectID: id, customClass: attributes["customClass"], scene: currentScene(tag: tag),
            offset: tag.offset, tagEnd: tag.end, line: tag.line, column: tag.column)
        for property in Self.textAttributes {
            if let value = attributes[property], !value.isEmpty {
                element.texts.append(InterfaceText(property: property, value: value))
            }
        }
        element.systemItem = attributes["systemItem"]
        element.adjustsFontForContentSizeCategory = attributes["adjustsFontForContentSizeCategory"].map { $0 == "YES" }
        document.elements.append(element)
        return document.elements.count - 1
    }

    /// The nearest open element, if any.
    private var owner: Int? { stack.last(where: { $0.element != nil })?.element }

    private func addText(_ property: String, _ value: String?) {
        guard let owner, let value, !value.isEmpty else { return }
        document.elements[owner].texts.append(InterfaceText(property: property, value: value))
    }

    /// Reads an element that sets a property of the nearest element (a button's `<state>`, an
    /// `<accessibility>`, a `<segment>`, a `<fontDescription>`, a `<string>`) or connects scenes; false
    /// for any other.
    private func readProperty(
        _ name: String, _ attributes: [String: String], tag: InterfaceTagScanner.Tag, frame: inout Frame
    ) -> Bool {
        switch name {
        case "state":
            frame.key = attributes["key"]
            addText((attributes["key"] ?? "normal") + "Title", attributes["title"])
        case "buttonConfiguration":
            addText("configuration.title", attributes["title"])
            addText("configuration.subtitle", attributes["subtitle"])
        case "accessibility" where attributes["key"] == "accessibilityConfiguration":
            addText("accessibilityLabel", attributes["label"])
            addText("accessibilityHint", attributes["hint"])
            addText("accessibilityIdentifier", attributes["identifier"])
        case "segment":
            guard let owner else { return true }
            let number = segments[owner, default: 0]
            segments[owner] = number + 1
            addText("segmentTitles[\(number)]", attributes["title"])
        case "fontDescription":
            guard let owner else { return true }
            var font = InterfaceFont(
                key: attributes["key"] ?? "fontDescription", offset: tag.offset, tagEnd: tag.end, line: tag.line)
            font.style = attributes["style"]
            font.type = attributes["type"]
            font.name = attributes["name"]
            font.pointSize = attributes["pointSize"].flatMap(Double.init)
            font.weight = attributes["weight"]
            if document.elements[owner].font == nil || font.key == "fontDescription" {
                document.elements[owner].font = font
            }
        case "string", "mutableString":
            frame.key = property(forKey: attributes["key"])
            frame.text = frame.key == nil ? nil : ""
        case "attributedString":
            frame.key = property(forKey: attributes["key"])
            frame.fragments = frame.key == nil ? nil : ""
        case "fragment":
            if let content = attributes["content"], let i = stack.lastIndex(where: { $0.name == "attributedString" }) {
                stack[i].fragments? += content
            }
        case "segue":
            guard let scene, let destination = attributes["destination"] else { return true }
            document.segues.append(
                InterfaceSegue(
                    scene: scene, destination: destination, kind: attributes["kind"] ?? "",
                    relationship: attributes["relationship"], line: tag.line))
        case "outlet":
            guard let property = attributes["property"], let destination = attributes["destination"] else {
                return true
            }
            // A xib's File's Owner comes before the objects it owns: its outlets are the first one's.
            document.outlets.append(
                InterfaceOutlet(scene: scene ?? document.scenes.count, property: property, destination: destination))
        default:
            return false
        }
        return true
    }

    /// The property a `<string key="…">` or `<attributedString key="…">` sets, when it is a shown text; a
    /// button state's title is named after the state (`normalTitle`).
    private func property(forKey key: String?) -> String? {
        guard let key else { return nil }
        let shown: Set<String> = [
            "text", "title", "placeholder", "prompt", "headerTitle", "footerTitle", "attributedText",
            "attributedTitle", "content",
        ]
        guard shown.contains(key) else { return nil }
        if key == "content" { return "content" }
        if let state = stack.last, state.name == "state" {
            return (state.key ?? "normal") + (key == "title" ? "Title" : "AttributedTitle")
        }
        return key
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        stop(
            parser, "not well-formed XML: " + InterfaceDocumentReader.describe(code), line: max(parser.lineNumber, 1),
            column: max(parser.columnNumber, 1))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty, stack[stack.count - 1].text != nil else { return }
        stack[stack.count - 1].text! += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let frame = stack.popLast() else { return }
        if let key = frame.key, let text = frame.text ?? frame.fragments {
            if key == "content", let i = stack.lastIndex(where: { $0.name == "attributedString" }) {
                stack[i].fragments? += text
            } else {
                addText(key, text)
            }
        }
        if name == "scene" {
            finishScene()
            scene = nil
            sceneID = nil
        } else if !document.isStoryboard, stack.count == 2, stack[1].name == "objects", name != "placeholder" {
            scene = nil
        }
    }

    /// A scene without a title of its controller's takes its navigation item's.
    private func finishScene() {
        guard let scene, !sceneTitled else { return }
        let navigation = document.elements.last { $0.scene == scene && $0.tag == "navigationItem" }
        if let title = navigation?.texts.first(where: { $0.property == "title" })?.value {
            document.scenes[scene].title = title
        }
    }

    private func stop(
        _ parser: XMLParser, _ message: String, line: Int, column: Int = 1, code: AuditError.Code = .badInput
    ) {
        guard failure == nil else { return }
        failure = AuditError(code, message, location: InputLocation(path: document.path, line: line, column: column))
        parser.abortParsing()
    }

    /// The document, its elements kept when they show a text, set a font or are a system item.
    func finished() -> InterfaceDocument {
        var result = document
        result.elements = result.elements.filter { !$0.texts.isEmpty || $0.font != nil || $0.systemItem != nil }
        return result
    }
}
