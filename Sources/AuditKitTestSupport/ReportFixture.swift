import AuditKit
import Foundation

/// A report built in code and written the way the Accessibility Inspector writes it: pretty-printed
/// Foundation JSON (two-space indent, `"key" : value`, `\/` everywhere, shuffled keys, doubles, raw
/// UTF-8) inside one of several HTML wrappers, as bare JSON, or as the text export, with real JPEG
/// thumbnails and screenshots.
public struct ReportFixture: Sendable {
    /// An embedded image: its JPEG bytes and declared size, or a raw data string to write instead.
    public struct Image: Sendable {
        /// The JPEG bytes (what a reader must decode back).
        public var jpeg: Data
        /// `_axKeyImageWidth`.
        public var width: Double
        /// `_axKeyImageHeight`.
        public var height: Double
        /// When set, written as `_axKeyImageData` instead of the data URI of `jpeg` (for broken images).
        public var dataString: String?

        /// Creates an image.
        public init(jpeg: Data, width: Double, height: Double, dataString: String? = nil) {
            self.jpeg = jpeg
            self.width = width
            self.height = height
            self.dataString = dataString
        }

        /// The image of a canvas, declared at the canvas's size.
        public init(canvas: FixtureCanvas, quality: Int = 75) {
            self.init(jpeg: canvas.jpeg(quality: quality), width: Double(canvas.width), height: Double(canvas.height))
        }

        /// `data:image/jpeg;base64,...`
        public var dataURI: String { dataString ?? "data:image/jpeg;base64," + jpeg.base64EncodedString() }

        var json: FixtureJSON {
            .object([
                .init("_axKeyImageData", .string(dataURI)), .init("_axKeyImageWidth", .number(width)),
                .init("_axKeyImageHeight", .number(height)),
            ])
        }
    }

    /// One issue; nil fields are left out of the JSON.
    public struct Issue: Sendable {
        /// `_axKeyErrorCode`.
        public var errorCode: Int?
        /// `_axKeyShortDesc`.
        public var shortTitle: String?
        /// `_axKeyLongDesc`.
        public var longDescription: String?
        /// `_axKeyLongDescExtraInfo`.
        public var extraInfo: String?
        /// `_axKeyElementText`.
        public var elementText: String?
        /// `_axKeyIssueTestType`.
        public var testTypeName: String?
        /// `_axKeyIssueSuggestion`.
        public var suggestion: String?
        /// `_axKeyIssueIsDuplicate`.
        public var isDuplicate: Bool?
        /// `_axKeyImageThumbnail`.
        public var thumbnail: Image?
        /// `_axKeyElementRectInScreenshotX/Y/Width/Height`.
        public var rect: Rect?
        /// The category a reader should derive.
        public var expectedTestType: TestType
        /// Members written after (and so overriding) the regular ones, e.g. a field with the wrong type.
        public var extraMembers: [FixtureJSON.Member]

        /// Creates an issue.
        public init(
            errorCode: Int? = nil, shortTitle: String? = nil, longDescription: String? = nil,
            extraInfo: String? = nil, elementText: String? = nil, testTypeName: String? = nil,
            suggestion: String? = nil, isDuplicate: Bool? = false, thumbnail: Image? = nil, rect: Rect? = nil,
            expectedTestType: TestType = .other(""), extraMembers: [FixtureJSON.Member] = []
        ) {
            self.errorCode = errorCode
            self.shortTitle = shortTitle
            self.longDescription = longDescription
            self.extraInfo = extraInfo
            self.elementText = elementText
            self.testTypeName = testTypeName
            self.suggestion = suggestion
            self.isDuplicate = isDuplicate
            self.thumbnail = thumbnail
            self.rect = rect
            self.expectedTestType = expectedTestType
            self.extraMembers = extraMembers
        }
    }

    /// One screen.
    public struct Screen: Sendable {
        /// `_axKeyScreenName`.
        public var name: String
        /// `_axKeyScreenGroupName`.
        public var groupName: String
        /// `_axKeyDisplayBounds*Px`.
        public var displayBounds: Rect?
        /// `_axKeyScreenshotScale`.
        public var scale: Double?
        /// `_axKeyScreenshotRotation`.
        public var rotation: Double?
        /// `_axKeyImageFull`.
        public var screenshot: Image?
        /// `_axKeyAllIssues` (left out when empty, as the Inspector does).
        public var issues: [Issue]
        /// Members written after the regular ones.
        public var extraMembers: [FixtureJSON.Member]

