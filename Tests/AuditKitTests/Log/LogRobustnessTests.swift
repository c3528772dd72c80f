import AuditKit
import Foundation
import Testing

/// Random inputs: the writer's invariants hold for any bytes, and templates never crash the parser.
@Suite struct LogRobustnessTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    @Test func insertionKeepsEveryOtherByteOfAnyLog() {
        var random = Generator(state: 42)
        let pieces: [[UInt8]] = [
            Array("## Audit Log".utf8), Array("## Views".utf8), Array("# Title".utf8), Array("### Session 7".utf8),
            Array("### Session 2".utf8), Array("```".utf8), Array("~~~".utf8), Array("- note  ".utf8), [0xFF, 0xFE],
            [0xE9], Array("\t".utf8), [0x0D, 0x0A], [0x0A], [0x0D], [], Array("   ## Sources".utf8),
            Array("<!-- auditkit:report sha256=00 -->".utf8),
        ]
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 24) {
                bytes += random.pick(pieces)
                if random.next() % 2 == 0 { bytes += random.pick([[0x0A], [0x0D, 0x0A]]) }
            }
            let document = AuditLogDocument(bytes: bytes)
            let result = document.inserting(
                session: "### Session \((try? document.nextSessionNumber(path: "audit.md")) ?? 1)\n- Date:\n")
            var removed = result.bytes
            removed.removeSubrange(result.inserted)
            #expect(removed == bytes)
            let after = AuditLogDocument(bytes: result.bytes)
            #expect(after.auditLogSection != nil, "\(bytes)")
        }
    }

    @Test func anyTemplateTextEitherParsesOrThrowsALocatedError() {
        var random = Generator(state: 7)
        let pieces = [
            "{{", "}}", "{{{", "}}}", "{{#counts}}", "{{/counts}}", "{{^counts}}", "{{type}}", "{{!x}}", "{{& date}}",
            "{{.}}", "{{a.b}}", "{{comparison.newCount}}", "\n", "text ", "{{#comparison}}", "{{/comparison}}",
            "{{>p}}",
            "{{=<% %>=}}", "{{ }}", "{{#}}", "é", "\r\n",
        ]
        for _ in 0..<500 {
            let text = (0..<Int(random.next() % 16)).map { _ in random.pick(pieces) }.joined()
            do {
                let template = try Template(text: text, path: "fuzz.md", fields: TemplateKind.session.fields)
                _ = template.render(["counts": .list([.object(["type": .text("x"), "count": .number(1)])])])
            } catch let error as AuditError {
                #expect(error.location?.path == "fuzz.md")
                #expect(error.location?.line != nil)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }
}
