/// The rewrites of `scan --fix`, planned on the tokens of one scanned file.
struct FontFixPlanner {
    var scanner: FontFileScanner
    let rules: Set<FontScanRule>
    var edits: [ByteEdit] = []
    /// What the fix does at each of the scanner's findings, by the finding's index: the one decision
    /// `scan`, the session and the fix render; nil for findings of rules it does not plan.
    var decisions: [FontFixDecision?] = []
    /// The index of the finding being planned, the one `change` and `skip` decide.
    var current = 0
    /// Declarations to add per type (by name), in order.
    var additions: [String: [String]] = [:]
    /// Names chosen in this run, by type, size and style, so one size and style used twice in a type (by
    /// a symbol and a text alike) get one property.
    var chosenNames: [String: String] = [:]
    /// The sites decided to get a new `@ScaledMetric` property, in file order, named once all are decided.
    var pendingProperties: [PendingProperty] = []
    var takenNames: Set<String> = []
    /// Whether a name is used anywhere in the file, by name, as looked up.
    var usedNames: [String: Bool] = [:]
    /// What each stored property rewritten as a `@ScaledMetric` became, by its keyword's token, so its
    /// other uses are counted as changed by the same rewrite.
    var scaledDeclarations: [Int: String] = [:]
    /// How many uses of each local `let` (by its keyword's token) were replaced by a `@ScaledMetric` property.
    var replacedLocals: [Int: Int] = [:]
    /// The `static` and global `let`s (by their keyword's token) a use of which became a text style.
    var replacedConstants: Set<Int> = []
    /// `--notes`: write each change's risks as a comment above the site (`addNotes()`).
    var notes = false
    /// The sites (call names' tokens) in token order, each with its finding's index.
    let sitesInOrder: [(site: Int, finding: Int)]
    /// The `Text`s of each closure, by its `{` (made on the first need), and their styles once asked
    /// (`textStyles(inClosure:)`).
    var textsByBrace: [Int: [Int]]?
    var textStylesByBrace: [Int: [(token: Int, style: TextStyle)]] = [:]
    /// `importsUIKit()`, once asked.
    var importsUIKitCache: Bool?
    /// `useOutsideFontSizes(of:typeName:)` of each stored property asked about (by its keyword's token), so
    /// the sites of one property read the file once.
    var outsideUses: [Int: Int?] = [:]

    init(scanner: FontFileScanner, rules: Set<FontScanRule>) {
        self.scanner = scanner
        self.rules = rules
        sitesInOrder = scanner.sites.enumerated().filter { $0.element >= 0 }.map { ($0.element, $0.offset) }
            .sorted { $0.site < $1.site }
    }

    var tokens: [SwiftToken] { scanner.tokens }
    var bytes: [UInt8] { scanner.bytes }

    func source(_ first: Int, _ last: Int) -> String {
        String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
    }

    /// The rewrites, in file order.
    var changes: [FontFixChange] {
        decisions.compactMap {
            guard case .change(let change) = $0 else { return nil }
            return change
        }
    }

    /// The findings left, in file order.
    var skipped: [FontFixSkip] {
        decisions.compactMap {
            guard case .leave(let skip) = $0 else { return nil }
            return skip
        }
    }

    /// The scanner's findings, each with the fix's decision (`FontFinding.fix`) and the suggestion it
    /// renders; the other rules' findings as the scanner made them.
    var decidedFindings: [FontFinding] {
        var findings = scanner.findings
        for (n, decision) in decisions.enumerated() {
            guard let decision else { continue }
            findings[n].fix = decision
            findings[n].suggestion = decision.suggestion
        }
        return findings
    }

    /// Decides every finding (`decide()`), then removes the locals left unused, declares the new
    /// properties and, with `notes`, writes the risks above their sites.
    mutating func plan() {
        decide()
        removeReplacedLocals()
        addDeclarations()
        if notes { addNotes() }
    }

    /// Decides, for each finding of the rules asked for, the rewrite or the reason to leave it, with what
    /// the team can write by hand there; `scan` stops here, `scan --fix` goes on to write.
    mutating func decide() {
        decisions = Array(repeating: nil, count: scanner.findings.count)
        guard !scanner.findings.isEmpty else { return }
        // The file's structure (types, members) is worked out only when a decision needs it: a text's
        // number size becomes a style from its own tokens.
        for n in scanner.findings.indices {
            let finding = scanner.findings[n]
            let site = scanner.sites[n]
            guard site >= 0, rules.contains(finding.rule),
                finding.rule == .fixedSize || finding.rule == .customWithoutRelativeTo
            else { continue }
            current = n
            decide(finding, site: site)
            if decisions[n] == nil {
                skip(finding, .unsupported("the fix found no rewrite that keeps this code correct"))
            }
            if case .leave(var left) = decisions[n], finding.suppression == nil {
                scanner.structureIfNeeded()
                let outside: Bool
                if case .outsideView = left.reason { outside = true } else { outside = false }
                left.byHand = byHand(finding, site: site, outsideView: outside)
                decisions[n] = .leave(left)
            }
        }
        nameProperties()
    }

    /// Plans one finding, by where its size comes from and the API it is given to.
    private mutating func decide(_ finding: FontFinding, site: Int) {
        if let reason = finding.suppression { return skip(finding, .suppressed(reason)) }
        if let reason = finding.unknownSource { return skip(finding, .unknownDataFlow(reason)) }
        if finding.api != ".system(size:)" || finding.size == nil { scanner.structureIfNeeded() }
        guard let size = finding.size else { return named(finding, site: site) }
        switch finding.api {
        case ".system(size:)": system(finding, site: site, size: size)
        case ".custom(_:fixedSize:)", ".custom(_:size:)": custom(finding, site: site, size: size)
        case let api where api.hasPrefix("UIFont"): uiKit(finding, site: site, size: size)
        default: skip(finding, .unsupported("AppKit has no UIFontMetrics"))
        }
    }

