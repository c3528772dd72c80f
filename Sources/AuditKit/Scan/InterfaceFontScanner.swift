import Foundation

/// Dynamic Type in storyboards and xibs, as `scan` reads them beside Swift.
///
/// Reported: a `<fontDescription>` of fixed `pointSize` (a system or a named font), on its element's line; a
/// label, text field or text view with a text style but without `adjustsFontForContentSizeCategory="YES"`
/// (it keeps the size it was loaded with); a button with a text style, unless code sets its title label's
/// flag (`unlockButton.titleLabel?.adjustsFontForContentSizeCategory = true` through one of its outlets,
/// or a receiverless one in its custom class). `scan --fix` gives a system font the nearest text style by
/// Apple's table (size, then weight) and sets the flag where Interface Builder has it (labels, text fields,
/// text views), touching only those attributes; it leaves named fonts and buttons with the code to write.
enum InterfaceFontScanner {
    /// Elements Interface Builder gives "Automatically Adjusts Font" (`adjustsFontForContentSizeCategory`).
    static let adjustableTags: Set<String> = ["label", "textField", "textView"]

    /// Interface Builder's names of the text styles, by UIKit name.
    static let styleNames: [String: String] = [
        "largeTitle": "UICTFontTextStyleTitle0", "title1": "UICTFontTextStyleTitle1",
        "title2": "UICTFontTextStyleTitle2", "title3": "UICTFontTextStyleTitle3",
        "headline": "UICTFontTextStyleHeadline", "body": "UICTFontTextStyleBody",
        "callout": "UICTFontTextStyleCallout", "subheadline": "UICTFontTextStyleSubhead",
        "footnote": "UICTFontTextStyleFootnote", "caption1": "UICTFontTextStyleCaption1",
        "caption2": "UICTFontTextStyleCaption2",
    ]

    /// A finding with the byte edits `--fix` makes for it (none when it leaves it).
    struct Site {
        var finding: FontFinding
        var edits: [ByteEdit]
    }

    /// The findings of one document, in file order, each with the fix's decision and edits.
    /// - Parameter scaledInCode: the buttons code scales (`ScaledTitleLabels`); nil when unknown, and
    ///   buttons with a text style are then not reported.
    static func sites(in document: InterfaceDocument, bytes: [UInt8], scaledInCode: ScaledTitleLabels?) -> [Site] {
        var sites: [Site] = []
        let lines = LineTable(bytes: bytes, path: document.path)
        for element in document.elements {
            guard let font = element.font else { continue }
            let outlets = document.outlets.filter { $0.destination == element.objectID }.map(\.property)
            if let size = font.pointSize {
                sites.append(fixedSize(element, font: font, size: size, outlets: outlets, bytes: bytes, lines: lines))
            } else if font.style != nil, adjustableTags.contains(element.tag),
                element.adjustsFontForContentSizeCategory != true
            {
                sites.append(unadjusted(element, font: font, bytes: bytes, lines: lines))
            } else if font.style != nil, element.tag == "button", let scaledInCode,
                !scaledInCode.scales(outlets: outlets, customClass: element.customClass)
            {
                sites.append(unadjustedButton(element, font: font, outlets: outlets, bytes: bytes, lines: lines))
            }
        }
        for n in sites.indices {
            let finding = sites[n].finding
            let key = "\(finding.rule.rawValue)\n\(document.path)\n\(finding.excerpt)\n\(finding.line)"
            sites[n].finding.fingerprint = FontFileScanner.fingerprint(key)
        }
        return sites
    }

    /// The code to write for a view that must scale in code: `UIFontMetrics` for a named font, the text
    /// style for a system one, and the flag, on its outlet (or `view`).
    static func byHand(outlet: String?, isButton: Bool, font: InterfaceFont, style: TextStyle) -> String {
        let target = (outlet ?? (isButton ? "button" : "view")) + (isButton ? ".titleLabel?" : "")
        let scaled =
            font.name.map { name in
                "UIFontMetrics(forTextStyle: .\(style.uiKitName)).scaledFont(for: UIFont(name: \"\(name)\", size: "
                    + "\(pointText(font.pointSize ?? style.size)))!)"
            } ?? "UIFont.preferredFont(forTextStyle: .\(style.uiKitName))"
        return "`\(target).font = \(scaled)` and `\(target).adjustsFontForContentSizeCategory = true` in code"
    }

