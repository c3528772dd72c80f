import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The documentation keeps its promises: the README stays a front page, links inside the repository
/// lead somewhere, the command reference is what the commands declare, and the released version is
/// the one the tool prints.
@Suite struct DocumentationTests {
    static let root = ReadmeExamplesTests.root

    static func read(_ file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }

    @Test func theReadmeIsAFrontPageOfAtMost400Lines() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count - (lines.last == "" ? 1 : 0) <= 400, "README.md has \(lines.count) lines")
    }

    /// The targets of the Markdown links and images of `text`, outside code blocks and code spans.
    static func linkTargets(in text: String) -> [(line: Int, target: String)] {
        var targets: [(Int, String)] = []
        var fenced = false
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if fenced { continue }
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let close = rest.range(of: "](") {
                let after = rest[close.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                targets.append((number + 1, String(after[..<end])))
                rest = after[end...]
            }
        }
        return targets
    }

    /// GitHub's anchors of the headings of a Markdown text: lower case, punctuation dropped, spaces as
    /// hyphens.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let anchor = String(
                title.lowercased().unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
                }
            ).replacingOccurrences(of: " ", with: "-")
            anchors.insert(anchor)
        }
        return anchors
    }

    @Test func everyRelativeLinkLeadsToAFileOrHeadingThatExists() throws {
        let documentation = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Documentation").path
        ).filter { $0.hasSuffix(".md") }.map { "Documentation/" + $0 }
        let files = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"] + documentation
        var checked = 0
        for file in files {
            let text = try Self.read(file)
            let folder = Self.root.appendingPathComponent(file).deletingLastPathComponent()
            for (line, target) in Self.linkTargets(in: text) {
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let anchor = parts.count > 1 ? String(parts[1]) : nil
                let url = path.isEmpty ? Self.root.appendingPathComponent(file) : folder.appendingPathComponent(path)
                #expect(FileManager.default.fileExists(atPath: url.path), "\(file):\(line): \(target) does not exist")
                if let anchor, url.pathExtension == "md", FileManager.default.fileExists(atPath: url.path) {
                    let headings = Self.anchors(in: try String(contentsOf: url, encoding: .utf8))
                    #expect(headings.contains(anchor), "\(file):\(line): no heading for #\(anchor)")
                }
            }
        }
        #expect(checked >= 5, "the documents link to each other")
    }

    @Test func theLinkCheckFindsABrokenLink() {
        let targets = Self.linkTargets(in: "See [the file](Missing.md) and `[code](not-a-link)`.\n```\n[x](y)\n```")
        #expect(targets.map(\.target) == ["Missing.md"])
        #expect(Self.anchors(in: "## `map`: warnings to code\n# A, B (c)") == ["map-warnings-to-code", "a-b-c"])
    }

    @Test func theCommandReferenceIsWhatTheCommandsDeclare() throws {
        let article = "Sources/AuditKit/AuditKit.docc/CommandReference.md"
        let generated = try runTool(["help", "--docc"])
        #expect(generated.status == 0)
        let regenerate = "swift run auditkit help --docc > \(article)"
        #expect(
            generated.stdout == (try Self.read(article)),
            "\(article) differs from the commands' declarations; regenerate it with \(regenerate)")
        for name in ["ingest", "audit", "map", "check", "completions"] {
            #expect(generated.stdout.contains("\n## \(name)\n"), "the reference has a section for \(name)")
        }
    }

    @Test func theFirstReleaseInTheChangelogIsTheVersionTheToolPrints() throws {
        let changelog = try Self.read("CHANGELOG.md")
        #expect(changelog.contains("\n## [Unreleased]\n"))
        let release = changelog.components(separatedBy: "\n").first {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        let version = release.flatMap { $0.dropFirst(4).split(separator: "]").first.map(String.init) }
        #expect(version == AuditKit.version, "CHANGELOG.md's release \(release ?? "none") is not \(AuditKit.version)")
        #expect(
            release?.range(
                of: #"^## \[[0-9]+\.[0-9]+\.[0-9]+\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression)
                != nil)
        let printed = try runTool(["--version"])
        #expect(printed.stdout == "auditkit \(version ?? "?")\n")
    }

    /// The README's pictures of the site are the ones `Scripts/site-pictures` makes from the shipped demo
    /// (run it after changing the site), so they cannot show a site the tool no longer writes.
    @Test func theReadmesPicturesAreTheOnesTheScriptMakes() throws {
        let readme = try Self.read("README.md")
        let script = try Self.read("Scripts/site-pictures")
        let pictures = readme.components(separatedBy: "](Documentation/").dropFirst().compactMap {
            $0.split(separator: ")").first.map(String.init)
        }.filter { $0.hasSuffix(".png") }
        #expect(!pictures.isEmpty)
        for picture in pictures {
            #expect(script.contains("\"\(picture.dropLast(4))\""), "\(picture) is not one Scripts/site-pictures makes")
            #expect(FileManager.default.fileExists(atPath: Self.root.appending(path: "Documentation/" + picture).path))
        }
        #expect(script.contains("\"ingest\", \"Reports/\", \"--rules\", \"Examples/BudgetApp/auditkit.rules.json\""))
    }
}