    /// Decides that the finding being planned is left, for `reason`.
    mutating func skip(_ finding: FontFinding, _ reason: FontFixSkip.Reason) {
        decisions[current] = .leave(
            FontFixSkip(line: finding.line, column: finding.column, excerpt: finding.excerpt, reason: reason))
    }

    /// Decides that the finding being planned is rewritten, writing `after`, with the risks around its
    /// site (`risks(site:)`).
    mutating func change(_ finding: FontFinding, _ kind: FontFixChange.Kind, _ after: String) {
        decisions[current] = .change(
            FontFixChange(
                kind: kind, line: finding.line, column: finding.column, before: finding.excerpt, after: after,
                risks: risks(site: scanner.sites[current])))
    }

    mutating func replace(_ first: Int, _ last: Int, with text: String) {
        edits.append(
            ByteEdit(range: tokens[first].start..<tokens[last].end, replacement: Array(text.utf8), decision: current))
    }

    // MARK: SwiftUI

    /// How far (in points) a text's size may be from the style or token it becomes: a team's hand
    /// migration moves a size by a point or two; a 64 pt figure is no `.largeTitle` (34), it scales as one.
    static let styleReach = 3.0

    /// `.system(size: N, weight: W)`: a token or text style when N and W are its defaults exactly; on a
    /// text, with N a number (it sizes nothing else), the team's nearest token, else the text style whose
    /// default size is nearest at its weight (`.subheadline.weight(.semibold)` for 15 semibold), within
    /// `styleReach`, as teams migrate by hand (`textStyle(_:site:size:nearest:)`); else a `@ScaledMetric`
    /// property (an icon, a size far from every style, or a size through a name that may drive layout too).
    mutating func system(_ finding: FontFinding, site i: Int, size: Double) {
        let args = scanner.arguments(open: i + 1)
        let literal = args.first.map { $0.label == "size" && Double(source($0.start, $0.end - 1)) != nil } ?? false
        if textStyle(finding, site: i, size: size, nearest: finding.isTextContext && literal) { return }
        guard let sizeArgument = args.first, sizeArgument.label == "size" else { return }
        scanner.structureIfNeeded()
        scaledMetric(finding, site: i, argument: sizeArgument, size: size)
    }

    /// Rewrites `.system(size: N, weight: W)` at `i`, N being `size` (written in place or held by a constant
    /// it comes through), as a token or text style: the one whose defaults are N and W exactly; with
    /// `nearest`, else the team's nearest token, else the style nearest at W, within `styleReach`; a token
    /// with a design written (`isToken(site:)`) keeps it, `Font.system(.largeTitle, design: .rounded)`.
    /// Only text: a symbol keeps its own size on a curve (`@ScaledMetric(relativeTo:)`), even one of a style's
    /// size, as teams scale symbols. Whether it decided the finding.
    mutating func textStyle(_ finding: FontFinding, site i: Int, size: Double, nearest: Bool) -> Bool {
        guard finding.isTextContext else { return false }
        let close = Int(scanner.partner[i + 1])
        let args = scanner.arguments(open: i + 1)
        let weight = finding.weight ?? .regular
        guard args.allSatisfy({ $0.label == "size" || $0.label == "weight" || $0.label == "design" }),
            finding.weight != nil || !args.contains(where: { $0.label == "weight" })
        else { return false }
        // A design is kept by the style's own font, `.system(.largeTitle, design: .rounded)`; only a token
        // takes it so (a view's text with a design gets a `@ScaledMetric`, its call kept).
        var design: String?
        if args.contains(where: { $0.label == "design" }) {
            scanner.structureIfNeeded()
            guard let written = finding.design, isToken(site: i) else { return false }
            design = written
        }
        let start = scanner.expressionStart(name: i)
        let prefix = scanner.isPunct(start, ".") ? "" : source(start, i - 2)
        func styled(_ style: TextStyle, weighted: Bool) -> String {
            let suffix = weighted && style.weight != weight ? ".weight(.\(weight.rawValue))" : ""
            guard let design else { return prefix + "." + style.name + suffix }
            return prefix + ".system(.\(style.name), design: .\(design))" + suffix
        }
        // The team's tokens have no design: a font with one keeps it through the style.
        let tokens = design == nil ? scanner.configuration.tokens : []
        if let token = tokens.first(where: { $0.size == size && $0.weight == weight }) {
            replace(start, close, with: token.name)
            change(finding, .token, "`\(token.name)`")
            return true
        }
        if let style = TextStyle.iOS.first(where: { $0.size == size && $0.weight == weight }) {
            let text = styled(style, weighted: false)
            replace(start, close, with: text)
            change(finding, .textStyle, "`\(text)`")
            return true
        }
        guard nearest else { return false }
        if let token = nearestEntry(in: tokens, size: size, weight: weight, sizeOf: \.size, weightOf: { $0.weight }),
            abs(token.size - size) <= Self.styleReach
        {
            replace(start, close, with: token.name)
            change(finding, .token, "`\(token.name)`")
            return true
        }
        let style = TextStyle.nearest(size: size, weight: weight)
        guard tokens.isEmpty || design != nil, abs(style.size - size) <= Self.styleReach else { return false }
        let text = styled(style, weighted: true)
        replace(start, close, with: text)
        change(finding, .textStyle, "`\(text)`")
        return true
    }

    /// Whether the site is a font token's value: the initial value of a `static` property (`extension Font
    /// { static let appTitle = Font.system(…) }`, a design system's enum) or of a global, where no view
    /// holds a `@ScaledMetric` and the token itself must scale.
    func isToken(site i: Int) -> Bool {
        guard let structure = scanner.structure else { return false }
        let candidates: [Int]
        if let type = scanner.enclosingType(i) {
            candidates = structure.membersByType[structure.bodies[type].name].map { Array($0.values.joined()) } ?? []
            return candidates.contains {
                structure.members[$0].isStatic && structure.members[$0].value?.contains(i) == true
            }
        }
        candidates = Array(structure.fileMembers.values.joined())
        return candidates.contains { structure.members[$0].value?.contains(i) == true }
    }

