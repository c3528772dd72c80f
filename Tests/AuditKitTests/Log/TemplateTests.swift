import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

@Suite struct TemplateTests {
    let fields: [String: TemplateField] = [
        "title": .value, "flag": .value, "path": .value,
        "items": .scope(["name": .value, "last": .value]),
        "info": .scope(["count": .value]),
    ]

    func render(_ text: String, _ context: [String: TemplateValue]) throws -> String {
        try Template(text: text, path: "t.md", fields: fields).render(context)
    }

    @Test func escapesDoubleMustacheAndKeepsTripleAsIs() throws {
        let out = try render("A {{title}} B {{{title}}} C {{& title}}\n", ["title": .text("<b>*x*</b>")])
        #expect(out == "A &lt;b&gt;\\*x\\*&lt;/b&gt; B <b>*x*</b> C <b>*x*</b>\n")
    }

    @Test func writesCodeValuesAsCodeSpans() throws {
        let out = try render("- {{path}}\n", ["path": .code("Reports/a_b.html")])
        #expect(out == "- `Reports/a_b.html`\n")
    }

    @Test func rendersListsFlagsInvertedSectionsAndDottedNames() throws {
        let template = """
            {{#items}}
            - {{name}}{{^last}},{{/last}}
            {{/items}}
            {{^items}}
            nothing
            {{/items}}
            {{#flag}}yes{{/flag}}{{^flag}}no{{/flag}} {{info.count}}
            {{! a comment line leaves no line }}
            end

            """
        let items: TemplateValue = .list([
            .object(["name": .text("one"), "last": .bool(false)]),
            .object(["name": .text("two"), "last": .bool(true)]),
        ])
        let out = try render(template, ["items": items, "flag": .bool(true), "info": .object(["count": .number(3)])])
        #expect(out == "- one,\n- two\nyes 3\nend\n")
        let empty = try render(
            template, ["items": .list([]), "flag": .bool(false), "info": .object(["count": .number(0)])])
        #expect(empty == "nothing\nno 0\nend\n")
    }

    @Test func rendersASectionOverTextOnlyWhenTheTextIsNotEmpty() throws {
        let text = "{{#title}}[{{title}}]{{/title}}{{^title}}untitled{{/title}}\n"
        #expect(try render(text, ["title": .text("x")]) == "[x]\n")
        #expect(try render(text, ["title": .text("")]) == "untitled\n")
    }

