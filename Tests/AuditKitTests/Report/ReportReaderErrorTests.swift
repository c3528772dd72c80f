import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Bad files end in one clean error naming the file, the problem and the byte offset.
@Suite struct ReportReaderErrorTests {
    func error(
        reading text: String, path: String = "bad.html", options: ReportReader.Options = .init(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> AuditError? {
        do {
            _ = try ReportReader.read(buffer: ByteBuffer(copying: Data(text.utf8)), path: path, options: options)
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return nil
        } catch let error as AuditError {
            #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix(path + ": error: "), sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func namesAFileWithoutPayload() {
        let e = error(reading: "<html><body><p>Hello {world}</p></body></html>")
        #expect(e?.code == .badInput)
        #expect(e?.message.contains("no report payload found") == true)
    }

    @Test func givesTheOffsetOfInvalidJSON() {
        let text = "<script>var rootObject = {\"_axKeyAllScreens\" : [ @ ]};</script>"
        let e = error(reading: text)
        #expect(e?.code == .badInput)
        #expect(
            e?.location?.byteOffset
                == text.utf8.firstIndex(of: UInt8(ascii: "@")).map {
                    text.utf8.distance(from: text.utf8.startIndex, to: $0)
                })
        #expect(e?.description.contains("not valid JSON") == true)
    }

    @Test func reportsATruncatedPayloadAtTheEndOfTheFile() throws {
        let full = ReportFixture.random(seed: 3).data(.html(.varAssignment))
        let cut = full.prefix(full.count * 2 / 3)
        do {
            _ = try ReportReader.read(buffer: ByteBuffer(copying: cut), path: "cut.html")
            Issue.record("expected an error")
        } catch let error as AuditError {
            #expect(error.message.contains("truncated"))
            #expect(error.location?.byteOffset == cut.count)
        }
        let json = ReportFixture.random(seed: 3).data(.json)
        let e = self.error(reading: String(decoding: json.prefix(json.count - 3), as: UTF8.self), path: "cut.json")
        #expect(e?.message.contains("truncated") == true)
    }

    @Test func blamesThePayloadNotAnEarlierDecoyWhenItIsTruncated() {
        let text = "<script>var s = {rootObject: {nope}};</script><script>var rootObject = {\"_axKeyAllScreens\" : [{"
        let e = error(reading: text)
        #expect(e?.message.contains("truncated") == true)
        #expect(e?.location?.byteOffset == text.utf8.count)
    }

    @Test func rejectsJSONWithoutScreens() {
        let e = error(reading: "{\n  \"_axKeySomethingElse\" : []\n}", path: "other.json")
        #expect(e?.message.contains("_axKeyAllScreens") == true)
        #expect(e?.location?.byteOffset == 0)
        let notArray = error(reading: "{\"_axKeyAllScreens\" : \"x\"}", path: "other.json")
        #expect(notArray?.message.contains("not an array") == true)
    }

    @Test func rejectsEmptyFilesTrailingGarbageAndMissingFiles() throws {
        #expect(error(reading: "", path: "empty.json")?.message == "the file is empty")
        #expect(error(reading: " \n ", path: "blank.json")?.code == .badInput)
        #expect(error(reading: "{\"_axKeyAllScreens\" : []} x", path: "trail.json")?.location?.byteOffset == 26)
        do {
            _ = try ReportReader.read(path: "/nonexistent/AuditReport.html")
            Issue.record("expected an error")
        } catch let error as AuditError {
            #expect(error.code == .missingInput)
            #expect(error.code == .missingInput)
        }
    }

    @Test func refusesAPipeInsteadOfWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("AuditReport_2026-01-02_11-02-25.html")
        #expect(mkfifo(path, 0o600) == 0)
        #expect {
            _ = try ReportReader.read(path: path)
        } throws: { error in
            (error as? AuditError)?.description == "\(path): error: is not a regular file (a pipe, socket or device)"
        }
    }

