import Foundation

/// One report's page of the site, `<site>/<report name>/index.html`, in the report's evidence folder:
/// the annotated screenshots first, then what changed since the previous audit, its issues as cards
/// grouped by view (thumbnail, number, test type in its colour and by name, element text, rect, status,
/// the mapped `file:line` with its candidates and why, and a link to its rule's guidance), filters by
/// test type, status, view and change (anchored sections without JavaScript, a form with it), and each
/// rule's "Why and how to fix" once.
///
/// The page depends only on the report, its mapping, its evidence and the report before it, so it
/// stays the same, and valid, when later reports are added.
public struct ReportPage: Sendable {
    /// The report (its images are not used).
    public var report: InspectorReport
    /// The evidence files; those in the page's folder are shown.
    public var evidence: EvidenceFiles
    /// The mapping; nil when none was asked for.
    public var mapping: MappingResult?
    /// The report's judgement: each issue's status and change, what it resolved, the counts.
    public var judgement: ReportJudgement
    /// The page folders of earlier audits that exist, so resolved warnings can link to them.
    public var existingPages: Set<String>
    /// The report as the history records it (fingerprints, views, statuses).
    public var entry: HistoryEntry { judgement.entry }
    /// Fixed font sizes near the lines Dynamic Type warnings map to, by issue number (`auditkit scan`).
    public var likelyCauses: [Int: [LikelyCause]] = [:]

    /// A page from its parts. Without `mapping`, each card shows the code place the history recorded.
    public init(
        report: InspectorReport, evidence: EvidenceFiles, mapping: MappingResult?, judgement: ReportJudgement,
        existingPages: Set<String> = []
    ) {
        self.report = report
        self.evidence = evidence
        self.mapping = mapping
        self.judgement = judgement
        self.existingPages = existingPages
    }

    /// The comparison with the audits before this one, when there is one.
    public var comparison: ReportDiff? { judgement.comparison }

    /// The folder name of a report's page (and evidence): the file name without its extension.
    public static func folderName(forReportFileName fileName: String) -> String {
        EvidencePaths.folderName(forReportFileName: fileName)
    }

    /// The id of issue `number`'s card on its page.
    public static func issueID(_ number: Int) -> String { "issue-\(number)" }

    /// The page as HTML text.
    public func html() -> String {
        let model = Model(self)
        var out = ""
        out.reserveCapacity(4096 + report.issues.count * 1400)
        let title = "Audit " + report.baseName
        SitePage.head(into: &out, title: title, up: 1, counts: HistoryCounts(judgement))
        out += "<header class=\"site\">\n<nav aria-label=\"Site\"><a href=\"../index.html\">All audits</a></nav>\n"
        out += "<h1>Audit \(HTML.isolated(report.baseName))</h1>\n"
        out +=
            "<p class=\"meta\">Audited \(TrendChart.dateLabel(report.auditDate)) UTC · "
            + "\(SessionFacts.counted(report.issues.count, "issue")) on "
            + "\(SessionFacts.counted(report.screens.count, "screen")) · file \(HTML.isolated(report.fileName))"
            + " · SHA-256 <code>\(report.sha256.prefix(16))</code></p>\n"
        out += "</header>\n<main id=\"main\">\n"
        // The annotated screenshots first, what changed and the counts beside them where the window is
        // wide enough.
        out += "<div class=\"lead\">\n"
        screens(into: &out)
        out += "<div>\n"
        changes(model, into: &out)
        summary(model, into: &out)
        out += "</div>\n</div>\n"
        filters(model, into: &out)
        cards(model, into: &out)
        guidance(into: &out)
        indexLists(model, into: &out)
        out += "</main>\n"
        SitePage.foot(into: &out)
        return out
    }

    // MARK: Sections

