import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// Relative paths for the summary and the session, each folder resolved once: the same answers as
/// resolving every path whole.
@Suite struct RelativePathsTests {
    @Test func givesWhatResolvingEachPathWholeGives() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let files = FileManager.default
        try files.createDirectory(atPath: dir.file("out/evidence"), withIntermediateDirectories: true)
        try files.createDirectory(atPath: dir.file("elsewhere"), withIntermediateDirectories: true)
        for name in ["out/evidence/issue_01.jpg", "elsewhere/target.jpg"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file(name)))
        }
        // A linked folder under the base, a linked file pointing outside it, a missing file, dots.
        try files.createSymbolicLink(atPath: dir.file("out/linked"), withDestinationPath: dir.file("out/evidence"))
        try files.createSymbolicLink(
            atPath: dir.file("out/evidence/outside.jpg"), withDestinationPath: dir.file("elsewhere/target.jpg"))
        let paths = [
            "out/evidence/issue_01.jpg", "out/linked/issue_01.jpg", "out/evidence/outside.jpg",
            "out/evidence/missing.jpg", "out/evidence/../evidence/issue_01.jpg", "out/evidence/.", "out/..",
            "elsewhere/target.jpg", "issue_01.jpg",
        ].map { dir.file($0) }
        let relative = RelativePaths(to: dir.file("out"))
        for path in paths + paths {
            let whole = LogPaths.absolute(path)
            let base = LogPaths.absolute(dir.file("out")) + "/"
            let expected = whole.hasPrefix(base) ? String(whole.dropFirst(base.count)) : path
            #expect(relative.relative(path) == expected, "\(path)")
        }
        #expect(relative.relative(dir.file("out/linked/issue_01.jpg")) == "evidence/issue_01.jpg")
        #expect(relative.relative(dir.file("out/evidence/outside.jpg")) == dir.file("out/evidence/outside.jpg"))
    }
}