    /// `.custom(name, fixedSize: N)` → `.custom(name, size: N, relativeTo: .style)`; `.custom(name, size: N)`
    /// gains `relativeTo:`.
    mutating func custom(_ finding: FontFinding, site i: Int, size: Double) {
        let args = scanner.arguments(open: i + 1)
        let style = self.style(for: finding, site: i, size: size).name
        let font = args.first.map { scanner.excerpt($0.start, $0.end - 1) } ?? "…"
        if let fixed = args.first(where: { $0.label == "fixedSize" }) {
            let value = source(fixed.start, fixed.end - 1)
            replace(fixed.start - 2, fixed.end - 1, with: "size: \(value), relativeTo: .\(style)")
            change(finding, .customRelativeTo, "`.custom(\(font), size: \(value), relativeTo: .\(style))`")
        } else if let sized = args.first(where: { $0.label == "size" }) {
            let end = tokens[sized.end - 1].end
            edits.append(
                ByteEdit(range: end..<end, replacement: Array(", relativeTo: .\(style)".utf8), decision: current))
            let value = source(sized.start, sized.end - 1)
            change(finding, .customRelativeTo, "`.custom(\(font), size: \(value), relativeTo: .\(style))`")
        }
    }

    /// The size becomes a `@ScaledMetric(relativeTo:)` property of the enclosing view holding `initial`
    /// (the literal when nil), declared once, and the argument its name. The property is named once every
    /// site is decided (`nameProperties()`), so only the sites that really get it count as sharing it.
    mutating func scaledMetric(
        _ finding: FontFinding, site i: Int, argument: FontFileScanner.Argument, size: Double, initial: String? = nil
    ) {
        guard let (typeName, members) = enclosingView(finding, site: i) else {
            scaleInPlace(finding, argument: argument, size: size, initial: initial)
            return
        }
        let (style, role) = self.styleAndRole(for: finding, site: i, size: size)
        let value = initial ?? pointText(size)
        let base =
            !finding.isTextContext
            ? "iconSize"
            : ["largeTitle", "title", "title2", "title3", "headline"].contains(style.name) ? "titleSize" : "textSize"
        pendingProperties.append(
            PendingProperty(
                decision: current, typeName: typeName, style: style.name, value: value,
                element: elementWord(site: i, isText: finding.isTextContext), role: role, base: base,
                isText: finding.isTextContext, argument: argument.start..<argument.end, members: members))
        // What it writes is said once the property is named.
        change(finding, .scaledMetric, "")
    }

    /// A size a `@ScaledMetric` would take where no property can live (`enclosingView` left it: a builder in an
    /// enum, a `static` member, an extension of a protocol): in a file that imports UIKit, the size argument
    /// becomes `UIFontMetrics(forTextStyle: .STYLE).scaledValue(for: N)` in place, which scales on the curve the
    /// property would have followed; elsewhere (a SwiftUI file may build for macOS, which has no
    /// `UIFontMetrics`), and in a stored constant's value (worked out once), it stays left, `byHand` saying
    /// what to write.
    mutating func scaleInPlace(
        _ finding: FontFinding, argument: FontFileScanner.Argument, size: Double, initial: String?
    ) {
        let site = scanner.sites[current]
        // A stored constant's value (`static let hero = Font.system(size: 48)`) is worked out once, at the
        // text size of that moment: scaled in place it would not follow later changes.
        guard case .leave(let left)? = decisions[current], case .outsideView = left.reason, importsUIKit(),
            !isToken(site: site)
        else { return }
        let style = self.style(for: finding, site: site, size: size)
        let text = "UIFontMetrics(forTextStyle: .\(style.uiKitName)).scaledValue(for: \(initial ?? pointText(size)))"
        replace(argument.start, argument.end - 1, with: text)
        change(finding, .scaledValue, "`\(text)`")
    }

    /// Whether the file imports UIKit (`import UIKit`, worked out on the first need).
    mutating func importsUIKit() -> Bool {
        if let known = importsUIKitCache { return known }
        let found = tokens.indices.contains { scanner.isWord($0, "import") && scanner.isWord($0 + 1, "UIKit") }
        importsUIKitCache = found
        return found
    }

    /// A new `@ScaledMetric` property a site gets, decided; named by `nameProperties()`.
    struct PendingProperty {
        /// The index of the site's finding.
        var decision: Int
        var typeName: String
        var style: String
        /// The initial value, as written in the declaration.
        var value: String
        /// The name of the element it sizes (`elementWord(site:isText:)`).
        var element: String?
        /// The role that chose the style (`toolbar`, `emptyState`, `hero`).
        var role: String?
        /// `iconSize`, `titleSize` or `textSize`.
        var base: String
        var isText: Bool
        /// The tokens of the size argument, replaced by the name (for a size computed from a few numbers, the
        /// number's).
        var argument: Range<Int>
        var members: [SourceStructure.Member]
        /// A name to try first (`smallIconSize` for the `case .small:` of a computed `iconSize`).
        var preferred: String? = nil
        /// For a factor (`scaleFactor`): the size it multiplies, as written in place of the argument
        /// (`size.iconSize`, `(a + b)`).
        var product: String? = nil

        /// The sites of one type with the same value and style get one property.
        var key: String { "\(typeName)|\(value)|\(style)" }
    }

