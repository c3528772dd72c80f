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

    /// The texts it puts on screen: its literals that are keys of `catalogKeys` when some are (the table
    /// decides the text), with `NSLocalizedString`'s `value:` (what a device whose table lacks the key
    /// shows), else every literal but those naming a table, bundle or comment; each value once, in file order.
    func texts(catalogKeys: Set<String>) -> [[SwiftStringLiteral.Segment]] {
        let keys = literals.filter {
            $0.plainText.map(catalogKeys.contains) == true
                || ($0.call == "NSLocalizedString" && $0.argumentLabel == "value")
        }
        let shown =
            keys.isEmpty
            ? literals.filter { literal in
                !literal.segments.isEmpty && !(literal.argumentLabel.map(Self.lookupLabels.contains) ?? false)
            } : keys
        var seen = Set<[SwiftStringLiteral.Segment]>()
        return shown.map(\.segments).filter { seen.insert($0).inserted }
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
    /// with its last component in the table named before it (`R.string.localizable.welcomeTitle`).
    /// `catalogKeys` are every key of the catalogs and `.strings` files among `outcomes`.
    static func resolvingSymbolReferences(_ outcomes: [FileOutcome], catalogKeys: Set<String>) -> (
        outcomes: [FileOutcome], steps: [String: Set<Int>]
    ) {
        var referenced = Set<String>()
        for outcome in outcomes {
            for reference in outcome.scan?.symbolReferences ?? [] {
                if let path = SymbolPath(reference.path) { referenced.insert(String(path.name)) }
            }
        }
        guard !referenced.isEmpty else { return (outcomes, [:]) }
        var table = SymbolTable(outcomes: outcomes, names: referenced, catalogKeys: catalogKeys)
        var steps: [String: Set<Int>] = [:]
        var resolved = outcomes
        for position in resolved.indices {
            guard var scan = resolved[position].scan, !scan.symbolReferences.isEmpty else { continue }
            var added: [(SwiftStringLiteral, LiteralKey)] = []
            for reference in scan.symbolReferences {
                guard let path = SymbolPath(reference.path) else { continue }
                let found =
                    SystemItemTitles.resolution(of: reference.path)
                    ?? (reference.setsIdentifier ? table.identifier(path) : table.text(path))
                guard let found else { continue }
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
            guard !added.isEmpty else { continue }
            // In file order, as the lexer gives literals; a place given two texts keeps their order.
            var merged = Array(zip(scan.literals, resolved[position].keys)) + added
            let order = merged.indices.sorted { (merged[$0].0.offset, $0) < (merged[$1].0.offset, $1) }
            merged = order.map { merged[$0] }
            scan.literals = merged.map(\.0)
            resolved[position].keys = merged.map(\.1)
            resolved[position].scan = scan
        }
        return (resolved, steps)
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
        /// Every key of the catalogs and `.strings` files.
        let catalogKeys: Set<String>
        /// The entries of the catalogs and `.strings` files, per file.
        let catalogEntries: [[LocalizedString]]
        /// Keys by `SourceIndex.catalogSymbolName(_:)`, each with its table (the file's name without extension),
        /// made on the first reference that needs them (a large catalog's symbols take time).
        var catalogSymbols: [String: [(key: String, table: String)]]?

        /// The declarations in `outcomes` of the members named `names`; `catalogKeys` are the keys of their
        /// catalogs and `.strings` files.
        init(outcomes: [FileOutcome], names: Set<String>, catalogKeys: Set<String>) {
            self.catalogKeys = catalogKeys
            catalogEntries = outcomes.map(\.strings).filter { !$0.isEmpty }
            for outcome in outcomes {
                guard let scan = outcome.scan else { continue }
                var positions: [String: Int] = [:]
                var found: [SymbolDeclaration] = []
                for literal in scan.literals where literal.resolvedFrom == nil && !literal.enclosingTypes.isEmpty {
                    guard let name = literal.declaringMember, names.contains(name) else { continue }
                    let key = literal.enclosingTypes.joined(separator: ".") + "." + name
                    if let at = positions[key] {
                        found[at].literals.append(literal)
                    } else {
                        positions[key] = found.count
                        found.append(
                            SymbolDeclaration(
                                types: literal.enclosingTypes.flatMap { $0.split(separator: ".") }, name: name,
                                file: outcome.path, literals: [literal]))
                    }
                }
                for declaration in found { declarations[declaration.name, default: []].append(declaration) }
                for type in scan.types {
                    typeNames.insert(type.simpleName)
                    if !type.isExtension, type.inheritedTypes.contains("String") {
                        stringEnums.append(type.name.split(separator: "."))
                    }
                }
                for member in scan.members { members.insert(member.qualifiedName) }
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
        /// else, for a name no Swift declares, the catalog key whose generated symbol it is.
        mutating func text(_ path: SymbolPath) -> Resolution? {
            let matching = (declarations[String(path.name)] ?? []).filter { path.names(declarationIn: $0.types) }
            if let first = matching.first {
                let texts = first.texts(catalogKeys: catalogKeys)
                guard !texts.isEmpty, matching.dropFirst().allSatisfy({ $0.texts(catalogKeys: catalogKeys) == texts })
                else { return nil }
                let origins = matching.flatMap { declaration in
                    declaration.literals.map { (file: declaration.file, offset: $0.offset) }
                }
                return Resolution(qualifiedName: first.qualifiedName, texts: texts, origins: origins)
            }
            guard path.isImplicitMember || path.qualifiers.first.map(typeNames.contains) == false,
                !catalogEntries.isEmpty
            else { return nil }
            if catalogSymbols == nil { catalogSymbols = Self.symbols(of: catalogEntries) }
            guard let key = catalogKey(path, symbols: catalogSymbols ?? [:]) else { return nil }
            let written = (path.qualifiers + [path.name]).joined(separator: ".")
            return Resolution(qualifiedName: written, texts: [[.text(key)]], origins: [])
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
