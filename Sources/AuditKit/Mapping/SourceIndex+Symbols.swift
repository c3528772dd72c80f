import Foundation

/// A reference's dotted name taken apart: `A11yID.Card.number.rawValue` is the name `number` in the types
/// `A11yID.Card`, read through `.rawValue`; `.welcomeTitle` is an implicit member.
struct SymbolPath: Sendable {
    /// The types (or namespaces) before the name, `Self` and `self` left out.
    var qualifiers: [Substring]
    /// The last component, `.rawValue` aside.
    var name: Substring
    /// Whether the name ends in `.rawValue` (an `enum … : String` case's value).
    var readsRawValue: Bool
    /// Whether it starts with a dot (`.welcomeTitle`): its type is the parameter's.
    var isImplicitMember: Bool
    /// Whether it reads a member of a value (`filter.localizedName`: its first component is not capitalised),
    /// whose type the path does not say.
    var isValueMember: Bool { qualifiers.first?.first?.isLowercase == true }

    /// Takes `path` apart; nil when it has no name.
    init?(_ path: String) {
        var parts = path.split(separator: ".", omittingEmptySubsequences: true)
        readsRawValue = parts.count > 1 && parts.last == "rawValue"
        if readsRawValue { parts.removeLast() }
        guard let last = parts.popLast() else { return nil }
        name = last
        qualifiers = Array(parts.drop { $0 == "Self" || $0 == "self" })
        isImplicitMember = path.hasPrefix(".")
    }

    /// Whether a declaration in `types` (outermost first) is one this path can name: its types end with the
    /// qualifiers.
    func names(declarationIn types: [Substring]) -> Bool {
        types.reversed().starts(with: qualifiers.reversed())
    }
}

/// A declaration other code refers to by name whose value comes from string literals: a constant
/// (`static let pay = "checkout.pay"`), a generated accessor (`static let title = L10n.tr("Localizable",
/// "room.title", fallback: "Room")`, `static func members(_ n: Int) -> String { … }`), a
/// `LocalizedStringResource` kept in a constant, a computed property.
struct SymbolDeclaration: Sendable {
    /// The types it is declared in, outermost first, each split at its dots.
    var types: [Substring]
    /// Its name.
    var name: String
    /// Its file.
    var file: String
    /// Its literals, in file order.
    var literals: [SwiftStringLiteral]

    /// Argument labels whose literal only says where or how to look a text up, never the text.
    static let lookupLabels: Set<String> = ["comment", "table", "tableName", "bundle"]

    /// `Type.name`, as a mapping names it.
    var qualifiedName: String { (types + [Substring(name)]).joined(separator: ".") }

    /// The value an identifier set through it has: the one plain literal a constant is given.
    var constantValue: String? {
        guard literals.count == 1, let literal = literals.first, literal.call == nil, let text = literal.plainText,
            !text.isEmpty
        else { return nil }
        return text
    }

    /// The texts it puts on screen: its literals but those naming a table, bundle or comment, and but the
    /// other arguments of a lookup call: a call one of whose arguments is a key of `catalogKeys` (in
    /// `L10n.tr("Localizable", "room.title", fallback: "Room")` the table decides the text), or an
    /// `NSLocalizedString` with a `value:`, which is what a device whose table lacks the key shows (its key
    /// is then a text only when a table has it); each value once, in file order. An enum's cases that
    /// return plain texts keep every one, catalog key or not.
    func texts(catalogKeys: Set<String>) -> [[SwiftStringLiteral.Segment]] {
        struct Call: Hashable {
            var name: String?
            var line: Int
            var nesting: Int
        }
        func call(of literal: SwiftStringLiteral) -> Call? {
            literal.call.map { Call(name: $0, line: literal.line, nesting: literal.nesting) }
        }
        func isKey(_ literal: SwiftStringLiteral) -> Bool { literal.plainText.map(catalogKeys.contains) == true }
        func isFallback(_ literal: SwiftStringLiteral) -> Bool {
            literal.call == "NSLocalizedString" && literal.argumentLabel == "value"
        }
        let lookups = Set(literals.filter { isKey($0) || isFallback($0) }.compactMap(call(of:)))
        var seen = Set<[SwiftStringLiteral.Segment]>()
        return literals.filter { literal in
            if literal.segments.isEmpty || literal.argumentLabel.map(Self.lookupLabels.contains) == true {
                return false
            }
            if let call = call(of: literal), lookups.contains(call) { return isKey(literal) || isFallback(literal) }
            return true
        }.map(\.segments).filter { seen.insert($0).inserted }
    }
}

