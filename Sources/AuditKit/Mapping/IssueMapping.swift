/// How a warning has been judged.
public enum IssueStatus: Sendable, Hashable, Codable {
    /// Still to be fixed (the default).
    case open
    /// A judged false positive; carries the required reason.
    case accepted(reason: String)
    /// System UI the app does not control (status bar, tab bar, ...).
    case system

    /// `open`, `accepted` or `system`.
    public var key: String {
        switch self {
        case .open: return "open"
        case .accepted: return "accepted"
        case .system: return "system"
        }
    }
}

/// What found an element's text in the sources: the kind of evidence an automatic mapping rests on, which
/// `auditkit-bench calibration` measures each confidence band of.
public enum MappingEvidence: String, Sendable, Hashable, Codable, CaseIterable {
    /// The element's accessibility identifier, set in code.
    case identifier
    /// The whole text in a string literal.
    case literal
    /// The whole text in a string literal, ignoring case and white space.
    case foldedLiteral
    /// A catalog key whose value in the report's language is the text.
    case catalogKey
    /// An interpolated literal or a format string whose fixed text the text has.
    case pattern
    /// Parts of a text the Inspector joined with ", ", found together in one view.
    case joinedParts
    /// Catalog values inside a text built by concatenation.
    case catalogParts
    /// A catalog entry no code uses.
    case catalogEntry
}

/// Where an issue comes from in the app's code, as concluded by a rule or found in the sources.
public struct IssueMapping: Sendable, Hashable, Codable {
    /// How the mapping was found.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// A rule in the rule file matched; rule conclusions always win.
        case rule
        /// The element's text was found in the Swift sources or string catalogs.
        case sourceText
        /// Where the element sits on its screenshot decided it (the status bar band: system UI).
        case screenPosition
    }

    /// The report-wide issue number this mapping is for.
    public var issueNumber: Int
    /// How it was found.
    public var origin: Origin
    /// The id of the rule that matched, for `.rule`.
    public var ruleID: String?
    /// The SwiftUI/UIKit view the issue belongs to, e.g. `HomeView`.
    public var view: String?
    /// The source location, when one is known.
    public var location: SourceLocation?
    /// A symbol, e.g. `HomeWidgetKind.titleColor`.
    public var symbol: String?
    /// A free note from the rule.
    public var note: String?
    /// The judgement.
    public var status: IssueStatus
    /// 0...1; 1 for rules, lower for automatic candidates.
    public var confidence: Double
    /// For a mapping found in the sources: the string literal at `location` as written (interpolations as
    /// `\(…)`), or the catalog value when only a catalog shows the text.
    public var sourceLiteral: String?
    /// For a mapping found in the sources: the localization key that shows the text (the catalog key it was
    /// found through, or the literal itself when it is a catalog key), if any.
    public var localizationKey: String?
    /// What the element is, when the call that shows its text says so: `button`, `header`, `title`,
    /// `label`, `tab`, `link`, `field`, `toggle`, `picker`, `menu` (see `SourceIndex.role(of:)`).
    public var role: String?
    /// For a mapping found in the sources: what found the text there.
    public var evidence: MappingEvidence?

    /// Creates a mapping.
    public init(
        issueNumber: Int, origin: Origin, ruleID: String? = nil, view: String? = nil,
        location: SourceLocation? = nil, symbol: String? = nil, note: String? = nil,
        status: IssueStatus = .open, confidence: Double = 1, role: String? = nil, sourceLiteral: String? = nil,
        localizationKey: String? = nil
    ) {
        self.issueNumber = issueNumber
        self.origin = origin
        self.ruleID = ruleID
        self.view = view
        self.location = location
        self.symbol = symbol
        self.note = note
        self.status = status
        self.confidence = confidence
        self.sourceLiteral = sourceLiteral
        self.localizationKey = localizationKey
        self.role = role
    }
}