    @Test func rejectsAnUnknownPlaceholderNamingFileAndLine() {
        let error = #expect(throws: AuditError.self) {
            try Template(text: "# {{title}}\n\n- {{titel}}\n", path: "Templates/session.md", fields: fields)
        }
        #expect(error?.code == .badInput)
        #expect(error?.location?.path == "Templates/session.md")
        #expect(error?.location?.line == 3)
        #expect(error?.description.hasPrefix("Templates/session.md:3: error: unknown placeholder 'titel'") == true)
    }

    @Test func rejectsAnUnknownNameInsideASectionThatWouldRenderNothing() {
        let error = #expect(throws: AuditError.self) {
            try Template(text: "{{#items}}\n{{name}} {{count}}\n{{/items}}\n", path: "v.md", fields: fields)
        }
        #expect(error?.location?.line == 2)
    }

    @Test func rejectsUnbalancedSectionsNamingTheLine() {
        let crossed = #expect(throws: AuditError.self) {
            try Template(text: "{{#items}}\n{{#flag}}\n{{/items}}\n{{/flag}}\n", path: "v.md", fields: fields)
        }
        #expect(crossed?.location?.line == 3)
        #expect(crossed?.message.contains("opened at line 2") == true)
        let unclosed = #expect(throws: AuditError.self) {
            try Template(text: "a\n{{#flag}}\nb\n", path: "v.md", fields: fields)
        }
        #expect(unclosed?.location?.line == 2)
        #expect(unclosed?.message.contains("never closed") == true)
        let stray = #expect(throws: AuditError.self) {
            try Template(text: "a {{/flag}}\n", path: "v.md", fields: fields)
        }
        #expect(stray?.location?.line == 1)
    }

    @Test func rejectsUnclosedTagsAndUnsupportedTags() {
        let unclosed = #expect(throws: AuditError.self) {
            try Template(text: "ok\n{{title\n}}\n", path: "v.md", fields: fields)
        }
        #expect(unclosed?.location?.line == 2)
        let partial = #expect(throws: AuditError.self) {
            try Template(text: "{{> other}}\n", path: "v.md", fields: fields)
        }
        #expect(partial?.location?.line == 1)
        let badName = #expect(throws: AuditError.self) {
            try Template(text: "{{ti tle}}\n", path: "v.md", fields: fields)
        }
        #expect(badName?.location?.line == 1)
    }

    @Test func builtinTemplatesAreIdenticalToTheFilesInTemplates() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for kind in TemplateKind.allCases {
            let file = root.appendingPathComponent("Templates").appendingPathComponent(kind.fileName)
            let onDisk = try Data(contentsOf: file)
            #expect(
                onDisk == Data(kind.builtinText.utf8),
                "Templates/\(kind.fileName) differs; run Scripts/update-builtin-templates.sh")
            _ = try Template(text: kind.builtinText, path: kind.fileName, fields: kind.fields)
        }
    }

    @Test func looksInTheTemplatesOptionThenTheWorkingFolderThenTheBuiltins() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try AtomicFile.makeDirectory(folder.file("custom"))
        try AtomicFile.makeDirectory(folder.file("work/Templates"))
        try Data("### Custom {{number}}\n".utf8).write(to: URL(fileURLWithPath: folder.file("custom/session.md")))
        try Data("### Local {{number}}\n".utf8).write(
            to: URL(fileURLWithPath: folder.file("work/Templates/session.md")))
        try Data("### Local view {{name}}\n".utf8).write(
            to: URL(fileURLWithPath: folder.file("work/Templates/view.md")))
        let set = try TemplateSet(directory: folder.file("custom"), workingDirectory: folder.file("work"))
        #expect(set.render(.session, ["number": .number(2)]) == "### Custom 2\n")
        #expect(set.render(.view, ["name": .text("V")]) == "### Local view V\n")
        #expect(set.source(of: .auditLog) == "builtin:audit.md")
        let noOption = try TemplateSet(workingDirectory: folder.file("work"))
        #expect(noOption.render(.session, ["number": .number(2)]) == "### Local 2\n")
        #expect(throws: AuditError.self) {
            try TemplateSet(directory: folder.file("missing"), workingDirectory: folder.path)
        }
    }

    @Test func aBadTemplateFileIsReportedWithItsPathAndLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("view.md")
        try Data("### {{name}}\n- Issue:\n{{#warnings}}\n  - {{elementText}}\n{{/warnings}}\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AuditError.self) {
            try TemplateSet(directory: folder.path, workingDirectory: folder.path)
        }
        #expect(error?.location?.path == path)
        #expect(error?.location?.line == 4)
    }
}