extension SourceIndex {
    /// What a symbol reference resolved to: the texts to put at its place, the name to show, and the
    /// literals (offsets per file) its place stands for.
    struct Resolution {
        var qualifiedName: String
        var texts: [[SwiftStringLiteral.Segment]]
        var origins: [(file: String, offset: Int)]
    }

    /// `outcomes` with each symbol reference (`SwiftSymbolReference`) that resolves put at its place as the
    /// literal the declaration holds (`resolvedFrom` naming the declaration), so the mapping finds the line
    /// that uses the name as it finds a literal written there; and, per file, the offsets of the literals
    /// of declarations a text reference resolved to, which are then only a step, never a candidate.
    ///
    /// A reference names a declaration by its last component and the types before it, which must end the
    /// declaration's types (`L10n.Screen.Room.title`, `Room.title`); a local holding such a name
    /// (`let title = L10n.Home.title; Text(title)`) is a reference to it where the local is shown. An identifier takes a constant's
    /// one plain literal, or the name of an `enum … : String` case without a raw value read through
    /// `.rawValue`. A text takes the declaration's literals that are catalog keys, else its literals but
    /// those naming a table, bundle or comment. A name several declarations with different values could be
    /// is left. A text name no Swift declares, written as an implicit member (`.welcomeTitle`) or in a type
    /// no indexed file declares (`L10n.roomTitle` when the generated file is not in the tree), is a catalog
    /// key's generated symbol when exactly one key's letters and digits spell it
    /// (`settings.notifications.title` for `.settingsNotificationsTitle`), with the rest of the path, or
    /// with its last component in the table named before it (`R.string.localizable.welcomeTitle`); only
    /// where a text is shown (`SymbolPlace.showsText`). Elsewhere (`return L10n.title`, `details:
    /// .title(L10n.standard)`) a name counts only when its first type is declared in the tree and its texts
    /// are catalog keys its declaration holds itself: `Color.red`, `let budgets = Budget.samples` and
    /// `ForEach(Link.all)` show no text.
    ///
    /// A value's member (`Text(filter.localizedName)`, `.plain(title: item.title)`) takes the texts of every
    /// declaration of that name a value has (not `static`) in a type that is not a view (a model, an enum,
    /// view state), its computed
    /// value or what code gives its memberwise initialiser (`AboutItem(title: L10n.copyright, …)`), at most
    /// `memberTextLimit` of them; those declarations stay candidates, after the view that shows them.
    ///
    /// Names are resolved twice: the second time, for what the first left, with the texts the first put in
    /// place, so a member returning an accessor (`return L10n.filterUnreads`) or a string builder
    /// (`Text(TypingText.text(for: names))`) shows its accessor's texts where a view uses it; a declaration
    /// whose texts were put there by the first resolution is no step.
    /// `catalogKeys` are every key of the catalogs and `.strings` files among `outcomes`.
    static func resolvingSymbolReferences(_ outcomes: [FileOutcome], catalogKeys: Set<String>) -> (
        outcomes: [FileOutcome], steps: [String: Set<Int>]
    ) {
        var pending: [[SwiftSymbolReference]] = outcomes.map { $0.scan?.symbolReferences ?? [] }
        guard pending.contains(where: { !$0.isEmpty }) else { return (outcomes, [:]) }
        let declarations = outcomes.flatMap { $0.scan?.types ?? [] }
        let types = TypeFacts(
            declared: Set(declarations.map(\.simpleName)),
            views: Set(resolveViewTypes(declarations).map { Substring($0) }))
        var steps: [String: Set<Int>] = [:]
        var resolved = outcomes
        for pass in 0..<2 {
            var referenced = Set<String>()
            for references in pending {
                for reference in references {
                    if let path = SymbolPath(reference.path) { referenced.insert(String(path.name)) }
                }
            }
            guard !referenced.isEmpty else { break }
            var table = SymbolTable(
                outcomes: resolved, names: referenced, catalogKeys: catalogKeys, types: types,
                includingResolved: pass > 0)
            for position in resolved.indices where !pending[position].isEmpty {
                guard var scan = resolved[position].scan else { continue }
                var added: [(SwiftStringLiteral, LiteralKey)] = []
                var left: [SwiftSymbolReference] = []
                for reference in pending[position] {
                    guard let path = SymbolPath(reference.path),
                        let found = SystemItemTitles.resolution(of: reference.path)
                            ?? (reference.setsIdentifier
                                ? table.identifier(path) : table.text(path, place: SymbolPlace(reference.place)))
                    else {
                        left.append(reference)
                        continue
                    }
                    for text in found.texts {
                        var literal = reference.place
                        literal.segments = text
                        literal.resolvedFrom = found.qualifiedName
                        added.append((literal, lookupKey(for: literal)))
                    }
                    if !reference.setsIdentifier {
                        for origin in found.origins { steps[origin.file, default: []].insert(origin.offset) }
                    }
                }
                pending[position] = left
                guard !added.isEmpty else { continue }
                // In file order, as the lexer gives literals; a place given two texts keeps their order.
                var merged = Array(zip(scan.literals, resolved[position].keys)) + added
                let order = merged.indices.sorted { (merged[$0].0.offset, $0) < (merged[$1].0.offset, $1) }
                merged = order.map { merged[$0] }
                scan.literals = merged.map(\.0)
                resolved[position].keys = merged.map(\.1)
                resolved[position].scan = scan
            }
        }
        return (resolved, steps)
    }

