import AuditKit
import Foundation
import Testing

/// The one JSON writer: trees assembled as dictionaries (SARIF logs) and single strings (the project
/// file's values) come out as every other JSON AuditKit writes them.
@Suite struct JSONWriterTests {
    @Test func aTreeIsWrittenWithSortedKeysAndTheWritersEscaping() throws {
        let tree: [String: Any] = [
            "version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "runs": [
                [
                    "results": [
                        ["ruleId": "contrast", "level": "warning", "rank": 12.5, "line": 3, "suppressed": false],
                        ["message": ["text": "“Quoted” \\ tab\t newline\n emoji 🙂 </script>"]],
                    ],
                    "columnKind": "utf16CodeUnits", "empty": [String: Any](), "none": [Any](),
                ]
            ],
        ]
        let written = String(decoding: JSONWriter.data(tree: tree), as: UTF8.self)
        // Read back: the same values.
        let read = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        #expect(NSDictionary(dictionary: read).isEqual(to: tree))
        // Keys sorted at every level, slashes not escaped, two-space indentation.
        #expect(
            written.hasPrefix("{\n  \"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"runs\" : ["))
        #expect(written.contains("\"columnKind\" : \"utf16CodeUnits\",\n      \"empty\" : {\n\n      },"))
        #expect(written.contains("\"level\" : \"warning\",\n          \"line\" : 3,\n          \"rank\" : 12.5,"))
        #expect(written.contains("</script>") && !written.contains("\\/"))
    }

    @Test func aStringIsQuotedAsTheWriterQuotesItInADocument() throws {
        for text in ["plain", "with \"quotes\" and \\", "line\nbreak\ttab", "Übersicht 🙂", "a/b", "\u{1}"] {
            let quoted = JSONWriter.quoted(text)
            let inDocument = String(decoding: try JSONWriter.encoder(pretty: false).encode([text]), as: UTF8.self)
            #expect("[" + quoted + "]" == inDocument, "\(text)")
            let back = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
            #expect(back == text)
        }
    }
}