    private func summary(_ model: Model, into out: inout String) {
        out += "<section aria-labelledby=\"h-counts\">\n<h2 id=\"h-counts\">Counts</h2>\n"
        guard !report.issues.isEmpty else {
            out += "<p>The report has no issues.</p>\n</section>\n"
            return
        }
        out += "<div class=\"scroll\">\n<table>\n<caption>Issues by test type and status</caption>\n<thead><tr>"
        out += "<th scope=\"col\">Test type</th><th scope=\"col\" class=\"num\">Issues</th>"
        for status in SiteStatus.Kind.allCases { out += "<th scope=\"col\" class=\"num\">\(status.title)</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for group in model.types {
            out += "<tr><th scope=\"row\"><a href=\"#\(group.id)\">"
            out += SitePage.typeLabel(group.type) + "</a></th><td class=\"num\">\(group.numbers.count)</td>"
            for status in SiteStatus.Kind.allCases {
                out += "<td class=\"num\">\(group.numbers.filter { model.status[$0]?.kind == status }.count)</td>"
            }
            out += "</tr>\n"
        }
        out += "<tr><th scope=\"row\">All</th><td class=\"num\">\(report.issues.count)</td>"
        for status in SiteStatus.Kind.allCases {
            out += "<td class=\"num\">\(model.statusNumbers[status]?.count ?? 0)</td>"
        }
        out += "</tr>\n</tbody>\n</table>\n</div>\n"
        if mapping == nil {
            out +=
                "<p class=\"note\">No rule file or source folder was given, so no issue is mapped to code; the "
                + "statuses are the history's and the baseline's.</p>\n"
        }
        out += "</section>\n"
    }

    private func changes(_ model: Model, into out: inout String) {
        out += "<section aria-labelledby=\"h-changes\">\n<h2 id=\"h-changes\">Against the previous audit</h2>\n"
        guard let counts = judgement.counts else {
            out += "<p>Open warnings against \(ReportJudgement.firstAuditPhrase).</p>\n</section>\n"
            return
        }
        func page(of fileName: String, fragment: String? = nil) -> String {
            let folder = ReportPage.folderName(forReportFileName: fileName)
            guard existingPages.contains(folder) else { return HTML.isolated(folder) }
            return
                "<a href=\"\(HTML.link([folder, "index.html"], up: 1, fragment: fragment))\">\(HTML.isolated(folder))</a>"
        }
        let previous = Set(judgement.comparedScreens.compactMap(\.fileName)).sorted().map { page(of: $0) }
        out +=
            "<p>Open warnings against \(previous.isEmpty ? ReportJudgement.firstAuditPhrase : previous.joined(separator: ", "))"
            + " (audited \(TrendChart.dateLabel(judgement.oldAuditDate ?? judgement.entry.auditDate)) UTC): "
            + "<a href=\"#change-new\">\(counts.new) new</a>, "
            + "<a href=\"#change-resolved\">\(counts.resolved) resolved</a>, "
            + "<a href=\"#change-residual\">\(counts.residual) residual</a>"
            + (counts.breakdown.map { " (\(HTML.escape($0)))" } ?? "") + counts.notReauditedClause + ".</p>\n"
        // Which earlier audit each screen was compared with and why, and the screens not covered.
        let screenLines = judgement.screenLines
        if !screenLines.isEmpty {
            out += "<ul class=\"screens\">\n"
            for line in screenLines { out += "<li>\(HTML.isolated(line))</li>\n" }
            out += "</ul>\n"
        }
        func list(_ id: String, _ heading: String, _ verdicts: [WarningVerdict], resolved: Bool, folded: Bool = false) {
            out += "<section id=\"\(id)\">\n<h3>\(heading) <span class=\"count\">(\(verdicts.count))</span></h3>\n"
            guard !verdicts.isEmpty else {
                out += "<p>None.</p>\n</section>\n"
                return
            }
            // What stayed as it was is there to look up, not to read first.
            if folded { out += "<details>\n<summary>The \(verdicts.count) warning(s) still there</summary>\n" }
            out += "<ul>\n"
            for verdict in verdicts {
                out += "<li>"
                if resolved {
                    let folder = ReportPage.folderName(forReportFileName: verdict.audit.fileName)
                    out +=
                        existingPages.contains(folder)
                        ? "<a href=\"\(HTML.link([folder, "index.html"], up: 1, fragment: ReportPage.issueID(verdict.number)))\">"
                            + "#\(verdict.number) in \(HTML.isolated(folder))</a>"
                        : "#\(verdict.number) in \(HTML.isolated(folder))"
                } else {
                    out += "<a href=\"#\(ReportPage.issueID(verdict.number))\">#\(verdict.number)</a>"
                    if let old = verdict.continues?.number { out += " (was #\(old))" }
                }
                out += " " + SitePage.typeLabel(verdict.issue.testType) + " "
                out += SitePage.elementText(verdict.issue.elementText) + " — " + HTML.isolated(verdict.place)
                out += "</li>\n"
            }
            out += "</ul>\n" + (folded ? "</details>\n" : "") + "</section>\n"
        }
        list("change-new", "New", judgement.newWarnings, resolved: false)
        list("change-resolved", "Resolved", judgement.resolvedWarnings, resolved: true)
        list("change-residual", "Residual", judgement.residualWarnings, resolved: false, folded: true)
        out += "</section>\n"
    }