    /// The most texts a value's member (`item.title`) stands for: a name that many declarations give
    /// (a generic `title` of every model) tells nothing about the text shown.
    static let memberTextLimit = 64

    /// What resolution needs to know of the declared types: their simple names, and which are views.
    struct TypeFacts {
        var declared: Set<Substring>
        var views: Set<Substring>
    }

    /// Where a reference is, as resolution reads it.
    struct SymbolPlace {
        /// Whether the place shows a text: a text-bearing call or property receives it, or a call receives
        /// it under a text label (`title:`).
        var showsText: Bool

        init(_ place: SwiftStringLiteral) {
            if let label = place.argumentLabel, SwiftLexer.textBearingLabels.contains(label) {
                showsText = true
            } else if let call = place.call {
                showsText = place.argumentLabel == nil && SwiftLexer.textBearingCalls.contains(call)
            } else {
                showsText = place.assignedTo.map(SwiftLexer.textBearingProperties.contains) ?? false
            }
        }
    }

    /// The declarations of the names references use, and what resolves a reference to them.
    private struct SymbolTable {
        /// Declarations by name.
        var declarations: [String: [SymbolDeclaration]] = [:]
        /// `enum X: String` types by qualified name, split at the dots, for cases without a raw value.
        var stringEnums: [[Substring]] = []
        /// Every member's qualified name.
        var members = Set<String>()
        /// Simple names of the declared types.
        var typeNames = Set<Substring>()
        /// The qualified names of the members a type has, not its values (`static`, `case`).
        var staticMembers = Set<String>()
        /// Every key of the catalogs and `.strings` files.
        let catalogKeys: Set<String>
        /// The entries of the catalogs and `.strings` files, per file.
        let catalogEntries: [[LocalizedString]]
        /// Keys by `SourceIndex.catalogSymbolName(_:)`, each with its table (the file's name without extension),
        /// made on the first reference that needs them (a large catalog's symbols take time).
        var catalogSymbols: [String: [(key: String, table: String)]]?

        /// What `types` tells of the declared types.
        let types: TypeFacts

        /// The declarations in `outcomes` of the members named `names`, what code assigns to such a name
        /// (`state.title = L10n.settings`), and what code gives a declared type's initialiser under such a
        /// name as its label (`AboutItem(title: …)` gives `AboutItem.title`);
        /// `includingResolved` counts the texts earlier resolution put in place. `catalogKeys` are the keys
        /// of the catalogs and `.strings` files.
        init(
            outcomes: [FileOutcome], names: Set<String>, catalogKeys: Set<String>, types: TypeFacts,
            includingResolved: Bool
        ) {
            self.catalogKeys = catalogKeys
            self.types = types
            catalogEntries = outcomes.map(\.strings).filter { !$0.isEmpty }
            for outcome in outcomes {
                guard let scan = outcome.scan else { continue }
                var positions: [String: Int] = [:]
                var found: [SymbolDeclaration] = []
                func add(_ literal: SwiftStringLiteral, types: [Substring], name: String) {
                    let key = types.joined(separator: ".") + "." + name
                    if let at = positions[key] {
                        found[at].literals.append(literal)
                    } else {
                        positions[key] = found.count
                        found.append(
                            SymbolDeclaration(types: types, name: name, file: outcome.path, literals: [literal]))
                    }
                }
                for literal in scan.literals where includingResolved || literal.resolvedFrom == nil {
                    if !literal.enclosingTypes.isEmpty, let name = literal.declaringMember, names.contains(name) {
                        add(literal, types: literal.enclosingTypes.flatMap { $0.split(separator: ".") }, name: name)
                    }
                    // `state.title = L10n.settings` in a view model: a text of the member `title`.
                    if literal.call == nil, let property = literal.assignedTo, names.contains(property),
                        literal.declaringMember != property
                    {
                        add(literal, types: literal.enclosingTypes.flatMap { $0.split(separator: ".") }, name: property)
                    }
                    if let call = literal.call, let label = literal.argumentLabel, names.contains(label),
                        call.first?.isUppercase == true,
                        types.declared.contains(Substring(call)), !types.views.contains(Substring(call))
                    {
                        add(literal, types: [Substring(call)], name: label)
                    }
                }
                for declaration in found { declarations[declaration.name, default: []].append(declaration) }
                for type in scan.types {
                    typeNames.insert(type.simpleName)
                    if !type.isExtension, type.inheritedTypes.contains("String") {
                        stringEnums.append(type.name.split(separator: "."))
                    }
                }
                for member in scan.members {
                    members.insert(member.qualifiedName)
                    if member.isStatic { staticMembers.insert(member.qualifiedName) }
                }
            }
        }

