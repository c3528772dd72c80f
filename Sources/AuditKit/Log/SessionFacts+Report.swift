import Foundation

extension SessionFacts {
    /// At most this many distinct texts are listed per view, per kind of system UI and per reason;
    /// the rest are counted.
    public static let textLimit = 12

    /// Gathers a session's facts from a report.
    /// - Parameters:
    ///   - report: the report being logged.
    ///   - logPath: the log file; the report, evidence and source paths are written relative to its
    ///     folder (source links with `../` where needed).
    ///   - mapping: what the mapping concluded per issue, when rules or sources were given.
    ///   - judgement: the report's judgement (`HistoryJudgement`): each warning's status (a rule's or the
    ///     baseline's acceptance, system UI, the Inspector's repeats) and the comparison with the earlier
    ///     audits of its screens. Without it, statuses come from `mapping` and nothing is compared.
    ///   - date: `YYYY-MM-DD`; nil means the report's audit day (local time).
    ///   - scope: the user's scope; nil means the views the warnings map to, else the screens, and the report.
    ///   - evidence: the report's evidence files; nil means those on disk beside the report.
    ///   - likelyCauses: fixed font sizes near the lines Dynamic Type warnings map to.
    public init(
        report: InspectorReport, logPath: String, mapping: [IssueMapping]? = nil,
        judgement: ReportJudgement? = nil, date: String? = nil, scope: String? = nil,
        evidence: EvidenceFiles? = nil, likelyCauses: [LikelyCause] = []
    ) {
        let logDirectory = PathName.parent(LogPaths.absolute(logPath))
        let issues = report.issues
        var screenNames: [String] = []
        for screen in report.screens where !screenNames.contains(screen.name) { screenNames.append(screen.name) }
        let byNumber = Dictionary(
            (mapping ?? []).map { ($0.issueNumber, $0) }, uniquingKeysWith: { first, _ in first })

        var open = TextGroups<TestType>()
        var openByView: [TestType: TextGroups<String>] = [:]
        var openUnmapped = TextGroups<TestType>()
        // The guidance rows of each type's open warnings (one per criterion), as they come.
        var openRows: [TestType: [AccessibilityGuidance]] = [:]
        var system = TextGroups<String>()
        var accepted = TextGroups<AcceptedKey>()
        var acceptedViews: [AcceptedKey: [String: Int]] = [:]
        var viewCounts: [String: Int] = [:]
        var viewOrder: [String] = []
        let verdicts = judgement?.verdictsByNumber ?? [:]
        for issue in issues {
            let entry = byNumber[issue.number]
            let status: WarningStatus
            if let verdict = verdicts[issue.number] {
                status = verdict.status
            } else {
                switch entry?.status {
                case .system?: status = .system
                case .accepted(let reason)?: status = .accepted(reason: reason, byBaseline: false)
                case .open?, nil: status = .open
                }
            }
            // The Inspector's repeats of an element count once, with the issue they repeat.
            if case .repeatOf = status { continue }
            let flagged = SessionFacts.flagged(issue, entry, logDirectory: logDirectory)
            // A warning mapped to a line but to no view is listed under its file: "not mapped" never
            // carries a location.
            let view =
                entry?.view.flatMap { $0.isEmpty ? nil : $0 }
                ?? entry?.location.map { PathName.last($0.file) }
            if let view {
                if viewCounts[view] == nil { viewOrder.append(view) }
                viewCounts[view, default: 0] += 1
            }
            switch status {
            case .system:
                system.add(flagged, to: SessionFacts.systemKind(of: entry))
            case .accepted(let reason, let byBaseline):
                let key = AcceptedKey(
                    reason: byBaseline ? "accepted in the baseline: " + reason : reason, testType: issue.testType)
                accepted.add(flagged, to: key)
                if let view { acceptedViews[key, default: [:]][view, default: 0] += 1 }
            case .repeatOf: break
            case .open:
                open.add(flagged, to: issue.testType)
                if let row = AccessibilityGuidance.guidance(for: issue),
                    openRows[issue.testType]?.contains(where: { $0.ruleID == row.ruleID }) != true
                {
                    openRows[issue.testType, default: []].append(row)
                }
                if let view {
                    openByView[issue.testType, default: TextGroups()].add(flagged, to: view)
                } else {
                    openUnmapped.add(flagged, to: issue.testType)
                }
            }
        }
        let counts = SessionFacts.counts(of: issues)
        let types: [TypeFindings] = counts.compactMap { typeCount in
            let type = typeCount.testType
            guard let all = open.groups[type] else { return nil }
            let byView = openByView[type] ?? TextGroups()
            let views = byView.order.map { view in
                let group = byView.groups[view]!
                return ViewTexts(
                    view: view, count: group.count, texts: Array(group.texts.prefix(SessionFacts.textLimit)),
                    moreCount: max(0, group.texts.count - SessionFacts.textLimit))
            }
            // Most warnings first; views with equal counts keep their report order.
            let ordered = views.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
                .map(\.element)
            let unmapped = openUnmapped.groups[type] ?? TextGroup()
            return TypeFindings(
                testType: type, count: all.count,
                guidance: (openRows[type] ?? []).sorted { ($0.ruleID.count, $0.ruleID) < ($1.ruleID.count, $1.ruleID) },
                views: ordered,
                unmapped: Array(unmapped.texts.prefix(SessionFacts.textLimit)),
                moreUnmapped: max(0, unmapped.texts.count - SessionFacts.textLimit))
        }
        let systemUI = system.order.map { kind in
            let group = system.groups[kind]!
            return SystemUIFinding(
                kind: kind, count: group.count, texts: Array(group.texts.prefix(SessionFacts.textLimit)))
        }
        let acceptedFindings = accepted.order.map { key in
            let group = accepted.groups[key]!
            let views = (acceptedViews[key] ?? [:]).sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
            return AcceptedFinding(
                reason: key.reason, testType: key.testType, count: group.count, views: views,
                texts: Array(group.texts.prefix(SessionFacts.textLimit)))
        }
        let viewsByCount = viewOrder.enumerated().sorted {
            (viewCounts[$0.element]!, -$0.offset) > (viewCounts[$1.element]!, -$1.offset)
        }.map(\.element)

        self.init(
            reportPath: LogPaths.relative(report.sourcePath, to: logDirectory),
            reportName: report.fileName,
            reportSHA256: report.sha256,
            date: date ?? SessionDate.day(of: report.auditDate),
            scope: scope
                ?? SessionFacts.defaultScope(
                    views: viewsByCount, screens: SessionFacts.scopeScreens(report, judgement),
                    reportName: report.fileName),
            screenNames: screenNames,
            issueCount: issues.count,
            counts: counts,
            isMapped: mapping != nil,
            types: types,
            systemUI: systemUI,
            accepted: acceptedFindings,
            comparison: judgement.flatMap(SessionComparison.init),
            // Shown and linked relative to the log's folder, like the flagged texts.
            likelyCauses: likelyCauses.map { cause in
                var cause = cause
                cause.location.file = LogPaths.link(to: cause.location.file, from: logDirectory)
                return cause
            },
            evidence: (evidence ?? EvidenceFiles.onDisk(for: report, in: EvidencePaths(reportPath: report.sourcePath)))
                .logEntries(relativeTo: logDirectory))
    }

