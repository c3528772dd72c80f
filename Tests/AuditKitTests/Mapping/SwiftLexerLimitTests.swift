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
        let source =
            "let a = " + String(repeating: #""a\("#, count: depth) + "x" + String(repeating: #")""#, count: depth)
        let scan = SwiftLexer.scan(source)
        #expect(scan.nestingLimit == nil)
        #expect(scan.literals.count == depth)
    }
}

extension SwiftLexerLimitTests {
    /// `depth` nested `VStack {` inside a view's body, with a literal at the bottom and one after.
    static func nestedStacks(_ depth: Int) -> String {
        "struct Deep: View {\n    var body: some View {\n" + String(repeating: "VStack {\n", count: depth)
            + "Text(\"bottom\")\n" + String(repeating: "}\n", count: depth) + "Text(\"after\")\n    }\n}\n"
            + "struct Next: View {\n    var body: some View { Text(\"next\") }\n}\n"
    }

    @Test func aHundredThousandNestedBracesAreIndexed() {
        // Closing braces used to search the whole frame stack, which took minutes at this depth; each
        // bracket now finds its frame in constant time.
        let index = SourceIndex.build(sources: [("Deep.swift", Self.nestedStacks(100_000))])
        #expect(index.problems.isEmpty)
        #expect(index.literals.map(\.literal.displayText) == ["bottom", "after", "next"])
        #expect(index.literals.map(\.view) == ["Deep", "Deep", "Next"])
        #expect(index.literals.map(\.literal.call) == ["Text", "Text", "Text"])
    }

    @Test func bracketsStillCloseOnlyTheirOwnFramesInsideBraces() {
        // A stray `)` inside a closure does not close the call around the closure; `}` does.
        let source = "f(a: { ) ] }, \"x\")\ng(\"y\" \\(1))"
        let literals = SwiftLexer.scan(source).literals
        #expect(literals.map(\.call) == ["f", "g"])
        #expect(literals.map(\.argumentIndex) == [1, 0])
    }
}

extension SwiftLexerLimitTests {
    @Test func deeplyNestedTypesStopBeingTypesAtTheLimitAndAreReported() {
        // 100,000 nested `struct S {` used to build one ever longer qualified name per level (quadratic).
        let depth = 100_000
        let source =
            String(repeating: "struct S {\n", count: depth) + "let x = Text(\"deep\")\n"
            + String(repeating: "}\n", count: depth) + "struct T: View { var body: some View { Text(\"t\") } }\n"
        let scan = SwiftLexer.scan(source)
        #expect(scan.types.count == SwiftLexer.maxTypeDepth + 1)
        #expect(
            scan.typeNestingLimit
                == SwiftFileScan.NestingLimit(
                    offset: 11 * SwiftLexer.maxTypeDepth,
                    line: SwiftLexer.maxTypeDepth + 1, column: 1))
        #expect(scan.literals.map(\.displayText) == ["deep", "t"])
        #expect(scan.literals.first?.enclosingTypes.count == SwiftLexer.maxTypeDepth)
        let index = SourceIndex.build(sources: [("Deep.swift", source)])
        #expect(index.problems.map(\.code) == [.limitExceeded])
        #expect(index.problems.first?.location?.line == SwiftLexer.maxTypeDepth + 1)
        #expect(index.literals.last?.view == "T")
    }
}
