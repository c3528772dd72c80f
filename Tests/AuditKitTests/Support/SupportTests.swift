import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

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

    @Test func reportsAFolderThatDoesNotExist() {
        #expect(throws: AuditError.self) {
            try AtomicFile.write(Data("x".utf8), to: "/nonexistent-folder-auditkit/out.txt")
        }
    }
}
