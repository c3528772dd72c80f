/// What the index knows of storyboards and xibs: each text an element shows is a literal of the index
/// (its file the document, its line the element's start tag, its view the scene's view controller), so the
/// mapping finds it as it finds a Swift literal; these tables say which element a literal is, which
/// localisation entries (`"OBJ-ID.text" = "…";` in `xx.lproj/Main.strings`) name it, and which literals
/// stand for system items.
struct InterfaceTables: Sendable {
    /// An interface literal's element.
    struct Place: Sendable {
        /// Position in `documents`.
        var document: Int32
        /// Position in the document's `elements`.
        var element: Int32
        /// Position in the element's `texts`, -1 for a system item's title.
        var text: Int32
    }

    /// The documents indexed, in file order.
    var documents: [InterfaceDocument] = []
    /// Per interface literal (a position in `SourceIndex.literals`), its element.
    var places: [Int: Place] = [:]
    /// Per localisation entry of a document (a position in `SourceIndex.localizedStrings`), the literals of
    /// the element and property it names; an entry naming no element has an empty list.
    var entryLiterals: [Int: [Int]] = [:]
    /// Per system item (`cancel`), the literals standing for it, in Swift code and documents alike.
    var systemItems: [String: [Int]] = [:]
    /// Names a rule may give a scene (its storyboard identifier, its scene ID), with the scene's view.
    var aliases: [String: String] = [:]
    /// Interface literals that some localisation entry gives another value (their text is the development
    /// language's, which tells a report's language).
    var translated = Set<Int>()
    /// Per scene's view, where its first scene starts.
    var sceneLocations: [String: SourceLocation] = [:]
}

extension SourceIndex {
    /// The view a scene's texts belong to: its view controller's class (simple name), else, in a storyboard,
    /// `Title (Main.storyboard)`, in a xib the xib's name.
    static func view(of scene: InterfaceScene, in document: InterfaceDocument) -> String {
        if let custom = scene.customClass { return simpleName(custom) }
        if !document.isStoryboard { return document.tableName }
        return "\(scene.title) (\(document.fileName))"
    }

    /// The property an element's text is shown through, as Swift code would set it (`text`, `title`,
    /// `placeholder`, `accessibilityLabel`), so the literal counts as shown text or an identifier.
    static func assignedProperty(_ property: String) -> String {
        switch property {
        case "text", "attributedText": return "text"
        case "placeholder", "prompt", "headerTitle", "footerTitle", "accessibilityLabel", "accessibilityHint",
            "accessibilityIdentifier":
            return property
        default: return "title"
        }
    }

    /// A document's texts as literals (a system item's title first, then its texts, element by element), and
    /// each literal's element and text.
    static func interfaceScan(_ document: InterfaceDocument) -> (scan: SwiftFileScan, places: [(Int32, Int32)]) {
        var scan = SwiftFileScan()
        var places: [(Int32, Int32)] = []
        for (n, element) in document.elements.enumerated() {
            let view = view(of: document.scenes[element.scene], in: document)
            func literal(_ text: String, property: String) -> SwiftStringLiteral {
                SwiftStringLiteral(
                    segments: [.text(text)], offset: element.offset, line: element.line, column: element.column,
                    assignedTo: assignedProperty(property), enclosingTypes: [view])
            }
            if let item = element.systemItem, let title = SystemItemTitles.english(item) {
                var made = literal(title, property: "title")
                made.resolvedFrom = SystemItemTitles.symbol(item, tabBar: element.tag == "tabBarItem")
                scan.literals.append(made)
                places.append((Int32(n), -1))
            }
            for (t, text) in element.texts.enumerated() where element.systemItem == nil || text.property != "title" {
                scan.literals.append(literal(text.value, property: text.property))
                places.append((Int32(n), Int32(t)))
            }
        }
        return (scan, places)
    }

