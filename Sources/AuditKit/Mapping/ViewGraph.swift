/// The view composition graph: for every declared type (extensions merged into the type they extend), the
/// declared types it creates as children (`HomeIncomeTile(`, `Row {`, `Header<…>(`, `Tile.init(`) and those
/// it presents (inside `.sheet`, `.fullScreenCover`, `.popover`, `.inspector`, `.navigationDestination` or a
/// `NavigationLink`'s destination). Children make a view's subtree; presentations are other screens.
///
/// Types are named by their simple name, as `IndexedLiteral.owner` names them.
public struct ViewGraph: Sendable {
    /// Each type's children, sorted, without repeats.
    public private(set) var children: [String: [String]]
    /// Each type's presented types, sorted, without repeats.
    public private(set) var presentations: [String: [String]]
    /// Each type's parents (the reverse of `children`), sorted.
    public private(set) var parents: [String: [String]]
    /// Each type's children in the order its body shows them (`compositionKey`; the edges' order where the
    /// keys are equal), each with the place of the creation that comes first.
    public private(set) var uses: [String: [ViewUse]]
    /// Per type, for each member its body reaches from `body` through the members it uses
    /// (`SwiftMemberUse`): the lines of the uses that lead there (`body` itself none).
    public private(set) var memberPaths: [String: [String: [Int]]]

    /// Where a type first creates a child.
    public struct ViewUse: Sendable, Hashable {
        /// The child type.
        public var child: String
        /// The file of the creation ("" when the graph was made from edges without places).
        public var file: String
        /// Its one-based line (0 when unknown).
        public var line: Int
        /// The member whose body creates it, if known.
        public var member: String?

        /// Creates a record.
        public init(child: String, file: String, line: Int, member: String? = nil) {
            self.child = child
            self.file = file
            self.line = line
            self.member = member
        }
    }

    /// Creates a graph from edges; repeated edges and self edges are dropped. `childPlaces`, when given, holds
    /// the file, line and member of each child edge, in step with `childEdges`; `uses` keeps each child's
    /// creation that comes first in `compositionKey` order (the edges' order among equal keys).
    public init(
        childEdges: [(from: String, to: String)], presentationEdges: [(from: String, to: String)],
        childPlaces: [(file: String, line: Int, member: String?)] = [], memberPaths: [String: [String: [Int]]] = [:]
    ) {
        func collect(_ edges: [(from: String, to: String)], reversed: Bool) -> [String: [String]] {
            var sets: [String: Set<String>] = [:]
            for edge in edges where edge.from != edge.to {
                if reversed {
                    sets[edge.to, default: []].insert(edge.from)
                } else {
                    sets[edge.from, default: []].insert(edge.to)
                }
            }
            return sets.mapValues { $0.sorted() }
        }
        children = collect(childEdges, reversed: false)
        parents = collect(childEdges, reversed: true)
        presentations = collect(presentationEdges, reversed: false)
        self.memberPaths = memberPaths
        var uses: [String: [ViewUse]] = [:]
        for (n, edge) in childEdges.enumerated() where edge.from != edge.to {
            let place = n < childPlaces.count ? childPlaces[n] : (file: "", line: 0, member: nil)
            uses[edge.from, default: []].append(
                ViewUse(child: edge.to, file: place.file, line: place.line, member: place.member))
        }
        // Stable: among equal keys the edges' order stays; then each child's first creation.
        for (from, list) in uses {
            let keys = list.map { Self.compositionKey(in: memberPaths, of: from, member: $0.member, line: $0.line) }
            let order = list.indices.sorted {
                keys[$0] != keys[$1] ? keys[$0].lexicographicallyPrecedes(keys[$1]) : $0 < $1
            }
            var seen = Set<String>()
            uses[from] = order.map { list[$0] }.filter { seen.insert($0.child).inserted }
        }
        self.uses = uses
    }

    /// Where a place of `type` (the member whose body holds it and its line) comes in what the type's body
    /// shows: its member's path (`memberPaths`) then its line, compared element by element; a member the body
    /// does not reach counts as the body itself at that line.
    public func compositionKey(of type: String, member: String?, line: Int) -> [Int] {
        Self.compositionKey(in: memberPaths, of: type, member: member, line: line)
    }

    private static func compositionKey(
        in memberPaths: [String: [String: [Int]]], of type: String, member: String?, line: Int
    ) -> [Int] {
        (member.flatMap { memberPaths[type]?[$0] } ?? []) + [line]
    }

    /// Each type's `memberPaths` from the names its members' bodies start statements with (`uses`, per type:
    /// the member using, the name used and the line) that are members of its own (`members`, per type): from
    /// `body`, each member reached first through the earliest use.
    public static func memberPaths(
        uses: [String: [(member: String, name: String, line: Int)]], members: [String: Set<String>]
    ) -> [String: [String: [Int]]] {
        var result: [String: [String: [Int]]] = [:]
        for (type, list) in uses {
            if let own = members[type], let paths = memberPaths(uses: list, members: own) { result[type] = paths }
        }
        return result
    }

    /// One type's `memberPaths` (`memberPaths(uses:members:)`), nil when its body reaches none of its members.
    static func memberPaths(uses: [(member: String, name: String, line: Int)], members own: Set<String>)
        -> [String: [Int]]?
    {
        guard own.contains("body") else { return nil }
        // A body's statements come in runs of one member using one name: each run is looked up once.
        var byMember: [String: [(name: String, line: Int)]] = [:]
        var run: (member: String, uses: [(name: String, line: Int)])?
        var last: (name: String, isOwn: Bool)?
        for use in uses {
            let isOwn = last?.name == use.name ? last!.isOwn : own.contains(use.name)
            last = (use.name, isOwn)
            guard isOwn else { continue }
            if run?.member != use.member {
                if let done = run { byMember[done.member, default: []] += done.uses }
                run = (use.member, [])
            }
            run!.uses.append((use.name, use.line))
        }
        guard let done = run else { return nil }
        byMember[done.member, default: []] += done.uses
        var paths: [String: [Int]] = ["body": []]
        var queue = ["body"]
        var head = 0
        while head < queue.count {
            let member = queue[head]
            head += 1
            for use in (byMember[member] ?? []).sorted(by: { $0.line < $1.line }) where paths[use.name] == nil {
                paths[use.name] = paths[member]! + [use.line]
                queue.append(use.name)
            }
        }
        return paths.count > 1 ? paths : nil
    }

    /// The subtree of `root`: every type reachable from it through child edges, with its depth (the root
    /// is 0; the shortest path counts).
    public func subtree(of root: String) -> [String: Int] {
        var depths = [root: 0]
        var queue = [root]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let depth = depths[node]! + 1
            for child in children[node] ?? [] where depths[child] == nil {
                depths[child] = depth
                queue.append(child)
            }
        }
        return depths
    }

    /// `node` and every type whose subtree holds it.
    public func ancestors(of node: String) -> Set<String> {
        var seen: Set<String> = [node]
        var stack = [node]
        while let current = stack.popLast() {
            for parent in parents[current] ?? [] where seen.insert(parent).inserted { stack.append(parent) }
        }
        return seen
    }
}
