import AuditKitScan
import Foundation
import Testing

@testable import AuditKit

/// Deferred arrays (`JSONDocument.Syntax.deferredArrays`) and `JSONDocument.ElementReader`: an array
/// validated whole but laid out as one node, its elements read one at a time, those of kinds a caller
/// skips never laid out.
@Suite struct JSONDeferredArrayTests {
    static func parse(_ text: String, deferring: JSONDocument.Deferral) throws(JSONParseError) -> JSONDocument {
        try JSONDocument.parse(
            ByteBuffer(copying: Array(text.utf8)), from: 0, requireEnd: true, maxDepth: 8,
            syntax: .init(deferredArrays: deferring))
    }

    static func offset(of needle: String, in text: String) -> Int {
        text.utf8.count - text[text.range(of: needle)!.lowerBound...].utf8.count
    }

    @Test func anArrayAtADeferredPathIsOneNodeAndItsElementsAreReadOneAtATime() throws {
        let text = #"{"value": [{"a": 1}, 0, [1, 2, [3]], "s", true, null, {"b": [4, 5]}], "other": [1]}"#
        let document = try Self.parse(text, deferring: .at([["value"]]))
        // The root, "value", its array (deferred), "other", its array and its one number.
        #expect(document.nodes.count == 6)
        let array = try #require(document.value(of: "value", in: 0))
        #expect(document.nodes[array].deferred && document.nodes[array].count == 7)
        #expect(document.elements(of: array).isEmpty)
        let other = try #require(document.value(of: "other", in: 0))
        #expect(!document.nodes[other].deferred && document.elements(of: other).count == 1)

        var reader = JSONDocument.ElementReader(document, array: array)
        var elements: [JSONDocument.Element] = []
        while let element = try reader.next() { elements.append(element) }
        #expect(elements.map(\.kind) == [.object, .number, .array, .string, .bool, .null, .object])
        #expect(
            elements.map(\.start)
                == ["{\"a\"", "0,", "[1,", "\"s\"", "true", "null", "{\"b\""].map {
                    Self.offset(of: $0, in: text)
                })
        // Only the objects are laid out; the others are validated and passed over without a node.
        #expect(elements.map { $0.document != nil } == [true, false, false, false, false, false, true])
        let first = try #require(elements[0].document)
        #expect(first.nodes.count == 3 && first.nodes[2].number == 1)
        // A laid-out element's own arrays are deferred in turn, and read the same way.
        let last = try #require(elements[6].document)
        #expect(last.nodes.count == 3 && last.nodes[2].deferred)
        var inner = JSONDocument.ElementReader(last, array: 2, layingOut: [.number])
        var numbers: [Double] = []
        while let element = try inner.next() { numbers.append(element.document?.nodes[0].number ?? -1) }
        #expect(numbers == [4, 5])
    }

    @Test func aLongDeferredRootArrayCostsOneNode() throws {
        let text = "[" + Array(repeating: "0", count: 100_000).joined(separator: ", ") + "]"
        let document = try Self.parse(text, deferring: .at([[]]))
        #expect(document.nodes.count == 1)
        #expect(document.nodes[0].count == 100_000 && document.nodes[0].end == text.utf8.count)
        var reader = JSONDocument.ElementReader(document, array: 0)
        var count = 0
        while let element = try reader.next() {
            #expect(element.kind == .number && element.document == nil)
            count += 1
        }
        #expect(count == 100_000)
        // Laid out, the same array is a node per element.
        #expect(try Self.parse(text, deferring: .none).nodes.count == 100_001)
    }

    @Test(arguments: [
        (#"{"value": [0, tru]}"#, "tru]", "expected a JSON value, found 't'"),
        (#"[0, [1,]]"#, ",]", "trailing comma before ']'; remove the comma"),
        (#"[0, {"a": 1 "b": 2}]"#, #""b""#, #"expected ',' or '}' after the value of "a""#),
        (#"[[[[[[[[[[0]]]]]]]]]]"#, "[[0", "nesting deeper than 8 levels"),
    ])
    func aDeferredArrayIsValidatedWhole(text: String, at: String, message: String) throws {
        do {
            _ = try Self.parse(text, deferring: .at([[], ["value"]]))
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.message == message)
            #expect(error.offset == Self.offset(of: at, in: text))
        }
    }

    /// Issue 62: the tape is bounded; past `maxValues` values parsing stops where the next one starts,
    /// and values in a deferred array are not counted (they are not laid out).
    @Test func parsingStopsPastTheValueLimitWhereTheValueStarts() throws {
        let text = "[" + Array(repeating: "0", count: 20).joined(separator: ",") + "]"
        do {
            _ = try JSONDocument.parse(
                ByteBuffer(copying: Array(text.utf8)), from: 0, requireEnd: true, maxDepth: 8,
                syntax: .init(maxValues: 10))
            Issue.record("20 values read under a limit of 10")
        } catch {
            #expect(error.message.contains("more than 10 values"), "\(error)")
            // The root array is value 1; the tenth value, zero number 9, starts at byte 1 + 2 × 9.
            #expect(error.offset == 1 + 2 * 9)
        }
        let deferred = try JSONDocument.parse(
            ByteBuffer(copying: Array(text.utf8)), from: 0, requireEnd: true, maxDepth: 8,
            syntax: .init(deferredArrays: .at([[]]), maxValues: 10))
        #expect(deferred.nodes.count == 1)
        #expect(ReportPayloadDecoder.valueLimit >= 50 * ReportReader.issueLimit)
    }
}
