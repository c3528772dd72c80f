import Foundation

/// How a summary groups its issues.
public enum SummaryGrouping: String, Sendable, CaseIterable {
    /// One section per view the mapping found, plus `Unmapped`.
    case view
    /// One section per test type.
    case type
    /// One section per screen, as the judgement knows it (`ScreenVerdict.name`).
    case screen

    /// The heading over the sections: `Views`, `Test Types`, `Screens`.
    public var heading: String {
        switch self {
        case .view: return "Views"
        case .type: return "Test Types"
        case .screen: return "Screens"
        }
    }
}

/// One report given to a summary, with its mapping when there is one.
public struct SummaryInput: Sendable {
    /// The report.
    public var report: InspectorReport
    /// What the mapping concluded per issue; nil when no mapping was done.
    public var mapping: [IssueMapping]?
    /// The report's evidence files; nil means those on disk beside the report.
    public var evidence: EvidenceFiles?
    /// Fixed font sizes near the lines Dynamic Type warnings map to, by issue number (`auditkit scan`).
    public var likelyCauses: [Int: [LikelyCause]]
    /// The report as the history records it (the pass's entry); made from the report and its mapping
    /// when nil.
    public var entry: HistoryEntry?

    /// Creates an input.
    public init(
        report: InspectorReport, mapping: [IssueMapping]? = nil, evidence: EvidenceFiles? = nil,
        likelyCauses: [Int: [LikelyCause]] = [:], entry: HistoryEntry? = nil
    ) {
        self.report = report
        self.mapping = mapping
        self.evidence = evidence
        self.likelyCauses = likelyCauses
        self.entry = entry
    }

    /// The input of a report the pass prepared: its mapping, evidence, likely causes and history entry.
    public init(_ prepared: PreparedReport) {
        self.init(
            report: prepared.report, mapping: prepared.mapping?.primaries, evidence: prepared.evidence,
            likelyCauses: prepared.likelyCauses, entry: prepared.historyEntry)
    }

    /// The report's history entry.
    var historyEntry: HistoryEntry { entry ?? HistoryEntry(report: report, mappings: mapping ?? []) }

    /// The input of a report known only by its history entry (an earlier audit whose file is not read
    /// again, or is not here): the report as recorded (`InspectorReport(recorded:path:)`) at
    /// `reportPath`, with its recorded mapping and the evidence files in `evidence` that exist.
    public init(recorded entry: HistoryEntry, reportPath: String, evidence: EvidencePaths) {
        let report = InspectorReport(recorded: entry, path: reportPath)
        let files =
            evidence.isOnDisk
            ? EvidenceFiles.onDisk(for: report, in: evidence) : EvidenceFiles(directory: evidence.directory)
        self.init(report: report, mapping: entry.recordedMappings, evidence: files, entry: entry)
    }
}

/// A per-view (or per-type, per-screen) summary of one or more reports: each section lists its
/// warnings, counts and evidence, and, with several reports, which warnings persist across them.
public struct AuditSummary: Sendable {
    /// Where a warning was seen.
    public struct Occurrence: Sendable, Hashable {
        /// Position of the report among the inputs.
        public var reportIndex: Int
        /// The report's file name.
        public var reportName: String
        /// The issue's number in that report.
        public var issueNumber: Int
    }

    /// One warning of a section: the issues of the reports that the judgement calls one warning.
    public struct Warning: Sendable {
        /// The latest issue of the warning (inputs oldest first): its text as the latest report shows it.
        public var issue: Issue
        /// That issue's mapping, when there is one.
        public var mapping: IssueMapping?
        /// The warning's identity (`WarningVerdict.warning`).
        public var key: String
        /// Its status in the latest report that has it.
        public var status: WarningStatus = .open
        /// The audit that resolved it, when the latest audit of its screen no longer shows it.
        public var resolvedIn: AuditReference?
        /// Every report and issue number it was seen in, in input order.
        public var occurrences: [Occurrence]
        /// Fixed font sizes near its mapped line, from its latest report (Dynamic Type warnings).
        public var likelyCauses: [LikelyCause] = []
        /// How many distinct reports have it.
        public var reportsSeen: Int { Set(occurrences.map(\.reportIndex)).count }
    }

    /// One section: a view, type or screen.
    public struct Section: Sendable {
        /// Its name (`HomeView`, `Dynamic Type`, a screen as judged: `HomeView` or `screen 1 of <report>`,
        /// `Unmapped`).
        public var name: String
        /// Its warnings, in order of first appearance.
        public var warnings: [Warning]
        /// Existing evidence files (reports, index sheets, overlays, thumbnails), relative to the base
        /// folder (with `../` when elsewhere); the summary links them.
        public var evidence: [String]
        /// Issue occurrences per test type.
        public var counts: [TypeCount]
        /// Issue occurrences in all reports.
        public var issueCount: Int { warnings.reduce(0) { $0 + $1.occurrences.count } }
    }

