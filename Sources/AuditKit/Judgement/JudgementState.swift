import Foundation

/// What judging the next audit of a history needs of the audits judged so far (`HistoryJudgement.state()`),
/// stored so a later run judges one new report against it instead of the whole history again: the latest
/// audit of each screen group whole (its entry, the screens it was placed as, its verdicts), each warning
/// the history knows (its identity, fingerprints, where it was last flagged), the warnings that still
/// stand on each screen, each screen's layout drift, the screens known and the wordings and languages
/// read. Every other audit is a place in the order (its report's SHA-256, file name, date, run and the
/// configurations of its screens), and of its issues only those a standing warning or a continuation
/// names. Audits are named by position, oldest first.
///
/// It holds for the judgement's code (`judgementVersion`), the inputs (`inputs`: translations and the
/// record's format), the baseline it was judged with (`baseline`) and this format; `JudgementStateFile`
/// keys it by the history it was made of. `restored(baseline:translations:)` gives nil for any other.
struct JudgementState: Codable, Sendable {
    /// Raised when what the state holds changes (2: the trend's carry).
    static let currentFormat = 2

    var format = Self.currentFormat
    var judgementVersion = JudgementRecord.currentJudgementVersion
    /// `JudgementRecord.inputsDigest` of the translations judged with.
    var inputs: String
    /// `JudgementState.digest(of:)` of the baseline judged with.
    var baseline: String
    /// Every audit judged, oldest first.
    var audits: [Audit]
    /// The latest audit of each screen group, whole.
    var bases: [Base]
    /// The issues of other audits that the state's verdicts name, by audit and index.
    var issues: [Issues]
    var latest: [String: Int]
    var warnings: [Warning]
    var identityOfName: [String: Int]
    var fingerprints: [FingerprintWarning]
    var inScreen: [ScreenFingerprintWarning]
    var accepted: [Int: Baseline.Entry]
    /// Per screen group, its standing lists' chunks (`StandingList`), as they are.
    var carried: [String: [[Carried]]]
    var drift: [String: Drift]
    var shownOf: [String: Shown]
    /// Each distinct set of screen configurations once, and each audit's index into it.
    var configurationTable: [[String: ScreenConfiguration]]
    var configurations: [Int]
    var languages: AuditLanguages
    var screens: ScreenIdentification
    /// What the record's trend needs to count the next audit's column (`TrendCarry`), when the state was
    /// stored with its record.
    var trend: TrendCarry?

    /// An audit's place in the order.
    struct Audit: Codable, Sendable {
        var sha256: String
        var fileName: String
        var auditDate: Date
        var run: Int?
    }

    /// A latest audit of a screen group: its entry, the screen identity each of its screens was placed
    /// as, the groups it covered and its verdicts.
    struct Base: Codable, Sendable {
        var position: Int
        var entry: HistoryEntry
        /// Its screens as the judgement placed them, as the record keeps them.
        var screens: [RecordedReport.Screen]
        var covered: [String]
        var verdicts: [Verdict]
    }

    /// Issues of one audit, by their index among its issues.
    struct Issues: Codable, Sendable {
        var position: Int
        var index: [Int]
        var issues: [HistoryIssue]
    }

    struct Warning: Codable, Sendable {
        var name: String
        var firstSeen: Int
        var takenIn: Int
        var resolvedBy: Int?
        var text: String?
        var sightings: [Sighting]
    }

    struct Sighting: Codable, Sendable {
        var configuration: ScreenConfiguration
        var rect: Rect?
        var audit: Int
    }

    struct FingerprintWarning: Codable, Sendable {
        var fingerprint: IssueFingerprint
        var warning: Int
        var group: String
    }

    struct ScreenFingerprintWarning: Codable, Sendable {
        var fingerprint: IssueFingerprint
        var screen: String
        var warning: Int
    }

    /// A verdict (`WarningVerdict`), its audits by position and its issue by index.
    struct Verdict: Codable, Sendable {
        var audit: Int
        var index: Int
        var warning: String
        var identity: Int
        var screen: String
        var place: String
        var status: Status
        var change: WarningChange?
        var continues: Continued?
        var since: Int
        var firstSeen: Int
    }

    struct Continued: Codable, Sendable {
        var audit: Int
        var index: Int
        var stage: MatchStage
    }

    /// A `WarningStatus`: its kind, and the reason, whether the baseline accepted it, or the number repeated.
    struct Status: Codable, Sendable {
        var kind: WarningStatus.Kind
        var reason: String?
        var byBaseline: Bool?
        var number: Int?
    }

    struct Carried: Codable, Sendable {
        var verdict: Verdict
        var rect: Rect?
        var frame: Int?
        var flaggedIn: ScreenConfiguration
    }

    /// A `LayoutTransform`: its axes as scale and offset, the anchored axis as its widths, offset, spread
    /// and inliers, its anchors and spread.
    struct Drift: Codable, Sendable {
        var x: [Double]
        var y: [Double]
        var bottomBar: [Double]?
        var across: [Double]?
        var acrossInliers: Int?
        var anchorsX: [Double]
        var anchorsY: [Double]
        var spread: [Double]
    }

    struct Shown: Codable, Sendable {
        var audit: Int
        var chunks: [[Carried]]
    }

    /// The digest of `baseline`'s entries, in their order.
    static func digest(of baseline: Baseline) -> String {
        var hash = SHA256()
        for entry in baseline.entries {
            hash.update(Data("\(entry.fingerprint)\t\(entry.reason)\t\(entry.acceptedOn)\n".utf8))
        }
        return hash.finalizeHex()
    }
}

extension WarningStatus {
    /// The status stored (`JudgementState.Status`).
    var stored: JudgementState.Status {
        switch self {
        case .open: return .init(kind: .open)
        case .accepted(let reason, let byBaseline):
            return .init(kind: .accepted, reason: reason, byBaseline: byBaseline)
        case .system: return .init(kind: .system)
        case .repeatOf(let number): return .init(kind: .repeat, number: number)
        }
    }

    /// The status `stored` states; nil when it lacks what its kind needs.
    init?(stored: JudgementState.Status) {
        switch stored.kind {
        case .open: self = .open
        case .system: self = .system
        case .accepted:
            guard let reason = stored.reason, let byBaseline = stored.byBaseline else { return nil }
            self = .accepted(reason: reason, byBaseline: byBaseline)
        case .repeat:
            guard let number = stored.number else { return nil }
            self = .repeatOf(number: number)
        }
    }
}

/// An audit reference stored as its facts (the screens the judgement knows name the audit they were
/// first seen in, `JudgementState`).
extension AuditReference: Codable {
    private enum CodingKeys: String, CodingKey {
        case sha256, fileName, auditDate
    }

    /// The reference the facts name.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sha256: try values.decode(String.self, forKey: .sha256),
            fileName: try values.decode(String.self, forKey: .fileName),
            auditDate: try values.decode(Date.self, forKey: .auditDate))
    }

    /// Writes the report's SHA-256, file name and audit date.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(sha256, forKey: .sha256)
        try values.encode(fileName, forKey: .fileName)
        try values.encode(auditDate, forKey: .auditDate)
    }
}
