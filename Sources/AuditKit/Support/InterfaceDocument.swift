/// An Interface Builder document, a `.storyboard` or a `.xib`, as the mapping and `scan` read it: its
/// scenes (a storyboard's view controllers; a xib's top-level objects), the elements that show a text, set
/// a font or stand for a system item, and the segues between scenes. `InterfaceDocumentReader` reads one.
public struct InterfaceDocument: Sendable {
    /// The file, as shown.
    public var path: String
    /// Whether it is a storyboard (else a xib).
    public var isStoryboard: Bool
    /// The scenes in file order.
    public var scenes: [InterfaceScene] = []
    /// The elements in file order, each in one scene.
    public var elements: [InterfaceElement] = []
    /// The segues and relationships, in file order.
    public var segues: [InterfaceSegue] = []
    /// The outlets (a property of a scene's class connected to an element), in file order.
    public var outlets: [InterfaceOutlet] = []

    /// Creates an empty document.
    public init(path: String, isStoryboard: Bool) {
        self.path = path
        self.isStoryboard = isStoryboard
    }

    /// Whether `path` names a storyboard or a xib.
    public static func isInterfaceFile(_ path: String) -> Bool {
        path.hasSuffix(".storyboard") || path.hasSuffix(".xib")
    }

    /// The file's name without folders and extension (`Main` for `Base.lproj/Main.storyboard`): the table
    /// name of its localisations (`de.lproj/Main.strings`).
    public var tableName: String { Self.tableName(of: path) }

    /// The file name of `path` without folders and extension.
    public static func tableName(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: ".") else { return file }
        return String(file[..<dot])
    }

    /// The file name of `path` without folders (`Main.storyboard`).
    var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// A storyboard scene (its view controller) or a xib's top-level object.
public struct InterfaceScene: Sendable, Hashable {
    /// The scene's `sceneID` (nil in a xib).
    public var sceneID: String?
    /// The controller's (or top-level object's) element name: `viewController`, `tableViewController`,
    /// `tableViewCell`, `view`.
    public var tag: String
    /// The controller's object ID.
    public var objectID: String?
    /// The class that owns it: the controller's `customClass`; in a xib, the File's Owner's `customClass`,
    /// else the object's.
    public var customClass: String?
    /// The controller's `storyboardIdentifier`.
    public var storyboardIdentifier: String?
    /// What Xcode calls the scene, without " Scene": the controller's title, else its navigation item's, else
    /// its label in the document outline, else its storyboard identifier, else its class, else its kind.
    public var title: String
    /// One-based line of the controller's start tag.
    public var line: Int

    /// Creates a scene.
    public init(
        sceneID: String? = nil, tag: String, objectID: String? = nil, customClass: String? = nil,
        storyboardIdentifier: String? = nil, title: String, line: Int
    ) {
        self.sceneID = sceneID
        self.tag = tag
        self.objectID = objectID
        self.customClass = customClass
        self.storyboardIdentifier = storyboardIdentifier
        self.title = title
        self.line = line
    }
}

/// An element of a document: a label, a button, a bar button item, a navigation item, a text field, ….
public struct InterfaceElement: Sendable, Hashable {
    /// The element name: `label`, `button`, `barButtonItem`, `navigationItem`, `textField`, `tabBarItem`.
    public var tag: String
    /// Its object ID (`id`), which localisations name (`"abc-12-xyz.text"`).
    public var objectID: String?
    /// Its `customClass`, if any.
    public var customClass: String?
    /// Its scene, a position in `InterfaceDocument.scenes`.
    public var scene: Int
    /// Zero-based byte offset of its start tag's `<`.
    public var offset: Int
    /// Zero-based byte offset just past its start tag's `>`.
    public var tagEnd: Int
    /// One-based line of its start tag (where Xcode opens the element).
    public var line: Int
    /// One-based byte column of its start tag.
    public var column: Int
    /// The texts it shows or speaks, in file order.
    public var texts: [InterfaceText] = []
    /// For a bar button item or tab bar item: the system item it is (`cancel`, `done`), whose title the
    /// system gives in the device's language.
    public var systemItem: String?
    /// Its font (`<fontDescription>`), if it sets one.
    public var font: InterfaceFont?
    /// Its `adjustsFontForContentSizeCategory` attribute, when written (`YES` is true).
    public var adjustsFontForContentSizeCategory: Bool?