    /// Names the `@ScaledMetric` properties of the sites decided so (`scaledMetric`), in file order: after
    /// the element a property sizes, unless another element of the type gets the same property (the same
    /// value and style), then after its role or style; declares each new one, replaces each site's size by
    /// its name, and says so in the site's decision.
    mutating func nameProperties() {
        var elements: [String: Set<String?>] = [:]
        for pending in pendingProperties { elements[pending.key, default: []].insert(pending.element) }
        // What each decision writes, and the name each number replaced got (a number of a computed property two
        // sites use is replaced once).
        var written: [Int: [(declaration: String, name: String)]] = [:]
        var named: [Int: (declaration: String, name: String)] = [:]
        for pending in pendingProperties {
            guard case .change? = decisions[pending.decision] else { continue }
            current = pending.decision
            if let done = named[pending.argument.lowerBound] {
                written[pending.decision, default: []].append(done)
                continue
            }
            var element = pending.element
            if let word = element, elements[pending.key]?.contains(where: { $0 != word }) == true { element = nil }
            let suffix = pending.product != nil ? "Scale" : pending.isText ? "Size" : "IconSize"
            let name = propertyName(
                typeName: pending.typeName,
                bases: [
                    pending.preferred, element.map { $0 + suffix }, pending.role.map { $0 + capitalized(pending.base) },
                    pending.base, pending.style + suffix,
                ], value: pending.value, style: pending.style, members: pending.members)
            let declaration =
                "@ScaledMetric(relativeTo: .\(pending.style)) private var \(name.name): CGFloat = \(pending.value)"
            if name.isNew { additions[pending.typeName, default: []].append(declaration) }
            let replacement = pending.product.map { $0 + " * " + name.name } ?? name.name
            replace(pending.argument.lowerBound, pending.argument.upperBound - 1, with: replacement)
            named[pending.argument.lowerBound] = (declaration, name.name)
            written[pending.decision, default: []].append((declaration, name.name))
        }
        for (decision, properties) in written {
            guard case .change(var change)? = decisions[decision] else { continue }
            let declarations = properties.map { "`\($0.declaration)`" }.joined(separator: ", ")
            let names = properties.map { "`\($0.name)`" }.joined(separator: ", ")
            let isFactor = pendingProperties.contains { $0.decision == decision && $0.product != nil }
            change.after =
                isFactor
                ? "\(declarations), the size multiplied by \(names)"
                : properties.count == 1
                    ? "\(declarations), the size replaced by \(names)"
                    : "\(declarations), the numbers replaced by \(names)"
            decisions[decision] = .change(change)
        }
        pendingProperties = []
    }

    /// The `View` (or `ViewModifier`) declared in the file around the site, with its members, when the site
    /// is in an instance member of it that a `@ScaledMetric` property can serve; else the finding is
    /// skipped as outside a View and the result is nil.
    mutating func enclosingView(_ finding: FontFinding, site i: Int) -> (
        typeName: String, members: [SourceStructure.Member]
    )? {
        guard let structure = scanner.structure, let typeIndex = scanner.enclosingType(i) else {
            skip(finding, .outsideView("not inside a type"))
            return nil
        }
        let typeName = structure.bodies[typeIndex].name
        let bodies = structure.bodies.filter { $0.name == typeName }
        let isView =
            bodies.contains { $0.inherited.contains("View") || $0.inherited.contains("ViewModifier") }
            || structure.membersByType[typeName]?["body"] != nil
        guard isView else {
            skip(finding, .outsideView("`\(typeName)` is not a View"))
            return nil
        }
        guard let declaration = bodies.first(where: { !$0.isExtension }) else {
            skip(
                finding,
                .outsideView("`\(typeName)` is declared in another file; a stored property cannot go in an extension"))
            return nil
        }
        // An enum has no stored properties, a protocol (`extension Card where Self: View`) none of its own.
        guard declaration.holdsStoredProperties else {
            let kind = declaration.keywordName == "enum" ? "an enum" : "a \(declaration.keywordName)"
            skip(finding, .outsideView("`\(typeName)` is \(kind), which cannot hold a stored @ScaledMetric property"))
            return nil
        }
        let members = structure.membersByType[typeName]?.values.joined().map { structure.members[$0] } ?? []
        let inStatic = members.contains { member in
            guard member.isStatic else { return false }
            if let body = member.body, body < i, Int(scanner.partner[body]) > i { return true }
            return member.value?.contains(i) ?? false
        }
        guard !inStatic else {
            skip(finding, .outsideView("in a `static` member, which has no view instance to hold a @ScaledMetric"))
            return nil
        }
        guard !isInInitialiser(i, typeBody: structure.bodies[typeIndex].open) else {
            skip(finding, .outsideView("in an initialiser, which runs before a @ScaledMetric property can be read"))
            return nil
        }
        return (typeName, members)
    }

    /// Whether token `i` is in the body of an `init` of the type whose body opens at `typeBody`.
    func isInInitialiser(_ i: Int, typeBody: Int) -> Bool {
        var brace = scanner.enclosingBrace(i)
        var levels = 0
        while brace > typeBody, levels < FontFileScanner.maxEnclosingLevels {
            var k = brace - 1
            while scanner.isIdentifier(k) || scanner.isPunct(k, "?") || scanner.isPunct(k, "!") { k -= 1 }
            if scanner.isPunct(k, ")"), scanner.partner[k] >= 0 {
                let open = Int(scanner.partner[k])
                if scanner.isWord(open - 1, "init")
                    || scanner.isPunct(open - 1, "?") && scanner.isWord(open - 2, "init")
                    || scanner.isPunct(open - 1, "!") && scanner.isWord(open - 2, "init")
                {
                    return true
                }
            }
            brace = scanner.enclosingBrace(brace)
            levels += 1
        }
        return false
    }

