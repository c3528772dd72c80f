import AuditKit
import AuditKitTestSupport
import Foundation

/// Maps every fixture app's audit (`MappingFixtureApp.all`: Pocketbook, Parley, Shelf, read from the
/// package's `Tests/AuditKitTests/Mapping/Fixtures`) and prints, per app, the share of warnings in the right
/// file and on the right line and those wrong at 0.8 or more, then the calibration table
/// (`MappingCalibration`): per evidence kind and confidence band, how many warnings and how many answered
/// in the right file and line. Target: every answer of 0.8 or more right at least 19 times in 20.
func runCalibrationBenchmark() throws {
    var outcomes: [MappingScore.Outcome] = []
    print("calibration: fixture apps under \(MappingFixtureApp.fixturesPath)")
    print("| app | what | warnings | right file | right line | wrong at 0.8 or more |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for app in MappingFixtureApp.all {
        let score = try app.score(IssueMatcher(index: try app.index()).map(app.report))
        outcomes += score.outcomes
        print(
            String(
                format: "| %@ | %@ | %d | %.1f %% | %.1f %% | %d |", app.folder, app.summary, score.outcomes.count,
                100 * score.rightFileShare, 100 * score.rightLineShare, score.sureAndWrong.count))
    }
    let calibration = MappingCalibration(outcomes: outcomes)
    print("")
    print(calibration.markdown)
    print(
        String(
            format: "calibration: answers of 0.8 or more right in %.1f %% of cases; target ≥ 95 %%: %@",
            100 * calibration.firmRightFileShare, calibration.firmRightFileShare >= 0.95 ? "met" : "NOT met"))
}

/// `auditkit map`'s JSON of every fixture app's audit (`MappingFixtureApp.all`), one after another, so two
/// builds' decisions on the fixtures can be compared byte for byte (`auditkit-bench map-fixtures`).
func mappingFixturesOutput() throws -> Data {
    var output = Data()
    for app in MappingFixtureApp.all {
        let report = app.report
        output += IssueMatcher(index: try app.index()).map(report).jsonOutput(report: report)
        output += Data("\n".utf8)
    }
    return output
}
