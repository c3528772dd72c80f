import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// `scan --fix` rewrites the sources of the tree, never a file outside it that a committed link names.
@Suite struct FixLinkTests {
    static let source = "struct A: View {\n    var body: some View { Text(\"a\").font(.system(size: 15)) }\n}\n"

    @Test func aLinkedSourceInTheTreeIsRefusedAndTheFileItNamesIsLeft() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("repo/Sources"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("outside"), withIntermediateDirectories: true)
        try Self.source.write(toFile: folder.file("outside/Profile.swift"), atomically: true, encoding: .utf8)
        try Self.source.write(toFile: folder.file("repo/Sources/A.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("repo/Sources/Linked.swift"), withDestinationPath: folder.file("outside/Profile.swift"))
        let fixed = try FontFixer.fix(paths: [folder.file("repo/Sources")], workingDirectory: folder.file("repo"))
        #expect(try String(contentsOfFile: folder.file("outside/Profile.swift"), encoding: .utf8) == Self.source)
        #expect(try String(contentsOfFile: folder.file("repo/Sources/A.swift"), encoding: .utf8) != Self.source)
        #expect(fixed.problems.count == 1)
        #expect(fixed.problems.first?.description.contains(Symlinks.refusal) == true, "\(fixed.problems)")
        // Named on the command line, the link is the person's choice.
        let named = try FontFixer.fix(
            paths: [folder.file("repo/Sources/Linked.swift")], workingDirectory: folder.file("repo"))
        #expect(named.problems.isEmpty)
        #expect(try String(contentsOfFile: folder.file("outside/Profile.swift"), encoding: .utf8) != Self.source)
    }
}
