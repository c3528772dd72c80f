import Foundation

/// One rule of a rule file: what issues it matches and what it concludes about them.
public struct MappingRule: Sendable {
    /// The rule's id, unique in its file, e.g. `status-bar`.
    public var id: String
    /// What the rule matches; every condition given must hold.
    public var match: RuleMatch
    /// What the rule concludes for the issues it matches.
    public var conclusion: RuleConclusion
    /// Where the rule starts in its rule file.
    public var definedAt: SourceLocation?

    /// Creates a rule.
    public init(id: String, match: RuleMatch, conclusion: RuleConclusion, definedAt: SourceLocation? = nil) {
        self.id = id
        self.match = match
        self.conclusion = conclusion
        self.definedAt = definedAt
    }
}

/// The conditions of a rule. Every condition that is set must hold; an empty match matches every issue.
public struct RuleMatch: Sendable {
    /// How the element text must match.
    public enum TextCondition: Sendable {
        /// Equal after trimming surrounding whitespace on both sides.
        case exact(String)
        /// Equal ignoring case, after trimming.
        case ignoringCase(String)
        /// The regular expression matches somewhere in the text.
        case pattern(RulePattern)
    }

    /// The issue's test type must be one of these.
    public var testTypes: [TestType]?
    /// The issue's error code must be one of these.
    public var errorCodes: [Int]?
    /// The short title must match this regular expression.
    public var title: RulePattern?
    /// The element text must match this; an issue without element text never matches.
    public var text: TextCondition?
    /// The issue's screen name must be one of these.
    public var screens: [String]?
    /// The issue's screen group must be one of these.
    public var groups: [String]?
    /// The Inspector's duplicate flag must have this value.
    public var duplicate: Bool?
    /// The centre of the element's rect must lie in this region; an issue without a rect never matches.
    public var region: ScreenRegion?

    /// Creates a match; every condition defaults to unset.
    public init(
        testTypes: [TestType]? = nil, errorCodes: [Int]? = nil, title: RulePattern? = nil,
        text: TextCondition? = nil, screens: [String]? = nil, groups: [String]? = nil,
        duplicate: Bool? = nil, region: ScreenRegion? = nil
    ) {
        self.testTypes = testTypes
        self.errorCodes = errorCodes
        self.title = title
        self.text = text
        self.screens = screens
        self.groups = groups
        self.duplicate = duplicate
        self.region = region
    }

    /// Whether `issue` (on `screen`, used for the screen's size) meets every condition.
    public func matches(_ issue: Issue, screen: Screen?) -> Bool { evaluate(issue, screen: screen) == .matched }

    /// Whether `issue` meets every condition, or `.timedOut` when a regular expression of the rule ran
    /// past `RulePattern.timeLimit` on it (the cheap conditions are checked first).
    public func evaluate(_ issue: Issue, screen: Screen?) -> RulePattern.Outcome {
        guard matchesWithoutPatterns(issue, screen: screen) else { return .notMatched }
        if let title {
            let outcome = title.match(issue.shortTitle)
            if outcome != .matched { return outcome }
        }
        if case .pattern(let pattern) = text, let elementText = issue.elementText {
            return pattern.match(elementText)
        }
        return .matched
    }

    /// Every condition but the regular expressions.
    private func matchesWithoutPatterns(_ issue: Issue, screen: Screen?) -> Bool {
        if let testTypes, !testTypes.contains(issue.testType) { return false }
        if let errorCodes {
            guard let code = issue.errorCode, errorCodes.contains(code) else { return false }
        }
        if let text {
            guard let elementText = issue.elementText else { return false }
            let trimmed = elementText.trimmingCharacters(in: .whitespacesAndNewlines)
            switch text {
            case .exact(let expected):
                if trimmed != expected.trimmingCharacters(in: .whitespacesAndNewlines) { return false }
            case .ignoringCase(let expected):
                if trimmed.lowercased() != expected.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
                    return false
                }
            case .pattern:
                break  // matched last, by `evaluate`
            }
        }
        if let screens, !screens.contains(issue.screenName) { return false }
        if let groups, !groups.contains(issue.screenGroupName) { return false }
        if let duplicate, issue.isDuplicate != duplicate { return false }
        if let region {
            guard let rect = issue.elementRect,
                region.contains(rect, screenSize: screen.flatMap(ScreenGeometry.size(of:)))
            else { return false }
        }
        return true
    }
}

/// A part of the screen, in points from its edges: "top 60 pt" (status bar), "bottom 90 pt" (tab bar),
/// or an explicit rect. Every part given must hold.
public struct ScreenRegion: Sendable, Hashable {
    /// The element's centre is at most this many points from the top edge.
    public var top: Double?
    /// The element's centre is at most this many points from the bottom edge (needs the screen height).
    public var bottom: Double?
    /// The element's centre is at most this many points from the left edge.
    public var left: Double?
    /// The element's centre is at most this many points from the right edge (needs the screen width).
    public var right: Double?
    /// The element's centre lies inside this rect (points, origin top left).
    public var rect: Rect?

    /// Creates a region.
    public init(top: Double? = nil, bottom: Double? = nil, left: Double? = nil, right: Double? = nil, rect: Rect? = nil)
    {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
        self.rect = rect
    }

    /// Whether the centre of `element` lies in the region on a screen of `screenSize` points.
    /// `bottom` and `right` never hold when the screen size is unknown.
    public func contains(_ element: Rect, screenSize: (width: Double, height: Double)?) -> Bool {
        let centerX = element.x + element.width / 2
        let centerY = element.y + element.height / 2
        guard centerX.isFinite, centerY.isFinite else { return false }
        if let top, centerY > top { return false }
        if let left, centerX > left { return false }
        if let bottom {
            guard let height = screenSize?.height, centerY >= height - bottom else { return false }
        }
        if let right {
            guard let width = screenSize?.width, centerX >= width - right else { return false }
        }
        if let rect {
            guard centerX >= rect.x, centerX <= rect.x + rect.width, centerY >= rect.y, centerY <= rect.y + rect.height
            else { return false }
        }
        return true
    }
}

/// What a rule concludes. Anything left unset may be filled in from the source index.
public struct RuleConclusion: Sendable, Hashable {
    /// The view the issues belong to, e.g. `HomeView`.
    public var view: String?
    /// The source file, relative to the working directory.
    public var file: String?
    /// One-based line in `file`.
    public var line: Int?
    /// One-based column in `file`.
    public var column: Int?
    /// A symbol, e.g. `HomeWidgetKind.titleColor`.
    public var symbol: String?
    /// A free note.
    public var note: String?
    /// The judgement (default open).
    public var status: IssueStatus

    /// Creates a conclusion.
    public init(
        view: String? = nil, file: String? = nil, line: Int? = nil, column: Int? = nil, symbol: String? = nil,
        note: String? = nil, status: IssueStatus = .open
    ) {
        self.view = view
        self.file = file
        self.line = line
        self.column = column
        self.symbol = symbol
        self.note = note
        self.status = status
    }

    /// The location the rule names, when it names a file.
    public var location: SourceLocation? {
        file.map { SourceLocation(file: $0, line: line, column: line == nil ? nil : column) }
    }
}
