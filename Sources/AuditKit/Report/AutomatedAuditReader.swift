import Foundation

/// Reads the result of an automated accessibility audit into the model Inspector reports use: the
/// JSON that Appium's `mobile: performAccessibilityAudit` returns (bare, as the Appium server's
/// `{"value": [...]}`, or as WebDriverAgent's reply with `sessionId`), and the superset that
/// AuditKit's XCTest recorder writes (the same items plus a screenshot and a screen name).
///
/// Each item becomes one issue of one screen: `auditType` gives the test type (a name such as
/// `XCUIAccessibilityAuditTypeContrast`, or the type's number as a string for a type the driver does
/// not know, kept as `other` named by that number), `compactDescription` the title,
/// `detailedDescription` the long description, and `elementAttributes` (or, in versions without
/// them, the `element` description) the element's identifier, text and rect. Items without an
/// element are kept without text and rect. With a screenshot, each issue's thumbnail is cropped
/// from it by the element's rect.
///
/// The shapes follow WebDriverAgent's `XCUIApplication+FBHelpers.m`
/// (`fb_performAccessibilityAuditWithAuditTypes:`) and appium-xcuitest-driver's
/// `lib/commands/audit.ts`.
enum AutomatedAuditReader {
    /// The prefix XCTest's audit type names share.
    static let typeNamePrefix = "XCUIAccessibilityAuditType"

    /// Test types by the name after `XCUIAccessibilityAuditType`.
    static let typesByName: [String: TestType] = [
        "Contrast": .contrast, "ElementDetection": .elementDetection, "HitRegion": .hitRegion,
        "SufficientElementDescription": .elementDescription, "DynamicType": .dynamicType,
        "TextClipped": .clippedText, "Trait": .trait, "Action": .action, "ParentChild": .parentChild,
    ]

    /// Test types by `XCUIAccessibilityAuditType` bit value.
    static let typesByValue: [UInt64: TestType] = [
        1 << 0: .contrast, 1 << 1: .elementDetection, 1 << 2: .hitRegion, 1 << 3: .elementDescription,
        1 << 16: .dynamicType, 1 << 17: .clippedText, 1 << 18: .trait, 1 << 32: .action, 1 << 33: .parentChild,
    ]

    /// Whether the parsed root looks like an automated audit result rather than an Inspector payload:
    /// an array, or an object without `_axKeyAllScreens` that has a `value` member.
    static func recognises(_ document: JSONDocument) -> Bool {
        switch document.nodes[0].kind {
        case .array: return true
        case .object:
            return document.value(of: ReportPayloadLocator.rootKey, in: 0) == nil
                && document.value(of: "value", in: 0) != nil
        default: return false
        }
    }

    /// Whether the item at `node` is an audit issue: an object with `auditType` or
    /// `compactDescription`, and `element`, `elementDescription` or `elementAttributes`.
    static func isAuditItem(_ node: Int, in document: JSONDocument) -> Bool {
        guard document.nodes[node].kind == .object else { return false }
        let has = { (key: String) in document.value(of: key, in: node) != nil }
        return (has("auditType") || has("compactDescription"))
            && (has("element") || has("elementDescription") || has("elementAttributes"))
    }

    /// The test type an `auditType` string names: a known name (with or without the
    /// `XCUIAccessibilityAuditType` prefix), a known bit value written as a number, else `other`
    /// carrying the string as found (an unknown type's number).
    static func testType(auditType: String) -> TestType {
        let trimmed = auditType.trimmingCharacters(in: .whitespaces)
        let name = trimmed.hasPrefix(typeNamePrefix) ? String(trimmed.dropFirst(typeNamePrefix.count)) : trimmed
        if let type = typesByName[name] { return type }
        if let value = UInt64(trimmed), let type = typesByValue[value] { return type }
        return .other(trimmed)
    }

