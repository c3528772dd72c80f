import Foundation

/// The site's front page, `<site>/index.html`, made from the history alone: first what changed on each
/// screen at its latest audit (its new warnings and the ones it fixed, with their thumbnails); per view,
/// the latest audit's open warnings with since when they have been open, and its accepted and system UI warnings
/// apart; the trend of open warnings per view (the chart of `trend`, inline, with a text alternative and
/// its data as a table); and every audit in time order with its counts per test type, each linking to
/// its report page when that page exists.
public struct SiteIndex: Sendable {
    /// The judged history, ordered by audit date: every count and status on the page is its.
    public var judgement: HistoryJudgement
    /// The folder names (report file names without extension) whose report page exists.
    public var pages: Set<String>
    /// Other files of the site's folder to link from the foot, e.g. `summary.md` and `trend.svg`.
    public var otherFiles: [String]
    /// The site's folder, where the thumbnails the page shows are looked for (nil: none shown).
    public var root: String?

    /// An index page from its parts.
    public init(judgement: HistoryJudgement, pages: Set<String>, otherFiles: [String] = [], root: String? = nil) {
        self.judgement = judgement
        self.pages = pages
        self.otherFiles = otherFiles
        self.root = root
    }

    /// The page as HTML text.
    public func html() -> String {
        var out = ""
        let entries = judgement.entries
        out.reserveCapacity(8192 + (entries.last?.issues.count ?? 0) * 400 + entries.count * 300)
        SitePage.head(into: &out, title: "Accessibility audits", up: 0)
        out += "<header class=\"site\">\n<h1>Accessibility audits</h1>\n"
        if let first = entries.first, let last = entries.last {
            out +=
                "<p class=\"meta\">\(SessionFacts.counted(entries.count, "audit")) in the history, from "
                + "\(TrendChart.dateLabel(first.auditDate)) to \(TrendChart.dateLabel(last.auditDate)) UTC.</p>\n"
        }
        out += "</header>\n<main id=\"main\">\n"
        if let latest = judgement.latestReport {
            let trend = judgement.trend(by: .view)
            changes(into: &out)
            views(latest: latest, trend: trend, into: &out) { chart(trend, into: &$0) }
            audits(into: &out)
        } else {
            out +=
                "<p>No audits in the history yet: <code>auditkit audit REPORT</code> or <code>auditkit ingest "
                + "FOLDER</code> adds them.</p>\n"
        }
        out += "</main>\n"
        let links = otherFiles.map { "<a href=\"\(HTML.link([$0]))\">\(HTML.escape($0))</a>" }
        SitePage.foot(into: &out, links: links.isEmpty ? "" : " Also here: " + links.joined(separator: ", ") + ".")
        return out
    }

    // MARK: Sections

    /// What one screen's latest audit changed against the audit of it before.
    struct ScreenChange {
        var name: String
        var audit: HistoryEntry
        var previous: AuditReference?
        var new: [WarningVerdict]
        var fixed: [WarningVerdict]
    }

    /// Each screen the history audited, at its latest audit, latest first.
    var screenChanges: [ScreenChange] {
        var seen = Set<String>()
        var changes: [ScreenChange] = []
        for judged in judgement.reports.reversed() {
            for screen in judged.screens where screen.shows && seen.insert(screen.screen).inserted {
                changes.append(
                    ScreenChange(
                        name: screen.name, audit: judged.entry, previous: screen.comparedWith,
                        new: judged.newWarnings.filter { $0.screen == screen.screen },
                        fixed: judged.resolvedWarnings.filter { $0.screen == screen.screen }))
            }
        }
        return changes
    }

    /// How many warnings of each list the page shows with their pictures; the rest are counted.
    static let shownChanges = 12