    private func filters(_ model: Model, into out: inout String) {
        guard !report.issues.isEmpty else { return }
        out += "<section class=\"filters\" aria-labelledby=\"h-filters\">\n<h2 id=\"h-filters\">Filters</h2>\n"
        // The form needs the script; without it the lists below jump to anchored sections.
        out += "<form id=\"filters\" hidden>\n"
        func select(_ name: String, _ label: String, _ options: [(value: String, label: String)]) {
            out += "<label for=\"filter-\(name)\">\(label)<select id=\"filter-\(name)\" name=\"\(name)\">"
            out += "<option value=\"\">All</option>"
            for option in options { out += "<option value=\"\(option.value)\">\(option.label)</option>" }
            out += "</select></label>\n"
        }
        // An option cannot wrap: long names are cut so the form fits a phone's width.
        func short(_ name: String) -> String { HTML.plain(name.count > 40 ? String(name.prefix(39)) + "…" : name) }
        select("type", "Test type", model.types.map { ($0.id, short($0.type.displayName) + " (\($0.numbers.count))") })
        select(
            "status", "Status",
            SiteStatus.Kind.allCases.compactMap { kind in
                model.statusNumbers[kind].map { (kind.rawValue, kind.title + " (\($0.count))") }
            })
        select("view", "View", model.views.map { ($0.id, short($0.name) + " (\($0.numbers.count))") })
        if judgement.hasEarlierAudit {
            select(
                "change", "Change",
                [
                    ("new", "New (\(model.change.values.filter { $0 == .new }.count))"),
                    ("residual", "Residual (\(model.change.values.filter { $0 == .residual }.count))"),
                ])
        }
        out += "<button type=\"reset\">Show all</button>\n"
        out += "<p id=\"filter-count\" role=\"status\"></p>\n</form>\n<dl>\n"
        out += "<dt>View</dt><dd><ul class=\"inline\">"
        for view in model.views {
            out += "<li><a href=\"#\(view.id)\">\(HTML.isolated(view.name))</a> (\(view.numbers.count))</li>"
        }
        out += "</ul></dd>\n<dt>Test type</dt><dd><ul class=\"inline\">"
        for type in model.types {
            out += "<li><a href=\"#\(type.id)\">\(SitePage.typeLabel(type.type))</a> (\(type.numbers.count))</li>"
        }
        out += "</ul></dd>\n<dt>Status</dt><dd><ul class=\"inline\">"
        for kind in SiteStatus.Kind.allCases {
            guard let numbers = model.statusNumbers[kind] else { continue }
            out += "<li><a href=\"#status-\(kind.rawValue)\">\(kind.title)</a> (\(numbers.count))</li>"
        }
        out += "</ul></dd>\n</dl>\n</section>\n"
    }

    private func cards(_ model: Model, into out: inout String) {
        out += "<section aria-labelledby=\"h-issues\">\n<h2 id=\"h-issues\">Issues by view</h2>\n"
        if report.issues.isEmpty { out += "<p>None.</p>\n" }
        let issues = report.issues
        // Views share a row, each as wide as its cards need (up to three), so a view of one card does
        // not take a row of its own.
        out += "<div class=\"view-groups\">\n"
        for view in model.views {
            out +=
                "<section class=\"view-group span-\(min(3, max(1, view.numbers.count)))\" id=\"\(view.id)\" "
                + "aria-labelledby=\"h-\(view.id)\">\n"
            out +=
                "<h3 id=\"h-\(view.id)\">\(HTML.isolated(view.name)) <span class=\"count\">("
                + SessionFacts.counted(view.numbers.count, "issue") + (view.isView ? "" : ", screen group")
                + ")</span></h3>\n<div class=\"cards\">\n"
            for number in view.numbers where issues.indices.contains(number - 1) {
                card(issues[number - 1], view: view.id, model: model, into: &out)
            }
            out += "</div>\n</section>\n"
        }
        out += "</div>\n</section>\n"
    }

