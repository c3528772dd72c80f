import Testing

@testable import AuditKit

/// The index's byte-level shortcuts for ASCII text and its flags made without the role table give what the
/// character-level definitions give.
@Suite struct SourceIndexShortcutTests {
    @Test func wordsOfASCIITextAreTheCharacterSplit() {
        let texts = [
            "", "Row 3 of screen 12", "  leading and trailing  ", "a,b;c", "Carriage\r\nreturn", "x_y-z.w",
            "Items: \\(count)", "123abc 4.5", "Ünïcode words, 2 of them", "日本語 text",
        ]
        for text in texts {
            let characterSplit = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
            #expect(SourceIndex.words(text).map(String.init) == characterSplit, "\(text)")
        }
    }

    @Test func ownerAndMemberIsTheLastTwoComponents() {
        let names = ["Home.title", "Home.Row.title", "A..b", ".b", "A.", "plain", "Äpfel.Row.name", "A.B.", "..."]
        for name in names {
            let parts = name.split(separator: ".").map(String.init)
            let expected = parts.count >= 2 ? [parts[parts.count - 2], parts[parts.count - 1]] : nil
            let found = SourceIndex.ownerAndMember(name).map { [String($0.type), String($0.member)] }
            #expect(found == expected, "\(name)")
        }
    }

    @Test func foldingASCIIWritesTheFoldedBytes() {
        #expect(SourceIndex.fold("Row  3\r\nOF Screen ") == "row 3 of screen")
        #expect(SourceIndex.fold("ABC é") == "abc é")
        #expect(SourceIndex.fold("\t\n") == "")
    }

    @Test func titleAndHeaderFlagsAgreeWithRoles() {
        let source = """
            struct Screen: View {
                var body: some View {
                    List {
                        Section("Section") { Text("Text") }
                        Section(header: Text("Header")) { Button("Button") {} }
                        Label("Label", systemImage: "star")
                        Toggle("Toggle", isOn: $on)
                    }
                    .navigationTitle("Title")
                    .navigationSubtitle("Subtitle")
                    .tabItem { Text("Tab") }
                }
            }
            """
        let index = SourceIndex.build(sources: [("Screen.swift", source)])
        #expect(index.literals.count == 10)
        for (i, entry) in index.literals.enumerated() {
            let role = SourceIndex.role(of: entry.literal)
            #expect(index.isNavigationTitle(at: i) == (role == "title"), "\(entry.literal.displayText)")
            #expect(
                index.isHeaderOrTitle(at: i) == (role == "title" || role == "header"), "\(entry.literal.displayText)")
        }
        // Both kinds are there: `Section("Section")`, and `.navigationTitle` and `.navigationSubtitle`.
        #expect((0..<index.literals.count).filter(index.isNavigationTitle(at:)).count == 2)
        #expect((0..<index.literals.count).filter(index.isHeaderOrTitle(at:)).count == 3)
    }
}