    /// A name for the element the size at `i` is set on, from its code: the words of its `Text("…")`,
    /// `Label("…", …)` or `Button("…")` (`activeBudgets`), the variable it shows (`Text(title)`: `title`),
    /// or for a symbol the first word of its `Image(systemName: "…")` or `Label(…, systemImage: "…")`
    /// (`xmark`); nil when the code tells none in plain letters.
    func elementWord(site i: Int, isText: Bool) -> String? {
        let start = scanner.expressionStart(name: i)
        guard let dot = scanner.enclosingFontModifier(start), let root = scanner.chain(endingAt: dot).start,
            scanner.isPunct(root + 1, "(")
        else { return nil }
        let arguments = scanner.arguments(open: root + 1)
        /// The text of a one-token string literal without interpolation.
        func literal(_ argument: FontFileScanner.Argument?) -> String? {
            guard let argument, argument.end == argument.start + 1, tokens[argument.start].kind == .string else {
                return nil
            }
            let text = scanner.text(argument.start)
            guard !text.contains("\\(") else { return nil }
            return String(text.drop { $0 == "#" || $0 == "\"" }.reversed().drop { $0 == "#" || $0 == "\"" }.reversed())
        }
        /// The last name of a plain reference (`title`, `item.name`) as the argument.
        func reference(_ argument: FontFileScanner.Argument?) -> String? {
            guard let argument, argument.end > argument.start else { return nil }
            for k in argument.start..<argument.end
            where !(scanner.isIdentifier(k) || scanner.isPunct(k, ".")) { return nil }
            let last = argument.end - 1
            return scanner.isIdentifier(last) ? scanner.text(last) : nil
        }
        let unlabeled = arguments.first { $0.label == nil }
        switch scanner.text(root) {
        case "Image" where !isText:
            return literal(arguments.first { $0.label == "systemName" }).flatMap { Self.camelCased($0, symbol: true) }
        case "Label":
            if !isText {
                return literal(arguments.first { $0.label == "systemImage" }).flatMap {
                    Self.camelCased($0, symbol: true)
                }
            }
            return literal(unlabeled).flatMap { Self.camelCased($0, symbol: false) } ?? reference(unlabeled)
        case "Text", "Button", "Toggle", "Link", "Menu":
            guard isText else { return nil }
            return literal(unlabeled).flatMap { Self.camelCased($0, symbol: false) } ?? reference(unlabeled)
        default:
            return nil
        }
    }

    /// `text` as the start of a property name: its first two words (a symbol's first dotted part),
    /// camel-cased (`Active Budgets` → `activeBudgets`, `xmark.circle.fill` → `xmark`); nil unless it
    /// is made of ASCII letters and digits and starts with a letter.
    static func camelCased(_ text: String, symbol: Bool) -> String? {
        let source = symbol ? String(text.prefix { $0 != "." }) : text
        let words = source.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.prefix(2)
        guard let first = words.first, first.first?.isLetter == true, source.allSatisfy({ $0.isASCII }) else {
            return nil
        }
        let name =
            first.lowercased()
            + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        return name.count <= 24 ? name : nil
    }

    /// `name` with its first letter upper-cased, to follow another word in a property's name.
    func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// An existing `@ScaledMetric` of the type with the same value and curve, the one chosen for the same
    /// size and curve earlier in this run, or the first of `bases` (else the first numbered) not used
    /// anywhere in the file.
    mutating func propertyName(
        typeName: String, bases: [String?], value: String, style: String, members: [SourceStructure.Member]
    ) -> (name: String, isNew: Bool) {
        let candidates = bases.compactMap { $0 }
        let base = candidates[0]
        for member in members where member.isScaled {
            guard let range = member.value, range.count == 1, tokens[range.lowerBound].kind == .number,
                scanner.text(range.lowerBound) == value || Double(scanner.text(range.lowerBound)) == Double(value)
            else { continue }
            var relative = "body"
            var k = member.start
            while k < member.keyword {
                if scanner.isWord(k, "relativeTo"), scanner.isPunct(k + 1, ":"), scanner.isPunct(k + 2, "."),
                    scanner.isIdentifier(k + 3)
                {
                    relative = scanner.text(k + 3)
                }
                k += 1
            }
            if relative == style { return (member.name, false) }
        }
        let key = "\(typeName)|\(value)|\(style)"
        if let chosen = chosenNames[key] { return (chosen, false) }
        func free(_ name: String) -> Bool {
            guard !takenNames.contains(name) else { return false }
            if let used = usedNames[name] { return !used }
            let used = scanner.usesName(name)
            usedNames[name] = used
            return !used
        }
        var name = candidates.first(where: free) ?? base
        var counter = 2
        while !free(name) {
            name = base + String(counter)
            counter += 1
        }
        takenNames.insert(name)
        chosenNames[key] = name
        return (name, true)
    }

    /// The text style a size should follow: for text, the nearest style to its own size and weight; for
    /// a symbol, the style of the text beside it in the same stack or row (`.body` when that text sets
    /// none), else `.headline` in a toolbar, `.title` in an empty state, else `symbolStyle(size:weight:)`.
    mutating func style(for finding: FontFinding, site i: Int, size: Double) -> TextStyle {
        styleAndRole(for: finding, site: i, size: size).style
    }

    /// The style, and the role that chose it (`toolbar`, `emptyState`, `hero`) for the property's name.
    mutating func styleAndRole(for finding: FontFinding, site i: Int, size: Double) -> (style: TextStyle, role: String?)
    {
        let nearest = TextStyle.nearest(size: size, weight: finding.weight)
        guard !finding.isTextContext else { return (nearest, nil) }
        if let beside = styleOfTextBeside(i) { return (beside, nil) }
        let title = TextStyle.iOS.first { $0.name == "title" } ?? nearest
        var open = Int(scanner.parent[i])
        var levels = 0
        while open > 0, levels < FontFileScanner.maxEnclosingLevels {
            levels += 1
            let owner = ownerName(ofBracket: open)
            if owner == "toolbar" || owner == "ToolbarItem" || owner == "ToolbarItemGroup" {
                return (TextStyle.iOS.first { $0.name == "headline" } ?? nearest, "toolbar")
            }
            if owner == "ContentUnavailableView" || owner?.contains("Empty") == true
                || owner?.contains("empty") == true
            {
                return (title, "emptyState")
            }
            open = Int(scanner.parent[open])
        }
        if let type = scanner.enclosingType(i), let name = scanner.structure?.bodies[type].name, name.contains("Empty")
        {
            return (title, "emptyState")
        }
        let curve = Self.symbolStyle(size: size, weight: finding.weight)
        return (curve, curve.name == "largeTitle" ? "hero" : nil)
    }

