import Foundation

/// One audit of the history (one report), as a verdict names it.
///
/// Every verdict names its audit and others (since, first seen, the one it continues): the three
/// facts are kept once per audit and shared, so naming one costs one reference.
public struct AuditReference: Sendable, Hashable {
    private final class Facts: Sendable {
        let sha256: String
        let fileName: String
        let auditDate: Date

        init(sha256: String, fileName: String, auditDate: Date) {
            self.sha256 = sha256
            self.fileName = fileName
            self.auditDate = auditDate
        }
    }

    private var facts: Facts

    /// The identity of this reference's shared facts: two references with one identity name one audit
    /// (two references to one audit may still have two identities), so it can key a memo cheaply.
    var sharedIdentity: ObjectIdentifier { ObjectIdentifier(facts) }

    /// The report's SHA-256, lowercase hex: finds its session in the log.
    public var sha256: String {
        get { facts.sha256 }
        set { facts = Facts(sha256: newValue, fileName: fileName, auditDate: auditDate) }
    }
    /// The report's file name.
    public var fileName: String {
        get { facts.fileName }
        set { facts = Facts(sha256: sha256, fileName: newValue, auditDate: auditDate) }
    }
    /// When the audit ran.
    public var auditDate: Date {
        get { facts.auditDate }
        set { facts = Facts(sha256: sha256, fileName: fileName, auditDate: newValue) }
    }

    /// The audit of `entry`.
    public init(_ entry: HistoryEntry) {
        self.init(sha256: entry.sha256, fileName: entry.fileName, auditDate: entry.auditDate)
    }

    /// The audit of the report with these facts.
    public init(sha256: String, fileName: String, auditDate: Date) {
        facts = Facts(sha256: sha256, fileName: fileName, auditDate: auditDate)
    }

    /// Equal when the SHA-256, file name and audit date are.
    public static func == (lhs: AuditReference, rhs: AuditReference) -> Bool {
        lhs.facts === rhs.facts
            || (lhs.sha256 == rhs.sha256 && lhs.fileName == rhs.fileName && lhs.auditDate == rhs.auditDate)
    }

    /// Hashes the SHA-256, file name and audit date.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sha256)
        hasher.combine(fileName)
        hasher.combine(auditDate)
    }

    /// The audit's day, `YYYY-MM-DD`, local time: the day its session carries.
    public var day: String { DateFields.local(auditDate).dateText }
}

/// Whether a warning still asks for work: the one definition every output uses.
///
/// An **open** warning is neither accepted (by a rule of the rule file or by the baseline) nor on
/// system UI, and is not the Inspector's repeat of another issue of the same report.
public enum WarningStatus: Sendable, Hashable {
    /// Still to be fixed.
    case open
    /// Accepted by a rule (`byBaseline` false) or by the baseline (`auditkit accept`), with its reason.
    case accepted(reason: String, byBaseline: Bool)
    /// On system UI (status bar, tab bar, keyboard), which the app's code does not draw.
    case system
    /// The Inspector's repeat of the issue numbered `number` of the same report: it counts once, there.
    case repeatOf(number: Int)

    /// The kinds of status, for counting and grouping.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// Open.
        case open
        /// Accepted by a rule or the baseline.
        case accepted
        /// System UI.
        case system
        /// A repeat.
        case `repeat`

