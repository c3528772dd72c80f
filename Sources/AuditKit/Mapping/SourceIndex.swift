import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A string literal with the file it is in and the view it belongs to.
public struct IndexedLiteral: Sendable, Hashable {
    /// The file, as found under its `--source` folder (relative to the working directory when it is under it).
    public var file: String
    /// The literal and its context.
    public var literal: SwiftStringLiteral
    /// The innermost enclosing type that is a view (conforms to `View`, subclasses `UIView`/`UIViewController`,
    /// or extends such a type), if any.
    public var view: String?
    /// The node of the view composition graph the literal belongs to: `view`, else the innermost enclosing
    /// type (simple names).
    public var owner: String?

    /// Creates an entry.
    public init(file: String, literal: SwiftStringLiteral, view: String?, owner: String? = nil) {
        self.file = file
        self.literal = literal
        self.view = view
        self.owner = owner ?? view
    }

    /// The literal's location.
    public var location: SourceLocation { SourceLocation(file: file, line: literal.line, column: literal.column) }

    /// Whether the literal's fixed text (outside interpolations) has a letter.
    public var hasFixedLetters: Bool {
        literal.segments.contains { segment in
            if case .text(let text) = segment { return text.contains(where: \.isLetter) }
            return false
        }
    }

    /// Whether the literal is an argument that puts text on screen or into an accessibility label
    /// (`Text("…")`, `Button("…")`, `.navigationTitle("…")`, `String(localized:)`, `label.text = "…"`, ...).
    public var isTextBearing: Bool {
        if let call = literal.call {
            if SwiftLexer.textBearingCalls.contains(call) {
                if let label = literal.argumentLabel { return SwiftLexer.textBearingLabels.contains(label) }
                return true
            }
            return call == "String" && literal.argumentLabel == "localized"
        }
        if let name = literal.assignedTo { return SourceIndex.textBearingProperties.contains(name) }
        return false
    }
}

/// Every string literal, type declaration and localized string under the `--source` folders, with
/// lookups by text for the matcher.
public struct SourceIndex: Sendable {
    /// Properties whose assigned string is shown text (`label.text = "…"`).
    public static let textBearingProperties = SwiftLexer.textBearingProperties

    /// What an element is, from the call that shows a literal: `Button("Edit")` is a button,
    /// `Section("Widgets")` and `header:` labels a header, `.navigationTitle("…")` a title, `Tab`/`.tabItem`
    /// a tab; plain `Text` says nothing (nil).
    // `roleFlags(of:)` compares the calls of titles and headers itself: they change together.
    public static func role(of literal: SwiftStringLiteral) -> String? {
        if literal.argumentLabel == "header" { return "header" }
        switch literal.call {
        case "Button", "UIButton", "setTitle": return "button"
        case "Section": return "header"
        case "navigationTitle", "navigationSubtitle": return "title"
        case "Label", "LabeledContent": return "label"
        case "Tab", "tabItem": return "tab"
        case "Link", "NavigationLink", "ShareLink": return "link"
        case "TextField", "SecureField", "searchable": return "field"
        case "Toggle": return "toggle"
        case "Picker", "DatePicker", "ColorPicker": return "picker"
        case "Menu": return "menu"
        default: return nil
        }
    }

    /// The folders indexed, as given.
    public var roots: [String]
    /// Paths of the Swift files indexed, in stable (sorted) order.
    public var swiftFiles: [String]
    /// Every string literal, ordered by file then position.
    public var literals: [IndexedLiteral]
    /// Every type declaration with its file, ordered by file then position.
    public var types: [(file: String, declaration: SwiftTypeDeclaration)]
    /// Members declared in type bodies with their files.
    public var members: [(file: String, declaration: SwiftMemberDeclaration)]
    /// Entries of `.strings` and `.stringsdict` files and `.xcstrings` catalogs, ordered by file then position.
    public var localizedStrings: [LocalizedString]
    /// Simple names of the types that are views.
    public var viewTypes: Set<String>
    /// Files that could not be read or parsed, or were only partly indexed because they hit a lexer limit
    /// (each one reported; the rest is indexed).
    public var problems: [AuditError]
    /// Which types create which as children or presentations.
    public var graph: ViewGraph
    /// Names that text-bearing calls receive (`title` in `Text(title)` or `Label(tab.title, …)`), with the
    /// types whose code passes them.
    public var forwardedNames: [String: Set<String>]
    /// Names that a `Tab(…)` or a call inside `.tabItem { … }` receives.
    public var tabTitleNames: Set<String>
    /// Every key of the string catalogs and `.strings` files.
    public var catalogKeys: Set<String>
    /// The catalogs' development language (`sourceLanguage`), when they name one.
    public var developmentLanguage: String?
    /// Swift files that are test code (they import `XCTest` or `Testing`, or sit in a SwiftPM manifest's test
    /// target folder): indexed, but never a mapping candidate.
    public var testFiles: Set<String> = []
    /// Swift files that are generated code (`isGeneratedCode(path:bytes:)`): a step to the code that uses
    /// their declarations, never a mapping candidate themselves.
    public var generatedFiles: Set<String> = []
    /// The targets of the Xcode projects (`project.pbxproj`) and SwiftPM manifests found, in file order.
    public var targets: [BuildTarget] = []
    /// Per Swift file that some target compiles, the names of those targets, in `targets` order.
    public var targetsOfFile: [String: [String]] = [:]
    /// The storyboards and xibs indexed: their texts are literals of `literals`, these tables say whose.
    var interface = InterfaceTables()

    /// Per literal: bit 0 a text-bearing call shows it, bit 1 it reaches one another way, bit 2 it is a tab
    /// title, bit 3 it is in a preview, bit 4 it is a hidden control label, bit 5 it is never a candidate,
    /// bit 6 it is one of several texts a name stands for where code uses it (`Text(filter.localizedName)`),
    /// bit 7 it is a navigation title, bit 8 a section header (`role(of:)`, or its storyboard element's role),
    /// bit 9 it is in a view's code (computed once so mapping a large report neither repeats the name lookups
    /// nor copies literals: a text every view shows has thousands of candidates).
    private var literalFlags: [UInt16] = []
    /// Per literal, its graph node as a number into `ownerNames` (-1 for none).
    private(set) var ownerIDs: [Int32] = []
    /// The graph nodes literals belong to, numbered.
    private(set) var ownerNames: [String] = []
    /// Per literal, its file as a number (`fileNumber(of:)`): mapping tells files apart without comparing
    /// paths, for the thousands of candidates of a text every view shows.
    private(set) var fileIDs: [Int32] = []
    /// The files literals sit in, numbered as in `fileIDs`.
    private var fileNumbers: [String: Int32] = [:]
    /// What the Dynamic Type scanner found in the indexed Swift files, in the same lexer pass, when
    /// `build` was given a `fontScan` configuration; nil otherwise.
    public var fontScan: FontScanResult?

    private var byText: [String: [Int]] = [:]
    private var byFoldedText: [String: [Int]] = [:]
    /// Distinct interpolation and format patterns of literals, with the literals that have each.
    private var distinctPatterns: [(pattern: TextPattern, literals: [Int], isShort: Bool)] = []
    /// Pattern numbers by their rarest whole word; a text can only match patterns of its own words.
    private var patternsByAnchor: [String: [Int]] = [:]
    /// Patterns without a whole word, tried against every text.
    private var unanchoredPatterns: [Int] = []
    private var bySignature: [String: [Int]] = [:]
    private var stringsByValue: [String: [Int]] = [:]
    /// Per language, the catalog keys that have a value in it.
    private var keysByLanguage: [String: Set<String>] = [:]
    private var stringsByFoldedValue: [String: [Int]] = [:]
    private var stringPatterns: [(pattern: TextPattern, entry: Int)] = []
    /// Distinct catalog values without placeholders and with at least three letters (`TextPattern` weight),
    /// filed under their first word with that word's character offset in the value and the value's length,
    /// so a text is compared only with the values that start with one of its words.
    private var valuesByFirstWord: [String: [(value: String, offset: Int, length: Int)]] = [:]