    /// What the team can write by hand at a finding the fix leaves, in backticks: the style the fix
    /// chooses for the site (`style(for:site:size:)`) in the form the finding's API takes, keeping a
    /// design written in place, or for text the configuration's nearest token; general advice when the
    /// size is not known. Where no View can hold a `@ScaledMetric` (`outsideView`), a symbol's property goes
    /// in the view that shows the builder's result, passed in as a parameter, or its size is scaled in place
    /// with `UIFontMetrics` where UIKit is imported.
    mutating func byHand(_ finding: FontFinding, site i: Int, outsideView: Bool = false) -> String {
        let appKit = finding.api.hasPrefix("NSFont")
        let uiKit = finding.api.hasPrefix("UIFont")
        guard let size = finding.size else {
            if appKit { return "`NSFont.preferredFont(forTextStyle:)`" }
            if uiKit { return "`UIFont.preferredFont(forTextStyle:)` or `UIFontMetrics`" }
            return "a text style (`.body`, `.headline`, …) or a `@ScaledMetric` size"
        }
        let style = self.style(for: finding, site: i, size: size)
        let number = pointText(size)
        if appKit { return "`NSFont.preferredFont(forTextStyle: .\(style.uiKitName))`" }
        let scaledValue = "`UIFontMetrics(forTextStyle: .\(style.uiKitName)).scaledValue(for: \(number))`"
        if !finding.isTextContext {
            let property = "`@ScaledMetric(relativeTo: .\(style.name)) var size: CGFloat = \(number)`"
            if uiKit { return scaledValue }
            guard outsideView else { return property }
            return property + " in the view that shows it, passed in as a parameter, or " + scaledValue
                + " where UIKit is imported"
        }
        if let token = nearestEntry(
            in: scanner.configuration.tokens, size: size, weight: finding.weight, sizeOf: \.size, weightOf: \.weight)
        {
            return "`\(token.name)`"
        }
        let weight = finding.weight.flatMap { $0 == style.weight ? nil : $0 }
        if uiKit {
            return finding.api == "UIFont.systemFont(ofSize:)" && weight == nil
                ? "`UIFont.preferredFont(forTextStyle: .\(style.uiKitName))`"
                : "`UIFontMetrics(forTextStyle: .\(style.uiKitName)).scaledFont(for: …)`"
        }
        if finding.api.hasPrefix(".custom"), let name = scanner.arguments(open: i + 1).first {
            let font = scanner.excerpt(name.start, name.end - 1)
            return "`.custom(\(font), size: \(number), relativeTo: .\(style.name))`"
        }
        let weighted = weight.map { ".weight(.\($0.rawValue))" } ?? ""
        // A design written in place stays: `.system(.largeTitle, design: .rounded)` scales as the style does.
        if let design = finding.design { return "`.system(.\(style.name), design: .\(design))\(weighted)`" }
        return "`.\(style.name)\(weighted)`"
    }

    /// The curve of a symbol with no text beside it and no role: the largest style whose default size
    /// does not exceed the symbol's (a symbol is drawn a little larger than the text it goes with, so a
    /// 32 pt icon follows `.title`, a 14 pt one `.footnote`), the weight breaking the tie at 17.
    static func symbolStyle(size: Double, weight: FontWeight?) -> TextStyle {
        let below = TextStyle.iOS.filter { $0.size <= size }
        guard let largest = below.map(\.size).max() else { return TextStyle.iOS[TextStyle.iOS.count - 1] }
        return TextStyle.nearest(size: largest, weight: weight)
    }

    /// The call or declaration a bracket belongs to: `HStack` for `HStack {`, `toolbar` for `.toolbar {`,
    /// `emptyState` for `var emptyState: some View {`.
    func ownerName(ofBracket open: Int) -> String? {
        var k = open - 1
        if scanner.isPunct(k, ")"), scanner.partner[k] >= 0 { k = Int(scanner.partner[k]) - 1 }
        if scanner.isIdentifier(k) {
            if scanner.isWord(k, "View"), scanner.isWord(k - 1, "some"), scanner.isPunct(k - 2, ":") {
                return scanner.isIdentifier(k - 3) ? scanner.text(k - 3) : nil
            }
            return scanner.text(k)
        }
        return nil
    }

    /// Containers whose elements are stacked, not side by side.
    static let stackedContainers: Set<String> = ["VStack", "LazyVStack", "ZStack", "LazyVGrid", "LazyHGrid", "Grid"]

    /// The style of the nearest `Text` in the same closure as the site (a horizontal stack, a row, a label).
    /// A text above or below the symbol in a vertical stack (`VStack`, `LazyVStack`, `ZStack`, a grid, or
    /// the views of a `some View` body, stacked) is not beside it: a 64 pt hero over a caption keeps its
    /// own curve.
    mutating func styleOfTextBeside(_ i: Int) -> TextStyle? {
        let brace = scanner.enclosingBrace(i)
        guard brace >= 0, scanner.structure?.bodyByOpen[brace] == nil,
            !Self.stackedContainers.contains(ownerName(ofBracket: brace) ?? ""),
            !(scanner.isWord(brace - 1, "View") && scanner.isWord(brace - 2, "some"))
        else { return nil }
        let texts = textStyles(inClosure: brace)
        // The nearest by token distance, the earlier on a tie.
        let low = texts.partitionIndex { $0.token < i }
        let before = low > 0 ? texts[low - 1] : nil
        let after = low < texts.count ? texts[low] : nil
        guard let before else { return after?.style }
        guard let after, after.token - i < i - before.token else { return before.style }
        return after.style
    }

