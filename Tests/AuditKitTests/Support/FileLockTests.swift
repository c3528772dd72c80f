import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock file exists only while a run holds it, and still excludes other holders.
@Suite struct FileLockTests {
    @Test func theLockFileIsGoneAfterReleaseAndHoldersNeverOverlap() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lock = folder.file("history.jsonl.lock")
        let counter = folder.file("counter")
        try Data("0".utf8).write(to: URL(fileURLWithPath: counter))
        // Read, pause, write under the lock: without exclusion increments would be lost.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10 {
                try? FileLock.withExclusiveLock(at: lock) {
                    let value = Int(String(decoding: FileManager.default.contents(atPath: counter)!, as: UTF8.self))!
                    usleep(200)
                    try Data("\(value + 1)".utf8).write(to: URL(fileURLWithPath: counter))
                }
            }
        }
        #expect(String(decoding: FileManager.default.contents(atPath: counter)!, as: UTF8.self) == "80")
        #expect(!FileManager.default.fileExists(atPath: lock))
    }

    @Test func aStaleLockIsRemovedAndAHeldOneIsKept() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lock = folder.file("audit.md.lock")
        try Data().write(to: URL(fileURLWithPath: lock))
        FileLock.removeIfStale(lock)
        #expect(!FileManager.default.fileExists(atPath: lock))
        try FileLock.withExclusiveLock(at: lock) {
            FileLock.removeIfStale(lock)
            #expect(FileManager.default.fileExists(atPath: lock), "a held lock stays")
        }
    }

    @Test func onlyTemporariesOfEndedProcessesAreSwept() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        let dead = process.processIdentifier
        let names = [
            ".issue_01.jpg.tmp-\(dead)-1-1", ".audit.md.init-\(dead)-9", ".audit.md.tmp-\(getpid())-1-1",
            "notes.tmp-\(dead)", "Podfile.lock",
        ]
        for name in names { try Data().write(to: URL(fileURLWithPath: folder.file(name))) }
        let removed = StaleTemporaries.sweep(folder.path).map { ($0 as NSString).lastPathComponent }
        #expect(Set(removed) == [".issue_01.jpg.tmp-\(dead)-1-1", ".audit.md.init-\(dead)-9"])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == [".audit.md.tmp-\(getpid())-1-1", "notes.tmp-\(dead)", "Podfile.lock"])
    }
}