        /// The constant an identifier reference names, when one value fits.
        func identifier(_ path: SymbolPath) -> Resolution? {
            var matching: [(types: [Substring], value: String)] = (declarations[String(path.name)] ?? []).compactMap {
                declaration in
                guard path.names(declarationIn: declaration.types), let value = declaration.constantValue else {
                    return nil
                }
                return (declaration.types, value)
            }
            if matching.isEmpty, path.readsRawValue, !path.qualifiers.isEmpty {
                // `case pay` of an `enum A11yID: String`: its raw value is its name.
                matching = stringEnums.filter {
                    path.names(declarationIn: $0) && members.contains(($0 + [path.name]).joined(separator: "."))
                }.map { ($0, String(path.name)) }
            }
            guard let first = matching.first, matching.allSatisfy({ $0.value == first.value }) else { return nil }
            return Resolution(
                qualifiedName: (first.types + [path.name]).joined(separator: "."), texts: [[.text(first.value)]],
                origins: [])
        }

        /// The declaration a text reference names, when the declarations it could be show the same texts;
        /// for a value's member, every declaration of its name outside views; else, for a name no Swift
        /// declares and a place that shows text, the catalog key whose generated symbol it is.
        mutating func text(_ path: SymbolPath, place: SymbolPlace) -> Resolution? {
            let found = resolve(path, place: place)
            // Where no text is shown, only a localized text says the name is one (`return L10n.title`, not
            // `let budgets = Budget.samples`), and a capitalised name's own declaration must hold it (not
            // `ForEach(Link.all)` over models built from accessors).
            guard let found,
                place.showsText
                    || found.texts.allSatisfy(isCatalogKey) && (path.isValueMember || !found.origins.isEmpty)
            else { return nil }
            return found
        }

        private func isCatalogKey(_ text: [SwiftStringLiteral.Segment]) -> Bool {
            guard text.count == 1, case .text(let key) = text[0] else { return false }
            return catalogKeys.contains(key)
        }

        private mutating func resolve(_ path: SymbolPath, place: SymbolPlace) -> Resolution? {
            if path.isValueMember { return member(path) }
            if !place.showsText, let first = path.qualifiers.first, !types.declared.contains(first) { return nil }
            let matching = (declarations[String(path.name)] ?? []).filter { path.names(declarationIn: $0.types) }
            if let first = matching.first {
                let texts = first.texts(catalogKeys: catalogKeys)
                guard !texts.isEmpty, matching.dropFirst().allSatisfy({ $0.texts(catalogKeys: catalogKeys) == texts })
                else { return nil }
                // Texts an earlier resolution put there are a use of another name, not the declaration's own.
                let origins = matching.flatMap { declaration in
                    declaration.literals.filter { $0.resolvedFrom == nil }.map {
                        (file: declaration.file, offset: $0.offset)
                    }
                }
                return Resolution(qualifiedName: first.qualifiedName, texts: texts, origins: origins)
            }
            guard place.showsText, path.isImplicitMember || path.qualifiers.first.map(typeNames.contains) == false,
                !catalogEntries.isEmpty
            else { return nil }
            if catalogSymbols == nil { catalogSymbols = Self.symbols(of: catalogEntries) }
            guard let key = catalogKey(path, symbols: catalogSymbols ?? [:]) else { return nil }
            let written = (path.qualifiers + [path.name]).joined(separator: ".")
            return Resolution(qualifiedName: written, texts: [[.text(key)]], origins: [])
        }

