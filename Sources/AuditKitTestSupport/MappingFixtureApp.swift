import AuditKit
import Foundation

/// An app kept under `Tests/AuditKitTests/Mapping/Fixtures/FOLDER` and an audit of it in which every warning
/// names the source line it truly comes from by a marker at the end of that line (`// truth: NAME`), so a
/// mapping of the audit can be scored (`MappingScore`): right file, right line, wrong and sure. The tests hold
/// the mapping to the acceptance on them.
public struct MappingFixtureApp: Sendable {
    /// One warning of the audit.
    public struct Warning: Sendable {
        /// The screen (an index into `screenNames`).
        public var screen: Int
        /// The element's text (nil for an element without one).
        public var text: String?
        /// The element's rect in points on a 402 × 874 pt screen.
        public var rect: Rect
        /// The marker on the line the element's text comes from; nil where no source line shows it (system
        /// UI, the user's own data).
        public var truth: String?

        /// Creates a warning.
        public init(screen: Int, text: String?, rect: Rect, truth: String?) {
            self.screen = screen
            self.text = text
            self.rect = rect
            self.truth = truth
        }
    }

    /// The folder under the fixtures' folder.
    public var folder: String
    /// What the app is, for a benchmark's table.
    public var summary: String
    /// The audited screens' names, in report order.
    public var screenNames: [String]
    /// The warnings, in report order (numbered from 1).
    public var warnings: [Warning]

    /// Creates an app's audit.
    public init(folder: String, summary: String, screenNames: [String], warnings: [Warning]) {
        self.folder = folder
        self.summary = summary
        self.screenNames = screenNames
        self.warnings = warnings
    }

    /// `Tests/AuditKitTests/Mapping/Fixtures` of the package this file was built from.
    public static var fixturesPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/AuditKitTests/Mapping/Fixtures").path
    }

    /// The app's folder.
    public var path: String { Self.fixturesPath + "/" + folder }

    /// The index of the app's sources, paths relative to its folder.
    public func index() throws -> SourceIndex {
        try SourceIndex.build(roots: [path], workingDirectory: path)
    }

    /// The audit: every warning a Dynamic Type warning of a 402 × 874 pt screen (3x), in report order.
    public var report: InspectorReport {
        var screens = screenNames.enumerated().map { n, name in
            Screen(
                index: n, name: name, groupName: folder, displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622),
                screenshotScale: 3)
        }
        for (n, warning) in warnings.enumerated() {
            screens[warning.screen].issues.append(
                Issue(
                    number: n + 1, screenIndex: warning.screen, screenName: screenNames[warning.screen],
                    screenGroupName: folder, shortTitle: "Dynamic Type font sizes are unsupported",
                    elementText: warning.text, testType: .dynamicType, elementRect: warning.rect))
        }
        // Report order is screen order: renumber in that order.
        var number = 1
        for s in screens.indices {
            for i in screens[s].issues.indices {
                screens[s].issues[i].number = number
                number += 1
            }
        }
        return InspectorReport(
            sourcePath: "\(folder)/AuditReport_2026-12-07_10-00-00.json", format: .json,
            auditDate: Date(timeIntervalSince1970: 0), auditDateSource: .caller, sha256: "", fileSize: 0,
            screens: screens)
    }

    /// The warnings in report order (screen by screen), as `report` numbers them.
    public var warningsInReportOrder: [Warning] {
        screenNames.indices.flatMap { s in warnings.filter { $0.screen == s } }
    }

    /// Marker → the file (relative to the app's folder) and line that carries `// truth: marker` (a line may carry
    /// several, `// truth: a, b`).
    /// - Throws: when a file cannot be read, or a marker is on two lines.
    public func truths() throws -> [String: SourceLocation] {
        var found: [String: SourceLocation] = [:]
        let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
            for (n, line) in text.components(separatedBy: "\n").enumerated() {
                guard let range = line.range(of: "// truth: ") else { continue }
                for marker in line[range.upperBound...].split(separator: ",") {
                    let marker = marker.trimmingCharacters(in: .whitespaces)
                    if found[marker] != nil {
                        throw AuditError(.badInput, "marker \(marker) on two lines", path: file)
                    }
                    found[marker] = SourceLocation(file: file, line: n + 1)
                }
            }
        }
        return found
    }

    /// How `result`, a mapping of `report`, did on every warning that has a truth.
    /// - Throws: when the truths cannot be read, or a warning names a marker no line carries.
    public func score(_ result: MappingResult) throws -> MappingScore {
        let truths = try truths()
        var outcomes: [MappingScore.Outcome] = []
        for (n, warning) in warningsInReportOrder.enumerated() {
            guard let marker = warning.truth else { continue }
            guard let truth = truths[marker] else {
                throw AuditError(.badInput, "no line carries the marker \(marker)", path: folder)
            }
            let entry = result.issue(n + 1)
            outcomes.append(
                MappingScore.Outcome(
                    number: n + 1, text: warning.text ?? "", truth: truth, mapped: entry?.primary,
                    explanation: entry?.explanation ?? ""))
        }
        return MappingScore(outcomes: outcomes)
    }

    /// Every app the mapping is scored on: `pocketbook`, `parley` and `shelf`.
    public static var all: [MappingFixtureApp] { [pocketbook, parley, shelf] }

    /// The Pocketbook app (`ReportFixture.pocketbookIssues`): an English SwiftUI app of literals and a string
    /// catalog, a tab view, tiles, a sheet.
    public static var pocketbook: MappingFixtureApp {
        MappingFixtureApp(
            folder: "Pocketbook", summary: "SwiftUI, literals and a catalog, English",
            screenNames: ["Home", "Budgets", "New Transaction"],
            warnings: ReportFixture.pocketbookIssues.map {
                Warning(screen: $0.screen, text: $0.text, rect: $0.rect, truth: $0.truth)
            })
    }
}