    @Test func stopsDeepNestingWithoutOverflowingTheStack() {
        let deep = "{\"_axKeyAllScreens\" : " + String(repeating: "[", count: 200_000) + "]"
        let e = error(reading: deep, path: "deep.json")
        #expect(e?.message.contains("nesting deeper than 256 levels") == true)
        #expect(e?.location?.byteOffset == 22 + 255)  // the root object is level 1
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(error(reading: "<script>var rootObject = " + objects + "</script>")?.code == .badInput)
    }

    @Test func refusesFilesOverTheSizeLimit() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.file("big.json")
        try ReportFixture.random(seed: 1).write(to: path, as: .json)
        do {
            _ = try ReportReader.read(path: path, options: .init(maxFileSize: 100))
            Issue.record("expected an error")
        } catch let error as AuditError {
            #expect(error.code == .limitExceeded)
            #expect(error.message.contains("more than the limit of 100 bytes"))
        }
    }
}

/// Fields of the wrong type are dropped with a warning naming their path; the rest is read.
@Suite struct LenientDecodingTests {
    @Test func dropsAWrongTypedFieldAndNamesItsPath() throws {
        var fixture = ReportFixture.random(seed: 11, screenCount: 1...1, issueRange: 5...5)
        // Keys are shuffled, so the regular field is left out where a wrong-typed one replaces it.
        fixture.screens[0].issues[3].rect = nil
        fixture.screens[0].issues[3].extraMembers = [
            .init("_axKeyElementRectInScreenshotX", .string("12")), .init("_axKeyElementRectInScreenshotY", .number(2)),
            .init("_axKeyElementRectInScreenshotWidth", .number(3)),
            .init("_axKeyElementRectInScreenshotHeight", .number(4)),
        ]
        fixture.screens[0].issues[1].isDuplicate = nil
        fixture.screens[0].issues[1].extraMembers = [
            .init("_axKeyIssueIsDuplicate", .string("yes")),
            .init("_axKeyUnknownNewKey", .array([.null])),
        ]
        fixture.screens[0].scale = nil
        fixture.screens[0].extraMembers = [.init("_axKeyScreenshotScale", .bool(true))]
        let report = try ReportReader.read(buffer: ByteBuffer(copying: fixture.data(.json, seed: 9)), path: "odd.json")
        let messages = report.warnings.map(\.description)
        #expect(
            messages.contains(
                "_axKeyAllScreens[0]._axKeyAllIssues[3]._axKeyElementRectInScreenshotX: expected a number, found a string"
            ))
        #expect(
            messages.contains(
                "_axKeyAllScreens[0]._axKeyAllIssues[1]._axKeyIssueIsDuplicate: expected a boolean, found a string"))
        #expect(messages.contains("_axKeyAllScreens[0]._axKeyScreenshotScale: expected a number, found a boolean"))
        #expect(report.warnings.allSatisfy { $0.byteOffset != nil })
        #expect(report.issues.count == 5)
        #expect(report.issues[3].elementRect == nil)
        #expect(report.issues[1].isDuplicate == false)
        #expect(report.screens[0].screenshotScale == nil)
        #expect(report.issues[3].shortTitle == (fixture.screens[0].issues[3].shortTitle ?? ""))
    }

    @Test func dropsNumbersTooLargeForAnyScreenWithAWarning() throws {
        var fixture = ReportFixture.random(seed: 12, screenCount: 1...1, issueRange: 3...3)
        fixture.screens[0].issues[0].rect = nil
        fixture.screens[0].issues[0].extraMembers = [
            .init("_axKeyElementRectInScreenshotX", .raw("1e19")), .init("_axKeyElementRectInScreenshotY", .number(2)),
            .init("_axKeyElementRectInScreenshotWidth", .raw("-1e300")),
            .init("_axKeyElementRectInScreenshotHeight", .number(4)),
        ]
        let report = try ReportReader.read(buffer: ByteBuffer(copying: fixture.data(.json, seed: 9)), path: "huge.json")
        let messages = report.warnings.map(\.description)
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "_axKeyAllScreens[0]._axKeyAllIssues[0]._axKeyElementRectInScreenshotX: number out of range")
            })
        #expect(report.issues[0].elementRect == nil)
        // Everything that turns rects into text still works on what is left.
        #expect(!ReportListing.render([ListingEntry(path: "huge.json", report: report)], format: .text).isEmpty)
    }

    @Test func compactRectTextNeverTrapsOnAnyDouble() {
        #expect(Rect(x: 1e300, y: -.infinity, width: .nan, height: 2).compactDescription == "x ? y ?  ?x2")
    }

    @Test func skipsEntriesThatAreNotObjectsAndKeepsNumbering() throws {
        let json = """
            {"_axKeyAllScreens" : [ 7, {"_axKeyAllIssues" : ["x", {"_axKeyErrorCode" : 13}, {"_axKeyErrorCode" : 1.5}]} ]}
            """
        let report = try ReportReader.read(buffer: ByteBuffer(copying: Data(json.utf8)), path: "skip.json")
        #expect(report.screens.count == 1)
        #expect(report.screens[0].name == "1")
        #expect(report.issues.map(\.number) == [1, 2])
        #expect(report.issues[0].testType == .contrast)
        #expect(report.issues[1].errorCode == nil)
        #expect(
            report.warnings.map(\.description).contains(
                "_axKeyAllScreens[0]: expected an object, found a number; screen skipped"))
        #expect(
            report.warnings.map(\.description).contains(
                "_axKeyAllScreens[1]._axKeyAllIssues[2]._axKeyErrorCode: expected an integer, found 1.5"))
    }

    /// Issue 62: a small file whose every screen is malformed costs a few lines, not one per screen.
    @Test func manyScreensSkippedAlikeAreSaidFiveTimesThenCounted() throws {
        let json = "{\"_axKeyAllScreens\":[" + Array(repeating: "0", count: 5_000).joined(separator: ",") + "]}"
        let report = try ReportReader.read(buffer: ByteBuffer(copying: Data(json.utf8)), path: "zeros.json")
        #expect(report.screens.isEmpty)
        let said = report.warnings.map(\.description)
        #expect(said.count == ReportWarningTally.shownPerMessage + 1, "\(said.prefix(8))")
        #expect(said.first == "_axKeyAllScreens[0]: expected an object, found a number; screen skipped")
        #expect(
            said.last
                == "_axKeyAllScreens[5]: expected an object, found a number; screen skipped (and 4994 more like it, not shown)"
        )
        #expect(report.warnings.last?.byteOffset == 31)
    }

    /// Issue 62: a text export's malformed issues cost a few lines (a kind of warning whatever the value it
    /// quotes), and more issues than any audit has are refused.
    @Test func aTextExportsWarningsAreCountedAndItsIssuesBounded() throws {
        let head = "Accessibility Audit Report\nTime Stamp: 2026-01-05 10:00:00\n\n"
        let text = head + (1...40).map { "Issue 1: x\nError Code: z\($0)\n" }.joined()
        let report = try ReportReader.read(buffer: ByteBuffer(copying: Data(text.utf8)), path: "export.txt")
        #expect(report.issues.count == 40)
        let said = report.warnings.map(\.description)
        #expect(said.count == 2 * ReportWarningTally.shownPerMessage + 2, "\(said)")
        #expect(said.contains("line 15: Error Code is not a whole number: 'z6' (and 34 more like it, not shown)"))
        #expect(said.contains("line 16: issue numbered 1 is issue 7 in the file (and 33 more like it, not shown)"))
        let bomb = head + String(repeating: "Issue 1: x\n", count: ReportReader.issueLimit + 1)
        do {
            _ = try ReportReader.read(buffer: ByteBuffer(copying: Data(bomb.utf8)), path: "bomb.txt")
            Issue.record("a text export of more issues than the limit was read")
        } catch let error as AuditError {
            #expect(error.code == .limitExceeded && error.message.contains("more than 100000 issues"), "\(error)")
            #expect(error.location?.byteOffset == head.utf8.count + 11 * ReportReader.issueLimit)
        }
    }

    /// Issue 62: a report of more screens or issues than any audit has is refused in one line with where.
    @Test(arguments: [true, false])
    func aReportOfMoreScreensOrIssuesThanAnyAuditIsRefused(screens: Bool) throws {
        let count = screens ? ReportReader.screenLimit + 1 : ReportReader.issueLimit + 1
        let items = Array(repeating: "{}", count: count).joined(separator: ",")
        let json =
            screens ? "{\"_axKeyAllScreens\":[\(items)]}" : "{\"_axKeyAllScreens\":[{\"_axKeyAllIssues\":[\(items)]}]}"
        do {
            _ = try ReportReader.read(buffer: ByteBuffer(copying: Data(json.utf8)), path: "bomb.json")
            Issue.record("a report of \(count) \(screens ? "screens" : "issues") was read")
        } catch let error as AuditError {
            #expect(error.code == .limitExceeded)
            #expect(error.message.contains(screens ? "more than 10000 screens" : "more than 100000 issues"), "\(error)")
            #expect(error.location?.byteOffset == (screens ? 21 + 3 * (count - 1) : 41 + 3 * (count - 1)), "\(error)")
        }
    }
}

