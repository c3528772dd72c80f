extension LikelyCause {
    /// The likely cause a fixed-size finding is for a warning mapped to `line` of the same file.
    /// - Parameters:
    ///   - finding: the fixed-size finding.
    ///   - line: the line the warning maps to.
    ///   - text: the warning's element text, if any.
    public init(finding: FontFinding, line: Int, text: String? = nil) {
        self.init(code: finding.excerpt, location: finding.location, text: text, lineDistance: finding.line - line)
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