    private func card(_ issue: Issue, view: String, model: Model, into out: inout String) {
        let number = issue.number
        let status = model.status[number] ?? SiteStatus(kind: .open, detail: nil)
        let change = model.change[number]
        out += "<article class=\"card \(SiteAssets.typeClass(issue.testType))\" id=\"\(ReportPage.issueID(number))\""
        out += " data-type=\"\(SitePage.typeID(issue.testType))\" data-status=\"\(status.kind.rawValue)\""
        out += " data-view=\"\(view)\" data-change=\"\(change?.rawValue ?? "")\">\n"
        out += "<h4><span>#\(number)</span> \(SitePage.typeLabel(issue.testType))"
        if issue.isDuplicate { out += " <span class=\"badge\">duplicate</span>" }
        if let change { out += " <span class=\"badge badge-\(change.rawValue)\">\(change.rawValue)</span>" }
        out += "</h4>\n"
        out += "<div class=\"seen\">\n"
        if let file = model.thumbnails[number] {
            out +=
                "<img class=\"thumb\" src=\"\(HTML.link([file]))\" alt=\"Issue \(number): the flagged element, "
                + "cropped from screen \(issue.screenIndex + 1)\" loading=\"lazy\">\n"
        } else {
            let why =
                issue.imageProblem.map { "thumbnail unusable: \(HTML.isolated($0.description))" } ?? "no thumbnail"
            out += "<p class=\"no-thumb\">No picture (\(why)).</p>\n"
        }
        if !issue.shortTitle.isEmpty { out += "<p class=\"title\">\(HTML.isolated(issue.shortTitle))</p>\n" }
        out += "</div>\n"
        out += "<dl>\n<dt>Element</dt><dd>\(SitePage.elementText(issue.elementText))</dd>\n"
        out += "<dt>Rect</dt><dd>\(issue.elementRect.map { HTML.escape($0.compactDescription) } ?? "none")</dd>\n"
        out += "<dt>Screen</dt><dd>\(issue.screenIndex + 1) (\(HTML.isolated(issue.screenGroupName)))</dd>\n"
        out += "<dt>Status</dt><dd><span class=\"status status-\(status.kind.rawValue)\">\(status.kind.title)</span>"
        if let detail = status.detail { out += ": " + HTML.isolated(detail) }
        out += "</dd>\n"
        code(number, recorded: model.verdicts[number]?.issue, into: &out)
        if let change, let verdict = model.verdicts[number] {
            out += "<dt>Change</dt><dd>"
            switch change {
            case .new: out += "new"
            case .residual:
                if let continues = verdict.continues {
                    out +=
                        "also in \(HTML.isolated(ReportPage.folderName(forReportFileName: continues.audit.fileName)))"
                        + " as #\(continues.number)"
                }
                out += ", since \(TrendChart.dateLabel(verdict.since.auditDate)) UTC"
            }
            out += "</dd>\n"
        }
        if let identifier = issue.identifier {
            out += "<dt>Identifier</dt><dd><code>\(HTML.isolated(identifier))</code></dd>\n"
        }
        out += "</dl>\n"
        if let guidance = AccessibilityGuidance.guidance(for: issue) {
            let criterion = guidance.criterion
            out +=
                "<p class=\"why\"><a href=\"#\(ReportPage.guidanceID(guidance))\">Why and how to fix</a>: WCAG "
                + HTML.escape("\(criterion.number) \(criterion.name) (\(criterion.level))") + "</p>\n"
        }
        out += "</article>\n"
    }

    /// The id of a guidance row's section on the page.
    static func guidanceID(_ guidance: AccessibilityGuidance) -> String { HTML.id("guidance", guidance.id) }

