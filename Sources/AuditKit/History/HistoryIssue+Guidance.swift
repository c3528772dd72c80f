import Foundation

extension HistoryIssue {
    /// What the warning means against WCAG and Apple's guidance, from its test type, title and element
    /// type (`AccessibilityGuidance.guidance(testType:title:elementType:)`, as the report's page decides it
    /// from the report); nil for a test type AuditKit does not know.
    public var guidance: AccessibilityGuidance? {
        AccessibilityGuidance.guidance(testType: testType, title: title, elementType: elementType)
    }
}

/// The criterion, level and guidance links a warning carries on every line and in every JSON object of
/// `diff`, `check` and `trend`: the part of its `AccessibilityGuidance` row that fits one line.
public struct GuidanceReference: Sendable, Hashable, Codable {
    /// The WCAG 2.2 success criterion's number, e.g. `1.4.3`.
    public var criterion: String
    /// Its name, e.g. `Contrast (Minimum)`.
    public var name: String
    /// Its level: `A`, `AA` or `AAA`.
    public var level: String
    /// W3C's "Understanding" page of the criterion.
    public var understandingURL: String
    /// Apple's Human Interface Guidelines page to cite.
    public var appleGuidanceURL: String

    /// The reference of a guidance row: its main criterion.
    public init(_ guidance: AccessibilityGuidance) {
        criterion = guidance.criterion.number
        name = guidance.criterion.name
        level = guidance.criterion.level
        understandingURL = guidance.criterion.understandingURL
        appleGuidanceURL = guidance.appleGuidanceURL
    }

    /// The reference of `issue`'s warning; nil for a test type AuditKit does not know.
    public init?(_ issue: HistoryIssue) {
        guard let guidance = issue.guidance else { return nil }
        self.init(guidance)
    }

    /// `WCAG 1.4.3 AA`: how a line names the criterion.
    public var label: String { "WCAG \(criterion) \(level)" }

    /// `WCAG 1.4.3 Contrast (Minimum), AA: <https://…> (Apple: <https://…>)`: the legend line an output
    /// prints once per criterion its lines name.
    public var legend: String {
        "WCAG \(criterion) \(name), \(level): \(understandingURL) (Apple: \(appleGuidanceURL))"
    }

    /// The legend lines for the warnings of `issues`, one per criterion and guidance page, in criterion
    /// order.
    public static func legend(for issues: [HistoryIssue]) -> [String] {
        // Each row once before its reference is made: a listing names thousands of warnings, a few rows.
        var rows: [String: AccessibilityGuidance] = [:]
        for issue in issues {
            if let row = issue.guidance, rows[row.id] == nil { rows[row.id] = row }
        }
        let references = Set(rows.values.map(GuidanceReference.init))
        return references.sorted { ($0.criterion, $0.appleGuidanceURL) < ($1.criterion, $1.appleGuidanceURL) }
            .map(\.legend)
    }
}