    private static func fixedSize(
        _ element: InterfaceElement, font: InterfaceFont, size: Double, outlets: [String], bytes: [UInt8],
        lines: LineTable
    ) -> Site {
        let weight = font.weight.flatMap(FontWeight.init(rawValue:)) ?? (font.type == "boldSystem" ? .bold : nil)
        let style = TextStyle.nearest(size: size, weight: weight)
        var finding = makeFinding(.fixedSize, element, font: font, bytes: bytes, lines: lines)
        finding.size = size
        finding.weight = weight
        finding.ax5Size = TextStyle.ax5Size(for: size)
        let isSystem = font.name == nil && font.type != nil
        guard isSystem, adjustableTags.contains(element.tag), let name = styleNames[style.uiKitName] else {
            let reason =
                font.name != nil
                ? "a named font (\(font.name ?? "")): Interface Builder cannot scale it"
                : "Interface Builder has no Dynamic Type setting for a \(element.tag)'s font"
            return leave(
                finding, reason: reason,
                byHand: byHand(
                    outlet: outlets.first, isButton: element.tag == "button", font: font, style: style))
        }
        let flag = flagEdits(element, bytes: bytes)
        var after = "`style=\"\(name)\"` (\(style.uiKitName), \(pointText(style.size)) pt)"
        if !flag.isEmpty { after += " and `adjustsFontForContentSizeCategory=\"YES\"`" }
        return change(
            finding, kind: .textStyle, after: after, edits: styleEdits(font: font, styleName: name, bytes: bytes) + flag
        )
    }

    private static func unadjusted(
        _ element: InterfaceElement, font: InterfaceFont, bytes: [UInt8], lines: LineTable
    ) -> Site {
        let finding = makeFinding(.textStyleNotAdjusting, element, font: font, bytes: bytes, lines: lines)
        return change(
            finding, kind: .contentSizeFlag, after: "`adjustsFontForContentSizeCategory=\"YES\"`",
            edits: flagEdits(element, bytes: bytes))
    }

    private static func unadjustedButton(
        _ element: InterfaceElement, font: InterfaceFont, outlets: [String], bytes: [UInt8], lines: LineTable
    ) -> Site {
        let finding = makeFinding(.textStyleNotAdjusting, element, font: font, bytes: bytes, lines: lines)
        let code = "`\(outlets.first ?? "button").titleLabel?.adjustsFontForContentSizeCategory = true` in code"
        return leave(finding, reason: "a button: Interface Builder has no such setting for its title", byHand: code)
    }

    private static func makeFinding(
        _ rule: FontScanRule, _ element: InterfaceElement, font: InterfaceFont, bytes: [UInt8],
        lines: LineTable
    ) -> FontFinding {
        // The element as its start tag names it, then its font: `<label id="UnL-lb-01a"> <fontDescription …/>`.
        let tag = "<\(element.tag)" + (element.objectID.map { " id=\"\($0)\"" } ?? "") + "> "
        let excerpt = ContentSizeFlagScanner.folded(Array((tag).utf8)[...] + bytes[font.offset..<font.tagEnd])
        return FontFinding(
            rule: rule, file: lines.path, line: element.line, column: element.column,
            utf16Column: lines.utf16Column(of: element.offset, line: element.line), excerpt: excerpt,
            api: "<\(element.tag)> <fontDescription>")
    }

    private static func change(_ finding: FontFinding, kind: FontFixChange.Kind, after: String, edits: [ByteEdit])
        -> Site
    {
        var finding = finding
        let change = FontFixChange(
            kind: kind, line: finding.line, column: finding.column, before: finding.excerpt, after: after)
        finding.fix = .change(change)
        finding.suggestion = after
        return Site(finding: finding, edits: edits)
    }

    private static func leave(_ finding: FontFinding, reason: String, byHand: String) -> Site {
        var finding = finding
        let skip = FontFixSkip(
            line: finding.line, column: finding.column, excerpt: finding.excerpt, reason: .unsupported(reason),
            byHand: byHand)
        finding.fix = .leave(skip)
        finding.suggestion = byHand
        return Site(finding: finding, edits: [])
    }
}

