import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `ReportReader.identity`: the SHA-256 and audit time `read` gives, from the bytes alone.
@Suite struct ReportReaderIdentityTests {
    /// A modification time unlike any time in the fixtures' names and headers.
    static let modified = Date(timeIntervalSince1970: 1_767_000_000)

    static func fixture(timestamp: String = "2026-01-07 08:15:00") -> ReportFixture {
        ReportFixture(
            screens: [
                .init(
                    name: "0", groupName: "Home",
                    screenshot: ReportFixture.Image(canvas: FixtureCanvas(width: 402, height: 874, color: .white)),
                    issues: [
                        ReportFixture.Issue(
                            errorCode: 12, shortTitle: "Contrast failed", longDescription: "Low contrast.",
                            elementText: "Total", testTypeName: "Contrast",
                            thumbnail: ReportFixture.Image(canvas: FixtureCanvas(width: 60, height: 24, color: .white)),
                            rect: Rect(x: 20, y: 200, width: 120, height: 24))
                    ])
            ], timestamp: timestamp)
    }

    /// Writes `data` as `name` in `directory`, last modified at `modified`.
    static func write(_ data: Data, _ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name)
        try data.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        return path
    }

    /// Expects the identity of `path` to be what `read` says, and returns it.
    @discardableResult
    static func expectSameAsRead(
        _ path: String, options: ReportReader.Options = .init(), source: AuditDateSource,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> ReportIdentity {
        let identity = try ReportReader.identity(path: path, options: options)
        let report = try ReportReader.read(path: path, options: options)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(identity.path == path, sourceLocation: sourceLocation)
        #expect(identity.sha256 == report.sha256, sourceLocation: sourceLocation)
        #expect(identity.sha256 == SHA256.hexDigest(of: bytes), sourceLocation: sourceLocation)
        #expect(
            identity.fileSize == report.fileSize && identity.fileSize == bytes.count, sourceLocation: sourceLocation)
        #expect(identity.auditDate == report.auditDate, sourceLocation: sourceLocation)
        #expect(identity.auditDateSource == report.auditDateSource, sourceLocation: sourceLocation)
        #expect(report.auditDateSource == source, sourceLocation: sourceLocation)
        return identity
    }

    @Test func theFileNamesTimeComesFirstInEveryFormat() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let named = try #require(AuditTimestamp.fromFileName("AuditReport_2026-01-02_11-02-25"))
        for (name, container) in [
            ("AuditReport_2026-01-02_11-02-25.html", ReportFixture.Container.html(.varAssignment)),
            ("AuditReport_2026-01-02_11-02-25.json", .json),
            // The text header's 2026-01-07 is not used when the name has a time.
            ("AuditReport_2026-01-02_11-02-25.txt", .text),
        ] {
            let path = try Self.write(Self.fixture().data(container), name, in: directory)
            let identity = try Self.expectSameAsRead(path, source: .fileName)
            #expect(identity.auditDate == named, "\(name)")
        }
    }

    @Test func aTextExportWithoutATimeInItsNameIsDatedByItsHeader() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let header = try #require(AuditTimestamp.fromTextHeader("2026-01-07 08:15:00"))
        let path = try Self.write(Self.fixture().data(.text), "export.txt", in: directory)
        #expect(try Self.expectSameAsRead(path, source: .textHeader).auditDate == header)
        // With a byte order mark, CRLF line ends and a header line the reader skips.
        let text =
            "\u{FEFF}Accessibility Audit Report\r\nApp: Budget\r\nTime Stamp: 2026-01-07 08:15:00\r\n"
            + "Number of Issues Found: 1\r\n\r\nIssue 1: Contrast failed\r\nError Code: 12\r\nLow contrast.\r\n"
        let crlf = try Self.write(Data(text.utf8), "crlf.txt", in: directory)
        #expect(try Self.expectSameAsRead(crlf, source: .textHeader).auditDate == header)
    }

    @Test func aTimeStampInsideAnIssueIsNotTheHeaders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text =
            "Accessibility Audit Report\nNumber of Issues Found: 1\n\nIssue 1: Contrast failed\n"
            + "Error Code: 12\nTime Stamp: 2026-01-07 08:15:00\n"
        let path = try Self.write(Data(text.utf8), "late.txt", in: directory)
        #expect(try Self.expectSameAsRead(path, source: .modificationTime).auditDate == Self.modified)
    }

    @Test func aReportWithoutATimeIsDatedByItsModificationTime() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, container) in [
            ("report.html", ReportFixture.Container.html(.jsonScript)), ("report.json", .json),
        ] {
            let path = try Self.write(Self.fixture().data(container), name, in: directory)
            #expect(try Self.expectSameAsRead(path, source: .modificationTime).auditDate == Self.modified, "\(name)")
        }
    }

    @Test func theCallersDateComesBeforeAllOthers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let given = Date(timeIntervalSince1970: 1_700_000_000)
        let path = try Self.write(Self.fixture().data(.text), "AuditReport_2026-01-02_11-02-25.txt", in: directory)
        let identity = try Self.expectSameAsRead(path, options: .init(auditDate: given), source: .caller)
        #expect(identity.auditDate == given)
    }

    @Test func whatTheFirstBytesDoNotTellIsFoundFurtherOn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A text header longer than the first piece read, its time stamp last.
        let filler = String(repeating: "Note: " + String(repeating: "x", count: 94) + "\n", count: 1_000)
        let text =
            "Accessibility Audit Report\n" + filler + "Time Stamp: 2026-01-07 08:15:00\n"
            + "Number of Issues Found: 1\n\nIssue 1: Contrast failed\nError Code: 12\nLow contrast.\n"
        let long = try Self.write(Data(text.utf8), "long-header.txt", in: directory)
        let header = try #require(AuditTimestamp.fromTextHeader("2026-01-07 08:15:00"))
        #expect(try Self.expectSameAsRead(long, source: .textHeader).auditDate == header)
        // An earlier time stamp in the first piece does not count: the header's last one does.
        let twice = try Self.write(
            Data(("Time Stamp: 2026-01-01 00:00:00\n" + text).utf8), "twice.txt", in: directory)
        #expect(try Self.expectSameAsRead(twice, source: .textHeader).auditDate == header)
        // A JSON export after more white space than the first piece holds.
        let spaced = String(repeating: " ", count: 70_000).utf8 + Self.fixture().data(.json)
        let json = try Self.write(Data(spaced), "spaced.json", in: directory)
        try Self.expectSameAsRead(json, source: .modificationTime)
        // A text export that starts after the same white space.
        let spacedText = try Self.write(
            Data(String(repeating: "\n", count: 70_000).utf8) + Self.fixture().data(.text), "spaced.txt", in: directory)
        try Self.expectSameAsRead(spacedText, source: .textHeader)
    }

    @Test func piecesAreTheFileInOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let path = try Self.write(bytes, "bytes.bin", in: directory)
        for pieceSize in [1_000, 65_536, 200_000, 300_000] {
            var joined = Data()
            var sizes: [Int] = []
            let count = try ByteBuffer.forEachPiece(ofFileAt: path, maxSize: 1 << 20, pieceSize: pieceSize) {
                joined.append(contentsOf: $0)
                sizes.append($0.count)
            }
            #expect(count == bytes.count && joined == bytes, "\(pieceSize)")
            #expect(
                sizes.dropLast().allSatisfy { $0 == pieceSize }
                    && sizes.count == (bytes.count + pieceSize - 1) / pieceSize)
        }
        let empty = try Self.write(Data(), "empty.bin", in: directory)
        var called = false
        #expect(try ByteBuffer.forEachPiece(ofFileAt: empty, maxSize: 10) { _ in called = true } == 0)
        #expect(!called)
        #expect(throws: AuditError.self) { try ByteBuffer.forEachPiece(ofFileAt: path, maxSize: 100) { _ in } }
        #expect(throws: AuditError.self) {
            try ByteBuffer.forEachPiece(ofFileAt: directory.path, maxSize: 100) { _ in }
        }
    }

    @Test func theReportIsNotParsedSoAFileReadRefusesStillHasAnIdentity() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Data("<html>not a report</html>".utf8)
        let path = try Self.write(bytes, "AuditReport_2026-01-02_11-02-25.html", in: directory)
        #expect(throws: AuditError.self) { try ReportReader.read(path: path) }
        let identity = try ReportReader.identity(path: path)
        #expect(identity.sha256 == SHA256.hexDigest(of: bytes))
        #expect(identity.auditDateSource == .fileName)
    }

    @Test func whatReadRefusesBeforeLookingAtTheContentIdentityRefusesAlike() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try Self.write(Data(), "empty.html", in: directory)
        let blank = try Self.write(Data(" \n\t".utf8), "blank.json", in: directory)
        let large = try Self.write(Self.fixture().data(.json), "large.json", in: directory)
        let cases: [(String, ReportReader.Options)] = [
            (directory.file("missing.html"), .init()), (empty, .init()), (blank, .init()),
            (large, .init(maxFileSize: 100)),
        ]
        for (path, options) in cases {
            let read = #expect(throws: AuditError.self) { try ReportReader.read(path: path, options: options) }
            let identity = #expect(throws: AuditError.self) { try ReportReader.identity(path: path, options: options) }
            #expect(identity?.description == read?.description, "\(path)")
            #expect(identity?.code == read?.code, "\(path)")
        }
    }
}
