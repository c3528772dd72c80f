import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

@Suite struct SHA256Tests {
    @Test func hashesKnownVectors() {
        #expect(SHA256.hexDigest(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        let long = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(of: long) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hashesTheSameInPiecesAsWhole() {
        let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        var hasher = SHA256()
        hasher.update(data.prefix(3))
        hasher.update(data.dropFirst(3).prefix(100))
        hasher.update(data.dropFirst(103))
        #expect(hasher.finalizeHex() == SHA256.hexDigest(of: data))
    }
}

@Suite struct AtomicFileTests {
    @Test func replacesContentAndSkipsIdenticalWrites() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.file("out.txt")
        #expect(try AtomicFile.write(Data("one".utf8), to: path))
        #expect(try AtomicFile.write(Data("one".utf8), to: path, onlyIfChanged: true) == false)
        #expect(try AtomicFile.write(Data("two".utf8), to: path, onlyIfChanged: true))
        #expect(FileManager.default.contents(atPath: path) == Data("two".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func writesAStringAsItsUTF8BytesAndComparesThem() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.file("page.html")
        let text = "<p>Ünïcode ✓</p>\n" + String(repeating: "row\n", count: 5000)
        #expect(try AtomicFile.write(text, to: path, durability: .regenerable))
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8))
        // The same text, as a string or as data, is no change; one byte more is.
        #expect(try AtomicFile.write(text, to: path, onlyIfChanged: true) == false)
        #expect(try AtomicFile.write(Data(text.utf8), to: path, onlyIfChanged: true) == false)
        #expect(try AtomicFile.write(text + "!", to: path, onlyIfChanged: true))
        #expect(try AtomicFile.write("", to: path, onlyIfChanged: true))
        #expect(FileManager.default.contents(atPath: path) == Data())
    }

    @Test func comparesTheBytesNotTheSizeAndKeepsTheFilesPermissions() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.file("out.txt")
        #expect(try AtomicFile.write(Data("abc".utf8), to: path))
        #expect(chmod(path, 0o600) == 0)
        // Same size, other bytes: written; shorter and longer: written; the same: not.
        #expect(try AtomicFile.write(Data("abd".utf8), to: path, onlyIfChanged: true, durability: .regenerable))
        #expect(try AtomicFile.write(Data("ab".utf8), to: path, onlyIfChanged: true))
        #expect(try AtomicFile.write(Data("abcd".utf8), to: path, onlyIfChanged: true))
        #expect(try AtomicFile.write(Data("abcd".utf8), to: path, onlyIfChanged: true) == false)
        #expect(try AtomicFile.write(Data(), to: path, onlyIfChanged: true))
        #expect(try AtomicFile.write(Data(), to: path, onlyIfChanged: true) == false)
        #expect(FileManager.default.contents(atPath: path) == Data())
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func reportsAFolderThatDoesNotExist() {
        #expect(throws: AuditError.self) {
            try AtomicFile.write(Data("x".utf8), to: "/nonexistent-folder-auditkit/out.txt")
        }
    }
}

@Suite struct EvidenceExportTests {
    private func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func aNewFolderAppearsWholeAndALaterRunRewritesOnlyWhatChanged() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var report = ImagingFixture.report(issueCount: 5, screenCount: 1)
        // A folder that does not exist yet, under a parent that does not either.
        let folder = dir.file("evidence/new")
        let first = try EvidenceExport.write(report, to: folder)
        #expect(first.written == 6 && first.unchanged == 0)
        #expect(
            try names(in: folder) == [
                "issue_01.jpg", "issue_02.jpg", "issue_03.jpg", "issue_04.jpg", "issue_05.jpg", "screen_1.jpg",
            ])
        // Nothing is left beside it (the temporary folder was renamed into place).
        #expect(try names(in: dir.file("evidence")) == ["new"])
        for issue in report.issues {
            #expect(FileManager.default.contents(atPath: first.thumbnails[issue.number]!) == issue.thumbnail!.data)
        }
        #expect(FileManager.default.contents(atPath: first.screenshots[0]!) == report.screens[0].screenshot!.data)

        report.screens[0].issues[1].thumbnail = report.screens[0].issues[0].thumbnail
        let second = try EvidenceExport.write(report, to: folder)
        #expect(second.written == 1 && second.unchanged == 5)
        #expect(FileManager.default.contents(atPath: second.thumbnails[2]!) == report.issues[0].thumbnail!.data)
        #expect(try names(in: folder).filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func aLinkInPlaceOfTheFolderIsRefusedUnlessTheUserNamedIt() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let report = ImagingFixture.report(issueCount: 2, screenCount: 1)
        try FileManager.default.createDirectory(atPath: dir.file("target"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.file("link"), withDestinationPath: dir.file("target"))
        #expect(throws: AuditError.self) { try EvidenceExport.write(report, to: dir.file("link")) }
        #expect(try names(in: dir.file("target")).isEmpty)
        let named = try EvidenceExport.write(report, to: dir.file("link"), namedByUser: true)
        #expect(named.written == 3)
        #expect(try names(in: dir.file("target")).count == 3)
    }
}

@Suite struct EvidenceReadingTests {
    private func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// A report of more than 1 MiB of base64 (its images decoded on several threads), with one image
    /// that is not base64.
    private func writeReport(in dir: TemporaryDirectory) throws -> String {
        var fixture = ReportFixture.random(seed: 8, screenCount: 4...4, issueRange: 60...60, screenWidth: 1000)
        fixture.screens[1].issues[3].thumbnail = ReportFixture.Image(
            jpeg: Data(), width: 3, height: 3, dataString: "data:image/jpeg;base64,%%%")
        let path = dir.file("AuditReport_2026-01-02_11-02-25.html")
        try fixture.write(to: path, as: .html(.varAssignment))
        return path
    }

