/// One rewrite `scan --fix` makes so a font scales with Dynamic Type.
public struct FontFixChange: Sendable, Hashable {
    /// What kind of rewrite it is.
    public enum Kind: String, Sendable, Hashable {
        /// The size and weight are a text style's defaults: `.font(.headline)`, or
        /// `UIFont.preferredFont(forTextStyle: .headline)` for `UIFont.systemFont(ofSize:)`.
        case textStyle = "text-style"
        /// The size and weight are a token's of the scan configuration: `.font(AppTypography.body)`.
        case token
        /// The size became a `@ScaledMetric(relativeTo:)` property of the enclosing view, or the stored
        /// property it comes through was rewritten as one.
        case scaledMetric = "scaled-metric"
        /// `.custom(name, fixedSize: N)` became `.custom(name, size: N, relativeTo:)`.
        case customRelativeTo = "custom-relative-to"
        /// A UIKit font wrapped in `UIFontMetrics(forTextStyle:).scaledFont(for:)`.
        case fontMetrics = "font-metrics"
        /// The size became `UIFontMetrics(forTextStyle:).scaledValue(for:)` in place, where no view can hold a
        /// `@ScaledMetric` property (a builder in an enum, a `static` member) and the file imports UIKit.
        case scaledValue = "scaled-value"
        /// A storyboard's or xib's label, text field or text view given `adjustsFontForContentSizeCategory="YES"`.
        case contentSizeFlag = "content-size-flag"
    }

    /// The kind of rewrite.
    public var kind: Kind
    /// One-based line of the finding.
    public var line: Int
    /// One-based byte column of the finding.
    public var column: Int
    /// The finding's code before the rewrite.
    public var before: String
    /// What it writes, on one line: the code in backticks, as in “@ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = 17”.
    public var after: String
    /// What a reviewer should check once the size scales (a fixed frame, `lineLimit(1)`,
    /// `minimumScaleFactor`), in the order met; empty when nothing around the site holds the text back.
    public var risks: [FontFixRisk]

    /// Creates a change record.
    public init(kind: Kind, line: Int, column: Int, before: String, after: String, risks: [FontFixRisk] = []) {
        self.kind = kind
        self.line = line
        self.column = column
        self.before = before
        self.after = after
        self.risks = risks
    }

    /// `review: may clip in a fixed 32×32 frame`: what `scan` and `--fix`'s summary say a reviewer should
    /// check; nil when there is no risk.
    public var review: String? { FontFixRisk.review(of: risks) }

    /// The comment `scan --fix --notes` writes on the line above the site; nil when there is no risk.
    public var note: String? { FontFixRisk.note(of: risks) }
}

/// Something around a site that holds scaled text back, which a reviewer should check after the fix: the
/// size grows with Dynamic Type, the frame or limit does not.
public enum FontFixRisk: Sendable, Hashable, CustomStringConvertible {
    /// A `.frame` of fixed height (`width` nil when only the height is fixed), as written (`32`), or for a
    /// length given through a name (`iconSide`), the number the name holds.
    case fixedFrame(width: String?, height: String)
    /// `.lineLimit(1)`: a larger text is cut short.
    case singleLine
    /// `.minimumScaleFactor(N)`, N as written: the text is shrunk back down when it does not fit.
    case minimumScaleFactor(String)

    /// `may clip in a fixed 32×32 frame`, `may clip in a fixed height of 44 pt`, `may be cut short by
    /// lineLimit(1)`, `minimumScaleFactor(0.5) may shrink it back`.
    public var description: String {
        switch self {
        case .fixedFrame(let width?, let height): return "may clip in a fixed \(width)×\(height) frame"
        case .fixedFrame(nil, let height): return "may clip in a fixed height of \(height) pt"
        case .singleLine: return "may be cut short by lineLimit(1)"
        case .minimumScaleFactor(let factor): return "minimumScaleFactor(\(factor)) may shrink it back"
        }
    }

    /// How a `--notes` comment starts; a line above the site that starts so already has one, so a second
    /// fix adds none.
    public static let notePrefix = "// auditkit: review: "

    /// `review: may clip in a fixed 32×32 frame; may be cut short by lineLimit(1)`; nil for no risks.
    public static func review(of risks: [FontFixRisk]) -> String? {
        risks.isEmpty ? nil : "review: " + risks.map(\.description).joined(separator: "; ")
    }

    /// `// auditkit: review: may clip in a fixed 32×32 frame`, the comment `--notes` writes; nil for no
    /// risks.
    public static func note(of risks: [FontFixRisk]) -> String? {
        risks.isEmpty ? nil : notePrefix + risks.map(\.description).joined(separator: "; ")
    }
}

/// A finding `scan --fix` leaves as it is, and why.
public struct FontFixSkip: Sendable, Hashable {
    /// Why a finding is left.
    public enum Reason: Sendable, Hashable {
        /// The size's source leaves the file; the text says where.
        case unknownDataFlow(String)
        /// A `@ScaledMetric` property needs a `View` (or `ViewModifier`) declared in the file.
        case outsideView(String)
        /// An `// auditkit:ignore <reason>` comment covers it.
        case suppressed(String)
        /// The size comes through a name the fix cannot scale (an expression, a `var`, a value that is not a
        /// number, an instance property also used elsewhere); the text says which.
        case notWrittenInPlace(String)
        /// No rewrite keeps the code correct (an AppKit font, an optional `UIFont(name:size:)`).
        case unsupported(String)
        /// The rewrite would change code another site's rewrite changes; the text says which line's.
        case overlappingRewrite(String)

