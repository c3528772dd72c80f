import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A project set up by `init` and audited week by week as a team does it: four weekly `audit`s of one
/// app, an `accept` after the second week, `html` after the fourth, then a second clone of what the team
/// commits. Every output states the same facts per report (the comparison, the open and accepted
/// counts) and per warning (accepted, resolved, residual since the same day): the terminal, the
/// sessions, the report pages, the site's index and its tables, `summary.md` and `summary`, `trend`,
/// `diff`, `check`, `history list` and SARIF. The expectations come from the weeks below, through
/// `Model`, never from what the tool printed.
@Suite struct WeekByWeekOutputsTests {
    // MARK: The app and its four weeks

    static let edit = ScreenNameCommandTests.label("edit", "Edit", y: 200)
    static let income = ScreenNameCommandTests.label("income", "Income", y: 260, code: 30)
    static let spending = ScreenNameCommandTests.label("spending", "Spending", y: 320)
    static let planned = ScreenNameCommandTests.label("planned", "Planned", y: 380)
    static let signOut = ScreenNameCommandTests.label("signOut", "Sign out", y: 200, code: 13)
    static let version = ScreenNameCommandTests.label("version", "Version", y: 260, code: 32)
    static let help = ScreenNameCommandTests.label("help", "Help", y: 320, code: 17)

    /// Each week's audit: Edit persists; Income is accepted after week 2; Spending is fixed in week 3 (its
    /// place shown without it); Planned appears in week 3; Settings is not audited in week 3, and in week 4
    /// Version is fixed, Help appears and Sign out is still there.
    static let weeks: [[AppScreen]] = [
        [AppScreen("Home", [edit, income, spending]), AppScreen("Settings", [signOut, version])],
        [AppScreen("Home", [edit, income, spending]), AppScreen("Settings", [signOut, version])],
        [AppScreen("Home", [edit, income, spending.unflagged(), planned])],
        [
            AppScreen("Home", [edit, income, spending.unflagged(), planned]),
            AppScreen("Settings", [signOut, version.unflagged(), help]),
        ],
    ]
    static let days = [0, 7, 14, 21]
    /// The warning accepted after the week of this index, and why.
    static let acceptedAfter = 1
    static let accepted: Set<String> = ["income"]
    static let reason = "Brand type, judged"
    /// The view each screen maps to (the sources below).
    static let views = ["Home": "HomeView", "Settings": "SettingsView"]
    static let sources = [
        "App/HomeView.swift": """
        import SwiftUI
        struct HomeView: View {
            var body: some View {
                VStack {
                    Text("Edit")
                    Text("Income").font(.system(size: 15))
                    Text("Spending")
                    Text("Planned")
                }
            }
        }

        """,
        "App/SettingsView.swift": """
        import SwiftUI
        struct SettingsView: View {
            var body: some View {
                List {
                    Text("Sign out")
                    Text("Version")
                    Text("Help")
                }
            }
        }

        """,
    ]

    /// The report file name of week `k`, as `AuditSeries` names it.
    static func name(_ k: Int) -> String { String(format: "AuditReport_2026-01-%02d_12-00-00.html", days[k] + 1) }
    /// The audit day of week `k`, `YYYY-MM-DD`.
    static func date(_ k: Int) -> String { String(format: "2026-01-%02d", days[k] + 1) }
    static func folder(_ k: Int) -> String { PathName.deletingExtension(name(k)) }

    // MARK: What the weeks mean (Verdicts.md)

    /// The facts of the weeks, worked out from `weeks` alone.
    enum Model {
        static let elements: [String: (text: String, group: String)] = {
            var all: [String: (String, String)] = [:]
            for week in weeks {
                for screen in week {
                    for element in screen.elements { all[element.id] = (element.text ?? "", screen.group) }
                }
            }
            return all
        }()
        static func text(_ id: String) -> String { elements[id]?.text ?? id }
        static func texts(_ ids: some Sequence<String>) -> Set<String> { Set(ids.map(text)) }

        /// The flagged elements of each screen week `k` audited.
        static func flagged(_ k: Int) -> [String: Set<String>] {
            Dictionary(uniqueKeysWithValues: weeks[k].map { ($0.group, Set($0.elements.filter(\.flagged).map(\.id))) })
        }
        static func allFlagged(_ k: Int) -> Set<String> { flagged(k).values.reduce(into: []) { $0.formUnion($1) } }
        /// The open warnings of each screen of week `k`, with `acceptedIDs` accepted.
        static func open(_ k: Int, _ acceptedIDs: Set<String>) -> [String: Set<String>] {
            flagged(k).mapValues { $0.subtracting(acceptedIDs) }
        }
        static func allOpen(_ k: Int, _ acceptedIDs: Set<String>) -> Set<String> {
            allFlagged(k).subtracting(acceptedIDs)
        }
        /// The latest week before `k` that audited `group`.
        static func previous(_ k: Int, of group: String) -> Int? {
            (0..<k).last { flagged($0)[group] != nil }
        }
        /// Week `k`'s comparison: each screen against the latest earlier audit of it.
        struct Comparison: Equatable {
            var new: Set<String> = [], resolved: Set<String> = [], residual: Set<String> = []
            var notReaudited: Set<String> = []
            var triple: OutputConsistencyTests.Triple {
                .init(new: new.count, resolved: resolved.count, residual: residual.count)
            }
        }
        static func comparison(_ k: Int, _ acceptedIDs: Set<String>) -> Comparison? {
            guard k > 0 else { return nil }
            var result = Comparison()
            let now = open(k, acceptedIDs)
            for (group, ids) in now {
                let before = previous(k, of: group).map { open($0, acceptedIDs)[group] ?? [] } ?? []
                result.new.formUnion(ids.subtracting(before))
                result.resolved.formUnion(before.subtracting(ids))
                result.residual.formUnion(ids.intersection(before))
            }
            for group in Set(elements.values.map(\.group)) where now[group] == nil {
                if let last = previous(k, of: group) {
                    result.notReaudited.formUnion(open(last, acceptedIDs)[group] ?? [])
                }
            }
            return result
        }
        /// The first week that had `id`.
        static func firstSeen(_ id: String) -> Int { weeks.indices.first { allFlagged($0).contains(id) }! }
        /// The first week of the unbroken run of audits of `id`'s screen that had it, up to week `k`.
        static func since(_ id: String, at k: Int) -> Int {
            let group = elements[id]!.group
            var since = k
            for j in stride(from: k, through: 0, by: -1) {
                guard let ids = flagged(j)[group] else { continue }
                if ids.contains(id) { since = j } else { break }
            }
            return since
        }
        /// The audits of `id`'s screen in that run, up to week `k`.
        static func auditsInARow(_ id: String, at k: Int) -> Int {
            (since(id, at: k)...k).filter { flagged($0)[elements[id]!.group] != nil }.count
        }
        /// Open warnings standing after week `k` on `group`: as its latest audit up to `k` left them.
        static func standing(_ k: Int, _ group: String, _ acceptedIDs: Set<String>) -> Int {
            guard let last = (0...k).last(where: { flagged($0)[group] != nil }) else { return 0 }
            return open(last, acceptedIDs)[group]?.count ?? 0
        }
        static func isPartial(_ k: Int) -> Bool {
            let seen = Set((0...k).flatMap { flagged($0).keys })
            return !seen.isSubset(of: Set(flagged(k).keys))
        }
        static var groups: [String] { Array(Set(elements.values.map(\.group))).sorted() }
    }

