import Foundation
import Testing

@testable import AuditKit

/// The one JSON reader (`JSONReader` over `JSONDocument`, strings through `JSONString`): escapes,
/// surrogates, numbers, limits, truncation, positions and duplicate keys.
@Suite struct JSONReaderTests {
    func read(_ text: String, comments: Bool = true) throws(JSONReadError) -> JSONReader.Value {
        try JSONReader(Array(text.utf8), comments: comments).root
    }

    func failure(_ text: String, comments: Bool = true) -> JSONReadError? {
        do {
            _ = try read(text, comments: comments)
            return nil
        } catch {
            return error
        }
    }

    @Test func everyEscapeIsDecoded() throws {
        let root = try read(#"["\"\\\/\b\f\n\r\t", "caf\u00e9 \u00E9", "plain é"]"#)
        let texts = try #require(root.elements).map(\.string)
        #expect(texts == ["\"\\/\u{8}\u{C}\n\r\t", "café é", "plain é"])
    }

    @Test func surrogatePairsDecodeAndLoneSurrogatesBecomeTheReplacementCharacter() throws {
        let root = try read(#"["\ud83c\udf89", "\uD83C\uDF89!", "a\ud83c b", "\ud83c\u0041", "\udf89", "\ud83c"]"#)
        let texts = try #require(root.elements).map(\.string)
        #expect(texts == ["🎉", "🎉!", "a\u{FFFD} b", "\u{FFFD}A", "\u{FFFD}", "\u{FFFD}"])
    }

    @Test func badEscapesAreRefusedAtTheBackslash() {
        #expect(failure(#"{"a": "x\q"}"#)?.position.column == 9)
        #expect(failure(#"{"a": "x\q"}"#)?.message.contains("invalid escape \\q") == true)
        #expect(failure(#"{"a": "\u12G4"}"#)?.message.contains("four hex digits") == true)
        #expect(failure("{\"a\": \"tab\there\"}")?.message.contains("control character") == true)
    }

    @Test func theStrictUnescaperRefusesWhatTheScannerWouldHaveRefused() {
        func strict(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBytes { JSONString.unescape($0, strict: true) }.map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        #expect(strict(#"a\/b\u0041"#) == "a/bA")
        #expect(strict(#"a\qb"#) == nil)
        #expect(strict(#"a\"#) == nil)
        #expect(strict(#"\u00"#) == nil)
    }

    @Test func numbersAreReadWithTheirExponentsAndRanges() throws {
        let root = try read(#"{"i": 42, "n": -7, "e": 1e2, "f": 2.5E-3, "big": 1e999, "half": 1.5, "z": -0}"#)
        #expect(try root.int("i") == 42)
        #expect(try root.int("n") == -7)
        #expect(try root.int("e") == 100)
        #expect(try root.field("f").asDouble() == 0.0025)
        #expect(try root.int("z") == 0)
        #expect(throws: JSONReadError.self) { try root.int("i", in: 0...10) }
        #expect(throws: JSONReadError.self) { try root.int("half") }
        #expect(throws: JSONReadError.self) { try root.field("big").asDouble() }
        #expect(throws: JSONReadError.self) { try root.int("big") }
        for bad in ["-", "01", "1.", "1e", "1e+", ".5", "+1", "0x10"] {
            #expect(failure("[\(bad)]") != nil, "\(bad)")
        }
        // A number may end the document.
        #expect(try read("12").number == 12)
    }

    @Test func nestingIsLimitedWithoutRecursion() throws {
        let limit = JSONReader.defaultMaxDepth
        _ = try read(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        let deep = failure(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
        #expect(deep?.message == "nesting deeper than \(limit) levels")
        #expect(deep?.position.column == limit + 1)
        // Far past any stack: a clean error, not a crash.
        #expect(failure(String(repeating: "[{\"a\":", count: 200_000)) != nil)
    }

    @Test func everyTruncationOfADocumentIsAnErrorInsideIt() throws {
        let sample = Array(
            """
            {"name": "caf\\u00e9 \\ud83c\\udf89", /* note */ "n": [1, -2.5e3, true, false, null],
             // line comment
             "o": {"k": "v\\n"}}
            """.utf8)
        _ = try JSONReader(sample)
        for cut in 0..<sample.count {
            do {
                _ = try JSONReader(Array(sample.prefix(cut)))
                Issue.record("a document cut at byte \(cut) was accepted")
            } catch {
                #expect(error.position.offset <= cut, "cut at \(cut)")
                #expect(error.position.line >= 1 && error.position.column >= 1, "cut at \(cut)")
            }
        }
    }

    @Test func positionsCountLinesAndBytes() throws {
        let error = try #require(failure("{\n  \"a\": 1,\n  \"b\": x\n}"))
        #expect(error.position.line == 3)
        #expect(error.position.column == 8)
        #expect(error.position.offset == 19)
        let root = try read("{\r\n  \"é\": [\n    true]}")
        let member = try #require(root.members?.first)
        #expect(member.keyPosition.text == "2:3")
        #expect(try #require(member.value.elements?.first).position.text == "3:5")
    }

    @Test func aByteOrderMarkIsSkippedAndNotCounted() {
        do {
            _ = try JSONReader([0xEF, 0xBB, 0xBF] + Array("{\"a\": x}".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.position.text == "1:7")
            #expect(error.position.offset == 9)
        }
    }

    @Test func duplicateKeysLookUpTheLastValueAndTypedObjectsRefuseThem() throws {
        let root = try read(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(try root.int("a") == 3)
        #expect(root.members?.map(\.key) == ["a", "b", "a"])
        do {
            _ = try root.asObject("the file")
            Issue.record("a repeated key was accepted")
        } catch {
            #expect(error.message == "key \"a\" appears twice in the file; keep one")
            #expect(error.position.column == 18)
        }
    }

    @Test func typedReadersNameTheFieldAndWhatWasFound() throws {
        let root = try read("{\n  \"name\": 3, \"flag\": \"yes\", \"list\": {}}")
        func message(_ read: () throws -> Void) -> String? {
            do {
                try read()
                return nil
            } catch let error as JSONReadError {
                return "\(error.position.text): \(error.message)"
            } catch {
                return "\(error)"
            }
        }
        #expect(message { _ = try root.string("name") } == "2:11: \"name\": expected a string, found a number")
        #expect(message { _ = try root.bool("flag") } == "2:22: \"flag\": expected true or false, found a string")
        #expect(message { _ = try root.array("list") } == "2:37: \"list\": expected an array, found an object")
        #expect(message { _ = try root.string("missing") } == "1:1: missing \"missing\"")
        #expect(message { _ = try root.asObject(allowed: ["name"]) }?.hasPrefix("2:14: unknown key \"flag\"") == true)
        #expect(try root.optionalString("nothing") == nil)
    }

    @Test func commentsAreWhiteSpaceOnlyWhereAllowed() throws {
        #expect(try read("// a\n{\"a\": /* b */ 1} // c").int("a") == 1)
        #expect(failure("{\"a\": 1} // c", comments: false) != nil)
        #expect(failure("{\"a\": 1 /* open")?.message.hasPrefix("unterminated /* comment") == true)
        #expect(failure("{\"a\": 1 /x}") != nil)
    }

    @Test func trailingCommasAndMissingSeparatorsSayWhatToDo() {
        #expect(failure(#"{"a": 1,}"#)?.message == "trailing comma before '}'; remove the comma")
        #expect(failure(#"{"a": 1,}"#)?.position.column == 8)
        #expect(failure(#"[1, 2, ]"#)?.message == "trailing comma before ']'; remove the comma")
        #expect(failure(#"[1, 2, ]"#)?.position.column == 6)
        #expect(failure(#"{"a": 1 "b": 2}"#)?.message == "expected ',' or '}' after the value of \"a\"")
        #expect(failure(#"{"a": 1} x"#)?.message.hasPrefix("unexpected 'x' after the end") == true)
    }

    @Test func longStringsAreRefusedAtTheirQuoteBeforeDecoding() throws {
        let text = Array("{\"a\": \"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 100) + Array("\"}".utf8)
        _ = try JSONReader(text, maxStringBytes: 100)
        do {
            _ = try JSONReader(text, maxStringBytes: 99)
            Issue.record("a string over the limit was accepted")
        } catch {
            #expect(error.position.column == 7)
            #expect(error.message.hasPrefix("a string longer than 99 bytes"))
        }
    }
}
