import Foundation

/// One ingested report as the history keeps it: one line of `history.jsonl`. No image data, so a
/// history stays small after hundreds of reports.
public struct HistoryEntry: Sendable, Hashable, Codable {
    /// The format version of the line: this version writes `4` and reads `1` to `4`. Version 2
    /// fingerprints every issue by screen group (version 1 used the mapped view when there was one;
    /// `HistoryFile` recomputes those fingerprints in memory when it reads a version 1 line). Version 3
    /// records each screen's screenshot signature; lines of earlier versions keep comparing their
    /// screens by group name (`knowsScreensByName`). Version 4 records the same as version 3 in a
    /// compact line, which leaves out what the rest of the line gives (`HistoryFile.line(of:)`).
    public var version: Int
    /// Lowercase hex SHA-256 of the report file: the entry's identity (adding it twice is a no-op).
    public var sha256: String
    /// The report's file name without folders.
    public var fileName: String
    /// When the audit ran; entries are ordered by it.
    public var auditDate: Date
    /// The report's screens, in report order.
    public var screens: [HistoryScreen]
    /// Issue counts, by status and by test type.
    public var counts: HistoryCounts
    /// One record per issue, in report order.
    public var issues: [HistoryIssue]
    /// The screens the user said a report that shows none (the Inspector's empty report) audited, by
    /// the names the outputs give screens; nil for a report that shows its screens (since version 3).
    public var covers: [String]?
    /// The format the report was read from (since this field was added; nil in earlier lines).
    public var format: ReportFormat?
    /// The rule file, source folders and target the report was mapped with when it was recorded; nil
    /// when it was not mapped (or recorded before this field was added). `html` and `summary` map the
    /// report again with them when no mapping inputs are given, so they state what the ingest stated.
    public var mappedWith: RecordedMappingInputs?
    /// The run that added the entry: 1 for the first `ingest`, `audit` or `history add` that recorded one,
    /// then one more for each later run, every report of one run with the same number (`History.latestRun`);
    /// nil in lines written before it was recorded.
    public var run: Int?

    /// The version this code writes.
    public static let currentVersion = 4

    /// The versions this code reads.
    public static let readableVersions = 1...4

    /// Whether the entry was written before screens were told apart by what they show (version 3):
    /// its screens are known by their group names, as that version compared them.
    public var knowsScreensByName: Bool { version < 3 }

    /// Whether the report is an automated audit's result (XCTest, Appium): the driver audits every
    /// element of the app's current screen, so it covers its screen whole, screenshot or not. Lines
    /// written before `format` was recorded tell it by their issues' element types, which only automated
    /// audits give.
    public var isAutomatedAudit: Bool {
        if let format { return format == .automated }
        return issues.contains { $0.elementType != nil }
    }

    /// Creates an entry from its parts; `counts` is computed from `issues`.
    public init(sha256: String, fileName: String, auditDate: Date, screens: [HistoryScreen], issues: [HistoryIssue]) {
        self.init(
            version: HistoryEntry.currentVersion, sha256: sha256, fileName: fileName, auditDate: auditDate,
            screens: screens, counts: HistoryCounts(issues: issues), issues: issues)
    }

    /// Creates an entry with every field given, as read from a file.
    init(
        version: Int, sha256: String, fileName: String, auditDate: Date, screens: [HistoryScreen],
        counts: HistoryCounts, issues: [HistoryIssue]
    ) {
        self.version = version
        self.sha256 = sha256
        self.fileName = fileName
        self.auditDate = auditDate
        self.screens = screens
        self.counts = counts
        self.issues = issues
    }