    /// Accepted at the time week `k` was audited.
    static func acceptedWhenAudited(_ k: Int) -> Set<String> { k > acceptedAfter ? accepted : [] }

    // MARK: Driving the weeks

    struct Project {
        let series: AuditSeries
        var directory: TemporaryDirectory { series.directory }
        /// What each week's `audit` printed.
        var audits: [ToolResult] = []
        /// The site right after week 3's `audit` (before `html`): the index and each report's page.
        var siteAfterThirdAudit: [String: String] = [:]
        func file(_ path: String) throws -> String {
            try String(contentsOfFile: directory.file(path), encoding: .utf8)
        }
        func page(_ k: Int) throws -> String { try file("Reports/\(WeekByWeekOutputsTests.folder(k))/index.html") }
    }

    static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> ToolResult {
        try OutputConsistencyTests.run(arguments, in: directory)
    }
    static func json(_ arguments: [String], in directory: TemporaryDirectory) throws -> [String: Any] {
        try OutputConsistencyTests.json(run(arguments, in: directory))
    }

    /// `init`, four weekly `audit`s with an `accept` after the second, `html`.
    static func drive() throws -> Project {
        var project = Project(series: try AuditSeries())
        let directory = project.directory
        try FileManager.default.createDirectory(atPath: directory.file("App"), withIntermediateDirectories: true)
        for (path, text) in sources { try text.write(toFile: directory.file(path), atomically: true, encoding: .utf8) }
        let setUp = try run(["init", "--source", "App"], in: directory)
        #expect(setUp.status == 0, "\(setUp.stderr)")
        for k in weeks.indices {
            let report = try project.series.audit(day: days[k], weeks[k])
            #expect(PathName.last(report.path) == name(k))
            let audit = try run(["audit", "Reports/" + name(k)], in: directory)
            #expect(audit.status == 0, "week \(k + 1): \(audit.stderr)")
            project.audits.append(audit)
            if k == acceptedAfter {
                let check = try json(["check", "--fail-on", "any", "--format", "json"], in: directory)
                let failing = try #require(check["failing"] as? [[String: Any]])
                let texts = Model.texts(accepted)
                let fingerprints = failing.filter { texts.contains($0["text"] as? String ?? "") }
                    .compactMap { $0["fingerprint"] as? String }
                #expect(fingerprints.count == accepted.count, "\(failing)")
                let accept = try run(["accept"] + fingerprints + ["--reason", reason], in: directory)
                #expect(accept.status == 0, "\(accept.stderr)")
            }
            if k == 2 {
                project.siteAfterThirdAudit["index"] = try project.file("Reports/index.html")
                for j in 0...k { project.siteAfterThirdAudit[name(j)] = try project.page(j) }
            }
        }
        let html = try run(["html"], in: directory)
        #expect(html.status == 0, "\(html.stderr)")
        return project
    }

    // MARK: Reading the outputs