    /// The arrays an automated audit's issues may be (the root, or the root object's `value`): parsed
    /// deferred (`JSONDocument.Syntax.deferredArrays`), so their items are read one at a time and an
    /// item skipped costs no memory.
    static let deferredArrays = JSONDocument.Deferral.at([[], ["value"]])

    /// The screens (one) and warnings of the audit result in `document`. An empty array is a clean run;
    /// items that are no audit issue (`isAuditItem`) are skipped with a warning.
    /// - Throws: `AuditError` `.badInput` when `value` is not an array (an Appium error reply), and
    ///   `.notAReport` when the array has items and none is an audit issue (a JSON list of something
    ///   else).
    static func decode(_ document: JSONDocument, path: String, options: ReportReader.Options) throws -> (
        [Screen], [ReportWarning], String?
    ) {
        var reader = Reader(document: document)
        var itemsNode = 0
        var teamName: String?
        var groupName = ""
        var device: String?
        var screenshotNode: Int?
        var scale = 1.0
        if document.nodes[0].kind == .object {
            itemsNode = try Self.itemsNode(of: document, path: path, reader: &reader)
            teamName = reader.string("screenName", in: 0)
            groupName = reader.string("screenGroupName", in: 0) ?? groupName
            device = reader.string("device", in: 0)
            screenshotNode = reader.node("screenshot", in: 0, kind: .string, path: "screenshot")
            if let value = reader.number("screenshotScale", in: 0, path: "screenshotScale"), value > 0, value <= 16 {
                scale = value
            }
        }
        var screen = Screen(index: 0, name: teamName ?? "0", groupName: groupName)
        screen.teamName = teamName.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap {
            $0.isEmpty ? nil : $0
        }
        let prefix = document.nodes[0].kind == .object ? "value" : ""
        try readItems(
            of: itemsNode, in: document, path: path, prefix: prefix, into: &screen, warnings: &reader.warnings)
        if let screenshotNode {
            decodeScreenshot(
                screenshotNode, of: document, scale: scale, into: &screen, reader: &reader, options: options)
        }
        return ([screen], reader.warnings, device)
    }

    /// The node of the root object's `value`, the array of issues.
    /// - Throws: `AuditError` `.badInput` when there is none or it is no array (an Appium error reply).
    private static func itemsNode(of document: JSONDocument, path: String, reader: inout Reader) throws -> Int {
        guard let value = document.value(of: "value", in: 0) else {
            throw AuditError(.badInput, "the JSON has no value", path: path, byteOffset: document.nodes[0].start)
        }
        guard document.nodes[value].kind == .array else {
            var message = "value is \(document.nodes[value].kind.phrase), not an array of audit issues"
            if document.nodes[value].kind == .object, let error = reader.string("message", in: value) {
                message += " (the driver replied: \(error))"
            }
            throw AuditError(.badInput, message, path: path, byteOffset: document.nodes[value].start)
        }
        return value
    }

    /// Reads the items of the array at `items` one at a time into `screen`'s issues: an object that is
    /// an audit issue becomes one; any other item is skipped, validated but never laid out, and the
    /// items skipped for one reason make one warning (the first, and how many more).
    /// - Throws: `AuditError` `.notAReport` when there are items and none is an audit issue.
    private static func readItems(
        of items: Int, in document: JSONDocument, path: String, prefix: String, into screen: inout Screen,
        warnings: inout [ReportWarning]
    ) throws {
        var elements = JSONDocument.ElementReader(document, array: items)
        func next() throws -> JSONDocument.Element? {
            do { return try elements.next() } catch { throw ReportReader.payloadError(error, path: path) }
        }
        // Items skipped for one reason make one warning, whatever their number: the first, and how many
        // (a few reasons at most, looked up in order).
        var skipped: [(reason: SkipReason, position: Int, offset: Int, count: Int)] = []
        var first: Int?
        var position = -1
        while let element = try next() {
            position += 1
            first = first ?? element.start
            guard let item = element.document, isAuditItem(0, in: item) else {
                let reason = element.document == nil ? SkipReason.found(element.kind) : .notAnIssue
                if let known = skipped.firstIndex(where: { $0.reason == reason }) {
                    skipped[known].count += 1
                } else {
                    skipped.append((reason, position, element.start, 1))
                }
                continue
            }
            var reader = Reader(document: item)
            screen.issues.append(
                reader.issue(0, number: screen.issues.count + 1, screen: screen, path: prefix + "[\(position)]"))
            warnings += reader.warnings
        }
        if let first, screen.issues.isEmpty {
            throw AuditError(
                .notAReport,
                "not a report: an array of something else (no item has auditType or compactDescription with "
                    + "element, elementDescription or elementAttributes, as an automated audit's issues have)",
                path: path, byteOffset: first)
        }
        for first in skipped {
            var message = first.reason.message
            if first.count > 1 { message += " (and \(first.count - 1) more item(s) skipped so)" }
            warnings.append(
                ReportWarning(path: prefix + "[\(first.position)]", message: message, byteOffset: first.offset))
        }
    }