    /// "What changed": each screen at its latest audit, its new and fixed warnings with their thumbnails.
    private func changes(into out: inout String) {
        let changes = screenChanges
        guard !changes.isEmpty else { return }
        out += "<section aria-labelledby=\"h-changed\">\n<h2 id=\"h-changed\">What changed</h2>\n"
        out +=
            "<p>Each screen at its latest audit, against the audit of it before: what is new and what was fixed.</p>\n"
        out += "<div class=\"changes\">\n"
        for change in changes {
            let id = HTML.id("changed", change.name + " " + change.audit.sha256.prefix(12))
            out +=
                "<section class=\"change\" aria-labelledby=\"\(id)\">\n<h3 id=\"\(id)\">\(HTML.isolated(change.name))</h3>\n"
            out += "<p class=\"meta\">" + reportLink(change.audit.fileName) + ", "
            out += TrendChart.dateLabel(change.audit.auditDate) + " UTC, against "
            out += change.previous.map { reportLink($0.fileName) } ?? ReportJudgement.firstAuditPhrase
            out += ".</p>\n"
            if change.new.isEmpty, change.fixed.isEmpty {
                out += "<p>Nothing new, nothing fixed.</p>\n"
            }
            warnings("New", change.new, into: &out)
            warnings("Fixed", change.fixed, into: &out)
            out += "</section>\n"
        }
        out += "</div>\n</section>\n"
    }

    /// One list of a screen's changes: each warning's thumbnail (from its audit's evidence, when it is
    /// there), number, test type, text and place, linked to its card.
    private func warnings(_ title: String, _ verdicts: [WarningVerdict], into out: inout String) {
        guard !verdicts.isEmpty else { return }
        out += "<h4>\(title) <span class=\"count\">(\(verdicts.count))</span></h4>\n<ul class=\"thumbs\">\n"
        for verdict in verdicts.prefix(Self.shownChanges) {
            let issue = verdict.issue
            let fileName = verdict.audit.fileName
            out += "<li>"
            if let thumbnail = thumbnail(of: verdict) {
                out +=
                    "<img src=\"\(HTML.link(thumbnail))\" alt=\"Issue \(issue.number) of "
                    + "\(HTML.isolated(ReportPage.folderName(forReportFileName: fileName))): the flagged element\">"
            }
            out += "<span>" + reportLink(fileName, fragment: ReportPage.issueID(issue.number), text: "#\(issue.number)")
            out += " \(SitePage.typeLabel(issue.testType)) \(SitePage.elementText(issue.elementText)) — "
            out += HTML.isolated(verdict.place) + "</span></li>\n"
        }
        out += "</ul>\n"
        if verdicts.count > Self.shownChanges {
            out += "<p class=\"note\">And \(verdicts.count - Self.shownChanges) more.</p>\n"
        }
    }

    /// The path, from the site's folder, of the thumbnail of `verdict`'s issue in its audit's evidence
    /// folder, when it is there.
    private func thumbnail(of verdict: WarningVerdict) -> [String]? {
        guard let root, let audit = judgement.report(sha256: verdict.audit.sha256)?.entry else { return nil }
        let path = [
            ReportPage.folderName(forReportFileName: audit.fileName),
            EvidencePaths.thumbnailFileName(issueNumber: verdict.issue.number, issueCount: audit.issues.count),
        ]
        return FileManager.default.fileExists(atPath: root + "/" + path.joined(separator: "/")) ? path : nil
    }

    private func reportLink(_ fileName: String, fragment: String? = nil, text: String? = nil) -> String {
        let folder = ReportPage.folderName(forReportFileName: fileName)
        let shown = text ?? HTML.isolated(folder)
        guard pages.contains(folder) else { return shown }
        return "<a href=\"\(HTML.link([folder, "index.html"], fragment: fragment))\">\(shown)</a>"
    }

