import Foundation

extension IssueMatcher {
    /// Each issue's screen context (`ScreenContext`), in `drafts` order, and each screen's root view.
    ///
    /// Per screen, every candidate of every issue votes for roots (nothing decided yet); status bar issues and
    /// tab titles in the tab bar (which belongs to the tab container, an ancestor of every tab) do not, and
    /// places in other targets vote only for an issue that has none in the audited target. The root is
    /// chosen from all of a screen's texts together (`GraphWalks.context`), views only; an issue's own
    /// candidates never vouch for themselves, so a root only it explains tells it nothing.
    func screenContexts(_ drafts: [Draft], walks: inout GraphWalks) -> (
        contexts: [ScreenContext], roots: [Int: String]
    ) {
        var nodesByScreen: [Int: [[Int32]]] = [:]
        var voted: [[Int32]] = []
        // Per node, the draft that last listed it: a text every view shows has thousands of candidates.
        var seen = Array(repeating: -1, count: walks.names.count)
        for (number, draft) in drafts.enumerated() {
            var nodes: [Int32] = []
            let tabTitle = draft.inTabBar == true && draft.candidates.contains(where: \.isTab)
            if !(draft.rule == nil && draft.inStatusBar), !tabTitle {
                let insideOnly = draft.candidates.contains(where: \.inTarget)
                for candidate in draft.candidates
                where !candidate.isShortPattern && candidate.node >= 0 && (candidate.inTarget || !insideOnly) {
                    let node = Int(candidate.node)
                    if node >= seen.count { seen += Array(repeating: -1, count: node + 1 - seen.count) }
                    if seen[node] != number {
                        seen[node] = number
                        nodes.append(candidate.node)
                    }
                }
            }
            nodesByScreen[draft.issue.screenIndex, default: []].append(nodes)
            voted.append(nodes)
        }
        let viewTypes = index?.viewTypes ?? []
        var screens: [Int: ScreenContext] = [:]
        for (screen, nodes) in nodesByScreen.sorted(by: { $0.key < $1.key }) {
            let votes = walks.votes(nodesPerIssue: nodes)
            screens[screen] = walks.context(votes: votes) { index?.isViewNode($0) ?? false }
        }
        Self.markUniversalRoots(&screens, walks: walks)
        let roots = screens.compactMapValues { context in
            context.root.flatMap { context.hasTellingRoot && viewTypes.contains($0) ? $0 : nil }
        }
        let contexts = zip(drafts, voted).map { draft, nodes in
            var context = screens[draft.issue.screenIndex] ?? ScreenContext()
            let own = nodes.contains { context.depth(of: $0) != nil } ? 1 : 0
            if context.root != nil, context.explained - own == 0 {
                context = ScreenContext(
                    voters: context.voters, matches: context.matches, distinctive: context.distinctive)
            }
            return context
        }
        return (contexts, roots)
    }

    /// Marks the screens whose root is an ancestor of every other screen's root (a tab container, or an app's
    /// root view): being inside such a subtree tells nothing. It takes two screens, and one of the others
    /// with a root of its own below it.
    static func markUniversalRoots(_ contexts: inout [Int: ScreenContext], walks: GraphWalks) {
        let roots = contexts.compactMapValues(\.root)
        guard roots.count >= 2 else { return }
        for (screen, root) in roots {
            guard let context = contexts[screen] else { continue }
            var below = false
            var all = true
            for (other, otherRoot) in roots where other != screen {
                guard let node = walks.number(of: otherRoot), context.depth(of: node) != nil else {
                    all = false
                    break
                }
                if otherRoot != root { below = true }
            }
            contexts[screen]?.rootIsUniversal = all && below
        }
    }
}