    @Test func imagesWrittenWhileTheReportIsReadAreThoseWriteWrites() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try writeReport(in: dir)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 1 << 20, "\(size)")
        let (report, files) = try EvidenceExport.read(path: path, writingImagesTo: dir.file("fused/"))
        let fused = try files.get()
        let plain = try EvidenceExport.write(ReportReader.read(path: path), to: dir.file("plain"))
        let usable = report.issues.filter { $0.thumbnail?.isUsable == true }.count
        #expect(usable > 100 && fused.thumbnails.count == usable && fused.screenshots.count == 4)
        #expect(fused.written == usable + 4 && fused.written == plain.written && fused.unchanged == 0)
        #expect(fused.skipped == ["issue 64: invalid base64"] && fused.skipped == plain.skipped)
        #expect(Set(fused.thumbnails.keys) == Set(plain.thumbnails.keys))
        #expect(fused.thumbnails[1] == dir.file("fused/issue_001.jpg"))
        #expect(try names(in: dir.file("fused")) == names(in: dir.file("plain")))
        for name in try names(in: dir.file("plain")) {
            #expect(
                FileManager.default.contents(atPath: dir.file("fused/" + name))
                    == FileManager.default.contents(atPath: dir.file("plain/" + name)))
        }
        #expect(report.issues.count == 240 && report.issues[63].thumbnail?.problem == .invalidBase64)
        #expect(try names(in: dir.path) == ["AuditReport_2026-01-02_11-02-25.html", "fused", "plain"])

        // The folder exists now: the same call compares and rewrites nothing.
        let again = try EvidenceExport.read(path: path, writingImagesTo: dir.file("fused")).files.get()
        #expect(again.written == 0 && again.unchanged == usable + 4)
    }

    @Test func aFolderThatAppearsWhileTheReportIsReadIsWrittenFileByFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try writeReport(in: dir)
        let folder = dir.file("evidence")
        let (report, files) = try EvidenceExport.read(path: path, writingImagesTo: folder) { _ in
            // Another run made the folder (with one of the files) while this one was writing its own.
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: folder + "/screen_1.jpg", contents: Data("other".utf8))
        }
        let result = try files.get()
        let usable = report.issues.filter { $0.thumbnail?.isUsable == true }.count
        #expect(result.written == usable + 4 && result.unchanged == 0)
        #expect(FileManager.default.contents(atPath: folder + "/screen_1.jpg") == report.screens[0].screenshot?.data)
        #expect(try names(in: folder).count == usable + 4)
        #expect(try names(in: dir.path) == ["AuditReport_2026-01-02_11-02-25.html", "evidence"])
    }

    @Test func aReportThatCannotBeReadOrAFolderThatCannotBeWrittenLeavesNothingBehind() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try writeReport(in: dir)
        // The report ends in the middle of its payload: an error, and no folder, not even a hidden one.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: dir.file("cut.html")))
        #expect(throws: AuditError.self) {
            try EvidenceExport.read(path: dir.file("cut.html"), writingImagesTo: dir.file("new/cut"))
        }
        #expect(try names(in: dir.path) == ["AuditReport_2026-01-02_11-02-25.html", "cut.html"])
        // A file where the folder's parent should be: the report is read, the failure returned.
        try Data().write(to: URL(fileURLWithPath: dir.file("blocker")))
        let (report, files) = try EvidenceExport.read(path: path, writingImagesTo: dir.file("blocker/out"))
        #expect(report.issues.count == 240)
        #expect(throws: AuditError.self) { try files.get() }
        #expect(try names(in: dir.path) == ["AuditReport_2026-01-02_11-02-25.html", "blocker", "cut.html"])
    }
}

@Suite struct ByteBufferTests {
    @Test(arguments: [0, 1, 4095, 1 << 20, (1 << 20) - 2, 3_000_001])
    func aFileIsReadWholeWhateverItsSize(size: Int) throws {
        // From 1 MiB on, into memory mapped with its pages in place; below, allocated as usual.
        let path = NSTemporaryDirectory() + "/auditkit-bytebuffer-\(UUID().uuidString)"
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) })
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let buffer = try ByteBuffer.read(path: path, maxSize: 1 << 30)
        #expect(buffer.count == size)
        #expect(Data(buffer.bytes) == bytes)
        #expect(throws: AuditError.self) { try ByteBuffer.read(path: path, maxSize: size - 1) }
    }
}

@Suite struct DateFieldsTests {
    @Test func fieldsAgreeWithFoundationsCalendarInUTCAndLocalTime() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var local = Calendar(identifier: .gregorian)
        local.timeZone = .current
        let moments: [TimeInterval] = [
            0, -1, 86_399.9, 951_782_400, 1_767_352_945, 1_774_746_000, 1_792_893_600, 4_102_444_799, -2_208_988_800,
        ]
        for seconds in moments {
            let date = Date(timeIntervalSince1970: seconds)
            for (fields, calendar) in [(DateFields.utc(date), utc), (DateFields.local(date), local)] {
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                #expect(
                    [fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second]
                        == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? -1 },
                    "\(seconds)")
            }
        }
        for (value, width) in [(0, 2), (7, 2), (59, 2), (2026, 4), (12, 4), (12345, 4), (-5, 4)] {
            #expect(zeroPadded(value, width: width) == String(format: "%0\(width)d", value))
        }
        let sample = DateFields.utc(Date(timeIntervalSince1970: 1_767_352_945))
        #expect(sample.dateText == "2026-01-02")
        #expect(sample.minuteText == "2026-01-02 11:22")
        #expect(sample.secondText == "2026-01-02 11:22:25")
    }
}