    /// Indexes every `.swift`, `.strings`, `.stringsdict`, `.xcstrings`, `.storyboard` and `.xib` file under `roots`, skipping hidden folders,
    /// `.build`, `DerivedData`, `Pods`, `Carthage` and `node_modules`. Files are lexed in parallel on every core; the result does not
    /// depend on timing.
    /// - Parameters:
    ///   - roots: the folders to index.
    ///   - workingDirectory: paths under it are shown relative to it.
    ///   - parallel: false lexes on the calling thread only (for measurements); the result is the same.
    ///   - fontScan: when given, the Dynamic Type scanner also runs on every Swift file the configuration
    ///     does not exclude, on the same lexer pass, into `fontScan`.
    /// - Throws: `AuditError` `.missingInput` when a root does not exist or is not a folder.
    public static func build(
        roots: [String], workingDirectory: String = FileManager.default.currentDirectoryPath,
        parallel: Bool = true, fontScan: FontScanConfiguration? = nil
    ) throws(AuditError) -> SourceIndex {
        var files: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw AuditError(.missingInput, "source folder does not exist", path: root)
            }
            if !isDirectory.boolValue {
                files.append(root)
                continue
            }
            files.append(contentsOf: SourceFiles.collectFiles(under: root))
        }
        let display = files.map { SourceFiles.displayPath($0, workingDirectory: workingDirectory) }
        var seen = Set<String>()
        var unique: [(path: String, display: String)] = []
        for (path, shown) in zip(files, display) where seen.insert(shown).inserted {
            unique.append((path, shown))
        }
        unique.sort { $0.display < $1.display }
        return build(files: unique, roots: roots, parallel: parallel, fontScan: fontScan)
    }

    /// Indexes in-memory files (path and contents), for tests and tools that already hold the text.
    public static func build(sources: [(path: String, contents: String)]) -> SourceIndex {
        let outcomes = sources.map { scanFile(path: $0.path, bytes: Array($0.contents.utf8)) }
        return SourceIndex(roots: [], outcomes: outcomes)
    }

    private static func build(
        files: [(path: String, display: String)], roots: [String], parallel: Bool,
        fontScan: FontScanConfiguration? = nil
    ) -> SourceIndex {
        let count = files.count
        let buffer = UnsafeMutableBufferPointer<FileOutcome>.allocate(capacity: count)
        buffer.initialize(repeating: FileOutcome(path: ""))
        defer {
            // The outcomes hold arrays and strings: release them before the memory goes.
            _ = buffer.deinitialize()
            buffer.deallocate()
        }
        nonisolated(unsafe) let shared = buffer
        let work: @Sendable (Int) -> Void = { i in
            let file = files[i]
            guard let data = FileManager.default.contents(atPath: file.path) else {
                var outcome = FileOutcome(path: file.display)
                outcome.problem = AuditError(.missingInput, "cannot read the file", path: file.display)
                shared[i] = outcome
                return
            }
            shared[i] = scanFile(path: file.display, bytes: Array(data), fontScan: fontScan)
        }
        if parallel {
            DispatchQueue.concurrentPerform(iterations: count, execute: work)
        } else {
            for i in 0..<count { work(i) }
        }
        if let fontScan { rescanNamingOtherFiles(buffer, files: files, configuration: fontScan, parallel: parallel) }
        var index = SourceIndex(roots: roots, outcomes: Array(buffer))
        if fontScan != nil { index.fontScan = fontScanResult(Array(buffer)) }
        return index
    }

    /// Scans for fonts again, with every file's numeric constants (`SizeConstants`), the files whose sizes
    /// name a constant they do not declare (`FileOutcome.fontsNameOtherFiles`), reading each again.
    private static func rescanNamingOtherFiles(
        _ outcomes: UnsafeMutableBufferPointer<FileOutcome>, files: [(path: String, display: String)],
        configuration: FontScanConfiguration, parallel: Bool
    ) {
        let again = outcomes.indices.filter { outcomes[$0].fontsNameOtherFiles }
        guard !again.isEmpty else { return }
        let table = SizeConstants(
            files: outcomes.compactMap { outcome in
                outcome.fonts == nil ? nil : (outcome.path, outcome.scan?.numericConstants ?? [])
            })
        nonisolated(unsafe) let shared = outcomes
        let work: @Sendable (Int) -> Void = { n in
            let i = again[n]
            guard let data = FileManager.default.contents(atPath: files[i].path) else { return }
            let scanned = FontScanner.scanFile(
                Array(data), path: files[i].display, configuration: configuration, constants: table)
            shared[i].fonts = (scanned.findings, scanned.problems)
            shared[i].fontsNameOtherFiles = false
        }
        if parallel {
            DispatchQueue.concurrentPerform(iterations: again.count, execute: work)
        } else {
            for n in again.indices { work(n) }
        }
    }

    private static func fontScanResult(_ outcomes: [FileOutcome]) -> FontScanResult {
        var result = FontScanResult()
        for outcome in outcomes where outcome.path.hasSuffix(".swift") {
            guard let fonts = outcome.fonts else {
                if outcome.scan != nil { result.excludedFiles.append(outcome.path) }
                continue
            }
            result.files.append(outcome.path)
            result.findings.append(contentsOf: fonts.findings)
            result.problems.append(contentsOf: fonts.problems)
        }
        return result
    }

    /// What indexing one file found, before the files are put together.
    struct FileOutcome: Sendable {
        var path: String
        var scan: SwiftFileScan?
        var keys: [LiteralKey] = []
        var strings: [LocalizedString] = []
        var problem: AuditError?
        var fonts: (findings: [FontFinding], problems: [AuditError])?
        /// Whether a size in the file names a constant it does not declare (scanned again once every file's
        /// constants are known).
        var fontsNameOtherFiles = false
        /// Whether the file is test code (it imports `XCTest` or `Testing`).
        var isTestCode = false
        /// Whether the file is generated code (`isGeneratedCode(path:bytes:)`).
        var isGenerated = false
        /// For a `Package.swift` or a `project.pbxproj`: the targets it declares.
        var targets: [BuildTarget] = []
        /// For a storyboard or a xib: the document; `scan` then holds its texts as literals.
        var interface: InterfaceDocument?
        /// For a storyboard or a xib: per literal of `scan`, its element and text (`interfaceScan`).
        var interfacePlaces: [(Int32, Int32)] = []
    }

    /// How one literal is looked up, computed while lexing (in parallel).
    enum LiteralKey: Sendable {
        case none
        case plain(text: String, folded: String)
        /// `usable`: the fixed text has something other than white space; `short`: fewer than 3 letters,
        /// so the pattern is only worth trying inside a screen's subtree.
        case pattern(TextPattern, signature: String?, usable: Bool, short: Bool)
    }

    private static func scanFile(path: String, bytes: [UInt8], fontScan: FontScanConfiguration? = nil) -> FileOutcome {
        var outcome = FileOutcome(path: path)
        if path.hasSuffix(".swift") {
            let scansFonts = fontScan.map { !$0.isExcluded(path) } ?? false
            var scan = SwiftLexer.scan(bytes, recordingTokens: scansFonts)
            if let fontScan, scansFonts {
                let scanned = FontScanner.scanLexed(
                    scan, bytes: bytes, path: path, configuration: fontScan, constants: nil)
                outcome.fonts = (scanned.findings, scanned.problems)
                outcome.fontsNameOtherFiles = scanned.namesOtherFiles
                scan.tokens = []
                scan.lineComments = []
                scan.newlineOffsets = []
            }
            outcome.keys = scan.literals.map(lookupKey(for:))
            outcome.scan = scan
            outcome.isTestCode = importsTestFramework(bytes)
            outcome.isGenerated = isGeneratedCode(path: path, bytes: bytes)
            if path == "Package.swift" || path.hasSuffix("/Package.swift") {
                outcome.targets = XcodeProjectReader.manifestTargets(scan, path: path)
            }
            if let limit = scan.nestingLimit {
                outcome.problem = AuditError(
                    .limitExceeded,
                    "string interpolations nest more than \(SwiftLexer.maxInterpolationDepth) deep; the rest of the file is not indexed",
                    location: InputLocation(
                        path: path, byteOffset: limit.offset, line: limit.line, column: limit.column))
            } else if let limit = scan.typeNestingLimit {
                outcome.problem = AuditError(
                    .limitExceeded,
                    "type declarations nest more than \(SwiftLexer.maxTypeDepth) deep; deeper ones are not indexed as types",
                    location: InputLocation(
                        path: path, byteOffset: limit.offset, line: limit.line, column: limit.column))
            }
        } else if InterfaceDocument.isInterfaceFile(path) {
            do {
                let document = try InterfaceDocumentReader.read(bytes, path: path)
                let (scan, places) = interfaceScan(document)
                outcome.interface = document
                outcome.interfacePlaces = places
                outcome.keys = scan.literals.map(lookupKey(for:))
                outcome.scan = scan
            } catch {
                outcome.problem = AuditError(
                    error.code, error.message + "; its texts are not indexed", location: error.location)
            }
        } else if path.hasSuffix(".xcodeproj/project.pbxproj") {
            do { outcome.targets = try XcodeProjectReader.targets(bytes, path: path) } catch {
                outcome.problem = AuditError(
                    error.code, error.message + "; its targets are not used, mapping goes on without them",
                    location: error.location)
            }
        } else if path.hasSuffix(".xcstrings") {
            do { outcome.strings = try StringCatalogReader.readCatalog(bytes, path: path) } catch {
                outcome.problem = error
            }
        } else if path.hasSuffix(".stringsdict") {
            do { outcome.strings = try StringCatalogReader.readStringsDict(bytes, path: path) } catch {
                outcome.problem = error
            }
        } else if path.hasSuffix(".strings") {
            do { outcome.strings = try StringCatalogReader.readStrings(bytes, path: path) } catch {
                outcome.problem = error
            }
        }
        return outcome
    }

    /// How `literal` is looked up: by its plain text, or as a pattern when it has interpolations or format
    /// specifiers.
    static func lookupKey(for literal: SwiftStringLiteral) -> LiteralKey {
        if let text = literal.plainText {
            guard text.utf8.contains(UInt8(ascii: "%")) else {
                return text.isEmpty ? .none : .plain(text: text, folded: fold(text))
            }
            let pattern = TextPattern(format: text)
            if pattern.hasHoles {
                return .pattern(
                    pattern, signature: nil, usable: isUsable(pattern), short: pattern.fixedLetterCount < 3)
            }
            return text.isEmpty ? .none : .plain(text: text, folded: fold(text))
        }
        let pattern = TextPattern(segments: literal.segments)
        return .pattern(
            pattern, signature: pattern.signature, usable: isUsable(pattern), short: pattern.fixedLetterCount < 3)
    }

    /// Whether a pattern's fixed text has anything but white space (`"\(a) \(b)"` matches nearly anything).
    private static func isUsable(_ pattern: TextPattern) -> Bool {
        pattern.pieces.contains { piece in
            guard case .text(let t) = piece else { return false }
            return t.unicodeScalars.contains { !$0.properties.isWhitespace }
        }
    }

    /// Whole words (letters and digits) of `text`, in order.
    static func words(_ text: String) -> [Substring] {
        // ASCII text (nearly every pattern) is cut on its bytes: splitting it character by character cost more
        // than the rest of filing the patterns.
        var result: [Substring] = []
        let utf8 = text.utf8
        var start: String.Index?
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            if byte >= 0x80 { return text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) }
            if (byte >= 48 && byte <= 57) || (byte | 32 >= 97 && byte | 32 <= 122) {
                if start == nil { start = i }
            } else if let first = start {
                result.append(text[first..<i])
                start = nil
            }
            i = utf8.index(after: i)
        }
        if let first = start { result.append(text[first...]) }
        return result
    }

    /// Words of a pattern's fixed text that the matched text must contain as whole words: those not touching
    /// a hole (a hole may extend a word).
    static func wholeWords(of pattern: TextPattern) -> [Substring] {
        var result: [Substring] = []
        let pieces = pattern.pieces
        for (i, piece) in pieces.enumerated() {
            guard case .text(let t) = piece else { continue }
            var words = words(t)
            guard !words.isEmpty else { continue }
            let holeBefore = i > 0
            let holeAfter = i < pieces.count - 1
            if holeBefore, let first = t.first, first.isLetter || first.isNumber { words.removeFirst() }
            if holeAfter, !words.isEmpty, let last = t.last, last.isLetter || last.isNumber { words.removeLast() }
            result += words
        }
        return result
    }

    /// The simple name of a possibly qualified type name.
    static func simpleName(_ name: String) -> String {
        name.utf8.contains(UInt8(ascii: ".")) ? String(name.split(separator: ".").last ?? Substring(name)) : name
    }

    /// The graph node of code inside `enclosingTypes`: the innermost view, else the innermost type.
    static func owner(of enclosingTypes: [String], views: Set<String>) -> (view: String?, owner: String?) {
        let view = enclosingTypes.last(where: { views.contains(simpleName($0)) }).map(simpleName)
        return (view, view ?? enclosingTypes.last.map(simpleName))
    }

    private init(roots: [String], outcomes unresolved: [FileOutcome]) {
        let keys = Set(unresolved.lazy.flatMap(\.strings).map(\.key))
        let (outcomes, steps) = SourceIndex.resolvingSymbolReferences(unresolved, catalogKeys: keys)
        self.roots = roots
        swiftFiles = []
        literals = []
        types = []
        members = []
        localizedStrings = []
        problems = []
        viewTypes = []
        forwardedNames = [:]
        tabTitleNames = []
        catalogKeys = keys
        graph = ViewGraph(childEdges: [], presentationEdges: [])
        gatherFiles(outcomes)
        let documents = outcomes.compactMap(\.interface)
        viewTypes = SourceIndex.resolveViewTypes(types.map(\.declaration)).union(SourceIndex.interfaceViews(documents))
        let scopes = GraphScopes(types: types, targets: targets, targetsOfFile: targetsOfFile)
        buildGraph(outcomes, documents: documents, scopes: scopes)
        gatherForwardedNames(outcomes)
        indexLiterals(outcomes, documents: documents, scopes: scopes, steps: steps)
        indexLocalizedStrings()
    }

    /// Files, targets, declarations, catalog entries and problems of `outcomes`, in file order.
    private mutating func gatherFiles(_ outcomes: [FileOutcome]) {
        targets = outcomes.flatMap(\.targets)
        // Test code is never a candidate: files that import a test framework, and what test targets compile.
        for outcome in outcomes where outcome.scan != nil {
            let compiling = targets.filter { $0.compiles(outcome.path) }
            if outcome.isTestCode || compiling.contains(where: \.isTest) { testFiles.insert(outcome.path) }
            if outcome.isGenerated { generatedFiles.insert(outcome.path) }
            if !compiling.isEmpty { targetsOfFile[outcome.path] = compiling.map(\.name) }
        }
        for outcome in outcomes {
            if let problem = outcome.problem { problems.append(problem) }
            localizedStrings.append(contentsOf: outcome.strings)
            guard let scan = outcome.scan else { continue }
            if outcome.interface == nil { swiftFiles.append(outcome.path) }
            for type in scan.types { types.append((outcome.path, type)) }
            for member in scan.members { members.append((outcome.path, member)) }
        }
        var developmentLanguages: [String: Int] = [:]
        for entry in localizedStrings {
            if let language = entry.developmentLanguage { developmentLanguages[language, default: 0] += 1 }
        }
        developmentLanguage = developmentLanguages.mostCommon()?.name
    }

    /// The composition graph: creations of declared types, from the innermost view (else type) around them,
    /// the storyboards' segues, and the order each body shows its members in.
    private mutating func buildGraph(_ outcomes: [FileOutcome], documents: [InterfaceDocument], scopes: GraphScopes) {
        let declared = Set(types.lazy.filter { !$0.declaration.isExtension }.map { String($0.declaration.simpleName) })
        var childEdges: [(from: String, to: String)] = []
        var childPlaces: [(file: String, line: Int, member: String?)] = []
        var presentationEdges: [(from: String, to: String)] = []
        for outcome in outcomes {
            guard let scan = outcome.scan else { continue }
            let label = scopes.label(of: outcome.path)
            var lastChain: [String] = []
            var lastOwner: String?
            for reference in scan.typeReferences where declared.contains(reference.name) {
                if reference.enclosingTypes != lastChain || lastOwner == nil {
                    lastChain = reference.enclosingTypes
                    lastOwner = SourceIndex.owner(of: lastChain, views: viewTypes).owner.map {
                        scopes.node($0, label: label)
                    }
                }
                guard let owner = lastOwner else { continue }
                for node in scopes.nodes(named: reference.name, from: outcome.path) {
                    if reference.isPresentation {
                        presentationEdges.append((owner, node))
                    } else {
                        childEdges.append((owner, node))
                        childPlaces.append((outcome.path, reference.line, reference.member))
                    }
                }
            }
        }
        let segues = SourceIndex.interfaceEdges(documents, outcomes: outcomes, views: viewTypes)
        graph = ViewGraph(
            childEdges: childEdges + segues.children, presentationEdges: presentationEdges + segues.presentations,
            childPlaces: childPlaces + segues.places,
            memberPaths: SourceIndex.memberPaths(outcomes, scopes: scopes, views: viewTypes))
    }

    /// `forwardedNames` and `tabTitleNames` of `outcomes`.
    private mutating func gatherForwardedNames(_ outcomes: [FileOutcome]) {
        var tabMembers = Set<String>()
        for outcome in outcomes {
            for forwarded in outcome.scan?.forwardedNames ?? [] {
                // `.tabItem { tab.label }` names a member that shows the title; it is no title itself.
                if forwarded.call == "tabItem" {
                    tabMembers.insert(forwarded.name)
                    continue
                }
                let owner = forwarded.enclosingTypes.last.map(SourceIndex.simpleName) ?? ""
                forwardedNames[forwarded.name, default: []].insert(owner)
                if forwarded.call == "Tab" || forwarded.closureCall == "tabItem" {
                    tabTitleNames.insert(forwarded.name)
                }
            }
        }
        // One hop: `.tabItem { tab.label }` where `var label: some View { Label(title, …) }` makes `title` a
        // tab's title too.
        for outcome in outcomes {
            for forwarded in outcome.scan?.forwardedNames ?? []
            where forwarded.call != "tabItem" && forwarded.member.map(tabMembers.contains) == true {
                tabTitleNames.insert(forwarded.name)
            }
        }
    }

    /// `literals` with their views, their facts (`literalFlags`, owners, files) and the lookup tables;
    /// `steps` are the declarations whose uses the symbol index put in their place.
    private mutating func indexLiterals(
        _ outcomes: [FileOutcome], documents: [InterfaceDocument], scopes: GraphScopes, steps: [String: Set<Int>]
    ) {
        // Two independent passes over the same literals, one per core: the flat literal list with views,
        // and the lookup tables (indices agree because both walk the files in the same order).
        nonisolated(unsafe) var flat: [IndexedLiteral] = []
        nonisolated(unsafe) var facts = LiteralFacts()
        nonisolated(unsafe) var tables = LookupTables()
        let views = viewTypes
        let total = outcomes.reduce(0) { $0 + ($1.scan?.literals.count ?? 0) }
        let names = NameTables(forwarded: forwardedNames, tabTitles: tabTitleNames, catalogKeys: catalogKeys)
        let excluded = testFiles.union(generatedFiles)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                flat = SourceIndex.flatten(outcomes, count: total, views: views, scopes: scopes)
                facts = SourceIndex.literalFacts(flat, names: names, excludedFiles: excluded, steps: steps)
            } else {
                tables = SourceIndex.lookupTables(outcomes, count: total)
            }
        }
        literals = flat
        literalFlags = facts.flags
        if !documents.isEmpty || literals.contains(where: { $0.literal.resolvedFrom != nil }) {
            interface = SourceIndex.interfaceTables(outcomes, literals: flat, localizedStrings: localizedStrings)
            for (i, place) in interface.places
            where interface.documents[Int(place.document)].elements[Int(place.element)].tag == "tabBarItem" {
                literalFlags[i] |= 4
            }
            // A storyboard element's own role decides whether its text is a title or a header.
            for (i, place) in interface.places {
                let element = interface.documents[Int(place.document)].elements[Int(place.element)]
                let role = element.role ?? SourceIndex.role(of: literals[i].literal)
                literalFlags[i] = literalFlags[i] & ~(128 | 256) | SourceIndex.roleFlags(role)
            }
        }
        ownerIDs = facts.owners
        ownerNames = facts.ownerNames.names
        fileIDs = facts.files
        fileNumbers = facts.fileNames.numbers
        byText = tables.byText
        byFoldedText = tables.byFoldedText
        bySignature = tables.bySignature
        indexPatterns(tables.patterns)
    }

    /// The lookup tables of `localizedStrings`.
    private mutating func indexLocalizedStrings() {
        for (i, entry) in localizedStrings.enumerated() {
            if let language = entry.language { keysByLanguage[language, default: []].insert(entry.key) }
            let pattern = TextPattern(format: entry.value)
            if pattern.hasHoles {
                if pattern.fixedLetterCount >= 3 { stringPatterns.append((pattern, i)) }
            } else {
                if stringsByValue[entry.value] == nil, pattern.fixedLetterCount >= 3,
                    let first = SourceIndex.wordStarts(Array(entry.value)).first
                {
                    valuesByFirstWord[first.word, default: []].append((entry.value, first.start, entry.value.count))
                }
                stringsByValue[entry.value, default: []].append(i)
                stringsByFoldedValue[SourceIndex.fold(entry.value), default: []].append(i)
            }
        }
    }

    /// `ViewGraph.memberPaths` of the members each type declares and the members its bodies use, by graph node.
    private static func memberPaths(_ outcomes: [FileOutcome], scopes: GraphScopes, views: Set<String>)
        -> [String: [String: [Int]]]
    {
        // The nodes numbered as met, with the members each declares and what its bodies use; a run of one
        // type's members or uses (a body's statements) looks its node up once.
        var nodes = RunNumbering()
        var declared: [Set<String>] = []
        var uses: [[(member: String, name: String, line: Int)]] = []
        func slot(_ node: String) -> Int {
            let n = Int(nodes.number(node))
            if n == declared.count {
                declared.append([])
                uses.append([])
            }
            return n
        }
        for outcome in outcomes {
            guard let scan = outcome.scan else { continue }
            let label = scopes.label(of: outcome.path)
            var lastType: Substring?
            var lastSlot = 0
            for member in scan.members {
                guard let (type, name) = ownerAndMember(member.qualifiedName) else { continue }
                if type != lastType {
                    lastType = type
                    lastSlot = slot(scopes.node(String(type), label: label))
                }
                declared[lastSlot].insert(String(name))
            }
            var lastChain: [String] = []
            var lastOwner: Int?
            for use in scan.memberUses {
                if use.enclosingTypes != lastChain || lastOwner == nil {
                    lastChain = use.enclosingTypes
                    lastOwner = owner(of: lastChain, views: views).owner.map { slot(scopes.node($0, label: label)) }
                }
                guard let owner = lastOwner else { continue }
                uses[owner].append((use.member, use.name, use.line))
            }
        }
        var result: [String: [String: [Int]]] = [:]
        for (n, node) in nodes.names.enumerated() {
            if let paths = ViewGraph.memberPaths(uses: uses[n], members: declared[n]) { result[node] = paths }
        }
        return result
    }

    /// The type and the member of a member's qualified name (`Row` and `title` of `HomeView.Row.title`); nil
    /// without a type.
    static func ownerAndMember(_ qualifiedName: String) -> (type: Substring, member: Substring)? {
        // ASCII names are cut at their last two dots without splitting the whole name into characters.
        let dots =
            qualifiedName.utf8.withContiguousStorageIfAvailable { bytes -> (before: Int, last: Int)? in
                guard !bytes.contains(where: { $0 >= 0x80 }), let last = bytes.lastIndex(of: UInt8(ascii: ".")),
                    last > 0, last < bytes.count - 1
                else { return nil }
                let before = bytes[..<last].lastIndex(of: UInt8(ascii: ".")) ?? -1
                return last - before > 1 ? (before, last) : nil
            } ?? nil
        if let dots {
            let utf8 = qualifiedName.utf8
            let typeStart = utf8.index(utf8.startIndex, offsetBy: dots.before + 1)
            let dot = utf8.index(utf8.startIndex, offsetBy: dots.last)
            return (qualifiedName[typeStart..<dot], qualifiedName[utf8.index(after: dot)...])
        }
        let parts = qualifiedName.split(separator: ".")
        return parts.count >= 2 ? (parts[parts.count - 2], parts[parts.count - 1]) : nil
    }

    /// How the composition graph names types when the tree has several targets: a simple name that
    /// non-test targets declare apart (`SettingsView` of an iPhone and of a Mac app) becomes one node per
    /// set of targets, `SettingsView (iOSApp)`; every other name stays simple.
    struct GraphScopes: Sendable {
        /// Per Swift file some non-test target compiles, those targets' names joined with ", ".
        private var labels: [String: String] = [:]
        /// Per file, its non-test targets.
        private var targetsOfFile: [String: Set<String>] = [:]
        /// Per name declared apart, the labels of the files that declare it ("" for a file no target claims).
        private var declaredLabels: [String: [String]] = [:]

        /// Scopes for `types` (with their files) under `targets`.
        init(
            types: [(file: String, declaration: SwiftTypeDeclaration)], targets: [BuildTarget],
            targetsOfFile: [String: [String]]
        ) {
            let tests = Set(targets.filter(\.isTest).map(\.name))
            guard targets.count - tests.count >= 2 else { return }
            for (file, names) in targetsOfFile {
                let own = names.filter { !tests.contains($0) }
                if !own.isEmpty {
                    labels[file] = own.joined(separator: ", ")
                    self.targetsOfFile[file] = Set(own)
                }
            }
            var found: [String: Set<String>] = [:]
            for (file, declaration) in types where !declaration.isExtension {
                found[String(declaration.simpleName), default: []].insert(labels[file] ?? "")
            }
            for (name, set) in found where set.count > 1 { declaredLabels[name] = set.sorted() }
        }

        /// The label of `file`'s targets ("" for none).
        func label(of file: String) -> String { labels[file] ?? "" }

        /// The node of the type `name` as code labelled `label` sees it.
        func node(_ name: String, label: String) -> String {
            declaredLabels[name] == nil || label.isEmpty ? name : "\(name) (\(label))"
        }

        /// The nodes a reference to `name` in `file` may mean: the declarations in files sharing one of its
        /// targets, else every declaration of the name.
        func nodes(named name: String, from file: String) -> [String] {
            guard let labelled = declaredLabels[name] else { return [name] }
            let mine = targetsOfFile[file] ?? []
            let sharing = labelled.filter { label in
                !label.isEmpty && !mine.isDisjoint(with: label.components(separatedBy: ", "))
            }
            return (sharing.isEmpty ? labelled : sharing).map { node(name, label: $0) }
        }
    }

    private struct NameTables: Sendable {
        var forwarded: [String: Set<String>]
        var tabTitles: Set<String>
        var catalogKeys: Set<String>
    }

    private struct LiteralFacts {
        var flags: [UInt16] = []
        var owners: [Int32] = []
        var ownerNames = RunNumbering()
        var files: [Int32] = []
        var fileNames = RunNumbering()
    }

    /// Numbers names in the order they first appear; a run of one name (a file's literals, a view's) costs
    /// no lookup. No name is -1.
    struct RunNumbering {
        /// The names, by number.
        private(set) var names: [String] = []
        /// Each name's number.
        private(set) var numbers: [String: Int32] = [:]
        private var last: String?
        private var lastNumber: Int32 = -1

        /// The number of `name`, numbering it when it is new.
        mutating func number(_ name: String?) -> Int32 {
            guard name != last else { return lastNumber }
            last = name
            guard let name else {
                lastNumber = -1
                return -1
            }
            if let known = numbers[name] {
                lastNumber = known
            } else {
                lastNumber = Int32(names.count)
                numbers[name] = lastNumber
                names.append(name)
            }
            return lastNumber
        }
    }

    /// The facts of `literals`; those in `excludedFiles` (test and generated code) and the `steps` (offsets
    /// per file of declarations whose uses stand for them) are never candidates.
    private static func literalFacts(
        _ literals: [IndexedLiteral], names: NameTables, excludedFiles: Set<String>, steps: [String: Set<Int>]
    ) -> LiteralFacts {
        var facts = LiteralFacts()
        facts.flags.reserveCapacity(literals.count)
        facts.owners.reserveCapacity(literals.count)
        facts.files.reserveCapacity(literals.count)
        // Each literal read in place: copies of 220,000 literals (their strings retained and released) cost as
        // much as the facts.
        literals.withUnsafeBufferPointer { literals in
            /// Whether `literals[j]` is a text a name was resolved to at the same place as `literals[i]`.
            func sharesPlace(_ j: Int, with i: Int) -> Bool {
                j >= 0 && j < literals.count && literals[j].literal.resolvedFrom != nil
                    && literals[j].literal.offset == literals[i].literal.offset && literals[j].file == literals[i].file
            }
            for i in literals.indices {
                var flag = ownFlags(literals[i], names: names)
                if !excludedFiles.isEmpty, excludedFiles.contains(literals[i].file) { flag |= 32 }
                if !steps.isEmpty, steps[literals[i].file]?.contains(literals[i].literal.offset) == true { flag |= 32 }
                if literals[i].literal.resolvedFrom != nil, sharesPlace(i - 1, with: i) || sharesPlace(i + 1, with: i) {
                    flag |= 64
                }
                facts.flags.append(flag)
                facts.owners.append(facts.ownerNames.number(literals[i].owner))
                facts.files.append(facts.fileNames.number(literals[i].file))
            }
        }
        return facts
    }

    /// The flags of `entry` that it says itself (not its file or its neighbours).
    private static func ownFlags(_ entry: IndexedLiteral, names: NameTables) -> UInt16 {
        var flag: UInt16
        switch textRole(of: entry, names: names) {
        case .call: flag = 1
        case .forwarded: flag = 2
        case .none: flag = 0
        }
        if isTabTitle(entry, names: names) { flag |= 4 }
        if entry.literal.inPreview { flag |= 8 }
        if entry.literal.isHiddenLabel { flag |= 16 }
        flag |= roleFlags(of: entry.literal)
        if entry.view != nil { flag |= 512 }
        return flag
    }

    private struct LookupTables {
        var byText: [String: [Int]] = [:]
        var byFoldedText: [String: [Int]] = [:]
        var patterns: [(pattern: TextPattern, literal: Int, short: Bool)] = []
        var bySignature: [String: [Int]] = [:]
    }

    /// Groups equal patterns and files each under its rarest whole word, so a text is only compared with
    /// patterns that share a word with it (identical patterns, common in generated code, are compared once).
    private mutating func indexPatterns(_ entries: [(pattern: TextPattern, literal: Int, short: Bool)]) {
        var numbers: [TextPattern: Int] = [:]
        for entry in entries {
            if let n = numbers[entry.pattern] {
                distinctPatterns[n].literals.append(entry.literal)
            } else {
                numbers[entry.pattern] = distinctPatterns.count
                distinctPatterns.append((entry.pattern, [entry.literal], entry.short))
            }
        }
        let wordsOfPatterns = distinctPatterns.map { Set(SourceIndex.wholeWords(of: $0.pattern).map(String.init)) }
        var frequency: [String: Int] = [:]
        for words in wordsOfPatterns { for word in words { frequency[word, default: 0] += 1 } }
        for (n, words) in wordsOfPatterns.enumerated() {
            if let anchor = words.min(by: { (frequency[$0]!, $0) < (frequency[$1]!, $1) }) {
                patternsByAnchor[anchor, default: []].append(n)
            } else {
                unanchoredPatterns.append(n)
            }
        }
    }

    private static func flatten(_ outcomes: [FileOutcome], count: Int, views: Set<String>, scopes: GraphScopes)
        -> [IndexedLiteral]
    {
        var result: [IndexedLiteral] = []
        result.reserveCapacity(count)
        var lastChain: [String] = []
        var last: (view: String?, owner: String?) = (nil, nil)
        for outcome in outcomes {
            guard let scan = outcome.scan else { continue }
            let label = scopes.label(of: outcome.path)
            lastChain = []
            last = (nil, nil)
            for literal in scan.literals {
                if outcome.interface != nil {
                    // A scene's view is named in full (`Unlock (Main.storyboard)`), never split at its dots.
                    last = (literal.enclosingTypes.last, literal.enclosingTypes.last)
                } else if literal.enclosingTypes != lastChain || last.owner == nil {
                    lastChain = literal.enclosingTypes
                    last = owner(of: lastChain, views: views)
                    last.owner = last.owner.map { scopes.node($0, label: label) }
                }
                result.append(IndexedLiteral(file: outcome.path, literal: literal, view: last.view, owner: last.owner))
            }
        }
        return result
    }

    private static func lookupTables(_ outcomes: [FileOutcome], count: Int) -> LookupTables {
        var tables = LookupTables()
        tables.byText.reserveCapacity(count)
        tables.byFoldedText.reserveCapacity(count)
        var i = 0
        for outcome in outcomes {
            for key in outcome.keys {
                switch key {
                case .none:
                    break
                case .plain(let text, let folded):
                    tables.byText[text, default: []].append(i)
                    tables.byFoldedText[folded, default: []].append(i)
                case .pattern(let pattern, let signature, let usable, let short):
                    if usable { tables.patterns.append((pattern, i, short)) }
                    if let signature { tables.bySignature[signature, default: []].append(i) }
                }
                i += 1
            }
        }
        return tables
    }

    /// Which declared types are views: those inheriting `View`, `UIView`, `UIViewController` (and a few
    /// relatives), then, repeatedly, types inheriting from a type already known to be a view.
    static func resolveViewTypes(_ declarations: [SwiftTypeDeclaration]) -> Set<String> {
        var views: Set<String> = [
            "View", "UIView", "UIViewController", "NSView", "NSViewController",
            "UITableViewController", "UICollectionViewController", "UITableViewCell",
            "UICollectionViewCell", "UIHostingController", "UINavigationController",
            "UITabBarController", "ViewModifier", "UIControl", "UILabel", "UIButton",
            "UIStackView", "UIScrollView", "UITableView", "UICollectionView",
        ]
        let builtIn = views
        let names = declarations.map { String($0.simpleName) }
        var changed = true
        while changed {
            changed = false
            for (declaration, name) in zip(declarations, names) {
                if !views.contains(name), declaration.inheritedTypes.contains(where: views.contains) {
                    views.insert(name)
                    changed = true
                }
            }
        }
        let declared = Set(names)
        return views.filter { !builtIn.contains($0) || declared.contains($0) }
    }

    /// Text folded for loose comparison: lowercased, whitespace runs collapsed to one space, trimmed,
    /// typographic quotes and apostrophes made plain.
    public static func fold(_ text: String) -> String {
        if let ascii = foldASCII(text) { return ascii }
        var out = ""
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            switch scalar {
            case "\u{2018}", "\u{2019}": out.append("'")
            case "\u{201C}", "\u{201D}": out.append("\"")
            case "\u{2026}": out.append("...")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `fold` for ASCII text, on bytes; nil when the text has other characters.
    private static func foldASCII(_ text: String) -> String? {
        // Already folded (lowercase ASCII, single inner spaces): share the string instead of copying it.
        var clean = true
        var previous: UInt8 = 32
        for byte in text.utf8 {
            if byte >= 0x80 { return nil }
            if (byte >= 65 && byte <= 90) || (byte >= 9 && byte <= 13) || (byte == 32 && previous == 32) {
                clean = false
                break
            }
            previous = byte
        }
        if clean && previous != 32 { return text }
        // Written straight into the string's storage (no array of bytes first).
        var ascii = true
        let folded = String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            var count = 0
            var pendingSpace = false
            for byte in text.utf8 {
                if byte >= 0x80 {
                    ascii = false
                    return 0
                }
                if byte == 32 || (byte >= 9 && byte <= 13) {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    buffer[count] = 32
                    count += 1
                    pendingSpace = false
                }
                buffer[count] = byte >= 65 && byte <= 90 ? byte + 32 : byte
                count += 1
            }
            return count
        }
        return ascii ? folded : nil
    }

    /// Literals whose value is exactly `text`.
    public func literals(exactly text: String) -> [IndexedLiteral] { (byText[text] ?? []).map { literals[$0] } }

    /// Positions in `literals` of the literals whose value is exactly `text`.
    func literalIndices(exactly text: String) -> [Int] { byText[text] ?? [] }

    /// Positions in `literals` of the literals whose folded value equals `text` folded.
    func literalIndices(folded text: String) -> [Int] { byFoldedText[SourceIndex.fold(text)] ?? [] }

    /// Positions in `literals` of the literals that use the localization key `key` (see `literals(usingKey:)`).
    func literalIndices(usingKey key: String) -> [Int] {
        var found = byText[key] ?? []
        let pattern = TextPattern(format: key)
        if pattern.hasHoles, let matches = bySignature[pattern.signature] { found += matches }
        return found
    }

    /// Literals whose folded value equals `text` folded (case, whitespace and quote style ignored).
    public func literals(folded text: String) -> [IndexedLiteral] {
        (byFoldedText[SourceIndex.fold(text)] ?? []).map { literals[$0] }
    }

    /// Literals with interpolations or format specifiers whose pattern matches `text` and has at least three
    /// fixed letters.
    public func literals(matchingPattern text: String) -> [IndexedLiteral] {
        patternMatches(text).filter { !$0.isShort }.map(\.literal)
    }

    /// Literals whose pattern matches `text`, each with whether the pattern is short (fewer than three fixed
    /// letters, like `"\(a) of \(b)"`: noise unless the literal sits where the screen is).
    public func patternMatches(_ text: String) -> [(literal: IndexedLiteral, isShort: Bool)] {
        patternMatchIndices(text).map { (literals[$0.literal], $0.isShort) }
    }

    /// `patternMatches(_:)` as positions in `literals`, in order, each with its pattern's
    /// `fixedCharacterCount`.
    func patternMatchIndices(_ text: String) -> [(literal: Int, isShort: Bool, fixed: Int)] {
        var tried = Set<Int>()
        var result: [(literal: Int, isShort: Bool, fixed: Int)] = []
        func attempt(_ n: Int) {
            guard tried.insert(n).inserted else { return }
            let entry = distinctPatterns[n]
            guard entry.pattern.matches(text) else { return }
            let fixed = entry.pattern.fixedCharacterCount
            for literal in entry.literals { result.append((literal, entry.isShort, fixed)) }
        }
        for word in Set(SourceIndex.words(text)) {
            for n in patternsByAnchor[String(word)] ?? [] { attempt(n) }
        }
        for n in unanchoredPatterns { attempt(n) }
        result.sort { $0.literal < $1.literal }
        return result
    }

    /// How a literal puts its text on screen, if it does.
    public enum TextRole: Sendable, Hashable {
        /// An argument of a text-bearing SwiftUI/UIKit call or property (`Text("…")`, `label.text = "…"`).
        case call
        /// Handed to such a call another way: a custom initialiser's argument whose name the type passes to a
        /// text-bearing call, a constant or computed property (or its `return`) whose name a text-bearing
        /// call receives, or a catalog key.
        case forwarded
        /// Neither.
        case none
    }

    /// How `entry` puts its text on screen.
    public func textRole(of entry: IndexedLiteral) -> TextRole {
        SourceIndex.textRole(
            of: entry, names: NameTables(forwarded: forwardedNames, tabTitles: tabTitleNames, catalogKeys: catalogKeys))
    }

    /// Whether `entry` is a tab's title: in `Tab(…)`, inside `.tabItem { … }`, or a text of the declaration a
    /// name such a call receives stands for (`Tab(tab.title, …)` makes every text of a `var title` one,
    /// `case .trips: String(localized: "Trips")` too, as the symbol index reads a declaration's texts).
    public func isTabTitle(_ entry: IndexedLiteral) -> Bool {
        SourceIndex.isTabTitle(
            entry, names: NameTables(forwarded: forwardedNames, tabTitles: tabTitleNames, catalogKeys: catalogKeys))
    }

    /// `textRole(of:)` of `literals[i]`, precomputed.
    func textRole(at i: Int) -> TextRole {
        let flag = literalFlags[i]
        return flag & 1 != 0 ? .call : flag & 2 != 0 ? .forwarded : .none
    }

    /// `isTabTitle(_:)` of `literals[i]`, precomputed.
    func isTabTitle(at i: Int) -> Bool { literalFlags[i] & 4 != 0 }

    /// Whether `literals[i]` is in a preview.
    func isInPreview(at i: Int) -> Bool { literalFlags[i] & 8 != 0 }

    /// Whether `literals[i]` is never a candidate: it is in test or generated code, or in a declaration
    /// whose uses the index put in its place.
    func isNeverCandidate(at i: Int) -> Bool { literalFlags[i] & 32 != 0 }

    /// Whether `literals[i]` is one of several texts a name stands for where code uses it: that place shows
    /// one of them, not this one for sure.
    func isOneOfSeveral(at i: Int) -> Bool { literalFlags[i] & 64 != 0 }

    /// Whether Swift source imports `XCTest` or `Testing` (a line starting `import XCTest`, `@testable
    /// import` lines aside).
    static func importsTestFramework(_ bytes: [UInt8]) -> Bool {
        let names: [[UInt8]] = [Array("import XCTest".utf8), Array("import Testing".utf8)]
        var lineStart = 0
        while lineStart < bytes.count {
            var i = lineStart
            while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
            // Most lines do not start with `i`: one byte rules both names out.
            for name in names
            where i < bytes.count && bytes[i] == name[0] && i + name.count <= bytes.count
                && bytes[i..<(i + name.count)].elementsEqual(name)
            {
                let after = i + name.count < bytes.count ? bytes[i + name.count] : 10
                if !(after == 95 || (after | 32 >= 97 && after | 32 <= 122) || (after >= 48 && after <= 57)) {
                    return true
                }
            }
            guard let newline = bytes[i...].firstIndex(of: 10) else { break }
            lineStart = newline + 1
        }
        return false
    }

    /// Whether `literals[i]` is a section header or a navigation title (`role(of:)`, or a storyboard element's role).
    func isHeaderOrTitle(at i: Int) -> Bool { literalFlags[i] & (128 | 256) != 0 }

    /// Whether `literals[i]` is a navigation title (`.navigationTitle`, a storyboard's navigation item or scene title).
    func isNavigationTitle(at i: Int) -> Bool { literalFlags[i] & 128 != 0 }

    /// Whether `literals[i]` is in a view's code (not a model's, an enum's or a builder's).
    func isInView(at i: Int) -> Bool { literalFlags[i] & 512 != 0 }

    /// The flag bits of a literal of `role`: 128 a navigation title, 256 a section header.
    private static func roleFlags(_ role: String?) -> UInt16 { role == "title" ? 128 : role == "header" ? 256 : 0 }

    /// `roleFlags(role(of: literal))` with only the calls of those two roles compared, as every literal's flags
    /// are made.
    private static func roleFlags(of literal: SwiftStringLiteral) -> UInt16 {
        if literal.argumentLabel == "header" { return 256 }
        switch literal.call {
        case "Section": return 256
        case "navigationTitle", "navigationSubtitle": return 128
        default: return 0
        }
    }

    /// Whether `literals[i]` is a hidden control label.
    func isHiddenLabel(at i: Int) -> Bool { literalFlags[i] & 16 != 0 }

    /// The number `fileIDs` gives the literals of `file`; nil when no literal sits in it.
    func fileNumber(of file: String) -> Int32? { fileNumbers[file] }

    private static func textRole(of entry: IndexedLiteral, names: NameTables) -> TextRole {
        if entry.isTextBearing { return .call }
        let literal = entry.literal
        if let call = literal.call, let label = literal.argumentLabel, let types = names.forwarded[label],
            types.contains(call)
        {
            return .forwarded
        }
        if let name = literal.assignedTo, names.forwarded[name] != nil { return .forwarded }
        if literal.call == nil, literal.assignedTo == nil, let member = literal.member, names.forwarded[member] != nil {
            return .forwarded
        }
        if !names.catalogKeys.isEmpty, let text = literal.plainText, names.catalogKeys.contains(text) {
            return .forwarded
        }
        return .none
    }

    private static func isTabTitle(_ entry: IndexedLiteral, names: NameTables) -> Bool {
        let literal = entry.literal
        if literal.call == "Tab" { return literal.argumentLabel == nil }
        if literal.closureCall == "tabItem" || literal.outerCall == "Tab" && literal.outerArgumentLabel == nil {
            return true
        }
        if literal.call == nil, let name = literal.assignedTo ?? literal.member {
            return names.tabTitles.contains(name)
        }
        // A text a declaration shows through a wrapper (`String(localized: "Trips", comment: "…")`): the
        // declaration's text as the symbol index reads it, never the comment, table or bundle.
        // The name first: it is rarely a tab's title, and then no call needs looking up.
        guard let call = literal.call, literal.outerCall == nil,
            let name = literal.assignedTo ?? literal.declaringMember,
            names.tabTitles.contains(name)
        else { return false }
        return SwiftStringLiteral.textWrappers.contains(call)
            && !(literal.argumentLabel.map(SymbolDeclaration.lookupLabels.contains) ?? false)
    }

    /// Literals that use the localization key `key`: the same text, or an interpolated literal whose
    /// interpolations sit where the key has format specifiers (SwiftUI's `LocalizedStringKey` rule).
    public func literals(usingKey key: String) -> [IndexedLiteral] {
        var found = literals(exactly: key)
        let pattern = TextPattern(format: key)
        if pattern.hasHoles, let matches = bySignature[pattern.signature] {
            found += matches.map { literals[$0] }
        }
        return found
    }

    /// Localized strings whose value is `text` (exactly, else folded, else as a format pattern), in
    /// `language` (and entries of unknown language) when it is given.
    public func localizedStrings(showing text: String, language: String? = nil) -> [LocalizedString] {
        localizedStringIndices(showing: text, language: language).map { localizedStrings[$0] }
    }

    /// `localizedStrings(showing:language:)` as positions in `localizedStrings`.
    func localizedStringIndices(showing text: String, language: String?) -> [Int] {
        func keep(_ numbers: [Int]) -> [Int] {
            numbers.filter { number in
                guard let language, let own = localizedStrings[number].language else { return true }
                return own == language || (own == "Base" && language == developmentLanguage)
            }
        }
        if let exact = stringsByValue[text].map(keep), !exact.isEmpty { return exact }
        if let folded = stringsByFoldedValue[SourceIndex.fold(text)].map(keep), !folded.isEmpty { return folded }
        return keep(stringPatterns.filter { $0.pattern.matches(text) }.map(\.entry))
    }

    /// Words of `characters` with where each starts: a run of letters, or an ideograph, kana or hangul
    /// syllable alone (Chinese, Japanese and Korean texts do not separate words).
    static func wordStarts(_ characters: [Character]) -> [(start: Int, word: String)] {
        var result: [(start: Int, word: String)] = []
        var i = 0
        while i < characters.count {
            guard characters[i].isLetter else {
                i += 1
                continue
            }
            if isWordLike(characters[i]) {
                result.append((i, String(characters[i])))
                i += 1
                continue
            }
            let start = i
            while i < characters.count, characters[i].isLetter, !isWordLike(characters[i]) { i += 1 }
            result.append((start, String(characters[start..<i])))
        }
        return result
    }

    private static func isWordLike(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(TextPattern.isWordLike) ?? false
    }

    /// Whether `a` followed by `b` runs one word on: both letters, neither an ideograph, kana or hangul.
    private static func joinsWord(_ a: Character, _ b: Character) -> Bool {
        a.isLetter && b.isLetter && !isWordLike(a) && !isWordLike(b)
    }

    /// Catalog values a device in `language` shows (a key's value in that language, else the development
    /// language's) that occur inside `text` at word boundaries (no letter runs on across either end) without
    /// being all of it, longest first; a value inside or overlapping a longer one found is left out. Each
    /// comes with its entries and whether they show the development language's value instead of a
    /// translation. The text is compared only with values that start with one of its words.
    func catalogValues(inside text: String, language: String?) -> [(
        value: String, entries: [(entry: Int, fallback: Bool)]
    )] {
        var result: [(value: String, entries: [(entry: Int, fallback: Bool)])] = []
        for match in catalogValueRanges(inside: text, language: language)
        where !result.contains(where: { $0.value == match.value }) {
            result.append((match.value, match.entries))
        }
        return result
    }

    /// `catalogValues(inside:language:)` with where each occurs in the text (character offsets), every
    /// occurrence, longest first.
    func catalogValueRanges(inside text: String, language: String?) -> [(
        value: String, range: Range<Int>, entries: [(entry: Int, fallback: Bool)]
    )] {
        guard !valuesByFirstWord.isEmpty else { return [] }
        let characters = Array(text)
        var found: [(value: String, range: Range<Int>, entries: [(entry: Int, fallback: Bool)])] = []
        for word in SourceIndex.wordStarts(characters) {
            for candidate in valuesByFirstWord[word.word] ?? [] {
                let start = word.start - candidate.offset
                let end = start + candidate.length
                guard start >= 0, end <= characters.count, start > 0 || end < characters.count,
                    characters[start..<end].elementsEqual(candidate.value),
                    start == 0 || !SourceIndex.joinsWord(characters[start - 1], characters[start]),
                    end == characters.count || !SourceIndex.joinsWord(characters[end - 1], characters[end])
                else { continue }
                let entries = (stringsByValue[candidate.value] ?? []).compactMap { number in
                    shownFallback(number, language: language).map { (entry: number, fallback: $0) }
                }
                if !entries.isEmpty { found.append((candidate.value, start..<end, entries)) }
            }
        }
        found.sort { ($1.range.count, $0.range.lowerBound) < ($0.range.count, $1.range.lowerBound) }
        var taken: [(value: String, range: Range<Int>, entries: [(entry: Int, fallback: Bool)])] = []
        for match in found where !taken.contains(where: { $0.range.overlaps(match.range) }) { taken.append(match) }
        return taken
    }

    /// Whether a device in `language` shows catalog entry `number`'s value: false for its own translation
    /// (or when the language or the entry's is unknown), true for the development language's value of a key
    /// with no value in `language`, nil when it does not show it.
    private func shownFallback(_ number: Int, language: String?) -> Bool? {
        let entry = localizedStrings[number]
        guard let language, let own = entry.language else { return false }
        if own == language || (own == "Base" && language == developmentLanguage) { return false }
        guard let development = developmentLanguage, language != development, own == development || own == "Base",
            !(keysByLanguage[language] ?? []).contains(entry.key)
        else { return nil }
        return true
    }

    /// Entries of the development language whose value is `text` (exactly, else folded) and whose key has no
    /// value in `language`: at run time such a key shows the development language's value.
    func untranslatedStringIndices(showing text: String, language: String?) -> [Int] {
        guard let language, let development = developmentLanguage, language != development else { return [] }
        let translated = keysByLanguage[language] ?? []
        func keep(_ numbers: [Int]) -> [Int] {
            numbers.filter { number in
                let entry = localizedStrings[number]
                return (entry.language == development || entry.language == "Base") && !translated.contains(entry.key)
            }
        }
        if let exact = stringsByValue[text].map(keep), !exact.isEmpty { return exact }
        return stringsByFoldedValue[SourceIndex.fold(text)].map(keep) ?? []
    }

    /// Where the type `name` (simple or qualified) is declared (not extended), if it is.
    public func declaration(ofType name: String) -> SourceLocation? {
        let found = types.first {
            !$0.declaration.isExtension
                && ($0.declaration.name == name
                    || $0.declaration.simpleName == Substring(name))
        }
        return found.map { SourceLocation(file: $0.file, line: $0.declaration.line, column: $0.declaration.column) }
    }

    /// Where a member such as `HomeWidgetKind.titleColor` is declared, else where its type is.
    public func declaration(ofSymbol symbol: String) -> SourceLocation? {
        if let member = members.first(where: {
            $0.declaration.qualifiedName == symbol || $0.declaration.qualifiedName.hasSuffix("." + symbol)
        }) {
            return SourceLocation(file: member.file, line: member.declaration.line, column: member.declaration.column)
        }
        let typeName = symbol.split(separator: ".").first.map(String.init) ?? symbol
        return declaration(ofType: typeName)
    }
}
