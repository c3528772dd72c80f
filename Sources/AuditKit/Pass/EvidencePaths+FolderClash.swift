extension EvidencePaths {
    /// Why `report` may not have the folder its name gives (nil when it may): two reports with one
    /// folder name (`A.json` and `A.html`, `x/A.html` and `y/A.html`) would share one evidence folder
    /// and one site page, and whose pictures remained would depend on which was written last. The
    /// first of `batch` (in its order, which never depends on `--jobs`) keeps the folder; another
    /// report of the batch with other content is refused, and so is a report whose folder is that of
    /// a report of another name in `history`. Compared without case, as macOS's file systems do.
    /// - Parameters:
    ///   - report: the report to check.
    ///   - batch: the reports of the run, in order (copies of one report, same SHA-256, never clash).
    ///   - history: the reports recorded before.
    /// - Returns: the `.badInput` error to report for `report`, or nil.
    public static func folderClash(of report: ReportIdentity, before batch: [ReportIdentity], history: History)
        -> AuditError?
    {
        let name = PathName.last(report.path)
        let key = folderName(forReportFileName: name).lowercased()
        if let recorded = history.entries.first(where: {
            folderName(forReportFileName: $0.fileName).lowercased() == key && $0.fileName != name
        }) {
            return AuditError(
                .badInput,
                "its evidence folder and page '\(folderName(forReportFileName: name))' are those of "
                    + "\(recorded.fileName), already in the history; rename this report", path: report.path)
        }
        for other in batch {
            if other.path == report.path { break }
            guard other.sha256 != report.sha256,
                folderName(forReportFileName: PathName.last(other.path)).lowercased() == key
            else { continue }
            return AuditError(
                .badInput,
                "its evidence folder and page '\(folderName(forReportFileName: name))' would be those of "
                    + "\(other.path) too; rename one of them", path: report.path)
        }
        return nil
    }
}
