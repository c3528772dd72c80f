/// What one screen of a report tells about where one of its issues comes from: all its issues were on screen
/// together, so they come from one root view and the views it composes.
struct ScreenContext {
    /// The view whose subtree holds a candidate for the most of the screen's other issues (ties: the smaller
    /// subtree, then the name); nil when no other issue has a candidate in the sources' types.
    var root: String?
    /// Per graph node (numbered as in `GraphWalks`): its depth in the root's subtree, -1 outside.
    var depths: [Int32] = []
    /// How many of the other issues have a candidate in the root's subtree.
    var explained = 0
    /// How many of the other issues have a candidate in any type.
    var voters = 0
    /// Per graph node: how many issues of the screen have a candidate directly in it.
    var matches: [Int32] = []
    /// Per graph node: how many issues of the screen have their only candidates directly in it.
    var distinctive: [Int32] = []
    /// Whether the root is an ancestor of every other screen's root, so its subtree tells nothing.
    var rootIsUniversal = false

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

    /// The `why` fragment naming the root, e.g. "inside HomeView's subtree, which explains 9 of 11 other
    /// issues" (the issue at hand does not vote for its own root).
    var rootPhrase: String {
        guard let root else { return "" }
        return "inside \(root)'s subtree, which explains \(explained) of the screen's \(voters) other issue"
            + (voters == 1 ? "" : "s")
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
    private var depthsByRoot: [Int32: [Int32]] = [:]
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
            votes.reaches.append(reach)
        }
        // Reset the scratch for the next screen (issue numbers start again at 0).
        for reach in votes.reaches { for node in reach { stamp[Int(node)] = -1 } }
        let best = votes.counts.max() ?? 0
        for (node, count) in votes.counts.enumerated() where count > 0 && count >= best - 1 {
            votes.leaders.append((Int32(node), Int(count)))
        }
        return votes
    }

    /// The context for issue `issue` of a screen: the root chosen by the votes of the screen's other issues,
    /// so an issue's own candidates never vouch for themselves (and one issue alone has no root).
    mutating func context(for issue: Int, votes: ScreenVotes) -> ScreenContext {
        var top = 0
        for leader in votes.leaders { top = max(top, leader.count) }
        // Only nodes with the most votes, or one less, can win once this issue's votes are taken away.
        let reach = Set(votes.reaches[issue].lazy.filter { votes.counts[Int($0)] >= top - 1 })
        var best: (node: Int32, count: Int, size: Int)?
        for leader in votes.leaders {
            let count = leader.count - (reach.contains(leader.node) ? 1 : 0)
            guard count > 0 else { continue }
            if let current = best, current.count > count { continue }
            let size = size(of: leader.node)
            if let current = best, current.count == count,
                (current.size, names[Int(current.node)]) <= (size, names[Int(leader.node)])
            {
                continue
            }
            best = (leader.node, count, size)
        }
        var context = ScreenContext()
        context.matches = votes.matches
        context.distinctive = votes.distinctive
        guard let best else { return context }
        context.root = names[Int(best.node)]
        context.depths = depths(from: best.node)
        context.explained = best.count
        context.voters = votes.voters - (votes.reaches[issue].isEmpty ? 0 : 1)
        return context
    }
}

/// The votes of one screen's issues for a root.
struct ScreenVotes {
    /// Per node: how many issues have a candidate in its subtree.
    var counts: [Int32] = []
    /// Per issue (in order), the nodes whose subtree holds one of its candidates.
    var reaches: [[Int32]] = []
    /// How many issues have a candidate in any node.
    var voters = 0
    /// Per node: how many issues have a candidate directly in it.
    var matches: [Int32] = []
    /// Per node: how many issues have their only candidates directly in it.
    var distinctive: [Int32] = []
    /// The nodes with the most votes or one less.
    var leaders: [(node: Int32, count: Int)] = []
}