/// How a mapping did on a `MappingFixtureApp`'s warnings that have a truth.
public struct MappingScore: Sendable {
    /// One warning's result.
    public struct Outcome: Sendable {
        /// The warning's number in the report.
        public var number: Int
        /// Its element text.
        public var text: String
        /// Where its text truly comes from.
        public var truth: SourceLocation
        /// The mapping's answer, if any.
        public var mapped: IssueMapping?
        /// The mapping's explanation.
        public var explanation: String

        /// Whether the answer is in the true file.
        public var rightFile: Bool { mapped?.location?.file == truth.file }
        /// Whether the answer is the true line.
        public var rightLine: Bool { rightFile && mapped?.location?.line == truth.line }
        /// The answer's confidence (0 without one).
        public var confidence: Double { mapped?.confidence ?? 0 }
        /// Whether the answer is wrong in its file at `IssueMatcher.firmConfidence` or more.
        public var isSureAndWrong: Bool { !rightFile && confidence >= IssueMatcher.firmConfidence }
        /// A line for a failing test: the text, the answer and why.
        public var description: String {
            let answer = mapped?.location.map { "\($0.file):\($0.line ?? 0)" } ?? "nothing"
            return "#\(number) \"\(text)\": \(answer) at \(confidence), truth \(truth.file):\(truth.line ?? 0); "
                + explanation
        }
    }

    /// The outcomes, in report order.
    public var outcomes: [Outcome]

    /// Creates a score.
    public init(outcomes: [Outcome]) { self.outcomes = outcomes }

    /// The share of warnings answered in the true file.
    public var rightFileShare: Double { share(\.rightFile) }
    /// The share of warnings answered on the true line.
    public var rightLineShare: Double { share(\.rightLine) }
    /// The warnings answered in a wrong file at `IssueMatcher.firmConfidence` or more.
    public var sureAndWrong: [Outcome] { outcomes.filter(\.isSureAndWrong) }

    private func share(_ test: (Outcome) -> Bool) -> Double {
        outcomes.isEmpty ? 0 : Double(outcomes.filter(test).count) / Double(outcomes.count)
    }
}
