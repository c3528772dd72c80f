import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// A bad image never drops its issue: the issue keeps the image with its problem.
@Suite struct EmbeddedImageTests {
    static let jpeg = FixtureCanvas(width: 24, height: 16, color: .orange).jpeg()

    /// `jpeg` with the frame header (SOF0) claiming `width`×`height`.
    static func claiming(width: Int, height: Int) -> Data {
        var bytes = [UInt8](jpeg)
        let sof = (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        bytes[sof + 5] = UInt8(height >> 8)
        bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8)
        bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    static func read(dataString: String) throws -> ReportImage? {
        let image = ReportFixture.Image(jpeg: Data(), width: 24, height: 16, dataString: dataString)
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(
                name: "0", groupName: "",
                issues: [
                    ReportFixture.Issue(errorCode: 13, shortTitle: "Contrast failed", thumbnail: image)
                ])
        ])
        let report = try ReportReader.read(
            buffer: ByteBuffer(copying: fixture.data(.html(.varAssignment))), path: "img.html")
        #expect(report.issues.count == 1)
        return report.issues.first?.thumbnail
    }

    static func uri(_ data: Data) -> String { "data:image/jpeg;base64," + data.base64EncodedString() }

    @Test func readsAGoodImageWithoutDecodingPixels() throws {
        let image = try Self.read(dataString: Self.uri(Self.jpeg))
        #expect(image?.problem == nil)
        #expect(image?.data == Self.jpeg)
        #expect(image?.pixelWidth == 24)
        #expect(image?.pixelHeight == 16)
        #expect(image?.isUsable == true)
    }

    @Test(arguments: [
        ("data:image/jpeg;base64,@@@@not base64", ImageProblem.invalidBase64),
        ("data:image/jpeg;base64,QUJD=X", .invalidBase64),
        ("data:image/jpeg;base64,", .emptyImage),
        ("data:image/jpeg;base64," + Data("hello, not a picture".utf8).base64EncodedString(), .notJPEG),
        ("data:image/png;base64,iVBORw0KGgo=", .unsupportedDataURI("data:image/png;base64")),
        ("data:text/plain,hello", .unsupportedDataURI("data:text/plain")),
        (uri(jpeg.prefix(jpeg.count - 2)), .truncatedJPEG),
        (uri(jpeg.prefix(jpeg.count / 2)), .truncatedJPEG),
        (uri(jpeg.prefix(40)), .truncatedJPEG),
        (uri(claiming(width: 20_000, height: 10)), .dimensionsExceedLimit(width: 20_000, height: 10)),
        (uri(claiming(width: 9_000, height: 9_000)), .dimensionsExceedLimit(width: 9_000, height: 9_000)),
    ])
    func keepsTheIssueAndNamesTheImageProblem(dataString: String, problem: ImageProblem) throws {
        let image = try Self.read(dataString: dataString)
        #expect(image?.problem == problem)
        #expect(image?.isUsable == false)
    }

    @Test func callsGarbageAfterTheStartMarkerCorruptOrTruncated() throws {
        let image = try Self.read(
            dataString: Self.uri(Data([0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF, 0xD9])))
        switch image?.problem {
        case .corruptJPEG, .truncatedJPEG: break
        default: Issue.record("unexpected \(String(describing: image?.problem))")
        }
    }

    @Test func reportsAMissingDataStringAndDecodesOtherEscapesToo() throws {
        let slashy = Self.uri(Self.jpeg).replacingOccurrences(of: "/", with: "\\u002F")
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(
                name: "0", groupName: "",
                issues: [
                    ReportFixture.Issue(extraMembers: [
                        .init("_axKeyImageThumbnail", .object([.init("_axKeyImageWidth", .number(3))]))
                    ]),
                    ReportFixture.Issue(extraMembers: [
                        .init("_axKeyImageThumbnail", .raw("{\"_axKeyImageData\" : \"\(slashy)\"}"))
                    ]),
                ])
        ])
        let report = try ReportReader.read(buffer: ByteBuffer(copying: fixture.data(.json)), path: "x.json")
        #expect(report.issues[0].imageProblem == .missingData)
        #expect(report.issues[0].thumbnail?.declaredWidth == 3)
        #expect(report.issues[1].imageProblem == nil)
        #expect(report.issues[1].thumbnail?.data == Self.jpeg)
        #expect(report.warnings.map(\.description).contains("issue 1: thumbnail: missing image data"))
    }

    @Test func turnsBadJSONInsideImageDataIntoAnImageProblem() throws {
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(
                name: "0", groupName: "",
                issues: [
                    ReportFixture.Issue(extraMembers: [
                        .init("_axKeyImageThumbnail", .raw("{\"_axKeyImageData\" : \"QUJD\u{01}x\"}"))
                    ]),
                    ReportFixture.Issue(extraMembers: [
                        .init("_axKeyImageThumbnail", .raw("{\"_axKeyImageData\" : \"QU\\xJD\"}"))
                    ]),
                    ReportFixture.Issue(extraMembers: [
                        .init("_axKeyImageThumbnail", .raw("{\"_axKeyImageData\" : \"QUJD\\\"\"}"))
                    ]),
                ])
        ])
        let report = try ReportReader.read(buffer: ByteBuffer(copying: fixture.data(.json)), path: "x.json")
        #expect(report.issues.map(\.imageProblem) == [.invalidBase64, .invalidBase64, .invalidBase64])
    }

    @Test func decodesBase64WithEscapedSlashesWhitespaceAndNoPadding() {
        func decode(_ text: String) -> [UInt8]? {
            Array(text.utf8).withUnsafeBytes { EmbeddedImageDecoder.decodeBase64($0) }.map { [UInt8]($0) }
        }
        #expect(decode("QUJD") == Array("ABC".utf8))
        #expect(decode("QUI=") == Array("AB".utf8))
        #expect(decode("QQ==") == Array("A".utf8))
        #expect(decode("QQ") == Array("A".utf8))
        #expect(decode("Q\\/8=") == [0x43, 0xFF])
        #expect(decode("QU\nJD") == Array("ABC".utf8))
        #expect(decode("Q") == nil)
        #expect(decode("QUJD\\n") == Array("ABC".utf8))  // a JSON-escaped newline is white space
        #expect(decode("QUJD\\x") == nil)
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) }
            let text = Data(bytes).base64EncodedString().replacingOccurrences(of: "/", with: "\\/")
            #expect(decode(text) == bytes)
        }
    }
}