    /// The views' table, then `between` (the chart), then a section per view.
    private func views(
        latest judged: ReportJudgement, trend: Trend, into out: inout String, between: (inout String) -> Void
    ) {
        let latest = judged.entry
        struct ViewGroup {
            var name: String
            var open: [HistoryIssue] = []
            var accepted: [(HistoryIssue, SiteStatus)] = []
            var system: [HistoryIssue] = []
            var since: Date?
        }
        let residual = Dictionary(
            trend.residual.map { ($0.issue.number, $0) }, uniquingKeysWith: { first, _ in first })
        var groups: [ViewGroup] = []
        var index: [String: Int] = [:]
        for verdict in judged.verdicts where verdict.status.kind != .repeat {
            let issue = verdict.issue
            let name = verdict.place
            let position: Int
            if let known = index[name] {
                position = known
            } else {
                position = groups.count
                index[name] = position
                groups.append(ViewGroup(name: name))
            }
            let status = SiteStatus(verdict.status)
            switch status.kind {
            case .open:
                groups[position].open.append(issue)
                groups[position].since = min(groups[position].since ?? verdict.since.auditDate, verdict.since.auditDate)
            case .accepted: groups[position].accepted.append((issue, status))
            case .system: groups[position].system.append(issue)
            case .repeat: break
            }
        }
        groups.sort { ($0.open.count, $1.name) > ($1.open.count, $0.name) }
        let open = groups.reduce(0) { $0 + $1.open.count }
        let accepted = groups.reduce(0) { $0 + $1.accepted.count }
        let system = groups.reduce(0) { $0 + $1.system.count }

        out += "<section aria-labelledby=\"h-views\">\n<h2 id=\"h-views\">Open warnings by view</h2>\n"
        out +=
            "<p>Flagged by the latest audit, \(reportLink(latest.fileName)) (\(TrendChart.dateLabel(latest.auditDate)) "
            + "UTC): \(SessionFacts.counted(open, "open warning")), \(accepted) accepted, \(system) on system UI. "
            + "The trend below counts every screen audited so far, each as its latest audit left it.</p>\n"
        guard !groups.isEmpty else {
            out += "</section>\n"
            between(&out)
            return
        }
        out += "<div class=\"scroll\">\n<table>\n<caption>Views of the latest audit</caption>\n<thead><tr>"
        out += "<th scope=\"col\">View</th><th scope=\"col\" class=\"num\">Open</th><th scope=\"col\">Open since</th>"
        out += "<th scope=\"col\" class=\"num\">Accepted</th><th scope=\"col\" class=\"num\">System UI</th>"
        out += "</tr></thead>\n<tbody>\n"
        for group in groups {
            let id = HTML.id("view", group.name)
            out += "<tr><th scope=\"row\"><a href=\"#\(id)\">\(HTML.isolated(group.name))</a></th>"
            out += "<td class=\"num\">\(group.open.count)</td>"
            out += "<td class=\"nowrap\">\(group.since.map { TrendChart.dateLabel($0) } ?? "—")</td>"
            out += "<td class=\"num\">\(group.accepted.count)</td><td class=\"num\">\(group.system.count)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n</section>\n"
        between(&out)

        out += "<section aria-labelledby=\"h-view-details\">\n<h2 id=\"h-view-details\">Each view</h2>\n"
        for group in groups {
            let id = HTML.id("view", group.name)
            out += "<section id=\"\(id)\" aria-labelledby=\"h-\(id)\">\n"
            out +=
                "<h3 id=\"h-\(id)\">\(HTML.isolated(group.name)) <span class=\"count\">("
                + "\(group.open.count) open)</span></h3>\n"
            out +=
                "<p>" + reportLink(latest.fileName, fragment: id, text: "This view in the latest report")
                + (pages.contains(ReportPage.folderName(forReportFileName: latest.fileName)) ? "." : " (no page).")
                + "</p>\n"
            if !group.open.isEmpty {
                out += "<div class=\"scroll\">\n<table>\n<caption>Open warnings of "
                out += HTML.isolated(group.name) + "</caption>\n<thead><tr>"
                out += "<th scope=\"col\">Issue</th><th scope=\"col\">Test type</th><th scope=\"col\">Element</th>"
                out += "<th scope=\"col\">Code</th><th scope=\"col\">Open since</th>"
                out += "<th scope=\"col\" class=\"num\">Audits in a row</th></tr></thead>\n<tbody>\n"
                for issue in group.open {
                    let run = residual[issue.number]
                    out += "<tr><td class=\"nowrap\">"
                    out += reportLink(
                        latest.fileName, fragment: ReportPage.issueID(issue.number), text: "#\(issue.number)")
                    out += "</td><td>\(SitePage.typeLabel(issue.testType))</td>"
                    out += "<td>\(SitePage.elementText(issue.elementText))</td><td>"
                    out += issue.location.map { HTML.path($0.description) } ?? "—"
                    out += "</td><td class=\"nowrap\">"
                    if let run {
                        out += reportLink(
                            run.firstSeenFileName, text: TrendChart.dateLabel(run.firstSeen))
                    } else {
                        out += TrendChart.dateLabel(latest.auditDate) + " (new)"
                    }
                    out += "</td><td class=\"num\">\(run?.reportCount ?? 1)</td></tr>\n"
                }
                out += "</tbody>\n</table>\n</div>\n"
            }
            if !group.accepted.isEmpty {
                out += "<details>\n<summary>Accepted (\(group.accepted.count))</summary>\n<ul>\n"
                for (issue, status) in group.accepted {
                    out +=
                        "<li>#\(issue.number) \(SitePage.typeLabel(issue.testType)) "
                        + "\(SitePage.elementText(issue.elementText)): \(HTML.isolated(status.detail ?? ""))</li>\n"
                }
                out += "</ul>\n</details>\n"
            }
            if !group.system.isEmpty {
                out += "<details>\n<summary>System UI (\(group.system.count))</summary>\n<ul>\n"
                for issue in group.system {
                    out +=
                        "<li>#\(issue.number) \(SitePage.typeLabel(issue.testType)) "
                        + "\(SitePage.elementText(issue.elementText))</li>\n"
                }
                out += "</ul>\n</details>\n"
            }
            out += "</section>\n"
        }
        out += "</section>\n"
    }

    private func chart(_ trend: Trend, into out: inout String) {
        out += "<section aria-labelledby=\"h-trend\">\n<h2 id=\"h-trend\">Trend</h2>\n"
        out += "<figure class=\"chart\" aria-describedby=\"trend-text\">\n"
        var svg = TrendChart.svg(trend)
        if svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") { svg = String(svg[svg.index(after: end)...]) }
        out += svg
        let totals = trend.columns.map(\.openCount)
        var text = "Open warnings standing after each audit, on every screen audited so far: "
        text += trend.columns.map { "\(TrendChart.dateLabel($0.auditDate)): \($0.openCount)" }.joined(separator: ", ")
        if let first = totals.first, let last = totals.last, totals.count > 1 {
            let change = last - first
            text +=
                ". From the first audit to the latest, "
                + (change == 0 ? "unchanged" : change < 0 ? "\(-change) fewer" : "\(change) more") + "."
        } else {
            text += "."
        }
        out += "<figcaption id=\"trend-text\">\(HTML.escape(text)) The table below has every number.</figcaption>\n"
        out += "</figure>\n"
        out += "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Open warnings per view and audit\">\n"
        out += "<table>\n<caption>Open warnings per view and audit</caption>\n<thead><tr><th scope=\"col\">View</th>"
        for column in trend.columns {
            out +=
                "<th scope=\"col\" class=\"num\">\(reportLink(column.fileName, text: TrendChart.dateLabel(column.auditDate)))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in trend.rows {
            out += "<tr><th scope=\"row\">\(HTML.isolated(row.name))</th>"
            for count in row.counts { out += "<td class=\"num\">\(count)</td>" }
            out += "</tr>\n"
        }
        out += "<tr><th scope=\"row\">Total</th>"
        for count in totals { out += "<td class=\"num\">\(count)</td>" }
        out += "</tr>\n</tbody>\n</table>\n</div>\n</section>\n"
    }

    private func audits(into out: inout String) {
        let entries = judgement.entries
        var present = Set<TestType>()
        for entry in entries { for key in entry.counts.byType.keys { present.insert(TestType(key: key)) } }
        let types = TestType.ordered(present)
        out += "<section aria-labelledby=\"h-audits\">\n<h2 id=\"h-audits\">Audits</h2>\n"
        out += "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Audits in time order\">\n"
        out += "<table>\n<caption>Audits in time order, with their issues per status and test type</caption>\n"
        out += "<thead><tr><th scope=\"col\">Audited (UTC)</th><th scope=\"col\">Report</th>"
        out += "<th scope=\"col\" class=\"num\">Issues</th>"
        // One header cell per status the rows count (the repeats included), as the report page's table.
        for kind in SiteStatus.Kind.allCases { out += "<th scope=\"col\" class=\"num\">\(kind.title)</th>" }
        for type in types { out += "<th scope=\"col\">\(SitePage.typeLabel(type))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for judged in judgement.reports {
            let entry = judged.entry
            var byStatus: [SiteStatus.Kind: Int] = [:]
            for verdict in judged.verdicts { byStatus[SiteStatus(verdict.status).kind, default: 0] += 1 }
            out += "<tr><td class=\"nowrap\">\(TrendChart.dateLabel(entry.auditDate))</td>"
            out += "<th scope=\"row\">\(reportLink(entry.fileName))</th><td class=\"num\">\(entry.counts.total)</td>"
            for kind in SiteStatus.Kind.allCases { out += "<td class=\"num\">\(byStatus[kind] ?? 0)</td>" }
            for type in types { out += "<td class=\"num\">\(entry.counts.byType[type.key] ?? 0)</td>" }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n</section>\n"
    }
}