    /// An HTML page's text: tags dropped, a line per block, cells separated by ` | `.
    static func plain(_ html: String) -> String {
        var text = html.replacingOccurrences(
            of: "<(script|style)[^>]*>.*?</\\1>", with: "", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(
            of: "</(tr|p|h[1-6]|li|table|caption|div|section|summary|dt|dd|figcaption)>", with: "\n",
            options: .regularExpression)
        text = text.replacingOccurrences(of: "</t[dh]>", with: " | ", options: .regularExpression)
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return decoded(text).replacingOccurrences(of: "\n[ \t]*(\n[ \t]*)+", with: "\n", options: .regularExpression)
    }

    static func decoded(_ text: String) -> String {
        var text = text
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&nbsp;", " "),
            ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// One HTML table: its caption and its rows of cell texts (a cell spanning columns repeated).
    struct Table {
        var caption: String
        var rows: [[String]]
        /// The rows below the header, by their first cell.
        func row(_ first: String) -> [String]? { rows.dropFirst().first { $0.first == first } }
        func column(_ heading: String) -> Int? { rows.first?.firstIndex(of: heading) }
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let string = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).map { match in
            (0..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : string.substring(with: match.range(at: $0))
            }
        }
    }

    static func tables(_ html: String) -> [Table] {
        matches("<table[^>]*>(.*?)</table>", in: html).map { table in
            let caption = matches("<caption[^>]*>(.*?)</caption>", in: table[1]).first.map { plain($0[1]) } ?? ""
            let rows = matches("<tr[^>]*>(.*?)</tr>", in: table[1]).map { row in
                matches("<(td|th)([^>]*)>(.*?)</\\1>", in: row[1]).flatMap { cell -> [String] in
                    let span = matches("colspan=\"(\\d+)\"", in: cell[2]).first.flatMap { Int($0[1]) } ?? 1
                    let text = plain(cell[3]).trimmingCharacters(in: .whitespacesAndNewlines)
                    return Array(repeating: text, count: span)
                }
            }
            return Table(caption: caption.trimmingCharacters(in: .whitespacesAndNewlines), rows: rows)
        }
    }

    /// The comparison sentence in `text` from its `N new, N resolved, N residual` to the end of the line
    /// (after `prefix`), without the final full stop.
    static func sentence(in text: String, after prefix: String) -> String? {
        guard let start = prefix.isEmpty ? text.startIndex : text.range(of: prefix)?.upperBound else { return nil }
        let rest = text[start...]
        guard let triple = rest.range(of: "\\d+ new, \\d+ resolved, \\d+ residual", options: .regularExpression)
        else { return nil }
        var line = String(rest[triple.lowerBound...].prefix { $0 != "\n" })
            .trimmingCharacters(in: .whitespaces)
        if line.hasSuffix(".") { line.removeLast() }
        return line
    }

    /// The card of the warning on `text` on a report page (its plain text, up to the next card).
    static func card(_ text: String, on page: String) -> String? {
        let parts = plain(page).components(separatedBy: "\nElement\n")
        return parts.dropFirst().first { $0.hasPrefix("“\(text)”") }
    }

    /// The entry of the warning on `text` in a session's line (`  - Residual: …`).
    static func entry(_ text: String, inLine prefix: String, of session: String) -> String? {
        guard let line = session.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return line.components(separatedBy: "; ").first { $0.contains("“\(text)”") }
    }

    static func texts(_ list: Any?, _ key: String = "text") -> [String] {
        (list as? [[String: Any]] ?? []).compactMap { item in
            (item[key] as? String) ?? ((item["issue"] as? [String: Any])?[key] as? String)
        }
    }

    static func day(_ iso: Any?) -> String { String((iso as? String ?? "").prefix(10)) }

    // MARK: Per report

    /// Each week's comparison, open and accepted counts, in every output that states them.
    @Test func everyOutputTellsEachWeeksComparisonAlike() throws {
        let project = try Self.drive()
        defer { project.series.remove() }
        let directory = project.directory
        let sessions = OutputConsistencyTests.sessions(try project.file("audit.md"))
        let listed = try #require(
            Self.json(["history", "list", "--format", "json"], in: directory)["reports"] as? [[String: Any]])
        let trend = try Self.json(["trend", "--format", "json"], in: directory)
        let columns = try #require(trend["columns"] as? [[String: Any]])
        let index = try project.file("Reports/index.html")
        let indexTables = Self.tables(index)
        let audits = try #require(indexTables.first { $0.caption.hasPrefix("Audits in time order") })
        let summary = try project.file("Reports/summary.md")
        #expect(listed.count == Self.weeks.count && columns.count == Self.weeks.count)

        for k in Self.weeks.indices {
            let name = Self.name(k)
            let label = "week \(k + 1) (\(name))"
            // As judged today (the baseline accepts Income in every week), and as judged when audited.
            let now = Model.comparison(k, Self.accepted)
            let then = Model.comparison(k, Self.acceptedWhenAudited(k))
            let open = Model.allOpen(k, Self.accepted)
            let acceptedHere = Model.allFlagged(k).intersection(Self.accepted)

            // The terminal and the session, written that week.
            let terminal = OutputConsistencyTests.terminalTriples(project.audits[k].stdout)[name]
            #expect(terminal == then?.triple, "\(label): audit printed \(project.audits[k].stdout)")
            let session = sessions[name]
            #expect(session != nil, "\(label): a session in audit.md")
            #expect(session?.triple == then?.triple, "\(label): session \(session?.text ?? "")")
            let terminalSentence = Self.sentence(in: project.audits[k].stdout, after: "Added to")
            let sessionSentence = session.flatMap { Self.sentence(in: $0.text, after: "Open warnings against") }
            #expect(terminalSentence == sessionSentence, "\(label): the terminal and the session word it alike")

            // The report's page and `diff` of the week before and this one, judged today.
            let page = try project.page(k)
            #expect(
                try OutputConsistencyTests.pageTriple(directory, name) == now?.triple,
                "\(label): page \(Self.sentence(in: Self.plain(page), after: "Open warnings against") ?? "none")")
            let pageSentence = Self.sentence(in: Self.plain(page), after: "Open warnings against")
            if k > Self.acceptedAfter {
                #expect(pageSentence == terminalSentence, "\(label): the page and the terminal word it alike")
            }
            if let now {
                let pair = ["\(k)", "\(k + 1)"]
                let diff = try Self.json(["diff"] + pair + ["--format", "json"], in: directory)
                let counts = diff["counts"] as? [String: Int] ?? [:]
                let told = OutputConsistencyTests.Triple(
                    new: counts["new"] ?? -1, resolved: counts["resolved"] ?? -1, residual: counts["residual"] ?? -1)
                #expect(told == now.triple, "\(label): diff \(pair) --format json counts \(counts)")
                #expect(counts["notReaudited"] == now.notReaudited.count, "\(label): diff \(pair) not re-audited")
                #expect(Set(Self.texts(diff["new"])) == Model.texts(now.new), "\(label): diff \(pair) new")
                #expect(Set(Self.texts(diff["resolved"])) == Model.texts(now.resolved), "\(label): diff resolved")
                #expect(Set(Self.texts(diff["residual"])) == Model.texts(now.residual), "\(label): diff residual")
                #expect(
                    Set(Self.texts(diff["notReaudited"])) == Model.texts(now.notReaudited),
                    "\(label): diff not re-audited")
                let diffText = try Self.run(["diff"] + pair, in: directory).stdout
                #expect(
                    Self.sentence(in: diffText, after: "") == pageSentence,
                    "\(label): diff \(pair) and the page word it alike")
            }

            // `check`, default (new) and `--fail-on any`.
            let check = try Self.json(["check", "\(k + 1)", "--format", "json"], in: directory)
            let failingNew = Set(Self.texts(check["failing"]))
            #expect(failingNew == Model.texts(now?.new ?? open), "\(label): check fails on the new open warnings")
            let checked = (check["reports"] as? [[String: Any]])?.first ?? [:]
            #expect(checked["notReaudited"] as? Int == now?.notReaudited.count ?? 0, "\(label): check not re-audited")
            #expect(Set(Self.texts(check["baselined"])) == Model.texts(acceptedHere), "\(label): check baselined")
            let pairs = (checked["pairs"] as? [[String: Any]] ?? []).count
            let residualWithAccepted = (now?.residual.count ?? 0) + (k > 0 ? acceptedHere.count : 0)
            #expect(pairs == residualWithAccepted, "\(label): check pairs every residual warning (accepted too)")
            let any = try Self.json(["check", "\(k + 1)", "--fail-on", "any", "--format", "json"], in: directory)
            #expect(Set(Self.texts(any["failing"])) == Model.texts(open), "\(label): check --fail-on any")

            // `history list`, `trend` and the index's table of audits.
            let counts = listed[k]["counts"] as? [String: Any] ?? [:]
            #expect(listed[k]["fileName"] as? String == name)
            #expect(counts["open"] as? Int == open.count, "\(label): history list open \(counts)")
            #expect(counts["accepted"] as? Int == acceptedHere.count, "\(label): history list accepted")
            #expect(counts["total"] as? Int == Model.allFlagged(k).count, "\(label): history list total")
            let standing = Model.groups.map { Model.standing(k, $0, Self.accepted) }.reduce(0, +)
            #expect(columns[k]["openCount"] as? Int == standing, "\(label): trend open standing")
            #expect(columns[k]["partial"] as? Bool == Model.isPartial(k), "\(label): trend partial")
            let row = audits.row(Self.date(k) + " 12:00") ?? []
            for (heading, value) in [
                ("Issues", Model.allFlagged(k).count), ("Open", open.count), ("Accepted", acceptedHere.count),
            ] {
                let cell = audits.column(heading).flatMap { row.indices.contains($0) ? row[$0] : nil }
                #expect(cell == "\(value)", "\(label): the index's audits table, \(heading): \(row)")
            }
            // The page's own counts table.
            let pageCounts = try #require(Self.tables(page).first { $0.caption.hasPrefix("Issues by test type") })
            let all = pageCounts.row("All") ?? []
            #expect(
                pageCounts.column("Open").map { all[$0] } == "\(open.count)"
                    && pageCounts.column("Accepted").map { all[$0] } == "\(acceptedHere.count)",
                "\(label): the page's counts \(all)")
            // summary.md names every report with its issues.
            #expect(
                summary.contains("`\(name)` (\(Model.allFlagged(k).count) issues)"), "\(label): summary.md's reports")
        }

        // `diff latest~1 latest` is the latest week's comparison.
        let last = Self.weeks.count - 1
        let latest = try Self.json(["diff", "latest~1", "latest", "--format", "json"], in: directory)
        let counts = latest["counts"] as? [String: Int] ?? [:]
        let expected = try #require(Model.comparison(last, Self.accepted))
        #expect(
            OutputConsistencyTests.Triple(
                new: counts["new"] ?? -1, resolved: counts["resolved"] ?? -1, residual: counts["residual"] ?? -1)
                == expected.triple,
            "diff latest~1 latest --format json: \(counts), the history: \(expected.triple)")
        let latestText = try Self.run(["diff", "latest~1", "latest"], in: directory)
        #expect(
            Self.sentence(in: latestText.stdout, after: "")
                == Self.sentence(in: project.audits[last].stdout, after: "Added to"),
            "diff latest~1 latest: \(latestText.stdout.split(separator: "\n").prefix(4)) \(latestText.stderr)")

        // The trend's rows per view, in `trend --format json` and the index's table.
        let rows = trend["rows"] as? [[String: Any]] ?? []
        let chart = try #require(indexTables.first { $0.caption.hasPrefix("Open warnings per view and audit") })
        for group in Model.groups {
            let view = Self.views[group]!
            let expectedRow = Self.weeks.indices.map { Model.standing($0, group, Self.accepted) }
            let told = rows.first { $0["name"] as? String == view }?["counts"] as? [Int]
            #expect(told == expectedRow, "trend row \(view)")
            #expect(chart.row(view).map { Array($0.dropFirst()) } == expectedRow.map { "\($0)" }, "index row \(view)")
        }
        try OutputConsistencyTests.expectCountsAgree(directory)
        let latestOpen = Model.allOpen(last, Self.accepted).count
        let acceptedLatest = Model.allFlagged(last).intersection(Self.accepted).count
        #expect(
            Self.plain(index).contains(
                "Flagged by the latest audit, \(Self.folder(last)) (\(Self.date(last)) 12:00 UTC): \(latestOpen) open warnings, \(acceptedLatest) accepted"
            ), "the index's latest audit")
    }

    // MARK: Per warning

    /// The accepted warning is accepted, the fixed ones resolved, and the persisting ones residual since
    /// the same day, in every output.
    @Test func eachWarningHasOneVerdictInEveryOutput() throws {
        let project = try Self.drive()
        defer { project.series.remove() }
        let directory = project.directory
        let log = try project.file("audit.md")
        let sessions = OutputConsistencyTests.sessions(log)
        let acceptedTexts = Model.texts(Self.accepted)
        let summary = try project.file("Reports/summary.md")
        let summaryNow = try Self.run(["summary"], in: directory)
        #expect(summaryNow.status == 0, "\(summaryNow.stderr)")
        let index = try project.file("Reports/index.html")
        let openTables = Self.tables(index).filter { $0.caption.hasPrefix("Open warnings of ") }
        let trend = try Self.json(["trend", "--format", "json"], in: directory)
        let trendText = try Self.run(["trend"], in: directory).stdout
        let last = Self.weeks.count - 1

        // Accepted: never open, nowhere.
        for text in acceptedTexts {
            for k in Self.weeks.indices {
                let label = "week \(k + 1), “\(text)”"
                let card = Self.card(text, on: try project.page(k)) ?? ""
                #expect(
                    card.contains("Accepted: in the baseline: \(Self.reason)"),
                    "\(label): its page: \(card.prefix(300))")
                let any = try Self.json(["check", "\(k + 1)", "--fail-on", "any", "--format", "json"], in: directory)
                #expect(!Self.texts(any["failing"]).contains(text), "\(label): check --fail-on any fails on it")
                #expect(Self.texts(any["baselined"]).contains(text), "\(label): check's baselined")
                if k > 0 {
                    let diff = try Self.json(["diff", "\(k)", "\(k + 1)", "--format", "json"], in: directory)
                    for list in ["new", "resolved", "residual", "notReaudited"] {
                        #expect(!Self.texts(diff[list]).contains(text), "\(label): diff lists it as \(list)")
                    }
                    let notCounted = (diff["notCounted"] as? [[String: Any]] ?? []).first {
                        ($0["issue"] as? [String: Any])?["text"] as? String == text
                    }
                    #expect(
                        (notCounted?["status"] as? String)?.contains("accepted by the baseline: \(Self.reason)")
                            == true,
                        "\(label): diff's not counted")
                }
                if k > Self.acceptedAfter, let session = sessions[Self.name(k)]?.text {
                    for prefix in ["  - New:", "  - Resolved:", "  - Residual:"] {
                        #expect(Self.entry(text, inLine: prefix, of: session) == nil, "\(label): session \(prefix)")
                    }
                    #expect(session.contains("“\(text)”") && session.contains(Self.reason), "\(label): session")
                }
            }
            let line = summary.split(separator: "\n").first { $0.contains("“\(text)”") } ?? ""
            #expect(
                line.contains("accepted by the baseline: \(Self.reason)") && !line.contains(", open"),
                "summary.md: \(line)")
            let now = summaryNow.stdout.split(separator: "\n").first { $0.contains("“\(text)”") } ?? ""
            #expect(
                now.contains("accepted by the baseline: \(Self.reason)") && !now.contains(", open"), "summary: \(now)")
            #expect(!openTables.contains { $0.rows.joined().joined().contains("“\(text)”") }, "index: open")
            #expect(Self.plain(index).contains("“\(text)”: in the baseline: \(Self.reason)"), "index: accepted")
            #expect(!Self.texts(trend["residual"]).contains(text), "trend's residual warnings")
            #expect(!Self.texts(trend["notReaudited"]).contains(text), "trend's not re-audited")
        }

        // Resolved: in the week that no longer shows it, and in no later output as open.
        for k in Self.weeks.indices.dropFirst() {
            let resolved = try #require(Model.comparison(k, Self.accepted)).resolved
            for id in resolved {
                let text = Model.text(id)
                let label = "week \(k + 1), “\(text)”"
                let session = sessions[Self.name(k)]?.text ?? ""
                #expect(Self.entry(text, inLine: "  - Resolved:", of: session) != nil, "\(label): session's resolved")
                let page = Self.plain(try project.page(k))
                let resolvedList =
                    page.components(separatedBy: "\nResolved (").dropFirst().first?
                    .components(separatedBy: "\nResidual (").first ?? ""
                #expect(resolvedList.contains("“\(text)”"), "\(label): page's resolved list")
                let line = summary.split(separator: "\n").first { $0.contains("“\(text)”") } ?? ""
                #expect(
                    line.contains("resolved in \(Self.folder(k)) (\(Self.date(k)))") && !line.contains(", open"),
                    "\(label): summary.md: \(line)")
                #expect(!summaryNow.stdout.contains("“\(text)”"), "\(label): summary of the latest audit")
                #expect(!openTables.contains { $0.rows.joined().joined().contains("“\(text)”") }, "\(label): index")
                for later in k..<Self.weeks.count {
                    let check = try Self.json(
                        ["check", "\(later + 1)", "--fail-on", "any", "--format", "json"], in: directory)
                    #expect(!Self.texts(check["failing"]).contains(text), "\(label): check \(later + 1)")
                }
                #expect(
                    !Self.texts(trend["residual"]).contains(text) && !Self.texts(trend["notReaudited"]).contains(text))
            }
        }

        // Residual: since and first seen, the same everywhere.
        for k in Self.weeks.indices.dropFirst() {
            let comparison = try #require(Model.comparison(k, Self.accepted))
            let session = sessions[Self.name(k)]?.text ?? ""
            let page = try project.page(k)
            let diffs = [["\(k)", "\(k + 1)"]] + (k == last ? [["latest~1", "latest"]] : [])
            for id in comparison.residual {
                let text = Model.text(id)
                let since = Model.since(id, at: k)
                let first = Model.firstSeen(id)
                let label = "week \(k + 1), “\(text)” (since \(Self.date(since)), first seen \(Self.date(first)))"
                if k > Self.acceptedAfter {
                    let entry = Self.entry(text, inLine: "  - Residual:", of: session) ?? ""
                    #expect(
                        entry.contains("since Session \(since + 1) (\(Self.date(since)))"),
                        "\(label): session: \(entry)")
                }
                let card = Self.card(text, on: page) ?? ""
                #expect(card.contains("since \(Self.date(since)) 12:00 UTC"), "\(label): page: \(card.prefix(400))")
                for pair in diffs {
                    let diff = try Self.json(["diff"] + pair + ["--format", "json"], in: directory)
                    let item = (diff["residual"] as? [[String: Any]] ?? []).first {
                        ($0["issue"] as? [String: Any])?["text"] as? String == text
                    }
                    #expect(item != nil, "\(label): diff \(pair) lists it as residual")
                    if let item {
                        #expect(
                            Self.day(item["since"]) == Self.date(since),
                            "\(label): diff \(pair) since \(item["since"] ?? "")")
                        #expect(
                            Self.day(item["firstSeen"]) == Self.date(first),
                            "\(label): diff \(pair) firstSeen \(item["firstSeen"] ?? "")")
                    }
                }
                if k == last {
                    let item = (trend["residual"] as? [[String: Any]] ?? []).first {
                        ($0["issue"] as? [String: Any])?["text"] as? String == text
                    }
                    #expect(Self.day(item?["firstSeen"]) == Self.date(first), "\(label): trend firstSeen")
                    #expect(item?["reportCount"] as? Int == Model.auditsInARow(id, at: k), "\(label): trend reports")
                    let trendLine = trendText.split(separator: "\n").first { $0.contains("‘\(text)’") } ?? ""
                    #expect(
                        trendLine.contains(
                            "since \(Self.date(since)) 12:00, in \(Model.auditsInARow(id, at: k)) reports"),
                        "\(label): trend: \(trendLine)")
                    let row = openTables.flatMap(\.rows).first { $0.contains("“\(text)”") } ?? []
                    #expect(row.contains("\(Self.date(since)) 12:00"), "\(label): index's open since \(row)")
                    #expect(row.last == "\(Model.auditsInARow(id, at: k))", "\(label): index's audits in a row \(row)")
                }
            }
            // The new ones are new everywhere.
            for id in comparison.new {
                let text = Model.text(id)
                let label = "week \(k + 1), “\(text)” new"
                #expect(Self.entry(text, inLine: "  - New:", of: session) != nil, "\(label): session")
                let card = Self.card(text, on: page) ?? ""
                #expect(card.contains("Change\nnew"), "\(label): page: \(card.prefix(400))")
                let check = try Self.json(["check", "\(k + 1)", "--format", "json"], in: directory)
                #expect(Self.texts(check["failing"]).contains(text), "\(label): check")
            }
            // The screens not audited: their warnings still stand, not resolved.
            for id in comparison.notReaudited {
                let text = Model.text(id)
                #expect(
                    Self.entry(text, inLine: "  - Resolved:", of: session) == nil, "week \(k + 1), “\(text)”: session")
                #expect(!(Self.card(text, on: page) ?? "").contains("resolved"), "week \(k + 1), “\(text)”: page")
            }
        }
        // Persisting in summary.md: exactly the warnings of every report.
        for id in Model.elements.keys {
            let text = Model.text(id)
            let line = summary.split(separator: "\n").first { $0.contains("“\(text)”") } ?? ""
            let reports = Self.weeks.indices.filter { Model.allFlagged($0).contains(id) }.count
            #expect(line.contains("in \(reports) of \(Self.weeks.count) reports"), "summary.md: \(line)")
            #expect(line.contains("persists") == (reports == Self.weeks.count), "summary.md: \(line)")
        }
        // The summary of the latest audit: each of its warnings with its status.
        for id in Model.allFlagged(last) {
            let text = Model.text(id)
            let line = summaryNow.stdout.split(separator: "\n").first { $0.contains("“\(text)”") } ?? ""
            #expect(
                line.contains(Self.accepted.contains(id) ? "accepted by the baseline" : ", open"), "summary: \(line)")
        }
    }

    // MARK: SARIF

    /// `map --format sarif` of each week: the warnings, their baseline state against the history, the
    /// accepted one suppressed, the fixed ones absent, and paths from the project's root from any folder.
    @Test func sarifStatesTheSameVerdictsWithPathsFromTheRoot() throws {
        let project = try Self.drive()
        defer { project.series.remove() }
        let directory = project.directory
        let root = URL(fileURLWithPath: directory.path).standardizedFileURL.resolvingSymlinksInPath().path
        for k in Self.weeks.indices {
            let label = "week \(k + 1)"
            var uris: [[String]] = []
            for (folder, report) in [("", "Reports/" + Self.name(k)), ("Reports", Self.name(k))] {
                let from = folder.isEmpty ? directory.path : directory.file(folder)
                let result = try runTool(["map", report, "--format", "sarif"], in: from)
                #expect(result.status == 0, "\(label): \(result.stderr)")
                let sarif = try #require(
                    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
                let base =
                    ((run["originalUriBaseIds"] as? [String: Any])?["SRCROOT"] as? [String: Any])?["uri"] as? String
                #expect(
                    base.flatMap(URL.init(string:))?.standardizedFileURL.resolvingSymlinksInPath().path == root,
                    "\(label) from \(folder.isEmpty ? "the root" : folder): SRCROOT \(base ?? "none")")
                let results = run["results"] as? [[String: Any]] ?? []
                var here: [String] = []
                for item in results {
                    let location =
                        ((item["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                            "artifactLocation"] as? [String: Any]
                    let uri = location?["uri"] as? String ?? ""
                    here.append(uri)
                    #expect(!uri.hasPrefix("/") && !uri.hasPrefix("file:") && !uri.hasPrefix(".."), "\(label): \(uri)")
                    #expect(location?["uriBaseId"] as? String == "SRCROOT", "\(label): \(uri)")
                    #expect(
                        FileManager.default.fileExists(atPath: directory.file(uri)), "\(label): \(uri) from the root")
                }
                // Each result names its report by its path from the project's root.
                let named = Set(results.map { ($0["properties"] as? [String: Any])?["report"] as? String ?? "none" })
                #expect(
                    named == ["Reports/" + Self.name(k)],
                    "\(label) from \(folder.isEmpty ? "the root" : folder): the results' report \(named)")
                uris.append(here)
                guard folder.isEmpty else { continue }

                let comparison = Model.comparison(k, Self.accepted)
                let present = results.filter { $0["baselineState"] as? String != "absent" }
                let absent = results.filter { $0["baselineState"] as? String == "absent" }
                // A result's element text; an absent one names it in its message only (`… "Spending" (issue 3 of …`).
                let text = { (item: [String: Any]) -> String in
                    if let text = (item["properties"] as? [String: Any])?["elementText"] as? String { return text }
                    let message = (item["message"] as? [String: Any])?["text"] as? String ?? ""
                    return message.components(separatedBy: "\"").dropFirst().first ?? ""
                }
                #expect(Set(present.map(text)) == Model.texts(Model.allFlagged(k)), "\(label): SARIF's results")
                // What the audit resolved is no result: code scanning shows every result as an open alert.
                #expect(absent.isEmpty, "\(label): SARIF's absent")
                #expect(
                    Set(results.map(text)).isDisjoint(with: Model.texts(comparison?.resolved ?? [])),
                    "\(label): a resolved warning in SARIF")
                for item in present {
                    let id = Model.elements.first { $0.value.text == text(item) }?.key ?? ""
                    let isAccepted = Self.accepted.contains(id)
                    let suppressions = item["suppressions"] as? [[String: Any]] ?? []
                    let status = (item["properties"] as? [String: Any])?["status"] as? String
                    let what = "\(label), “\(text(item))”"
                    #expect(item["level"] as? String == (isAccepted ? "note" : "warning"), "\(what): level")
                    #expect(status == (isAccepted ? "accepted" : "open"), "\(what): status")
                    #expect(suppressions.isEmpty == !isAccepted, "\(what): suppressions \(suppressions)")
                    if isAccepted {
                        #expect(suppressions.first?["kind"] as? String == "external", "\(what): suppression kind")
                        #expect(
                            (suppressions.first?["justification"] as? String)?.contains(Self.reason) == true,
                            "\(what): justification")
                    }
                    let state = item["baselineState"] as? String
                    if k == 0 {
                        #expect(state == nil, "\(what): no earlier report, no baseline state")
                    } else {
                        let group = Model.elements[id]?.group ?? ""
                        let before = Model.previous(k, of: group).map { Model.flagged($0)[group] ?? [] } ?? []
                        #expect(
                            state == (before.contains(id) ? "unchanged" : "new"),
                            "\(what): baselineState \(state ?? "none")")
                    }
                }
            }
            #expect(uris.count == 2 && uris[0] == uris[1], "\(label): the same paths from the root and from Reports/")
        }
    }

    // MARK: The site's tables

    /// Every table of the index and of each report page has as many cells in each row as its header.
    @Test func everySiteTableRowHasACellPerColumn() throws {
        let project = try Self.drive()
        defer { project.series.remove() }
        var pages = ["Reports/index.html": try project.file("Reports/index.html")]
        for k in Self.weeks.indices { pages["Reports/\(Self.folder(k))/index.html"] = try project.page(k) }
        var checked = 0
        for (path, html) in pages {
            for table in Self.tables(html) {
                let header = table.rows.first?.count ?? 0
                #expect(header > 0, "\(path): \(table.caption) has a header")
                for row in table.rows.dropFirst() {
                    #expect(row.count == header, "\(path): \(table.caption): \(row) under \(table.rows[0])")
                }
                checked += 1
            }
        }
        // The index's tables: the latest audit's views, the open warnings of each view, the trend, the audits.
        #expect(checked >= 5 + Self.weeks.count, "\(checked) tables")
    }

    // MARK: The acceptance and the site

    /// After `accept`, the next weekly `audit` writes the index, which judges the earlier weeks with the
    /// baseline; their pages state the same counts.
    @Test func afterTheAcceptanceTheSiteTellsTheEarlierWeeksAlike() throws {
        let project = try Self.drive()
        defer { project.series.remove() }
        let index = try #require(project.siteAfterThirdAudit["index"])
        let audits = try #require(Self.tables(index).first { $0.caption.hasPrefix("Audits in time order") })
        for k in 0...2 {
            let label = "after week 3's audit, week \(k + 1)"
            let open = Model.allOpen(k, Self.accepted).count
            let acceptedHere = Model.allFlagged(k).intersection(Self.accepted).count
            let row = audits.row(Self.date(k) + " 12:00") ?? []
            let indexCells = ["Open", "Accepted"].map { heading in audits.column(heading).map { row[$0] } ?? "?" }
            #expect(indexCells == ["\(open)", "\(acceptedHere)"], "\(label): the index \(row)")
            let page = try #require(project.siteAfterThirdAudit[Self.name(k)])
            let counts = try #require(Self.tables(page).first { $0.caption.hasPrefix("Issues by test type") })
            let all = counts.row("All") ?? []
            let pageCells = ["Open", "Accepted"].map { heading in counts.column(heading).map { all[$0] } ?? "?" }
            #expect(pageCells == indexCells, "\(label): its page says \(all), the index \(row)")
            let triple = OutputConsistencyTests.triple(in: Substring(Self.plain(page)), after: "Open warnings against")
            #expect(triple == Model.comparison(k, Self.accepted)?.triple, "\(label): its page's comparison")
        }
    }

    // MARK: A second clone

    /// Whether `path` (from the project's root; folders end in `/`) matches a `.gitignore` pattern.
    static func ignored(_ path: String, by patterns: [String]) -> Bool {
        func glob(_ pattern: Substring, _ text: Substring) -> Bool {
            guard let head = pattern.first else { return text.isEmpty }
            if head == "*" {
                var rest = text
                while true {
                    if glob(pattern.dropFirst(), rest) { return true }
                    guard let next = rest.first, next != "/" else { return false }
                    rest = rest.dropFirst()
                }
            }
            guard let next = text.first, head == "?" ? next != "/" : head == next else { return false }
            return glob(pattern.dropFirst(), text.dropFirst())
        }
        let isFolder = path.hasSuffix("/")
        let bare = isFolder ? String(path.dropLast()) : path
        for pattern in patterns {
            let folderOnly = pattern.hasSuffix("/")
            let body = folderOnly ? String(pattern.dropLast()) : pattern
            if folderOnly && !isFolder { continue }
            let anchored = body.contains("/")
            let subject = anchored ? bare : PathName.last(bare)
            if glob(Substring(body.hasPrefix("/") ? String(body.dropFirst()) : body), Substring(subject)) {
                return true
            }
        }
        return false
    }

    /// What the team commits: every file `init`'s `.gitignore` leaves in, as git would take it.
    static func committedFiles(of root: String) throws -> [String] {
        let patterns = try String(contentsOfFile: root + "/.gitignore", encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        var files: [String] = []
        func walk(_ relative: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + relative).sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
                if ignored(isFolder.boolValue ? path + "/" : path, by: patterns) { continue }
                if isFolder.boolValue { try walk(path) } else { files.append(path) }
            }
        }
        try walk("")
        return files
    }

    /// A teammate clones what the team committed and runs `ingest`: the site, the summary and every
    /// command state what they state in the first project.
    @Test func aSecondCloneRebuildsTheSameSiteAndTellsTheSame() throws {
        let project = try Self.drive()
        defer { project.series.remove() }
        let first = project.directory
        let committed = try Self.committedFiles(of: first.path)
        for needed in ["audit.md", "auditkit.json", "Reports/history.jsonl", "Reports/baseline.json"]
            + Self.weeks.indices.map({ "Reports/" + Self.name($0) }) + Self.sources.keys.sorted()
        {
            #expect(committed.contains(needed), "\(needed) is committed: \(committed)")
        }
        for generated in ["Reports/index.html", "Reports/summary.md", "Reports/trend.svg"]
            + Self.weeks.indices.map({ "Reports/\(Self.folder($0))/index.html" })
        {
            #expect(!committed.contains(generated), "\(generated) is git-ignored")
        }
        let clone = try TemporaryDirectory(prefix: "auditkit-clone")
        defer { clone.remove() }
        for path in committed {
            try FileManager.default.createDirectory(
                atPath: PathName.parent(clone.file(path)), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: first.file(path), toPath: clone.file(path))
        }
        let ingest = try Self.run(["ingest"], in: clone)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(
            ingest.stdout.contains("Ingested 0 reports; \(Self.weeks.count) already in the history"), "\(ingest.stdout)"
        )

        // The files the clone made again are the first project's, byte for byte.
        var rebuilt = ["Reports/index.html", "Reports/summary.md", "Reports/trend.svg"]
        rebuilt += Self.weeks.indices.map { "Reports/\(Self.folder($0))/index.html" }
        rebuilt += Self.weeks.indices.map { "Reports/\(Self.folder($0))/index_sheet.png" }
        for path in rebuilt {
            let mine = FileManager.default.contents(atPath: first.file(path))
            let theirs = FileManager.default.contents(atPath: clone.file(path))
            #expect(theirs != nil, "the clone lacks \(path)")
            if path.hasSuffix(".png") { continue }
            #expect(mine == theirs, "\(path) differs in the clone")
        }
        // Nothing committed changed.
        for path in committed {
            #expect(
                FileManager.default.contents(atPath: first.file(path))
                    == FileManager.default.contents(atPath: clone.file(path)),
                "\(path) changed in the clone")
        }
        // Every command states the same.
        var commands: [[String]] = [
            ["history", "list", "--format", "json"], ["trend", "--format", "json"], ["trend"], ["summary"],
            ["diff", "latest~1", "latest", "--format", "json"],
        ]
        for k in Self.weeks.indices {
            commands.append(["check", "\(k + 1)", "--format", "json"])
            commands.append(["check", "\(k + 1)", "--fail-on", "any", "--format", "json"])
            if k > 0 { commands.append(["diff", "\(k)", "\(k + 1)", "--format", "json"]) }
        }
        for arguments in commands {
            let mine = try Self.run(arguments, in: first)
            let theirs = try Self.run(arguments, in: clone)
            #expect(mine.status == theirs.status && mine.stdout == theirs.stdout, "\(arguments) differs in the clone")
        }
        // SARIF, but for the root each states.
        for k in Self.weeks.indices {
            let arguments = ["map", "Reports/" + Self.name(k), "--format", "sarif"]
            let outputs = try [first, clone].map { folder -> String in
                let text = try Self.run(arguments, in: folder).stdout
                return text.replacingOccurrences(
                    of: "\"uri\" : \"file://[^\"]*\"", with: "\"uri\" : \"ROOT\"", options: .regularExpression)
            }
            #expect(outputs[0] == outputs[1], "\(arguments) differs in the clone")
        }
    }
}
