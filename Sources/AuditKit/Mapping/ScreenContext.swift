/// What one screen of a report tells about where one of its issues comes from: all its issues were on screen
/// together, so they come from one root view and the views it composes.
struct ScreenContext {
    /// The view whose subtree holds a candidate for the most of the screen's other issues (ties: the smaller
    /// subtree, then the name); nil when no other issue has a candidate in the sources' types.
    var root: String?
    /// The root's subtree with depths (root 0).
    var subtree: [String: Int] = [:]
    /// How many of the other issues have a candidate in the root's subtree.
    var explained = 0
    /// How many of the other issues have a candidate in any type.
    var voters = 0
    /// For each type, how many issues of the screen have a candidate directly in it.
    var matchesByView: [String: Int] = [:]

    /// The `why` fragment naming the root, e.g. "inside HomeView's subtree, which explains 9 of 11 other
    /// issues" (the issue at hand does not vote for its own root).
    var rootPhrase: String {
        guard let root else { return "" }
        return "inside \(root)'s subtree, which explains \(explained) of the screen's \(voters) other issue"
            + (voters == 1 ? "" : "s")
    }
}

/// Memoised graph walks shared by every screen of one mapping.
struct GraphWalks {
    let graph: ViewGraph
    private var subtrees: [String: [String: Int]] = [:]

    init(graph: ViewGraph) { self.graph = graph }

    mutating func subtree(of node: String) -> [String: Int] {
        if let known = subtrees[node] { return known }
        let found = graph.subtree(of: node)
        subtrees[node] = found
        return found
    }

    /// The context of a screen whose issues have candidates in `nodesPerIssue` (one set per issue, any rank).
    mutating func context(nodesPerIssue: [Set<String>]) -> ScreenVotes {
        var votes = ScreenVotes()
        for nodes in nodesPerIssue {
            // Walk up from every candidate at once: each ancestor is visited once per issue, however many of
            // the issue's candidates share it (a text every view shows reaches the whole tree only once).
            var reach = Set<String>()
            var pending: [String] = []
            for node in nodes {
                votes.matchesByView[node, default: 0] += 1
                if reach.insert(node).inserted { pending.append(node) }
            }
            while let current = pending.popLast() {
                for parent in graph.parents[current] ?? [] where reach.insert(parent).inserted {
                    pending.append(parent)
                }
            }
            if !nodes.isEmpty { votes.voters += 1 }
            for node in reach { votes.counts[node, default: 0] += 1 }
            votes.reaches.append(reach)
        }
        let best = votes.counts.values.max() ?? 0
        for (name, count) in votes.counts where count >= best - 1 && count > 0 {
            votes.leaders.append((name, count, subtree(of: name).count))
        }
        votes.leaders.sort { ($1.count, $0.size, $0.name) < ($0.count, $1.size, $1.name) }
        return votes
    }

    /// The root for issue `issue` of a screen: chosen by the votes of the screen's other issues, so an
    /// issue's own candidates never vouch for themselves (and one issue alone has no root).
    mutating func context(for issue: Int, votes: ScreenVotes) -> ScreenContext {
        let own = votes.reaches[issue]
        var best: (name: String, count: Int, size: Int)?
        for leader in votes.leaders {
            let count = leader.count - (own.contains(leader.name) ? 1 : 0)
            guard count > 0 else { continue }
            if let current = best, (current.count, -current.size) >= (count, -leader.size) { continue }
            best = (leader.name, count, leader.size)
        }
        var context = ScreenContext()
        context.matchesByView = votes.matchesByView
        guard let best else { return context }
        context.root = best.name
        context.subtree = subtree(of: best.name)
        context.explained = best.count
        context.voters = votes.voters - (own.isEmpty ? 0 : 1)
        return context
    }
}

/// The votes of one screen's issues for a root.
struct ScreenVotes {
    /// For each type, how many issues have a candidate in its subtree.
    var counts: [String: Int] = [:]
    /// Per issue (in order), the types whose subtree holds one of its candidates.
    var reaches: [Set<String>] = []
    /// How many issues have a candidate in any type.
    var voters = 0
    /// For each type, how many issues have a candidate directly in it.
    var matchesByView: [String: Int] = [:]
    /// The types with the most votes or one less, best first (more votes, smaller subtree, name).
    var leaders: [(name: String, count: Int, size: Int)] = []
}
