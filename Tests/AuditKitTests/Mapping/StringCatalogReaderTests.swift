import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct StringCatalogReaderTests {
    @Test func readsUTF16StringsFilesWithCommentsEscapesAndTheirLanguage() throws {
        let text =
            "/* header */\n\"greeting\" = \"Hallo \\\"Welt\\\"\";\n// note\nplain = \"Ohne Anführungszeichen\";\n"
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian)!)
        let entries = try StringCatalogReader.readStrings(Array(data), path: "App/de.lproj/Localizable.strings")
        #expect(entries.map(\.key) == ["greeting", "plain"])
        #expect(entries[0].value == "Hallo \"Welt\"")
        #expect(entries[0].language == "de")
        #expect(entries[0].location == SourceLocation(file: "App/de.lproj/Localizable.strings", line: 2, column: 1))
        #expect(entries[1].value == "Ohne Anführungszeichen")
    }

    @Test func rejectsAMalformedStringsFileWithLineAndColumn() {
        do {
            _ = try StringCatalogReader.readStrings(Array("\"a\" = \"b\";\n\"c\" = \"d\"\n".utf8), path: "L.strings")
            Testing.Issue.record("expected an error")
        } catch {
            #expect(error.description == "L.strings:3:1: error: expected ';' after the entry for \"c\"")
        }
    }

    @Test func anUnterminatedStringIsReportedWhereItStarts() {
        // The string opens on line 2, column 7 and runs to the end of the file across two more lines.
        let text = "\"a\" = \"b\";\n\"c\" = \"d;\nmore\nand more\n"
        do {
            _ = try StringCatalogReader.readStrings(Array(text.utf8), path: "L.strings")
            Testing.Issue.record("expected an error")
        } catch {
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 7)
            #expect(error.description == "L.strings:2:7: error: unterminated string; add the closing quote")
        }
    }

    @Test func anUnterminatedCommentIsReportedWhereItStarts() {
        do {
            _ = try StringCatalogReader.readStrings(Array("\"a\" = \"b\";\n  /* note\n\n".utf8), path: "L.strings")
            Testing.Issue.record("expected an error")
        } catch {
            #expect(error.description == "L.strings:2:3: error: unterminated /* comment")
        }
    }

    @Test func readsCatalogVariationsAndUntranslatedSourceKeys() throws {
        let json = """
            {"sourceLanguage": "en", "strings": {
              "Done": {},
              "%lld items": {"localizations": {"de": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld Eintrag"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld Einträge"}}}}}}}
            }, "version": "1.0"}
            """
        let entries = try StringCatalogReader.readCatalog(Array(json.utf8), path: "Localizable.xcstrings")
        #expect(entries.contains { $0.key == "Done" && $0.value == "Done" && $0.language == "en" })
        #expect(
            entries.filter { $0.key == "%lld items" }.map(\.value) == ["%lld Eintrag", "%lld Einträge", "%lld items"])
        #expect(entries.first { $0.key == "%lld items" }?.location.line == 3)
        let index = SourceIndex.build(sources: [
            ("Localizable.xcstrings", json),
            ("List.swift", "struct L: View { var body: some View { Text(\"\\(n) items\") } }"),
        ])
        #expect(index.localizedStrings(showing: "7 Einträge").first?.key == "%lld items")
        #expect(index.literals(usingKey: "%lld items").first?.view == "L")
    }

    @Test func substitutionsExpandIntoPatternsAndCarryTheDevelopmentLanguage() throws {
        let json = """
            {"sourceLanguage": "en", "strings": {
              "bills %lld": {"localizations": {"en": {
                "stringUnit": {"state": "translated", "value": "%#@bills@ left"},
                "substitutions": {"bills": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg bill"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg bills"}}}}}}}}}
            }, "version": "1.0"}
            """
        let entries = try StringCatalogReader.readCatalog(Array(json.utf8), path: "Localizable.xcstrings")
        #expect(entries.map(\.value) == ["%@ bill left", "%@ bills left"])
        #expect(entries.allSatisfy { $0.developmentLanguage == "en" && $0.language == "en" })
        let index = SourceIndex.build(sources: [("Localizable.xcstrings", json)])
        #expect(index.localizedStrings(showing: "3 bills left").map(\.key) == ["bills %lld"])
        #expect(index.localizedStrings(showing: "3 bills left", language: "de").isEmpty)
        #expect(index.developmentLanguage == "en")
    }

    @Test func aBrokenCatalogIsReportedAndTheRestIsIndexed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.path
        try "{\"strings\": {\"a\": }".write(toFile: directory + "/Broken.xcstrings", atomically: true, encoding: .utf8)
        try "let a = Text(\"Hello\")".write(toFile: directory + "/A.swift", atomically: true, encoding: .utf8)
        let index = try SourceIndex.build(roots: [directory], workingDirectory: directory)
        #expect(index.problems.count == 1)
        #expect(index.problems.first?.description.hasPrefix("Broken.xcstrings:1:19: error:") == true)
        #expect(index.literals(exactly: "Hello").first?.file == "A.swift")
    }
}