    /// Why an item is skipped.
    enum SkipReason: Equatable {
        /// It is no object but this kind of value.
        case found(JSONDocument.Kind)
        /// It is an object that is no audit issue (`isAuditItem`).
        case notAnIssue

        /// The warning's text.
        var message: String {
            switch self {
            case .found(let kind): return "expected an object, found \(kind.phrase); issue skipped"
            case .notAnIssue: return "not an audit issue (no auditType or compactDescription with an element); skipped"
            }
        }
    }

    /// Decodes the screenshot string at `node` into `screen`, with each issue's thumbnail cropped from it.
    private static func decodeScreenshot(
        _ node: Int, of document: JSONDocument, scale: Double, into screen: inout Screen, reader: inout Reader,
        options: ReportReader.Options
    ) {
        var decoder = ReportPayloadDecoder(document: document, limits: options.imageLimits)
        decoder.jobs = [.init(stringNode: node, declaredWidth: nil, declaredHeight: nil, screen: 0, issue: nil)]
        var screens = [screen]
        decoder.decodeImages(into: &screens, parallel: false)
        screen = screens[0]
        guard var image = screen.screenshot else { return }
        if let width = image.pixelWidth, let height = image.pixelHeight {
            image.declaredWidth = Double(width) / scale
            image.declaredHeight = Double(height) / scale
        }
        screen.screenshot = image
        screen.screenshotScale = scale
        if let problem = image.problem {
            reader.warnings.append(ReportWarning(path: "screen 1", message: "screenshot: \(problem)"))
        } else {
            cropThumbnails(of: &screen, scale: scale)
        }
    }

    /// Gives each issue with a rect the crop of the screen's screenshot at that rect (JPEG, quality 75,
    /// at the screenshot's scale), as the Inspector's thumbnails are.
    static func cropThumbnails(of screen: inout Screen, scale: Double) {
        guard let shot = screen.screenshot, shot.isUsable, screen.issues.contains(where: { $0.elementRect != nil }),
            let raster = try? JPEGCodec.decode(shot.data)
        else { return }
        let bounds = PixelRect(x: 0, y: 0, width: raster.width, height: raster.height)
        for index in screen.issues.indices {
            guard let rect = screen.issues[index].elementRect, rect.isFinite else { continue }
            // Whole pixels that cover the rect's edges.
            let left = Int((rect.x * scale).rounded(.down)), top = Int((rect.y * scale).rounded(.down))
            let right = Int(((rect.x + rect.width) * scale).rounded(.up))
            let bottom = Int(((rect.y + rect.height) * scale).rounded(.up))
            let pixels = PixelRect(x: left, y: top, width: right - left, height: bottom - top).intersection(bounds)
            guard pixels.width > 0, pixels.height > 0,
                let data = try? JPEGCodec.encode(raster.cropped(to: pixels), quality: 75)
            else { continue }
            screen.issues[index].thumbnail = ReportImage(
                data: data, declaredWidth: Double(pixels.width) / scale, declaredHeight: Double(pixels.height) / scale,
                pixelWidth: pixels.width, pixelHeight: pixels.height)
        }
    }