/// A large report's images are decoded into one block of memory (`ImageArena`); they must be the
/// same bytes, and stay valid after the report is gone.
@Suite struct LargeReportImageTests {
    /// `count` bytes no compression would shrink, the same for the same seed.
    private func noise(_ count: Int, seed: UInt64) -> Data {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return Data(
            (0..<count).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return UInt8(truncatingIfNeeded: state)
            })
    }

    @Test func imagesOfAReportOverTheArenaThresholdAreTheFileBytes() throws {
        // Four images of 300 KB: 1.6 MB of base64, over the threshold, with escaped slashes.
        let images = (0..<4).map { noise(300_000 + $0, seed: UInt64($0 + 1)) }
        let issues = (1..<4).map { k in
            ReportFixture.Issue(
                errorCode: 12, shortTitle: "Contrast failed", elementText: "Row \(k)",
                thumbnail: ReportFixture.Image(jpeg: images[k], width: 10, height: 10))
        }
        let fixture = ReportFixture(screens: [
            ReportFixture.Screen(
                name: "Home", groupName: "HomeView",
                screenshot: ReportFixture.Image(jpeg: images[0], width: 10, height: 10), issues: issues)
        ])
        let data = fixture.data(.html(.varAssignment))
        #expect(data.count > ReportPayloadDecoder.arenaThreshold)
        var thumbnail: Data?
        do {
            let report = try ReportReader.read(buffer: ByteBuffer(copying: data), path: "big.html")
            #expect(report.screens[0].screenshot?.data == images[0])
            #expect(report.issues.map { $0.thumbnail?.data } == Array(images[1...]))
            thumbnail = report.issues[2].thumbnail?.data
        }
        // The report, its buffer and the other images are gone; this image's bytes are intact.
        #expect(thumbnail == images[3])
    }

    @Test func base64OfEveryLengthWithEscapesAnywhereDecodesExactly() {
        func decode(_ text: String) -> [UInt8]? {
            Array(text.utf8).withUnsafeBytes { EmbeddedImageDecoder.decodeBase64($0) }.map { [UInt8]($0) }
        }
        for length in stride(from: 0, through: 300, by: 7) {
            let bytes = [UInt8](noise(length, seed: UInt64(length + 5)))
            let plain = Data(bytes).base64EncodedString()
            #expect(decode(plain) == bytes, "length \(length)")
            #expect(decode(plain.replacingOccurrences(of: "/", with: "\\/")) == bytes, "length \(length), escaped")
            // Line breaks every 13 characters break up the eight-character steps.
            var wrapped = ""
            for (offset, character) in plain.enumerated() {
                if offset > 0, offset % 13 == 0 { wrapped += "\n" }
                wrapped.append(character)
            }
            #expect(decode(wrapped) == bytes, "length \(length), wrapped")
        }
        #expect(decode("QUJDREVGR0hJSkt$TE1O") == nil)
    }
}
