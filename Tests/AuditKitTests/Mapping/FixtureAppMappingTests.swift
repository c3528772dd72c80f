import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The acceptance of the mapping on whole apps (`MappingFixtureApp`): on each, at least 90 % of the warnings
/// in the right file, 85 % on the right line, and at most one wrong file at confidence 0.8 or more.
@Suite struct FixtureAppMappingTests {
    @Test(arguments: MappingFixtureApp.all.map(\.folder))
    func theMappingMeetsTheAcceptanceOn(_ folder: String) throws {
        let app = try #require(MappingFixtureApp.all.first { $0.folder == folder })
        let result = IssueMatcher(index: try app.index()).map(app.report)
        let score = try app.score(result)
        let wrongFile = score.outcomes.filter { !$0.rightFile }.map(\.description)
        let wrongLine = score.outcomes.filter { $0.rightFile && !$0.rightLine }.map(\.description)
        #expect(score.rightFileShare >= 0.9, "\(folder): wrong file:\n\(wrongFile.joined(separator: "\n"))")
        #expect(score.rightLineShare >= 0.85, "\(folder): wrong line:\n\(wrongLine.joined(separator: "\n"))")
        #expect(score.sureAndWrong.count <= 1, "\(score.sureAndWrong.map(\.description).joined(separator: "\n"))")
    }

    /// Calibration: over every fixture app, an answer of 0.8 or more is in the right file at least 19 times
    /// in 20 (`auditkit-bench calibration` prints the table per evidence kind and band).
    @Test func firmAnswersAreRightNineteenTimesInTwenty() throws {
        var outcomes: [MappingScore.Outcome] = []
        for app in MappingFixtureApp.all {
            outcomes += try app.score(IssueMatcher(index: try app.index()).map(app.report)).outcomes
        }
        let calibration = MappingCalibration(outcomes: outcomes)
        #expect(outcomes.count >= 200)
        #expect(calibration.bands.filter(\.band.isFirm).reduce(0) { $0 + $1.count } >= 100)
        #expect(calibration.firmRightFileShare >= 0.95, "\(calibration.markdown)")
    }
}
