import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The HTML site: escaping, links that resolve, what the pages say, and when files are rewritten.
@Suite struct ReportSiteTests {
    // MARK: Escaping and links

    @Test func escapingLeavesNoMarkupAndShowsControlCharacters() {
        for text in SiteDemo.hostileTexts {
            let escaped = HTML.escape(text)
            #expect(!escaped.contains("<") && !escaped.contains(">"), "\(escaped)")
            #expect(!escaped.contains("\"") && !escaped.contains("'"), "\(escaped)")
            // Decoding the five references gives the text back, control characters aside.
            let decoded = escaped.replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            if !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                #expect(decoded == text)
            }
        }
        #expect(HTML.escape("a\u{01}b\u{7F}c\td\ne") == "a\u{2401}b\u{2421}c\td\ne")
        #expect(HTML.escape("&amp;") == "&amp;amp;")
        #expect(HTML.isolated("\u{202E}abc") == "<bdi>\u{202E}abc</bdi>")
    }

    @Test func linksAreRelativeAndCannotBecomeAScheme() {
        #expect(HTML.link(["javascript:alert(1)", "index.html"]) == "./javascript%3Aalert%281%29/index.html")
        #expect(HTML.link(["a b\"<>#?", "x.png"], up: 1) == "../a%20b%22%3C%3E%23%3F/x.png")
        #expect(HTML.link(["index.html"], fragment: "issue-3") == "./index.html#issue-3")
        #expect(HTML.link(["é"]) == "./%C3%A9")
    }

    @Test func idsAreASCIIAndStable() {
        let hostile = HTML.id("view", "\"><img src=x onerror=alert(1)>")
        #expect(hostile.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }, "\(hostile)")
        #expect(hostile == HTML.id("view", "\"><img src=x onerror=alert(1)>"))
        #expect(HTML.id("view", "HomeView").hasPrefix("view-homeview-"))
        #expect(HTML.id("view", "HomeView") != HTML.id("view", "homeview"))
    }

    // MARK: The demo's site

    /// The demo project ingested with rules and sources into `directory/Reports`.
    static func ingestDemo(in directory: TemporaryDirectory, reports: Range<Int> = 0..<3) throws -> AuditIngest.Outcome
    {
        let paths = try SiteDemo.write(into: directory.path)
        let rules = try RuleFile.load(path: directory.file("auditkit.rules.json"))
        let index = try SourceIndex.build(roots: [directory.file("source")])
        let pass = AuditPass(
            .init(
                mapper: IssueMatcher(rules: rules, index: index), renderer: try TextRenderer(explicitFontPath: nil),
                evidenceRoot: directory.file("Reports"), history: HistoryFile(path: directory.file("history.jsonl")),
                logPath: directory.file("audit.md"), date: .auditDate))
        return try AuditIngest(pass: pass, jobs: 2, outputDirectory: directory.file("Reports")).run(
            paths: Array(paths[reports])
        ) { _ in }
    }

    static func page(_ directory: TemporaryDirectory, _ folder: String) throws -> String {
        try String(contentsOfFile: directory.file("Reports/\(folder)/index.html"), encoding: .utf8)
    }

    @Test func theHostilePageRunsNothingAndShowsEveryStringAsText() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.ingestDemo(in: directory)
        let folder = (SiteDemo.hostileFileName as NSString).deletingPathExtension
        let html = try Self.page(directory, folder)
        let tags = HTMLScan.tags(html)
        let allowed: Set<String> = [
            "html", "head", "meta", "title", "link", "script", "body", "div", "a", "header", "nav", "h1", "h2", "h3",
            "h4", "p", "code", "main", "section", "table", "caption", "thead", "tbody", "tr", "th", "td", "span",
            "bdi", "form", "label", "select", "option", "button", "dl", "dt", "dd", "ul", "ol", "li", "article",
            "img", "figure", "figcaption", "footer", "wbr", "details", "summary",
        ]
        #expect(Set(tags.map(\.name)).subtracting(allowed).isEmpty, "\(Set(tags.map(\.name)).subtracting(allowed))")
        let scripts = tags.filter { $0.name == "script" }
        #expect(scripts.count == 1 && scripts[0].attributes["src"] == "../auditkit-site.js")
        for tag in tags {
            #expect(!tag.attributes.keys.contains { $0.hasPrefix("on") || $0 == "style" }, "\(tag)")
        }
        // Every hostile string is on the page, escaped, in an isolating <bdi>.
        for text in SiteDemo.hostileTexts {
            #expect(html.contains("<bdi>" + HTML.escape(text) + "</bdi>"), "\(text)")
        }
        #expect(html.contains("<bdi>" + HTML.escape(folder) + "</bdi>"))
        // Every right-to-left override sits inside a <bdi> with no tag between them (the title and the
        // filter's options, which cannot hold one, leave it out).
        #expect(HTML.plain("a\u{202E}b\u{2066}c<") == "abc&lt;")
        var rest = Substring(html)
        while let override = rest.firstIndex(of: "\u{202E}") {
            let before = rest[..<override]
            let open = before.range(of: "<bdi>", options: .backwards)
            let tag = before.range(of: "<", options: .backwards)
            #expect(open != nil && open?.lowerBound == tag?.lowerBound, "an override outside a <bdi>")
            #expect(rest[override...].range(of: "</bdi>")?.lowerBound == rest[override...].firstIndex(of: "<"))
            rest = rest[rest.index(after: override)...]
        }
        try Self.expectLinksResolve(html, page: directory.file("Reports/\(folder)/index.html"))
    }

    @Test func pagesSayWhatTheReportsAndTheHistorySay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try Self.ingestDemo(in: directory, reports: 0..<2)
        #expect(outcome.sitePath == directory.file("Reports/index.html"))
        let later = SiteDemo.laterSample()
        let html = try Self.page(directory, "AuditReport_2026-01-03_16-28-16")
        let tags = HTMLScan.tags(html)
        let cards = tags.filter { $0.name == "article" }
        #expect(cards.map { $0.attributes["id"] } == (1...later.issues.count).map { "issue-\($0)" })
        for (card, issue) in zip(cards, later.issues) {
            let type = issue.expectedTestType
            #expect(card.attributes["data-type"] == "type-" + type.key)
            #expect(card.attributes["class"] == "card t-" + type.key)
        }
        // One fixed ("Settings"), one new, the rest residual (the history's comparison); the rule accepted
        // "Budgets", the tab bar is system UI.
        let history = try HistoryFile(path: directory.file("history.jsonl")).load()
        let judged = try #require(HistoryJudgement(history: history).latestReport)
        let counts = try #require(judged.counts)
        #expect(counts.new == 1 && counts.resolved == 1)
        #expect(
            html.contains(
                ">1 new</a>, <a href=\"#change-resolved\">1 resolved</a>, "
                    + "<a href=\"#change-residual\">\(counts.residual) residual</a>"))
        #expect(cards.filter { $0.attributes["data-change"] == "new" }.count == 1)
        #expect(cards.filter { $0.attributes["data-status"] == "accepted" }.count == 1)
        #expect(cards.filter { $0.attributes["data-status"] == "system" }.count == 1)
        #expect(html.contains("BudgetsView.swift:"))
        // The real thumbnails, each file there.
        let images = tags.filter { $0.name == "img" }.compactMap { $0.attributes["src"] }
        #expect(images.filter { $0.hasPrefix("./issue_") }.count == later.issues.count)
        #expect(images.contains("./overlay_screen_1.png") && images.contains("./overlay_screen_2.png"))
        try Self.expectLinksResolve(html, page: directory.file("Reports/AuditReport_2026-01-03_16-28-16/index.html"))

        let index = try String(contentsOfFile: directory.file("Reports/index.html"), encoding: .utf8)
        try Self.expectLinksResolve(index, page: directory.file("Reports/index.html"))
        // Every row of every table has as many cells as its header.
        for table in index.components(separatedBy: "<table>").dropFirst() {
            let rows = table.components(separatedBy: "</table>")[0].components(separatedBy: "<tr>").dropFirst()
            let cells = rows.map {
                $0.components(separatedBy: "<th").count + $0.components(separatedBy: "<td").count - 2
            }
            #expect(Set(cells).count == 1, "cells per row: \(cells)")
        }
        #expect(index.contains("<svg") && index.contains("role=\"img\"") && !index.contains("<?xml"))
        #expect(index.contains("href=\"./AuditReport_2026-01-02_11-02-25/index.html\""))
        #expect(index.contains("href=\"./AuditReport_2026-01-03_16-28-16/index.html\""))
        // The trend's numbers are in the data table, and the latest audit's statuses in the text.
        let trend = Trend(entries: history.entries, by: .view)
        let totals = trend.columns.map { "<td class=\"num\">\($0.openCount)</td>" }.joined()
        #expect(index.contains("<tr><th scope=\"row\">Total</th>" + totals + "</tr>"))
        let latestCounts = HistoryCounts(judged)
        #expect(latestCounts.accepted == 1 && latestCounts.system == 1)
        #expect(index.contains("\(latestCounts.open) open warnings, 1 accepted, 1 on system UI"))
        #expect(index.contains("summary.md") && index.contains("trend.svg"))
    }

    /// A report page leads with its annotated screenshots, states each rule's guidance once (every card
    /// links to its rule's), and the index leads with what changed on each screen, with thumbnails.
    @Test func pagesLeadWithPicturesAndWhatChangedAndStateEachRuleOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.ingestDemo(in: directory, reports: 0..<2)
        let html = try Self.page(directory, "AuditReport_2026-01-03_16-28-16")
        let main = try #require(html.components(separatedBy: "<main id=\"main\">").last)
        let sections = HTMLScan.tags(main).filter { $0.name == "h2" }.compactMap { $0.attributes["id"] }
        #expect(sections.first == "h-screens", "\(sections)")
        #expect(sections.firstIndex(of: "h-guidance")! > sections.firstIndex(of: "h-issues")!)
        let issues = try #require(try HistoryFile(path: directory.file("history.jsonl")).load().entries.last).issues
        let rows = Set(issues.compactMap(\.guidance).map(\.id))
        let tags = HTMLScan.tags(html)
        let guidance = tags.filter { $0.attributes["class"] == "guidance" }
        #expect(guidance.count == rows.count && rows.count > 1, "one block a rule: \(guidance)")
        #expect(html.components(separatedBy: "<dt>Nutrition Label</dt>").count - 1 == rows.count)
        let links = tags.filter { $0.name == "a" && $0.attributes["href"]?.hasPrefix("#guidance-") == true }
        #expect(links.count == issues.count, "each card links to its rule's guidance")
        try Self.expectLinksResolve(html, page: directory.file("Reports/AuditReport_2026-01-03_16-28-16/index.html"))

        // The index: what changed first, each screen at its latest audit, new and fixed with thumbnails.
        let index = try String(contentsOfFile: directory.file("Reports/index.html"), encoding: .utf8)
        let indexMain = try #require(index.components(separatedBy: "<main id=\"main\">").last)
        #expect(HTMLScan.tags(indexMain).first { $0.name == "h2" }?.attributes["id"] == "h-changed")
        let changed = try #require(
            indexMain.components(separatedBy: "<h2 id=\"h-changed\">").last?.components(
                separatedBy: "</section>\n</div>"
            )
            .first)
        #expect(changed.contains("<h4>New <span class=\"count\">(1)</span></h4>"), "\(changed)")
        #expect(changed.contains("<h4>Fixed <span class=\"count\">(1)</span></h4>"), "\(changed)")
        let pictures = HTMLScan.tags(changed).filter { $0.name == "img" }.compactMap { $0.attributes["src"] }
        #expect(pictures.count == 2, "\(pictures)")
        // The fixed warning's picture is the earlier audit's, the new one's the later audit's.
        #expect(pictures.contains { $0.hasPrefix("./AuditReport_2026-01-02_11-02-25/issue_") })
        #expect(pictures.contains { $0.hasPrefix("./AuditReport_2026-01-03_16-28-16/issue_") })
        try Self.expectLinksResolve(index, page: directory.file("Reports/index.html"))
    }

    /// A code place on a card may break after each `/` and nowhere else first, and cards are never
    /// narrower than 22rem (or the window, when that is narrower).
    @Test func codePathsBreakAtFoldersAndCardsHaveAMinimumWidth() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.ingestDemo(in: directory, reports: 0..<2)
        let html = try Self.page(directory, "AuditReport_2026-01-03_16-28-16")
        #expect(html.contains("<dt>Code</dt><dd><code><bdi>"))
        #expect(html.contains("source/<wbr>BudgetsView.swift:"))
        #expect(!html.contains("source/BudgetsView.swift"))
        #expect(HTML.path("a/b <c>") == "<code><bdi>a/<wbr>b &lt;c&gt;</bdi></code>")
        let css = try String(contentsOfFile: directory.file("Reports/" + SiteAssets.stylesheetName), encoding: .utf8)
        #expect(
            css.contains(
                ".cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr));"))
    }

    @Test func filesAreRewrittenOnlyWhenTheirContentChanges() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.ingestDemo(in: directory, reports: 0..<1)
        let firstPage = directory.file("Reports/AuditReport_2026-01-02_11-02-25/index.html")
        let before = try Data(contentsOf: URL(fileURLWithPath: firstPage))
        let stamp = try FileManager.default.attributesOfItem(atPath: firstPage)[.modificationDate] as? Date
        let history = try HistoryFile(path: directory.file("history.jsonl")).load()
        let site = ReportSite(root: directory.file("Reports"))
        #expect(try site.writeIndex(judgement: HistoryJudgement(history: history)).changed == false)
        #expect(try site.writeAssets().allSatisfy { !$0.changed })
        // A later report leaves the earlier page as it was.
        _ = try Self.ingestDemo(in: directory, reports: 1..<2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: firstPage)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: firstPage)[.modificationDate] as? Date == stamp)
    }

    @Test func anIndexAuditKitDidNotWriteIsLeftAsItIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mine = Data("<!DOCTYPE html><title>My project</title>".utf8)
        try mine.write(to: URL(fileURLWithPath: directory.file("index.html")))
        let site = ReportSite(root: directory.path)
        #expect(throws: AuditError.self) { try site.writeIndex(judgement: HistoryJudgement(entries: [])) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("index.html"))) == mine)
    }

    @Test func theBaselineMakesAnOpenWarningAccepted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("AuditReport_2026-01-02_11-02-25.html")
        try ReportFixture.sampleHTML().write(to: URL(fileURLWithPath: path))
        let prepared = try AuditPass(.init()).prepare(reportAt: path)
        let first = prepared.historyEntry.issues[0]
        let baseline = Baseline(entries: [
            Baseline.Entry(
                fingerprint: first.fingerprint, reason: "Judged <fine>", acceptedOn: "2026-01-05",
                testType: first.testType.key, elementText: first.elementText, place: first.place)
        ])
        let html = ReportSite(root: directory.path).page(
            for: prepared, judgement: HistoryJudgement(entries: [], baseline: baseline)
        )
        .html()
        let card = try #require(HTMLScan.tags(html).first { $0.attributes["id"] == "issue-1" })
        #expect(card.attributes["data-status"] == "accepted")
        #expect(html.contains("in the baseline: Judged &lt;fine&gt;"))
    }

    /// Every `href` and `src` of `html` (the page at `page`) is relative, names a file that exists and,
    /// with a fragment, an id in that file.
    static func expectLinksResolve(
        _ html: String, page: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let folder = URL(fileURLWithPath: page).deletingLastPathComponent()
        var idsByFile: [String: Set<String>] = [:]
        func ids(_ path: String) throws -> Set<String> {
            if let known = idsByFile[path] { return known }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let found = Set(HTMLScan.tags(text).compactMap { $0.attributes["id"] })
            idsByFile[path] = found
            return found
        }
        for tag in HTMLScan.tags(html) {
            for key in ["href", "src"] {
                guard let raw = tag.attributes[key] else { continue }
                let value = HTMLScan.unescape(raw)
                #expect(
                    value.hasPrefix("./") || value.hasPrefix("../") || value.hasPrefix("#"), "\(value)",
                    sourceLocation: sourceLocation)
                let parts = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file =
                    parts[0].isEmpty
                    ? page
                    : folder.appendingPathComponent(String(parts[0]).removingPercentEncoding ?? "").standardized.path
                #expect(FileManager.default.fileExists(atPath: file), "\(value)", sourceLocation: sourceLocation)
                if parts.count == 2, file.hasSuffix(".html") {
                    #expect(try ids(file).contains(String(parts[1])), "\(value)", sourceLocation: sourceLocation)
                }
            }
        }
    }
}