    /// The entry for `report`: each issue fingerprinted and, when `mappings` has a mapping for its
    /// number, carrying that mapping's view, location and status. With `sources`, each issue also
    /// keeps what identifies it across languages: the localization key its text shows and the source
    /// literal its mapping points at (`IssueIdentity`). Text-less issues with a usable thumbnail keep
    /// the thumbnail's perceptual hash.
    public init(
        report: InspectorReport, mappings: [IssueMapping] = [], sources: SourceIndex? = nil,
        screenRoots: [Int: String] = [:]
    ) {
        let byNumber = Dictionary(mappings.map { ($0.issueNumber, $0) }, uniquingKeysWith: { first, _ in first })
        let identity = IssueIdentity(sources: sources)
        let issues = report.issues.map { issue in
            var record = HistoryIssue(issue: issue, mapping: byNumber[issue.number])
            record.key = identity.key(of: issue, mapping: byNumber[issue.number])
            // An element's accessibility identifier is the strongest key there is (automated audits).
            if let identifier = issue.identifier, !identifier.isEmpty {
                record.key = HistoryIssue.capped(HistoryIssue.identifierKeyPrefix + identifier)
            }
            record.literal = identity.literal(of: byNumber[issue.number])
            if (issue.elementText ?? "").allSatisfy(\.isWhitespace), let thumbnail = issue.thumbnail {
                record.imageHash = ImageHash.dHash(thumbnail).map(ImageHash.hex)
            }
            return record
        }
        let screens = report.screens.enumerated().map { index, screen in
            let size = HistoryScreen.pointSize(of: screen)
            let shot = screen.screenshot.flatMap(ScreenSignature.read)
            var record = HistoryScreen(
                name: screen.name, group: screen.groupName, issueCount: screen.issues.count, width: size?.width,
                height: size?.height, imageHash: shot?.signature.hex, rootView: screenRoots[index])
            record.appearance = shot.map { $0.dark ? .dark : .light }
            record.named = screen.teamName
            if record.named != nil { record.namedBy = .report }
            return record
        }
        self.init(
            sha256: report.sha256, fileName: report.fileName, auditDate: report.auditDate, screens: screens,
            issues: issues)
        format = report.format
    }

    /// Keys in the file.
    enum CodingKeys: String, CodingKey {
        case version, sha256, fileName, auditDate, screens, counts, issues, covers, format, mappedWith, run
    }
}

/// The mapping inputs a report was mapped with, as its history entry records them: each path relative
/// to the history file's folder (`../Sources`), so they hold from any working folder and in any clone.
public struct RecordedMappingInputs: Sendable, Hashable, Codable {
    /// The rule file; nil when none was used.
    public var rules: String?
    /// The source folders, in the order given.
    public var sources: [String]
    /// The target named to map into; nil when none was named.
    public var target: String?

    /// Inputs from their parts, each path already relative to the history file's folder.
    public init(rules: String?, sources: [String], target: String? = nil) {
        self.rules = rules
        self.sources = sources
        self.target = target
    }

    /// The same inputs with each path as a path from the working folder, for a history file at
    /// `historyPath` (an absolute path is kept as it is).
    public func resolved(historyPath: String) -> RecordedMappingInputs {
        let folder = PathName.parent(historyPath)
        func resolved(_ path: String) -> String {
            if path.hasPrefix("/") || folder.isEmpty { return path }
            let joined = PathName.normalized(folder + "/" + path)
            return joined.isEmpty ? "." : joined
        }
        return RecordedMappingInputs(rules: rules.map(resolved), sources: sources.map(resolved), target: target)
    }
}

/// One screen of an ingested report.
public struct HistoryScreen: Sendable, Hashable, Codable {
    /// `_axKeyScreenName` (informative only; never part of a fingerprint).
    public var name: String
    /// `_axKeyScreenGroupName`.
    public var group: String
    /// How many issues the screen had.
    public var issueCount: Int
    /// The screen's width in points, when the report gave its size (since version 2).
    public var width: Double?
    /// The screen's height in points, when the report gave its size (since version 2).
    public var height: Double?
    /// The 128 hex digits of the screenshot's signature below the status bar (`ScreenSignature`), when the report had a usable screenshot: what tells screens apart when
    /// reports name them alike (lines written before it was recorded have none).
    public var imageHash: String?
    /// The root view the mapping placed the screen's issues under (`MappingResult.screenRoots`), when the
    /// sources were given and it found one: the strongest evidence of which screen this is, whatever its
    /// layout, appearance, text size or device.
    public var rootView: String?
    /// The name the team gave the screen (`--screen NAME`, or a screen the rule file declares): it decides
    /// which screen this is over anything the report shows, and every output calls the screen so.
    public var named: String?
    /// Who gave the name `named` holds, when it is known (lines written before it was recorded have none).
    public var namedBy: ScreenNameSource?
    /// The appearance the screenshot shows, when the report had a usable one.
    public var appearance: Appearance?

    /// The light or the dark appearance.
    public enum Appearance: String, Sendable, Hashable, Codable {
        /// Dark text on a light background.
        case light
        /// Light text on a dark background.
        case dark
    }

    /// Creates a screen record.
    public init(
        name: String, group: String, issueCount: Int, width: Double? = nil, height: Double? = nil,
        imageHash: String? = nil, rootView: String? = nil, named: String? = nil
    ) {
        self.name = name
        self.group = group
        self.issueCount = issueCount
        self.width = width
        self.height = height
        self.imageHash = imageHash
        self.rootView = rootView
        self.named = named
    }

