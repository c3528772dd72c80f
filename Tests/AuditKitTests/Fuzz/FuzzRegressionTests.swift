import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// The fuzz targets' inputs in the normal test run: every crash a fuzzer found (kept under
/// `FailCases/TARGET/`) is replayed, and every seed is an input its reader accepts.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repositoryRoot = folder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The inputs kept for `target`, by file name.
    static func failCases(_ target: FuzzTarget) -> [(name: String, bytes: [UInt8])] {
        let path = folder.appendingPathComponent("FailCases").appendingPathComponent(target.rawValue).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.compactMap { name in
            FileManager.default.contents(atPath: path + "/" + name).map { (name, [UInt8]($0)) }
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyInputAFuzzerCrashedOnNowReturns(target: FuzzTarget) {
        // A crash or a broken invariant stops the test process; an input that returns passes.
        for failCase in FuzzRegressionTests.failCases(target) {
            _ = target.run(failCase.bytes)
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySeedIsAnInputItsReaderAccepts(target: FuzzTarget) {
        let seeds = target.seeds(repositoryRoot: FuzzRegressionTests.repositoryRoot)
        #expect(!seeds.isEmpty)
        #expect(Set(seeds.map(\.name)).count == seeds.count, "seed names must be distinct files")
        for seed in seeds {
            let accepted = target.run(seed.bytes)
            #expect(accepted, "\(target.rawValue) refused its seed \(seed.name)")
        }
    }

    @Test func targetsRefuseWhatTheirReadersRefuse() {
        #expect(!FuzzTarget.report.run(Array("<html>no payload</html>".utf8)))
        #expect(!FuzzTarget.rules.run(Array("{".utf8)))
        #expect(!FuzzTarget.baseline.run(Array(#"{"version":2,"entries":[]}"#.utf8)))
        #expect(!FuzzTarget.template.run(Array("{{#counts}}".utf8)))
        #expect(!FuzzTarget.auditLog.run(Array("## Audit Log\n### Session 99999999999999999999\n".utf8)))
        #expect(!FuzzTarget.xcstrings.run(Array("[]".utf8)))
    }
}