        /// The texts of every declaration named as `path`'s member in a type that is not a view, when there
        /// are some and no more than `memberTextLimit`; no step, so each stays a candidate.
        private func member(_ path: SymbolPath) -> Resolution? {
            let matching = (declarations[String(path.name)] ?? []).filter { declaration in
                declaration.types.last.map { !types.views.contains($0) } ?? false
                    && !staticMembers.contains(declaration.qualifiedName)
            }
            var texts: [[SwiftStringLiteral.Segment]] = []
            var seen = Set<[SwiftStringLiteral.Segment]>()
            for declaration in matching {
                for text in declaration.texts(catalogKeys: catalogKeys) where seen.insert(text).inserted {
                    texts.append(text)
                }
            }
            guard !texts.isEmpty, texts.count <= SourceIndex.memberTextLimit else { return nil }
            let owners = Set(matching.map(\.qualifiedName))
            let name = owners.count == 1 ? owners.first! : (path.qualifiers + [path.name]).joined(separator: ".")
            return Resolution(qualifiedName: name, texts: texts, origins: [])
        }

        /// The one catalog key whose generated symbol `path` is: spelled by the path after its namespace (all
        /// of an implicit member's), else by its name in the table named before it.
        private func catalogKey(_ path: SymbolPath, symbols: [String: [(key: String, table: String)]]) -> String? {
            func only(_ keys: [String]) -> String? {
                guard let first = keys.first, keys.allSatisfy({ $0 == first }) else { return nil }
                return first
            }
            let spelled = (path.isImplicitMember ? path.qualifiers[...] : path.qualifiers.dropFirst()) + [path.name]
            let whole = SourceIndex.catalogSymbolName(spelled.joined())
            if let key = only((symbols[whole] ?? []).map(\.key)) { return key }
            guard let table = path.qualifiers.last?.lowercased() else { return nil }
            let inTable = (symbols[SourceIndex.catalogSymbolName(String(path.name))] ?? []).filter {
                $0.table.lowercased() == table
            }
            return only(inTable.map(\.key))
        }

        /// `catalogSymbols` of the entries of `files`.
        static func symbols(of files: [[LocalizedString]]) -> [String: [(key: String, table: String)]] {
            var symbols: [String: [(key: String, table: String)]] = [:]
            for entries in files {
                guard let path = entries.first?.location.file else { continue }
                let file = path.split(separator: "/").last ?? Substring(path)
                let table = String(file.split(separator: ".").first ?? file)
                var seen = Set<String>()
                for entry in entries where seen.insert(entry.key).inserted {
                    symbols[SourceIndex.catalogSymbolName(entry.key), default: []].append((entry.key, table))
                }
            }
            return symbols
        }
    }

    /// The name code generated from a catalog key gives it, folded so every generator's spelling meets it:
    /// the key's letters and digits, lowercased (`settings.notifications.title` and `settingsNotificationsTitle`
    /// are both `settingsnotificationstitle`).
    static func catalogSymbolName(_ key: String) -> String {
        var spelled = String.UnicodeScalarView()
        for scalar in key.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            spelled.append(scalar)
        }
        return String(spelled).lowercased()
    }

    /// Phrases of a leading comment that say a file is generated (compared lowercased).
    private static let generatedCodeMarks = [
        "generated using", "generated by", "file was generated", "is a generated file", "automatically generated",
        "auto-generated", "autogenerated", "do not edit",
    ]

    /// Whether a Swift file is generated code: it sits in a `Generated` folder, is named `….generated.swift`,
    /// or the comments it starts with say so ("Generated using SwiftGen", "This is a generated file, do not
    /// edit!", "DO NOT EDIT", `swiftlint:disable all` with "generated"). Only the first 4 KB are read.
    static func isGeneratedCode(path: String, bytes: [UInt8]) -> Bool {
        if path.hasSuffix(".generated.swift") || path.hasPrefix("Generated/") || path.contains("/Generated/") {
            return true
        }
        // The comment lines (and blank lines) before the first line of code, lowercased.
        var comment: [UInt8] = []
        var lineStart = 0
        let limit = min(bytes.count, 4096)
        while lineStart < limit {
            let lineEnd = bytes[lineStart..<limit].firstIndex(of: 10) ?? limit
            var i = lineStart
            while i < lineEnd, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 13 { i += 1 }
            let isComment =
                i + 1 < lineEnd && bytes[i] == UInt8(ascii: "/")
                && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*"))
                || i < lineEnd && bytes[i] == UInt8(ascii: "*")
            if i < lineEnd, !isComment { break }
            comment += bytes[i..<lineEnd].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            comment.append(10)
            lineStart = lineEnd + 1
        }
        let text = String(decoding: comment, as: UTF8.self)
        return generatedCodeMarks.contains { text.contains($0) }
            || (text.contains("swiftlint:disable all") && text.contains("generated"))
    }
}