    /// Field access over the parsed document, collecting warnings for fields of the wrong type.
    struct Reader {
        let document: JSONDocument
        var warnings: [ReportWarning] = []

        mutating func warn(_ path: String, _ message: String, _ node: Int?) {
            warnings.append(
                ReportWarning(path: path, message: message, byteOffset: node.map { document.nodes[$0].start }))
        }

        /// The value of `key` in `object` when it has `kind`; a value of another kind (except null)
        /// is dropped with a warning.
        mutating func node(_ key: String, in object: Int, kind: JSONDocument.Kind, path: String) -> Int? {
            guard let value = document.value(of: key, in: object) else { return nil }
            let found = document.nodes[value].kind
            if found == kind { return value }
            if found != .null { warn(path, "expected \(kind.phrase), found \(found.phrase)", value) }
            return nil
        }

        /// A string member, without warnings (for optional extras).
        func string(_ key: String, in object: Int) -> String? {
            guard let value = document.value(of: key, in: object), document.nodes[value].kind == .string else {
                return nil
            }
            return document.string(value)
        }

        /// A member that is text: a string, or a number written as text (an element's value may be either).
        mutating func text(_ key: String, in object: Int, path: String) -> String? {
            guard let value = document.value(of: key, in: object) else { return nil }
            let node = document.nodes[value]
            switch node.kind {
            case .string: return document.string(value)
            case .number:
                let raw = document.buffer.bytes[node.start..<node.end]
                return String(decoding: raw, as: UTF8.self)
            case .bool: return node.flag ? "1" : "0"
            case .null: return nil
            default:
                warn(path, "expected a string, found \(node.kind.phrase)", value)
                return nil
            }
        }

        /// A finite number member within the decoder's range.
        mutating func number(_ key: String, in object: Int, path: String) -> Double? {
            guard let value = node(key, in: object, kind: .number, path: path) else { return nil }
            let number = document.nodes[value].number
            guard number.isFinite, abs(number) <= ReportPayloadDecoder.numberLimit else {
                warn(path, "number out of range (\(number))", value)
                return nil
            }
            return number
        }

        /// The issue of the item object at `node`.
        mutating func issue(_ node: Int, number: Int, screen: Screen, path: String) -> Issue {
            let auditType = text("auditType", in: node, path: path + ".auditType") ?? ""
            let title = text("compactDescription", in: node, path: path + ".compactDescription") ?? ""
            let detail = text("detailedDescription", in: node, path: path + ".detailedDescription")
            let description = text("element", in: node, path: path + ".element") ?? ""
            let debug = text("elementDescription", in: node, path: path + ".elementDescription") ?? ""
            var element = ElementFacts(description: description.isEmpty ? debug : description)
            if let attributes = self.node(
                "elementAttributes", in: node, kind: .object, path: path + ".elementAttributes"),
                document.nodes[attributes].count > 0
            {
                element.merge(attributes: attributes, reader: &self, path: path + ".elementAttributes")
            }
            var issue = Issue(
                number: number, screenIndex: screen.index, screenName: screen.name,
                screenGroupName: screen.groupName, shortTitle: title,
                longDescription: detail.flatMap { $0.isEmpty ? nil : $0 },
                extraInfo: description.isEmpty ? nil : description,
                elementText: element.text, testType: AutomatedAuditReader.testType(auditType: auditType),
                testTypeName: auditType.isEmpty ? nil : auditType)
            issue.elementRect = element.rect
            issue.identifier = element.identifier
            issue.elementType = element.type
            return issue
        }
    }

    /// What an item tells about its element, from `elementAttributes` when present, else from the
    /// `element` description (`Button, {{20.0, 100.0}, {44.0, 20.0}}, identifier: 'save', label: 'Save'`).
    struct ElementFacts {
        var identifier: String?
        var label: String?
        var value: String?
        var placeholder: String?
        var type: String?
        var rect: Rect?