    /// How the issues were grouped.
    public var grouping: SummaryGrouping
    /// The reports' file names and issue counts, in input order.
    public var reports: [(name: String, issueCount: Int)]
    /// The sections, in order (views by first appearance, then the screens warnings without a view were
    /// judged on; types in the Inspector's order).
    public var sections: [Section]
    /// The folder the summary is written to: evidence paths and source links are relative to it.
    public var baseDirectory: String

    /// Builds a summary.
    /// - Parameters:
    ///   - inputs: the reports, oldest first when persistence matters.
    ///   - judgement: the judged history (with its baseline): which issues are one warning, each
    ///     warning's status and whether a later audit resolved it. Reports it lacks are judged with it;
    ///     without it, the inputs are judged against each other.
    ///   - grouping: by view, type or screen.
    ///   - baseDirectory: evidence paths are shown and linked relative to this folder, with `../` when
    ///     elsewhere (the output's folder).
    public init(
        inputs: [SummaryInput], judgement: HistoryJudgement? = nil, grouping: SummaryGrouping,
        baseDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        let entries = inputs.map(\.historyEntry)
        let judgement =
            judgement?.including(entries) ?? HistoryJudgement(entries: entries)
        self.grouping = grouping
        self.baseDirectory = baseDirectory
        self.reports = inputs.map { ($0.report.fileName, $0.report.issues.count) }
        var order: [String] = []
        var warningsBySection: [String: [Warning]] = [:]
        var evidenceBySection: [String: [String]] = [:]
        var warningIndex: [String: [String: Int]] = [:]
        var existence: [String: Bool] = [:]
        func exists(_ path: String) -> Bool {
            if let known = existence[path] { return known }
            let found = FileManager.default.fileExists(atPath: path)
            existence[path] = found
            return found
        }
        // Each issue names every index sheet page, its overlay and its thumbnail: for 2,000 issues, 72,000
        // paths, of a few thousand files. Each file is made relative once (a look at the disk), and each
        // section's list is kept with a set, so naming a file again costs a lookup (measured 2026-11-25:
        // the 2,000-issue summary took 0.3 s, nearly all of it here).
        let relativePaths = RelativePaths(to: baseDirectory)
        var shownPaths: [String: String] = [:]
        func shown(_ path: String) -> String {
            if let known = shownPaths[path] { return known }
            let display = relativePaths.link(path)
            shownPaths[path] = display
            return display
        }
        var evidenceListed: [String: Set<String>] = [:]
        // Sections of warnings without a view: after the views.
        var screenSections = Set<String>()

        for (reportIndex, input) in inputs.enumerated() {
            let report = input.report
            let issues = report.issues
            let mappings = Dictionary(
                (input.mapping ?? []).map { ($0.issueNumber, $0) }, uniquingKeysWith: { a, _ in a })
            let evidence =
                input.evidence ?? EvidenceFiles.onDisk(for: report, in: EvidencePaths(reportPath: report.sourcePath))
            let judged = judgement.report(sha256: report.sha256)
            let verdicts = judged?.verdictsByNumber ?? [:]
            var sectionsListingReport = Set<String>()
            for issue in issues {
                let mapping = mappings[issue.number]
                let verdict = verdicts[issue.number]
                let name: String
                switch grouping {
                case .view:
                    // Where the judgement files the warning (`WarningVerdict.place`), as every output does:
                    // its view, else the screen it was judged on.
                    let view = mapping?.view.flatMap { $0.isEmpty ? nil : $0 }
                    name = verdict?.place ?? view ?? "screen \(issue.screenIndex + 1) of \(report.fileName)"
                    if name != view { screenSections.insert(name) }
                case .type:
                    name = issue.testType.displayName
                case .screen:
                    // The screen as the judgement knows it (every issue of the inputs is judged): reports number
                    // their screens each their own way.
                    name =
                        verdict.flatMap { judged?.screenName(of: $0) }
                        ?? "screen \(issue.screenIndex + 1) of \(report.fileName)"
                }
                if warningsBySection[name] == nil {
                    order.append(name)
                    warningsBySection[name] = []
                    evidenceBySection[name] = []
                }
                let key = verdict?.warning ?? IssueFingerprint(issue: issue).hex
                let occurrence = Occurrence(
                    reportIndex: reportIndex, reportName: report.fileName, issueNumber: issue.number)
                let index: Int
                if let known = warningIndex[name]?[key] {
                    index = known
                    // Named as the latest report shows it (a value that changed, another language); the
                    // Inspector's repeats in one report keep the first issue.
                    if warningsBySection[name]![index].occurrences.last?.reportIndex != reportIndex {
                        warningsBySection[name]![index].issue = issue
                        warningsBySection[name]![index].mapping = mapping
                        warningsBySection[name]![index].likelyCauses = input.likelyCauses[issue.number] ?? []
                    }
                    warningsBySection[name]![index].occurrences.append(occurrence)
                } else {
                    index = warningsBySection[name]!.count
                    warningIndex[name, default: [:]][key] = index
                    warningsBySection[name]!.append(
                        Warning(
                            issue: issue, mapping: mapping, key: key, occurrences: [occurrence],
                            likelyCauses: input.likelyCauses[issue.number] ?? []))
                }
                // The status of its latest report (a repeat keeps the status of the issue it repeats).
                if let verdict, verdict.status.kind != .repeat {
                    warningsBySection[name]![index].status = verdict.status
                }
                // The report and its index sheet pages show every issue: listed once per section.
                var paths: [String] = []
                if sectionsListingReport.insert(name).inserted {
                    paths = (exists(report.sourcePath) ? [report.sourcePath] : []) + evidence.indexSheetPages
                }
                for path in paths + (evidence.isEmpty ? [] : evidence.files(showingOnly: issue)) {
                    let display = shown(path)
                    if evidenceListed[name, default: []].insert(display).inserted {
                        evidenceBySection[name]!.append(display)
                    }
                }
            }
        }

        switch grouping {
        case .view:
            order = order.filter { !screenSections.contains($0) } + order.filter { screenSections.contains($0) }
        case .type:
            let rank = Dictionary(uniqueKeysWithValues: TestType.known.enumerated().map { ($1.displayName, $0) })
            order = order.enumerated().sorted {
                (rank[$0.element] ?? TestType.known.count, $0.offset) < (
                    rank[$1.element] ?? TestType.known.count, $1.offset
                )
            }.map(\.element)
        case .screen:
            break
        }
        sections = order.map { name in
            var warnings = warningsBySection[name] ?? []
            // Whether a later audit resolved it depends on the warning alone.
            for index in warnings.indices {
                warnings[index].resolvedIn = judgement.resolution(ofWarning: warnings[index].key)
            }
            // Each warning's issues counted under its type, as `SessionFacts.counts(of:)` counts issues.
            var byType: [TestType: Int] = [:]
            for warning in warnings { byType[warning.issue.testType, default: 0] += warning.occurrences.count }
            return Section(
                name: name, warnings: warnings, evidence: evidenceBySection[name] ?? [],
                counts: TypeCount.ordered(byType))
        }
    }