    /// How the session names one issue: its text, the role its code gives it, and where it is.
    static func flagged(_ issue: Issue, _ mapping: IssueMapping?, logDirectory: String) -> FlaggedText {
        let text = issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines)
        let location = mapping?.location
        return FlaggedText(
            text: text?.isEmpty == false ? text : nil, role: mapping?.role, location: location,
            link: location.map { LogPaths.link(to: $0.file, from: logDirectory) })
    }

    /// The kind of system UI a mapping names: its note when short (`status bar`), else its rule's id,
    /// else empty.
    static func systemKind(of mapping: IssueMapping?) -> String {
        if let note = mapping?.note?.trimmingCharacters(in: .whitespacesAndNewlines), !note.isEmpty, note.count <= 40 {
            return note
        }
        return mapping?.ruleID ?? ""
    }

    private struct AcceptedKey: Hashable {
        var reason: String
        var testType: TestType
    }

    /// Today's local date as `YYYY-MM-DD`.
    public static func today() -> String {
        SessionDate.day(of: Date())
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
            throw AuditError(.usage, "expected a date written YYYY-MM-DD, got '\(text)'")
        }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= days else { throw AuditError(.usage, "'\(text)' is not a day of the calendar") }
        return text
    }

    /// The default scope: the views the warnings map to, most warnings first
    /// (`HomeView, HomeHeader (AuditReport_….html)`); without a mapping the screens' names, or their
    /// groups when the names are only numbers (`Home (…)`), else `Screens 0, 1 (…)`.
    public static func defaultScope(views: [String], screens: [(name: String, group: String)], reportName: String)
        -> String
    {
        func shown(_ names: [String]) -> String {
            names.count > 6
                ? names.prefix(6).joined(separator: ", ") + " and \(names.count - 6) more"
                : names.joined(separator: ", ")
        }
        if !views.isEmpty { return shown(views) + " (\(reportName))" }
        var names: [String] = []
        for screen in screens where !screen.name.isEmpty && !names.contains(screen.name) { names.append(screen.name) }
        guard !names.isEmpty else { return reportName }
        if names.allSatisfy({ $0.allSatisfy(\.isNumber) }) {
            var groups: [String] = []
            for screen in screens where !screen.group.isEmpty && !groups.contains(screen.group) {
                groups.append(screen.group)
            }
            if groups.isEmpty { return (names.count == 1 ? "Screen " : "Screens ") + shown(names) + " (\(reportName))" }
            return shown(groups) + " (\(reportName))"
        }
        return shown(names) + " (\(reportName))"
    }

    /// The screens a session's default scope names: as the judgement knows them (`ScreenVerdict.name`,
    /// `screen 2` for a screen known by its place in this very report), else the report's names and groups.
    static func scopeScreens(_ report: InspectorReport, _ judgement: ReportJudgement?) -> [(
        name: String, group: String
    )] {
        guard let judgement, !judgement.screens.isEmpty else { return report.screens.map { ($0.name, $0.groupName) } }
        let suffix = " of \(report.fileName)"
        return judgement.screens.filter(\.shows).map { screen in
            (screen.name.hasSuffix(suffix) ? String(screen.name.dropLast(suffix.count)) : screen.name, "")
        }
    }

    /// Issues per test type, in the Inspector's order, then unknown types by name.
    public static func counts(of issues: [Issue]) -> [TypeCount] {
        var counts: [TestType: Int] = [:]
        for issue in issues { counts[issue.testType, default: 0] += 1 }
        return TypeCount.ordered(counts)
    }
}

