import Foundation
import Testing

@testable import AuditKit
@testable import AuditKitScan

/// What `scan --fix` does when a file changes between its reading and its writing.
@Suite struct FontFixerWriteTests {
    @Test func aFileThatChangedSinceItWasReadIsLeftAloneWithAMessage() throws {
        let folder = NSTemporaryDirectory() + "auditkit-fix-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/A.swift"
        try "struct A: View { var body: some View { Text(\"a\").font(.system(size: 15)) } }\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let edited = "struct A: View { var body: some View { Text(\"b\").font(.system(size: 15)) } }\n"
        let result = try FontFixer.fix(
            paths: [path], configuration: .init(), rules: FontFixer.fixableRules, dryRun: false,
            workingDirectory: folder,
            beforeWrite: { try? edited.write(toFile: $0, atomically: true, encoding: .utf8) })
        #expect(result.files.map(\.status) == [.changedSinceRead])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
        #expect(
            result.files.first?.summaryLine.hasSuffix("the file changed since it was read, so it was left alone")
                == true)
    }
}
