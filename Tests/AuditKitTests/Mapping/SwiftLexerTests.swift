import AuditKit
import Testing

@Suite struct SwiftLexerTests {
    private func texts(_ source: String) -> [String] {
        SwiftLexer.scan(source).literals.map(\.displayText)
    }

    @Test func ignoresStringsInsideLineAndNestedBlockComments() {
        let source = """
            // Text("not me")
            /* outer /* inner "nor me" */ still "comment" */
            let a = "yes"
            """
        #expect(texts(source) == ["yes"])
    }

    @Test func keepsCommentMarkersInsideStrings() {
        let source = #"""
            let a = "// not a comment"
            let b = "/* nor this */"
            let c = "after"
            """#
        #expect(texts(source) == ["// not a comment", "/* nor this */", "after"])
    }

    @Test func decodesEscapedQuotesAndBackslashes() {
        let source = #"let a = "say \"hi\" \\ done\t!"; let b = "x""#
        #expect(texts(source) == ["say \"hi\" \\ done\t!", "x"])
    }

    @Test func handlesNestedInterpolationWithStringsInside() {
        let source = #"Text("Total: \(format("\(value)", style: "short")) items")"#
        let scan = SwiftLexer.scan(source)
        let outer = scan.literals.first { $0.displayText.hasPrefix("Total") }
        #expect(outer?.segments == [.text("Total: "), .interpolation, .text(" items")])
        #expect(outer?.call == "Text")
        #expect(scan.literals.map(\.displayText).contains("short"))
        #expect(scan.literals.count == 3)
    }

    @Test func readsRawStringsWithAnyNumberOfHashes() {
        let source = ##"""
            let a = #"raw "quoted" \n stays"#
            let b = ##"two "# inside"##
            let c = #"interp \#(x) here"#
            """##
        let scan = SwiftLexer.scan(source)
        #expect(
            scan.literals.map(\.displayText) == [#"raw "quoted" \n stays"#, ##"two "# inside"##, #"interp \(…) here"#])
        #expect(scan.literals.map(\.rawDelimiterCount) == [1, 2, 1])
    }

    @Test func stripsMultilineIndentationAndKeepsInnerQuotes() {
        let source = "let a = \"\"\"\n        first \"line\"\n          second\n        \"\"\"\nlet b = \"end\""
        let scan = SwiftLexer.scan(source)
        #expect(scan.literals.map(\.displayText) == ["first \"line\"\n  second", "end"])
        #expect(scan.literals[0].isMultiline)
        #expect(scan.literals[1].line == 5)
    }

    @Test func recordsLineColumnCallAndLabel() {
        let source = """
            struct V: View {
                var body: some View {
                    Label("Title", systemImage: "star")
                        .navigationTitle(String(localized: "home.title"))
                }
            }
            """
        let scan = SwiftLexer.scan(source)
        let title = scan.literals[0]
        #expect(title.displayText == "Title")
        #expect(title.line == 3 && title.column == 15)
        #expect(title.call == "Label" && title.argumentLabel == nil && title.argumentIndex == 0)
        #expect(scan.literals[1].argumentLabel == "systemImage")
        #expect(scan.literals[2].callDescription == "String(localized:)")
        #expect(scan.literals[2].enclosingTypes == ["V"])
    }

    @Test func findsTypesExtensionsMembersAndPreviews() {
        let source = """
            enum Kind { static let title = "Income"; class func make() {} }
            struct Outer: SwiftUI.View, Equatable where T: Hashable {
                struct Row: View { let label: String = "Row" }
            }
            extension Outer { var more: String { "more" } }
            #Preview { Text("preview") }
            """
        let scan = SwiftLexer.scan(source)
        #expect(scan.types.map(\.name) == ["Kind", "Outer", "Outer.Row", "Outer"])
        #expect(scan.types[1].inheritedTypes.contains("View"))
        #expect(scan.types[3].isExtension)
        #expect(scan.members.map(\.qualifiedName).contains("Kind.title"))
        #expect(scan.literals.first { $0.displayText == "Income" }?.assignedTo == "title")
        #expect(scan.literals.first { $0.displayText == "Row" }?.enclosingTypes == ["Outer", "Row"])
        #expect(scan.literals.first { $0.displayText == "Row" }?.assignedTo == "label")
        #expect(scan.literals.first { $0.displayText == "more" }?.enclosingTypes == ["Outer"])
        #expect(scan.literals.first { $0.displayText == "preview" }?.inPreview == true)
        #expect(scan.literals.first { $0.displayText == "Income" }?.inPreview == false)
    }

    @Test func skipsRegexLiteralsAndSurvivesUnterminatedInput() {
        let source = ##"let r = #/"not a string"/#; let s = "ok"; let t = "unterminated"##
        #expect(texts(source) == ["ok"])
        // Malformed input never crashes or hangs.
        for broken in ["\"", "#\"", "\"\"\"", "\"\\(", "/* /*", "Text(\"\\(\"", "\"\\u{", ")))}}}]]"] {
            _ = SwiftLexer.scan(broken)
        }
    }
}

@Suite struct SwiftLexerRecoveryTests {
    @Test func anUnbalancedBraceInsideAnInterpolationDoesNotSwallowTheFile() {
        let source = """
            struct A: View {
                var x: String { "\\(y })" }
                var body: some View { Text("after") }
            }
            """
        let scan = SwiftLexer.scan(source)
        let after = scan.literals.first { $0.displayText == "after" }
        #expect(after?.call == "Text")
        #expect(after?.enclosingTypes == ["A"])
    }
}
