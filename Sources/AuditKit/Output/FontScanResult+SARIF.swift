import Foundation

extension FontScanResult {
    /// The key of each result's fingerprint in `partialFingerprints`.
    public static let sarifFingerprintKey = "auditkitScan/v1"

    /// The scan as a SARIF 2.1.0 log (the writer `map` uses): one reporting rule per rule that found
    /// something, one result per finding with its UTF-16 column, its fingerprint in
    /// `partialFingerprints["auditkitScan/v1"]`, the literal size, weight, design, suggestion and AX5 size
    /// in `properties`; suppressed findings carry an `inSource` suppression with the comment's reason.
    public var sarifData: Data { sarifData(root: nil) }

    /// The same with paths relative to `root` (the project's root as an absolute path; the working
    /// folder when nil), as `SARIFWriter.data` writes them.
    public func sarifData(root: String?) -> Data { SARIFWriter.serialized(sarifDocument(root: root)) }

    /// The SARIF log as a JSON object tree.
    public var sarifDocument: [String: Any] { sarifDocument(root: nil) }

    /// The SARIF log as a JSON object tree, paths relative to `root` (see `sarifData(root:)`).
    public func sarifDocument(root: String?) -> [String: Any] {
        let root = SARIFWriter.SourceRoot(root)
        let used = FontScanRule.allCases.filter { rule in findings.contains { $0.rule == rule } }
        let rules: [[String: Any]] = used.map { rule in
            [
                "id": rule.rawValue,
                "name": rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
                    .joined(),
                "shortDescription": ["text": rule.summary],
                "fullDescription": ["text": rule.summary + " (auditkit scan)."],
                "defaultConfiguration": ["level": "warning"],
                "properties": ["tags": ["accessibility", "dynamic-type"]],
            ]
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: used.enumerated().map { ($1, $0) })
        let results: [[String: Any]] = findings.map { finding in
            var properties: [String: Any] = [
                "excerpt": finding.excerpt, "api": finding.api, "textContext": finding.isTextContext,
            ]
            if let size = finding.size { properties["size"] = size }
            if let weight = finding.weight { properties["weight"] = weight.rawValue }
            if let design = finding.design { properties["design"] = design }
            if let suggestion = finding.suggestion { properties["suggestion"] = suggestion }
            if let ax5 = finding.ax5Size { properties["ax5Size"] = ax5 }
            if let origin = finding.sizeOrigin { properties["sizeOrigin"] = origin }
            if let reason = finding.unknownSource { properties["unknownReason"] = reason }
            var result: [String: Any] = [
                "ruleId": finding.rule.rawValue,
                "ruleIndex": ruleIndex[finding.rule] ?? 0,
                "level": finding.isUnknownFlow ? "note" : "warning",
                "message": ["text": SARIFWriter.messageText(finding.message)],
                "locations": [
                    SARIFWriter.location(
                        SourceLocation(file: finding.file, line: finding.line), utf16Column: finding.utf16Column,
                        root: root)
                ],
                "partialFingerprints": [Self.sarifFingerprintKey: finding.fingerprint],
                "properties": properties,
            ]
            if let reason = finding.suppression {
                result["suppressions"] = [["kind": "inSource", "justification": reason]]
            }
            return result
        }
        return SARIFWriter.log(rules: rules, results: results, root: root)
    }
}