    /// The `Text`s directly in the closure `{` at `brace`, in order, each with the style it follows: its
    /// `.font(.style)`, the style the fix chooses for its fixed size (`styleOfFixedText(fontModifier:)`),
    /// else the font set on the closure's container, else Body; a text whose font is neither is left out.
    /// Worked out once per closure: reading a closure again for each symbol in it made a row of n symbols
    /// cost n².
    mutating func textStyles(inClosure brace: Int) -> [(token: Int, style: TextStyle)] {
        if let known = textStylesByBrace[brace] { return known }
        if textsByBrace == nil {
            var found: [Int: [Int]] = [:]
            for k in tokens.indices where scanner.isWord(k, "Text") && scanner.isPunct(k + 1, "(") {
                let open = scanner.enclosingBrace(k)
                if open >= 0, scanner.partner[k + 1] > k + 1 { found[open, default: []].append(k) }
            }
            textsByBrace = found
        }
        var result: [(token: Int, style: TextStyle)] = []
        let close = Int(scanner.partner[brace])
        // A text without a font of its own follows the font set on its container, else Body.
        var inherited = "body"
        if close > brace {
            for modifier in scanner.modifiers(after: close) where scanner.isWord(modifier, "font") {
                if let name = scanner.arguments(open: modifier + 1).first.flatMap(scanner.memberName) {
                    inherited = name
                }
            }
        }
        for k in textsByBrace?[brace] ?? [] {
            var style: TextStyle?
            var hasFont = false
            for modifier in scanner.modifiers(after: Int(scanner.partner[k + 1])) where scanner.isWord(modifier, "font")
            {
                hasFont = true
                let args = scanner.arguments(open: modifier + 1)
                if let name = args.first.flatMap(scanner.memberName) {
                    style = TextStyle.iOS.first { $0.name == name }
                } else {
                    style = styleOfFixedText(fontModifier: modifier)
                }
            }
            if !hasFont { style = TextStyle.iOS.first { $0.name == inherited } }
            if let style { result.append((k, style)) }
        }
        textStylesByBrace[brace] = result
        return result
    }

    /// The style the fix chooses for a text whose `.font(…)` modifier (its name at `modifier`) sets a fixed
    /// size it rewrites (`style(for:site:size:)`, the size followed through a constant holding a number),
    /// so a symbol beside it scales as the text will; nil when the modifier sets none, or one the fix
    /// leaves (suppressed, sized from outside the file).
    mutating func styleOfFixedText(fontModifier modifier: Int) -> TextStyle? {
        let open = modifier + 1
        let close = Int(scanner.partner[open])
        guard close > open else { return nil }
        // The first site inside the modifier's parentheses, found in `sitesInOrder`.
        let low = sitesInOrder.partitionIndex { $0.site <= open }
        guard low < sitesInOrder.count, sitesInOrder[low].site < close else { return nil }
        let n = sitesInOrder[low].finding
        let finding = scanner.findings[n]
        guard finding.rule == .fixedSize, finding.isTextContext, finding.suppression == nil,
            finding.unknownSource == nil
        else { return nil }
        var size = finding.size
        if size == nil,
            let argument = scanner.arguments(open: scanner.sites[n] + 1).first(where: {
                $0.label == "size" || $0.label == "fixedSize"
            }), let named = namedSize(argument)
        {
            size = number(of: named)
        }
        return size.map { style(for: finding, site: scanner.sites[n], size: $0) }
    }

    // MARK: UIKit

    /// `UIFont.systemFont(ofSize: N)` → `UIFontMetrics(forTextStyle: .style).scaledFont(for: …)`, and the
    /// label it is assigned to adjusts to content size changes.
    mutating func uiKit(_ finding: FontFinding, site i: Int, size: Double) {
        let isNamed = finding.api.hasSuffix("(name:size:)")
        var start = scanner.expressionStart(name: i)
        var open = i + 1
        if isNamed {
            start = i
            if scanner.isPunct(open, "."), scanner.isWord(open + 1, "init") { open += 2 }
        }
        var end = Int(scanner.partner[open])
        if isNamed {
            guard scanner.isPunct(end + 1, "!"), tokens[end + 1].start == tokens[end].end else {
                skip(finding, .unsupported("`UIFont(name:size:)` is optional; unwrap it before it can be scaled"))
                return
            }
            end += 1
        }
        let weight = finding.weight ?? .regular
        if finding.api == "UIFont.systemFont(ofSize:)",
            let exact = TextStyle.iOS.first(where: { $0.size == size && $0.weight == weight })
        {
            // The style's own font: the same at the default size, and what a team writes.
            let code = "UIFont.preferredFont(forTextStyle: .\(exact.uiKitName))"
            replace(start, end, with: scanner.isPunct(start, ".") ? String(code.dropFirst(6)) : code)
            change(finding, .textStyle, "`\(code)`")
        } else {
            let style = TextStyle.nearest(size: size, weight: finding.weight).uiKitName
            let wrapped = "UIFontMetrics(forTextStyle: .\(style)).scaledFont(for: \(source(start, end)))"
            replace(start, end, with: wrapped)
            change(finding, .fontMetrics, "`UIFontMetrics(forTextStyle: .\(style)).scaledFont(for: …)`")
        }
        // label.font = …: the label follows later changes of the content size too.
        guard scanner.isPunct(start - 1, "="), !scanner.isPunct(start - 2, "="), scanner.isWord(start - 2, "font"),
            scanner.isPunct(start - 3, ".")
        else { return }
        let receiverEnd = start - 4
        var receiverStart = receiverEnd
        while receiverStart > 0,
            scanner.isPunct(receiverStart - 1, ".") || scanner.isPunct(receiverStart - 1, "?")
                || scanner.isPunct(receiverStart - 1, "!"),
            scanner.isIdentifier(receiverStart - 2) || scanner.isPunct(receiverStart - 1, "?")
                || scanner.isPunct(receiverStart - 1, "!")
        {
            receiverStart -= scanner.isPunct(receiverStart - 1, ".") ? 2 : 1
        }
        guard receiverStart >= 0, receiverStart <= receiverEnd, scanner.isIdentifier(receiverStart) else { return }
        let receiver = source(receiverStart, receiverEnd)
        let block = scanner.enclosingBrace(i)
        // An unclosed block (a file cut short) runs to the end of the file.
        let blockEnd = block >= 0 && scanner.partner[block] > block ? Int(scanner.partner[block]) : tokens.count
        for k in max(block, 0)..<blockEnd where scanner.isWord(k, "adjustsFontForContentSizeCategory") {
            let length = receiverEnd - receiverStart + 1
            if k - 1 - length >= 0, source(k - 1 - length, k - 2) == receiver { return }
        }
        let lineStart = self.lineStart(of: tokens[receiverStart].start)
        let indentation = bytes[lineStart..<tokens[receiverStart].start].filter { $0 == 32 || $0 == 9 }
        guard let newline = (tokens[end].end..<bytes.count).first(where: { bytes[$0] == 10 }) else { return }
        let eol: [UInt8] = newline > 0 && bytes[newline - 1] == 13 ? [13, 10] : [10]
        let line = Array(indentation) + Array("\(receiver).adjustsFontForContentSizeCategory = true".utf8) + eol
        edits.append(ByteEdit(range: (newline + 1)..<(newline + 1), replacement: line, decision: current))
    }