    /// The summary as Markdown: a title, the reports, then each section rendered with `view.md`.
    public func markdown(templates: TemplateSet = .builtin()) -> String {
        var text = "# Accessibility Summary\n\n"
        let reportList = reports.map { MarkdownEscaping.codeSpan($0.name) + " (\($0.issueCount) issues)" }
        text += "- Reports: " + (reportList.isEmpty ? "none" : reportList.joined(separator: ", ")) + "\n"
        let total = sections.reduce(0) { $0 + $1.issueCount }
        let unit = grouping.heading.lowercased()
        text +=
            "- Grouped by \(grouping.rawValue): \(sections.count) \(sections.count == 1 ? String(unit.dropLast()) : unit), \(total) issues\n"
        text += "\n## \(grouping.heading)\n"
        for section in sections {
            var rendered = templates.render(.view, templateContext(for: section))
            while rendered.hasSuffix("\n") { rendered.removeLast() }
            text += "\n" + rendered + "\n"
        }
        text += guidanceMarkdown()
        return text
    }

    /// `## WCAG and Apple's guidance`: one line per test type the summary has (and per guidance row
    /// whose criterion differs from its type's, `AccessibilityGuidance.ruleID`: images without a
    /// description), with its WCAG 2.2 criterion, level and W3C address, the HIG address and the
    /// Nutrition Label features (`AccessibilityGuidance`); empty when no test type is in the table.
    func guidanceMarkdown() -> String {
        var byRule: [String: AccessibilityGuidance] = [:]
        for section in sections {
            for warning in section.warnings {
                guard let row = AccessibilityGuidance.guidance(for: warning.issue) else { continue }
                if byRule[row.ruleID] == nil {
                    byRule[row.ruleID] =
                        row.ruleID == row.testType.key ? AccessibilityGuidance.guidance(for: row.testType) : row
                }
            }
        }
        let rows = byRule.values.sorted {
            ($0.testType.rank, $0.ruleID.count, $0.ruleID) < ($1.testType.rank, $1.ruleID.count, $1.ruleID)
        }
        guard !rows.isEmpty else { return "" }
        var text = "\n## WCAG and Apple's guidance\n\n"
        for row in rows {
            let kind = row.ruleID == row.testType.key ? "" : " (\(row.subKind ?? row.id))"
            text +=
                "- \(row.testType.displayName)\(kind): WCAG 2.2 \(row.criteria.map(\.title).joined(separator: "; "))"
                + " (\(row.criterion.understandingURL)); Apple: \(row.appleGuidanceURL); Nutrition Label: "
                + row.nutritionLabelFeatures.joined(separator: ", ") + ".\n"
        }
        return text
    }

