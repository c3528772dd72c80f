import AuditKit
import AuditKitTestSupport
import Foundation

/// Writes the sample report shipped in `Reports/` (`ReportFixture.sample()`):
/// `swift run auditkit-bench make-sample Reports/` writes `AuditReport_2026-01-02_11-02-25.html`, byte for
/// byte the same every time.
func makeSampleReport(into directory: String) throws -> String {
    try AtomicFile.makeDirectory(directory)
    let path = directory + "/AuditReport_2026-01-02_11-02-25.html"
    _ = try FileLock.withExclusiveLock(at: FileLock.lockPath(for: path)) {
        try AtomicFile.write(ReportFixture.sampleHTML(), to: path, onlyIfChanged: true)
    }
    return path
}

/// `swift run auditkit-bench make-demo Reports/` writes the demo series (`ReportFixture.demoReports()`),
/// byte for byte the same every time.
func makeDemoReports(into directory: String) throws -> [String] {
    try AtomicFile.makeDirectory(directory)
    return try ReportFixture.demoReports().map { demo in
        let path = directory + "/" + demo.fileName
        try AtomicFile.write(demo.html, to: path, onlyIfChanged: true)
        return path
    }
}

/// Writes the Pocketbook report (`ReportFixture.pocketbook()`, the three-screen report of the fixture app
/// under `Tests/AuditKitTests/Mapping/Fixtures/Pocketbook`): `swift run auditkit-bench make-pocketbook
/// Tests/AuditKitTests/Mapping/Fixtures/Pocketbook/Reports` writes `AuditReport_2026-11-23_09-41-00.json`,
/// byte for byte the same every time.
func makePocketbookReport(into directory: String) throws -> String {
    try AtomicFile.makeDirectory(directory)
    let path = directory + "/AuditReport_2026-11-23_09-41-00.json"
    try AtomicFile.write(ReportFixture.pocketbook().data(.json), to: path, onlyIfChanged: true)
    return path
}
