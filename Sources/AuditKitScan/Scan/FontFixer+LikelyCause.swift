import Foundation

extension FontFixer {
    /// What `scan --fix` would write for the finding at `location` of `source`, on one line:
    /// the code in backticks (“@ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = 17”, the size replaced by “iconSize”,
    /// or “.headline”); or, when it would leave the finding, `left: ` and the reason. The file is read alone,
    /// so a size named by another file's constant is decided as a scan of this file alone decides it.
    /// - Parameters:
    ///   - location: the finding's file, line and column (as a `FontFinding` or a `LikelyCause` has them).
    ///   - source: the file's bytes; nil reads `location.file`.
    ///   - configuration: the scan configuration (its tokens change what is written).
    /// - Returns: nil when there is no fixable finding there or the file cannot be read.
    public static func fixDescription(
        at location: SourceLocation, source: [UInt8]? = nil,
        configuration: FontScanConfiguration = FontScanConfiguration()
    ) -> String? {
        guard let bytes = source ?? FileManager.default.contents(atPath: location.file).map(Array.init) else {
            return nil
        }
        let plan = plan(source: bytes, path: location.file, configuration: configuration)
        func matches(_ line: Int, _ column: Int) -> Bool {
            line == location.line && (location.column == nil || column == location.column)
        }
        if let change = plan.changes.first(where: { matches($0.line, $0.column) }) { return change.after }
        if let skip = plan.skipped.first(where: { matches($0.line, $0.column) }) { return "left: " + skip.explanation }
        return nil
    }

    /// What `scan --fix` would write for `finding` (see `fixDescription(at:source:configuration:)`).
    public static func fixDescription(
        for finding: FontFinding, source: [UInt8]? = nil,
        configuration: FontScanConfiguration = FontScanConfiguration()
    ) -> String? {
        fixDescription(at: finding.location, source: source, configuration: configuration)
    }

    /// What `scan --fix` would write for the likely cause of a Dynamic Type warning (see
    /// `fixDescription(at:source:configuration:)`).
    public static func fixDescription(
        for cause: LikelyCause, source: [UInt8]? = nil,
        configuration: FontScanConfiguration = FontScanConfiguration()
    ) -> String? {
        fixDescription(at: cause.location, source: source, configuration: configuration)
    }
}
