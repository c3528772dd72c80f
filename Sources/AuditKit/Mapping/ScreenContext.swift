/// What one screen of a report tells about where its issues come from: all its issues were on screen
/// together, so they come from one root view and the views it composes.
struct ScreenContext {
    /// The view whose subtree holds a candidate for the most of the screen's issues (ties: the smaller
    /// subtree, then the name); nil when no issue has a candidate in a view.
    var root: String?
    /// Per graph node (numbered as in `GraphWalks`): its depth in the root's subtree, -1 outside.
    var depths: [Int32] = []
    /// How many of the screen's issues have a candidate in the root's subtree.
    var explained = 0
    /// How many of the screen's issues have a candidate in any type.
    var voters = 0
    /// Per graph node: how many issues of the screen have a candidate directly in it.
    var matches: [Int32] = []
    /// Per graph node: how many issues of the screen have their only candidates directly in it.
    var distinctive: [Int32] = []
    /// Whether the root is an ancestor of every other screen's root, so its subtree tells nothing.
    var rootIsUniversal = false
    /// The order the root's body composes the views of its subtree; nil without a root.
    var composition: Composition?

    /// The depth of `node` in the root's subtree, nil outside it (or for no node).
    func depth(of node: Int32) -> Int? {
        guard node >= 0, Int(node) < depths.count, depths[Int(node)] >= 0 else { return nil }
        return Int(depths[Int(node)])
    }

    /// How many issues of the screen have a candidate directly in `node`.
    func matches(in node: Int32) -> Int {
        guard node >= 0, Int(node) < matches.count else { return 0 }
        return Int(matches[Int(node)])
    }

    /// How many issues of the screen have their only candidates directly in `node`.
    func distinctiveMatches(in node: Int32) -> Int {
        guard node >= 0, Int(node) < distinctive.count else { return 0 }
        return Int(distinctive[Int(node)])
    }

    /// Whether the screen has a root whose subtree tells where its issues are: a root that is not an ancestor
    /// of every screen's.
    var hasTellingRoot: Bool { root != nil && !rootIsUniversal }

    /// The `why` fragment naming the root, e.g. "inside HomeView's subtree, which explains 9 of the screen's
    /// 11 issues".
    var rootPhrase: String {
        guard let root else { return "" }
        return "inside \(root)'s subtree, which explains \(explained) of the screen's \(voters) issue"
            + (voters == 1 ? "" : "s")
    }
}

/// The order a root's body composes the views of its subtree: a walk from the root that enters each child
/// where its parent's code first creates it, the children of a view in the order its body shows them, so a
/// row used first but declared lower in the file comes first; inside one view, the order its body uses its
/// own members (`ViewGraph.memberPaths`: `var body { header; content }` shows `header` first, wherever it is
/// declared).
struct Composition {
    /// A place in a view: its graph node, file, line and the member whose body holds it.
    typealias Place = (node: Int32, file: String, line: Int, member: String?)

    /// Per graph node: its position in the walk, -1 outside the subtree.
    var order: [Int32]
    /// Per graph node: the node the walk entered it from, -1 for the root and outside.
    var parent: [Int32]
    /// Per graph node: the position, in its walk parent's `uses`, of the creation the walk entered it by.
    var via: [Int32]
    /// Per graph node: the children it creates, in order, with the file, line and member of each first
    /// creation.
    var uses: [[(node: Int32, file: String, line: Int, member: String?)]]
    /// Per graph node: `ViewGraph.memberPaths` of its type.
    var memberPaths: [[String: [Int]]]

    /// Whether the text at `a` comes before the one at `b` where the root's body composes them: in one view,
    /// by the members its body uses first; a view's own text before or after a child by where the child is
    /// created; otherwise the walk's order. Nil when that does not tell them apart (one member of one view),
    /// or either is outside the subtree (source order decides).
    func precedes(_ a: Place, _ b: Place) -> Bool? {
        guard inside(a.node), inside(b.node) else { return nil }
        if a.node == b.node {
            let (x, y) = (path(a), path(b))
            return x == y ? nil : x.lexicographicallyPrecedes(y)
        }
        if let use = creation(below: a.node, toward: b.node) {
            return !isBefore((a.node, use.file, use.line, use.member), a)
        }
        if let use = creation(below: b.node, toward: a.node) {
            return isBefore((b.node, use.file, use.line, use.member), b)
        }
        return order[Int(a.node)] < order[Int(b.node)]
    }

