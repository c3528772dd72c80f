import AuditKit
import Foundation

/// The untrusted inputs the fuzzers in `Fuzz/` feed mutated bytes to: what each one runs, and the
/// seed inputs it starts from, generated from the test fixtures. The regression tests replay every
/// file kept under `Tests/AuditKitTests/Fuzz/FailCases/<target>/` through the same `run`, so a
/// crash a fuzzer once found stays fixed.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ReportReader` on a whole report file, in any of the three formats (HTML, JSON, text), and
    /// what the log and the history make of the report it returns.
    case report
    /// The JPEG header check every embedded image gets, then a (DCT-scaled) decode.
    case jpeg
    /// A mapping rule file.
    case rules
    /// A history file (`history.jsonl`), line by line.
    case history
    /// A baseline file.
    case baseline
    /// A template, parsed as each kind and rendered.
    case template
    /// The Swift lexer the mapping indexes sources with.
    case swiftLexer = "swift-lexer"
    /// A `.strings` file.
    case strings
    /// A string catalog: the bytes as a `.xcstrings` catalog and as a `.stringsdict` plural table.
    case xcstrings
    /// A hand-kept `audit.md`: its structure, the next session number and the insertion.
    case auditLog = "audit-log"
    /// Path arguments (NUL-separated): the path splitter and every name the tool derives from a
    /// path (evidence folder, lock file), none of which may trap on any name.
    case paths
    /// A storyboard or xib: the reader, the source index, `scan` and `scan --fix` (whose rewrite must read
    /// again and change nothing a second time).
    case interface

    /// Feeds `bytes` to the input's reader and to what consumes its result.
    ///
    /// Any bytes must return normally: a crash, a hang or a broken invariant (checked with
    /// `precondition`, e.g. an error that is not an `AuditError`) is a finding.
    /// - Returns: whether the reader accepted the bytes (false when it refused them with an error).
    @discardableResult
    public func run(_ bytes: [UInt8]) -> Bool {
        do {
            try runThrowing(bytes)
            return true
        } catch let error as AuditError {
            precondition(!error.message.isEmpty, "an AuditError without a message")
            return false
        } catch {
            preconditionFailure("\(self.rawValue): an error that is not an AuditError: \(error)")
        }
    }

    private func runThrowing(_ bytes: [UInt8]) throws {
        switch self {
        case .report:
            let report = try ReportReader.read(
                buffer: ByteBuffer(copying: bytes), path: "Reports/AuditReport_2026-01-02_11-02-25.html",
                options: ReportReader.Options(parallel: false, computeDigest: false))
            let facts = SessionFacts(report: report, logPath: "audit.md", date: "2026-11-23")
            _ = TemplateSet.builtin().render(.session, facts.templateContext(sessionNumber: 1))
            _ = HistoryEntry(report: report)
        case .jpeg:
            var image = ReportImage(data: Data(bytes))
            EmbeddedImageDecoder.check(&image)
            guard image.isUsable else { return }
            do {
                // Scaled, as index sheets decode; full size only for small images, as overlays do.
                _ = try JPEGCodec.decode(image.data, minimumWidth: 64, minimumHeight: 64, maxPixels: 1 << 22)
                if (image.pixelWidth ?? 0) * (image.pixelHeight ?? 0) <= 1 << 20 {
                    _ = try JPEGCodec.decode(image.data, maxPixels: 1 << 20)
                }
            } catch {
                // An ImageCodecError is the expected refusal of a bad image.
            }
        case .rules:
            _ = try RuleFile(parsing: bytes, path: "auditkit-rules.json")
        case .history:
            let history = try HistoryFile.parse(Data(bytes), path: "Reports/history.jsonl")
            _ = Trend(judgement: HistoryJudgement(history: history), by: .view)
        case .baseline:
            let baseline = try Baseline.parse(Data(bytes), path: "Reports/baseline.json")
            _ = try baseline.encoded()
        case .template:
            // The text as a template of each kind; the session kind is rendered with real facts.
            let text = String(decoding: bytes, as: UTF8.self)
            var accepted = false
            var firstError: (any Error)?
            for kind in TemplateKind.allCases {
                do {
                    let template = try Template(text: text, path: kind.fileName, fields: kind.fields)
                    accepted = true
                    _ = template.render(kind == .session ? FuzzTarget.sessionContext : [:])
                } catch {
                    firstError = firstError ?? error
                }
            }
            if !accepted, let firstError { throw firstError }
        case .swiftLexer:
            _ = SwiftLexer.scan(bytes)
        case .strings:
            _ = try StringCatalogReader.readStrings(bytes, path: "de.lproj/Localizable.strings")
        case .xcstrings:
            // Accepted when either reads it: a plural table (XML) or else a catalog (JSON).
            if (try? StringCatalogReader.readStringsDict(bytes, path: "Localizable.stringsdict")) == nil {
                _ = try StringCatalogReader.readCatalog(bytes, path: "Localizable.xcstrings")
            }
        case .interface:
            let path = "App/Base.lproj/Main.storyboard"
            _ = try InterfaceDocumentReader.read(bytes, path: path)
            _ = SourceIndex.build(sources: [(path, String(decoding: bytes, as: UTF8.self))])
            _ = FontScanner.scan(source: bytes, path: path, configuration: FontScanConfiguration())
            let fix = FontFixer.plan(source: bytes, path: path)
            if fix.status == .planned {
                precondition(
                    (try? InterfaceDocumentReader.read(fix.fixed, path: path)) != nil, "a rewrite that does not read")
                precondition(FontFixer.plan(source: fix.fixed, path: path).changes.isEmpty, "a second fix changed more")
            }
        case .paths:
            for argument in bytes.split(separator: 0, omittingEmptySubsequences: false) {
                FuzzTarget.checkPathSplitting(String(decoding: argument, as: UTF8.self))
            }
        case .auditLog:
            let document = AuditLogDocument(bytes: bytes)
            let number = try document.nextSessionNumber(path: "audit.md")
            let result = document.inserting(session: "### Session \(number)\n- Date: 2026-11-23\n")
            var removed = result.bytes
            removed.removeSubrange(result.inserted)
            precondition(removed == bytes, "inserting a session changed other bytes of the log")
            let after = AuditLogDocument(bytes: result.bytes)
            precondition(after.auditLogSection != nil, "no Audit Log section after inserting a session")
            precondition(after.sessionNumbers.contains(number), "the inserted session is not read back")
        }
    }

    /// The path splitter's promises for `path`, and every name derived from it computed once.
    private static func checkPathSplitting(_ path: String) {
        // Compared as bytes: a path is split at its slashes and dots, even where a combining mark
        // after a slash makes one Character of the two.
        var trimmed = Array(path.utf8)
        while trimmed.count > 1, trimmed.last == UInt8(ascii: "/") { trimmed.removeLast() }
        let parent = PathName.parent(path), last = PathName.last(path)
        let fileExtension = PathName.fileExtension(path)
        let lastBytes = Array(last.utf8)
        precondition(
            trimmed.suffix(lastBytes.count).elementsEqual(lastBytes), "the last component is not the end of the path")
        precondition(parent == "/" || trimmed.starts(with: parent.utf8), "the folder is not the start of the path")
        precondition(!lastBytes.dropFirst().contains(UInt8(ascii: "/")), "the last component holds a slash")
        if !fileExtension.isEmpty {
            precondition(
                Array((PathName.deletingExtension(path) + "." + fileExtension).utf8) == trimmed,
                "the extension does not add up")
        }
        let evidence = EvidencePaths(reportPath: path)
        _ = EvidencePaths(reportPath: path, root: "Reports")
        _ = evidence.indexSheet()
        _ = PathName.join(parent, last)
        _ = FileLock.lockPath(for: path)
        let folder = EvidencePaths.folderName(forReportFileName: path)
        if (try? EvidencePaths.refuseReservedFolder(forReportPath: path)) != nil {
            precondition(
                !EvidencePaths.reservedNames.contains(folder.lowercased()), "a reserved folder name was let through")
            precondition(!folder.isEmpty && !folder.hasPrefix("."), "an empty or hidden folder name was let through")
        }
    }

    /// What a session template is rendered with: the facts of a small report without pictures
    /// (made once, cheaply: the first input must not wait on JPEG encoding).
    private static let sessionContext: [String: TemplateValue] = {
        let fixture = ReportFixture.random(seed: 7, screenCount: 2...2, issueRange: 2...4, images: false)
        let report = try? ReportReader.read(
            buffer: ByteBuffer(copying: fixture.data(.json, seed: 7)),
            path: "Reports/AuditReport_2026-01-02_11-02-25.json",
            options: ReportReader.Options(parallel: false, computeDigest: false))
        guard let report else { return [:] }
        return SessionFacts(report: report, logPath: "audit.md", date: "2026-11-23").templateContext(sessionNumber: 3)
    }()

    // MARK: - Seeds

    /// Seed inputs, each with a file name: made here from the fixtures, plus the files of the
    /// repository's own test fixtures when `repositoryRoot` is given (mapping sources, `.strings`,
    /// `.xcstrings`, the shipped `audit.md`).
    public func seeds(repositoryRoot: String? = nil) -> [(name: String, bytes: [UInt8])] {
        var seeds: [(name: String, bytes: [UInt8])] = []
        func add(_ name: String, _ data: Data) { seeds.append((name, [UInt8](data))) }
        func add(_ name: String, _ text: String) { seeds.append((name, Array(text.utf8))) }
        switch self {
        case .report:
            for seed in UInt64(1)...3 {
                let fixture = ReportFixture.random(seed: seed, screenCount: 1...2, issueRange: 1...4, images: seed == 1)
                add("report-\(seed).json", fixture.data(.json, seed: seed))
                add("report-\(seed).txt", fixture.data(.text, seed: seed))
                add("report-\(seed).html", fixture.data(.html(.varAssignment), seed: seed))
            }
            let small = ReportFixture.random(seed: 4, screenCount: 1...1, issueRange: 1...2, images: false)
            for wrapper in ReportFixture.HTMLWrapper.allCases {
                add("report-\(wrapper).html", small.data(.html(wrapper), seed: 4))
            }
        case .jpeg:
            for (index, size) in [(40, 30), (17, 9), (8, 64)].enumerated() {
                let raster = ImagingFixture.uiRaster(width: size.0, height: size.1, seed: index)
                add("baseline-\(size.0)x\(size.1).jpg", ImagingFixture.image(raster, quality: 50 + 20 * index).data)
            }
            add("progressive-12-scans.jpg", ImagingFixture.progressiveJPEG(scans: 12))
        case .rules:
            add("auditkit-rules.json", RuleFile.example)
            // What the one JSON reader decodes beyond plain text: escapes, surrogates (paired and
            // lone), numbers with exponents, comments, a byte order mark.
            add(
                "escapes.json",
                "\u{FEFF}{ /* c */ \"version\": 1e0, // c\n \"rules\": [ { \"id\": \"a\\u00e9\\ud83c\\udf89\\ud83c\\n\\/\", "
                    + "\"match\": { \"errorCode\": [-1, 2e3], \"duplicate\": false }, \"view\": \"V\", \"note\": \"\\t\" } ] }\n"
            )
        case .history:
            // Lines as this version writes them (compact) and as version 3 wrote them (every field).
            var lines: [UInt8] = []
            for seed in UInt64(1)...3 {
                let fixture = ReportFixture.random(seed: seed, screenCount: 1...2, issueRange: 1...4, images: false)
                guard
                    let report = try? ReportReader.read(
                        buffer: ByteBuffer(copying: fixture.data(.json, seed: seed)),
                        path: "Reports/AuditReport_2026-01-0\(seed)_10-00-00.json")
                else { continue }
                var entry = HistoryEntry(report: report)
                if seed == 3 { entry.version = 3 }
                if let line = try? HistoryFile.line(of: entry) { lines += [UInt8](line) + [0x0A] }
            }
            seeds.append(("history.jsonl", lines))
        case .baseline:
            let report = ImagingFixture.report(issueCount: 4, screenCount: 2)
            let fingerprints = report.issues.map { IssueFingerprint(issue: $0) }
            if let baseline = try? Baseline().accepting(
                fingerprints, reason: "judged a false positive", on: Date(timeIntervalSince1970: 1_767_351_745)),
                let data = try? baseline.encoded()
            {
                add("baseline.json", data)
            }
        case .template:
            for kind in TemplateKind.allCases { add(kind.fileName, kind.builtinText) }
        case .swiftLexer:
            add(
                "snippets.swift",
                ##"""
                struct V: View { var body: some View { Text("Hi \(name)", comment: "x") /* a /* nested */ */ } }
                let raw = #"a "quoted" \#(value)"#; let multi = """
                  line \(1 + 2)
                  """
                // Button("Pay") { }
                """##)
        case .strings:
            add(
                "Localizable.strings", "/* note */\n\"Sign in\" = \"Anmelden\";\n\"a\\\"b\" = \"\\U00e9\\n\";\n// end\n"
            )
        case .xcstrings:
            add(
                "Localizable.stringsdict",
                #"<?xml version="1.0"?><plist version="1.0"><dict><key>n</key><dict>"#
                    + #"<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"#
                    + #"<key>one</key><string>%d guest &amp; host</string><key>other</key><string>%d guests</string>"#
                    + "</dict></dict></dict></plist>")
            add(
                "Localizable.xcstrings",
                #"{"sourceLanguage":"en","strings":{"Pay":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Zahlen"}}}}},"version":"1.0"}"#
            )
        case .interface:
            add("Main.storyboard", UIKitAppFixture.mainStoryboard)
            add("Settings.storyboard", UIKitAppFixture.settingsStoryboard)
            add("DatabaseCell.xib", UIKitAppFixture.databaseCellXib)
            add("AboutViewController.xib", UIKitAppFixture.aboutXib)
        case .paths:
            add("one-character", "h\0b\0t\0.\0/\0")
            add(
                "relative",
                "Reports/AuditReport_2026-01-02_11-02-25.html\0a//\0h/\0./x.json.html\0Reports/history.jsonl.html\0")
            add("absolute", "/tmp/Reports/x.html\0//\0/h\0é/ü.md\0")
        case .auditLog:
            let writer = AuditLogWriter()
            add(
                "new-log.md",
                writer.newLogText(sources: ["Reports/AuditReport_2026-01-02_11-02-25.html"], date: "2026-01-02"))
            add(
                "quoted.md",
                "# Audit\r\n\r\n````md\n```\n## Audit Log\n```\n````\n<!--\n### Session 99\n-->\n"
                    + "## Audit Log\r\n\r\n### Session 12\r\n- Notes:\r\n  - <details>\r\n\r\n## Views\r\n")
        }
        if let root = repositoryRoot { seeds += repositorySeeds(root: root) }
        return seeds
    }

    /// The repository's own fixture files that are inputs of this kind.
    private func repositorySeeds(root: String) -> [(name: String, bytes: [UInt8])] {
        let extensions: [String]
        var folders = ["Tests/AuditKitTests/Mapping/Fixtures"]
        switch self {
        case .swiftLexer: extensions = ["swift"]
        case .strings: extensions = ["strings"]
        case .xcstrings: extensions = ["xcstrings"]
        case .auditLog:
            extensions = ["md"]
            folders = ["."]
        default: return []
        }
        var seeds: [(name: String, bytes: [UInt8])] = []
        for folder in folders {
            let base = (root as NSString).appendingPathComponent(folder)
            let names: [String]
            if folder == "." {
                names = ["audit.md"]
            } else {
                names = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? []).sorted()
            }
            for name in names where extensions.contains((name as NSString).pathExtension) {
                guard let data = FileManager.default.contents(atPath: (base as NSString).appendingPathComponent(name))
                else { continue }
                seeds.append(("repo-" + name.replacingOccurrences(of: "/", with: "-"), [UInt8](data)))
            }
        }
        return seeds
    }
}