    /// The graph edges storyboards make: a relationship or an embed segue makes the destination scene's view a
    /// child of the source's, any other segue a presentation; code loading a xib by name
    /// (`UINib(nibName: "DatabaseCell", …)`, `super.init(nibName: "AboutViewController", …)`) makes its view a
    /// child of the code's, and code instantiating a scene by its storyboard identifier a presentation.
    static func interfaceEdges(_ documents: [InterfaceDocument], outcomes: [FileOutcome], views: Set<String>) -> (
        children: [(from: String, to: String)], places: [(file: String, line: Int, member: String?)],
        presentations: [(from: String, to: String)]
    ) {
        var children: [(from: String, to: String)] = []
        var places: [(file: String, line: Int, member: String?)] = []
        var presentations: [(from: String, to: String)] = []
        var xibs: [String: String] = [:]
        var identified: [String: String] = [:]
        for document in documents {
            var scenes: [String: Int] = [:]
            for (n, scene) in document.scenes.enumerated() {
                if let id = scene.objectID { scenes[id] = n }
                if let identifier = scene.storyboardIdentifier {
                    identified[identifier] = view(of: scene, in: document)
                }
            }
            if !document.isStoryboard, let scene = document.scenes.first {
                xibs[document.tableName] = view(of: scene, in: document)
            }
            for segue in document.segues {
                guard let to = scenes[segue.destination] else { continue }
                let edge = (
                    from: view(of: document.scenes[segue.scene], in: document),
                    to: view(of: document.scenes[to], in: document)
                )
                if segue.isContainment {
                    children.append(edge)
                    places.append((document.path, segue.line, nil))
                } else if segue.kind != "unwind" {
                    presentations.append(edge)
                }
            }
        }
        guard !xibs.isEmpty || !identified.isEmpty else { return (children, places, presentations) }
        for outcome in outcomes where outcome.interface == nil {
            for literal in outcome.scan?.literals ?? [] {
                guard let label = literal.argumentLabel, label == "nibName" || label == "withIdentifier",
                    let name = literal.plainText, let owner = owner(of: literal.enclosingTypes, views: views).owner
                else { continue }
                if label == "nibName", let xib = xibs[name] {
                    children.append((owner, xib))
                    places.append((outcome.path, literal.line, literal.member))
                } else if label == "withIdentifier", literal.call == "instantiateViewController",
                    let scene = identified[name]
                {
                    presentations.append((owner, scene))
                }
            }
        }
        return (children, places, presentations)
    }

    /// The views of every scene that shows a text.
    static func interfaceViews(_ documents: [InterfaceDocument]) -> Set<String> {
        var views = Set<String>()
        for document in documents {
            for scene in Set(document.elements.map(\.scene)) {
                views.insert(view(of: document.scenes[scene], in: document))
            }
        }
        return views
    }

    /// The tables for `literals` (the flat list) made from `outcomes` (in the same order).
    static func interfaceTables(
        _ outcomes: [FileOutcome], literals: [IndexedLiteral], localizedStrings: [LocalizedString]
    ) -> InterfaceTables {
        var tables = InterfaceTables()
        var position = 0
        var keys: [String: [Int]] = [:]
        for outcome in outcomes {
            let count = outcome.scan?.literals.count ?? 0
            defer { position += count }
            guard let document = outcome.interface else { continue }
            let number = Int32(tables.documents.count)
            tables.documents.append(document)
            for (k, place) in outcome.interfacePlaces.enumerated() {
                tables.places[position + k] = InterfaceTables.Place(document: number, element: place.0, text: place.1)
                let element = document.elements[Int(place.0)]
                guard place.1 >= 0, let id = element.objectID else { continue }
                let property = element.texts[Int(place.1)].property
                keys[document.tableName + "\u{1}" + id + "." + property, default: []].append(position + k)
            }
            for scene in document.scenes {
                let view = view(of: scene, in: document)
                for alias in [scene.storyboardIdentifier, scene.sceneID].compactMap({ $0 }) where alias != view {
                    tables.aliases[alias] = view
                }
                if tables.sceneLocations[view] == nil {
                    tables.sceneLocations[view] = SourceLocation(file: document.path, line: scene.line)
                }
            }
        }
        for (i, literal) in literals.enumerated() {
            if let symbol = literal.literal.resolvedFrom, let item = SystemItemTitles.item(ofSymbol: symbol) {
                tables.systemItems[item, default: []].append(i)
            }
        }
        guard !tables.documents.isEmpty else { return tables }
        let tableNames = Set(tables.documents.map(\.tableName))
        for (n, entry) in localizedStrings.enumerated() {
            let table = InterfaceDocument.tableName(of: entry.location.file)
            guard entry.location.file.hasSuffix(".strings"), tableNames.contains(table) else { continue }
            let named = keys[table + "\u{1}" + entry.key] ?? []
            tables.entryLiterals[n] = named
            for i in named where literals[i].literal.plainText != entry.value { tables.translated.insert(i) }
        }
        return tables
    }

