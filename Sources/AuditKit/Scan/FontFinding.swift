/// Lines of a file a font applies to: a run of lines less the runs inside it that set their own font.
public struct FontLines: Sendable, Hashable {
    /// From the view's first line to its `.font` modifier's.
    public var lines: ClosedRange<Int>
    /// The lines of views inside that set their own font; usually none.
    public var except: [ClosedRange<Int>]

    /// Lines `lines` less `except`.
    public init(_ lines: ClosedRange<Int>, except: [ClosedRange<Int>] = []) {
        self.lines = lines
        self.except = except
    }

    /// Whether the font applies to `line`.
    public func contains(_ line: Int) -> Bool {
        lines.contains(line) && !except.contains { $0.contains(line) }
    }
}

/// What a finding of `auditkit scan` is about.
public enum FontScanRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// A font of fixed point size that cannot scale with Dynamic Type (always on).
    case fixedSize = "fixed-font-size"
    /// A literal font size under the configured minimum.
    case minimumSize = "minimum-font-size"
    /// The `.rounded` design.
    case roundedDesign = "rounded-design"
    /// `.tracking(N)` or `.kerning(N)` with a number written in place.
    case hardCodedTracking = "hard-coded-tracking"
    /// `.fontWeight(…)` on top of a text style or token.
    case fontWeightOnToken = "font-weight-on-token"
    /// `.custom(name, size: N)` without `relativeTo:`.
    case customWithoutRelativeTo = "custom-font-without-relative-to"
    /// A UIKit view given a text style without `adjustsFontForContentSizeCategory` (a storyboard's or
    /// xib's label, text field, text view or button; `preferredFont(forTextStyle:)` in code): it keeps the
    /// size it was loaded with (always on).
    case textStyleNotAdjusting = "text-style-not-adjusting"

    /// One line saying what the rule reports.
    public var summary: String {
        switch self {
        case .fixedSize: return "Fixed font size that cannot scale with Dynamic Type"
        case .minimumSize: return "Font size under the minimum of the typography standard"
        case .roundedDesign: return "Rounded font design, which the typography standard excludes"
        case .hardCodedTracking: return "Tracking or kerning written as a number instead of a token"
        case .fontWeightOnToken: return "fontWeight applied on top of a text style or typography token"
        case .customWithoutRelativeTo: return "Custom font sized without relativeTo: (scales with Body)"
        case .textStyleNotAdjusting:
            return "Text style without adjustsFontForContentSizeCategory: keeps the size it was loaded with"
        }
    }
}

/// One place in Swift source that the Dynamic Type scanner reports.
public struct FontFinding: Sendable, Hashable {
    /// What it is about.
    public var rule: FontScanRule
    /// The file, as found (relative to the working directory when it is under it).
    public var file: String
    /// One-based line of the excerpt's start.
    public var line: Int
    /// One-based column of the excerpt's start in UTF-8 bytes (as Xcode and clang count).
    public var column: Int
    /// One-based column of the excerpt's start in UTF-16 code units (as SARIF and editors count).
    public var utf16Column: Int
    /// The code, whitespace runs folded to one space and cut at 120 characters: `.font(.system(size: 15))`.
    public var excerpt: String
    /// The API as people name it: `.system(size:)`, `UIFont.systemFont(ofSize:)`, `.tracking(_:)`.
    public var api: String
    /// The size when it is a number written in place (for tracking: the tracking value).
    public var size: Double?
    /// The weight when it is written in place (`semibold`).
    public var weight: FontWeight?
    /// The design when it is written in place (`rounded`).
    public var design: String?
    /// False when the font sizes an image or symbol (`Image(systemName:)`) rather than text.
    public var isTextContext: Bool
    /// The replacement to consider: for a finding `scan --fix` rewrites, what it writes (`fix`); where it
    /// leaves one, what the team can write by hand; for the other rules, the rule's advice.
    public var suggestion: String?
    /// What `scan --fix` does here, decided once for `scan` and the fix alike; nil for the rules it does
    /// not rewrite.
    public var fix: FontFixDecision?
    /// About how large the size would be at AX5 if it scaled (`TextStyle.ax5Size(for:)`).
    public var ax5Size: Double?
    /// A stable identity: the same code in the same file keeps it when lines move.
    public var fingerprint: String
    /// The reason of the `// auditkit:ignore <reason>` comment that suppresses it, if one does.
    public var suppression: String?
    /// For a size written as a name that resolves to a fixed value: the declaration it comes through
    /// (the name in backticks and its line, as “iconSize (line 4)”).
    public var sizeOrigin: String?
    /// For a size set by a `.font(_:)` modifier: the lines of the view it applies to, from the view's start
    /// to the modifier, less those of views inside that set their own font; nil for a size set otherwise
    /// (a token, a UIKit font). Only a warning mapped to one of these lines can have it as a likely cause.
    public var appliesToLines: FontLines?
    /// For a size whose source leaves the file (a parameter, another file's constant): why it cannot be
    /// told whether it scales. Such findings are reported at note level.
    public var unknownSource: String?

    /// Whether the size's source could not be followed within the file.
    public var isUnknownFlow: Bool { unknownSource != nil }

    /// Creates a finding.
    public init(
        rule: FontScanRule, file: String, line: Int, column: Int, utf16Column: Int, excerpt: String, api: String,
        size: Double? = nil, weight: FontWeight? = nil, design: String? = nil, isTextContext: Bool = true,
        suggestion: String? = nil, ax5Size: Double? = nil, fingerprint: String = "", suppression: String? = nil
    ) {
        self.rule = rule
        self.file = file
        self.line = line
        self.column = column
        self.utf16Column = utf16Column
        self.excerpt = excerpt
        self.api = api
        self.size = size
        self.weight = weight
        self.design = design
        self.isTextContext = isTextContext
        self.suggestion = suggestion
        self.ax5Size = ax5Size
        self.fingerprint = fingerprint
        self.suppression = suppression
    }

    /// Where it is, with the byte column.
    public var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    /// One line saying what is wrong and what to do, without the location.
    public var message: String {
        var text: String
        let described = [weight?.rawValue, design].compactMap { $0 }.joined(separator: " ")
        let sizeText = size.map { pointText($0) + " pt" }
        switch rule {
        case .fixedSize where unknownSource != nil:
            text = "font size may not scale with Dynamic Type: \(unknownSource ?? "")"
        case .fixedSize:
            text = "fixed font size"
            if let sizeText { text += " " + sizeText }
            if !described.isEmpty { text += " " + described }
            text += " cannot scale with Dynamic Type"
            if let sizeOrigin { text += " (through \(sizeOrigin))" }
            if let ax5Size { text += " (about \(pointText(ax5Size)) pt at AX5 if it scaled)" }
        case .minimumSize:
            text = "font size \(sizeText ?? "?") is under the minimum of the typography standard"
        case .roundedDesign:
            text = "rounded font design; the typography standard uses the default design"
        case .hardCodedTracking:
            text = "tracking \(size.map(pointText) ?? "") written as a number"
        case .fontWeightOnToken:
            text = "fontWeight on top of a text style or token; choose the token with that weight"
        case .customWithoutRelativeTo:
            text = "custom font sized without relativeTo: scales with Body"
        case .textStyleNotAdjusting:
            text = "text style without adjustsFontForContentSizeCategory keeps the size it was loaded with"
        }
        if case .leave(let skip) = fix {
            text += "; left by --fix: \(skip.explanation)"
        } else if let suggestion {
            text += "; use \(suggestion)"
        }
        if case .change(let change) = fix, let review = change.review { text += "; \(review)" }
        return text
    }
}
