import Foundation

/// `check --format json`: the check as the CI gate decides it over every report checked (the latest
/// run's), the verdict and the failing warnings, then each report's check with every pair of its
/// comparison and the stage that made it.
public struct CheckJSON: Encodable, Sendable {
    /// A warning of a checked report.
    public struct Warning: Encodable, Sendable {
        /// The report's file name.
        public var report: String
        /// The issue's number in the report, counting from 1.
        public var number: Int
        /// The warning's fingerprint, hex.
        public var fingerprint: String
        /// The test type's machine key (`contrast`, `dynamic-type`, ...).
        public var type: String
        /// The issue's short title.
        public var title: String
        /// The flagged element's text, if any.
        public var text: String?
        /// Its view, else the screen the judgement identified.
        public var place: String
        /// The mapped source location, if any.
        public var location: String?
        /// What the warning means against WCAG 2.2 and Apple's guidance; absent for an unknown test type.
        public var guidance: GuidanceReference?

        /// A warning of a checked report, field by field.
        public init(
            report: String, number: Int, fingerprint: String, type: String, title: String, text: String?,
            place: String, location: String?, guidance: GuidanceReference?
        ) {
            self.report = report
            self.number = number
            self.fingerprint = fingerprint
            self.type = type
            self.title = title
            self.text = text
            self.place = place
            self.location = location
            self.guidance = guidance
        }
    }

    /// A screen group of the checked report and the earlier report it was compared with.
    public struct ComparedScreen: Encodable, Sendable {
        /// The screen group.
        public var group: String
        /// The earlier report's file name; absent when no earlier report covered the group.
        public var report: String?

        /// A screen group and the earlier report it was compared with (nil: none).
        public init(group: String, report: String?) {
            self.group = group
            self.report = report
        }
    }

    /// A residual warning: the checked report's issue and the earlier one it continues.
    public struct Pair: Encodable, Sendable {
        /// The issue's number in the earlier report.
        public var oldNumber: Int?
        /// The issue's number in the checked report.
        public var newNumber: Int?
        /// The warning's fingerprint in the checked report, hex.
        public var fingerprint: String
        /// The earlier fingerprint, hex, when it differs.
        public var oldFingerprint: String?
        /// The earlier element text when it differs (empty: the earlier issue had none).
        public var oldText: String?
        /// The earlier report's file name.
        public var oldReport: String?
        /// The stage that matched the two: `fingerprint`, `key`, `geometry` or `image`.
        public var matchedBy: MatchStage

        /// A pair of the comparison, field by field.
        public init(
            oldNumber: Int?, newNumber: Int?, fingerprint: String, oldFingerprint: String?, oldText: String?,
            oldReport: String?, matchedBy: MatchStage
        ) {
            self.oldNumber = oldNumber
            self.newNumber = newNumber
            self.fingerprint = fingerprint
            self.oldFingerprint = oldFingerprint
            self.oldText = oldText
            self.oldReport = oldReport
            self.matchedBy = matchedBy
        }
    }

    /// The check of one report.
    public struct ReportCheck: Encodable, Sendable {
        /// The checked report's file name.
        public var report: String
        /// Whether its check fails.
        public var failed: Bool
        /// Its failing warnings.
        public var failing: [Warning]
        /// Its open warnings the baseline accepts.
        public var baselined: [Warning]
        /// The accepted fingerprints it no longer shows.
        public var staleBaseline: [String]
        /// Each screen group and the earlier report it was compared with; absent with no earlier report.
        public var comparedWith: [ComparedScreen]?
        /// Every residual warning.
        public var pairs: [Pair]
        /// How many open warnings of earlier reports it did not re-audit (their screens not covered, or
        /// their elements not shown).
        public var notReaudited: Int
        /// The issue numbers of the Inspector's repeats.
        public var repeated: [Int]

        /// The document of one report's check.
        public init(_ check: HistoryCheck) {
            let report = check.entry.fileName
            func warning(_ verdict: WarningVerdict) -> Warning {
                let issue = verdict.issue
                return Warning(
                    report: report, number: issue.number, fingerprint: issue.fingerprint.hex,
                    type: issue.testType.key, title: issue.title, text: issue.elementText, place: verdict.place,
                    location: issue.location?.description, guidance: GuidanceReference(issue))
            }
            self.report = report
            failed = check.failed
            failing = check.failing.map(warning)
            baselined = check.baselined.map(warning)
            staleBaseline = check.staleBaseline.map(\.fingerprint.hex)
            comparedWith =
                check.judged.hasEarlierAudit
                ? check.judged.comparedScreens.map { ComparedScreen(group: $0.group, report: $0.fileName) } : nil
            pairs = check.judged.verdicts.compactMap { verdict in
                guard let continues = verdict.continues else { return nil }
                return Pair(
                    oldNumber: continues.number, newNumber: verdict.number, fingerprint: verdict.issue.fingerprint.hex,
                    oldFingerprint: continues.fingerprint == verdict.issue.fingerprint
                        ? nil : continues.fingerprint.hex,
                    oldText: continues.text == verdict.issue.elementText ? nil : (continues.text ?? ""),
                    oldReport: continues.audit.fileName, matchedBy: continues.stage)
            }
            notReaudited = check.judged.notReauditedWarnings.count
            repeated = check.judged.verdicts.filter { $0.status.kind == .repeat }.map(\.number)
        }
    }

    /// What fails the check: `new` or `any`.
    public var failOn: CheckFailOn
    /// Whether the check fails (exit status 1): one of the reports' checks fails.
    public var failed: Bool
    /// The failing warnings of every report checked, report by report.
    public var failing: [Warning]
    /// The open warnings the baseline accepts, of every report checked.
    public var baselined: [Warning]
    /// The accepted fingerprints no longer present, of every report checked, each once.
    public var staleBaseline: [String]
    /// Each report's check, in audit-date order.
    public var reports: [ReportCheck]

    /// The document of the checks of a run's reports (`failOn` says what fails them when there are none).
    public init(_ checks: [HistoryCheck], failOn: CheckFailOn) {
        reports = checks.map(ReportCheck.init)
        self.failOn = failOn
        failed = reports.contains(where: \.failed)
        failing = reports.flatMap(\.failing)
        baselined = reports.flatMap(\.baselined)
        var seen = Set<String>()
        staleBaseline = reports.flatMap(\.staleBaseline).filter { seen.insert($0).inserted }
    }
}