        /// Creates a screen.
        public init(
            name: String, groupName: String, displayBounds: Rect? = Rect(x: 0, y: 0, width: 1206, height: 2622),
            scale: Double? = 3, rotation: Double? = 0, screenshot: Image? = nil, issues: [Issue] = [],
            extraMembers: [FixtureJSON.Member] = []
        ) {
            self.name = name
            self.groupName = groupName
            self.displayBounds = displayBounds
            self.scale = scale
            self.rotation = rotation
            self.screenshot = screenshot
            self.issues = issues
            self.extraMembers = extraMembers
        }
    }

    /// The screens in order.
    public var screens: [Screen]
    /// The text export's `Time Stamp:`.
    public var timestamp: String
    /// The text export's `Device:`.
    public var device: String

    /// Creates a fixture.
    public init(screens: [Screen], timestamp: String = "2026-01-02 11:02:25", device: String = "iPhone 17 Pro") {
        self.screens = screens
        self.timestamp = timestamp
        self.device = device
    }

    /// Every issue in report order.
    public var issues: [Issue] { screens.flatMap(\.issues) }

    // MARK: Containers

    /// The HTML wrappers the builder can put the payload in.
    public enum HTMLWrapper: String, Sendable, CaseIterable {
        /// `var rootObject = {...};` (what the Inspector writes).
        case varAssignment
        /// `let rootObject = {...};`
        case letAssignment
        /// `const rootObject = {...};`
        case constAssignment
        /// `window.rootObject = {...};`
        case windowProperty
        /// `var report = { version: 2, rootObject: {...} };`
        case objectProperty
        /// `var report = {"rootObject" : {...}};`
        case quotedProperty
        /// One line of HTML with minified JSON: `<script>var rootObject={...};`
        case minified
        /// `<script type="application/json" id="rootObject">{...}</script>`
        case jsonScript
        /// No name at all: `render({...});` (found through `_axKeyAllScreens`).
        case bareObject
    }

    /// What kind of file to write.
    public enum Container: Sendable, Hashable {
        /// An HTML page.
        case html(HTMLWrapper)
        /// The bare JSON payload.
        case json
        /// The plain-text export.
        case text

        /// Every container: each HTML wrapper, JSON and text.
        public static var all: [Container] { HTMLWrapper.allCases.map { .html($0) } + [.json, .text] }
    }

    /// The payload as a JSON value, keys in a fixed order.
    public var json: FixtureJSON {
        .object([
            .init(
                "_axKeyAllScreens",
                .array(
                    screens.map { screen in
                        var members: [FixtureJSON.Member] = [
                            .init("_axKeyScreenName", .string(screen.name)),
                            .init("_axKeyScreenGroupName", .string(screen.groupName)),
                        ]
                        if let bounds = screen.displayBounds {
                            members += [
                                .init("_axKeyDisplayBoundsXPx", .number(bounds.x)),
                                .init("_axKeyDisplayBoundsYPx", .number(bounds.y)),
                                .init("_axKeyDisplayBoundsWidthPx", .number(bounds.width)),
                                .init("_axKeyDisplayBoundsHeightPx", .number(bounds.height)),
                            ]
                        }
                        if let scale = screen.scale { members.append(.init("_axKeyScreenshotScale", .number(scale))) }
                        if let rotation = screen.rotation {
                            members.append(.init("_axKeyScreenshotRotation", .number(rotation)))
                        }
                        if let shot = screen.screenshot { members.append(.init("_axKeyImageFull", shot.json)) }
                        if !screen.issues.isEmpty {
                            members.append(
                                .init("_axKeyAllIssues", .array(screen.issues.map { issueJSON($0, screen: screen) })))
                        }
                        return .object(members + screen.extraMembers)
                    }))
        ])
    }

    private func issueJSON(_ issue: Issue, screen: Screen) -> FixtureJSON {
        var members: [FixtureJSON.Member] = [
            .init("_axKeyScreenName", .string(screen.name)), .init("_axKeyScreenGroupName", .string(screen.groupName)),
        ]
        func add(_ key: String, _ value: String?) { if let value { members.append(.init(key, .string(value))) } }
        if let code = issue.errorCode { members.append(.init("_axKeyErrorCode", .number(Double(code)))) }
        add("_axKeyShortDesc", issue.shortTitle)
        add("_axKeyLongDesc", issue.longDescription)
        add("_axKeyLongDescExtraInfo", issue.extraInfo)
        add("_axKeyElementText", issue.elementText)
        add("_axKeyIssueTestType", issue.testTypeName)
        add("_axKeyIssueSuggestion", issue.suggestion)
        if let duplicate = issue.isDuplicate { members.append(.init("_axKeyIssueIsDuplicate", .bool(duplicate))) }
        if let thumbnail = issue.thumbnail { members.append(.init("_axKeyImageThumbnail", thumbnail.json)) }
        if let rect = issue.rect {
            members += [
                .init("_axKeyElementRectInScreenshotX", .number(rect.x)),
                .init("_axKeyElementRectInScreenshotY", .number(rect.y)),
                .init("_axKeyElementRectInScreenshotWidth", .number(rect.width)),
                .init("_axKeyElementRectInScreenshotHeight", .number(rect.height)),
            ]
        }
        return .object(members + issue.extraMembers)
    }

