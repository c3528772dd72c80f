import AuditKit
import Foundation
import Testing

/// Truncated and mutated inputs: the lexer never crashes or hangs, and the rule file is either read or
/// rejected as bad input with a line and column.
@Suite struct MappingRobustnessTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    }

    static let interesting: [UInt8] = Array("\"#\\(){}[]/*\n:,$ \u{7F}".utf8) + [0xC3, 0xFF, 0]

    static func mutations(of seed: [UInt8], count: Int, generator: inout Generator) -> [[UInt8]] {
        var results: [[UInt8]] = []
        for _ in 0..<count {
            var bytes = seed
            switch generator.below(3) {
            case 0:
                bytes = Array(bytes.prefix(generator.below(bytes.count + 1)))
            case 1:
                for _ in 0..<(1 + generator.below(4)) where !bytes.isEmpty {
                    bytes[generator.below(bytes.count)] = interesting[generator.below(interesting.count)]
                }
            default:
                for _ in 0..<(1 + generator.below(4)) {
                    bytes.insert(interesting[generator.below(interesting.count)], at: generator.below(bytes.count + 1))
                }
            }
            results.append(bytes)
        }
        return results
    }

    @Test func theLexerSurvivesMutatedSwift() throws {
        let path = IssueMatcherTests.projectPath + "/App/Home/HomeView.swift"
        let seed = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var generator = Generator(state: 7)
        for bytes in Self.mutations(of: seed, count: 400, generator: &generator) {
            let scan = SwiftLexer.scan(bytes)
            for literal in scan.literals {
                #expect(literal.line >= 1 && literal.column >= 1 && literal.offset < max(1, bytes.count))
            }
        }
    }

    @Test func mutatedRuleFilesAreReadOrRejectedWithALocation() {
        let seed = Array(RuleFile.example.utf8)
        var generator = Generator(state: 11)
        var rejected = 0
        for bytes in Self.mutations(of: seed, count: 400, generator: &generator) {
            do {
                _ = try RuleFile(parsing: bytes, path: "r.json")
            } catch {
                rejected += 1
                #expect(error.code == .badInput)
                #expect(error.location?.line != nil && error.location?.column != nil)
            }
        }
        #expect(rejected > 100)
    }
}
