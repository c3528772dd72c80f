import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The payload is found in every wrapper, whatever its strings hold.
@Suite struct ReportPayloadLocatorTests {
    /// A fixture whose every string is one of the tricky texts.
    static func trickyFixture() -> ReportFixture {
        let image = ReportFixture.Image(canvas: FixtureCanvas(width: 8, height: 6, color: .blue))
        let issues = ReportFixture.trickyTexts.enumerated().map { k, text in
            ReportFixture.Issue(
                errorCode: 30, shortTitle: text, longDescription: "{" + text + "}", elementText: text,
                testTypeName: "Dynamic Type", suggestion: "\"" + text + "\\",
                thumbnail: k % 3 == 0 ? image : nil, rect: Rect(x: 1, y: 2, width: 3, height: 4.5),
                expectedTestType: .dynamicType)
        }
        return ReportFixture(screens: [
            ReportFixture.Screen(name: "</script>", groupName: "{\"}", screenshot: image, issues: issues),
            ReportFixture.Screen(name: "😀", groupName: "設定 / 设置"),
        ])
    }

    @Test(arguments: ReportFixture.HTMLWrapper.allCases)
    func findsThePayloadInEveryWrapperWhateverItsStringsHold(wrapper: ReportFixture.HTMLWrapper) throws {
        let fixture = Self.trickyFixture()
        let buffer = ByteBuffer(copying: fixture.data(.html(wrapper), seed: 5))
        let report = try ReportReader.read(buffer: buffer, path: "tricky.html")
        #expect(report.format == .html)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        ReportRoundTripTests.expectEqual(report, fixture, container: .html(wrapper))
        #expect(report.issues.map(\.elementText) == ReportFixture.trickyTexts)
    }

    @Test func acceptsAByteOrderMarkAndWindowsLineEnds() throws {
        let fixture = Self.trickyFixture()
        var bytes = [UInt8](fixture.data(.html(.varAssignment)))
        // CRLF everywhere outside the payload's strings is fine; strings never hold raw newlines.
        var crlf: [UInt8] = [0xEF, 0xBB, 0xBF]
        for byte in bytes {
            if byte == 0x0A { crlf.append(0x0D) }
            crlf.append(byte)
        }
        bytes = crlf
        let report = try ReportReader.read(buffer: ByteBuffer(copying: bytes), path: "crlf.html")
        ReportRoundTripTests.expectEqual(report, fixture, container: .html(.varAssignment))
        var json: [UInt8] = [0xEF, 0xBB, 0xBF]
        for byte in fixture.data(.json) {
            if byte == 0x0A { json.append(0x0D) }
            json.append(byte)
        }
        let fromJSON = try ReportReader.read(buffer: ByteBuffer(copying: json), path: "crlf.json")
        #expect(fromJSON.format == .json)
        ReportRoundTripTests.expectEqual(fromJSON, fixture, container: .json)
    }

    @Test func skipsMentionsAndAssignmentsThatAreNotThePayload() throws {
        let payload = String(decoding: Self.trickyFixture().payload(style: .pretty, seed: 2), as: UTF8.self)
        let html = """
            <script>
            if (rootObject == null) { draw(rootObject); }
            var rootObjectCount = { "n": 1 };
            var other = { rootObject: 5 };
            var rootObject = { "notTheReport" : true };
            </script>
            <script>var rootObject = \(payload);</script>
            """
        let report = try ReportReader.read(buffer: ByteBuffer(copying: Data(html.utf8)), path: "decoys.html")
        #expect(report.screens.count == 2)
        #expect(report.issues.count == ReportFixture.trickyTexts.count)
    }

    @Test func decodesEscapesSurrogatePairsAndEscapedSlashes() throws {
        let json = #"""
            {"_axKeyAllScreens":[{"_axKeyScreenName":"\ud83d\ude00 \u00e9\/\"\\\n\t","_axKeyScreenGroupName":"\ud83d lone",
            "_axKeyAllIssues":[{"_axKeyShortDesc":"a\/b","_axKeyElementText":"\u003c\/script\u003e","_axKeyErrorCode":32.0}]}]}
            """#
        let report = try ReportReader.read(buffer: ByteBuffer(copying: Data(json.utf8)), path: "escapes.json")
        #expect(report.screens[0].name == "😀 é/\"\\\n\t")
        #expect(report.screens[0].groupName == "\u{FFFD} lone")
        #expect(report.issues[0].shortTitle == "a/b")
        #expect(report.issues[0].elementText == "</script>")
        #expect(report.issues[0].errorCode == 32)
        #expect(report.issues[0].testType == .clippedText)
    }

    @Test func findsTheObjectHoldingTheScreensWhenNothingNamesIt() throws {
        let payload = String(decoding: Self.trickyFixture().payload(style: .minified, seed: 3), as: UTF8.self)
        let html = "<html><body><script>var a = {b: '{'}; show(\(payload));</script></body></html>"
        let report = try ReportReader.read(buffer: ByteBuffer(copying: Data(html.utf8)), path: "bare.html")
        #expect(report.issues.count == ReportFixture.trickyTexts.count)
    }
}