    /// Each rule's "Why and how to fix" once, for the rules the page's issues break, in test-type order;
    /// each card links to its rule's.
    private func guidance(into out: inout String) {
        var seen = Set<String>()
        let rows = report.issues.compactMap(AccessibilityGuidance.guidance(for:)).filter { seen.insert($0.id).inserted }
        guard !rows.isEmpty else { return }
        out += "<section aria-labelledby=\"h-guidance\">\n<h2 id=\"h-guidance\">Why and how to fix</h2>\n"
        out += "<div class=\"guidances\">\n"
        for row in rows { out += ReportPage.renderedGuidance[row.id] ?? ReportPage.guidance(row) }
        out += "</div>\n</section>\n"
    }

    /// Each row of the guidance table as `guidance(_:)` renders it, made once.
    static let renderedGuidance: [String: String] = Dictionary(
        AccessibilityGuidance.table.map { ($0.id, guidance($0)) }, uniquingKeysWith: { first, _ in first })

    /// A rule's "Why and how to fix": the WCAG criterion with its level and W3C "Understanding" address,
    /// Apple's guidance, the Nutrition Label features and the SwiftUI and UIKit fixes
    /// (`AccessibilityGuidance`). Addresses are shown as text: the site links only to its own files.
    static func guidance(_ guidance: AccessibilityGuidance) -> String {
        func criterion(_ criterion: WCAGCriterion) -> String {
            HTML.escape("\(criterion.number) \(criterion.name), level \(criterion.level)")
                + " " + HTML.path(criterion.understandingURL)
        }
        var out = "<section class=\"guidance\" id=\"\(guidanceID(guidance))\">\n"
        let kind = guidance.subKind.map { " (" + $0.replacingOccurrences(of: "-", with: " ") + ")" } ?? ""
        out +=
            "<h3>\(HTML.escape(guidance.testType.displayName + kind)): WCAG \(HTML.escape(guidance.criterion.number))</h3>\n<dl>\n"
        out += "<dt>WCAG 2.2</dt><dd>" + guidance.criteria.map(criterion).joined(separator: "; ")
        out += " (applied to apps through WCAG2ICT)</dd>\n"
        out +=
            "<dt>Apple</dt><dd>\(HTML.escape(guidance.appleGuidance)) \(HTML.path(guidance.appleGuidanceURL))</dd>\n"
        out += "</dl>\n<details>\n<summary>How to fix it in SwiftUI and UIKit</summary>\n<dl>\n"
        out += "<dt>SwiftUI</dt><dd>\(HTML.escape(guidance.fixSwiftUI))</dd>\n"
        out += "<dt>UIKit</dt><dd>\(HTML.escape(guidance.fixUIKit))</dd>\n"
        out +=
            "<dt>Nutrition Label</dt><dd>\(HTML.escape(guidance.nutritionLabelFeatures.joined(separator: ", ")))</dd>\n"
        return out + "</dl>\n</details>\n</section>\n"
    }