        /// The short form used in counts: `unknown data flow`, `outside a View`, `suppressed`, ….
        public var label: String {
            switch self {
            case .unknownDataFlow: return "unknown data flow"
            case .outsideView: return "outside a View"
            case .suppressed: return "suppressed"
            case .notWrittenInPlace: return "size not written in place"
            case .unsupported: return "no safe rewrite"
            case .overlappingRewrite: return "overlapping rewrite"
            }
        }

        /// The detail: the reason of the suppression, where the data flow leaves the file, ….
        public var detail: String {
            switch self {
            case .unknownDataFlow(let text), .outsideView(let text), .suppressed(let text),
                .notWrittenInPlace(let text), .unsupported(let text), .overlappingRewrite(let text):
                return text
            }
        }
    }

    /// One-based line of the finding.
    public var line: Int
    /// One-based byte column of the finding.
    public var column: Int
    /// The finding's code.
    public var excerpt: String
    /// Why it is left.
    public var reason: Reason
    /// What the team can write there by hand, in backticks (`.title.weight(.bold)`), when the size is known
    /// well enough to say; nil for a suppressed finding.
    public var byHand: String?

    /// Creates a record.
    public init(line: Int, column: Int, excerpt: String, reason: Reason, byHand: String? = nil) {
        self.line = line
        self.column = column
        self.excerpt = excerpt
        self.reason = reason
        self.byHand = byHand
    }

    /// `outside a View (`Theme` is not a View); by hand: `.title.weight(.bold)``: why the fix leaves the
    /// finding and what the team can write instead, as `scan` and `scan --fix` both say it.
    public var explanation: String {
        var text = reason.label
        if !reason.detail.isEmpty { text += " (\(reason.detail))" }
        if let byHand { text += "; by hand: \(byHand)" }
        return text
    }
}

/// What `scan --fix` does at one finding, decided once by the fix planner: `scan`'s suggestion, the
/// session's likely-cause line and the fix itself all render this one value.
public enum FontFixDecision: Sendable, Hashable {
    /// The fix rewrites the finding so.
    case change(FontFixChange)
    /// The fix leaves the finding, and says why.
    case leave(FontFixSkip)

    /// What `scan` suggests: what the fix writes (`.headline`, the `@ScaledMetric` property and the name
    /// replacing the size), or, where the fix leaves the finding, what the team can write by hand.
    public var suggestion: String? {
        switch self {
        case .change(let change): return change.after
        case .leave(let skip): return skip.byHand
        }
    }

    /// The code the fix writes, without backticks: the first code span of the change's `after` (`.body`,
    /// or the `@ScaledMetric` declaration); nil when the fix leaves the finding.
    public var writtenCode: String? {
        guard case .change(let change) = self else { return nil }
        return change.after.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
    }
}

/// What `scan --fix` does to one file.
public struct FontFileFix: Sendable {
    /// What happened to the file.
    public enum Status: String, Sendable, Hashable {
        /// Nothing to rewrite.
        case unchanged
        /// Rewritten in place.
        case written
        /// Would be rewritten (`--dry-run`).
        case planned
        /// The file changed between reading and writing; it was left alone.
        case changedSinceRead = "changed-since-read"
    }

    /// The file as shown.
    public var path: String
    /// The rewrites, in file order.
    public var changes: [FontFixChange]
    /// The findings left, in file order.
    public var skipped: [FontFixSkip]
    /// The file's bytes after the rewrites (the original when there are none).
    public var fixed: [UInt8]
    /// A unified diff from the original to `fixed` (empty when nothing changes).
    public var diff: String
    /// What happened.
    public var status: Status

    /// Creates a record.
    public init(
        path: String, changes: [FontFixChange] = [], skipped: [FontFixSkip] = [], fixed: [UInt8] = [],
        diff: String = "", status: Status = .unchanged
    ) {
        self.path = path
        self.changes = changes
        self.skipped = skipped
        self.fixed = fixed
        self.diff = diff
        self.status = status
    }

    /// `Views/Row.swift: 2 changed, 1 left (1 unknown data flow)`.
    public var summaryLine: String {
        var text = "\(path): \(changes.count) changed, \(skipped.count) left"
        if !skipped.isEmpty {
            var counts: [(String, Int)] = []
            for skip in skipped {
                if let index = counts.firstIndex(where: { $0.0 == skip.reason.label }) {
                    counts[index].1 += 1
                } else {
                    counts.append((skip.reason.label, 1))
                }
            }
            text += " (" + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ") + ")"
        }
        if status == .changedSinceRead { text += "; the file changed since it was read, so it was left alone" }
        return text
    }
}

/// What `scan --fix` did to a set of files.
public struct FontFixResult: Sendable {
    /// Every scanned file with a finding the fix looked at, in path order.
    public var files: [FontFileFix]
    /// Files that could not be read or written, and the scan's own problems.
    public var problems: [AuditError]

    /// Creates a result.
    public init(files: [FontFileFix] = [], problems: [AuditError] = []) {
        self.files = files
        self.problems = problems
    }

    /// The sites changed, over all files.
    public var changedCount: Int { files.reduce(0) { $0 + $1.changes.count } }
    /// The sites left, over all files.
    public var skippedCount: Int { files.reduce(0) { $0 + $1.skipped.count } }
}

/// One replacement of a byte range.
struct ByteEdit {
    var range: Range<Int>
    var replacement: [UInt8]
    /// The index of the finding whose rewrite it is; nil for edits several sites share (a declaration
    /// added, a local deleted) and notes.
    var decision: Int? = nil
}
