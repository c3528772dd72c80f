import Foundation

extension FontScanResult {
    /// Counts per rule of the active (not suppressed) findings, in the rules' order.
    public var countsByRule: [(rule: FontScanRule, count: Int)] {
        tally.byRule
    }

    /// The active findings' counts, read in one pass without copying a finding (a scan of 2,000 files
    /// lists 52,000): per rule in the rules' order, how many, and in how many files.
    private var tally: (byRule: [(rule: FontScanRule, count: Int)], active: Int, files: Int) {
        var perRule: [FontScanRule: Int] = [:]
        var active = 0
        var files = Set<String>()
        for index in findings.indices where findings[index].suppression == nil {
            active += 1
            perRule[findings[index].rule, default: 0] += 1
            files.insert(findings[index].file)
        }
        let byRule = FontScanRule.allCases.compactMap { rule in perRule[rule].map { (rule, $0) } }
        return (byRule, active, files.count)
    }

    /// One line summing up the scan: files, findings per rule, suppressed ones.
    public var summaryLine: String {
        let tally = self.tally
        let documents = files.filter(InterfaceDocument.isInterfaceFile).count
        let swift = files.count - documents
        var text = "Scanned \(swift) Swift file\(swift == 1 ? "" : "s")"
        if documents > 0 {
            text += " and \(documents) storyboard\(documents == 1 ? "" : "s") or xib\(documents == 1 ? "" : "s")"
        }
        if !excludedFiles.isEmpty { text += " (\(excludedFiles.count) excluded)" }
        text += ": \(tally.active) finding\(tally.active == 1 ? "" : "s")"
        if tally.active > 0 {
            text += " in \(tally.files) file\(tally.files == 1 ? "" : "s") ("
            text += tally.byRule.map { "\($0.rule.rawValue) \($0.count)" }.joined(separator: ", ") + ")"
        }
        let suppressed = findings.count - tally.active
        if suppressed > 0 { text += ", \(suppressed) suppressed by auditkit:ignore" }
        return text + "."
    }

    /// The human-readable listing: each active finding as `file:line:column: excerpt` and an indented
    /// line saying what is wrong and what to use, then the summary line.
    public var textOutput: String {
        var text = ""
        for index in findings.indices where findings[index].suppression == nil {
            let finding = findings[index]
            text += "\(finding.file):\(finding.line):\(finding.column): \(finding.excerpt)\n"
            text += "    \(finding.message) [\(finding.rule.rawValue)]\n"
        }
        if !text.isEmpty { text += "\n" }
        return text + summaryLine + "\n"
    }

    /// One Xcode warning per active finding: `file:line:column: warning: message [rule]` (a note when
    /// the size's source leaves the file).
    public var xcodeDiagnostics: [XcodeDiagnostic] {
        activeFindings.map { finding in
            XcodeDiagnostic(
                location: finding.location, severity: finding.isUnknownFlow ? .note : .warning,
                message: "\(finding.message) [\(finding.rule.rawValue)]")
        }
    }

    /// The JSON form (`"version": 1`, sorted keys, final newline; `JSONWriter.document`): the files, every finding (suppressed ones with their
    /// reason) and the counts.
    public var jsonOutput: Data {
        let document = JSONDocumentOut(
            files: files, excludedFiles: excludedFiles,
            findings: findings.map(JSONFinding.init),
            counts: Dictionary(uniqueKeysWithValues: countsByRule.map { ($0.rule.rawValue, $0.count) }),
            suppressedCount: findings.count - activeFindings.count)
        return (try? JSONWriter.document(document)) ?? Data()
    }
}

private struct JSONDocumentOut: Encodable {
    var files: [String]
    var excludedFiles: [String]
    var findings: [JSONFinding]
    var counts: [String: Int]
    var suppressedCount: Int
}

private struct JSONFinding: Encodable {
    var rule: String
    var file: String
    var line: Int
    var column: Int
    var utf16Column: Int
    var excerpt: String
    var api: String
    var size: Double?
    var weight: String?
    var design: String?
    var textContext: Bool
    var suggestion: String?
    var fix: JSONFix?
    var ax5Size: Double?
    var fingerprint: String
    var message: String
    var suppression: String?
    var sizeOrigin: String?
    var dataFlow: String?
    var unknownReason: String?

    init(_ finding: FontFinding) {
        rule = finding.rule.rawValue
        file = finding.file
        line = finding.line
        column = finding.column
        utf16Column = finding.utf16Column
        excerpt = finding.excerpt
        api = finding.api
        size = finding.size
        weight = finding.weight?.rawValue
        design = finding.design
        textContext = finding.isTextContext
        suggestion = finding.suggestion
        fix = finding.fix.map(JSONFix.init)
        ax5Size = finding.ax5Size
        fingerprint = finding.fingerprint
        message = finding.message
        suppression = finding.suppression
        sizeOrigin = finding.sizeOrigin
        if finding.rule == .fixedSize {
            dataFlow = finding.isUnknownFlow ? "unknown" : "fixed"
            unknownReason = finding.unknownSource
        }
    }
}

/// What `scan --fix` does at a finding: `kind`, `writes` and `review` (the risks to check, when there are
/// any) when it rewrites it, `left`, `reason` and `byHand` when it leaves it.
private struct JSONFix: Encodable {
    var kind: String?
    var writes: String?
    var review: String?
    var left: String?
    var reason: String?
    var byHand: String?

    init(_ decision: FontFixDecision) {
        switch decision {
        case .change(let change):
            kind = change.kind.rawValue
            writes = change.after
            review = change.review
        case .leave(let skip):
            left = skip.reason.label
            reason = skip.reason.detail
            byHand = skip.byHand
        }
    }
}