    /// The mapped location, the candidates and the explanation of issue `number`; without a mapping,
    /// the view and code place the history `recorded`.
    private func code(_ number: Int, recorded: HistoryIssue?, into out: inout String) {
        guard let mapping else {
            // Rendered from what the history recorded when the report was ingested.
            if let location = recorded?.location {
                out += "<dt>Code</dt><dd>\(HTML.path(location.description))"
                if let view = recorded?.view { out += " (view \(HTML.isolated(view)), as recorded)" }
                out += "</dd>\n"
            } else if let view = recorded?.view {
                out += "<dt>Code</dt><dd>view \(HTML.isolated(view)), no source line (as recorded)</dd>\n"
            } else {
                out += "<dt>Code</dt><dd>not mapped</dd>\n"
            }
            return
        }
        guard let mapped = mapping.issue(number) else { return }
        out += "<dt>Code</dt><dd>"
        if let primary = mapped.primary {
            out += primary.location.map { HTML.path($0.description) } ?? "no source location"
            var how: [String] = []
            if let view = primary.view { how.append("view " + HTML.isolated(view)) }
            switch primary.origin {
            case .rule: how.append("rule " + HTML.isolated(primary.ruleID ?? ""))
            case .sourceText: how.append("found by its text, \(Int((primary.confidence * 100).rounded())) %")
            case .screenPosition: how.append("by its place on the screen")
            }
            out += " (" + how.joined(separator: ", ") + ")"
        } else {
            out += "not found"
        }
        out += "</dd>\n"
        let others = mapped.candidates.filter { $0 != mapped.primary }
        if !others.isEmpty {
            out += "<dt>Candidates</dt><dd><ol>"
            for candidate in others.prefix(5) {
                out += "<li>" + (candidate.location.map { HTML.path($0.description) } ?? "?")
                if let view = candidate.view { out += " " + HTML.isolated(view) }
                out += ", \(Int((candidate.confidence * 100).rounded())) %</li>"
            }
            if others.count > 5 { out += "<li>and \(others.count - 5) more</li>" }
            out += "</ol></dd>\n"
        }
        out += "<dt>Why</dt><dd>\(HTML.isolated(mapped.explanation))</dd>\n"
        // A warning accepted (by the baseline or a rule) or on system UI asks for no fix.
        let open = judgement.verdictsByNumber[number]?.status.isOpen ?? true
        for cause in open ? likelyCauses[number] ?? [] : [] {
            out +=
                "<dt>Likely cause</dt><dd><code>\(HTML.isolated(cause.code))</code> at "
                + "\(HTML.path(cause.location.description)), \(HTML.isolated(cause.distanceText)) "
                + "the matched line"
                + (cause.fix.map { "; <code>scan --fix</code> would make it <code>\(HTML.isolated($0))</code>" } ?? "")
                + "</dd>\n"
        }
    }

    private func indexLists(_ model: Model, into out: inout String) {
        guard !report.issues.isEmpty else { return }
        func links(_ numbers: [Int]) {
            out += "<ul class=\"inline\">"
            for number in numbers { out += "<li><a href=\"#\(ReportPage.issueID(number))\">#\(number)</a></li>" }
            out += "</ul>\n"
        }
        out += "<section class=\"index-lists\" aria-labelledby=\"h-by-type\">\n"
        out += "<h2 id=\"h-by-type\">Issues by test type and by status</h2>\n"
        for type in model.types {
            out += "<section id=\"\(type.id)\">\n<h3>\(SitePage.typeLabel(type.type)) "
            out += "<span class=\"count\">(\(type.numbers.count))</span></h3>\n"
            links(type.numbers)
            out += "</section>\n"
        }
        for kind in SiteStatus.Kind.allCases {
            guard let numbers = model.statusNumbers[kind] else { continue }
            out += "<section id=\"status-\(kind.rawValue)\">\n<h3>\(kind.title) "
            out += "<span class=\"count\">(\(numbers.count))</span></h3>\n"
            links(numbers)
            out += "</section>\n"
        }
        out += "</section>\n"
    }

    private func screens(into out: inout String) {
        out += "<section aria-labelledby=\"h-screens\">\n<h2 id=\"h-screens\">Screens, each issue numbered</h2>\n"
        let sheets = evidence.indexSheetPages.compactMap(localName)
        if !sheets.isEmpty {
            out += "<p>Index sheet: "
            out += sheets.enumerated().map { index, name in
                "<a href=\"\(HTML.link([name]))\">" + (sheets.count == 1 ? "all issues" : "page \(index + 1)") + "</a>"
            }.joined(separator: ", ")
            out += ".</p>\n"
        }
        out += "<div class=\"screens\">\n"
        for screen in report.screens {
            let numbers = screen.issues.map(\.number)
            let range =
                numbers.isEmpty
                ? "no issues" : numbers.count == 1 ? "issue #\(numbers[0])" : "issues #\(numbers[0])–#\(numbers.last!)"
            out += "<figure>\n"
            if let overlay = evidence.overlays[screen.index].flatMap(localName) {
                out +=
                    "<a href=\"\(HTML.link([overlay]))\"><img src=\"\(HTML.link([overlay]))\" alt=\"Screen "
                    + "\(screen.index + 1) with a numbered box on each of its issues (\(range))\"></a>\n"
            } else {
                out += "<p class=\"no-thumb\">No annotated screenshot for this screen.</p>\n"
            }
            out +=
                "<figcaption>Screen \(screen.index + 1) “\(HTML.isolated(screen.name))”, group "
                + "\(HTML.isolated(screen.groupName)): \(range)</figcaption>\n</figure>\n"
        }
        out += "</div>\n</section>\n"
    }

