import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Thousands of truncated and mutated reports each end in a report or a clean `AuditError`: never a
/// crash, a hang or another error type.
@Suite struct ReportRobustnessTests {
    static let containers: [ReportFixture.Container] = [.html(.varAssignment), .html(.minified), .json, .text]

    /// Reads `bytes`; returns whether it produced a report (false: a clean error).
    @discardableResult
    static func readCleanly(
        _ bytes: [UInt8], container: ReportFixture.Container,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        do {
            // The digest is plain arithmetic over the bytes (tested in SHA256Tests); skipping it keeps the run short.
            let report = try ReportReader.read(
                buffer: ByteBuffer(copying: bytes), path: "fuzz.html",
                options: .init(computeDigest: false))
            for (k, issue) in report.issues.enumerated() where issue.number != k + 1 {
                Issue.record("issue numbers out of order", sourceLocation: sourceLocation)
            }
            return true
        } catch let error as AuditError {
            if error.description.isEmpty || error.description.contains("\n") {
                Issue.record("bad message for \(container): \(error.description)", sourceLocation: sourceLocation)
            }
            return false
        } catch {
            Issue.record("\(container): not an AuditError: \(error)", sourceLocation: sourceLocation)
            return false
        }
    }

    static func smallFixture() -> ReportFixture {
        ReportFixture.random(seed: 42, screenCount: 1...1, issueRange: 3...3, screenWidth: 24)
    }

    @Test(arguments: containers)
    func survivesEveryTruncation(container: ReportFixture.Container) {
        let bytes = [UInt8](Self.smallFixture().data(container, seed: 4))
        var reports = 0
        // Every cut in the first and last 200 bytes, and 300 more spread over the rest.
        var cuts = Set(0..<min(200, bytes.count))
        cuts.formUnion(max(0, bytes.count - 200)..<bytes.count)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<300 { cuts.insert(Int.random(in: 0..<bytes.count, using: &rng)) }
        for cut in cuts.sorted() where Self.readCleanly(Array(bytes[..<cut]), container: container) {
            reports += 1
        }
        // A truncated HTML or JSON payload is an error, except for cuts after the payload ends.
        if container == .json {
            #expect(reports <= 2)
        }
        #expect(Self.readCleanly(bytes, container: container))
    }

    @Test(arguments: containers)
    func survivesRandomByteMutations(container: ReportFixture.Container) {
        let original = [UInt8](Self.smallFixture().data(container, seed: 4))
        var rng = SplitMix64(seed: UInt64(original.count))
        let interesting: [UInt8] = Array("{}[]\",:\\/u0 \n".utf8) + [0x00, 0xFF, 0xC3, 0xD8]
        var reports = 0
        for _ in 0..<500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[at] = interesting[Int.random(in: 0..<interesting.count, using: &rng)]
                case 1: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 2: bytes.remove(at: at)
                default: bytes.insert(interesting[Int.random(in: 0..<interesting.count, using: &rng)], at: at)
                }
                if bytes.isEmpty { break }
            }
            if Self.readCleanly(bytes, container: container) { reports += 1 }
        }
        // Most single-byte changes land in base64 or text and still read.
        #expect(reports > 0)
    }
}
