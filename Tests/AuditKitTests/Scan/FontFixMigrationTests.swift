import Foundation
import Testing

@testable import AuditKit
@testable import AuditKitScan

/// `scan --fix` finishes a team's migration (issue 61), on the held-out app in Fixtures/Migration: tokens in
/// other files and in a package, sizes computed from a few numbers, builders outside views, symbols beside
/// texts; each fixed size says in a comment what the team wrote by hand (its README). Every site is changed,
/// the style agrees with the team's at three sites in four or more, every changed file parses and the app
/// type-checks against the stand-ins, a second fix changes nothing, and no line outside a site changes.
@Suite struct FontFixMigrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Migration").path

    /// What a change writes, in the comments' terms: `DS.Typography.body`, `.body`, `@body` (a property
    /// relative to `.body`; several in order; `@caption2*` for a factor), `UIFontMetrics(headline)`.
    static func written(_ change: FontFixChange) -> String {
        let code = FontFixDecision.change(change).writtenCode ?? ""
        switch change.kind {
        case .token, .textStyle:
            return String(code.prefix { $0 != "(" }.split(separator: ".weight").first ?? "")
        case .scaledMetric:
            let styles = change.after.components(separatedBy: "relativeTo: .").dropFirst().map {
                "@" + $0.prefix { $0.isLetter || $0.isNumber }
            }
            return styles.joined(separator: " ") + (change.after.contains("multiplied by") ? "*" : "")
        case .scaledValue:
            let style = code.components(separatedBy: "forTextStyle: .").dropFirst().first?.prefix { $0.isLetter } ?? ""
            return "UIFontMetrics(\(style))"
        default:
            return change.kind.rawValue
        }
    }

    /// The comment `// team: …` on a line, without the marker.
    static func team(_ line: Substring) -> String? {
        guard let range = line.range(of: "// team: ") else { return nil }
        return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// The fixture's Swift files, by path under it, as lines.
    static func sources(under root: String) throws -> [String: [Substring]] {
        var files: [String: [Substring]] = [:]
        for path in FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? []
        where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            files[path] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        return files
    }

    @Test func theFixFinishesTheTeamsMigration() throws {
        let copy = NSTemporaryDirectory() + "auditkit-migration-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let configuration = try FontScanConfiguration.load(path: copy + "/auditkit.scan.json")
        let before = try Self.sources(under: copy)
        let result = try FontFixer.fix(paths: [copy], configuration: configuration, workingDirectory: copy)
        #expect(result.problems.isEmpty, "\(result.problems)")
        var sites = 0
        var agreed: [String] = []
        var differ: [String] = []
        for file in result.files {
            let lines = before[file.path] ?? []
            for skip in file.skipped {
                Issue.record("\(file.path):\(skip.line): left: \(skip.explanation)")
            }
            for change in file.changes {
                sites += 1
                let team = Self.team(lines[change.line - 1]) ?? "(no comment)"
                let site = "\(file.path):\(change.line) team \(team), fix \(Self.written(change))"
                if Self.written(change) == team { agreed.append(site) } else { differ.append(site) }
            }
        }
        // Every site the team migrated is one the fix looked at.
        let commented = before.values.joined().filter { Self.team($0) != nil }.count
        #expect(sites == commented, "\(sites) sites, \(commented) commented")
        let agreement = Double(agreed.count) / Double(max(sites, 1))
        #expect(agreement >= 0.75, "agreement \(agreed.count)/\(sites); differ: \(differ.joined(separator: "; "))")
        try checkTheFixedApp(at: copy, before: before, configuration: configuration)
    }

    /// Every changed file parses and the app type-checks; no line changes but a site's, the numbers its size
    /// comes from (`// size`) and the properties added; a second fix changes nothing.
    func checkTheFixedApp(
        at root: String, before: [String: [Substring]], configuration: FontScanConfiguration
    ) throws {
        let after = try Self.sources(under: root)
        var files: [(name: String, bytes: [UInt8])] = []
        for (path, lines) in after.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(lines.joined(separator: "\n").utf8)
            files.append((path, bytes))
            let old = (before[path] ?? []).map(String.init)
            guard lines.map(String.init) != old else { continue }
            try FixTypeCheck.parses(bytes, name: (path as NSString).lastPathComponent)
            for (mark, line) in FontFixer.lineDiff(old, lines.map(String.init)) where mark != " " {
                let declared = mark == "+" && line.contains("@ScaledMetric(relativeTo:")
                #expect(
                    declared || Self.team(Substring(line)) != nil || line.hasSuffix("// size"),
                    "\(path): \(mark)\(line) is not a site")
            }
        }
        try FixTypeCheck.typeChecks(files)
        let again = try FontFixer.fix(paths: [root], configuration: configuration, dryRun: true, workingDirectory: root)
        #expect(again.changedCount == 0, "\(again.files.flatMap(\.changes))")
    }
}