        /// How people read the kind: `open`, `accepted`, `system UI`, `repeat`.
        public var label: String { self == .system ? "system UI" : rawValue }
    }

    /// The status's kind.
    public var kind: Kind {
        switch self {
        case .open: return .open
        case .accepted: return .accepted
        case .system: return .system
        case .repeatOf: return .repeat
        }
    }

    /// Whether the warning is open.
    public var isOpen: Bool {
        if case .open = self { return true }
        return false
    }

    /// Whether the baseline (`auditkit accept`) accepted the warning, not a rule.
    public var isAcceptedByBaseline: Bool {
        if case .accepted(_, true) = self { return true }
        return false
    }

    /// Whether the warning is open as the rules and the history state it, whatever the baseline: open,
    /// or accepted by the baseline (the status the record keeps, `BaselineAcceptance`).
    var isOpenUnlessBaselined: Bool { isOpen || isAcceptedByBaseline }

    /// `open`, `accepted: REASON` (`accepted by the baseline: REASON`), `system UI`, `repeat of #N`.
    public var description: String {
        switch self {
        case .open: return "open"
        case .accepted(let reason, let byBaseline):
            let who = byBaseline ? "accepted by the baseline" : "accepted"
            return reason.isEmpty ? who : who + ": " + reason
        case .system: return "system UI"
        case .repeatOf(let number): return "repeat of #\(number)"
        }
    }
}

/// What an audit says of a warning against the audits of its screen before it.
public enum WarningChange: String, Sendable, Hashable, Codable {
    /// Not in the latest earlier audit of its screen.
    case new
    /// In the latest earlier audit of its screen too (the same element, `WarningVerdict.continues`).
    case residual
    /// On a screen no earlier audit covered.
    case firstAudited
}

/// The earlier issue a warning continues, and how that was decided.
///
/// Reads the earlier issue's facts in place, from its audit's issues, when asked: a history's verdicts
/// mostly continue one, and copying those facts out of a long-judged audit (its text and rect) cost
/// more than the verdict itself.
public struct Continuation: Sendable, Hashable {
    /// The earlier audit.
    public let audit: AuditReference
    /// The earlier audit's issues (shared with its verdicts), and the issue's index among them.
    private let issues: [HistoryIssue]
    let index: Int
    /// The `WarningMatcher` stage that paired the two.
    public let stage: MatchStage

    /// The issue's number there.
    public var number: Int { issues[index].number }
    /// The issue's element text there.
    public var text: String? { issues[index].elementText }
    /// The issue's fingerprint there.
    public var fingerprint: IssueFingerprint { issues[index].fingerprint }
    /// The element's rect there, when the report had one.
    public var rect: Rect? { issues[index].rect }
    /// The issue there.
    var issue: HistoryIssue { issues[index] }

    /// The continuation of the issue `verdict` judged, paired by `stage`.
    init(continuing verdict: WarningVerdict, stage: MatchStage) {
        self.init(audit: verdict.audit, issues: verdict.issues, index: verdict.index, stage: stage)
    }

    /// The continuation of `issues[index]` of `audit`, paired by `stage` (a judgement read from its record).
    init(audit: AuditReference, issues: [HistoryIssue], index: Int, stage: MatchStage) {
        self.audit = audit
        self.issues = issues
        self.index = index
        self.stage = stage
    }

    /// Equal when the earlier audit, the issue there (its number, text, fingerprint and rect) and the
    /// stage are.
    public static func == (lhs: Continuation, rhs: Continuation) -> Bool {
        lhs.stage == rhs.stage && lhs.audit == rhs.audit && lhs.number == rhs.number && lhs.text == rhs.text
            && lhs.fingerprint == rhs.fingerprint && lhs.rect == rhs.rect
    }

    /// Hashes the earlier audit, the issue's number there and the stage.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(audit)
        hasher.combine(number)
        hasher.combine(stage)
    }

    /// What recognised the element (`MatchStage.clue`: `localization key`, `place on the screen`) for
    /// a pair weaker than the fingerprint, as the session says it (`same element by localization key`);
    /// nil for a fingerprint pair.
    public var pairing: String? {
        guard stage != .fingerprint else { return nil }
        return stage.clue
    }
}