@Suite struct MarkdownEscapingTests {
    @Test func hostileElementTextCannotBreakTheLineOrInjectHTML() {
        let hostile =
            "<script>alert('x')</script>\n# Heading | cell *bold* _it_ `code` [link](javascript:x) ~~s~~ &amp;"
        let escaped = MarkdownEscaping.inline(hostile)
        #expect(!escaped.contains("\n"))
        #expect(!escaped.contains("<"))
        #expect(!escaped.contains(">"))
        #expect(
            escaped
                == "&lt;script&gt;alert('x')&lt;/script&gt; # Heading \\| cell \\*bold\\* \\_it\\_ \\`code\\` \\[link\\](javascript:x) \\~\\~s\\~\\~ \\&amp;"
        )
    }

    /// A team's "Cards & Wallet" reads as written in audit.md; only an `&` that would start a character
    /// reference is escaped, so none turns into another character.
    @Test func aPlainAmpersandStaysAsWritten() {
        #expect(MarkdownEscaping.inline("Cards & Wallet") == "Cards & Wallet")
        #expect(MarkdownEscaping.inline("R&D &") == "R&D &")
        #expect(MarkdownEscaping.inline("&copy; &#169; &x y") == "\\&copy; \\&#169; &x y")
        // At the end too: a template may follow the value with a `;` (`{{status}}; in 2 reports`).
        #expect(MarkdownEscaping.inline("R&amp") == "R\\&amp")
    }

    @Test func escapesBlockMarkersAtTheStart() {
        #expect(MarkdownEscaping.inline("# not a heading") == "\\# not a heading")
        #expect(MarkdownEscaping.inline("- not a list") == "\\- not a list")
        #expect(MarkdownEscaping.inline("a - b # c") == "a - b # c")
    }

    @Test func leavesUnderscoresInsideWordsAlone() {
        #expect(
            MarkdownEscaping.inline("AuditReport_2026-02-03_14-05-10.html") == "AuditReport_2026-02-03_14-05-10.html")
        #expect(MarkdownEscaping.inline("_x_") == "\\_x\\_")
    }

    @Test func cutsVeryLongText() {
        let long = String(repeating: "a", count: 10_000)
        let escaped = MarkdownEscaping.inline(long)
        #expect(escaped.count == MarkdownEscaping.defaultMaxLength)
        #expect(escaped.hasSuffix("…"))
    }

    @Test func codeSpansUseAFenceLongerThanAnyBacktickRun() {
        #expect(MarkdownEscaping.codeSpan("a``b") == "```a``b```")
        #expect(MarkdownEscaping.codeSpan("`x") == "`` `x ``")
        #expect(MarkdownEscaping.codeSpan("a\nb") == "`a b`")
    }
}

@Suite struct TemplateLineEndingTests {
    let fields: [String: TemplateField] = ["title": .value, "flag": .value]

    @Test func aTemplateWrittenWithCRLFRendersAsTheSameTemplateWithLF() throws {
        let lf = "# {{title}}\n{{#flag}}\n- yes\n{{/flag}}\nend\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let context: [String: TemplateValue] = ["title": .text("Home"), "flag": .bool(true)]
        let expected = try Template(text: lf, path: "lf.md", fields: fields).render(context)
        #expect(expected == "# Home\n- yes\nend\n")
        #expect(try Template(text: crlf, path: "crlf.md", fields: fields).render(context) == expected)
        // A lone carriage return is text, not a line break.
        #expect(try Template(text: "a\rb {{title}}\n", path: "cr.md", fields: fields).render(context) == "a\rb Home\n")
    }

    @Test func spacesTabsAndNoBreakSpacesAroundANameAreIgnored() throws {
        let template = try Template(
            text: "{{ title }}|{{\ttitle\t}}|{{\u{00A0}title\u{00A0}}}|{{{ title }}}|{{# flag }}x{{/ flag }}\n",
            path: "t.md", fields: fields)
        #expect(template.render(["title": .text("T"), "flag": .bool(true)]) == "T|T|T|T|x\n")
    }

    @Test func errorsNameTheLineAndQuoteTheTagInTemplatesWithNonASCIIText() {
        do {
            _ = try Template(text: "Übersicht ✓\nnoch {{title\n", path: "u.md", fields: fields)
            Issue.record("an unclosed tag was accepted")
        } catch {
            #expect("\(error)".contains("u.md:2"))
            #expect("\(error)".contains("'{{title'"))
        }
        do {
            _ = try Template(text: "é {{ti tle}}\n", path: "v.md", fields: fields)
            Issue.record("a name with a space was accepted")
        } catch {
            #expect("\(error)".contains("bad placeholder name 'ti tle'"))
        }
    }
}