    /// Creates an element.
    public init(
        tag: String, objectID: String?, customClass: String? = nil, scene: Int, offset: Int, tagEnd: Int,
        line: Int, column: Int
    ) {
        self.tag = tag
        self.objectID = objectID
        self.customClass = customClass
        self.scene = scene
        self.offset = offset
        self.tagEnd = tagEnd
        self.line = line
        self.column = column
    }

    /// What it is as people say it: a button, a title, a tab, a field, a header; nil for plain text.
    public var role: String? {
        switch tag {
        case "button", "barButtonItem": return "button"
        case "navigationItem": return "title"
        case "tabBarItem": return "tab"
        case "textField", "searchBar", "textView": return "field"
        case "tableViewSection": return "header"
        case "segmentedControl": return "picker"
        case "switch": return "toggle"
        default: return tag.hasSuffix("Controller") ? "title" : nil
        }
    }

    /// The UIKit class it is, for explanations: `UILabel`, `UIButton`, `UIBarButtonItem`.
    public var className: String {
        if let customClass { return customClass }
        if tag == "tableViewSection" { return "table section" }
        return "UI" + tag.prefix(1).uppercased() + tag.dropFirst()
    }
}

/// A text an element shows or speaks, with the property that holds it.
public struct InterfaceText: Sendable, Hashable {
    /// The property as a storyboard's localisation names it after the object ID: `text`, `normalTitle`,
    /// `title`, `placeholder`, `segmentTitles[0]`, `headerTitle`, `accessibilityLabel`,
    /// `accessibilityIdentifier`.
    public var property: String
    /// The text.
    public var value: String

    /// Creates a text.
    public init(property: String, value: String) {
        self.property = property
        self.value = value
    }

    /// Whether it is an accessibility identifier (never shown).
    public var isIdentifier: Bool { property == "accessibilityIdentifier" }
}

/// A `<fontDescription>`: a text style, or a system or named font of a fixed point size.
public struct InterfaceFont: Sendable, Hashable {
    /// Its `key` (`fontDescription`, `titleFontDescription`).
    public var key: String
    /// The text style (`UICTFontTextStyleBody`), if it has one.
    public var style: String?
    /// The system font's kind (`system`, `boldSystem`, `italicSystem`), if it is one.
    public var type: String?
    /// The named font (`Menlo-Regular`), if it is one.
    public var name: String?
    /// The fixed size, if it has one.
    public var pointSize: Double?
    /// The system font's weight as written (`semibold`), if any.
    public var weight: String?
    /// Zero-based byte offset of its `<`.
    public var offset: Int
    /// Zero-based byte offset just past its `>`.
    public var tagEnd: Int
    /// One-based line of its start tag.
    public var line: Int

    /// Creates a font description.
    public init(key: String, offset: Int, tagEnd: Int, line: Int) {
        self.key = key
        self.offset = offset
        self.tagEnd = tagEnd
        self.line = line
    }
}

/// A segue or relationship from one scene to another's controller.
public struct InterfaceSegue: Sendable, Hashable {
    /// The scene it starts from.
    public var scene: Int
    /// The destination controller's object ID.
    public var destination: String
    /// `relationship`, `embed`, `show`, `presentation`, ….
    public var kind: String
    /// For a relationship: `rootViewController`, `viewControllers`, ….
    public var relationship: String?
    /// One-based line of the segue.
    public var line: Int

    /// Creates a segue.
    public init(scene: Int, destination: String, kind: String, relationship: String?, line: Int) {
        self.scene = scene
        self.destination = destination
        self.kind = kind
        self.relationship = relationship
        self.line = line
    }

    /// Whether the destination is shown inside the source (a navigation controller's root, a tab, an
    /// embedded child) rather than presented over it.
    public var isContainment: Bool { kind == "relationship" || kind == "embed" }
}

/// An outlet: a property of the scene's class connected to an element.
public struct InterfaceOutlet: Sendable, Hashable {
    /// The scene it is declared in (a xib's File's Owner's outlets: its first top-level object's).
    public var scene: Int
    /// The property's name (`loginButton`).
    public var property: String
    /// The element's object ID.
    public var destination: String

    /// Creates an outlet.
    public init(scene: Int, property: String, destination: String) {
        self.scene = scene
        self.property = property
        self.destination = destination
    }
}