/// Audit time and identity.
@Suite struct ReportIdentityTests {
    @Test func takesTheAuditTimeFromTheNameThenTheModificationTimeUnlessTheCallerSetsIt() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let utc = TimeZone(identifier: "UTC")!
        let named = dir.file("AuditReport_2026-01-02_11-02-25 (1).html")
        try ReportFixture.random(seed: 2).write(to: named, as: .html(.varAssignment))
        let report = try ReportReader.read(path: named, options: .init(timeZone: utc))
        #expect(report.auditDateSource == .fileName)
        #expect(report.auditDate == Date(timeIntervalSince1970: 1_767_351_745))
        let data = try Data(contentsOf: URL(fileURLWithPath: named))
        #expect(report.sha256 == SHA256.hexDigest(of: data))
        #expect(report.fileSize == data.count)

        let plain = dir.file("export.html")
        try data.write(to: URL(fileURLWithPath: plain))
        let mtime = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: mtime], ofItemAtPath: plain)
        let byTime = try ReportReader.read(path: plain)
        #expect(byTime.auditDateSource == .modificationTime)
        #expect(byTime.auditDate == mtime)

        let chosen = Date(timeIntervalSince1970: 1_800_000_000)
        let byCaller = try ReportReader.read(path: named, options: .init(auditDate: chosen))
        #expect(byCaller.auditDateSource == .caller)
        #expect(byCaller.auditDate == chosen)
    }

    @Test func readsTheTextExportHeader() throws {
        let text =
            "Accessibility Audit Report\r\nTime Stamp: 2026-01-05 10:00:00\r\nDevice: iPhone 17 Pro\r\n"
            + "Number of Issues Found: 3\r\n\r\n\r\nIssue 1: Text clipped\r\nError Code: 32\r\nThe text is clipped.\r\n\r\n"
            + "Issue 2: Kontrast nicht ausreichend\r\nZu wenig Kontrast.\r\n"
        let report = try ReportReader.read(
            buffer: ByteBuffer(copying: Data(text.utf8)), path: "export.txt",
            options: .init(timeZone: TimeZone(identifier: "UTC")!))
        #expect(report.format == .text)
        #expect(report.device == "iPhone 17 Pro")
        #expect(report.auditDateSource == .textHeader)
        #expect(report.auditDate == Date(timeIntervalSince1970: 1_767_607_200))
        #expect(report.issues.map(\.testType) == [.clippedText, .contrast])
        #expect(report.issues[0].longDescription == "The text is clipped.")
        #expect(report.issues[1].errorCode == nil)
        #expect(report.warnings.map(\.message) == ["the header says 3 issues, the file lists 2"])
        #expect(report.issues.allSatisfy { $0.thumbnail == nil && $0.elementRect == nil })
    }
}
