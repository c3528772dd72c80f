import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

#if canImport(Glibc)
    import Glibc
#endif

/// Outputs that are not regular files (issue 29, items 3 and 9): a device or a FIFO is written
/// into, never replaced; other kinds are refused; long names still get a temporary name that fits.
@Suite struct AtomicFileKindsTests {
    @Test func aCharacterDeviceIsWrittenIntoAndStaysADevice() throws {
        #expect(try AtomicFile.write(Data("x".utf8), to: "/dev/null", durability: .regenerable, namedByUser: true))
        var status = stat()
        #expect(stat("/dev/null", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aFIFOReachesItsReaderAndStaysAFIFO() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fifo = dir.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let reader = Thread {
            received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
        }
        reader.start()
        #expect(try AtomicFile.write(Data("through the pipe".utf8), to: fifo, namedByUser: true))
        while !reader.isFinished { usleep(1000) }
        #expect(received == Data("through the pipe".utf8))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aFolderOrADeviceTheToolChoseIsRefusedWithItsKind() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try AtomicFile.makeDirectory(dir.file("folder"))
        let folder = #expect(throws: AuditError.self) { try AtomicFile.write(Data(), to: dir.file("folder")) }
        #expect(folder?.description.contains("is a folder, not a regular file") == true)
        #expect(mkfifo(dir.file("pipe"), 0o600) == 0)
        let fifo = #expect(throws: AuditError.self) { try AtomicFile.write(Data(), to: dir.file("pipe")) }
        #expect(fifo?.description.contains("is a FIFO, not a regular file") == true)
    }

    @Test func aNameNearTheFileSystemsLimitIsWritten() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let name = String(repeating: "é", count: 120) + ".md"  // 243 bytes
        #expect(try AtomicFile.write(Data("long".utf8), to: dir.file(name)))
        #expect(FileManager.default.contents(atPath: dir.file(name)) == Data("long".utf8))
        let temporary = (AtomicFile.temporaryPath(for: name, in: dir.path) as NSString).lastPathComponent
        #expect(temporary.utf8.count < 80)
        #expect(temporary.hasPrefix(".éé"))
    }
}
