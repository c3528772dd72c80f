import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

@Suite struct CSVFieldTests {
    @Test func quotesSeparatorsAndDefusesFormulasButKeepsNumbers() {
        #expect(ReportListing.csvField("a,b") == "\"a,b\"")
        #expect(ReportListing.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(ReportListing.csvField("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(ReportListing.csvField("@SUM(A1)") == "'@SUM(A1)")
        #expect(ReportListing.csvField("-4") == "-4")
        #expect(ReportListing.csvField("+1.5") == "+1.5")
    }
}

@Suite struct CSVRectTests {
    /// A rect of thirds prints in whole points in the CSV, the same numbers as the text output.
    @Test func rectValuesAreRoundedAsInTheTextOutput() throws {
        let rect = Rect(x: 156.66666666666674, y: 20.5, width: 100.0 / 3, height: 44)
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(
                name: "0", groupName: "Home",
                issues: [ReportFixture.Issue(errorCode: 12, shortTitle: "Contrast failed", rect: rect)])
        ])
        let report = try ReportReader.read(
            buffer: ByteBuffer(copying: [UInt8](fixture.data(.json))),
            path: "Reports/AuditReport_2026-01-02_11-02-25.json")
        let row = ReportListing.csvRows(report)
        #expect(!row.contains("156.666"))
        #expect(row.hasSuffix(",157,21,33,44,false,\r\n"))
        #expect(ReportListing.text(report).contains("[x 157 y 21  33x44]"))
    }
}

@Suite struct PrintableTextTests {
    @Test func controlCharactersBecomeEscapesAndEverythingElseStays() {
        #expect(ReportListing.printable("Budget Progress") == "Budget Progress")
        #expect(ReportListing.printable("次の予定 😀 €") == "次の予定 😀 €")
        #expect(ReportListing.printable("a\nb\r\tc") == "a\\nb\\r\\tc")
        #expect(ReportListing.printable("x\u{01}y\u{7F}") == "x\\u{1}y\\u{7f}")
        // C1 controls (UTF-8 C2 80-9F), next to characters whose UTF-8 also starts with C2.
        #expect(ReportListing.printable("\u{85}next £ \u{9F}") == "\\u{85}next £ \\u{9f}")
        #expect(ReportListing.printable("\u{A0}\u{A3}") == "\u{A0}\u{A3}")
    }
}

/// `extract --format json` through the one JSON writer: keys sorted, every documented field there
/// (`null` when the report lacks it), numbers as the report gave them.
@Suite struct ExtractJSONTests {
    static func report() -> InspectorReport {
        let issue = Issue(
            number: 1, screenIndex: 0, screenName: "0", screenGroupName: "Home", shortTitle: "Contrast failed",
            testType: .contrast, elementRect: Rect(x: 157, y: 44.333333333333336, width: .infinity, height: 1e21))
        let screen = Screen(
            index: 0, name: "0", groupName: "Home", displayBounds: Rect(x: 0, y: 0, width: 1206, height: 2622),
            screenshotScale: 3, screenshot: ReportImage(data: Data([1, 2, 3]), declaredWidth: 402.5),
            issues: [issue])
        return InspectorReport(
            sourcePath: "Reports/AuditReport_2026-01-02_11-02-25.json", format: .json,
            auditDate: Date(timeIntervalSince1970: 1_767_351_745), auditDateSource: .fileName,
            sha256: String(repeating: "a", count: 64), fileSize: 10, screens: [screen],
            warnings: [ReportWarning(path: "x", message: "odd")])
    }

    @Test func keysAreSortedAndAbsentValuesAreNull() throws {
        let error = AuditError(.missingInput, "no such file", path: "gone.html")
        let text = ReportListing.render(
            [ListingEntry(path: "a.json", report: Self.report()), ListingEntry(path: "gone.html", error: error)],
            format: .json)
        #expect(text.hasPrefix("{\n  \"reports\" : [\n"))
        #expect(text.hasSuffix("\n  ],\n  \"version\" : 1\n}\n"))
        let root = try JSONReader(Array(text.utf8)).root
        let reports = try root.array("reports")
        let report = reports[0]
        let keys = try #require(report.members).map(\.key)
        #expect(keys == keys.sorted())
        #expect(
            Set(keys) == [
                "path", "fileName", "format", "sha256", "fileSize", "auditDate", "auditDateSource", "device",
                "screenCount", "issueCount", "screens", "issues", "warnings",
            ])
        #expect(report["device"]?.kind == .null)
        #expect(try report.string("auditDate") == "2026-01-02T11:02:25Z")
        let issue = try report.array("issues")[0]
        for key in ["testTypeName", "errorCode", "longDescription", "extraInfo", "elementText", "identifier"]
            + ["elementType", "suggestion", "thumbnail", "imageProblem"]
        {
            #expect(issue[key]?.kind == .null, "\(key)")
        }
        let screen = try report.array("screens")[0]
        #expect(screen["screenshotRotation"]?.kind == .null)
        #expect(try screen.field("screenshot")["pixelWidth"]?.kind == .null)
        #expect(try screen.field("screenshot")["file"]?.kind == .null)
        #expect(try report.array("warnings")[0]["byteOffset"]?.kind == .null)
        // The failed report: its path and its error, nothing else.
        #expect(try #require(reports[1].members).map(\.key) == ["error", "path"])
        #expect(try reports[1].field("error").string("code") == "missingInput")
        #expect(try reports[1].field("error")["byteOffset"]?.kind == .null)
        #expect(try reports[1].field("error").string("description") == error.description)
    }

    @Test func numbersKeepTheirValuesWholeOnesWithoutAFraction() {
        let text = ReportListing.render([ListingEntry(path: "a.json", report: Self.report())], format: .json)
        #expect(text.contains("\"x\" : 157,"))
        #expect(text.contains("\"y\" : 44.333333333333336"))
        #expect(text.contains("\"height\" : 1e+21,"))
        // JSON has no infinity: it is written as null, as before.
        #expect(text.contains("\"width\" : null"))
        #expect(text.contains("\"screenshotScale\" : 3\n"))
        #expect(text.contains("\"declaredWidth\" : 402.5,"))
        #expect(text.contains("\"width\" : 1206,"))
    }
}