        init(description: String) {
            guard !description.isEmpty else { return }
            type = description.split(separator: ",", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if let type, type.contains("{") || type.contains("'") || type.contains(":") { self.type = nil }
            identifier = ElementFacts.quoted("identifier", in: description)
            label = ElementFacts.quoted("label", in: description)
            value = ElementFacts.quoted("value", in: description)
            placeholder = ElementFacts.quoted("placeholderValue", in: description)
            rect = ElementFacts.frame(in: description)
        }

        /// The element's text as the Inspector would show it: the label, else the value, else the placeholder.
        var text: String? {
            for candidate in [label, value, placeholder] {
                if let candidate, !candidate.trimmingCharacters(in: .whitespaces).isEmpty { return candidate }
            }
            return nil
        }

        mutating func merge(attributes: Int, reader: inout Reader, path: String) {
            if let raw = reader.text("rawIdentifier", in: attributes, path: path + ".rawIdentifier") {
                identifier = raw.isEmpty ? nil : raw
            } else if reader.document.value(of: "rawIdentifier", in: attributes) != nil {
                identifier = nil
            }
            label = reader.text("label", in: attributes, path: path + ".label") ?? label
            value = reader.text("value", in: attributes, path: path + ".value") ?? value
            placeholder =
                reader.text("placeholderValue", in: attributes, path: path + ".placeholderValue") ?? placeholder
            type = reader.text("type", in: attributes, path: path + ".type") ?? type
            if let frame = reader.text("frame", in: attributes, path: path + ".frame"),
                let found = ElementFacts.frame(in: frame)
            {
                rect = found
            } else if let node = reader.node("rect", in: attributes, kind: .object, path: path + ".rect") {
                let parts = ["x", "y", "width", "height"].map {
                    reader.number($0, in: node, path: path + ".rect." + $0)
                }
                if let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3] {
                    rect = Rect(x: x, y: y, width: width, height: height)
                } else {
                    reader.warn(path + ".rect", "expected x, y, width and height numbers; rect dropped", node)
                }
            }
        }

        /// The text after `name: '` up to the closing `'` in an element description.
        static func quoted(_ name: String, in description: String) -> String? {
            guard let start = description.range(of: ", \(name): '") ?? description.range(of: "\(name): '"),
                start.lowerBound == description.startIndex || description[start].hasPrefix(",")
            else { return nil }
            let rest = description[start.upperBound...]
            // The value ends at the quote that ends the description or precedes the next `, key:`.
            var end = rest.endIndex
            var search = rest.startIndex
            while let quote = rest[search...].firstIndex(of: "'") {
                let after = rest[rest.index(after: quote)...]
                if after.isEmpty || after.hasPrefix(",") { end = quote; break }
                search = rest.index(after: quote)
            }
            let text = String(rest[rest.startIndex..<end])
            return text.isEmpty ? nil : text
        }

        /// The first `{{x, y}, {w, h}}` in `text`.
        static func frame(in text: String) -> Rect? {
            guard let open = text.range(of: "{{") else { return nil }
            guard let close = text[open.upperBound...].range(of: "}}") else { return nil }
            let inner = text[open.upperBound..<close.lowerBound].replacingOccurrences(of: "}, {", with: ",")
            let numbers = inner.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
                [x, y, w, h].allSatisfy({ $0.isFinite && abs($0) <= ReportPayloadDecoder.numberLimit })
            else { return nil }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}

extension TestType {
    /// The category of an automated audit's `auditType`: an `XCUIAccessibilityAuditType` name (with or
    /// without that prefix, e.g. `XCUIAccessibilityAuditTypeTextClipped`), or the type's bit value
    /// written as a number (`"131072"`); `other` named by the string for a type AuditKit does not know.
    public init(automatedAuditType: String) {
        self = AutomatedAuditReader.testType(auditType: automatedAuditType)
    }
}
