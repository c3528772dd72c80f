import Foundation

extension SessionFacts {
    /// Gathers a session's facts from a report.
    /// - Parameters:
    ///   - report: the report being logged.
    ///   - logPath: the log file; the report and evidence paths are written relative to its folder
    ///     when they are under it.
    ///   - mapping: what the mapping concluded per issue, when rules or sources were given.
    ///   - comparison: the comparison with the previous logged report, when a history is available.
    ///   - date: `YYYY-MM-DD`; nil means today (local time).
    ///   - scope: the user's scope; nil means the screens' names and the report file.
    ///   - evidence: the report's evidence files; nil means those on disk beside the report.
    public init(
        report: InspectorReport, logPath: String, mapping: [IssueMapping]? = nil,
        comparison: SessionComparison? = nil, date: String? = nil, scope: String? = nil,
        evidence: EvidenceFiles? = nil
    ) {
        let logDirectory = (LogPaths.absolute(logPath) as NSString).deletingLastPathComponent
        let issues = report.issues
        var screenNames: [String] = []
        for screen in report.screens where !screenNames.contains(screen.name) { screenNames.append(screen.name) }
        let reportPath = LogPaths.relative(report.sourcePath, to: logDirectory)

        var views: [ViewFinding]?
        var unmapped: [Int] = []
        if let mapping {
            let byNumber = Dictionary(mapping.map { ($0.issueNumber, $0) }, uniquingKeysWith: { first, _ in first })
            var found: [ViewFinding] = []
            for issue in issues {
                guard let entry = byNumber[issue.number], let view = entry.view, !view.isEmpty else {
                    unmapped.append(issue.number)
                    continue
                }
                var index = found.firstIndex { $0.view == view }
                if index == nil {
                    found.append(ViewFinding(view: view, issueNumbers: [], locations: []))
                    index = found.count - 1
                }
                found[index!].issueNumbers.append(issue.number)
                if let location = entry.location, !found[index!].locations.contains(location) {
                    found[index!].locations.append(location)
                }
            }
            views = found
        }

        self.init(
            reportPath: reportPath,
            reportName: report.fileName,
            reportSHA256: report.sha256,
            date: date ?? SessionFacts.today(),
            scope: scope ?? SessionFacts.defaultScope(screenNames: screenNames, reportName: report.fileName),
            screenNames: screenNames,
            issueCount: issues.count,
            counts: SessionFacts.counts(of: issues),
            views: views,
            unmappedIssueNumbers: unmapped,
            comparison: comparison,
            evidence: (evidence ?? EvidenceFiles.onDisk(for: report, in: EvidencePaths(reportPath: report.sourcePath)))
                .logEntries(relativeTo: logDirectory))
    }

    /// Today's local date as `YYYY-MM-DD`.
    public static func today() -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// `text` when it is a real calendar date written `YYYY-MM-DD`.
    /// - Throws: a usage error naming the value otherwise.
    public static func validatedDate(_ text: String) throws -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let digits = parts.map { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2, !digits.contains(false),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else {
            throw AuditError(.usage, "--date expects YYYY-MM-DD, got '\(text)'")
        }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= days else { throw AuditError(.usage, "--date got '\(text)', which is not a day of the calendar") }
        return text
    }

    /// The default scope: `HomeView, BudgetsView (AuditReport_….html)`, or `Screens 0, 1 (…)` when
    /// the screens only have numbers for names.
    public static func defaultScope(screenNames: [String], reportName: String) -> String {
        let names = screenNames.filter { !$0.isEmpty }
        guard !names.isEmpty else { return reportName }
        let numeric = names.allSatisfy { $0.allSatisfy(\.isNumber) }
        let shown =
            names.count > 6
            ? names.prefix(6).joined(separator: ", ") + " and \(names.count - 6) more"
            : names.joined(separator: ", ")
        return (numeric ? (names.count == 1 ? "Screen " : "Screens ") : "") + shown + " (\(reportName))"
    }

    /// Issues per test type, in the Inspector's order, then unknown types by name.
    public static func counts(of issues: [Issue]) -> [TypeCount] {
        var counts: [TestType: Int] = [:]
        for issue in issues { counts[issue.testType, default: 0] += 1 }
        var ordered = TestType.known.compactMap { type in counts[type].map { TypeCount(testType: type, count: $0) } }
        let others = counts.keys.filter { !TestType.known.contains($0) }.sorted { $0.key < $1.key }
        ordered += others.map { TypeCount(testType: $0, count: counts[$0]!) }
        return ordered
    }
}

/// Path helpers for the log: absolute paths and paths relative to the log's folder.
enum LogPaths {
    /// `path` made absolute against the current folder and standardised.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// `path` relative to `directory` when it lies under it, else `path` as given.
    static func relative(_ path: String, to directory: String) -> String {
        let full = absolute(path)
        let base = absolute(directory)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if full.hasPrefix(prefix) { return String(full.dropFirst(prefix.count)) }
        return path
    }
}
