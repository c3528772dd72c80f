import AuditKit
import Testing

/// Hostile nesting: the lexer neither overflows the stack nor takes quadratic time, and the index says
/// when it gave up on a file.
@Suite struct SwiftLexerLimitTests {
    @Test func deeplyNestedInterpolationsStopAtTheLimitAndAreReported() {
        // 10,000 unterminated `"\(` in a row used to recurse once per level and overflow the stack.
        let bomb = String(repeating: #""\("#, count: 10_000)
        let source = "let a = Text(\"before\")\nlet b = " + bomb + "\nlet c = Text(\"after\")\n"
        let scan = SwiftLexer.scan(source)
        #expect(scan.literals.map(\.displayText) == ["before"])
        let limit = SwiftLexer.maxInterpolationDepth
        // The literal opened at level `limit` (zero-based) is the one whose interpolation goes too deep.
        let prefixLength: Int = "let a = Text(\"before\")\nlet b = ".utf8.count
        let column: Int = 9 + 3 * limit + 1
        let expected = SwiftFileScan.NestingLimit(offset: prefixLength + 3 * limit + 1, line: 2, column: column)
        #expect(scan.nestingLimit == expected)
        let index = SourceIndex.build(sources: [("Bomb.swift", source), ("Fine.swift", "let x = Text(\"fine\")\n")])
        #expect(index.problems.count == 1)
        #expect(index.problems.first?.code == .limitExceeded)
        #expect(index.problems.first?.location?.path == "Bomb.swift")
        #expect(index.problems.first?.location?.line == 2)
        #expect(index.literals.map(\.literal.displayText) == ["before", "fine"])
    }

    @Test func interpolationsUpToTheLimitAreStillRead() {
        let depth = SwiftLexer.maxInterpolationDepth
        let source = "let a = " + String(repeating: #""a\("#, count: depth) + "x" + String(repeating: #")""#, count: depth)
        let scan = SwiftLexer.scan(source)
        #expect(scan.nestingLimit == nil)
        #expect(scan.literals.count == depth)
    }
}
