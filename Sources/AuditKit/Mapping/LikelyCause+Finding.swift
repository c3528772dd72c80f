import Foundation

extension LikelyCause {
    /// The likely cause a fixed-size finding is for a warning mapped to `line` of the same file.
    /// - Parameters:
    ///   - finding: the fixed-size finding.
    ///   - line: the line the warning maps to.
    ///   - text: the warning's element text, if any.
    public init(finding: FontFinding, line: Int, text: String? = nil) {
        self.init(code: finding.excerpt, location: finding.location, text: text, lineDistance: finding.line - line)
        fix = finding.fix?.writtenCode
    }

    /// `3 lines above`, `on the same line`, `1 line below`.
    public var distanceText: String {
        if lineDistance == 0 { return "on the same line" }
        let count = abs(lineDistance)
        return "\(count) line\(count == 1 ? "" : "s") \(lineDistance < 0 ? "above" : "below")"
    }

    /// `likely cause: `.font(.system(size: 15))` at HomeView.swift:212, 3 lines above`.
    public var sentence: String {
        let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "likely cause: `\(code)` at \(name):\(location.line ?? 1), \(distanceText)"
    }
}

extension FontScanResult {
    /// The fixed-size findings that are likely causes of a Dynamic Type warning mapped to `line` of
    /// `file`: those whose size applies to the warned element's own text (`FontFinding.appliesToLines`: a
    /// `.font(_:)` on the same `Text` or `Label`, or on the stack holding it when the text sets none), inside
    /// the innermost type declaration holding that line (`types`, the file's declarations from
    /// `SwiftLexer`), nearest first (below before above at equal distance, since a SwiftUI modifier
    /// follows the view it applies to). None without a line, and none when no type declaration holds the
    /// line. A fixed size on another element of the view (a chevron, a clear-search icon) is not this
    /// warning's cause, however near. Suppressed findings are left out: someone judged them.
    /// - Parameters:
    ///   - file: the file as the mapping shows it (a leading `./` is ignored).
    ///   - line: the line the warning maps to.
    ///   - types: the type declarations of `file`.
    ///   - limit: how many to return at most.
    public func likelyCauses(file: String, line: Int?, types: [SwiftTypeDeclaration], limit: Int = 2) -> [LikelyCause] {
        func innermost(_ line: Int) -> SwiftTypeDeclaration? {
            types.filter { $0.contains(line: line) }.max { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        guard let line, let declaration = innermost(line) else { return [] }
        let wanted = Self.normalized(file)
        let candidates = findings.filter {
            $0.rule == .fixedSize && $0.suppression == nil && Self.normalized($0.file) == wanted
                && innermost($0.line) == declaration && $0.appliesToLines?.contains(line) == true
        }
        let ranked = candidates.sorted {
            let a = (abs($0.line - line), $0.line < line ? 1 : 0, $0.column)
            let b = (abs($1.line - line), $1.line < line ? 1 : 0, $1.column)
            return a < b
        }
        return ranked.prefix(limit).map { LikelyCause(finding: $0, line: line) }
    }

    /// The likely causes of every open Dynamic Type issue of `report` mapped to a line, by issue number,
    /// each with the code `scan --fix` would write in its place (the finding's own decision,
    /// `FontFinding.fix`). A warning the rules accept or place on system UI has none: no fix is asked
    /// for. Each mapped file is read and lexed once for its type declarations; a file that cannot be read
    /// gives no cause.
    public func likelyCauses(report: InspectorReport, mapping: MappingResult, limit: Int = 2) -> [Int: [LikelyCause]] {
        var result: [Int: [LikelyCause]] = [:]
        var typesOfFile: [String: [SwiftTypeDeclaration]] = [:]
        for issue in report.issues where issue.testType == .dynamicType {
            guard let primary = mapping.issue(issue.number)?.primary, primary.status == .open,
                let location = primary.location, let line = location.line
            else { continue }
            let types: [SwiftTypeDeclaration]
            if let known = typesOfFile[location.file] {
                types = known
            } else {
                let bytes = FileManager.default.contents(atPath: location.file).map(Array.init) ?? []
                types = bytes.isEmpty ? [] : SwiftLexer.scan(bytes).types
                typesOfFile[location.file] = types
            }
            var causes = likelyCauses(file: location.file, line: line, types: types, limit: limit)
            for n in causes.indices { causes[n].text = issue.elementText }
            if !causes.isEmpty { result[issue.number] = causes }
        }
        return result
    }
}