    func lineStart(of offset: Int) -> Int {
        var k = offset
        while k > 0, bytes[k - 1] != 10 { k -= 1 }
        return k
    }

    // MARK: Declarations

    /// Adds the new `@ScaledMetric` properties at the top of each type's declaration, indented as its
    /// first member, with the file's line ending.
    mutating func addDeclarations() {
        guard let structure = scanner.structure else { return }
        for (typeName, declarations) in additions.sorted(by: { $0.key < $1.key }) {
            guard let body = structure.bodies.first(where: { $0.name == typeName && !$0.isExtension }) else { continue }
            let open = body.open
            let afterBrace = tokens[open].end
            let first = open + 1
            if first < tokens.count, first != body.close, !scanner.startsLine(first) {
                let text = declarations.map { " " + $0 + ";" }.joined()
                edits.append(ByteEdit(range: afterBrace..<afterBrace, replacement: Array(text.utf8)))
                continue
            }
            guard let newline = (afterBrace..<bytes.count).first(where: { bytes[$0] == 10 }) else { continue }
            let eol: [UInt8] = bytes[newline - 1] == 13 ? [13, 10] : [10]
            var indentation: [UInt8]
            let reference = first < tokens.count && first != body.close ? first : body.close
            let referenceStart = lineStart(of: tokens[reference].start)
            indentation = Array(bytes[referenceStart..<tokens[reference].start].prefix { $0 == 32 || $0 == 9 })
            if reference == body.close {
                indentation += indentation.first == 9 ? [9] : Array(repeating: 32, count: 4)
            }
            var text: [UInt8] = []
            for declaration in declarations { text += indentation + Array(declaration.utf8) + eol }
            edits.append(ByteEdit(range: (newline + 1)..<(newline + 1), replacement: text))
        }
    }

    /// The file with the edits applied (overlapping ones after the first, in file order, dropped), the
    /// edits kept and those dropped.
    func applied() -> (bytes: [UInt8], edits: [ByteEdit], dropped: [ByteEdit]) {
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
        var kept: [ByteEdit] = []
        var dropped: [ByteEdit] = []
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 256)
        var position = 0
        for edit in ordered {
            guard edit.range.lowerBound >= position else {
                dropped.append(edit)
                continue
            }
            result += bytes[position..<edit.range.lowerBound]
            result += edit.replacement
            position = edit.range.upperBound
            kept.append(edit)
        }
        result += bytes[position...]
        return (result, kept, dropped)
    }

    /// The file with the edits applied, and the edits kept. Two edits that overlap cannot both be made:
    /// a site whose rewrite would lose one is left whole (none of its edits made, so no half rewrite),
    /// its decision turned into a `leave` naming the line whose rewrite changes the same code, with what
    /// the fix would have written as what to write by hand; the rest are applied again, until no rewrite
    /// loses an edit. Before, such a site was counted as changed and silently not (fully) written.
    mutating func settled() -> (bytes: [UInt8], edits: [ByteEdit]) {
        while true {
            let result = applied()
            var lost: [Int: ByteEdit] = [:]
            for edit in result.dropped {
                guard let n = edit.decision, case .change? = decisions[n], lost[n] == nil else { continue }
                lost[n] = edit
            }
            guard !lost.isEmpty else { return (result.bytes, result.edits) }
            for (n, edit) in lost {
                guard case .change(let change)? = decisions[n] else { continue }
                let holder = result.edits.last { $0.range.lowerBound <= edit.range.lowerBound }
                let line = scanner.lineAndColumn(of: holder?.range.lowerBound ?? edit.range.lowerBound).line
                decisions[n] = .leave(
                    FontFixSkip(
                        line: change.line, column: change.column, excerpt: change.before,
                        reason: .overlappingRewrite("the rewrite at line \(line) changes the same code"),
                        byHand: change.after))
            }
            edits.removeAll { $0.decision.map { lost[$0] != nil } ?? false }
        }
    }
}

extension FontFileScanner {
    /// Whether any identifier of the file is `name`.
    func usesName(_ name: String) -> Bool {
        let wanted = Array(name.utf8)
        for token in tokens where token.kind == .identifier && token.end - token.start == wanted.count {
            if bytes[token.start..<token.end].elementsEqual(wanted) { return true }
        }
        return false
    }
}
