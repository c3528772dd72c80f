/// `scan --fix` for a size computed from a few numbers: in place (`isCompact ? 14 : 18`,
/// `lerp(32, 18, collapseProgress)`) or in the view's own computed property or function
/// (`var iconSize: CGFloat { switch size { case .small: 14 … } }`).
extension FontFixPlanner {
    /// A `.system(size:)` whose size comes from number literals only (`FontFileScanner.literalSources(of:)`),
    /// each written in the size argument or in the body of an instance computed property or function of the
    /// view around the site: each number becomes a `@ScaledMetric` property of the view on the curve of its
    /// own size (a title collapsing from 32 to 18 follows `.largeTitle` and `.headline`, as a team migrates
    /// it), and the computation stays, now of scaled numbers. Whether it decided the finding: not when a
    /// number sits where a property cannot replace it (a stored property's initial value, a `static` member,
    /// another type), which `named(_:site:)` then leaves with its reason.
    mutating func scaleLiterals(_ finding: FontFinding, site i: Int, argument: FontFileScanner.Argument) -> Bool {
        guard finding.api == ".system(size:)", let literals = scanner.literalSources(of: argument),
            let typeIndex = scanner.enclosingType(i), let structure = scanner.structure
        else { return false }
        let typeName = structure.bodies[typeIndex].name
        let holders = (structure.membersByType[typeName]?.values.joined().map { structure.members[$0] } ?? [])
            .filter { !$0.isStatic && $0.body != nil }
        var unique: [Range<Int>] = []
        for range in literals where !unique.contains(range) { unique.append(range) }
        let replaceable = unique.filter { range in
            range.lowerBound >= argument.start && range.upperBound <= argument.end
                || holder(of: range, among: holders) != nil
        }
        guard replaceable.count == unique.count else {
            // Numbers of another type's computation (`size.iconSize`, its `switch self`): one factor for all.
            let elsewhere = unique.allSatisfy { range in
                scanner.enclosingType(range.lowerBound).map { structure.bodies[$0].name != typeName } ?? false
            }
            guard elsewhere, replaceable.isEmpty else { return false }
            scaleFactor(finding, site: i, argument: argument, numbers: unique)
            return true
        }
        guard let (_, members) = enclosingView(finding, site: i) else { return true }
        let suffix = finding.isTextContext ? "Size" : "IconSize"
        for range in unique {
            guard
                let size = scanner.number(
                    FontFileScanner.Argument(label: nil, start: range.lowerBound, end: range.upperBound))
            else { continue }
            let (style, role) = styleAndRole(for: finding, site: i, size: size)
            let holder = holder(of: range, among: holders)
            let label = holder.flatMap { _ in caseLabel(of: range.lowerBound) }
            let preferred =
                label.map { $0 + capitalized(holder?.name ?? suffix) }
                ?? (unique.count > 1 ? style.name + suffix : nil)
            pendingProperties.append(
                PendingProperty(
                    decision: current, typeName: typeName, style: style.name, value: source(range),
                    element: unique.count > 1 ? nil : elementWord(site: i, isText: finding.isTextContext), role: role,
                    base: finding.isTextContext ? "textSize" : "iconSize", isText: finding.isTextContext,
                    argument: range, members: members, preferred: preferred))
        }
        change(finding, .scaledMetric, "")
        return true
    }

    /// A size computed by another type from numbers it holds (`size.iconSize`, `switch self { case .small: 14 …
    /// }` in an enum, which no property can reach into): the argument times one `@ScaledMetric` factor of the
    /// view starting at 1, on the curve of the middle number (`size.iconSize * iconScale`), shared by the sites
    /// of the view on that curve.
    mutating func scaleFactor(
        _ finding: FontFinding, site i: Int, argument: FontFileScanner.Argument, numbers: [Range<Int>]
    ) {
        guard let (typeName, members) = enclosingView(finding, site: i) else { return }
        let sizes = numbers.compactMap {
            scanner.number(FontFileScanner.Argument(label: nil, start: $0.lowerBound, end: $0.upperBound))
        }.sorted()
        guard !sizes.isEmpty else { return }
        let style = styleAndRole(for: finding, site: i, size: sizes[(sizes.count - 1) / 2]).style
        // `a + b` is multiplied whole; a name, a call or a member is not put in parentheses.
        let level = scanner.parent[argument.start]
        let plain = (argument.start..<argument.end).allSatisfy { k in
            tokens[k].kind != .punctuation || scanner.parent[k] != level
                || [UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]")]
                    .contains(tokens[k].byte)
        }
        let product =
            plain ? source(argument.start, argument.end - 1) : "(" + source(argument.start, argument.end - 1) + ")"
        let element = elementWord(site: i, isText: finding.isTextContext)
        pendingProperties.append(
            PendingProperty(
                decision: current, typeName: typeName, style: style.name, value: "1", element: nil, role: nil,
                base: finding.isTextContext ? "textScale" : "iconScale", isText: finding.isTextContext,
                argument: argument.start..<argument.end, members: members, preferred: element.map { $0 + "Scale" },
                product: product))
        change(finding, .scaledMetric, "")
    }

    /// The instance computed property or function among `holders` whose body holds `range`.
    func holder(of range: Range<Int>, among holders: [SourceStructure.Member]) -> SourceStructure.Member? {
        holders.first { member in
            guard let body = member.body else { return false }
            return body < range.lowerBound && Int(scanner.partner[body]) >= range.upperBound
        }
    }

    /// The enum case a `switch` branch holding token `k` matches (`small` for `case .small: 14`), when the
    /// branch is one `case .name:`.
    func caseLabel(of k: Int) -> String? {
        let level = Int(scanner.parent[k])
        var j = k - 1
        var steps = 0
        while j > level, steps < FontFileScanner.maxChainModifiers {
            steps += 1
            if tokens[j].kind == .punctuation, scanner.partner[j] >= 0, scanner.partner[j] < j {
                j = Int(scanner.partner[j]) - 1
                continue
            }
            if scanner.isWord(j, "case") || scanner.isWord(j, "default") {
                guard scanner.isPunct(j + 1, "."), scanner.isIdentifier(j + 2), scanner.isPunct(j + 3, ":") else {
                    return nil
                }
                return scanner.text(j + 2)
            }
            j -= 1
        }
        return nil
    }
}
