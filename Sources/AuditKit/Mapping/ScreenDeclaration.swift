import Foundation

/// A screen the team declares in the rule file (`"screens"`): its name and what identifies it. A report's
/// screen that any of the given facts identifies is recorded under that name (`HistoryScreen.named`), so
/// the history knows it by the team's name whatever it shows; `--screen NAME` overrides it.
public struct ScreenDeclaration: Sendable, Hashable {
    /// The name every output gives the screen.
    public var name: String
    /// The root view that shows the screen (`MappingResult.screenRoots`, else the view most of the
    /// screen's mapped warnings map to).
    public var rootView: String?
    /// Element texts only this screen shows; one flagged element with one of them identifies it.
    public var texts: [String]
    /// Accessibility identifiers of the screen's elements (automated audits report them).
    public var identifiers: [String]
    /// The navigation title: an element text or the screen's group name equal to it identifies it.
    public var navigationTitle: String?
    /// Where the declaration starts in its rule file.
    public var definedAt: SourceLocation?

    /// A declaration from its parts.
    public init(
        name: String, rootView: String? = nil, texts: [String] = [], identifiers: [String] = [],
        navigationTitle: String? = nil, definedAt: SourceLocation? = nil
    ) {
        self.name = name
        self.rootView = rootView
        self.texts = texts
        self.identifiers = identifiers
        self.navigationTitle = navigationTitle
        self.definedAt = definedAt
    }

    /// Whether `screen` is the declared screen: its root view (`root`, else the view most of its mapped
    /// warnings map to, `views` per issue) is `rootView`, or one of its issues outside the system's bands
    /// (the status bar, the tab bar: every screen shows those) shows one of `texts` or `navigationTitle`,
    /// or one has one of `identifiers`, or its group name is `navigationTitle`. Texts compare without
    /// case and surrounding spaces.
    public func matches(_ screen: Screen, root: String?, views: [String?]) -> Bool {
        if let rootView {
            var counts: [String: Int] = [:]
            for view in views { if let view { counts[view, default: 0] += 1 } }
            if (root ?? counts.mostCommon()?.name) == rootView { return true }
        }
        func folded(_ text: String) -> String {
            text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        }
        let wanted = Set((texts + (navigationTitle.map { [$0] } ?? [])).map(folded))
        let bands = SystemBands(screenSize: ScreenGeometry.size(of: screen))
        func inSystemBand(_ issue: Issue) -> Bool {
            guard let rect = issue.elementRect else { return false }
            return bands.statusBarHolds(rect) || bands.tabBarHolds(rect) == true
        }
        if !wanted.isEmpty,
            screen.issues.contains(where: {
                $0.elementText.map { wanted.contains(folded($0)) } ?? false && !inSystemBand($0)
            })
        {
            return true
        }
        if let navigationTitle, folded(screen.groupName) == folded(navigationTitle) { return true }
        if !identifiers.isEmpty {
            let ids = Set(identifiers)
            if screen.issues.contains(where: { $0.identifier.map(ids.contains) ?? false }) { return true }
        }
        return false
    }
}