    /// The element an interface literal (a position in `literals`) shows a text of, with its document and
    /// scene; nil for a Swift literal.
    func interfaceElement(at literal: Int) -> (
        document: InterfaceDocument, element: InterfaceElement, text: InterfaceText?
    )? {
        guard let place = interface.places[literal] else { return nil }
        let document = interface.documents[Int(place.document)]
        let element = document.elements[Int(place.element)]
        return (document, element, place.text >= 0 ? element.texts[Int(place.text)] : nil)
    }

    /// The literals a localisation entry (a position in `localizedStrings`) stands for: a storyboard's or
    /// xib's entry names its element's text; any other, the code using its key (`literalIndices(usingKey:)`).
    func literalIndices(forEntry number: Int) -> [Int] {
        if !interface.entryLiterals.isEmpty, let found = interface.entryLiterals[number] { return found }
        return literalIndices(usingKey: localizedStrings[number].key)
    }

    /// Whether a localisation entry belongs to a storyboard or a xib (its line is never a mapping's place).
    func isInterfaceEntry(_ number: Int) -> Bool { interface.entryLiterals[number] != nil }

    /// The literals of system items whose title on a device in `language` is `text` (every listed language
    /// when nil), English titles aside (the literals hold those).
    func systemItemIndices(showing text: String, language: String?) -> [Int] {
        guard !interface.systemItems.isEmpty else { return [] }
        return SystemItemTitles.items(showing: text, language: language).flatMap { interface.systemItems[$0] ?? [] }
    }

    /// The view a rule names, as the graph names it: a scene's storyboard identifier or scene ID stands for
    /// the scene's view.
    public func interfaceView(named name: String) -> String? { interface.aliases[name] }

    /// Where the scene of a view starts (its storyboard or xib and line): the view as the graph names it, a
    /// scene's storyboard identifier or scene ID, or its title (`Licenses` for `Licenses (Settings.storyboard)`).
    public func sceneLocation(ofView view: String) -> SourceLocation? {
        if let found = interface.sceneLocations[interface.aliases[view] ?? view] { return found }
        return interface.sceneLocations.filter { $0.key.hasPrefix(view + " (") }.min { $0.key < $1.key }?.value
    }

    /// Whether `name` is a view node: a view type, a scene's view, or a view scoped to targets
    /// (`SettingsView (iOSApp)`).
    func isViewNode(_ name: String) -> Bool {
        viewTypes.contains(name) || viewTypes.contains(String(name.prefix { $0 != " " }))
    }
}

extension SourceIndex {
    /// The language a storyboard's or xib's own (Base) texts are in, when the index has some localised: the
    /// catalogs' development language, else English (Xcode's default development region).
    var interfaceDevelopmentLanguage: String? {
        interface.entryLiterals.isEmpty ? nil : developmentLanguage ?? "en"
    }

    /// The keys of the `NSLocalizedString(key, value: text, …)` calls whose `value:` is `text`: what a device
    /// shows when its table lacks the key, the development language's text.
    func keysWithFallback(_ text: String) -> [String] {
        literalIndices(exactly: text).compactMap { i in
            let value = literals[i].literal
            guard i > 0, value.call == "NSLocalizedString", value.argumentLabel == "value", value.resolvedFrom == nil
            else { return nil }
            let key = literals[i - 1]
            guard key.file == literals[i].file, key.literal.call == "NSLocalizedString", key.literal.argumentIndex == 0
            else { return nil }
            return key.literal.plainText
        }
    }

    /// Whether a storyboard or xib element shows `text` in its own (Base) language while a localisation
    /// shows it otherwise: a report showing the text is in the development language.
    func interfaceBaseShows(_ text: String) -> Bool {
        guard !interface.translated.isEmpty else { return false }
        return literalIndices(exactly: text).contains(where: interface.translated.contains)
    }
}