extension InterfaceFontScanner {
    /// The edits that make a system font's `<fontDescription>` the text style `styleName`: its `type` becomes
    /// `style="…"`, its `pointSize` and `weight` go (with the space before each); `key` and the rest stay.
    static func styleEdits(font: InterfaceFont, styleName: String, bytes: [UInt8]) -> [ByteEdit] {
        var edits: [ByteEdit] = []
        for attribute in InterfaceTagScanner.attributes(in: bytes, tag: font.offset..<font.tagEnd) {
            switch attribute.name {
            case "type":
                edits.append(ByteEdit(range: attribute.whole, replacement: Array("style=\"\(styleName)\"".utf8)))
            case "pointSize", "weight":
                var start = attribute.whole.lowerBound
                while start > font.offset, [32, 9, 10, 13].contains(bytes[start - 1]) { start -= 1 }
                edits.append(ByteEdit(range: start..<attribute.whole.upperBound, replacement: []))
            default:
                break
            }
        }
        return edits
    }

    /// The edit that sets `adjustsFontForContentSizeCategory="YES"` on the element's start tag: its value
    /// when written, else the attribute inserted where Interface Builder writes it (before
    /// `adjustsFontSizeToFit`, `minimumFontSize`, `translatesAutoresizingMaskIntoConstraints` or `id`,
    /// the first there is), else before the tag's end; none when it is already `YES`.
    static func flagEdits(_ element: InterfaceElement, bytes: [UInt8]) -> [ByteEdit] {
        let attributes = InterfaceTagScanner.attributes(in: bytes, tag: element.offset..<element.tagEnd)
        if let flag = attributes.first(where: { $0.name == "adjustsFontForContentSizeCategory" }) {
            return bytes[flag.value].elementsEqual("YES".utf8)
                ? [] : [ByteEdit(range: flag.value, replacement: Array("YES".utf8))]
        }
        let written = Array("adjustsFontForContentSizeCategory=\"YES\"".utf8)
        for anchor in ["adjustsFontSizeToFit", "minimumFontSize", "translatesAutoresizingMaskIntoConstraints", "id"] {
            if let found = attributes.first(where: { $0.name == anchor }) {
                let at = found.whole.lowerBound
                return [ByteEdit(range: at..<at, replacement: written + [32])]
            }
        }
        var end = element.tagEnd - 1
        if end > element.offset, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return [ByteEdit(range: end..<end, replacement: [32] + written)]
    }
}

/// Lines of a document, for the UTF-16 columns findings carry.
struct LineTable {
    /// The document's path, as shown.
    let path: String
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        for (i, byte) in bytes.enumerated() where byte == 10 { lineStarts.append(i + 1) }
    }

    /// The one-based UTF-16 column of byte `offset` on one-based `line`.
    func utf16Column(of offset: Int, line: Int) -> Int {
        let start = lineStarts[min(max(line - 1, 0), lineStarts.count - 1)]
        return ContentSizeFlagScanner.utf16Width(bytes[min(start, offset)..<offset]) + 1
    }
}

/// The buttons whose title label Swift code makes follow the text size
/// (`titleLabel?.adjustsFontForContentSizeCategory = true`): by the outlet named before `.titleLabel`
/// (`unlockButton`, `self.unlockButton`, `cell.lockButton`), or, written without one, by the custom class
/// whose code says it.
struct ScaledTitleLabels: Sendable {
    /// Outlet names.
    var outlets = Set<String>()
    /// Classes (simple names) that scale their own title label.
    var classes = Set<String>()

    /// The buttons `files` (Swift sources) scale.
    init(files: [[UInt8]]) {
        for bytes in files where ContentSizeFlagScanner.contains(bytes, "titleLabel") {
            guard ContentSizeFlagScanner.contains(bytes, "adjustsFontForContentSizeCategory") else { continue }
            let lexed = SwiftLexer.scan(bytes, recordingTokens: true, keepingLiterals: false)
            let tokens = lexed.tokens
            for i in tokens.indices where tokens[i].kind == .identifier && i + 2 < tokens.count {
                guard bytes[tokens[i].start..<tokens[i].end].elementsEqual("adjustsFontForContentSizeCategory".utf8),
                    tokens[i + 1].isPunctuation("="), !tokens[i + 2].isPunctuation("="),
                    bytes[tokens[i + 2].start..<tokens[i + 2].end].elementsEqual("true".utf8)
                else { continue }
                var parts = ContentSizeFlagScanner.receiver(before: i, tokens: tokens, bytes: bytes).name
                    .split(separator: ".").map(String.init)
                guard parts.last == "titleLabel" else { continue }
                parts.removeLast()
                if let outlet = parts.last {
                    outlets.insert(outlet)
                } else {
                    let line =
                        (lexed.newlineOffsets.firstIndex { $0 >= tokens[i].start } ?? lexed.newlineOffsets.count) + 1
                    let holder = lexed.types.filter { $0.contains(line: line) }.max { $0.line < $1.line }
                    if let holder { classes.insert(String(holder.simpleName)) }
                }
            }
        }
    }

