import AuditKitTestSupport
import Foundation

// Usage: auditkit-bench [area] — runs every in-process benchmark area, or only the one named;
// `auditkit-bench audit [RUNS]` compares whole `auditkit` processes with the Python + Pillow peer;
// `auditkit-bench history-scale [REPORTS...]` times the history commands on a CI pipeline's history.
// `auditkit-bench make-sample DIR` writes the sample report, `make-report N PATH` the reader's N-issue report, `make-pocketbook DIR` the mapping fixture's
// report (see SampleReport.swift).
// `auditkit-bench make-site-demo DIR` writes the HTML site's hostile test project (`SiteDemo`: reports, sources,
// rules); `make-uikit DIR` the UIKit app of the storyboard mapping's measure (`UIKitAppFixture`). `auditkit-bench map-generated DIR` prints the map JSON of the mapping benchmark's report and tree, `map-fixtures` that of the fixture apps.
// `auditkit-bench measure-child RESULT TOOL ARG...` runs one process for the ingest benchmark.
let arguments = Array(CommandLine.arguments.dropFirst())
let area = arguments.first
if area == "make-demo" {
    for path in try makeDemoReports(into: arguments.dropFirst().first ?? "Reports") { print(path) }
    exit(0)
}
if area == "make-report" {
    // `auditkit-bench make-report N PATH`: the reader's synthetic report of N issues, e.g. to time
    // `auditkit audit` of one build against another.
    let count = Int(arguments.dropFirst().first ?? "2000") ?? 2000
    let path = arguments.count > 2 ? arguments[2] : "AuditReport_2026-01-02_11-02-25.html"
    _ = try writeSyntheticReport(issues: count, to: path)
    print(path)
    exit(0)
}
if area == "make-sample" { print(try makeSampleReport(into: arguments.dropFirst().first ?? "Reports")); exit(0) }
if area == "make-pocketbook" {
    print(
        try makePocketbookReport(
            into: arguments.dropFirst().first ?? "Tests/AuditKitTests/Mapping/Fixtures/Pocketbook/Reports"))
    exit(0)
}
if area == "make-uikit" {
    // `auditkit-bench make-uikit DIR`: the UIKit app issue 59's mapping is measured on (`UIKitAppFixture`).
    let folder = arguments.dropFirst().first ?? "UIKitApp"
    try UIKitAppFixture.write(to: folder)
    print(folder)
    exit(0)
}
if area == "make-site-demo" {
    for path in try SiteDemo.write(into: arguments.dropFirst().first ?? "SiteDemo") { print(path) }
    exit(0)
}
if area == "map-generated" {
    // `auditkit-bench map-generated DIR`: the mapping benchmark's tree written into DIR and the map JSON of its
    // report, to compare two builds' decisions.
    let output = try mappingBenchmarkOutput(folder: arguments.dropFirst().first ?? "MappingBenchmarkTree")
    FileHandle.standardOutput.write(output)
    exit(0)
}
if area == "map-fixtures" {
    // `auditkit-bench map-fixtures`: the map JSON of the calibration's fixture apps, to compare two builds.
    FileHandle.standardOutput.write(try mappingFixturesOutput())
    exit(0)
}
if area == "measure-child" {
    try measureChild(Array(arguments.dropFirst()))
    exit(0)
}
if area == nil || area == "reader" { try runReaderBenchmark(arguments: Array(arguments.dropFirst())) }
if area == nil || area == "log" { runLogBenchmark() }
if area == nil || area == "history" { try runHistoryBenchmark() }
if area == nil || area == "mapping" { runMappingBenchmark() }
if area == nil || area == "calibration" { try runCalibrationBenchmark() }
if area == nil || area == "scan" { runScanBenchmark() }
if area == nil || area == "scan" || area == "scan-chains" { runScanChainBenchmark() }
if area == nil || area == "imaging" { runImagingBenchmark() }
if area == nil || area == "ingest" { try runIngestBenchmark() }
if area == nil || area == "site" { try runSiteBenchmark() }
if area == "audit" { try runAuditBenchmark(arguments: Array(arguments.dropFirst())) }
if area == "history-walk" { try runHistoryWalk(path: arguments[1]) }
if area == "history-scale" { try runHistoryScaleBenchmark(arguments: Array(arguments.dropFirst())) }