    /// The path of uses from the body to `place`'s member ([] for the body or a member it does not reach).
    private func path(_ place: Place) -> [Int] {
        guard let member = place.member, Int(place.node) < memberPaths.count else { return [] }
        return memberPaths[Int(place.node)][member] ?? []
    }

    /// Whether `a` comes before `b` in one view: by member path, then file, then line.
    private func isBefore(_ a: Place, _ b: Place) -> Bool {
        let (x, y) = (path(a), path(b))
        if x != y { return x.lexicographicallyPrecedes(y) }
        return (a.file, a.line) < (b.file, b.line)
    }

    private func inside(_ node: Int32) -> Bool { node >= 0 && Int(node) < order.count && order[Int(node)] >= 0 }

    /// Where `ancestor` creates the child through which the walk reaches `node`; nil when the walk does not
    /// reach `node` through `ancestor`.
    private func creation(below ancestor: Int32, toward node: Int32) -> (file: String, line: Int, member: String?)? {
        guard order[Int(ancestor)] < order[Int(node)] else { return nil }
        var current = node
        while parent[Int(current)] >= 0 {
            let up = parent[Int(current)]
            if up == ancestor {
                let use = uses[Int(up)][Int(via[Int(current)])]
                return (use.file, use.line, use.member)
            }
            current = up
        }
        return nil
    }
}

/// The view composition graph with numbered nodes (the source index's `ownerNames` first, so a literal's
/// owner number is its node), and memoised walks shared by every screen of one mapping. Numbers keep the
/// votes of a text every view shows (thousands of candidates) to array work.
struct GraphWalks {
    private(set) var names: [String]
    private var numbers: [String: Int32]
    private var parents: [[Int32]]
    private var children: [[Int32]]
    /// Per node, the children it creates in composition order (`ViewGraph.uses`).
    private var uses: [[(node: Int32, file: String, line: Int, member: String?)]]
    /// Per node, its type's `ViewGraph.memberPaths`.
    private var memberPaths: [[String: [Int]]]
    private var depthsByRoot: [Int32: [Int32]] = [:]
    private var compositionByRoot: [Int32: Composition] = [:]
    private var sizes: [Int32: Int] = [:]
    /// Scratch for walking up: the issue that last reached each node.
    private var stamp: [Int32]

    init(graph: ViewGraph, ownerNames: [String]) {
        names = ownerNames
        numbers = [:]
        for (n, name) in ownerNames.enumerated() { numbers[name] = Int32(n) }
        func number(_ name: String, _ names: inout [String], _ numbers: inout [String: Int32]) -> Int32 {
            if let known = numbers[name] { return known }
            let n = Int32(names.count)
            names.append(name)
            numbers[name] = n
            return n
        }
        var edges: [(Int32, Int32)] = []
        for (from, list) in graph.children.sorted(by: { $0.key < $1.key }) {
            let a = number(from, &names, &numbers)
            for to in list { edges.append((a, number(to, &names, &numbers))) }
        }
        parents = Array(repeating: [], count: names.count)
        children = Array(repeating: [], count: names.count)
        for (a, b) in edges {
            children[Int(a)].append(b)
            parents[Int(b)].append(a)
        }
        stamp = Array(repeating: -1, count: names.count)
        memberPaths = Array(repeating: [:], count: names.count)
        uses = Array(repeating: [], count: names.count)
        for (from, list) in graph.uses {
            guard let a = numbers[from] else { continue }
            uses[Int(a)] = list.compactMap { use in numbers[use.child].map { ($0, use.file, use.line, use.member) } }
        }
        for (type, paths) in graph.memberPaths {
            if let n = numbers[type] { memberPaths[Int(n)] = paths }
        }
    }

    /// The composition order of the subtree of `root` (memoised per root).
    mutating func composition(from root: Int32) -> Composition {
        if let known = compositionByRoot[root] { return known }
        var order = Array(repeating: Int32(-1), count: names.count)
        var parent = order
        var via = order
        order[Int(root)] = 0
        var next: Int32 = 1
        // Depth first without recursion (a chain of views can be thousands deep).
        var stack: [(node: Int32, child: Int)] = [(root, 0)]
        while let top = stack.last {
            let list = uses[Int(top.node)]
            if top.child >= list.count {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].child += 1
            let child = list[top.child].node
            if order[Int(child)] >= 0 { continue }
            order[Int(child)] = next
            next += 1
            parent[Int(child)] = top.node
            via[Int(child)] = Int32(top.child)
            stack.append((child, 0))
        }
        let made = Composition(order: order, parent: parent, via: via, uses: uses, memberPaths: memberPaths)
        compositionByRoot[root] = made
        return made
    }

