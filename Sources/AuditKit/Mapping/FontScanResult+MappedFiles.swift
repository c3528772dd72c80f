import Foundation

extension FontScanResult {
    /// Scans the files that Dynamic Type issues of `report` are mapped to (a rule's `file`) when they are
    /// not among `files` yet, exist and are not excluded, so their likely causes can be named too.
    public mutating func scanMappedFiles(
        of report: InspectorReport, mapping: MappingResult, configuration: FontScanConfiguration
    ) {
        let known = Set(files.map(Self.normalized))
        var added = Set<Substring>()
        for issue in report.issues where issue.testType == .dynamicType {
            guard let file = mapping.issue(issue.number)?.primary?.location?.file, file.hasSuffix(".swift") else {
                continue
            }
            let key = Self.normalized(file)
            guard !known.contains(key), added.insert(key).inserted, !configuration.isExcluded(String(key)),
                let data = FileManager.default.contents(atPath: file)
            else { continue }
            let outcome = FontScanner.scan(source: Array(data), path: file, configuration: configuration)
            files.append(file)
            findings.append(contentsOf: outcome.findings)
            problems.append(contentsOf: outcome.problems)
        }
    }
}
