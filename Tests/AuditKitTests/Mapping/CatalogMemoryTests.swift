import AuditKit
import Foundation
import Testing

@testable import AuditKit

/// Memory of string catalogs and rule files (issue 29, item 11): a catalog is read from the flat
/// tape of `JSONDocument`, never held as a tree of values, and a rule file's strings have a size limit.
@Suite struct CatalogMemoryTests {
    @Test func aCatalogsStringsAreReadInFileOrderWithTheirKeyColumns() throws {
        let text = #"{ "version": "1.0", "strings": { "a": {"x": 1}, "b": [2] }, "sourceLanguage": "en" }"#
        let root = try JSONReader(Array(text.utf8)).root
        let strings = try #require(root["strings"]?.members)
        #expect(strings.map(\.key) == ["a", "b"])
        #expect(strings.map(\.keyPosition.column) == [34, 49])
        #expect(root["sourceLanguage"]?.string == "en")
    }

    @Test func aCatalogReadsTheSameWhereverItsSourceLanguageIs() throws {
        let strings =
            #""strings": { "Pay": { "comment": "unused", "localizations": { "de": { "stringUnit": "#
            + #"{ "state": "translated", "value": "Zahlen" } } } }, "Only key": {} }"#
        let first = try StringCatalogReader.readCatalog(
            Array(#"{ "sourceLanguage": "en", \#(strings), "version": "1.0" }"#.utf8), path: "L.xcstrings")
        let last = try StringCatalogReader.readCatalog(
            Array(#"{ \#(strings), "version": "1.0", "sourceLanguage": "en" }"#.utf8), path: "L.xcstrings")
        #expect(first.map(\.value) == ["Zahlen", "Pay", "Only key"])
        #expect(last.map(\.value) == first.map(\.value))
        #expect(last.map(\.language) == ["de", "en", "en"])
        #expect(last.allSatisfy { $0.developmentLanguage == "en" })
    }

    @Test func aCatalogWhoseStringsAreNoObjectIsStillRefused() {
        #expect(throws: AuditError.self) {
            try StringCatalogReader.readCatalog(Array(#"{ "strings": [] }"#.utf8), path: "L.xcstrings")
        }
    }

    @Test func aRuleFileStringPastTheLimitIsRefusedAtItsPosition() throws {
        func rules(note: Int) -> [UInt8] {
            Array(
                #"{ "version": 1, "rules": [ { "id": "a", "match": {}, "view": "V","#.utf8)
                + Array("\n  \"note\": \"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: note)
                + Array("\" } ] }".utf8)
        }
        _ = try RuleFile(parsing: rules(note: RuleFile.maxStringBytes), path: "rules.json")
        do {
            _ = try RuleFile(parsing: rules(note: 50_000_000), path: "rules.json")
            Issue.record("a 50 MB note was accepted")
        } catch {
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 11)
            #expect(error.message.contains("a string longer than 65536 bytes"))
        }
    }
}