/// The judgement of one issue of one audit: which warning it is, whether it is open, what changed.
/// Made once per run by `HistoryJudgement`; every output renders it.
///
/// A class of constants: the judgement of a long history holds each verdict once and the lists that
/// name it (an audit's resolved and not re-audited warnings, the comparison) share it instead of
/// copying its strings.
public final class WarningVerdict: Sendable, Hashable {
    /// The audit the issue is from.
    public let audit: AuditReference
    /// The issue as the history records it (its view and code place as mapped when it was recorded).
    public var issue: HistoryIssue { issues[index] }
    /// The issues of the audit's entry, shared by all its verdicts, and the issue's index among them.
    fileprivate let issues: [HistoryIssue]
    fileprivate let index: Int
    /// The warning's identity, shared by every issue of every audit that is the same element: the
    /// fingerprint (hex) of the issue it was first seen as, with `#2`, `#3` for look-alikes first
    /// seen in one audit.
    public let warning: String
    /// The warning's number in the judgement that made the verdict (one per `warning`).
    let identity: Int
    /// The screen's identity across audits (`ScreenVerdict.screen`, normalised).
    public let screen: String
    /// Where people find the warning: its view as mapped, else the screen it was judged to be on
    /// (`ScreenVerdict.name`: its root view, a group name that tells screens apart, or `screen 2 of
    /// <report>`), never a group name every screen shares ("0", the app's name).
    public let place: String
    /// Open, accepted, system UI or a repeat.
    public let status: WarningStatus
    /// New, residual or first audited; nil for a repeat, and when no earlier audit exists at all.
    public let change: WarningChange?
    /// The earlier issue this one continues (a residual warning).
    public let continues: Continuation?
    /// The first audit of the unbroken run of audits of its screen that had the warning.
    public let since: AuditReference
    /// The first audit that ever had the warning.
    public let firstSeen: AuditReference

    /// A verdict with every fact given; the issue is `issues[index]` (the entry's issues, not copied).
    init(
        audit: AuditReference, issues: [HistoryIssue], index: Int, warning: String, identity: Int, screen: String,
        place: String,
        status: WarningStatus, change: WarningChange?, continues: Continuation?, since: AuditReference,
        firstSeen: AuditReference
    ) {
        self.audit = audit
        self.issues = issues
        self.index = index
        self.warning = warning
        self.identity = identity
        self.screen = screen
        self.place = place
        self.status = status
        self.change = change
        self.continues = continues
        self.since = since
        self.firstSeen = firstSeen
    }

    /// This verdict with `status` in place of its own, every other fact kept.
    func restated(_ status: WarningStatus) -> WarningVerdict {
        WarningVerdict(
            audit: audit, issues: issues, index: index, warning: warning, identity: identity, screen: screen,
            place: place, status: status, change: change, continues: continues, since: since, firstSeen: firstSeen)
    }

    /// The issue's index among its entry's issues.
    var issueIndex: Int { index }

    /// The issue's number in its report.
    public var number: Int { issues[index].number }
    /// The issue's fingerprint, read in place (`issue` would copy the whole record).
    var fingerprint: IssueFingerprint { issues[index].fingerprint }
    /// The issue's element rect, read in place.
    var rect: Rect? { issues[index].rect }
    /// The issue's test type, read in place.
    var testType: TestType { issues[index].testType }
    /// The issue's error code, read in place.
    var errorCode: Int? { issues[index].errorCode }
    /// The issue's element text, read in place.
    var elementText: String? { issues[index].elementText }

    /// Two verdicts are equal when every fact is.
    public static func == (lhs: WarningVerdict, rhs: WarningVerdict) -> Bool {
        lhs === rhs
            || (lhs.audit == rhs.audit && lhs.issue == rhs.issue && lhs.warning == rhs.warning
                && lhs.screen == rhs.screen && lhs.place == rhs.place && lhs.status == rhs.status
                && lhs.change == rhs.change
                && lhs.continues == rhs.continues && lhs.since == rhs.since && lhs.firstSeen == rhs.firstSeen)
    }

    /// Hashes the audit, the issue's number and the warning (equal verdicts share them).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(audit.sha256)
        hasher.combine(number)
        hasher.combine(warning)
    }
}
