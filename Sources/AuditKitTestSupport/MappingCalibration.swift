import AuditKit
import Foundation

/// How often a mapping is right at each confidence, per kind of evidence (`MappingEvidence`, and whether it
/// was found through a name such as a generated accessor), over scored warnings (`MappingScore`): what
/// `auditkit-bench calibration` prints for the project's fixture apps. A confidence of 0.8 or more should be
/// right at least 19 times in 20.
public struct MappingCalibration: Sendable {
    /// A confidence band, highest first.
    public enum Band: String, Sendable, CaseIterable {
        case sure = "0.9–1"
        case firm = "0.8–0.9"
        case likely = "0.5–0.8"
        case weak = "0–0.5"
        case unmapped = "no answer"

        /// The band of an answer of `confidence` (nil: no answer).
        public init(_ confidence: Double?) {
            guard let confidence else {
                self = .unmapped
                return
            }
            self = confidence >= 0.9 ? .sure : confidence >= 0.8 ? .firm : confidence >= 0.5 ? .likely : .weak
        }

        /// Whether answers in this band count as firm (`IssueMatcher.firmConfidence` or more).
        public var isFirm: Bool { self == .sure || self == .firm }
    }

    /// The warnings of one evidence kind in one band, and how many were answered in the right file and line.
    public struct Row: Sendable {
        /// The evidence, e.g. `catalogKey through a name`, or `all`.
        public var evidence: String
        /// The band.
        public var band: Band
        /// How many warnings.
        public var count: Int
        /// How many in the right file.
        public var rightFile: Int
        /// How many on the right line.
        public var rightLine: Int
    }

    /// Per evidence kind and band (kinds in `MappingEvidence` order, then "not mapped"), the non-empty ones.
    public private(set) var rows: [Row] = []
    /// Every evidence together, per band.
    public private(set) var bands: [Row] = []

    /// The calibration of `outcomes`.
    public init(outcomes: [MappingScore.Outcome]) {
        func evidence(_ outcome: MappingScore.Outcome) -> String {
            guard let mapped = outcome.mapped else { return "not mapped" }
            let kind = mapped.evidence?.rawValue ?? mapped.origin.rawValue
            return mapped.symbol != nil && mapped.origin == .sourceText ? kind + " through a name" : kind
        }
        func row(_ name: String, _ band: Band, _ list: [MappingScore.Outcome]) -> Row {
            Row(
                evidence: name, band: band, count: list.count, rightFile: list.filter(\.rightFile).count,
                rightLine: list.filter(\.rightLine).count)
        }
        var kinds = MappingEvidence.allCases.flatMap { [$0.rawValue, $0.rawValue + " through a name"] }
        kinds += ["rule", "screenPosition", "not mapped"]
        for kind in kinds {
            for band in Band.allCases {
                let list = outcomes.filter { evidence($0) == kind && Band($0.mapped?.confidence) == band }
                if !list.isEmpty { rows.append(row(kind, band, list)) }
            }
        }
        for band in Band.allCases {
            let list = outcomes.filter { Band($0.mapped?.confidence) == band }
            if !list.isEmpty { bands.append(row("all", band, list)) }
        }
    }

    /// Of the answers at `IssueMatcher.firmConfidence` or more, the share in the right file (1 when none).
    public var firmRightFileShare: Double {
        let firm = bands.filter(\.band.isFirm)
        let count = firm.reduce(0) { $0 + $1.count }
        return count == 0 ? 1 : Double(firm.reduce(0) { $0 + $1.rightFile }) / Double(count)
    }

    /// The rows as a Markdown table: evidence, band, warnings, right file, right line (with shares), every
    /// evidence together last.
    public var markdown: String {
        var lines = [
            "| evidence | confidence | warnings | right file | right line |", "| --- | --- | ---: | ---: | ---: |",
        ]
        func percent(_ part: Int, _ whole: Int) -> String {
            String(format: "%d (%.0f %%)", part, 100 * Double(part) / Double(max(whole, 1)))
        }
        for row in rows + bands {
            lines.append(
                "| \(row.evidence) | \(row.band.rawValue) | \(row.count) | \(percent(row.rightFile, row.count)) | "
                    + "\(percent(row.rightLine, row.count)) |")
        }
        return lines.joined(separator: "\n")
    }
}