    /// The name of `path` when it is in the page's folder (the evidence folder), else nil.
    private func localName(_ path: String) -> String? {
        let folder = PathName.parent(path)
        guard
            folder == evidence.directory
                || (folder as NSString).standardizingPath
                    == (evidence.directory as NSString).standardizingPath
        else { return nil }
        return PathName.last(path)
    }

    // MARK: Model

    /// What the page shows, computed once: groups, statuses, changes, thumbnails.
    private struct Model {
        struct Group {
            var id: String
            var name: String
            var isView: Bool
            var numbers: [Int]
        }
        struct TypeGroup {
            var type: TestType
            var id: String
            var numbers: [Int]
        }
        enum Change: String {
            case new, residual
        }

        var views: [Group] = []
        var types: [TypeGroup] = []
        var status: [Int: SiteStatus] = [:]
        var statusNumbers: [SiteStatus.Kind: [Int]] = [:]
        var change: [Int: Change] = [:]
        var verdicts: [Int: WarningVerdict] = [:]
        var thumbnails: [Int: String] = [:]

        init(_ page: ReportPage) {
            let entry = page.entry
            verdicts = page.judgement.verdictsByNumber
            var viewIndex: [String: Int] = [:]
            var typeIndex: [TestType: Int] = [:]
            for record in entry.issues {
                let number = record.number
                let status = verdicts[number].map { SiteStatus($0.status) } ?? SiteStatus(kind: .open, detail: nil)
                self.status[number] = status
                statusNumbers[status.kind, default: []].append(number)
                let name = verdicts[number]?.place ?? record.place
                if let index = viewIndex[name] {
                    views[index].numbers.append(number)
                } else {
                    viewIndex[name] = views.count
                    views.append(
                        Group(id: HTML.id("view", name), name: name, isView: record.view != nil, numbers: [number]))
                }
                if let index = typeIndex[record.testType] {
                    types[index].numbers.append(number)
                } else {
                    typeIndex[record.testType] = types.count
                    types.append(
                        TypeGroup(type: record.testType, id: SitePage.typeID(record.testType), numbers: [number]))
                }
            }
            // Views with a mapped view first, in order of appearance; screen groups after.
            views = views.filter(\.isView) + views.filter { !$0.isView }
            types = types.enumerated().sorted {
                ($0.element.type.rank, $0.offset) < ($1.element.type.rank, $1.offset)
            }.map(\.element)
            for verdict in page.judgement.newWarnings { change[verdict.number] = .new }
            for verdict in page.judgement.residualWarnings { change[verdict.number] = .residual }
            for (number, path) in page.evidence.thumbnails {
                if let name = page.localName(path) { thumbnails[number] = name }
            }
        }
    }
}

/// How the site shows an issue's judgement (`WarningStatus`): open, accepted (by a rule or the
/// baseline, with the reason), system UI, or the Inspector's repeat of another issue.
struct SiteStatus: Sendable, Hashable {
    enum Kind: String, CaseIterable, Sendable {
        case open, accepted, system, `repeat`

        var title: String {
            switch self {
            case .open: return "Open"
            case .accepted: return "Accepted"
            case .system: return "System UI"
            case .repeat: return "Repeat"
            }
        }
    }

    var kind: Kind
    var detail: String?

    init(kind: Kind, detail: String?) {
        self.kind = kind
        self.detail = detail
    }

    /// How the site shows `status`.
    init(_ status: WarningStatus) {
        switch status {
        case .open: self.init(kind: .open, detail: nil)
        case .system: self.init(kind: .system, detail: nil)
        case .accepted(let reason, let byBaseline):
            let who = byBaseline ? "in the baseline" : "by a rule"
            self.init(kind: .accepted, detail: reason.isEmpty ? who : who + ": " + reason)
        case .repeatOf(let number): self.init(kind: .repeat, detail: "the Inspector's repeat of #\(number)")
        }
    }
}