/// A scanner for the pages the site writes (every attribute double-quoted, values escaped): enough
/// to list tags and attributes; not a general HTML parser.
enum HTMLScan {
    struct Tag: CustomStringConvertible {
        var name: String
        var attributes: [String: String]
        var description: String { "<\(name) \(attributes)>" }
    }

    static func tags(_ html: String) -> [Tag] {
        var tags: [Tag] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        func isNameScalar(_ s: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == ":"
        }
        while index < scalars.count {
            guard scalars[index] == "<", index + 1 < scalars.count, ("a"..."z").contains(scalars[index + 1]) else {
                index += 1
                continue
            }
            index += 1
            var name = ""
            while index < scalars.count, isNameScalar(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            var attributes: [String: String] = [:]
            while index < scalars.count, scalars[index] != ">" {
                guard isNameScalar(scalars[index]) else {
                    index += 1
                    continue
                }
                var key = ""
                while index < scalars.count, isNameScalar(scalars[index]) {
                    key.unicodeScalars.append(scalars[index])
                    index += 1
                }
                var value = ""
                if index + 1 < scalars.count, scalars[index] == "=", scalars[index + 1] == "\"" {
                    index += 2
                    while index < scalars.count, scalars[index] != "\"" {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    index += 1
                }
                attributes[key.lowercased()] = value
            }
            tags.append(Tag(name: name.lowercased(), attributes: attributes))
        }
        return tags
    }

    static func unescape(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