/// The distinct texts of one group (a test type, a view, a kind of system UI), folding repeats.
struct TextGroup {
    var texts: [FlaggedText] = []
    var count = 0
    private var positions: [FlaggedText: Int] = [:]

    mutating func add(_ text: FlaggedText) {
        count += text.count
        var key = text
        key.count = 1
        if let index = positions[key] {
            texts[index].count += text.count
        } else {
            positions[key] = texts.count
            texts.append(text)
        }
    }
}

/// Text groups by a key, in order of first appearance.
struct TextGroups<Key: Hashable> {
    var groups: [Key: TextGroup] = [:]
    var order: [Key] = []

    mutating func add(_ text: FlaggedText, to key: Key) {
        if groups[key] == nil {
            order.append(key)
            groups[key] = TextGroup()
        }
        groups[key]!.add(text)
    }
}

/// Path helpers for the log: absolute paths and paths relative to the log's folder.
enum LogPaths {
    /// `path` made absolute against the current folder and standardised.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// `path` relative to `directory`, going up with `../` where it lies elsewhere, for a link from a
    /// file in `directory`.
    static func link(to path: String, from directory: String) -> String {
        let target = absolute(path).split(separator: "/").map(String.init)
        let base = absolute(directory).split(separator: "/").map(String.init)
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    /// `path` relative to `directory` when it lies under it, else `path` as given.
    static func relative(_ path: String, to directory: String) -> String {
        RelativePaths(to: directory).relative(path)
    }
}

/// Paths made relative to one folder (as `LogPaths.relative`), each folder they are in made absolute
/// and its links resolved once: a summary of 2,000 issues names 2,000 files in a few folders, and
/// resolving every path's links component by component was most of its time. For one rendering on
/// one thread; links are looked at when it is made, not watched.
final class RelativePaths {
    private let prefix: String
    private let directory: String
    private var folders: [String: String] = [:]

    /// Paths relative to `directory`.
    init(to directory: String) {
        let base = LogPaths.absolute(directory)
        prefix = base.hasSuffix("/") ? base : base + "/"
        self.directory = directory
    }

    /// `path` relative to the folder when it lies under it, else `path` as given.
    func relative(_ path: String) -> String {
        under(path) ?? path
    }

    /// `path` relative to the folder, going up with `../` when it lies elsewhere: a link target that
    /// works from a file in the folder, as `LogPaths.link(to:from:)` gives for source places.
    func link(_ path: String) -> String {
        under(path) ?? LogPaths.link(to: path, from: directory)
    }

    /// `path` relative to the folder when it lies under it, else nil.
    private func under(_ path: String) -> String? {
        let full = absolute(path)
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : nil
    }

    /// `LogPaths.absolute(path)`, with the folder's part remembered; a last component that is a
    /// link, `.` or `..` (or a path without a folder) takes the whole way.
    private func absolute(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return LogPaths.absolute(path) }
        let name = String(path[path.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != ".." else { return LogPaths.absolute(path) }
        let folderPart = String(path[..<slash])
        let folder: String
        if let known = folders[folderPart] {
            folder = known
        } else {
            folder = LogPaths.absolute(folderPart)
            folders[folderPart] = folder
        }
        let joined = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        var status = stat()
        if lstat(joined, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK { return LogPaths.absolute(path) }
        return joined
    }
}