    /// Whether a button with these outlets and custom class is scaled in code.
    func scales(outlets names: [String], customClass: String?) -> Bool {
        names.contains(where: outlets.contains)
            || customClass.map { classes.contains(String($0.split(separator: ".").last ?? "")) } == true
    }
}

extension InterfaceFontScanner {
    /// Reads and scans the storyboards and xibs `files` into `result`, the buttons code scales read from
    /// `swiftFiles`; a document that cannot be read is a problem, the others are still scanned.
    static func scan(
        _ files: [(path: String, display: String)], swiftFiles: [(path: String, display: String)],
        into result: inout FontScanResult
    ) {
        guard !files.isEmpty else { return }
        let swift = ParallelRead.contents(of: swiftFiles.map(\.path))
        let scaled = ScaledTitleLabels(files: swift.compactMap { $0 })
        let documents = ParallelRead.contents(of: files.map(\.path))
        for (file, bytes) in zip(files, documents) {
            guard let bytes else {
                result.problems.append(AuditError(.missingInput, "cannot read the file", path: file.display))
                continue
            }
            do {
                let document = try InterfaceDocumentReader.read(bytes, path: file.display)
                result.findings += sites(in: document, bytes: bytes, scaledInCode: scaled).map(\.finding)
            } catch {
                result.problems.append(error)
            }
            result.files.append(file.display)
        }
        result.files.sort()
        result.findings.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    /// `scan --fix` of one storyboard or xib: the edits of the findings of `rules` it changes, applied, and
    /// the findings it leaves. The result is read again before it is offered: a rewrite that would not
    /// parse is an internal error, never written.
    /// - Throws: `AuditError` when the document cannot be read, or its rewrite would not parse.
    static func plan(source bytes: [UInt8], path: String, rules: Set<FontScanRule>, scaledInCode: ScaledTitleLabels)
        throws(AuditError) -> FontFileFix
    {
        let document = try InterfaceDocumentReader.read(bytes, path: path)
        var changes: [FontFixChange] = []
        var skipped: [FontFixSkip] = []
        var edits: [ByteEdit] = []
        for site in sites(in: document, bytes: bytes, scaledInCode: scaledInCode)
        where rules.contains(site.finding.rule) {
            switch site.finding.fix {
            case .change(let change)?:
                changes.append(change)
                edits += site.edits
            case .leave(let skip)?: skipped.append(skip)
            case nil: break
            }
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var fixed: [UInt8] = []
        fixed.reserveCapacity(bytes.count + edits.count * 40)
        var position = 0
        for edit in edits {
            fixed += bytes[position..<edit.range.lowerBound]
            fixed += edit.replacement
            position = edit.range.upperBound
        }
        fixed += bytes[position...]
        if !edits.isEmpty {
            do { _ = try InterfaceDocumentReader.read(fixed, path: path) } catch {
                throw AuditError(
                    .internalError,
                    "the rewrite would not be a well-formed document (\(error.message)); the file is left as it is",
                    path: path)
            }
        }
        return FontFileFix(
            path: path, changes: changes, skipped: skipped, fixed: edits.isEmpty ? bytes : fixed,
            diff: edits.isEmpty ? "" : FontFixer.unifiedDiff(original: bytes, edits: edits, path: path),
            status: edits.isEmpty ? .unchanged : .planned)
    }
}

/// Files read on every core, in order; nil for one that cannot be read.
enum ParallelRead {
    static func contents(of paths: [String]) -> [[UInt8]?] {
        let buffer = UnsafeMutableBufferPointer<[UInt8]?>.allocate(capacity: paths.count)
        buffer.initialize(repeating: nil)
        defer {
            _ = buffer.deinitialize()
            buffer.deallocate()
        }
        nonisolated(unsafe) let shared = buffer
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            shared[i] = FileManager.default.contents(atPath: paths[i]).map(Array.init)
        }
        return Array(buffer)
    }
}