    /// The size in points of `screen`: its display bounds (pixels) divided by the screenshot scale,
    /// else the screenshot's declared size; nil when the report gives neither (text exports) or the
    /// values are not positive and finite.
    public static func pointSize(of screen: Screen) -> (width: Double, height: Double)? {
        func usable(_ width: Double, _ height: Double) -> (width: Double, height: Double)? {
            guard width.isFinite, height.isFinite, width > 0, height > 0, width < 1e6, height < 1e6 else { return nil }
            return ((width * 100).rounded() / 100, (height * 100).rounded() / 100)
        }
        if let bounds = screen.displayBounds, let scale = screen.screenshotScale, scale > 0,
            let size = usable(bounds.width / scale, bounds.height / scale)
        {
            return size
        }
        if let shot = screen.screenshot, let width = shot.declaredWidth, let height = shot.declaredHeight {
            return usable(width, height)
        }
        return nil
    }
}

/// How many issues an entry has, in total, per status and per test type key.
public struct HistoryCounts: Sendable, Hashable, Codable {
    /// All issues.
    public var total: Int
    /// Issues with status `open`.
    public var open: Int
    /// Issues a rule accepted.
    public var accepted: Int
    /// Issues on system UI.
    public var system: Int
    /// Issues per test type key (`dynamic-type`).
    public var byType: [String: Int]

    /// Creates counts from their values.
    public init(total: Int, open: Int, accepted: Int, system: Int, byType: [String: Int]) {
        self.total = total
        self.open = open
        self.accepted = accepted
        self.system = system
        self.byType = byType
    }

    /// Counts `issues`.
    public init(issues: [HistoryIssue]) {
        total = issues.count
        (open, accepted, system) = (0, 0, 0)
        var byType: [String: Int] = [:]
        // Field by field, never copying an issue: a compact history line's counts are made so (issues
        // of every report of a history).
        for index in issues.indices {
            switch issues[index].status {
            case .open: open += 1
            case .accepted: accepted += 1
            case .system: system += 1
            }
            byType[issues[index].testType.key, default: 0] += 1
        }
        self.byType = byType
    }
}

/// The judgement recorded with an issue in the history (the key of `IssueStatus`).
public enum HistoryIssueStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Still to be fixed.
    case open
    /// Accepted by a rule.
    case accepted
    /// System UI.
    case system

    /// The status of a mapping's `IssueStatus`.
    public init(_ status: IssueStatus) {
        switch status {
        case .open: self = .open
        case .accepted: self = .accepted
        case .system: self = .system
        }
    }
}

/// One issue of an ingested report, as the history, diff, trend and check see it.
public struct HistoryIssue: Sendable, Hashable, Codable {
    /// The issue's fingerprint (see `IssueFingerprint`).
    public var fingerprint: IssueFingerprint
    /// The issue's number in its own report (for people; never used to match).
    public var number: Int
    /// The test category.
    public var testType: TestType
    /// The Inspector's error code, when the report has one.
    public var errorCode: Int?
    /// The short title as written in the report (possibly localized).
    public var title: String
    /// The element text as written in the report.
    public var elementText: String?
    /// The screen group name.
    public var screenGroup: String
    /// The view, when a mapping gave one.
    public var view: String?
    /// The source location, when a mapping gave one.
    public var location: SourceLocation?
    /// The element's rect in points (rounded to 0.01 point), when the report has one.
    public var rect: Rect?
    /// The judgement from the mapping (`open` without one).
    public var status: HistoryIssueStatus
    /// The reason given by the rule that accepted it.
    public var reason: String?
    /// The localization key the element's text shows, found in the string catalogs (since version 2),
    /// or `id:` and the element's accessibility identifier when the report gave one (automated audits).
    public var key: String?
    /// The source literal the mapping points at: its file, a tab, and the literal's text as written in
    /// code (since version 2).
    public var literal: String?
    /// The 16 hex digits of the thumbnail's perceptual hash, for text-less elements (since version 2).
    public var imageHash: String?
    /// The element's type as an automated audit gives it (`Image`, `Button`); nil for Inspector reports.
    /// It tells an image's missing description (WCAG 1.1.1) from another element's (4.1.2).
    public var elementType: String?
    /// What the element is as the mapping found it in the code (`IssueMapping.role`: `button`, `header`),
    /// so an earlier audit's warning is told as its own audit told it.
    public var role: String?
    /// The symbol a rule named for it (`IssueMapping.symbol`).
    public var symbol: String?