    /// The file's bytes in `container`; `seed` decides the key order (nil keeps the fixed order).
    public func data(_ container: Container, seed: UInt64? = 1) -> Data {
        switch container {
        case .json: return Data(payload(style: .pretty, seed: seed))
        case .text: return textExport()
        case .html(let wrapper): return html(wrapper, seed: seed)
        }
    }

    /// Writes the file in `container` to `path`.
    public func write(to path: String, as container: Container, seed: UInt64? = 1) throws {
        try data(container, seed: seed).write(to: URL(fileURLWithPath: path))
    }

    /// The JSON payload's bytes.
    public func payload(style: FixtureJSON.Style, seed: UInt64?) -> [UInt8] {
        var generator = seed.map { SplitMix64(seed: $0) }
        return json.encoded(style: style, shuffleWith: &generator)
    }

    private func html(_ wrapper: HTMLWrapper, seed: UInt64?) -> Data {
        let minified = wrapper == .minified
        let json = payload(style: minified ? .minified : .pretty, seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 8192)
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        let head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Accessibility Audit Report</title>
            <style>
              :root { color-scheme: light dark; --accent: #0a84ff; }
              body { margin: 0; font: 14px -apple-system, sans-serif; }
              .issue h3 { margin: 0 0 4px; content: "{"; }
            </style>
            <script type="text/javascript">
              var settings = { "title": "rootObject {", quote: '"}', brace: "{" };
              if (typeof rootObject === "undefined") { window.pending = true; }
            </script>
            </head>
            <body>
            <header><h1>Accessibility Audit</h1><div class="summary" id="summary"></div></header>
            <main id="screens"></main>

            """
        let tail = """
            <script type="text/javascript">
            (function () {
              'use strict';
              function render(root) {
                var screens = (root && root._axKeyAllScreens) || [];
                document.getElementById('summary').textContent = screens.length + ' screens';
              }
              document.addEventListener('DOMContentLoaded', function () { render(rootObject); });
            })();
            </script>
            </body>
            </html>

            """
        if minified {
            add(head.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined())
            add("<script>var rootObject=")
            out.append(contentsOf: json)
            add(";</script>")
            add(tail.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
            return Data(out)
        }
        add(head)
        switch wrapper {
        case .varAssignment, .letAssignment, .constAssignment, .windowProperty:
            let keyword = [
                HTMLWrapper.varAssignment: "var ", .letAssignment: "let ", .constAssignment: "const ",
                .windowProperty: "window.",
            ][wrapper]!
            add("<script type=\"text/javascript\">\n\(keyword)rootObject = ")
            out.append(contentsOf: json)
            add(";\n</script>\n")
        case .objectProperty:
            add("<script type=\"text/javascript\">\nvar report = {\n  version: 2,\n  rootObject: ")
            out.append(contentsOf: json)
            add("\n};\nvar rootObject = report.rootObject;\n</script>\n")
        case .quotedProperty:
            add(
                "<script type=\"text/javascript\">\nvar report = {\"generator\" : \"Accessibility Inspector\", \"rootObject\" : "
            )
            out.append(contentsOf: json)
            add("};\nvar rootObject = report[\"rootObject\"];\n</script>\n")
        case .jsonScript:
            add("<script type=\"application/json\" id=\"rootObject\">\n")
            out.append(contentsOf: json)
            add(
                "\n</script>\n<script>var rootObject = JSON.parse(document.getElementById('rootObject').textContent);</script>\n"
            )
        case .bareObject:
            add("<script type=\"text/javascript\">\nwindow.addEventListener('load', function () { draw(")
            out.append(contentsOf: json)
            add("); });\n</script>\n")
        case .minified:
            break
        }
        add(tail)
        return Data(out)
    }

    private func textExport() -> Data {
        var text = "Accessibility Audit Report\nTime Stamp: \(timestamp)\nDevice: \(device)\n"
        text += "Number of Issues Found: \(issues.count)\n\n"
        for (k, issue) in issues.enumerated() {
            text += "\nIssue \(k + 1): \(issue.shortTitle ?? "")\n"
            if let code = issue.errorCode { text += "Error Code: \(code)\n" }
            if let description = issue.longDescription { text += description + "\n" }
        }
        return Data(text.utf8)
    }
}
