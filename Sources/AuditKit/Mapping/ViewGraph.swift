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
    /// Each type's children in the order its code first creates them (the composition order: the order of
    /// the edges given, file order then line as the index gives them), each with the place of that first
    /// creation.
    public private(set) var uses: [String: [ViewUse]]

    /// Where a type first creates a child.
    public struct ViewUse: Sendable, Hashable {
        /// The child type.
        public var child: String
        /// The file of the creation ("" when the graph was made from edges without places).
        public var file: String
        /// Its one-based line (0 when unknown).
        public var line: Int

        /// Creates a record.
        public init(child: String, file: String, line: Int) {
            self.child = child
            self.file = file
            self.line = line
        }
    }

    /// Creates a graph from edges; repeated edges and self edges are dropped. `childPlaces`, when given, holds
    /// the file and line of each child edge, in step with `childEdges`; the edges' order is the composition
    /// order `uses` keeps.
    public init(
        childEdges: [(from: String, to: String)], presentationEdges: [(from: String, to: String)],
        childPlaces: [(file: String, line: Int)] = []
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
        var uses: [String: [ViewUse]] = [:]
        var seen = Set<[String]>()
        for (n, edge) in childEdges.enumerated()
        where edge.from != edge.to && seen.insert([edge.from, edge.to]).inserted {
            let place = n < childPlaces.count ? childPlaces[n] : (file: "", line: 0)
            uses[edge.from, default: []].append(ViewUse(child: edge.to, file: place.file, line: place.line))
        }
        self.uses = uses
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