    /// Creates a record from its parts.
    public init(
        fingerprint: IssueFingerprint, number: Int, testType: TestType, errorCode: Int? = nil, title: String,
        elementText: String? = nil, screenGroup: String, view: String? = nil, location: SourceLocation? = nil,
        rect: Rect? = nil, status: HistoryIssueStatus = .open, reason: String? = nil, key: String? = nil,
        literal: String? = nil, imageHash: String? = nil, elementType: String? = nil, role: String? = nil,
        symbol: String? = nil
    ) {
        self.fingerprint = fingerprint
        self.number = number
        self.testType = testType
        self.errorCode = errorCode
        self.title = title
        self.elementText = elementText
        self.screenGroup = screenGroup
        self.view = view
        self.location = location
        self.rect = rect
        self.status = status
        self.reason = reason
        self.key = key
        self.literal = literal
        self.imageHash = imageHash
        self.elementType = elementType
        self.role = role
        self.symbol = symbol
    }

    /// The record of `issue`, with the view, location and status of `mapping` when given (its
    /// fingerprint is scoped by the screen group, never by the mapped view).
    public init(issue: Issue, mapping: IssueMapping?) {
        var reason: String?
        if case .accepted(let text)? = mapping?.status { reason = text }
        self.init(
            fingerprint: IssueFingerprint(issue: issue), number: issue.number,
            testType: issue.testType, errorCode: issue.errorCode,
            title: HistoryIssue.capped(issue.shortTitle) ?? "",
            elementText: HistoryIssue.capped(issue.elementText), screenGroup: issue.screenGroupName,
            view: mapping?.view,
            location: mapping?.location, rect: issue.elementRect.flatMap(HistoryIssue.recordable),
            status: mapping.map { HistoryIssueStatus($0.status) } ?? .open, reason: reason,
            elementType: HistoryIssue.capped(issue.elementType), role: HistoryIssue.capped(mapping?.role),
            symbol: HistoryIssue.capped(mapping?.symbol))
    }

    /// The most characters of a title or element text the history keeps; the fingerprint is made from the
    /// whole text first, so capping only keeps a hostile report from bloating every later load.
    public static let maxTextLength = 500

    /// What starts the `key` of an issue an element's accessibility identifier keys (`id:save`).
    public static let identifierKeyPrefix = "id:"

    /// `text` cut to `maxTextLength` characters with `…`.
    public static func capped(_ text: String?) -> String? {
        guard let text, text.count > maxTextLength else { return text }
        return String(text.prefix(maxTextLength - 1)) + "…"
    }

    /// `rect` with each value rounded to 0.01 point: plenty for telling elements apart, and it keeps
    /// history lines short (reports write values like `44.333333333333336`).
    public static func rounded(_ rect: Rect) -> Rect {
        func round(_ value: Double) -> Double { abs(value) < 1e12 ? (value * 100).rounded() / 100 : value }
        return Rect(x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height))
    }

    /// `rect` as the history records it: rounded, or nil when a value is NaN or infinite (JSON cannot
    /// hold those, and no element is there).
    public static func recordable(_ rect: Rect) -> Rect? {
        rect.isFinite ? rounded(rect) : nil
    }

    /// Where the issue is for people: the view when mapped, else the screen group.
    public var place: String { view ?? (screenGroup.isEmpty ? "(no screen group)" : screenGroup) }

    /// Keys in the file.
    enum CodingKeys: String, CodingKey {
        case fingerprint, number, testType = "type", errorCode, title, elementText = "text", screenGroup = "group"
        case view, location, rect, status, reason, key, literal, imageHash, elementType, role, symbol
    }
}

extension HistoryScreen {
    /// Keys in the file.
    enum CodingKeys: String, CodingKey {
        case name, group, issueCount, width, height, imageHash, rootView, named, namedBy, appearance
    }
}

/// Who gave a screen the name its history record holds (`HistoryScreen.namedBy`).
public enum ScreenNameSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// A screen the rule file declares (`RuleFile.screens`).
    case ruleFile
    /// `--screen NAME` on the command line.
    case option
    /// The report itself: the screen name an automated audit's test wrote.
    case report

    /// How outputs say it, after the name: `by the rule file`.
    public var phrase: String {
        switch self {
        case .ruleFile: return "by the rule file"
        case .option: return "with --screen"
        case .report: return "by the automated audit"
        }
    }
}

extension HistoryEntry {
    /// The screen (0-based, in `screens`) of each issue, in `issues` order: by the screens' issue counts,
    /// or, when those do not add up, by group name, else the first screen.
    var screenOfIssues: [Int] {
        if screens.reduce(0, { $0 + $1.issueCount }) == issues.count {
            var result: [Int] = []
            result.reserveCapacity(issues.count)
            for (index, screen) in screens.enumerated() {
                result += Array(repeating: index, count: screen.issueCount)
            }
            return result
        }
        return issues.map { issue in screens.firstIndex { $0.group == issue.screenGroup } ?? 0 }
    }
}