    /// The `view.md` context for `section` (names listed in `TemplateKind.view.fields`).
    public func templateContext(for section: Section) -> [String: TemplateValue] {
        let multiple = reports.count > 1
        let warnings = section.warnings.map { warning -> [String: TemplateValue] in
            var status = warning.status.description
            if let resolved = warning.resolvedIn {
                status = "resolved in \(Self.shortName(resolved.fileName)) (\(resolved.day))"
            }
            let persists = multiple && warning.reportsSeen == reports.count
            // Described as a session describes it: role, text and a link to the line.
            let flagged = SessionFacts.flagged(warning.issue, warning.mapping, logDirectory: baseDirectory)
            return [
                "role": .text(flagged.role ?? ""),
                // A warning accepted (by the baseline or a rule) or on system UI asks for no fix.
                "likelyCauses": .list(
                    TemplateValue.items(
                        (warning.status.isOpen ? warning.likelyCauses : []).map {
                            [
                                "code": .code($0.code), "location": .code($0.location.description),
                                "distance": .text($0.distanceText), "fix": $0.fix.map { .code($0) } ?? .text(""),
                            ]
                        })),
                "number": .number(warning.issue.number),
                // Its issue numbers, shown for a summary of one report.
                "numbers": .list(
                    multiple ? [] : TemplateValue.items(warning.occurrences.map { ["number": .number($0.issueNumber)] })
                ),
                "type": .text(warning.issue.testType.displayName),
                "title": .text(warning.issue.shortTitle),
                "element": .text(warning.issue.elementText ?? ""),
                "location": SessionFacts.location(of: flagged),
                "symbol": .code(warning.mapping?.symbol ?? ""),
                "view": .text(warning.mapping?.view ?? ""),
                "screen": .text(warning.issue.screenName),
                "status": .text(status),
                "seenIn": .text(Self.seenIn(warning.occurrences)),
                "seenCount": .number(warning.reportsSeen),
                "persists": .bool(persists),
            ]
        }
        let persistent = multiple ? section.warnings.filter { $0.reportsSeen == reports.count }.count : 0
        return [
            "name": .text(section.name),
            "grouping": .text(grouping.rawValue),
            "issueCount": .number(section.issueCount),
            "issueText": .text(SessionFacts.counted(section.issueCount, "issue")),
            "warningCount": .number(section.warnings.count),
            "persistentCount": .number(persistent),
            "reportCount": .number(reports.count),
            "multipleReports": .bool(multiple),
            "warnings": .list(TemplateValue.items(warnings)),
            "counts": .list(
                TemplateValue.items(
                    section.counts.map {
                        [
                            "type": .text($0.testType.displayName), "key": .text($0.testType.key),
                            "count": .number($0.count),
                        ]
                    })),
            "evidence": .list(TemplateValue.items(section.evidence.map { ["path": .link(text: $0, target: $0)] })),
        ]
    }

    /// `AuditReport_2026-01-03 #2, AuditReport_2026-01-10 #3`: each report and issue a warning was seen
    /// in; past six, the first three and the last two around how many more (a warning standing in a
    /// CI history of thousands of audits names them all in its count, not in a line of each).
    static func seenIn(_ occurrences: [Occurrence]) -> String {
        func named(_ occurrence: Occurrence) -> String {
            "\(shortName(occurrence.reportName)) #\(occurrence.issueNumber)"
        }
        guard occurrences.count > 6 else { return occurrences.map(named).joined(separator: ", ") }
        let head = occurrences.prefix(3).map(named)
        let tail = occurrences.suffix(2).map(named)
        return (head + ["… \(occurrences.count - 5) more"] + tail).joined(separator: ", ")
    }

    /// `AuditReport_2026-01-03_16-28-16` from `AuditReport_2026-01-03_16-28-16.html`.
    static func shortName(_ fileName: String) -> String { PathName.deletingExtension(fileName) }
}