    /// The number of the node named `name`, if the graph or the index knows it.
    func number(of name: String) -> Int32? { numbers[name] }

    /// Depth of every node in the subtree of `root` (-1 outside).
    mutating func depths(from root: Int32) -> [Int32] {
        if let known = depthsByRoot[root] { return known }
        var depths = Array(repeating: Int32(-1), count: names.count)
        depths[Int(root)] = 0
        var queue = [root]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for child in children[Int(node)] where depths[Int(child)] < 0 {
                depths[Int(child)] = depths[Int(node)] + 1
                queue.append(child)
            }
        }
        depthsByRoot[root] = depths
        sizes[root] = queue.count
        return depths
    }

    private mutating func size(of node: Int32) -> Int {
        if let known = sizes[node] { return known }
        _ = depths(from: node)
        return sizes[node]!
    }

    /// The votes of a screen whose issues have candidates in `nodesPerIssue` (distinct nodes per issue).
    mutating func votes(nodesPerIssue: [[Int32]]) -> ScreenVotes {
        var votes = ScreenVotes()
        votes.counts = Array(repeating: 0, count: names.count)
        votes.matches = Array(repeating: 0, count: names.count)
        votes.distinctive = votes.matches
        var reached: [Int32] = []
        for (issue, nodes) in nodesPerIssue.enumerated() {
            // Walk up from every candidate at once: each ancestor is visited once per issue, however many of
            // the issue's candidates share it.
            let mark = Int32(truncatingIfNeeded: issue)
            var reach: [Int32] = []
            for node in nodes where stamp[Int(node)] != mark {
                stamp[Int(node)] = mark
                reach.append(node)
            }
            // Only a text found in one view tells which view holds the screen: a view that repeats other views'
            // texts (a chip row naming every section) gains nothing from the repeats.
            for node in nodes { votes.matches[Int(node)] += 1 }
            if nodes.count == 1 { votes.distinctive[Int(nodes[0])] += 1 }
            var head = 0
            while head < reach.count {
                for parent in parents[Int(reach[head])] where stamp[Int(parent)] != mark {
                    stamp[Int(parent)] = mark
                    reach.append(parent)
                }
                head += 1
            }
            if !nodes.isEmpty { votes.voters += 1 }
            for node in reach { votes.counts[Int(node)] += 1 }
            reached += reach
        }
        // Reset the scratch for the next screen (issue numbers start again at 0).
        for node in reached { stamp[Int(node)] = -1 }
        return votes
    }

    /// The context of a screen: its root is the view (`isView`) whose subtree holds a candidate of the most
    /// of the screen's issues, all of them together (ties: the smaller subtree, then the name). Types that are
    /// not views (a coordinator creating every screen, a model) are never the screen.
    mutating func context(votes: ScreenVotes, isView: (String) -> Bool) -> ScreenContext {
        var best: (node: Int32, count: Int, size: Int)?
        for (n, count32) in votes.counts.enumerated() where count32 > 0 {
            let node = Int32(n)
            let count = Int(count32)
            if let current = best, current.count > count { continue }
            guard isView(names[n]) else { continue }
            let size = size(of: node)
            if let current = best, current.count == count, (current.size, names[Int(current.node)]) <= (size, names[n])
            {
                continue
            }
            best = (node, count, size)
        }
        var context = ScreenContext()
        context.matches = votes.matches
        context.distinctive = votes.distinctive
        context.voters = votes.voters
        guard let best else { return context }
        context.root = names[Int(best.node)]
        context.depths = depths(from: best.node)
        context.composition = composition(from: best.node)
        context.explained = best.count
        return context
    }
}

/// The votes of one screen's issues for a root.
struct ScreenVotes {
    /// Per node: how many issues have a candidate in its subtree.
    var counts: [Int32] = []
    /// How many issues have a candidate in any node.
    var voters = 0
    /// Per node: how many issues have a candidate directly in it.
    var matches: [Int32] = []
    /// Per node: how many issues have their only candidates directly in it.
    var distinctive: [Int32] = []
}
