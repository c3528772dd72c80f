/// The numeric constants of every file of a scan (`SwiftNumericConstant`, read by the lexer's one pass), so a
/// font size named in one file and declared in another (`DS.Spacing.bottomToolbarIconSize` with
/// `static let bottomToolbarIconSize: CGFloat = 18` in `Tokens/DSSpacing.swift`, a global `kIconSize`) is
/// followed to its number as the mapping's symbol index follows a text's name to its literal.
package struct SizeConstants: Sendable {
    /// One constant: where it is declared and what it holds.
    struct Entry: Sendable, Hashable {
        /// The types it is declared in, outermost first, each split at its dots (`DS`, `Spacing`).
        var types: [Substring]
        var name: String
        var value: Double
        var file: String
        var line: Int

        /// `DS.Spacing.bottomToolbarIconSize`: a name any file of the module can write it by.
        var qualifiedName: String { (types.map(String.init) + [name]).joined(separator: ".") }

        /// “`DS.Spacing.bottomToolbarIconSize` (Tokens/DSSpacing.swift, line 12)”, as a finding names it.
        var origin: String { "`\(qualifiedName)` (\(file), line \(line))" }
    }

    /// Constants by name.
    private var byName: [String: [Entry]] = [:]

    /// The constants the lexer read in each file (`SwiftFileScan.numericConstants`).
    package init(files: [(path: String, constants: [SwiftNumericConstant])]) {
        for (path, constants) in files {
            for constant in constants {
                let entry = Entry(
                    types: constant.enclosingTypes.flatMap { $0.split(separator: ".") }, name: constant.name,
                    value: constant.value, file: path, line: constant.line)
                byName[constant.name, default: []].append(entry)
            }
        }
    }

    /// Whether no file declares any.
    var isEmpty: Bool { byName.isEmpty }

    /// The constant `name` written after `qualifiers` (`DS.Spacing`, none for a bare name) names, from code in
    /// the type `enclosing` (its qualified name split at the dots, empty outside types): with qualifiers, the
    /// one whose types end with them; a bare name, a `static let` of the enclosing type or of a type around it
    /// (innermost first, as Swift looks it up), else a global. Nil when none is declared, or several with
    /// different values could be meant.
    func entry(qualifiers: [Substring], name: String, enclosing: [Substring]) -> Entry? {
        guard let candidates = byName[name] else { return nil }
        let matching: [Entry]
        if !qualifiers.isEmpty {
            matching = candidates.filter { $0.types.reversed().starts(with: qualifiers.reversed()) }
        } else {
            var scope = enclosing
            var found: [Entry] = []
            while found.isEmpty {
                found = candidates.filter { $0.types == scope }
                if scope.isEmpty { break }
                scope.removeLast()
            }
            matching = found
        }
        guard let first = matching.first, matching.allSatisfy({ $0.value == first.value }) else { return nil }
        return first
    }
}
